/**
 * The index job: builds the index of one corpus in S3, once, where Execute will open it. It reads
 * the corpus object with its ETag and hashes its bytes; builds (the local engine into a folder that
 * is then uploaded, or OpenSearch directly); and checks, before the index is made current, that
 * the object still has the ETag it was read at: a corpus that changed while it was indexed fails
 * the job with one line, and the half-built index is never pointed at.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Client } from '@opensearch-project/opensearch';
import { CairnError, InvalidInputError } from '../../../core/errors.js';
import type { CorpusIndex, Embedder } from '../../../core/ports.js';
import { searchableText } from '../../../core/retrieval/corpus-index.js';
import { LexicalVectorizer } from '../../../core/retrieval/lexical-vectorizer.js';
import { describeAwsError } from '../../aws/transient.js';
import { isMissingObject, isS3Uri, parseS3Uri } from '../../s3/uri.js';
import { detectFormat, parseCorpusText } from '../load-corpus.js';
import { buildOpenSearchIndex } from '../opensearch/opensearch-build.js';
import { indexPrefixOf, type StoredIndexPointer, uploadBuild } from './s3-index-store.js';

/** The local engine as the index job and Execute use it: a folder built from a corpus file, and opened. */
/**
 * Where the OpenSearch client comes from: made on first use, and possibly loaded then (the client
 * package is large, and only the functions of an OpenSearch deployment ever call it).
 */
export type OpenSearchClientSource = () => Client | Promise<Client>;

export interface LocalIndexEngine {
  /** The engine and its version, recorded in the pointer (`lancedb@0.31`). */
  readonly name: string;
  build(corpusFile: string, outDir: string): Promise<{ documents: number }>;
  open(dir: string): Promise<CorpusIndex>;
}

export interface IndexJobDeps {
  s3: () => S3Client;
  /** `s3://bucket/prefix/` where indexes (and, with OpenSearch, the lexical vectorizer's state) go. */
  indexLocation: string;
  engine: { kind: 'local'; local: LocalIndexEngine } | { kind: 'opensearch'; client: OpenSearchClientSource; embedder?: Embedder };
  now?: () => Date;
}

export interface IndexJobResult {
  corpus: string;
  engine: string;
  documents: number;
  /** The folder of the build in S3, or the OpenSearch index. */
  location: string;
  corpusSha256: string;
  buildMs: number;
}

/** The lexical vectorizer's state beside an OpenSearch index, so queries are embedded as the documents were. */
export const LEXICAL_STATE_FILE = 'lexical-vectorizer.json';

export async function runIndexJob(deps: IndexJobDeps, corpus: string): Promise<IndexJobResult> {
  const started = Date.now();
  if (!isS3Uri(corpus)) throw new InvalidInputError(`the index job indexes corpora in S3 (s3://bucket/key), got ${JSON.stringify(corpus)}`);
  const { bucket, key } = parseS3Uri(corpus);
  const s3 = deps.s3();
  let bytes: Uint8Array;
  let etag: string;
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    bytes = (await out.Body?.transformToByteArray()) ?? new Uint8Array();
    etag = out.ETag ?? '';
  } catch (error) {
    if (isMissingObject(error)) throw new InvalidInputError(`corpus not found: ${corpus}`, { cause: error });
    throw new CairnError(`S3 GetObject ${corpus} failed: ${describeAwsError(error)}`, { cause: error });
  }
  const corpusSha256 = createHash('sha256').update(bytes).digest('hex');
  const now = (deps.now ?? (() => new Date()))();
  const build = `${now.toISOString().replace(/[-:.]/g, '')}-${corpusSha256.slice(0, 12)}`;
  const location = indexPrefixOf(deps.indexLocation, corpus);
  const unchanged = async () => {
    const current = await headEtag(s3, corpus);
    if (current !== etag)
      throw new InvalidInputError(
        `corpus changed while it was indexed: ${corpus} (ETag ${etag}, now ${current ?? 'deleted'}); the index was not made current: run the index job again`,
      );
  };

  if (deps.engine.kind === 'local') {
    const work = await mkdtemp(join(tmpdir(), 'cairn-index-job-'));
    try {
      const file = join(work, basename(key));
      await writeFile(file, bytes);
      const out = join(work, 'index');
      const { documents } = await deps.engine.local.build(file, out);
      await unchanged();
      const pointer: Omit<StoredIndexPointer, 'files' | 'format' | 'formatVersion'> = {
        engine: deps.engine.local.name,
        corpus,
        corpusEtag: etag,
        corpusSha256,
        build,
        documents,
        builtAt: now.toISOString(),
      };
      await uploadBuild(s3, location, out, pointer);
      return {
        corpus,
        engine: pointer.engine,
        documents,
        location: `s3://${location.bucket}/${location.prefix}${build}/`,
        corpusSha256,
        buildMs: Date.now() - started,
      };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  const text = new TextDecoder('utf-8').decode(bytes);
  const documents = parseCorpusText(text, corpus, detectFormat(key, text));
  let embedder = deps.engine.embedder;
  let embedderState: string | undefined;
  if (embedder === undefined) {
    // The no-key default: a lexical vectorizer fitted on this corpus, its state stored in S3 for the queries.
    const vectorizer = LexicalVectorizer.fit(documents.map(searchableText));
    const stateKey = `${location.prefix}${build}/${LEXICAL_STATE_FILE}`;
    try {
      await s3.send(
        new PutObjectCommand({ Bucket: location.bucket, Key: stateKey, Body: JSON.stringify(vectorizer.state()), ContentType: 'application/json' }),
      );
    } catch (error) {
      throw new CairnError(`S3 PutObject s3://${location.bucket}/${stateKey} failed: ${describeAwsError(error)}`, { cause: error });
    }
    embedder = vectorizer;
    embedderState = `s3://${location.bucket}/${stateKey}`;
  }
  const manifest = await buildOpenSearchIndex({
    client: await deps.engine.client(),
    corpus,
    documents,
    corpusSha256,
    corpusEtag: etag,
    embedder,
    now: () => now,
    ...(embedderState !== undefined ? { embedderState } : {}),
    beforeManifest: unchanged,
  });
  return { corpus, engine: 'opensearch', documents: documents.length, location: manifest.index, corpusSha256, buildMs: Date.now() - started };
}

/** The ETag of the object now, or undefined when it is gone. */
export async function headEtag(s3: S3Client, corpus: string): Promise<string | undefined> {
  const { bucket, key } = parseS3Uri(corpus);
  try {
    return (await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ETag;
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    throw new CairnError(`S3 HeadObject ${corpus} failed: ${describeAwsError(error)}`, { cause: error });
  }
}
