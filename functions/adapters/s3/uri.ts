/** `s3://bucket/key` references: payload pointers and corpus references. */
import { InvalidInputError } from '../../core/errors.js';

export interface S3Location {
  bucket: string;
  key: string;
}

export function isS3Uri(ref: string | undefined): ref is string {
  return ref?.startsWith('s3://') === true;
}

export function s3Uri(location: S3Location): string {
  return `s3://${location.bucket}/${location.key}`;
}

export function parseS3Uri(ref: string): S3Location {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(ref);
  if (match === null) throw new InvalidInputError(`not an S3 reference (s3://bucket/key): ${ref}`);
  return { bucket: match[1]!, key: match[2]! };
}

/** S3 answers a missing key with NoSuchKey (GetObject) or a bare 404 (HeadObject). */
export function isMissingObject(error: unknown): boolean {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
