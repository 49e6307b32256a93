import { describe, expect, it } from 'vitest';
import { ExpressionError } from '../../../functions/core/errors.js';
import { evaluateArithmetic } from '../../../functions/core/expression/arithmetic.js';

describe('Function: evaluateArithmetic', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ** 3 ** 2', 512],
    ['2 ^ 10', 1024],
    ['-2 ** 2', -4],
    ['(-2) ** 2', 4],
    ['10 / 4', 2.5],
    ['10 % 4', 2],
    ['- -3', 3],
    ['+.5e1', 5],
    ['sqrt(16) + abs(-2)', 6],
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(3.14159, 2)', 3.14],
    ['min(3, 1, 2) + max(3, 1, 2)', 4],
    ['log(8, 2)', 3],
    ['log10(1000)', 3],
    ['floor(pi * 100)', 314],
    ['0 * -1', 0],
  ])('%s is %d', (source, value) => {
    expect(evaluateArithmetic(source)).toBeCloseTo(value, 12);
  });

  it('reads the variables it is given', () => {
    expect(evaluateArithmetic('(paris - lyon) / lyon', { paris: 2_100_000, lyon: 522_000 })).toBeCloseTo(3.023, 4);
  });

  it.each([
    ['1 / 0', 'column 3: division by zero'],
    ['5 % 0', 'column 3: division by zero'],
    ['sqrt(-1)', 'column 1: sqrt() is not a number'],
    ['10 ** 400', "column 4: the result of '**' is infinite"],
    ['1 +', 'column 4: the expression ends too early'],
    ['(1 + 2', "column 7: expected ')'"],
    ['1 2', "column 3: unexpected '2' after a complete expression"],
    ['x + 1', 'column 1: unknown name x (variables: none; constants: pi, e)'],
    ['process.exit(1)', 'column 8: unexpected character "."'],
    ['constructor(1)', 'column 1: unknown function constructor()'],
    ['toString + 1', 'column 1: unknown name toString'],
    ['__proto__', 'column 1: unknown name __proto__'],
    ['pow(2)', 'column 1: pow() takes 2 argument(s), not 1'],
    ['1; 2', 'column 2: unexpected character ";"'],
    ['"a" + 1', 'column 1: unexpected character "\\""'],
  ])('refuses %s: %s', (source, message) => {
    expect(() => evaluateArithmetic(source)).toThrow(ExpressionError);
    expect(() => evaluateArithmetic(source)).toThrow(message);
  });

  it('bounds length, nesting and size', () => {
    expect(() => evaluateArithmetic(`${'1+'.repeat(300)}1`)).toThrow(/over the limit of 512/);
    expect(() => evaluateArithmetic(`${'('.repeat(40)}1${')'.repeat(40)}`)).toThrow(/nests deeper than 32/);
    expect(() => evaluateArithmetic(Array.from({ length: 220 }, () => '1').join('+'))).toThrow(/more than 200 parts/);
  });

  it('refuses a variable that is not a finite number or whose name is not a name', () => {
    expect(() => evaluateArithmetic('x', { x: Number.NaN })).toThrow('variable x is not a finite number');
    expect(() => evaluateArithmetic('1', { 'a-b': 1 })).toThrow('variable name "a-b" is not a name');
  });
});
