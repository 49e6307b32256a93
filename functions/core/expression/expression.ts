/**
 * The small, safe expression language of step conditions and parameter templates, e.g.
 * `step_1.result['run'] == True` or `len(step_2.result.documents) > 0 and not step_3.skipped`.
 *
 * Source text is tokenized and parsed by hand (precedence climbing) into a syntax tree, which is
 * interpreted over the results of earlier steps. Nothing is ever compiled or handed to the host
 * language: no eval, no `new Function`, no `vm`. The only names are `step_<N>` and five built-in
 * functions; property reads see only own enumerable data properties of plain objects and arrays,
 * so prototypes, getters and host objects are out of reach. Size, nesting and node count are
 * bounded, so a hostile plan cannot make parsing or evaluation expensive.
 *
 * Semantics follow Python where a plan author would expect them (`and`/`or` return an operand,
 * `not` binds looser than comparisons, truthiness of empty lists and strings, negative indexes),
 * with two deliberate differences: equality never coerces (`1 == True` is false) and ordering
 * values of different types is an error rather than a guess. `&&`, `||` and `!` are accepted as
 * spellings of `and`, `or` and `not`, with the same precedence.
 */
import { ExpressionError } from '../errors.js';

export const EXPRESSION_LIMITS = { maxLength: 512, maxDepth: 32, maxNodes: 200 } as const;

export type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not in';
export type FunctionName = 'len' | 'lower' | 'contains' | 'exists' | 'without';

/** A node of the syntax tree. `column` is 1-based, pointing into the source. */
export type ExprNode =
  | { kind: 'literal'; value: string | number | boolean | null; column: number }
  | { kind: 'step'; stepId: number; column: number }
  | { kind: 'member'; object: ExprNode; property: string; column: number }
  | { kind: 'index'; object: ExprNode; index: ExprNode; column: number }
  | { kind: 'not'; operand: ExprNode; column: number }
  | { kind: 'negate'; operand: ExprNode; column: number }
  | { kind: 'logical'; operator: 'and' | 'or'; left: ExprNode; right: ExprNode; column: number }
  | { kind: 'compare'; operator: ComparisonOperator; left: ExprNode; right: ExprNode; column: number }
  | { kind: 'call'; name: FunctionName; args: ExprNode[]; column: number };

/** What `step_N` resolves to. `result` is the step's output record, as conditions see it. */
export interface StepView {
  result: Record<string, unknown>;
  status: string;
  skipped: boolean;
}

/** The steps an expression may see, by step id. Steps absent from the scope cannot be referenced. */
export type ExpressionScope = ReadonlyMap<number, StepView> | Readonly<Record<number, StepView>>;

const FUNCTION_ARITY: Readonly<Record<FunctionName, number>> = { len: 1, lower: 1, contains: 2, exists: 1, without: 2 };
const BLOCKED_PROPERTIES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const STEP_NAME = /^step_(\d{1,9})$/;

function fail(column: number, problem: string): never {
  throw new ExpressionError(`column ${column}: ${problem}`);
}

// ---------------------------------------------------------------- tokenizer

type OperatorText = '==' | '!=' | '<' | '<=' | '>' | '>=' | '&&' | '||' | '!' | '(' | ')' | '[' | ']' | '.' | ',' | '-';

type Token =
  | { type: 'number'; value: number; column: number; text: string }
  | { type: 'string'; value: string; column: number; text: string }
  | { type: 'name'; value: string; column: number; text: string }
  | { type: 'op'; value: OperatorText; column: number; text: string }
  | { type: 'end'; column: number; text: string };

const TWO_CHAR_OPERATORS: ReadonlySet<string> = new Set(['==', '!=', '<=', '>=', '&&', '||']);
const ONE_CHAR_OPERATORS: ReadonlySet<string> = new Set(['<', '>', '!', '(', ')', '[', ']', '.', ',', '-']);
const NUMBER = /^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\', "'": "'", '"': '"', n: '\n', t: '\t', r: '\r' };

function tokenizeExpression(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] ?? '';
    const column = i + 1;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
      continue;
    }
    const rest = source.slice(i);
    const number = NUMBER.exec(rest);
    if (number) {
      tokens.push({ type: 'number', value: Number(number[0]), column, text: number[0] });
      i += number[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      tokens.push({ type: 'name', value: name[0], column, text: name[0] });
      i += name[0].length;
      continue;
    }
    if (ch === "'" || ch === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        const c = source[j];
        if (c === undefined) fail(column, 'string is not closed');
        if (c === ch) break;
        if (c === '\\') {
          const escaped = source[j + 1];
          const replacement = escaped === undefined ? undefined : ESCAPES[escaped];
          if (replacement === undefined) fail(j + 1, `unknown escape '\\${escaped ?? ''}' in string`);
          value += replacement;
          j += 2;
          continue;
        }
        value += c;
        j++;
      }
      tokens.push({ type: 'string', value, column, text: source.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    const two = source.slice(i, i + 2);
    if (TWO_CHAR_OPERATORS.has(two)) {
      tokens.push({ type: 'op', value: two as OperatorText, column, text: two });
      i += 2;
      continue;
    }
    if (ONE_CHAR_OPERATORS.has(ch)) {
      tokens.push({ type: 'op', value: ch as OperatorText, column, text: ch });
      i++;
      continue;
    }
    if (ch === '=') fail(column, "unexpected '=' (assignment is not allowed; compare with '==')");
    fail(column, `unexpected character '${ch}'`);
  }
  tokens.push({ type: 'end', column: source.length + 1, text: '' });
  return tokens;
}

function describe(token: Token): string {
  if (token.type === 'end') return 'end of expression';
  if (token.type === 'string') return `string ${token.text}`;
  return `'${token.text}'`;
}

// ---------------------------------------------------------------- parser

// Binding strength of binary operators; `not` sits between `and` and the comparisons, as in Python.
const PRECEDENCE_OR = 1;
const PRECEDENCE_AND = 2;
const PRECEDENCE_NOT = 3;
const PRECEDENCE_COMPARE = 4;

type BinaryOperator = 'and' | 'or' | ComparisonOperator;

class Parser {
  private position = 0;
  private depth = 0;
  private nodes = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): ExprNode {
    const first = this.peek();
    if (first.type === 'end') fail(first.column, 'expression is empty');
    const node = this.parseBinary(PRECEDENCE_OR);
    const next = this.peek();
    if (next.type !== 'end') fail(next.column, `unexpected ${describe(next)}`);
    return node;
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.position + offset, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.position++;
    return token;
  }

  private isOp(value: OperatorText, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === 'op' && token.value === value;
  }

  private isName(value: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === 'name' && token.value === value;
  }

  private expectOp(value: OperatorText, what: string): void {
    const token = this.next();
    if (token.type !== 'op' || token.value !== value) fail(token.column, `expected '${value}' ${what}, found ${describe(token)}`);
  }

  private node<T extends ExprNode>(node: T): T {
    if (++this.nodes > EXPRESSION_LIMITS.maxNodes) fail(node.column, `expression has more than ${EXPRESSION_LIMITS.maxNodes} nodes`);
    return node;
  }

  /** The binary operator at the cursor, without consuming it. */
  private peekBinary(): { operator: BinaryOperator; precedence: number; width: number } | undefined {
    const token = this.peek();
    if (token.type === 'op') {
      if (token.value === '&&') return { operator: 'and', precedence: PRECEDENCE_AND, width: 1 };
      if (token.value === '||') return { operator: 'or', precedence: PRECEDENCE_OR, width: 1 };
      if (['==', '!=', '<', '<=', '>', '>='].includes(token.value)) {
        return { operator: token.value as ComparisonOperator, precedence: PRECEDENCE_COMPARE, width: 1 };
      }
      return undefined;
    }
    if (token.type !== 'name') return undefined;
    if (token.value === 'and') return { operator: 'and', precedence: PRECEDENCE_AND, width: 1 };
    if (token.value === 'or') return { operator: 'or', precedence: PRECEDENCE_OR, width: 1 };
    if (token.value === 'in') return { operator: 'in', precedence: PRECEDENCE_COMPARE, width: 1 };
    if (token.value === 'not' && this.isName('in', 1)) return { operator: 'not in', precedence: PRECEDENCE_COMPARE, width: 2 };
    return undefined;
  }

  /** Precedence climbing: operands bind to the strongest operator; `and`/`or` associate left; comparisons do not chain. */
  private parseBinary(minPrecedence: number): ExprNode {
    let left = this.parseUnary();
    for (;;) {
      const binary = this.peekBinary();
      if (!binary || binary.precedence < minPrecedence) return left;
      const column = this.peek().column;
      this.position += binary.width;
      const right = this.parseBinary(binary.precedence + 1);
      if (binary.operator === 'and' || binary.operator === 'or') {
        left = this.node({ kind: 'logical', operator: binary.operator, left, right, column });
        continue;
      }
      left = this.node({ kind: 'compare', operator: binary.operator, left, right, column });
      const following = this.peekBinary();
      if (following && following.precedence === PRECEDENCE_COMPARE) {
        fail(this.peek().column, 'comparisons cannot be chained; join them with and');
      }
    }
  }

  private parseUnary(): ExprNode {
    const token = this.peek();
    if (++this.depth > EXPRESSION_LIMITS.maxDepth) fail(token.column, `expression nests deeper than ${EXPRESSION_LIMITS.maxDepth} levels`);
    try {
      if ((token.type === 'name' && token.value === 'not') || (token.type === 'op' && token.value === '!')) {
        this.next();
        const operand = this.parseBinary(PRECEDENCE_NOT);
        return this.node({ kind: 'not', operand, column: token.column });
      }
      if (token.type === 'op' && token.value === '-') {
        this.next();
        const operand = this.parseUnary();
        return this.node({ kind: 'negate', operand, column: token.column });
      }
      return this.parsePostfix(this.parsePrimary());
    } finally {
      this.depth--;
    }
  }

  private parsePrimary(): ExprNode {
    const token = this.next();
    switch (token.type) {
      case 'number':
        return this.node({ kind: 'literal', value: token.value, column: token.column });
      case 'string':
        return this.node({ kind: 'literal', value: token.value, column: token.column });
      case 'name':
        return this.parseName(token);
      case 'op':
        if (token.value === '(') {
          const inner = this.parseBinary(PRECEDENCE_OR);
          this.expectOp(')', `to close '(' at column ${token.column}`);
          return inner;
        }
        return fail(token.column, `unexpected ${describe(token)}`);
      case 'end':
        return fail(token.column, 'unexpected end of expression');
    }
  }

  private parseName(token: Token & { type: 'name' }): ExprNode {
    const { value, column } = token;
    if (value === 'True' || value === 'true') return this.node({ kind: 'literal', value: true, column });
    if (value === 'False' || value === 'false') return this.node({ kind: 'literal', value: false, column });
    if (value === 'None' || value === 'null') return this.node({ kind: 'literal', value: null, column });
    if (value === 'and' || value === 'or' || value === 'in' || value === 'not') fail(column, `unexpected '${value}'`);
    const step = STEP_NAME.exec(value);
    if (step) return this.node({ kind: 'step', stepId: Number(step[1]), column });
    if (this.isOp('(')) {
      if (!Object.hasOwn(FUNCTION_ARITY, value)) {
        fail(column, `unknown function '${value}' (available: ${Object.keys(FUNCTION_ARITY).join(', ')})`);
      }
      return this.parseCall(value as FunctionName, column);
    }
    return fail(column, `unknown identifier '${value}' (only step_<N> can be referenced)`);
  }

  private parseCall(name: FunctionName, column: number): ExprNode {
    this.expectOp('(', `after ${name}`);
    const args: ExprNode[] = [];
    if (!this.isOp(')')) {
      for (;;) {
        args.push(this.parseBinary(PRECEDENCE_OR));
        if (!this.isOp(',')) break;
        this.next();
      }
    }
    this.expectOp(')', `to close the arguments of ${name}()`);
    const arity = FUNCTION_ARITY[name];
    if (args.length !== arity) fail(column, `${name}() takes ${arity} argument${arity === 1 ? '' : 's'}, got ${args.length}`);
    return this.node({ kind: 'call', name, args, column });
  }

  private parsePostfix(start: ExprNode): ExprNode {
    let node = start;
    for (;;) {
      const token = this.peek();
      if (token.type !== 'op') return node;
      if (token.value === '.') {
        this.next();
        const name = this.next();
        if (name.type !== 'name') fail(name.column, `expected a property name after '.', found ${describe(name)}`);
        checkPropertyName(name.value, name.column);
        node = this.node({ kind: 'member', object: node, property: name.value, column: name.column });
      } else if (token.value === '[') {
        this.next();
        const index = this.parseBinary(PRECEDENCE_OR);
        this.expectOp(']', `to close '[' at column ${token.column}`);
        if (index.kind === 'literal' && typeof index.value === 'string') checkPropertyName(index.value, index.column);
        node = this.node({ kind: 'index', object: node, index, column: token.column });
      } else if (token.value === '(') {
        return fail(token.column, `only ${Object.keys(FUNCTION_ARITY).join(', ')} can be called`);
      } else {
        return node;
      }
    }
  }
}

function checkPropertyName(name: string, column: number): void {
  if (BLOCKED_PROPERTIES.has(name)) fail(column, `property '${name}' is not accessible`);
}

// Conditions are evaluated again and again with the same text; parsing each once is enough.
const PARSE_CACHE_LIMIT = 512;
const parseCache = new Map<string, ExprNode>();

/** Parses `source` into a syntax tree, or throws `ExpressionError` naming the column and the problem. */
export function parseExpression(source: string): ExprNode {
  const cached = parseCache.get(source);
  if (cached) return cached;
  if (typeof source !== 'string') throw new ExpressionError('column 1: expression must be a string');
  if (source.length > EXPRESSION_LIMITS.maxLength) {
    fail(EXPRESSION_LIMITS.maxLength + 1, `expression is ${source.length} characters long; the limit is ${EXPRESSION_LIMITS.maxLength}`);
  }
  const ast = new Parser(tokenizeExpression(source)).parse();
  if (parseCache.size >= PARSE_CACHE_LIMIT) parseCache.clear();
  parseCache.set(source, ast);
  return ast;
}

/** The step ids (`N` of each `step_N`) an expression references, deduplicated and sorted. */
export function referencedSteps(sourceOrAst: string | ExprNode): number[] {
  const ast = typeof sourceOrAst === 'string' ? parseExpression(sourceOrAst) : sourceOrAst;
  const ids = new Set<number>();
  const visit = (node: ExprNode): void => {
    switch (node.kind) {
      case 'step':
        ids.add(node.stepId);
        return;
      case 'member':
        visit(node.object);
        return;
      case 'index':
        visit(node.object);
        visit(node.index);
        return;
      case 'not':
      case 'negate':
        visit(node.operand);
        return;
      case 'logical':
      case 'compare':
        visit(node.left);
        visit(node.right);
        return;
      case 'call':
        node.args.forEach(visit);
        return;
      case 'literal':
        return;
    }
  };
  visit(ast);
  return [...ids].sort((a, b) => a - b);
}

// ---------------------------------------------------------------- values

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The name of a value's type as a plan author knows it (JSON's, with Python's `list`). */
export function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'list';
  if (isPlainObject(value)) return 'object';
  if (typeof value === 'object' || typeof value === 'function') return 'host object';
  return typeof value;
}

/** Python-like truthiness: null, false, 0, NaN, '', [] and {} are false; everything else is true. */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return true;
}

/** Strict structural equality: same type and same value, lists and objects compared member by member. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => valuesEqual(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && valuesEqual(a[key], b[key]));
  }
  return false;
}

/** Reads `key` of `value` the safe way: own enumerable data properties of plain objects and arrays only. */
function readProperty(value: unknown, key: unknown, column: number): unknown {
  if (value === null || value === undefined) return null; // a missing step result reads as null all the way down
  if (typeof key === 'string' && BLOCKED_PROPERTIES.has(key)) fail(column, `property '${key}' is not accessible`);
  if (Array.isArray(value) || typeof value === 'string') {
    if (typeof key !== 'number' || !Number.isInteger(key)) {
      const what = Array.isArray(value) ? 'list' : 'string';
      fail(column, `a ${what} has no property ${JSON.stringify(key)}; use an integer index${typeof key === 'string' ? ' or len()' : ''}`);
    }
    const position = key < 0 ? value.length + key : key;
    if (position < 0 || position >= value.length) return null;
    return (Array.isArray(value) ? value[position] : value.charAt(position)) ?? null;
  }
  if (isPlainObject(value)) {
    if (typeof key !== 'string' && typeof key !== 'number') fail(column, `an object key must be a string, got ${typeName(key)}`);
    const descriptor = Object.getOwnPropertyDescriptor(value, String(key));
    if (!descriptor?.enumerable || !('value' in descriptor)) return null;
    return descriptor.value ?? null;
  }
  return fail(column, `cannot read property ${JSON.stringify(key)} of a ${typeName(value)}`);
}

function lookupStep(scope: ExpressionScope, stepId: number, column: number): Record<string, unknown> {
  let entry: StepView | undefined;
  if (scope instanceof Map) entry = scope.get(stepId);
  else if (Object.hasOwn(scope, String(stepId))) entry = (scope as Readonly<Record<number, StepView>>)[stepId];
  if (!entry) fail(column, `step_${stepId} is not available`);
  // A null-prototype view: the expression sees these three names and nothing inherited.
  const view = Object.create(null) as Record<string, unknown>;
  view.result = entry.result;
  view.status = entry.status;
  view.skipped = entry.skipped;
  return view;
}

function compareOrdered(operator: '<' | '<=' | '>' | '>=', left: unknown, right: unknown, column: number): boolean {
  const bothNumbers = typeof left === 'number' && typeof right === 'number';
  const bothStrings = typeof left === 'string' && typeof right === 'string';
  if (!bothNumbers && !bothStrings) fail(column, `cannot compare ${typeName(left)} with ${typeName(right)} using '${operator}'`);
  const a = left as number | string;
  const b = right as number | string;
  switch (operator) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

function membership(item: unknown, container: unknown, column: number): boolean {
  if (container === null || container === undefined) return false; // nothing is in a missing result
  if (Array.isArray(container)) return container.some((element) => valuesEqual(element, item));
  if (typeof container === 'string') {
    if (typeof item !== 'string') fail(column, `'in' a string needs a string on the left, got ${typeName(item)}`);
    return container.includes(item);
  }
  if (isPlainObject(container)) {
    if (typeof item !== 'string') fail(column, `'in' an object needs a string key on the left, got ${typeName(item)}`);
    if (BLOCKED_PROPERTIES.has(item)) return false;
    return Object.prototype.propertyIsEnumerable.call(container, item);
  }
  return fail(column, `'in' needs a list, string or object on the right, got ${typeName(container)}`);
}

function callFunction(name: FunctionName, args: unknown[], column: number): unknown {
  const [first, second] = args;
  switch (name) {
    case 'len':
      if (first === null || first === undefined) return 0;
      if (typeof first === 'string') return [...first].length;
      if (Array.isArray(first)) return first.length;
      if (isPlainObject(first)) return Object.keys(first).length;
      return fail(column, `len() needs a list, string or object, got ${typeName(first)}`);
    case 'lower':
      if (first === null || first === undefined) return null;
      if (typeof first === 'string') return first.toLowerCase();
      return fail(column, `lower() needs a string, got ${typeName(first)}`);
    case 'contains':
      return membership(second, first, column);
    case 'exists':
      return first !== null && first !== undefined;
    case 'without':
      // A text with a part of it taken out: a passage without its own title, so what it names besides itself is read.
      if (first === null || first === undefined) return null;
      if (typeof first !== 'string') return fail(column, `without() needs a string first, got ${typeName(first)}`);
      if (second === null || second === undefined || second === '') return first;
      if (typeof second !== 'string') return fail(column, `without() needs a string second, got ${typeName(second)}`);
      return first.split(second).join(' ');
  }
}

function evaluateNode(node: ExprNode, scope: ExpressionScope): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'step':
      return lookupStep(scope, node.stepId, node.column);
    case 'member':
      return readProperty(evaluateNode(node.object, scope), node.property, node.column);
    case 'index':
      return readProperty(evaluateNode(node.object, scope), evaluateNode(node.index, scope), node.column);
    case 'not':
      return !isTruthy(evaluateNode(node.operand, scope));
    case 'negate': {
      const value = evaluateNode(node.operand, scope);
      if (typeof value !== 'number') fail(node.column, `cannot negate a ${typeName(value)}`);
      return -value;
    }
    case 'logical': {
      const left = evaluateNode(node.left, scope);
      if (node.operator === 'and') return isTruthy(left) ? evaluateNode(node.right, scope) : left;
      return isTruthy(left) ? left : evaluateNode(node.right, scope);
    }
    case 'compare': {
      const left = evaluateNode(node.left, scope);
      const right = evaluateNode(node.right, scope);
      switch (node.operator) {
        case '==':
          return valuesEqual(left, right);
        case '!=':
          return !valuesEqual(left, right);
        case 'in':
          return membership(left, right, node.column);
        case 'not in':
          return !membership(left, right, node.column);
        default:
          return compareOrdered(node.operator, left, right, node.column);
      }
    }
    case 'call':
      return callFunction(
        node.name,
        node.args.map((arg) => evaluateNode(arg, scope)),
        node.column,
      );
  }
}

/** Evaluates an expression (source text or a parsed tree) over `scope`. `undefined` never escapes: missing is `null`. */
export function evaluateExpression(sourceOrAst: string | ExprNode, scope: ExpressionScope): unknown {
  const ast = typeof sourceOrAst === 'string' ? parseExpression(sourceOrAst) : sourceOrAst;
  return evaluateNode(ast, scope) ?? null;
}

/** Evaluates a step condition to a boolean, with Python-like truthiness. */
export function evaluateCondition(sourceOrAst: string | ExprNode, scope: ExpressionScope): boolean {
  return isTruthy(evaluateExpression(sourceOrAst, scope));
}
