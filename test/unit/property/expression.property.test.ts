/**
 * Properties of the condition language: whatever the text, it fails only with ExpressionError,
 * and no expression reaches a host object (a function, a prototype) or changes one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExpressionError } from '../../../functions/core/errors.js';
import { type ExpressionScope, evaluateExpression, type StepView } from '../../../functions/core/expression/expression.js';

const scope: ExpressionScope = new Map<number, StepView>([
  [1, { status: 'succeeded', skipped: false, result: { run: true, count: 3, label: 'Important', tags: ['a', 'b'], nested: { deep: { value: 7 } } } }],
  [2, { status: 'succeeded', skipped: false, result: { documents: [{ id: 'd1', title: 'Inception', score: 0.9 }], empty: [], nothing: null } }],
]);

const HOST_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'call', 'apply', 'bind'];
const segment = fc.constantFrom(...HOST_NAMES, 'run', 'count', 'label', 'tags', 'nested', 'deep', 'value', 'documents', 'title', 'length');
const access = fc.oneof(
  segment.map((name) => `.${name}`),
  segment.map((name) => `['${name}']`),
  fc.integer({ min: -2, max: 2 }).map((i) => `[${i}]`),
);
const path = fc
  .tuple(fc.constantFrom('step_1', 'step_2', 'step_3'), fc.constantFrom('.result', '.status', '.skipped', ''), fc.array(access, { maxLength: 5 }))
  .map(([step, field, rest]) => `${step}${field}${rest.join('')}`);
const literal = fc.oneof(fc.constantFrom('True', 'False', 'None', 'null', "'x'", '"__proto__"', '0', '-1', '2.5'), fc.integer().map(String));
const operand = fc.oneof(
  path,
  literal,
  path.map((p) => `len(${p})`),
  path.map((p) => `lower(${p})`),
  fc.tuple(path, literal).map(([p, l]) => `contains(${p}, ${l})`),
);
const expression = fc
  .tuple(operand, fc.constantFrom('==', '!=', '<', '>=', 'in', 'not in', 'and', 'or', '&&', '||'), operand, fc.boolean())
  .map(([a, op, b, negate]) => `${negate ? 'not ' : ''}${a} ${op} ${b}`);

function isHostValue(value: unknown): boolean {
  return (
    typeof value === 'function' ||
    value === Object.prototype ||
    value === Array.prototype ||
    value === Function.prototype ||
    (typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.getPrototypeOf(value) !== Object.prototype &&
      Object.getPrototypeOf(value) !== null)
  );
}

describe('Property: evaluateExpression', () => {
  it('throws nothing but ExpressionError on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        try {
          evaluateExpression(text, scope);
        } catch (error) {
          expect(error).toBeInstanceOf(ExpressionError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never returns a host object and never changes a prototype, whatever path an expression takes', () => {
    fc.assert(
      fc.property(fc.oneof(path, operand, expression), (text) => {
        try {
          const value = evaluateExpression(text, scope);
          expect(isHostValue(value), text).toBe(false);
        } catch (error) {
          expect(error, text).toBeInstanceOf(ExpressionError);
        }
        expect(Object.keys(Object.prototype)).toEqual([]);
        expect(Object.keys(Array.prototype)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });
});
