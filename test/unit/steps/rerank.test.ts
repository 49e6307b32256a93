import { describe, expect, it } from 'vitest';
import { RERANK_METHOD, RERANK_WEIGHTS, rerankDocuments, smallestCoveringWindow } from '../../../functions/core/steps/operators/rerank.js';
import type { RetrievedDocument } from '../../../functions/core/types.js';

const doc = (id: string, title: string, text: string, score: number, rank: number): RetrievedDocument => ({ id, title, text, score, rank, modality: 'text' });

describe('Function: smallestCoveringWindow', () => {
  it('finds the tightest span holding every query term present', () => {
    // Act
    const window = smallestCoveringWindow(['a', 'x', 'b', 'x', 'x', 'a', 'b'], new Set(['a', 'b', 'c']));

    // Assess: "a x b" spans 3, "a b" at the end spans 2.
    expect(window).toEqual({ matched: 2, span: 2 });
  });

  it('reports no match for a text without query terms', () => {
    // Act & Assess
    expect(smallestCoveringWindow(['x', 'y'], new Set(['a']))).toEqual({ matched: 0, span: 0 });
  });
});

describe('Function: rerankDocuments', () => {
  const query = 'Christopher Nolan film director';

  it('moves the document that really answers the query to the top', () => {
    // Prepare: a first stage that put a passing mention first and the answer last.
    const incoming = [
      doc('mention', 'Film festivals', 'Festivals show many films each year; one jury once included a director.', 12, 1),
      doc('weather', 'London weather', 'Rain is common in London, where Christopher sometimes walks.', 10, 2),
      doc('answer', 'Christopher Nolan', 'Christopher Nolan is a British-American film director and producer.', 8, 3),
    ];

    // Act
    const out = rerankDocuments(query, incoming);

    // Assess
    expect(out.rerank_method).toBe(RERANK_METHOD);
    expect(out.documents.map((d) => d.id)).toEqual(['answer', 'mention', 'weather']);
    expect(out.documents.map((d) => d.rank)).toEqual([1, 2, 3]);
    expect(out.documents[0]!.score).toBeGreaterThan(out.documents[1]!.score);
    expect(out.signals[0]).toMatchObject({ id: 'answer', coverage: 1, title: 0.5, bm25: 1 });
  });

  it('keeps the order of an input that is already ideal, with new scores', () => {
    // Prepare
    const incoming = [
      doc('best', 'Christopher Nolan', 'Christopher Nolan is a film director.', 3, 1),
      doc('good', 'Inception', 'Inception is a film by the director Christopher Nolan, released in 2010.', 2, 2),
      doc('weak', 'Cinema', 'A film is shown in a cinema.', 1, 3),
    ];

    // Act
    const out = rerankDocuments(query, incoming);

    // Assess
    expect(out.documents.map((d) => d.id)).toEqual(['best', 'good', 'weak']);
    expect(out.documents.map((d) => d.score)).not.toEqual([3, 2, 1]);
    for (const d of out.documents) expect(d.score).toBeGreaterThan(0);
  });

  it('rewards proximity: adjacent query words beat the same words far apart', () => {
    // Prepare: same words, same length, same title, only the distance differs.
    const filler = 'alpha beta gamma delta epsilon zeta eta theta iota kappa';
    const incoming = [doc('apart', 'Notes', `glacier ${filler} retreat`, 1, 1), doc('together', 'Notes', `glacier retreat ${filler}`, 1, 2)];

    // Act
    const out = rerankDocuments('glacier retreat', incoming);

    // Assess
    expect(out.documents.map((d) => d.id)).toEqual(['together', 'apart']);
    const [together, apart] = out.signals;
    expect(together!.proximity).toBe(1);
    expect(apart!.proximity).toBeCloseTo(2 / 12, 10);
    expect(together!.bm25).toBeCloseTo(apart!.bm25, 10);
  });

  it('lets the incoming rank decide between lexically equal documents', () => {
    // Prepare
    const incoming = [doc('first', 'Same', 'glacier retreat', 1, 1), doc('second', 'Same', 'glacier retreat', 1, 2)];

    // Act
    const out = rerankDocuments('glacier retreat', incoming);

    // Assess
    expect(out.documents.map((d) => d.id)).toEqual(['first', 'second']);
    expect(out.documents[0]!.score - out.documents[1]!.score).toBeCloseTo(RERANK_WEIGHTS.prior * 0.5, 10);
  });

  it('keeps only topK and leaves its input untouched', () => {
    // Prepare
    const incoming = [doc('x', 'X', 'nothing relevant', 5, 1), doc('y', 'Glacier', 'glacier retreat', 4, 2)];

    // Act
    const out = rerankDocuments('glacier retreat', incoming, { topK: 1 });

    // Assess
    expect(out.documents.map((d) => d.id)).toEqual(['y']);
    expect(incoming.map((d) => [d.id, d.score, d.rank])).toEqual([
      ['x', 5, 1],
      ['y', 4, 2],
    ]);
  });

  it('says it skipped when the query has no content words, keeping the order', () => {
    // Prepare
    const incoming = [doc('x', 'X', 'text', 5, 1), doc('y', 'Y', 'text', 4, 2)];

    // Act
    const out = rerankDocuments('what is it', incoming);

    // Assess
    expect(out.documents.map((d) => d.id)).toEqual(['x', 'y']);
    expect(out.rerank_method).toBe(`${RERANK_METHOD}:skipped(no query terms)`);
  });
});
