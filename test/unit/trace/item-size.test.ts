import { describe, expect, it } from 'vitest';
import { itemSize } from '../../../functions/adapters/dynamodb/item-size.js';

describe('Function: itemSize', () => {
  it('counts attribute names and strings in UTF-8 bytes', () => {
    expect(itemSize({ pk: 'PLAN#1' })).toBe(2 + 6);
    expect(itemSize({ é: 'ü' })).toBe(2 + 2);
  });

  it('counts a number as one byte per two significant digits plus one', () => {
    expect(itemSize({ n: 7 })).toBe(1 + 2);
    expect(itemSize({ n: 123456 })).toBe(1 + 4);
    expect(itemSize({ n: 1_000_000 })).toBe(1 + 2); // trailing zeros trimmed
    expect(itemSize({ n: -0.00125 })).toBe(1 + 3);
  });

  it('adds 3 bytes per list or map and 1 per element', () => {
    expect(itemSize({ l: ['ab', true] })).toBe(1 + 3 + (1 + 2) + (1 + 1));
    expect(itemSize({ m: { k: 'v' } })).toBe(1 + 3 + (1 + 1 + 1));
  });

  it('skips undefined values as removeUndefinedValues does', () => {
    expect(itemSize({ a: 'x', b: undefined, m: { c: undefined } })).toBe(2 + 1 + 3);
  });

  it('grows with the body it would store', () => {
    const body = 'x'.repeat(400 * 1024);
    expect(itemSize({ body })).toBeGreaterThan(400 * 1024);
  });
});
