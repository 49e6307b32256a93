/**
 * `media.transcribe` on Amazon Transcribe. The document's audio is read where media-object.ts
 * says; a batch job writes its transcript under the transcript location, and the tool polls the job
 * (doubling waits) until it is COMPLETED or FAILED, or the step's abort signal fires.
 *
 * The job name is derived from the document, its file, the file's ETag and the output location, so
 * it is idempotent: a retried step, a second plan or another container asking for the same file
 * picks up the job already there (Transcribe refuses a second job of the same name with a
 * ConflictException) instead of paying for another. A file replaced in S3 has a new ETag, so a new
 * job. A FAILED job stays failed for that file: the reason is the step's error, never retried.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { TranscribeClient, TranscriptionJob } from '@aws-sdk/client-transcribe';
import type { ToolDefinition } from '../../core/tools/registry.js';
import type { S3Prefix } from '../../shared/media-config.js';
import { type S3Location, s3Uri } from '../s3/uri.js';
import { transcribeSdk } from './clients.js';
import { MediaServiceTransientError, MediaToolError, mediaError } from './errors.js';
import { isUnreadableObject, mediaObjectOf, noMediaFile } from './media-object.js';

/** Every job Cairn starts is named `cairn-...`; the stack grants the Transcribe actions on those only. */
export const TRANSCRIPTION_JOB_PREFIX = 'cairn-';

export interface PollOptions {
  /** The first wait between two GetTranscriptionJob calls. Default 1 000 ms. */
  firstMs?: number;
  /** Waits double up to this. Default 10 000 ms. */
  maxMs?: number;
}

export interface TranscribeToolOptions {
  s3: () => S3Client;
  transcribe: () => Promise<TranscribeClient>;
  /** Where media files are (CAIRN_MEDIA_LOCATION). */
  media: S3Prefix;
  /** Where Transcribe writes transcripts (CAIRN_TRANSCRIPT_LOCATION). */
  transcripts: S3Prefix;
  poll?: PollOptions;
}

/** `cairn-<document id>-<digest of the file, its version and the output folder>`, within Transcribe's 200 characters. */
export function transcriptionJobName(documentId: string, media: S3Location, etag: string | undefined, transcripts: S3Prefix): string {
  const slug = documentId.replace(/[^0-9A-Za-z._-]+/g, '-').slice(0, 100);
  const digest = createHash('sha256')
    .update(JSON.stringify([media.bucket, media.key, etag ?? '', transcripts.bucket, transcripts.prefix]))
    .digest('hex')
    .slice(0, 16);
  return `${TRANSCRIPTION_JOB_PREFIX}${slug}-${digest}`;
}

export function transcribeRun(options: TranscribeToolOptions): ToolDefinition['run'] {
  const firstMs = options.poll?.firstMs ?? 1_000;
  const maxMs = options.poll?.maxMs ?? 10_000;

  return async (args, ctx) => {
    const { doc, location } = await mediaObjectOf(ctx.index, args, ['audio', 'video'], options.media);
    const source = s3Uri(location);
    const etag = await mediaETag(options.s3(), location, ctx.signal);
    const jobName = transcriptionJobName(doc.id, location, etag, options.transcripts);
    const output: S3Location = { bucket: options.transcripts.bucket, key: `${options.transcripts.prefix}${jobName}.json` };
    const [client, sdk] = await Promise.all([options.transcribe(), transcribeSdk()]);

    try {
      await client.send(
        new sdk.StartTranscriptionJobCommand({
          TranscriptionJobName: jobName,
          Media: { MediaFileUri: source },
          IdentifyLanguage: true,
          OutputBucketName: output.bucket,
          OutputKey: output.key,
        }),
        { abortSignal: ctx.signal },
      );
    } catch (error) {
      // The job exists: started by an earlier attempt or another plan. Wait for it instead.
      if ((error as { name?: unknown }).name !== 'ConflictException') throw mediaError(`Amazon Transcribe StartTranscriptionJob ${jobName}`, error);
    }

    let job: TranscriptionJob | undefined;
    let waitMs = firstMs;
    try {
      for (;;) {
        job = (await client.send(new sdk.GetTranscriptionJobCommand({ TranscriptionJobName: jobName }), { abortSignal: ctx.signal })).TranscriptionJob;
        if (job?.TranscriptionJobStatus === 'COMPLETED' || job?.TranscriptionJobStatus === 'FAILED') break;
        await sleep(waitMs, undefined, { signal: ctx.signal });
        waitMs = Math.min(waitMs * 2, maxMs);
      }
    } catch (error) {
      if (ctx.signal.aborted) {
        throw new MediaServiceTransientError(
          `stopped waiting for Amazon Transcribe job ${jobName} (${job?.TranscriptionJobStatus ?? 'not seen yet'}): the step was stopped; a retry picks the job up again`,
          { cause: error },
        );
      }
      throw mediaError(`Amazon Transcribe GetTranscriptionJob ${jobName}`, error);
    }
    if (job?.TranscriptionJobStatus === 'FAILED') {
      throw new MediaToolError(`Amazon Transcribe job ${jobName} failed on ${source}: ${job.FailureReason ?? 'no reason given'}`);
    }

    const text = await transcriptText(options.s3(), output, jobName, ctx.signal);
    if (text === '') throw new MediaToolError(`Amazon Transcribe found no speech in ${source} (job ${jobName})`);
    return { text, document_id: doc.id, modality: doc.modality ?? 'audio', method: 'amazon-transcribe', source, transcription_job: jobName };
  };
}

/** The file's ETag, which also proves it is there. */
async function mediaETag(s3: S3Client, location: S3Location, signal: AbortSignal): Promise<string | undefined> {
  try {
    return (await s3.send(new HeadObjectCommand({ Bucket: location.bucket, Key: location.key }), { abortSignal: signal })).ETag;
  } catch (error) {
    if (isUnreadableObject(error)) throw noMediaFile(location, error);
    throw mediaError(`S3 HeadObject ${s3Uri(location)}`, error);
  }
}

/** The transcript Transcribe wrote: `results.transcripts[].transcript`, joined. */
async function transcriptText(s3: S3Client, output: S3Location, jobName: string, signal: AbortSignal): Promise<string> {
  let raw: string;
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: output.bucket, Key: output.key }), { abortSignal: signal });
    raw = (await out.Body?.transformToString('utf8')) ?? '';
  } catch (error) {
    if (isUnreadableObject(error))
      throw new MediaToolError(`Amazon Transcribe job ${jobName} completed, but its transcript is not at ${s3Uri(output)}`, { cause: error });
    throw mediaError(`S3 GetObject ${s3Uri(output)}`, error);
  }
  let parsed: { results?: { transcripts?: Array<{ transcript?: unknown }> } };
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch (error) {
    throw new MediaToolError(`the transcript at ${s3Uri(output)} is not JSON`, { cause: error });
  }
  return (parsed.results?.transcripts ?? [])
    .map((t) => (typeof t.transcript === 'string' ? t.transcript.trim() : ''))
    .filter((t) => t !== '')
    .join(' ');
}
