import { describe, expect, it } from 'vitest';
import { copyJson } from '../../../functions/shared/copy-json.js';

describe('Function: copyJson', () => {
  it('copies nested objects and arrays, sharing nothing with the original', () => {
    // Prepare
    const original = { planId: 'p-1', plan: { plan: [{ step_id: 1, parameters: { query: 'Lyon' } }] }, tags: ['a', 'b'], answer: null, count: 2 };

    // Act
    const copy = copyJson(original);
    copy.plan.plan[0]!.parameters.query = 'changed';
    copy.tags.push('c');

    // Assess
    expect(original).toEqual({ planId: 'p-1', plan: { plan: [{ step_id: 1, parameters: { query: 'Lyon' } }] }, tags: ['a', 'b'], answer: null, count: 2 });
    expect(copy.plan).not.toBe(original.plan);
    expect(copy.tags).toEqual(['a', 'b', 'c']);
  });

  it('keeps a field whose value is undefined, as structuredClone does, and returns scalars as they are', () => {
    // Act
    const copy = copyJson({ a: undefined, b: [1, undefined] });

    // Assess
    expect(Object.keys(copy)).toEqual(['a', 'b']);
    expect(copy).toEqual(structuredClone({ a: undefined, b: [1, undefined] }));
    expect(copyJson('text')).toBe('text');
    expect(copyJson(null)).toBeNull();
  });
});
