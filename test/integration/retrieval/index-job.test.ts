/**
 * The index job and Execute's opening of stored indexes, through the real S3 client over a
 * loopback S3 server (and the real OpenSearch client over the OpenSearch loopback): a corpus in S3
 * is indexed once; Execute's corpus provider opens that index without reading the corpus; a
 * missing, stale or older index fails with one line saying to run the job; a corpus that changes
 * while it is indexed fails the job and leaves the previous index current.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileCorpusProvider } from '../../../functions/adapters/corpus/file-corpus-provider.js';
import { createOpenSearchClient } from '../../../functions/adapters/corpus/opensearch/client.js';
import { S3CorpusProvider } from '../../../functions/adapters/corpus/s3-corpus-provider.js';
import { type LocalIndexEngine, runIndexJob } from '../../../functions/adapters/corpus/s3-index/index-job.js';
import { POINTER_FILE } from '../../../functions/adapters/corpus/s3-index/s3-index-store.js';
import { StoredIndexes } from '../../../functions/adapters/corpus/s3-index/stored-index.js';
import { InvalidInputError } from '../../../functions/core/errors.js';
import { buildCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { makeBuildIndexHandler } from '../../../functions/handlers/index-job/build-index.js';
import { createCorpusProvider } from '../../../functions/runtime/adapters.js';
import { localIndexEngine } from '../../../functions/runtime/index-engines.js';
import { createIndexJobRuntime } from '../../../functions/runtime/index-job.js';
import { loadConfig } from '../../../functions/shared/config.js';
import { s3Event } from '../../support/aws-events.js';
import { MINI_CORPUS } from '../../support/corpus.js';
import { lambdaContext } from '../../support/lambda-context.js';
import { OpenSearchLoopback } from '../../support/opensearch-loopback.js';
import { LoopbackRetrieval } from '../../support/retrieval-loopback.js';
import { loopbackS3Client, S3Loopback } from '../../support/s3-loopback.js';
import { tempDir } from '../../support/temp-dir.js';

const BUCKET = 'cairn-bucket';
const INDEXES = `s3://${BUCKET}/indexes/`;

/**
 * A local engine that stores the parsed documents as one file and opens them in memory: enough to
 * carry a build through S3 and back. It counts opens and builds, so a test sees which happened.
 */
class FolderEngine implements LocalIndexEngine {
  readonly name = 'test-folder@1';
  builds = 0;
  opens = 0;
  async build(corpusFile: string, outDir: string): Promise<{ documents: number }> {
    this.builds++;
    const lines = (await readFile(corpusFile, 'utf8')).split('\n').filter((l) => l.trim() !== '');
    await mkdir(join(outDir, 'data'), { recursive: true });
    await writeFile(join(outDir, 'data', 'documents.jsonl'), lines.join('\n'));
    return { documents: lines.length };
  }
  async open(dir: string) {
    this.opens++;
    const text = await readFile(join(dir, 'data', 'documents.jsonl'), 'utf8');
    return buildCorpusIndex(text.split('\n').map((l) => JSON.parse(l)));
  }
}

let s3: S3Loopback;
let search: OpenSearchLoopback;
let corpusText: string;

beforeAll(async () => {
  s3 = await S3Loopback.start();
  search = await OpenSearchLoopback.start();
  corpusText = await readFile(MINI_CORPUS, 'utf8');
});
afterAll(async () => {
  await s3.close();
  await search.close();
});

const client = () => loopbackS3Client(s3);
const opensearch = () =>
  createOpenSearchClient({
    endpoint: search.endpoint,
    region: 'eu-west-1',
    getCredentials: async () => ({ accessKeyId: 'AKID', secretAccessKey: 'secret' }),
    requestTimeoutMs: 2000,
  });

/** The environment of the job and of Execute with an OpenAI-compatible embedding server at `url`. */
function embeddingEnv(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    CAIRN_RETRIEVAL_ENGINE: 'local',
    CAIRN_INDEX_LOCATION: INDEXES,
    AWS_REGION: 'eu-west-1',
    CAIRN_EMBEDDINGS: 'openai',
    CAIRN_EMBEDDINGS_URL: `${url}/v1`,
    CAIRN_EMBEDDINGS_MODEL: 'nomic-embed-text',
    CAIRN_EMBEDDINGS_DIMENSIONS: '16',
    ...extra,
  };
}

describe('Function: runIndexJob with the local engine, and StoredIndexes', () => {
  it('builds once, uploads the build then the pointer, and Execute opens it without reading the corpus', async () => {
    // Prepare
    const engine = new FolderEngine();
    s3.put(BUCKET, 'corpus/mini.jsonl', corpusText);
    const corpus = `s3://${BUCKET}/corpus/mini.jsonl`;

    // Act
    const result = await runIndexJob({ s3: client, indexLocation: INDEXES, engine: { kind: 'local', local: engine } }, corpus);
    const before = s3.requests.length;
    const provider = new S3CorpusProvider({
      client,
      files: new FileCorpusProvider(MINI_CORPUS),
      defaultRef: corpus,
      stored: new StoredIndexes(client, { kind: 'local', local: engine, indexLocation: INDEXES, cacheDir: tempDir('index-cache') }),
    });
    const index = await provider.load(undefined);
    const again = await provider.load(corpus);

    // Assess
    expect(result.documents).toBe(index.size);
    expect(engine.builds).toBe(1);
    const keys = s3.requests.filter((r) => r.method === 'PUT').map((r) => r.key);
    expect(keys.at(-1)).toBe(`${BUCKET}/indexes/${BUCKET}/corpus/mini.jsonl/${POINTER_FILE}`);
    expect(keys.slice(0, -1).every((k) => k.includes('/data/documents.jsonl'))).toBe(true);
    const reads = s3.requests.slice(before);
    // Execute never GETs the corpus: a HEAD for its ETag, the pointer, the build's files.
    expect(reads.filter((r) => r.key === `${BUCKET}/corpus/mini.jsonl` && r.method === 'GET')).toEqual([]);
    expect(reads.filter((r) => r.method === 'HEAD').length).toBe(2);
    expect(again).toBe(index);
    expect(engine.opens).toBe(1);
    expect((await index.keywordSearch('Mount Everest Himalayas', { topK: 1 }))[0]?.doc.id).toBe('t-everest');
  });

  it('fails a plan over a corpus never indexed, or changed since, with one line saying to run the job', async () => {
    const engine = new FolderEngine();
    const stored = new StoredIndexes(client, { kind: 'local', local: engine, indexLocation: INDEXES, cacheDir: tempDir('index-cache') });
    s3.put(BUCKET, 'corpus/new.jsonl', corpusText);
    await expect(stored.load(`s3://${BUCKET}/corpus/new.jsonl`)).rejects.toThrow(
      /^no index of s3:\/\/cairn-bucket\/corpus\/new.jsonl: run the index job on it/,
    );

    await runIndexJob({ s3: client, indexLocation: INDEXES, engine: { kind: 'local', local: engine } }, `s3://${BUCKET}/corpus/new.jsonl`);
    s3.put(BUCKET, 'corpus/new.jsonl', `${corpusText}\n{"id":"extra","text":"one more document"}\n`);
    const stale = await stored.load(`s3://${BUCKET}/corpus/new.jsonl`).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(InvalidInputError);
    expect(String((stale as Error).message)).toMatch(/^the index of s3:\/\/cairn-bucket\/corpus\/new.jsonl is stale: the corpus changed since it was indexed/);
    expect(engine.opens).toBe(0);
  });

  it('refuses a pointer of another format version', async () => {
    const engine = new FolderEngine();
    s3.put(BUCKET, 'corpus/old.jsonl', corpusText);
    await runIndexJob({ s3: client, indexLocation: INDEXES, engine: { kind: 'local', local: engine } }, `s3://${BUCKET}/corpus/old.jsonl`);
    const pointerKey = `indexes/${BUCKET}/corpus/old.jsonl/${POINTER_FILE}`;
    s3.put(BUCKET, pointerKey, s3.text(BUCKET, pointerKey)!.replace('"formatVersion": 1', '"formatVersion": 0'));
    const stored = new StoredIndexes(client, { kind: 'local', local: engine, indexLocation: INDEXES, cacheDir: tempDir('index-cache') });
    await expect(stored.load(`s3://${BUCKET}/corpus/old.jsonl`)).rejects.toThrow(/has format version 0, this Cairn reads 1: run the index job on it .* again/);
  });

  it('fails the job when the corpus changes while it is indexed, and leaves the previous index current', async () => {
    // Prepare: a first build, then a second during which another writer replaces the corpus.
    const engine = new FolderEngine();
    const corpus = `s3://${BUCKET}/corpus/moving.jsonl`;
    s3.put(BUCKET, 'corpus/moving.jsonl', corpusText);
    await runIndexJob({ s3: client, indexLocation: INDEXES, engine: { kind: 'local', local: engine } }, corpus);
    const pointerKey = `indexes/${BUCKET}/corpus/moving.jsonl/${POINTER_FILE}`;
    const firstPointer = s3.text(BUCKET, pointerKey);
    s3.afterRequest = (method, key) => {
      if (method === 'GET' && key === `${BUCKET}/corpus/moving.jsonl`)
        s3.put(BUCKET, 'corpus/moving.jsonl', `${corpusText}\n{"id":"late","text":"written meanwhile"}`);
    };

    // Act
    const failure = await runIndexJob({ s3: client, indexLocation: INDEXES, engine: { kind: 'local', local: engine } }, corpus).catch((e: unknown) => e);
    s3.afterRequest = undefined;

    // Assess
    expect(failure).toBeInstanceOf(InvalidInputError);
    expect(String((failure as Error).message)).toMatch(/^corpus changed while it was indexed: s3:\/\/cairn-bucket\/corpus\/moving.jsonl/);
    expect(s3.text(BUCKET, pointerKey)).toBe(firstPointer);
  });

  it('names a corpus line without an id and a corpus that is not in S3', async () => {
    s3.put(BUCKET, 'corpus/bad.jsonl', '{"id":"a","text":"fine"}\n{"text":"no id here"}\n');
    const withOpenSearch = { s3: client, indexLocation: INDEXES, engine: { kind: 'opensearch' as const, client: opensearch } };
    await expect(runIndexJob(withOpenSearch, `s3://${BUCKET}/corpus/bad.jsonl`)).rejects.toThrow(/line 2/);
    await expect(runIndexJob(withOpenSearch, '/var/task/corpus.jsonl')).rejects.toThrow(/^the index job indexes corpora in S3/);
    await expect(runIndexJob(withOpenSearch, `s3://${BUCKET}/corpus/absent.jsonl`)).rejects.toThrow(/^corpus not found/);
  });
});

describe('Function: runIndexJob with OpenSearch, and StoredIndexes', () => {
  it('loads the engine once and Execute searches it with the vectorizer state the job stored', async () => {
    // Prepare
    s3.put(BUCKET, 'corpus/films.jsonl', corpusText);
    const corpus = `s3://${BUCKET}/corpus/films.jsonl`;

    // Act
    const result = await runIndexJob({ s3: client, indexLocation: INDEXES, engine: { kind: 'opensearch', client: opensearch } }, corpus);
    const stored = new StoredIndexes(client, { kind: 'opensearch', client: opensearch });
    const index = await stored.load(corpus);
    const memory = await buildCorpusIndex(
      corpusText
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l)),
    );

    // Assess
    expect(result.engine).toBe('opensearch');
    expect(index.size).toBe(memory.size);
    const got = await index.vectorSearch('pink dolphins of the Amazon', { topK: 3 });
    const expected = await memory.vectorSearch('pink dolphins of the Amazon', { topK: 3 });
    expect(got.map((h) => h.doc.id)).toEqual(expected.map((h) => h.doc.id));
    expect(await index.linkedDocuments('t-inception')).toEqual(await memory.linkedDocuments('t-inception'));

    s3.put(BUCKET, 'corpus/films.jsonl', `${corpusText}\n{"id":"new","text":"new"}`);
    await expect(stored.load(corpus)).rejects.toThrow(/is stale: the corpus changed since it was indexed/);
    await expect(stored.load(`s3://${BUCKET}/corpus/mini.jsonl`)).rejects.toThrow(/^no index of s3:\/\/cairn-bucket\/corpus\/mini.jsonl in OpenSearch/);
  });
});

describe('Handler: the index job with LanceDB, the stack default', () => {
  it('builds the index of a corpus written under corpus/ and Execute opens it from S3 and searches it', async () => {
    // Prepare: the job's runtime from the variables the stack sets, S3 on loopback.
    s3.put(BUCKET, 'corpus/lance mini.jsonl', corpusText);
    const config = loadConfig({ CAIRN_RETRIEVAL_ENGINE: 'local', CAIRN_INDEX_LOCATION: INDEXES, AWS_REGION: 'eu-west-1' });
    const handler = makeBuildIndexHandler(createIndexJobRuntime(config, { s3: client }));

    // Act
    const [result] = await handler(s3Event([{ key: 'corpus/lance mini.jsonl', sequencer: '01' }], BUCKET), lambdaContext('build-index'));
    const stored = new StoredIndexes(client, { kind: 'local', local: localIndexEngine(), indexLocation: INDEXES, cacheDir: tempDir('lance-cache') });
    const index = await stored.load(`s3://${BUCKET}/corpus/lance mini.jsonl`);

    // Assess
    expect(result?.engine).toMatch(/^lancedb-index-v\d+$/);
    expect(result?.documents).toBe(index.size);
    expect(s3.keys(`${BUCKET}/indexes/${BUCKET}/corpus/lance mini.jsonl/`).some((k) => k.endsWith('/manifest.json'))).toBe(true);
    expect((await index.keywordSearch('Christopher Nolan film', { topK: 2 })).map((h) => h.doc.id)).toContain('t-inception');
    expect(await index.linkedDocuments('t-inception')).toContain('t-nolan');
  });

  it('embeds the documents with the model CAIRN_EMBEDDINGS names, and Execute embeds its queries with it', async () => {
    // Prepare: the job and Execute from one environment naming an OpenAI-compatible server on loopback.
    const embeddings = await LoopbackRetrieval.start();
    try {
      const env = embeddingEnv(embeddings.url);
      s3.put(BUCKET, 'corpus/embedded.jsonl', corpusText);
      const handler = makeBuildIndexHandler(createIndexJobRuntime(loadConfig(env), { s3: client }));

      // Act
      const [result] = await handler({ corpus: `s3://${BUCKET}/corpus/embedded.jsonl` }, lambdaContext('build-index'));
      const embeddedByJob = embeddings.requests.flatMap((r) => r.body.input as string[]);
      const execute = createCorpusProvider(loadConfig(env), {
        dynamo: new DynamoDBClient({ region: 'eu-west-1' }),
        s3: client,
      });
      const index = await execute.load(`s3://${BUCKET}/corpus/embedded.jsonl`);
      const hits = await index.vectorSearch('Christopher Nolan film Inception', { topK: 2 });

      // Assess: every document went to the model, the query too, and the index names the model.
      expect(result?.documents).toBe(index.size);
      expect(embeddedByJob.length).toBe(index.size);
      expect(embeddings.requests.at(-1)?.body.input).toEqual(['Christopher Nolan film Inception']);
      expect(index.vectorMethod).toBe('openai-embeddings(nomic-embed-text,16)');
      expect(hits.map((h) => h.doc.id)).toContain('t-inception');
    } finally {
      await embeddings.close();
    }
  });

  it('fails the job in one line when the embedding service is down, and makes no index current', async () => {
    // Prepare
    const embeddings = await LoopbackRetrieval.start();
    embeddings.script({ status: 503 }, { status: 503 }, { status: 503 });
    const env = embeddingEnv(embeddings.url, { CAIRN_RETRIEVAL_MAX_ATTEMPTS: '3' });
    s3.put(BUCKET, 'corpus/unembedded.jsonl', corpusText);
    const handler = makeBuildIndexHandler(createIndexJobRuntime(loadConfig(env), { s3: client }));

    // Act & Assess
    try {
      await expect(handler({ corpus: `s3://${BUCKET}/corpus/unembedded.jsonl` }, lambdaContext('build-index'))).rejects.toThrow(/503/);
      expect(s3.keys(`${BUCKET}/indexes/${BUCKET}/corpus/unembedded.jsonl/`).some((k) => k.endsWith(POINTER_FILE))).toBe(false);
    } finally {
      await embeddings.close();
    }
  });

  it('refuses an event that names no corpus', async () => {
    const config = loadConfig({ CAIRN_RETRIEVAL_ENGINE: 'local', CAIRN_INDEX_LOCATION: INDEXES, AWS_REGION: 'eu-west-1' });
    const handler = makeBuildIndexHandler(createIndexJobRuntime(config, { s3: client }));
    await expect(handler({ corpus: '' }, lambdaContext('build-index'))).rejects.toThrow(
      /^the index job takes an S3 event or \{"corpus": "s3:\/\/bucket\/key"\}/,
    );
  });
});
