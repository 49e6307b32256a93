/**
 * `media.caption` on Amazon Bedrock: the image's bytes, read from S3 where media-object.ts says,
 * go to a vision model through the Converse API (one API for every model that takes images),
 * which is asked for a one-paragraph factual caption. The method names the model.
 */

import type { BedrockRuntimeClient, ConverseCommandOutput, ImageFormat } from '@aws-sdk/client-bedrock-runtime';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { ToolDefinition } from '../../core/tools/registry.js';
import type { CorpusDocument } from '../../core/types.js';
import type { S3Prefix } from '../../shared/media-config.js';
import { type S3Location, s3Uri } from '../s3/uri.js';
import { bedrockRuntimeSdk } from './clients.js';
import { MediaToolError, mediaError } from './errors.js';
import { isUnreadableObject, mediaObjectOf, noMediaFile } from './media-object.js';

/** Converse takes images of at most 3.75 MB. */
export const MAX_IMAGE_BYTES = 3.75 * 1024 * 1024;
const CAPTION_MAX_TOKENS = 400;

export interface CaptionToolOptions {
  s3: () => S3Client;
  bedrock: () => Promise<BedrockRuntimeClient>;
  /** Where media files are (CAIRN_MEDIA_LOCATION). */
  media: S3Prefix;
  /** CAIRN_CAPTION_MODEL_ID: a model id, or a cross-region inference profile id. */
  modelId: string;
}

const FORMATS: Readonly<Record<string, ImageFormat>> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };

/** What the model is asked. The title helps it name a place; the picture decides what is said. */
export function captionPrompt(doc: CorpusDocument): string {
  return [
    'Write a one-paragraph factual caption of this image for a search index.',
    'Say what is visible: the subject, the place, objects, people, any text, the setting and the light.',
    'Do not guess at what cannot be seen, and do not start with "This image".',
    ...(doc.title ? [`The image is filed as ${JSON.stringify(doc.title)}: name what the title names only where the image agrees.`] : []),
    'Answer with the caption alone.',
  ].join(' ');
}

export function captionRun(options: CaptionToolOptions): ToolDefinition['run'] {
  return async (args, ctx) => {
    const { doc, location } = await mediaObjectOf(ctx.index, args, ['image'], options.media);
    const source = s3Uri(location);
    const { bytes, contentType } = await readImage(options.s3(), location, ctx.signal);
    const format = FORMATS[location.key.split('.').pop()?.toLowerCase() ?? ''] ?? FORMATS[/^image\/(\w+)/.exec(contentType ?? '')?.[1] ?? ''];
    if (format === undefined) throw new MediaToolError(`${source} is not a JPEG, PNG, GIF or WebP image (content type ${contentType ?? 'unknown'})`);

    const [client, sdk] = await Promise.all([options.bedrock(), bedrockRuntimeSdk()]);
    let out: ConverseCommandOutput;
    try {
      out = await client.send(
        new sdk.ConverseCommand({
          modelId: options.modelId,
          messages: [{ role: 'user', content: [{ image: { format, source: { bytes } } }, { text: captionPrompt(doc) }] }],
          inferenceConfig: { maxTokens: CAPTION_MAX_TOKENS, temperature: 0 },
        }),
        { abortSignal: ctx.signal },
      );
    } catch (error) {
      throw mediaError(`Bedrock Converse with ${options.modelId} on ${source}`, error);
    }
    if (out.stopReason === 'content_filtered' || out.stopReason === 'guardrail_intervened') {
      throw new MediaToolError(`${options.modelId} declined to caption ${source} (stop reason ${out.stopReason})`);
    }
    const text = (out.output?.message?.content ?? [])
      .map((block) => block.text ?? '')
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    if (text === '') throw new MediaToolError(`${options.modelId} returned no caption for ${source}`);
    return { text, document_id: doc.id, modality: 'image', method: `bedrock-converse:${options.modelId}`, source };
  };
}

async function readImage(s3: S3Client, location: S3Location, signal: AbortSignal): Promise<{ bytes: Uint8Array; contentType: string | undefined }> {
  const source = s3Uri(location);
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: location.bucket, Key: location.key }), { abortSignal: signal });
    if ((out.ContentLength ?? 0) > MAX_IMAGE_BYTES) {
      // Drop the body unread rather than download what Bedrock would refuse.
      (out.Body as { destroy?: () => void } | undefined)?.destroy?.();
      throw new MediaToolError(`${source} is ${out.ContentLength} bytes, over the ${MAX_IMAGE_BYTES} Bedrock takes in one image`);
    }
    const bytes = (await out.Body?.transformToByteArray()) ?? new Uint8Array();
    if (bytes.length === 0) throw new MediaToolError(`${source} is empty`);
    return { bytes, contentType: out.ContentType };
  } catch (error) {
    if (isUnreadableObject(error)) throw noMediaFile(location, error);
    throw mediaError(`S3 GetObject ${source}`, error);
  }
}
