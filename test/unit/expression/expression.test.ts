import { describe, expect, it } from 'vitest';
import { ExpressionError } from '../../../functions/core/errors.js';
import {
  EXPRESSION_LIMITS,
  type ExpressionScope,
  evaluateCondition,
  evaluateExpression,
  isTruthy,
  parseExpression,
  referencedSteps,
  type StepView,
} from '../../../functions/core/expression/expression.js';
import { seeded } from '../../support/random.js';

const step = (result: Record<string, unknown>, status = 'succeeded', skipped = false): StepView => ({ result, status, skipped });

const scope: ExpressionScope = new Map<number, StepView>([
  [1, step({ run: true, count: 3, label: 'Important', tags: ['a', 'b'], nested: { deep: { value: 7 } } })],
  [
    2,
    step({
      documents: [
        { id: 'd1', title: 'Inception', text: '...', score: 0.9 },
        { id: 'd2', title: 'Memento', text: '...', score: 0.4 },
      ],
      empty: [],
      nothing: null,
    }),
  ],
  [3, step({}, 'skipped', true)],
]);

function expectExpressionError(run: () => unknown, message: RegExp): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ExpressionError);
  expect((caught as Error).message).toMatch(message);
  expect((caught as Error).message).not.toContain('\n');
}

describe('Function: parseExpression', () => {
  it('parses the seed-004 condition', () => {
    // Act
    const ast = parseExpression("step_1.result['run'] == True");

    // Assess
    expect(ast).toMatchObject({
      kind: 'compare',
      operator: '==',
      left: { kind: 'index', object: { kind: 'member', property: 'result', object: { kind: 'step', stepId: 1 } }, index: { kind: 'literal', value: 'run' } },
      right: { kind: 'literal', value: true },
    });
  });

  it('gives `not` lower precedence than comparisons and `and` higher than `or`', () => {
    // Act
    const notAst = parseExpression('not step_1.result.count == 3');
    const orAst = parseExpression('step_1.skipped or step_2.skipped and step_3.skipped');

    // Assess
    expect(notAst).toMatchObject({ kind: 'not', operand: { kind: 'compare', operator: '==' } });
    expect(orAst).toMatchObject({ kind: 'logical', operator: 'or', right: { kind: 'logical', operator: 'and' } });
  });

  it('accepts both spellings of the literals and operators', () => {
    // Act & Assess
    expect(evaluateExpression('true == True && !(false || False) && null == None', scope)).toBe(true);
    expect(evaluateExpression('\'x\' != "y"', scope)).toBe(true);
  });

  it.each([
    ['', /column 1: expression is empty/],
    ['step_1.result ==', /column 17: unexpected end of expression/],
    ['(step_1.skipped', /column 16: expected '\)' to close '\(' at column 1/],
    ['step_1.result = 1', /column 15: unexpected '=' \(assignment is not allowed/],
    ["'open", /column 1: string is not closed/],
    ['step_1 @ 2', /column 8: unexpected character '@'/],
    ['1 < 2 < 3', /column 7: comparisons cannot be chained/],
    ['step_1 step_2', /column 8: unexpected 'step_2'/],
    ['step_1.', /column 8: expected a property name/],
    ["'a\\q'", /unknown escape/],
  ])('rejects malformed %j with the column and the problem', (source, message) => {
    // Act & Assess
    expectExpressionError(() => parseExpression(source), message);
  });

  describe('hostile inputs', () => {
    it.each([
      ['step_1.constructor', /column 8: property 'constructor' is not accessible/],
      ['step_1.result.__proto__', /property '__proto__' is not accessible/],
      ["step_1.result['__proto__']", /property '__proto__' is not accessible/],
      ['step_1.result.prototype', /property 'prototype' is not accessible/],
    ])('blocks prototype access in %s', (source, message) => {
      // Act & Assess
      expectExpressionError(() => parseExpression(source), message);
    });

    it.each([
      ['process.exit(1)', /column 1: unknown identifier 'process'/],
      ['globalThis', /unknown identifier 'globalThis' \(only step_<N> can be referenced\)/],
      ['eval("1")', /column 1: unknown function 'eval'/],
      ['require("fs")', /unknown function 'require'/],
      ['step_1.result.toString()', /only len, lower, contains, exists, without can be called/],
      ['len(step_1)(1)', /only len, lower, contains, exists, without can be called/],
      ['this', /unknown identifier 'this'/],
    ])('refuses names and calls outside the language: %s', (source, message) => {
      // Act & Assess
      expectExpressionError(() => parseExpression(source), message);
    });

    it('blocks a prototype name computed at run time', () => {
      // Prepare
      const local = new Map<number, StepView>([[1, step({ key: 'constructor', obj: {} })]]);

      // Act & Assess
      expectExpressionError(() => evaluateExpression('step_1.result.obj[step_1.result.key]', local), /property 'constructor' is not accessible/);
    });

    it('does not reach inherited, non-enumerable or accessor properties', () => {
      // Prepare
      const result: Record<string, unknown> = Object.create({ inherited: 'secret' }) as Record<string, unknown>;
      Object.defineProperty(result, 'hidden', { value: 'secret', enumerable: false });
      let getterRan = false;
      Object.defineProperty(result, 'getter', {
        enumerable: true,
        get: () => {
          getterRan = true;
          return 'secret';
        },
      });
      const local = new Map<number, StepView>([[1, step({ plain: { toString: 'own' }, weird: result })]]);

      // Act & Assess: a host object (not a plain object) is refused outright.
      expectExpressionError(() => evaluateExpression('step_1.result.weird.inherited', local), /cannot read property "inherited" of a host object/);
      expect(evaluateExpression('step_1.result.plain.toString', local)).toBe('own');
      expect(evaluateExpression('step_1.result.plain.hasOwnProperty', local)).toBeNull();
      expect(evaluateExpression('step_1.result.plain.valueOf', local)).toBeNull();
      expect(getterRan).toBe(false);
    });

    it('never runs accessors of plain objects', () => {
      // Prepare
      let getterRan = false;
      const plain: Record<string, unknown> = {};
      Object.defineProperty(plain, 'getter', {
        enumerable: true,
        get: () => {
          getterRan = true;
          return 'secret';
        },
      });
      const local = new Map<number, StepView>([[1, step({ plain })]]);

      // Act
      const value = evaluateExpression('step_1.result.plain.getter', local);

      // Assess
      expect(value).toBeNull();
      expect(getterRan).toBe(false);
    });

    it('rejects an over-long source', () => {
      // Prepare
      const source = `step_1.skipped or ${'step_1.skipped or '.repeat(40)}step_1.skipped`;

      // Act & Assess
      expect(source.length).toBeGreaterThan(EXPRESSION_LIMITS.maxLength);
      expectExpressionError(() => parseExpression(source), /column 513: expression is \d+ characters long; the limit is 512/);
    });

    it('rejects deep nesting of parentheses and of not', () => {
      // Prepare
      const parens = `${'('.repeat(40)}1${')'.repeat(40)}`;
      const nots = `${'not '.repeat(40)}True`;

      // Act & Assess
      expectExpressionError(() => parseExpression(parens), /nests deeper than 32 levels/);
      expectExpressionError(() => parseExpression(nots), /nests deeper than 32 levels/);
      expect(() => parseExpression(`${'('.repeat(20)}1${')'.repeat(20)}`)).not.toThrow();
    });

    it('rejects more than 200 nodes', () => {
      // Prepare: 101 literals and 100 `or`s, 201 nodes in under 512 characters.
      const source = Array.from({ length: 101 }, () => '1').join('||');

      // Act & Assess
      expect(source.length).toBeLessThanOrEqual(512);
      expectExpressionError(() => parseExpression(source), /more than 200 nodes/);
    });

    it('refuses a source that is not a string', () => {
      // Act & Assess
      expectExpressionError(() => parseExpression(42 as unknown as string), /must be a string/);
    });
  });
});

describe('Function: evaluateExpression', () => {
  it('evaluates the seed-004 condition', () => {
    // Act & Assess
    expect(evaluateCondition("step_1.result['run'] == True", scope)).toBe(true);
    expect(evaluateCondition("step_1.result['run'] == False", scope)).toBe(false);
  });

  it('reads members, indexes (negative from the end) and nested objects', () => {
    // Act & Assess
    expect(evaluateExpression('step_2.result.documents[0].title', scope)).toBe('Inception');
    expect(evaluateExpression('step_2.result.documents[-1].title', scope)).toBe('Memento');
    expect(evaluateExpression("step_1.result['nested'].deep.value", scope)).toBe(7);
    expect(evaluateExpression('step_1.status', scope)).toBe('succeeded');
    expect(evaluateExpression('step_3.skipped', scope)).toBe(true);
  });

  it('reads a missing property or index as null, also through null', () => {
    // Act & Assess
    expect(evaluateExpression('step_1.result.absent', scope)).toBeNull();
    expect(evaluateExpression('step_2.result.documents[5]', scope)).toBeNull();
    expect(evaluateExpression('step_2.result.empty[0].title', scope)).toBeNull();
    expect(evaluateExpression('step_2.result.nothing.title', scope)).toBeNull();
    expect(evaluateExpression('step_1.whatever', scope)).toBeNull();
  });

  it('names a step absent from the scope', () => {
    // Act & Assess
    expectExpressionError(() => evaluateExpression('step_7.result.x == 1', scope), /column 1: step_7 is not available/);
  });

  it('works with a plain-record scope too', () => {
    // Prepare
    const record: ExpressionScope = { 4: step({ ok: true }) };

    // Act & Assess
    expect(evaluateCondition('step_4.result.ok', record)).toBe(true);
    expectExpressionError(() => evaluateExpression('step_5.result', record), /step_5 is not available/);
  });

  it('compares strictly, without coercion', () => {
    // Act & Assess
    expect(evaluateExpression('step_1.result.count == 3', scope)).toBe(true);
    expect(evaluateExpression("step_1.result.count == '3'", scope)).toBe(false);
    expect(evaluateExpression('1 == True', scope)).toBe(false);
    expect(evaluateExpression('0 == False', scope)).toBe(false);
    expect(evaluateExpression('step_1.result.absent == None', scope)).toBe(true);
    expect(evaluateExpression('step_1.result.tags == step_1.result.tags', scope)).toBe(true);
  });

  it('has no list literals: a list is only ever read from a result', () => {
    // Act & Assess
    expectExpressionError(() => parseExpression("step_1.result.tags == ['a', 'b']"), /column 23: unexpected '\['/);
  });

  it('orders numbers and strings, and refuses mixed types', () => {
    // Act & Assess
    expect(evaluateExpression('step_2.result.documents[0].score >= 0.5', scope)).toBe(true);
    expect(evaluateExpression("'apple' < 'banana'", scope)).toBe(true);
    expect(evaluateExpression('-1 < 0', scope)).toBe(true);
    expectExpressionError(() => evaluateExpression("step_1.result.count > '2'", scope), /cannot compare number with string using '>'/);
    expectExpressionError(() => evaluateExpression('step_1.result.absent > 2', scope), /cannot compare null with number/);
  });

  it('tests membership with in / not in / contains', () => {
    // Act & Assess
    expect(evaluateExpression("'a' in step_1.result.tags", scope)).toBe(true);
    expect(evaluateExpression("'z' not in step_1.result.tags", scope)).toBe(true);
    expect(evaluateExpression("'port' in lower(step_1.result.label)", scope)).toBe(true);
    expect(evaluateExpression("'count' in step_1.result", scope)).toBe(true);
    expect(evaluateExpression("contains(step_1.result.tags, 'b')", scope)).toBe(true);
    expect(evaluateExpression("'x' in step_1.result.absent", scope)).toBe(false);
    expectExpressionError(() => evaluateExpression("'x' in step_1.result.count", scope), /'in' needs a list, string or object on the right, got number/);
  });

  it('provides len, lower, contains and exists, checking arity', () => {
    // Act & Assess
    expect(evaluateExpression('len(step_2.result.documents)', scope)).toBe(2);
    expect(evaluateExpression('len(step_2.result.empty) == 0', scope)).toBe(true);
    expect(evaluateExpression("len('héllo')", scope)).toBe(5);
    expect(evaluateExpression('len(step_1.result.absent)', scope)).toBe(0);
    expect(evaluateExpression('lower(step_1.result.label)', scope)).toBe('important');
    expect(evaluateExpression('exists(step_1.result.count)', scope)).toBe(true);
    expect(evaluateExpression('exists(step_2.result.nothing)', scope)).toBe(false);
    expectExpressionError(() => parseExpression('len(1, 2)'), /column 1: len\(\) takes 1 argument, got 2/);
    expectExpressionError(() => parseExpression('contains(1)'), /contains\(\) takes 2 arguments, got 1/);
    expectExpressionError(() => evaluateExpression('len(3)', scope), /len\(\) needs a list, string or object, got number/);
  });

  it('takes a part out of a text with without, and refuses what is not text', () => {
    // Act & Assess
    expect(evaluateExpression("without('Sleep, My Love is a film directed by Douglas Sirk.', 'Sleep, My Love')", scope)).toBe(
      '  is a film directed by Douglas Sirk.',
    );
    expect(evaluateExpression("without('a b a', 'a')", scope)).toBe('  b  ');
    expect(evaluateExpression("without('text', step_1.result.absent)", scope)).toBe('text');
    expect(evaluateExpression("without(step_1.result.absent, 'x')", scope)).toBeNull();
    expectExpressionError(() => evaluateExpression("without(3, 'x')", scope), /without\(\) needs a string first, got number/);
    expectExpressionError(() => parseExpression("without('x')"), /without\(\) takes 2 arguments, got 1/);
  });

  it('short-circuits and/or and returns an operand, as Python does', () => {
    // Act & Assess: the right side would fail if evaluated.
    expect(evaluateExpression('False and step_9.result', scope)).toBe(false);
    expect(evaluateExpression('True or step_9.result', scope)).toBe(true);
    expect(evaluateExpression("step_1.result.absent or 'fallback'", scope)).toBe('fallback');
  });

  it('refuses property reads on numbers and names on lists', () => {
    // Act & Assess
    expectExpressionError(() => evaluateExpression('step_1.result.count.x', scope), /cannot read property "x" of a number/);
    expectExpressionError(
      () => evaluateExpression('step_2.result.documents.length', scope),
      /a list has no property "length"; use an integer index or len\(\)/,
    );
  });
});

describe('Function: evaluateCondition', () => {
  it.each([
    ['step_2.result.documents', true],
    ['step_2.result.empty', false],
    ['step_2.result.nothing', false],
    ["''", false],
    ['0', false],
    ['0.5', true],
    ['step_3.result', false],
    ['step_1.result.nested', true],
    ['not step_2.result.empty', true],
  ])('treats %s as %s', (source, expected) => {
    // Act & Assess
    expect(evaluateCondition(source, scope)).toBe(expected);
  });

  it('skips a step whose input was skipped', () => {
    // Act & Assess
    expect(evaluateCondition('not step_3.skipped', scope)).toBe(false);
  });

  it('agrees with isTruthy on host values', () => {
    // Act & Assess
    expect(isTruthy(Number.NaN)).toBe(false);
    expect(isTruthy({})).toBe(false);
    expect(isTruthy({ a: 1 })).toBe(true);
  });
});

describe('Function: referencedSteps', () => {
  it('lists each referenced step once, sorted', () => {
    // Act
    const ids = referencedSteps("step_3.skipped or (len(step_1.result.x) > 0 and step_10.result[step_1.result.key] == 'y') or step_3.status");

    // Assess
    expect(ids).toEqual([1, 3, 10]);
  });

  it('is empty for a constant and throws on a bad expression', () => {
    // Act & Assess
    expect(referencedSteps('True')).toEqual([]);
    expectExpressionError(() => referencedSteps('step_1 +'), /unexpected character '\+'/);
  });
});

describe('Fuzz: parseExpression and evaluateExpression', () => {
  const pieces = [
    'step_1',
    'step_2',
    'step_3',
    'step_9',
    '.result',
    '.status',
    '.skipped',
    '.documents',
    '.tags',
    '.count',
    '.constructor',
    '[0]',
    '[-1]',
    "['run']",
    '[',
    ']',
    '(',
    ')',
    '==',
    '!=',
    '<',
    '>=',
    ' in ',
    ' not in ',
    ' and ',
    ' or ',
    'not ',
    '!',
    '&&',
    '||',
    'len(',
    'lower(',
    'contains(',
    'exists(',
    ',',
    'True',
    'None',
    '0',
    '3',
    '-',
    "'a'",
    '"b"',
    'foo',
    '=',
    '+',
    '{',
    "'",
  ];

  it('only ever throws ExpressionError, whatever the input', () => {
    // Prepare
    const next = seeded(2024);
    let parsed = 0;

    for (let run = 0; run < 3000; run++) {
      const length = 1 + Math.floor(next() * 12);
      const source = Array.from({ length }, () => pieces[Math.floor(next() * pieces.length)]!).join('');

      // Act
      let outcome: unknown;
      try {
        evaluateExpression(source, scope);
        parsed++;
      } catch (error) {
        outcome = error;
      }

      // Assess
      if (outcome !== undefined && !(outcome instanceof ExpressionError)) {
        throw new Error(`non-ExpressionError for ${JSON.stringify(source)}: ${String(outcome)}`);
      }
    }
    expect(parsed).toBeGreaterThan(0);
  });
});
