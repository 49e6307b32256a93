/**
 * How Execute opens the index of a corpus in S3 that the index job built: never by indexing. Each
 * load asks S3 for the corpus object's ETag (one HEAD) and reuses the index already open while it
 * is unchanged; otherwise it opens the current build (the local engine's files, downloaded once per
 * container, or the OpenSearch index) after checking that it was built from this very object and
 * in a format this code reads. A missing or stale index is an error naming what to do, which fails
 * the plan with that reason in its trace; nothing is rebuilt here.
 */
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { CairnError, InvalidInputError } from '../../../core/errors.js';
import type { CorpusIndex, Embedder } from '../../../core/ports.js';
import { LexicalVectorizer, type LexicalVectorizerState } from '../../../core/retrieval/lexical-vectorizer.js';
import { describeAwsError } from '../../aws/transient.js';
import { parseS3Uri } from '../../s3/uri.js';
import { openOpenSearchIndex, readOpenSearchManifest } from '../opensearch/opensearch-build.js';
import { headEtag, type LocalIndexEngine, type OpenSearchClientSource } from './index-job.js';
import { downloadBuild, indexPrefixOf, readPointer, S3_INDEX_FORMAT_VERSION } from './s3-index-store.js';

export type StoredIndexEngine =
  | { kind: 'local'; local: LocalIndexEngine; indexLocation: string; cacheDir: string }
  | {
      kind: 'opensearch';
      client: OpenSearchClientSource;
      /** The configured embedder; undefined for the lexical default, restored from the state the job stored. */
      embedder?: Embedder;
    };

const RUN_THE_JOB = 'run the index job on it (docs/deploy.md: Retrieval on AWS)';

export class StoredIndexes {
  private readonly open = new Map<string, { etag: string; index: Promise<CorpusIndex> }>();

  constructor(
    private readonly s3: () => S3Client,
    private readonly engine: StoredIndexEngine,
  ) {}

  async load(corpus: string): Promise<CorpusIndex> {
    const etag = await headEtag(this.s3(), corpus);
    if (etag === undefined) throw new InvalidInputError(`corpus not found: ${corpus}`);
    const cached = this.open.get(corpus);
    if (cached !== undefined && cached.etag === etag) return cached.index;
    const index = this.openCurrent(corpus, etag);
    // A failed open is not kept: the next request sees the index once the job has built it.
    index.catch(() => this.open.delete(corpus));
    this.open.set(corpus, { etag, index });
    return index;
  }

  private async openCurrent(corpus: string, etag: string): Promise<CorpusIndex> {
    const engine = this.engine;
    if (engine.kind === 'opensearch') {
      const client = await engine.client();
      const manifest = await readOpenSearchManifest(client, corpus);
      // A missing manifest, or one of another embedder, is refused by openOpenSearchIndex in words.
      const embedder = engine.embedder ?? (await this.lexicalState(corpus, manifest?.embedder.state)) ?? new LexicalVectorizer();
      return openOpenSearchIndex({ client, corpus, corpusEtag: etag, embedder });
    }
    const location = indexPrefixOf(engine.indexLocation, corpus);
    const pointer = await readPointer(this.s3(), location);
    if (pointer === undefined) throw new InvalidInputError(`no index of ${corpus}: ${RUN_THE_JOB}`);
    if (pointer.format !== 'cairn-s3-index' || pointer.formatVersion !== S3_INDEX_FORMAT_VERSION)
      throw new InvalidInputError(
        `the index of ${corpus} has format version ${pointer.formatVersion}, this Cairn reads ${S3_INDEX_FORMAT_VERSION}: ${RUN_THE_JOB} again`,
      );
    if (pointer.engine !== engine.local.name)
      throw new InvalidInputError(`the index of ${corpus} was written by ${pointer.engine}, this Cairn opens ${engine.local.name}: ${RUN_THE_JOB} again`);
    if (pointer.corpusEtag !== etag)
      throw new InvalidInputError(`the index of ${corpus} is stale: the corpus changed since it was indexed at ${pointer.builtAt}: ${RUN_THE_JOB} again`);
    const dir = await downloadBuild(this.s3(), location, pointer, engine.cacheDir);
    return engine.local.open(dir);
  }

  /** The lexical vectorizer the job fitted on the corpus, from the state it stored. */
  private async lexicalState(corpus: string, state: string | undefined): Promise<Embedder | undefined> {
    if (state === undefined) return undefined;
    const { bucket, key } = parseS3Uri(state);
    try {
      const out = await this.s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return LexicalVectorizer.fromState(JSON.parse((await out.Body?.transformToString('utf8')) ?? '') as LexicalVectorizerState);
    } catch (error) {
      throw new CairnError(`the vectorizer state of the index of ${corpus} (${state}) cannot be read: ${describeAwsError(error)}`, { cause: error });
    }
  }
}
