/**
 * Where the modality steps (`audio_transcription`, `image_captioning`) run, read with the rest of
 * the configuration by loadConfig and checked the same way.
 *
 *   CAIRN_MEDIA                 local (default): the transcript or caption the corpus carries in
 *                               its metadata; aws: Amazon Transcribe and a Bedrock vision model
 *   CAIRN_MEDIA_LOCATION        aws only, required: s3://bucket/prefix/ holding the media files,
 *                               a document's file at <prefix><metadata.file>
 *   CAIRN_TRANSCRIPT_LOCATION   aws only, required: s3://bucket/prefix/ where Transcribe writes
 *   CAIRN_CAPTION_MODEL_ID      aws only: the Bedrock model (or inference profile) id that captions
 */

export const MEDIA_BACKENDS = ['local', 'aws'] as const;

/** A vision model with on-demand throughput in most regions that have Bedrock. */
export const DEFAULT_CAPTION_MODEL_ID = 'amazon.nova-lite-v1:0';

/** A folder of a bucket: `prefix` is empty or ends with `/`. */
export interface S3Prefix {
  bucket: string;
  prefix: string;
}

export type MediaSettings = { backend: 'local' } | { backend: 'aws'; captionModelId: string; mediaLocation: S3Prefix; transcriptLocation: S3Prefix };

type Env = Record<string, string | undefined>;

// S3's bucket naming rules, then a key prefix of non-empty parts, each ending in `/`.
const S3_PREFIX = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/?((?:[^/\s]+\/)*)$/;

/** `provider.model[:version]`, optionally behind a cross-region inference profile (`us.`, `eu.`, ...). */
export function isBedrockModelId(id: string): boolean {
  return /^[a-z0-9-]+(?:\.[a-z0-9-]+)?\.[a-z0-9][a-z0-9.:-]{0,150}$/.test(id);
}

export function loadMediaSettings(env: Env, problems: string[]): MediaSettings {
  const backend = (env.CAIRN_MEDIA || 'local').toLowerCase();
  const location = (name: string): S3Prefix | undefined => {
    const raw = env[name] || undefined;
    if (raw === undefined) {
      if (backend === 'aws') problems.push(`${name} is required when CAIRN_MEDIA=aws (s3://bucket/prefix/)`);
      return undefined;
    }
    const match = S3_PREFIX.exec(raw);
    if (match === null || match[2]!.split('/').some((part) => part === '.' || part === '..')) {
      problems.push(`${name} must be s3://bucket/ or s3://bucket/prefix/ (ending in /), got ${JSON.stringify(raw)}`);
      return undefined;
    }
    return { bucket: match[1]!, prefix: match[2]! };
  };
  const mediaLocation = location('CAIRN_MEDIA_LOCATION');
  const transcriptLocation = location('CAIRN_TRANSCRIPT_LOCATION');
  const captionModelId = env.CAIRN_CAPTION_MODEL_ID || DEFAULT_CAPTION_MODEL_ID;
  if (!isBedrockModelId(captionModelId))
    problems.push(`CAIRN_CAPTION_MODEL_ID must be a Bedrock model or inference profile id, got ${JSON.stringify(captionModelId)}`);
  if (backend !== 'local' && backend !== 'aws') {
    problems.push(`CAIRN_MEDIA must be local or aws, got ${JSON.stringify(env.CAIRN_MEDIA)}`);
    return { backend: 'local' };
  }
  if (backend === 'local' || mediaLocation === undefined || transcriptLocation === undefined) return { backend: 'local' };
  return { backend: 'aws', captionModelId, mediaLocation, transcriptLocation };
}
