import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../functions/core/errors.js';
import { filterDocuments } from '../../../functions/core/steps/operators/filter.js';
import type { RetrievedDocument } from '../../../functions/core/types.js';

const docs: RetrievedDocument[] = [
  { id: 'a', text: 'A', modality: 'text', score: 0.9, rank: 1, metadata: { label: 'important', tags: ['x', 'y'] }, subquery_id: 'step_1', rank_in_subquery: 1 },
  { id: 'b', text: 'B', modality: 'image', score: 0.7, rank: 2, metadata: { label: 'minor', tags: ['y'] } },
  { id: 'c', text: 'C', modality: 'text', score: 0.5, rank: 3, metadata: { label: ['important', 'reviewed'] } },
  { id: 'd', text: 'D', modality: 'audio', score: 0.2, rank: 4 },
];

describe('Function: filterDocuments', () => {
  it('keeps documents at or above min_score, in order, with ranks renumbered', () => {
    // Act
    const out = filterDocuments(docs, { min_score: 0.5 });

    // Assess
    expect(out.documents.map((doc) => [doc.id, doc.rank])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(out.removed).toBe(1);
    expect(out.filter_method).toBe('min_score>=0.5');
  });

  it('matches metadata by equality or by membership of a list value', () => {
    // Act
    const out = filterDocuments(docs, { min_score: 0.5, metadata: { label: 'important' } });

    // Assess
    expect(out.documents.map((doc) => doc.id)).toEqual(['a', 'c']);
    expect(out.filter_method).toBe('min_score>=0.5+metadata(label)');
  });

  it('requires every metadata key to match, and treats a missing key as no match', () => {
    // Act
    const out = filterDocuments(docs, { metadata: { label: 'important', tags: 'x' } });

    // Assess
    expect(out.documents.map((doc) => doc.id)).toEqual(['a']);
    expect(out.removed).toBe(3);
  });

  it('filters by one modality or several, and caps the count last', () => {
    // Act
    const one = filterDocuments(docs, { modality: 'text' });
    const several = filterDocuments(docs, { modality: ['image', 'audio'], max_results: 1 });

    // Assess
    expect(one.documents.map((doc) => doc.id)).toEqual(['a', 'c']);
    expect(several.documents.map((doc) => doc.id)).toEqual(['b']);
    expect(several.filter_method).toBe('modality(image|audio)+max_results(1)');
  });

  it('keeps provenance and does not mutate its input', () => {
    // Act
    const out = filterDocuments(docs, { min_score: 0.8 });

    // Assess
    expect(out.documents[0]).toMatchObject({ subquery_id: 'step_1', rank_in_subquery: 1 });
    expect(docs.map((doc) => doc.rank)).toEqual([1, 2, 3, 4]);
  });

  it('says "none" when no criterion is given', () => {
    // Act
    const out = filterDocuments(docs, {});

    // Assess
    expect(out.documents).toHaveLength(4);
    expect(out.filter_method).toBe('none');
  });

  it.each([
    [{ min_score: 'high' }, /min_score must be a finite number/],
    [{ metadata: ['label'] }, /metadata must be an object/],
    [{ modality: 'smell' }, /modality must be one of/],
    [{ max_results: -1 }, /max_results must be an integer >= 0/],
  ])('rejects bad criteria %j', (criteria, message) => {
    // Act & Assess
    expect(() => filterDocuments(docs, criteria as never)).toThrow(InvalidInputError);
    expect(() => filterDocuments(docs, criteria as never)).toThrow(message);
  });
});
