/**
 * The OpenSearch engine adapter through the real OpenSearch client (SigV4-signed for `aoss`) over a
 * loopback server speaking the REST endpoints it uses: a build writes every document and then the
 * manifest, opening refuses a missing, stale, older or differently embedded index, and the entity
 * graph and vector search answer as the in-memory index does on the same corpus.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCorpus } from '../../../functions/adapters/corpus/load-corpus.js';
import { createOpenSearchClient } from '../../../functions/adapters/corpus/opensearch/client.js';
import { buildOpenSearchIndex, openOpenSearchIndex } from '../../../functions/adapters/corpus/opensearch/opensearch-build.js';
import { RetrievalEngineError, RetrievalEngineTransientError } from '../../../functions/adapters/corpus/opensearch/opensearch-index.js';
import { MANIFEST_INDEX } from '../../../functions/adapters/corpus/opensearch/schema.js';
import { InvalidInputError } from '../../../functions/core/errors.js';
import { createCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { LexicalVectorizer } from '../../../functions/core/retrieval/lexical-vectorizer.js';
import { isTransient } from '../../../functions/core/transient.js';
import type { CorpusDocument } from '../../../functions/core/types.js';
import { MINI_CORPUS } from '../../support/corpus.js';
import { OpenSearchLoopback } from '../../support/opensearch-loopback.js';

const CORPUS = 's3://cairn-bucket/corpus/mini.jsonl';
const credentials = async () => ({ accessKeyId: 'AKIDLOOPBACK', secretAccessKey: 'loopback-secret' });
const searchable = (doc: CorpusDocument) => (doc.title ? `${doc.title}. ${doc.text}` : doc.text);

let server: OpenSearchLoopback;
let docs: CorpusDocument[];

beforeAll(async () => {
  server = await OpenSearchLoopback.start();
  docs = await loadCorpus(MINI_CORPUS);
});
afterAll(async () => server.close());

const clientOf = () => createOpenSearchClient({ endpoint: server.endpoint, region: 'eu-west-1', getCredentials: credentials, requestTimeoutMs: 2000 });
const embedderOf = (documents: readonly CorpusDocument[]) => LexicalVectorizer.fit(documents.map(searchable));

async function build(corpus: string, etag: string, documents: readonly CorpusDocument[] = docs) {
  return buildOpenSearchIndex({ client: clientOf(), corpus, documents, corpusSha256: 'a'.repeat(64), corpusEtag: etag, embedder: embedderOf(documents) });
}

describe('Class: OpenSearchCorpusIndex', () => {
  it('answers the entity graph, vector search and look-ups as the in-memory index does', async () => {
    // Prepare
    await build(CORPUS, '"etag-1"');
    const memory = createCorpusIndex(docs);
    const engine = await openOpenSearchIndex({ client: clientOf(), corpus: CORPUS, corpusEtag: '"etag-1"', embedder: embedderOf(docs) });

    // Act + Assess
    expect(engine.size).toBe(docs.length);
    expect(engine.graphMethod).toBe(memory.graphMethod);
    for (const doc of docs) {
      expect(await engine.linkedDocuments(doc.id)).toEqual([...(await memory.linkedDocuments(doc.id))]);
      expect(await engine.get(doc.id)).toEqual(await memory.get(doc.id));
    }
    for (const text of [
      'Who directed Inception, and what else did Christopher Nolan film?',
      "Mount Everest's neighbour K2 and the Nile",
      'nothing named here',
    ]) {
      expect(await engine.documentsNamedIn(text)).toEqual([...(await memory.documentsNamedIn(text))]);
    }
    for (const query of ['highest mountain on Earth', 'river dolphins in South America', 'film director']) {
      const expected = await memory.vectorSearch(query, { topK: 5 });
      const got = await engine.vectorSearch(query, { topK: 5 });
      expect(got.map((h) => h.doc.id)).toEqual(expected.map((h) => h.doc.id));
      for (const [i, hit] of got.entries()) expect(hit.score).toBeCloseTo(expected[i]!.score, 5);
    }
    // By id, else by the last path segment of a title, file or source (case-insensitive), first in corpus order.
    expect((await engine.findDocument('t-nolan'))?.id).toBe('t-nolan');
    expect((await engine.findDocument('films/INCEPTION'))?.id).toBe('t-inception');
    expect(await engine.findDocument('no-such-file.wav')).toBeUndefined();
  });

  it('ranks by BM25 in the engine and filters by modality on both search kinds', async () => {
    const engine = await openOpenSearchIndex({ client: clientOf(), corpus: CORPUS, corpusEtag: '"etag-1"', embedder: embedderOf(docs) });
    const keyword = await engine.keywordSearch('highest mountain Everest', { topK: 3 });
    expect(keyword[0]?.doc.id).toBe('t-everest');
    const images = await engine.keywordSearch('Everest', { topK: 5, modality: 'image' });
    expect(images.map((h) => h.doc.id)).toEqual(['i-basecamp']);
    const vectorImages = await engine.vectorSearch('Everest base camp tents', { topK: 5, modality: 'image' });
    expect(vectorImages.length).toBeGreaterThan(0);
    expect(vectorImages.every((h) => h.doc.modality === 'image')).toBe(true);
    expect(engine.keywordMethod).toMatch(/opensearch-bm25/);
    expect(engine.vectorMethod).toBe('lexical-hashing-tfidf-v2+opensearch-knn(hnsw)');
  });

  it('signs every request with SigV4 for OpenSearch Serverless', () => {
    expect(server.requests.length).toBeGreaterThan(0);
    for (const request of server.requests) {
      expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDLOOPBACK\/\d{8}\/eu-west-1\/aoss\/aws4_request/);
      expect(request.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("signs with the AWS SDK's default credential chain when no credentials are given (on AWS, the function's role)", async () => {
    // Prepare: the chain's first source, the environment's keys, as Lambda sets them
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDFROMCHAIN');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'chain-secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'chain-session');
    const seen = server.requests.length;
    try {
      // Act: any request will do; this corpus was never indexed
      const client = createOpenSearchClient({ endpoint: server.endpoint, region: 'eu-west-1', requestTimeoutMs: 2000 });
      await openOpenSearchIndex({ client, corpus: 's3://cairn-bucket/never-indexed.jsonl', corpusEtag: '"e"', embedder: embedderOf(docs) }).catch(
        () => undefined,
      );

      // Assess
      const signed = server.requests.slice(seen);
      expect(signed.length).toBeGreaterThan(0);
      for (const request of signed) {
        expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFROMCHAIN\/\d{8}\/eu-west-1\/aoss\/aws4_request/);
        expect(request.headers['x-amz-security-token']).toBe('chain-session');
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('Function: buildOpenSearchIndex and openOpenSearchIndex', () => {
  it('writes the manifest only after every document', async () => {
    const before = server.requests.length;
    await build('s3://cairn-bucket/corpus/order.jsonl', '"o1"');
    const writes = server.requests.slice(before).filter((r) => r.method === 'POST' && !r.path.endsWith('/_search'));
    expect(writes.at(-1)?.path).toBe(`/${MANIFEST_INDEX}/_doc`);
    expect(writes.slice(0, -1).every((r) => r.path === '/_bulk')).toBe(true);
  });

  it('leaves no manifest when a build stops half-way, so the corpus reads as never indexed', async () => {
    // Prepare: 600 documents go in three bulk requests; the second is refused.
    const corpus = 's3://cairn-bucket/corpus/half.jsonl';
    const many = Array.from({ length: 600 }, (_, i) => ({ id: `d${i}`, title: `Doc ${i}`, text: `document number ${i} about topic ${i % 7}` }));
    server.failMatching('/_bulk', 400, 1);

    // Act
    const failure = await build(corpus, '"h1"', many).catch((e: unknown) => e);

    // Assess
    expect(failure).toBeInstanceOf(RetrievalEngineError);
    expect(server.documentsOf('cairn-docs-').filter((d) => String(d.doc_id).startsWith('d')).length).toBe(256);
    await expect(openOpenSearchIndex({ client: clientOf(), corpus, corpusEtag: '"h1"', embedder: embedderOf(many) })).rejects.toThrow(
      /^no index of s3:\/\/cairn-bucket\/corpus\/half.jsonl in OpenSearch: run the index job on it first/,
    );
  });

  it('refuses a stale index, one of another format version, and one embedded otherwise, each in one line', async () => {
    const open = (etag: string, embedder = embedderOf(docs)) => openOpenSearchIndex({ client: clientOf(), corpus: CORPUS, corpusEtag: etag, embedder });
    await expect(open('"etag-2"')).rejects.toThrow(/^the index of s3:\/\/cairn-bucket\/corpus\/mini.jsonl is stale: the corpus changed since it was indexed/);
    await expect(open('"etag-1"', new LexicalVectorizer({ dimensions: 64 }))).rejects.toThrow(/was embedded with lexical-hashing-tfidf-v2 \(1024 dimensions\)/);
    const manifests = server.indices.get(MANIFEST_INDEX)!.docs;
    const newest = manifests.filter((d) => d.source.corpus === CORPUS).at(-1)!;
    (newest.source.manifest as { formatVersion: number }).formatVersion = 0;
    try {
      await expect(open('"etag-1"')).rejects.toThrow(/has format version 0, this Cairn reads 1: run the index job on it again/);
      await expect(open('"etag-1"')).rejects.toBeInstanceOf(InvalidInputError);
    } finally {
      (newest.source.manifest as { formatVersion: number }).formatVersion = 1;
    }
  });

  it('names a busy engine transient and a refused request permanent', async () => {
    const engine = await openOpenSearchIndex({ client: clientOf(), corpus: CORPUS, corpusEtag: '"etag-1"', embedder: embedderOf(docs) });
    // The client retries twice itself: three 503s reach the adapter.
    server.failNext(3, 503);
    const busy = await engine.keywordSearch('Everest', { topK: 3 }).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(RetrievalEngineTransientError);
    expect(isTransient(busy)).toBe(true);
    server.failNext(1, 400);
    const refused = await engine.keywordSearch('Everest', { topK: 3 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RetrievalEngineError);
    expect(isTransient(refused)).toBe(false);
    expect(String((refused as Error).message)).toMatch(/^OpenSearch keywordSearch on cairn-docs-\S+ failed \(HTTP 400\)/);
  });
});
