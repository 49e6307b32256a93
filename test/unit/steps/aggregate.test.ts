import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../functions/core/errors.js';
import { RRF_K } from '../../../functions/core/retrieval/fusion.js';
import { aggregate } from '../../../functions/core/steps/operators/aggregate.js';
import type { RetrievedDocument } from '../../../functions/core/types.js';

const doc = (id: string, score: number, rank: number, extra: Partial<RetrievedDocument> = {}): RetrievedDocument => ({
  id,
  text: id,
  modality: 'text',
  score,
  rank,
  ...extra,
});

const step1 = { stepId: 1, documents: [doc('a', 0.9, 1), doc('b', 0.5, 2), doc('c', 0.4, 3)] };
const step2 = { stepId: 2, documents: [doc('b', 0.8, 1, { subquery_id: 's2', rank_in_subquery: 1 }), doc('d', 0.6, 2), doc('a', 0.1, 3)] };

describe('Function: aggregate', () => {
  it("union keeps each document once, with its best score (over its list's best) and that copy’s provenance", () => {
    // Act
    const out = aggregate([step1, step2], 'union');

    // Assess: b is the best of list 2 (0.8 / 0.8), so it ties a at 1; a came first.
    expect(out.aggregate_method).toBe('union(max-normalised)');
    expect(out.documents.map((d) => [d.id, d.score, d.rank])).toEqual([
      ['a', 1, 1],
      ['b', 1, 2],
      ['d', 0.6 / 0.8, 3],
      ['c', 0.4 / 0.9, 4],
    ]);
    expect(out.documents.find((d) => d.id === 'a')).toMatchObject({ subquery_id: 'step_1', rank_in_subquery: 1 });
    expect(out.documents.find((d) => d.id === 'b')).toMatchObject({ subquery_id: 's2', rank_in_subquery: 1 });
    expect(out.found_by).toEqual({ a: [1, 2], b: [1, 2], d: [2], c: [1] });
  });

  it('intersection keeps only documents every list holds', () => {
    // Act
    const out = aggregate([step1, step2], 'intersection');

    // Assess
    expect(out.documents.map((d) => d.id)).toEqual(['a', 'b']);
    expect(out.aggregate_method).toBe('intersection(max-normalised)');
  });

  it('union compares lists of different scales by their normalised scores, not their raw ones', () => {
    // BM25 scores in the tens beside cosines below 1: by raw score every BM25 hit would lead.
    const bm25 = { stepId: 'kw', documents: [doc('k1', 24, 1), doc('k2', 6, 2)] };
    const cosine = { stepId: 'vec', documents: [doc('v1', 0.9, 1), doc('v2', 0.8, 2)] };

    // Act
    const out = aggregate([bm25, cosine], 'union');

    // Assess: each list's best is 1; v2 (0.8 of its best) beats k2 (a quarter of its best).
    expect(out.documents.map((d) => d.id)).toEqual(['k1', 'v1', 'v2', 'k2']);
  });

  it('min-max scales scores that are not all positive, and scores a flat list 1', () => {
    const logits = { stepId: 'x', documents: [doc('a', 2, 1), doc('b', -1, 2), doc('c', -4, 3)] };
    const flat = { stepId: 'y', documents: [doc('d', 0, 1), doc('e', 0, 2)] };

    // Act
    const out = aggregate([logits, flat], 'union');

    // Assess
    expect(out.documents.map((d) => [d.id, d.score])).toEqual([
      ['a', 1],
      ['d', 1],
      ['e', 1],
      ['b', 0.5],
      ['c', 0],
    ]);
  });

  it('rank_fusion orders by reciprocal rank fusion and reports the fused score', () => {
    // Act
    const out = aggregate([step1, step2], 'rank_fusion');

    // Assess: b is 2nd and 1st, a 1st and 3rd; both beat single-list d and c.
    expect(out.aggregate_method).toBe(`rank_fusion(rrf,k=${RRF_K})`);
    expect(out.documents.map((d) => d.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(out.documents[0]!.score).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1), 12);
    expect(out.documents[0]).toMatchObject({ subquery_id: 's2', rank_in_subquery: 1 });
  });

  it('truncates to topK after combining', () => {
    // Act
    const out = aggregate([step1, step2], 'union', 2);

    // Assess
    expect(out.documents.map((d) => d.id)).toEqual(['a', 'b']);
    expect(Object.keys(out.found_by)).toEqual(['a', 'b']);
  });

  it('ignores a repeated id within one list and handles no lists', () => {
    // Act
    const repeated = aggregate([{ stepId: 'x', documents: [doc('a', 0.2, 1), doc('a', 0.9, 2)] }], 'union');
    const none = aggregate([], 'intersection');

    // Assess
    expect(repeated.documents.map((d) => [d.id, d.score, d.subquery_id])).toEqual([['a', 1, 'x']]);
    expect(none.documents).toEqual([]);
  });

  it('rejects an unknown method or a bad topK', () => {
    // Act & Assess
    expect(() => aggregate([step1], 'concat' as never)).toThrow(InvalidInputError);
    expect(() => aggregate([step1], 'union', -2)).toThrow(/top_k must be an integer >= 0/);
  });
});
