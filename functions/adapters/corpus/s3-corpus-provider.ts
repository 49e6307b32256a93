/**
 * The CorpusProvider for `s3://bucket/key` references (a JSONL or JSON corpus in S3); any other
 * reference goes to the file provider. An index is built once per container and kept with the
 * object's ETag: later loads ask S3 with If-None-Match and reuse the index while the object is
 * unchanged (a 304 costs one round trip and no parsing).
 */
import { GetObjectCommand, type GetObjectCommandOutput, type S3Client } from '@aws-sdk/client-s3';
import { CairnError, InvalidInputError } from '../../core/errors.js';
import type { CorpusIndex, CorpusProvider } from '../../core/ports.js';
import { buildCorpusIndex, type CorpusIndexOptions } from '../../core/retrieval/corpus-index.js';
import { describeAwsError } from '../aws/transient.js';
import { isMissingObject, isS3Uri, parseS3Uri } from '../s3/uri.js';
import { detectFormat, parseCorpusText } from './load-corpus.js';

export interface S3CorpusProviderOptions {
  /** Created on the first `s3://` reference, so a run that names none never builds an S3 client. */
  client: () => S3Client;
  /** Serves every reference that is not `s3://`. */
  files: CorpusProvider;
  /** The corpus of a request that names none (a path, or an `s3://` reference). */
  defaultRef: string;
  /**
   * Whether a request may name a path. On AWS it may not: a path there is the function's own
   * file system (its code, /proc), never a corpus someone meant. Default true.
   */
  requestPaths?: boolean;
  indexOptions?: CorpusIndexOptions;
  /**
   * The indexes the index job built (s3-index/stored-index.ts). When set, an `s3://` corpus is
   * opened from its stored index, never read and indexed here.
   */
  stored?: { load(ref: string): Promise<CorpusIndex> };
}

interface Cached {
  etag: string;
  index: CorpusIndex;
}

export class S3CorpusProvider implements CorpusProvider {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly options: S3CorpusProviderOptions) {}

  async load(ref: string | undefined): Promise<CorpusIndex> {
    const target = ref ?? this.options.defaultRef;
    if (!isS3Uri(target)) {
      if (ref !== undefined && this.options.requestPaths === false) {
        throw new InvalidInputError(`corpus must be an s3:// reference here, got ${JSON.stringify(ref)}`);
      }
      return this.options.files.load(ref);
    }
    if (this.options.stored !== undefined) return this.options.stored.load(target);
    const { bucket, key } = parseS3Uri(target);
    const cached = this.cache.get(target);
    let out: GetObjectCommandOutput;
    try {
      out = await this.options.client().send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(cached !== undefined ? { IfNoneMatch: cached.etag } : {}) }));
    } catch (error) {
      if (cached !== undefined && isNotModified(error)) return cached.index;
      if (isMissingObject(error)) throw new InvalidInputError(`corpus not found: ${target}`, { cause: error });
      // Cairn may read its own bucket only: another bucket is a reference the request got wrong.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 403) {
        throw new InvalidInputError(`corpus cannot be read (access denied): ${target}`, { cause: error });
      }
      throw new CairnError(`S3 GetObject ${target} failed: ${describeAwsError(error)}`, { cause: error });
    }
    const text = (await out.Body?.transformToString('utf8')) ?? '';
    const index = await buildCorpusIndex(parseCorpusText(text, target, detectFormat(key, text)), this.options.indexOptions);
    if (out.ETag !== undefined) this.cache.set(target, { etag: out.ETag, index });
    return index;
  }
}

function isNotModified(error: unknown): boolean {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NotModified' || e?.$metadata?.httpStatusCode === 304;
}
