/**
 * PayloadStore on S3: on AWS, bodies too large for a DynamoDB item live under `payloads/`
 * in the Cairn bucket, and the item keeps `s3://bucket/payloads/...`. A bucket lifecycle rule
 * expires them with the trace items (infra/stack.ts).
 */
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { CairnError } from '../../core/errors.js';
import { isTransient } from '../../core/transient.js';
import { describeAwsError } from '../aws/transient.js';
import { TraceStoreError, TraceStoreTransientError } from '../dynamodb/errors.js';
import { isMissingObject, parseS3Uri, s3Uri } from '../s3/uri.js';
import { PayloadNotFoundError, type PayloadStore } from './payload-store.js';

export interface S3PayloadStoreOptions {
  /** Built on first use: most plans never offload anything. */
  client: () => S3Client;
  bucket: string;
  /** Default `payloads/`. */
  prefix?: string;
}

export class S3PayloadStore implements PayloadStore {
  private readonly client: () => S3Client;
  readonly bucket: string;
  readonly prefix: string;

  constructor(options: S3PayloadStoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? 'payloads/';
  }

  async put(key: string, body: string): Promise<string> {
    if (key === '' || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '' || part === '.')) {
      throw new CairnError(`payload key ${JSON.stringify(key)} must be a relative path without '.', '..' or empty parts`);
    }
    const location = { bucket: this.bucket, key: `${this.prefix}${key}` };
    try {
      await this.client().send(
        new PutObjectCommand({ Bucket: location.bucket, Key: location.key, Body: body, ContentType: 'application/json; charset=utf-8' }),
      );
    } catch (error) {
      throw payloadError(`PutObject ${s3Uri(location)}`, error);
    }
    return s3Uri(location);
  }

  async get(ref: string): Promise<string> {
    let location: ReturnType<typeof parseS3Uri>;
    try {
      location = parseS3Uri(ref);
    } catch (error) {
      throw new PayloadNotFoundError(`payload reference ${ref} is not an s3:// reference`, { cause: error });
    }
    // References come from the database: never read outside the payload prefix of this bucket.
    if (location.bucket !== this.bucket || !location.key.startsWith(this.prefix)) {
      throw new PayloadNotFoundError(`payload reference ${ref} is outside s3://${this.bucket}/${this.prefix}`);
    }
    try {
      const out = await this.client().send(new GetObjectCommand({ Bucket: location.bucket, Key: location.key }));
      if (out.Body === undefined) throw new PayloadNotFoundError(`payload ${ref} has no body`);
      return await out.Body.transformToString('utf8');
    } catch (error) {
      if (error instanceof PayloadNotFoundError) throw error;
      if (isMissingObject(error)) throw new PayloadNotFoundError(`payload ${ref} does not exist`, { cause: error });
      throw payloadError(`GetObject ${ref}`, error);
    }
  }
}

/**
 * A payload is part of a trace item, so its failures are the trace store's: the transient kind is
 * the one the workflow's Retry names.
 */
function payloadError(operation: string, error: unknown): TraceStoreError {
  const message = `S3 ${operation} failed: ${describeAwsError(error)}`;
  return isTransient(error) ? new TraceStoreTransientError(message, { cause: error }) : new TraceStoreError(message, { cause: error });
}
