import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../../../functions/core/retrieval/bm25.js';

const docs = [
  { id: 'everest', title: 'Mount Everest', text: 'Earth’s highest mountain above sea level, in the Himalayas.' },
  { id: 'k2', title: 'K2', text: 'The second-highest mountain on Earth, after Mount Everest, in the Karakoram.' },
  { id: 'amazon', title: 'Amazon River', text: 'The largest river by discharge of water in the world.' },
  { id: 'nile', title: 'Nile', text: 'A major north-flowing river in Africa. The river flows into the Mediterranean.' },
  { id: 'long', title: 'Rivers of the world', text: `A long survey. ${'Words about many unrelated topics. '.repeat(40)} It mentions a river once.` },
];

describe('Class: Bm25Index', () => {
  it('ranks the document whose title names the query first', () => {
    // Prepare
    const index = new Bm25Index(docs);

    // Act
    const hits = index.search('Mount Everest', 3);

    // Assess: both mention Everest, but the title field weighs more.
    expect(hits.map((hit) => hit.id)).toEqual(['everest', 'k2']);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  it('prefers a short document to a long one with the same term count (length normalization)', () => {
    // Prepare
    const index = new Bm25Index([
      { id: 'short', text: 'river delta' },
      { id: 'long', text: `river ${'plain filler words here '.repeat(20)}` },
    ]);

    // Act
    const hits = index.search('river', 2);

    // Assess
    expect(hits.map((hit) => hit.id)).toEqual(['short', 'long']);
  });

  it('saturates term frequency: ten repeats are worth less than ten times one', () => {
    // Prepare
    const index = new Bm25Index([
      { id: 'once', text: 'glacier ice' },
      { id: 'tenfold', text: `${'glacier '.repeat(10)}ice` },
      { id: 'other', text: 'desert sand' },
    ]);

    // Act
    const scores = index.scoreAll('glacier');

    // Assess
    expect(scores[1]!).toBeGreaterThan(scores[0]!);
    expect(scores[1]!).toBeLessThan(scores[0]! * (index.k1 + 1));
    expect(scores[2]).toBe(0);
  });

  it('weighs a rare term more than a common one', () => {
    // Prepare
    const index = new Bm25Index(docs);

    // Act & Assess: "river" is in three documents, "karakoram" in one.
    expect(index.idf('karakoram')).toBeGreaterThan(index.idf('river'));
    expect(index.idf('river')).toBeGreaterThan(0);
    expect(index.documentFrequency('river')).toBe(3);
  });

  it('matches inflected and accented forms through the shared analyzer', () => {
    // Prepare
    const index = new Bm25Index([
      { id: 'cafe', text: 'Les cafés de Paris' },
      { id: 'tea', text: 'A tea room' },
    ]);

    // Act & Assess
    expect(index.search('CAFE', 5).map((hit) => hit.id)).toEqual(['cafe']);
  });

  it('returns only documents with a query term, honours topK and the filter', () => {
    // Prepare
    const index = new Bm25Index(docs);

    // Act
    const all = index.search('river', 10);
    const top1 = index.search('river', 1);
    const filtered = index.search('river', 10, (_index, id) => id !== 'nile');
    const none = index.search('volcano', 10);

    // Assess
    expect(all.map((hit) => hit.id).sort()).toEqual(['amazon', 'long', 'nile']);
    expect(top1).toHaveLength(1);
    expect(filtered.map((hit) => hit.id)).not.toContain('nile');
    expect(none).toEqual([]);
    expect(index.search('river', 0)).toEqual([]);
  });

  it('breaks ties by corpus order so results are reproducible', () => {
    // Prepare
    const index = new Bm25Index([
      { id: 'b', text: 'same words' },
      { id: 'a', text: 'same words' },
    ]);

    // Act & Assess
    expect(index.search('same words', 2).map((hit) => hit.id)).toEqual(['b', 'a']);
  });

  it('handles an empty corpus and a query of stopwords', () => {
    // Act & Assess
    expect(new Bm25Index([]).search('anything', 5)).toEqual([]);
    expect(new Bm25Index(docs).search('the of and', 5)).toEqual([]);
  });
});
