import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../functions/core/errors.js';
import type { Embedder } from '../../../functions/core/ports.js';
import { buildCorpusIndex, createCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import type { CorpusDocument } from '../../../functions/core/types.js';
import { MINI_CORPUS } from '../../support/corpus.js';

const documents: CorpusDocument[] = readFileSync(MINI_CORPUS, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as CorpusDocument);

describe('Function: createCorpusIndex', () => {
  const index = createCorpusIndex(documents);

  it('indexes every document and finds each by id, with text as the default modality', async () => {
    // Act
    const k2 = await index.get('t-k2');

    // Assess
    expect(index.size).toBe(12);
    expect(index.documents()).toHaveLength(12);
    expect(k2?.modality).toBe('text');
    expect(k2?.title).toBe('K2');
    expect(await index.get('missing')).toBeUndefined();
    expect(index.vectorMethod).toBe('lexical-hashing-tfidf-v2');
  });

  it('keyword search ranks by BM25 with the title boosted', async () => {
    // Act
    const hits = await index.keywordSearch('second highest mountain in the Karakoram', { topK: 3 });

    // Assess
    expect(hits[0]?.doc.id).toBe('t-k2');
    expect(hits.map((hit) => hit.doc.id)).toContain('t-everest');
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  it('keyword search answers a bridge question’s first hop', async () => {
    // Act
    const hits = await index.keywordSearch('Who directed the film Inception?', { topK: 2 });

    // Assess
    expect(hits.map((hit) => hit.doc.id)).toEqual(['t-inception', 't-nolan']);
  });

  it('filters by modality in keyword and vector search', async () => {
    // Act
    const images = await index.keywordSearch('Everest', { topK: 10, modality: 'image' });
    const audio = await index.vectorSearch('climbing Everest', { topK: 10, modality: 'audio' });
    const tables = await index.keywordSearch('elevation of K2', { topK: 10, modality: 'table' });

    // Assess
    expect(images.map((hit) => hit.doc.id)).toEqual(['i-basecamp']);
    expect(audio[0]?.doc.id).toBe('a-sherpa');
    expect(audio.every((hit) => hit.doc.modality === 'audio')).toBe(true);
    expect(tables.map((hit) => hit.doc.id)).toEqual(['tb-peaks']);
  });

  it('vector search ranks by cosine similarity, best first, all in (0, 1]', async () => {
    // Act
    const hits = await index.vectorSearch('pink dolphins of the Amazon river', { topK: 4 });

    // Assess
    expect(hits[0]?.doc.id).toBe('a-dolphins');
    expect(hits.map((hit) => hit.doc.id)).toContain('t-amazon');
    for (const [i, hit] of hits.entries()) {
      expect(hit.score).toBeGreaterThan(0);
      expect(hit.score).toBeLessThanOrEqual(1 + 1e-6);
      if (i > 0) expect(hit.score).toBeLessThanOrEqual(hits[i - 1]!.score);
    }
  });

  it('vector search tolerates a misspelling that keyword search cannot match', async () => {
    // Act
    const keyword = await index.keywordSearch('Kristopher Nolen', { topK: 3 });
    const vector = await index.vectorSearch('Kristopher Nolen', { topK: 3 });

    // Assess
    expect(keyword).toEqual([]);
    expect(vector[0]?.doc.id).toBe('t-nolan');
  });

  it('folds diacritics on both sides', async () => {
    // Act & Assess
    expect((await index.keywordSearch('cafe culture', { topK: 1 }))[0]?.doc.id).toBe('t-cafe');
    expect((await index.vectorSearch('CAFÉS', { topK: 1 }))[0]?.doc.id).toBe('t-cafe');
  });

  it('returns nothing for topK 0 or a query without content words', async () => {
    // Act & Assess
    expect(await index.keywordSearch('Everest', { topK: 0 })).toEqual([]);
    expect(await index.vectorSearch('Everest', { topK: 0 })).toEqual([]);
    expect(await index.vectorSearch('what is the', { topK: 5 })).toEqual([]);
  });

  it('rejects duplicate or empty ids', async () => {
    // Act & Assess
    expect(() =>
      createCorpusIndex([
        { id: 'a', text: 'x' },
        { id: 'a', text: 'y' },
      ]),
    ).toThrow(InvalidInputError);
    expect(() => createCorpusIndex([{ id: '', text: 'x' }])).toThrow(/id must be a non-empty string/);
  });

  it('uses a given embedder, computing document vectors once', async () => {
    // Prepare: a two-dimensional embedder that counts the words "river" and "mountain".
    let calls = 0;
    const embedder: Embedder = {
      name: 'test-counts',
      dimensions: 2,
      embed: async (texts) => {
        calls++;
        return texts.map((text) => Float32Array.from([(text.match(/river/gi) ?? []).length, (text.match(/mountain/gi) ?? []).length]));
      },
    };
    const custom = await buildCorpusIndex(documents, { embedder });
    const callsAfterBuild = calls;

    // Act
    const hits = await custom.vectorSearch('mountain', { topK: 2 });

    // Assess
    expect(callsAfterBuild).toBe(1);
    expect(calls).toBe(2);
    expect(custom.vectorMethod).toBe('test-counts');
    expect(hits.map((hit) => hit.doc.id).sort()).toEqual(['t-everest', 't-k2']);
  });

  it('rejects an embedder whose vectors have the wrong size', async () => {
    // Prepare
    const embedder: Embedder = { name: 'broken', dimensions: 3, embed: async (texts) => texts.map(() => new Float32Array(2)) };

    // Act & Assess
    await expect(buildCorpusIndex(documents, { embedder })).rejects.toThrow(/2 dimensions, expected 3/);
  });
});
