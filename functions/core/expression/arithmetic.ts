/**
 * Arithmetic in the expression language's manner, for the `math.evaluate` tool: numbers, named
 * variables the caller passes, `pi` and `e`, `+ - * / % **` (and `^` for `**`), parentheses and a
 * fixed set of functions (abs, ceil, floor, round, sqrt, exp, ln, log, log10, log2, min, max, pow,
 * sin, cos, tan). It is parsed by hand into a tree and interpreted: nothing is compiled or handed
 * to the host language, and only the listed names exist, so there is nothing to reach beyond
 * them. Length, nesting and node count are bounded as conditions are (EXPRESSION_LIMITS). Every
 * value is a finite number: a division by zero, a root of a negative number or an overflow is an
 * error naming the column, never NaN or Infinity passed on as an answer.
 */
import { ExpressionError } from '../errors.js';
import { EXPRESSION_LIMITS } from './expression.js';

type Node =
  | { kind: 'number'; value: number; column: number }
  | { kind: 'name'; name: string; column: number }
  | { kind: 'unary'; operator: '-' | '+'; operand: Node; column: number }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/' | '%' | '**'; left: Node; right: Node; column: number }
  | { kind: 'call'; name: string; args: Node[]; column: number };

type Token =
  | { type: 'number'; value: number; column: number }
  | { type: 'name'; value: string; column: number }
  | { type: 'op'; value: string; column: number }
  | { type: 'end'; column: number };

const FUNCTIONS: Readonly<Record<string, { arity: [number, number]; apply: (...xs: number[]) => number }>> = {
  abs: { arity: [1, 1], apply: Math.abs },
  ceil: { arity: [1, 1], apply: Math.ceil },
  floor: { arity: [1, 1], apply: Math.floor },
  // Rounds to `digits` decimals (0 by default), halves away from zero.
  round: {
    arity: [1, 2],
    apply: (x, digits = 0) => {
      const f = 10 ** digits;
      return (Math.sign(x) * Math.round(Math.abs(x) * f)) / f;
    },
  },
  sqrt: { arity: [1, 1], apply: Math.sqrt },
  exp: { arity: [1, 1], apply: Math.exp },
  ln: { arity: [1, 1], apply: Math.log },
  log: { arity: [1, 2], apply: (x, base) => (base === undefined ? Math.log(x) : Math.log(x) / Math.log(base)) },
  log10: { arity: [1, 1], apply: Math.log10 },
  log2: { arity: [1, 1], apply: Math.log2 },
  min: { arity: [1, 64], apply: Math.min },
  max: { arity: [1, 64], apply: Math.max },
  pow: { arity: [2, 2], apply: (x, y) => x ** y },
  sin: { arity: [1, 1], apply: Math.sin },
  cos: { arity: [1, 1], apply: Math.cos },
  tan: { arity: [1, 1], apply: Math.tan },
};
const CONSTANTS: Readonly<Record<string, number>> = { pi: Math.PI, e: Math.E };
export const ARITHMETIC_FUNCTIONS = Object.keys(FUNCTIONS);
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const fail = (column: number, problem: string): never => {
  throw new ExpressionError(`column ${column}: ${problem}`);
};

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] ?? '';
    const column = i + 1;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const rest = source.slice(i);
    const number = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(rest);
    if (number) {
      tokens.push({ type: 'number', value: Number(number[0]), column });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (name) {
      tokens.push({ type: 'name', value: name[0], column });
      i += name[0].length;
      continue;
    }
    if (rest.startsWith('**')) {
      tokens.push({ type: 'op', value: '**', column });
      i += 2;
      continue;
    }
    if ('+-*/%^(),'.includes(ch)) {
      tokens.push({ type: 'op', value: ch === '^' ? '**' : ch, column });
      i++;
      continue;
    }
    fail(column, `unexpected character ${JSON.stringify(ch)}`);
  }
  tokens.push({ type: 'end', column: source.length + 1 });
  return tokens;
}

/** Parses an arithmetic expression into its tree, within the expression language's limits. */
export function parseArithmetic(source: string): Node {
  if (source.length > EXPRESSION_LIMITS.maxLength) fail(1, `the expression is ${source.length} characters, over the limit of ${EXPRESSION_LIMITS.maxLength}`);
  const tokens = tokenize(source);
  let at = 0;
  let nodes = 0;
  const peek = () => tokens[at]!;
  const node = <N extends Node>(n: N): N => {
    if (++nodes > EXPRESSION_LIMITS.maxNodes) fail(n.column, `the expression has more than ${EXPRESSION_LIMITS.maxNodes} parts`);
    return n;
  };
  const isOp = (value: string) => {
    const t = peek();
    return t.type === 'op' && t.value === value;
  };
  const expect = (value: string) => {
    if (!isOp(value)) fail(peek().column, `expected '${value}'`);
    at++;
  };

  const sum = (depth: number): Node => {
    let left = product(depth);
    while (isOp('+') || isOp('-')) {
      const t = tokens[at++] as { value: '+' | '-'; column: number };
      left = node({ kind: 'binary', operator: t.value, left, right: product(depth), column: t.column });
    }
    return left;
  };
  const product = (depth: number): Node => {
    let left = unary(depth);
    while (isOp('*') || isOp('/') || isOp('%')) {
      const t = tokens[at++] as { value: '*' | '/' | '%'; column: number };
      left = node({ kind: 'binary', operator: t.value, left, right: unary(depth), column: t.column });
    }
    return left;
  };
  const unary = (depth: number): Node => {
    if (depth > EXPRESSION_LIMITS.maxDepth) fail(peek().column, `the expression nests deeper than ${EXPRESSION_LIMITS.maxDepth}`);
    if (isOp('-') || isOp('+')) {
      const t = tokens[at++] as { value: '-' | '+'; column: number };
      return node({ kind: 'unary', operator: t.value, operand: unary(depth + 1), column: t.column });
    }
    return power(depth);
  };
  // `**` binds tighter than a leading minus on its left (-2 ** 2 is -4) and groups to the right.
  const power = (depth: number): Node => {
    const base = primary(depth);
    if (isOp('**')) {
      const t = tokens[at++]!;
      return node({ kind: 'binary', operator: '**', left: base, right: unary(depth + 1), column: t.column });
    }
    return base;
  };
  const primary = (depth: number): Node => {
    const t = peek();
    if (t.type === 'number') {
      at++;
      return node({ kind: 'number', value: t.value, column: t.column });
    }
    if (t.type === 'name') {
      at++;
      if (!isOp('(')) return node({ kind: 'name', name: t.value, column: t.column });
      // Own names only: `constructor` or `__proto__` are no function of this language.
      const fn = Object.hasOwn(FUNCTIONS, t.value) ? FUNCTIONS[t.value] : undefined;
      if (!fn) fail(t.column, `unknown function ${t.value}() (known: ${ARITHMETIC_FUNCTIONS.join(', ')})`);
      at++;
      const args: Node[] = [];
      if (!isOp(')')) {
        args.push(sum(depth + 1));
        while (isOp(',')) {
          at++;
          args.push(sum(depth + 1));
        }
      }
      expect(')');
      const [least, most] = fn!.arity;
      if (args.length < least || args.length > most) {
        fail(t.column, `${t.value}() takes ${least === most ? least : `${least} to ${most}`} argument(s), not ${args.length}`);
      }
      return node({ kind: 'call', name: t.value, args, column: t.column });
    }
    if (isOp('(')) {
      at++;
      const inner = sum(depth + 1);
      expect(')');
      return inner;
    }
    return fail(t.column, t.type === 'end' ? 'the expression ends too early' : `unexpected '${t.value}'`);
  };

  const tree = sum(0);
  if (peek().type !== 'end') fail(peek().column, `unexpected '${(peek() as { value: unknown }).value}' after a complete expression`);
  return tree;
}

/** The value of an arithmetic expression, with `variables` by name. Always a finite number. */
export function evaluateArithmetic(source: string, variables: Readonly<Record<string, number>> = {}): number {
  const vars = new Map<string, number>();
  for (const [name, value] of Object.entries(variables)) {
    if (!VARIABLE_NAME.test(name)) throw new ExpressionError(`variable name ${JSON.stringify(name)} is not a name`);
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new ExpressionError(`variable ${name} is not a finite number`);
    vars.set(name, value);
  }
  const finite = (value: number, column: number, what: string): number =>
    Number.isFinite(value) ? value : fail(column, `${what} is ${Number.isNaN(value) ? 'not a number' : 'infinite'}`);
  const value = (n: Node): number => {
    switch (n.kind) {
      case 'number':
        return finite(n.value, n.column, 'the number');
      case 'name': {
        const v = vars.get(n.name) ?? (Object.hasOwn(CONSTANTS, n.name) ? CONSTANTS[n.name] : undefined);
        return v ?? fail(n.column, `unknown name ${n.name} (variables: ${[...vars.keys()].join(', ') || 'none'}; constants: pi, e)`);
      }
      case 'unary':
        return n.operator === '-' ? -value(n.operand) : value(n.operand);
      case 'binary': {
        const a = value(n.left);
        const b = value(n.right);
        if ((n.operator === '/' || n.operator === '%') && b === 0) fail(n.column, 'division by zero');
        const r =
          n.operator === '+'
            ? a + b
            : n.operator === '-'
              ? a - b
              : n.operator === '*'
                ? a * b
                : n.operator === '/'
                  ? a / b
                  : n.operator === '%'
                    ? a % b
                    : a ** b;
        return finite(r, n.column, `the result of '${n.operator}'`);
      }
      case 'call':
        return finite(FUNCTIONS[n.name]!.apply(...n.args.map(value)), n.column, `${n.name}()`);
    }
  };
  // -0 reads as 0 to anyone who asked for a number.
  return value(parseArithmetic(source)) + 0;
}
