import { describe, expect, it } from 'vitest';
import { RRF_K, reciprocalRankFusion } from '../../../functions/core/retrieval/fusion.js';

const ids = (...names: string[]): Array<{ id: string }> => names.map((id) => ({ id }));

describe('Function: reciprocalRankFusion', () => {
  it('sums 1/(k + rank) over the lists that hold an item', () => {
    // Act
    const fused = reciprocalRankFusion([ids('a', 'b', 'c'), ids('b', 'c', 'd')]);

    // Assess: b is 2nd then 1st, c 3rd then 2nd, a 1st once, d 3rd once.
    expect(fused.map((item) => item.item.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1), 12);
    expect(fused[0]).toMatchObject({ bestList: 1, bestRank: 1, listCount: 2 });
  });

  it('counts only the first occurrence of an id within a list', () => {
    // Act
    const fused = reciprocalRankFusion([ids('a', 'a', 'b')]);

    // Assess
    expect(fused.map((item) => [item.item.id, item.score])).toEqual([
      ['a', 1 / (RRF_K + 1)],
      ['b', 1 / (RRF_K + 3)],
    ]);
  });

  it('keeps the entry of the list where the item ranked best', () => {
    // Act
    const fused = reciprocalRankFusion([
      [
        { id: 'x', from: 'first' },
        { id: 'y', from: 'first' },
      ],
      [{ id: 'y', from: 'second' }],
    ]);

    // Assess
    expect(fused.find((item) => item.item.id === 'y')?.item.from).toBe('second');
  });

  it('rejects a negative k', () => {
    // Act & Assess
    expect(() => reciprocalRankFusion([], -1)).toThrow(RangeError);
  });
});
