import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileCorpusProvider } from '../../../functions/adapters/corpus/file-corpus-provider.js';
import { buildIndex, LanceCorpusIndex, openIndex } from '../../../functions/adapters/corpus/lance/lance-index.js';
import { defaultIndexDir, INDEX_FORMAT_VERSION, MANIFEST_FILE } from '../../../functions/adapters/corpus/lance/manifest.js';
import type { Embedder } from '../../../functions/core/ports.js';
import type { InMemoryCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { graphQuery, multiHop } from '../../../functions/core/steps/operators/graph.js';
import { MINI_CORPUS, miniCorpusIndex } from '../../support/corpus.js';
import { tempDir } from '../../support/temp-dir.js';

const ids = (hits: Array<{ doc: { id: string } }>) => hits.map((h) => h.doc.id);

describe('LanceCorpusIndex: the mini corpus on disk', () => {
  let dir: string;
  let engine: LanceCorpusIndex;
  let memory: InMemoryCorpusIndex;
  const realFunction = globalThis.Function;

  beforeAll(async () => {
    dir = join(tempDir('lance'), 'index');
    // Nothing on the build or search path may compile code: any use of the Function constructor fails.
    globalThis.Function = new Proxy(realFunction, {
      construct: () => {
        throw new Error('new Function called');
      },
      apply: () => {
        throw new Error('Function called');
      },
    });
    try {
      await buildIndex(MINI_CORPUS, dir);
      engine = await openIndex(dir);
      await engine.keywordSearch('Everest', { topK: 3 });
      await engine.vectorSearch('Everest', { topK: 3 });
    } finally {
      globalThis.Function = realFunction;
    }
    memory = await miniCorpusIndex();
  });

  afterAll(() => engine?.close());

  it('holds every document, as the corpus has it', async () => {
    // Assess
    expect(engine.size).toBe(memory.size);
    for (const doc of memory.documents()) expect(await engine.get(doc.id)).toEqual(doc);
    expect(await engine.get('missing')).toBeUndefined();
    expect(await engine.get("it's'; DROP")).toBeUndefined();
  });

  it('finds what the in-memory index finds by keyword, naming its own method', async () => {
    // Act
    const engineHits = await engine.keywordSearch('second highest mountain in the Karakoram', { topK: 3 });
    const memoryHits = await memory.keywordSearch('second highest mountain in the Karakoram', { topK: 3 });

    // Assess
    expect(engineHits[0]?.doc.id).toBe(memoryHits[0]?.doc.id);
    expect(engine.keywordMethod).toBe('lancedb-fts-bm25');
    expect(engineHits.every((h, i) => i === 0 || h.score <= engineHits[i - 1]!.score)).toBe(true);
  });

  it('scores keyword search as the in-memory BM25 does: the same terms, title weight and ranking', async () => {
    // Act & Assess: the full-text index holds Cairn's analysis of each document, not LanceDB's.
    for (const query of ["Lyon's famous dishes", 'Who directed Inception?', 'the highest MOUNTAINS on Earth', 'pink river dolphins']) {
      const engineHits = await engine.keywordSearch(query, { topK: 5 });
      const memoryHits = await memory.keywordSearch(query, { topK: 5 });
      expect(ids(engineHits)).toEqual(ids(memoryHits));
      engineHits.forEach((h, i) => {
        expect(h.score).toBeCloseTo(memoryHits[i]!.score, 4);
      });
    }
    expect(await engine.keywordSearch('the of and', { topK: 5 })).toEqual([]);
  });

  it('filters by modality', async () => {
    // Act
    const images = await engine.keywordSearch('Everest', { topK: 10, modality: 'image' });
    const audio = await engine.vectorSearch('climbing Everest', { topK: 10, modality: 'audio' });

    // Assess
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((h) => h.doc.modality === 'image')).toBe(true);
    expect(audio.every((h) => h.doc.modality === 'audio')).toBe(true);
  });

  it('answers vector search with the scores of the in-memory index (the same lexical vectors, exact)', async () => {
    // Act
    const engineHits = await engine.vectorSearch('pink dolphins of the Amazon river', { topK: 4 });
    const memoryHits = await memory.vectorSearch('pink dolphins of the Amazon river', { topK: 4 });

    // Assess
    expect(ids(engineHits)).toEqual(ids(memoryHits));
    engineHits.forEach((h, i) => {
      expect(h.score).toBeCloseTo(memoryHits[i]!.score, 5);
    });
    expect(engine.vectorMethod).toBe(memory.vectorMethod);
    expect(await engine.vectorSearch('Everest', { topK: 0 })).toEqual([]);
    expect(await engine.vectorSearch('what is the', { topK: 5 })).toEqual([]);
  });

  it('stores the entity graph: the same links and the same entities named in a text', async () => {
    // Assess
    for (const doc of memory.documents()) expect(await engine.linkedDocuments(doc.id)).toEqual(await memory.linkedDocuments(doc.id));
    const text = 'Who directed Inception, and where is Mount Everest?';
    expect(await engine.documentsNamedIn(text)).toEqual(await memory.documentsNamedIn(text));
    expect(await engine.documentsNamedIn('nothing here at all')).toEqual([]);
  });

  it('runs multi-hop and graph_query on the stored graph as on the in-memory one', async () => {
    // Prepare
    const seeds = (await memory.keywordSearch('Inception film', { topK: 2 })).map((h, i) => ({
      id: h.doc.id,
      text: h.doc.text,
      modality: 'text' as const,
      score: h.score,
      rank: i + 1,
    }));

    // Act
    const onEngine = await multiHop(engine, seeds, { query: 'director of Inception', hops: 2, topK: 5 });
    const onMemory = await multiHop(memory, seeds, { query: 'director of Inception', hops: 2, topK: 5 });
    const graphEngine = await graphQuery(engine, { query: 'Mount Everest', depth: 1, topK: 5 });

    // Assess
    expect(onEngine.documents.length).toBeGreaterThan(0);
    expect(new Set(onEngine.paths.filter((p) => p.via).map((p) => p.id))).toEqual(new Set(onMemory.paths.filter((p) => p.via).map((p) => p.id)));
    expect(graphEngine.entities).toEqual((await graphQuery(memory, { query: 'Mount Everest', depth: 1, topK: 5 })).entities);
  });

  it('finds a document by a reference ending with its title, as the in-memory index does', async () => {
    // Prepare
    const titled = memory.documents().filter((d) => d.title !== undefined);

    // Act & Assess
    expect(titled.length).toBeGreaterThan(0);
    for (const doc of titled) {
      const reference = `media/${doc.title!.toUpperCase()}`;
      expect((await engine.findDocument(reference))?.id).toBe((await memory.findDocument(reference))?.id);
    }
    expect((await engine.findDocument(titled[0]!.id))?.id).toBe(titled[0]!.id);
    expect(await engine.findDocument('no-such-file.mp3')).toBeUndefined();
  });

  it('writes a manifest naming the corpus hash, the format and the methods', () => {
    // Act
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));

    // Assess
    expect(manifest).toMatchObject({
      format: 'cairn-corpus-index',
      formatVersion: INDEX_FORMAT_VERSION,
      documents: memory.size,
      graphMethod: memory.graphMethod,
      vectorIndex: 'exact',
    });
    expect(manifest.corpus.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('LanceCorpusIndex: vector search through the HNSW graph', () => {
  let engine: LanceCorpusIndex;

  beforeAll(async () => {
    const dir = join(tempDir('lance-hnsw'), 'index');
    // The threshold is lowered so the mini corpus gets the graph a large corpus gets.
    await buildIndex(MINI_CORPUS, dir, { annMinDocuments: 1 });
    engine = await openIndex(dir);
  });

  afterAll(() => engine?.close());

  it('says in its manifest that vector search goes through the graph, and finds the exact neighbours', async () => {
    // Act
    const queries = ['pink dolphins of the Amazon river', 'Everest', 'who directed the film Inception'];

    // Assess
    expect(engine.manifest.vectorIndex).toBe('ivf-hnsw-sq');
    for (const query of queries) expect(ids(await engine.vectorSearch(query, { topK: 3 }))).toEqual(await engine.exactVectorIds(query, 3));
  });

  it('fuses keyword and vector search by rank in the hybrid search', async () => {
    // Act
    const query = 'second highest mountain in the Karakoram';
    const [keyword, vector, hybrid] = await Promise.all([
      engine.keywordSearch(query, { topK: 5 }),
      engine.vectorSearch(query, { topK: 5 }),
      engine.hybridSearch(query, 5),
    ]);

    // Assess: a document first in both lists is first in the fusion, and only listed documents appear.
    const listed = new Set([...ids(keyword), ...ids(vector)]);
    expect(hybrid.length).toBeGreaterThan(0);
    expect(hybrid.every((h) => listed.has(h.id))).toBe(true);
    if (keyword[0]?.doc.id === vector[0]?.doc.id) expect(hybrid[0]?.id).toBe(keyword[0]?.doc.id);
    expect(hybrid.every((h, i) => i === 0 || h.score <= hybrid[i - 1]!.score)).toBe(true);
  });
});

describe('buildIndex and openIndex: bad input', () => {
  it('refuses a corpus line without an id, naming the line, and leaves no index', async () => {
    // Prepare
    const work = tempDir('lance-bad');
    const corpus = join(work, 'corpus.jsonl');
    writeFileSync(corpus, '{"id":"a","text":"one"}\n{"text":"no id here"}\n');

    // Act & Assess
    await expect(buildIndex(corpus, join(work, 'index'))).rejects.toThrow(/corpus.jsonl line 2: not a document: "id" must be a non-empty string/);
    expect(readdirSync(work)).toEqual(['corpus.jsonl']);
  });

  it('refuses a corpus that changes while it is indexed, and leaves the previous index as it was', async () => {
    // Prepare
    const work = tempDir('lance-change');
    const corpus = join(work, 'corpus.jsonl');
    writeFileSync(corpus, '{"id":"a","title":"Alpha","text":"alpha text"}\n');
    const out = join(work, 'index');
    await buildIndex(corpus, out);
    const before = readFileSync(join(out, MANIFEST_FILE), 'utf8');
    const embedder: Embedder = {
      name: 'appends-to-the-corpus',
      dimensions: 2,
      embed: async (texts) => {
        appendFileSync(corpus, '{"id":"b","text":"written during the build"}\n');
        return texts.map(() => Float32Array.from([1, 0]));
      },
    };

    // Act & Assess
    await expect(buildIndex(corpus, out, { embedder })).rejects.toThrow(/changed while it was indexed/);
    expect(readFileSync(join(out, MANIFEST_FILE), 'utf8')).toBe(before);
    expect(readdirSync(work).sort()).toEqual(['corpus.jsonl', 'index']);
  });

  it('refuses an index of another format version in one line saying to re-index', async () => {
    // Prepare
    const work = tempDir('lance-old');
    const corpus = join(work, 'corpus.jsonl');
    writeFileSync(corpus, '{"id":"a","text":"alpha"}\n');
    const out = join(work, 'index');
    await buildIndex(corpus, out);
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_FILE), 'utf8'));
    // The previous format (1) kept the vectorizer's state as JSON beside the tables.
    writeFileSync(join(out, MANIFEST_FILE), JSON.stringify({ ...manifest, formatVersion: 1 }));

    // Act & Assess
    await expect(openIndex(out)).rejects.toThrow(
      /^index .* was written in format 1, this Cairn reads format 4: re-index with: npm start -- index --corpus .*corpus\.jsonl --out .*index$/,
    );
  });

  it('refuses a folder with no index', async () => {
    await expect(openIndex(tempDir('lance-none'))).rejects.toThrow(/no corpus index at/);
  });

  it('refuses an embedder whose vectors have the wrong dimension, leaving nothing behind', async () => {
    // Prepare
    const work = tempDir('lance-dims');
    const corpus = join(work, 'corpus.jsonl');
    writeFileSync(corpus, '{"id":"a","text":"alpha"}\n');
    const embedder: Embedder = { name: 'broken', dimensions: 3, embed: async (texts) => texts.map(() => new Float32Array(2)) };

    // Act & Assess
    await expect(buildIndex(corpus, join(work, 'index'), { embedder })).rejects.toThrow(/2 dimensions, expected 3/);
    expect(existsSync(join(work, 'index'))).toBe(false);
  });
});

describe('FileCorpusProvider with an index root', () => {
  it('opens the index of a corpus, and indexes the corpus again once it changed', async () => {
    // Prepare
    const work = tempDir('lance-provider');
    const corpus = join(work, 'corpus.jsonl');
    const root = join(work, 'indexes');
    writeFileSync(corpus, '{"id":"a","title":"Alpha","text":"alpha text"}\n');
    await buildIndex(corpus, defaultIndexDir(root, corpus));

    // Act
    const first = await new FileCorpusProvider(corpus, { indexRoot: root }).load(corpus);
    appendFileSync(corpus, '{"id":"b","title":"Beta","text":"beta text"}\n');
    const second = await new FileCorpusProvider(corpus, { indexRoot: root }).load(corpus);

    // Assess
    expect(first).toBeInstanceOf(LanceCorpusIndex);
    expect(first.size).toBe(1);
    expect(second).toBeInstanceOf(LanceCorpusIndex);
    expect(second.size).toBe(2);
    expect((await second.keywordSearch('beta', { topK: 1 }))[0]?.doc.id).toBe('b');
  });

  it('opens an index folder named as the corpus, and keeps a corpus without an index in memory', async () => {
    // Prepare
    const work = tempDir('lance-provider-dir');
    const corpus = join(work, 'corpus.jsonl');
    writeFileSync(corpus, '{"id":"a","title":"Alpha","text":"alpha text"}\n');
    const out = join(work, 'elsewhere');
    await buildIndex(corpus, out);

    // Act
    const fromFolder = await new FileCorpusProvider(out).load(out);
    const inMemory = await new FileCorpusProvider(corpus, { indexRoot: join(work, 'indexes') }).load(corpus);

    // Assess
    expect(fromFolder).toBeInstanceOf(LanceCorpusIndex);
    expect(inMemory).not.toBeInstanceOf(LanceCorpusIndex);
  });
});
