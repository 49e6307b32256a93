/**
 * Where a media document's file is in S3. One rule: `<media location><metadata.file>`, the media
 * location being CAIRN_MEDIA_LOCATION (on the deployed stack, the `corpus/` folder of the Cairn
 * bucket, beside the corpora). `metadata.file` is a relative key (`interview.mp3`,
 * `audio/2024/interview.mp3`): a document cannot point the function outside that folder.
 */
import type { CorpusIndex } from '../../core/ports.js';
import { findMediaDocument } from '../../core/tools/local-tools.js';
import type { CorpusDocument, Modality } from '../../core/types.js';
import type { S3Prefix } from '../../shared/media-config.js';
import { isMissingObject, type S3Location, s3Uri } from '../s3/uri.js';
import { MediaToolError } from './errors.js';

export interface MediaObject {
  doc: CorpusDocument;
  location: S3Location;
}

/** The document a tool call names (`document_id` or `file`) and its file's S3 location. */
export async function mediaObjectOf(index: CorpusIndex, args: Record<string, unknown>, modalities: readonly Modality[], media: S3Prefix): Promise<MediaObject> {
  const wanted = String(args.document_id ?? args.file);
  const doc = await findMediaDocument(index, wanted);
  if (!doc) throw new MediaToolError(`no document in the corpus for ${JSON.stringify(wanted)}`);
  const modality = doc.modality ?? 'text';
  if (!modalities.includes(modality)) throw new MediaToolError(`document ${doc.id} is ${modality}, not ${modalities.join(' or ')}`);
  const folder = s3Uri({ bucket: media.bucket, key: media.prefix });
  const file = doc.metadata?.file;
  if (typeof file !== 'string' || file === '') {
    throw new MediaToolError(`document ${doc.id} names no media file (metadata.file), so it has no location under ${folder}`);
  }
  if (file.startsWith('/') || file.includes('://') || file.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new MediaToolError(`document ${doc.id}: metadata.file ${JSON.stringify(file)} must be a key relative to ${folder}`);
  }
  return { doc, location: { bucket: media.bucket, key: `${media.prefix}${file}` } };
}

/**
 * Without s3:ListBucket (the functions have none) S3 answers a missing key with 403, not 404: both
 * mean there is no object this function can read.
 */
export function isUnreadableObject(error: unknown): boolean {
  return isMissingObject(error) || (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode === 403;
}

export function noMediaFile(location: S3Location, error: unknown): MediaToolError {
  return new MediaToolError(`no media file at ${s3Uri(location)} (missing, or outside what this function may read)`, { cause: error });
}
