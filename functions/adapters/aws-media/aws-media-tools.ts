/**
 * The AWS implementation of the modality tools (CAIRN_MEDIA=aws): `media.transcribe` on Amazon
 * Transcribe, `media.caption` on a Bedrock vision model. Same names, argument schemas and
 * build-time validators as the local tools, so plans, the registry's checks and the step operators
 * work unchanged; the `method` they record says which ran.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { compiledToolValidator } from '../../core/plan/schemas.js';
import { LOCAL_TOOL_SCHEMAS } from '../../core/tools/local-tool-schemas.js';
import { LOCAL_TOOLS } from '../../core/tools/local-tools.js';
import type { ToolDefinition, ToolRegistry } from '../../core/tools/registry.js';
import type { MediaSettings } from '../../shared/media-config.js';
import { captionRun } from './caption-tool.js';
import { createBedrockRuntimeClient, createTranscribeClient, type MediaClientOptions } from './clients.js';
import { type PollOptions, transcribeRun } from './transcribe-tool.js';

export type AwsMediaSettings = Extract<MediaSettings, { backend: 'aws' }>;

export interface AwsMediaToolsOptions extends MediaClientOptions {
  s3: () => S3Client;
  poll?: PollOptions;
}

/** Built on the first media step: most plans have none. */
function lazily<T>(create: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= create());
}

/** A media tool under its local twin's name, with the same argument schema and build-time validator. */
function mediaTool(name: 'media.transcribe' | 'media.caption', description: string, run: ToolDefinition['run']): ToolDefinition {
  return { name, description, inputSchema: LOCAL_TOOL_SCHEMAS[name]!, validate: compiledToolValidator(name), run };
}

export function createAwsMediaTools(settings: AwsMediaSettings, options: AwsMediaToolsOptions): ToolDefinition[] {
  const clientOptions: MediaClientOptions = { region: options.region, ...(options.capture ? { capture: options.capture } : {}) };
  return [
    mediaTool(
      'media.transcribe',
      'The transcript of an audio document, by Amazon Transcribe.',
      transcribeRun({
        s3: options.s3,
        transcribe: lazily(() => createTranscribeClient(clientOptions)),
        media: settings.mediaLocation,
        transcripts: settings.transcriptLocation,
        ...(options.poll ? { poll: options.poll } : {}),
      }),
    ),
    mediaTool(
      'media.caption',
      'The caption of an image document, by a Bedrock vision model.',
      captionRun({
        s3: options.s3,
        bedrock: lazily(() => createBedrockRuntimeClient(clientOptions)),
        media: settings.mediaLocation,
        modelId: settings.captionModelId,
      }),
    ),
  ];
}

/** The local tools, with `media` in place of the local tools of the same names. */
export function registerAwsMediaTools(registry: ToolRegistry, media: readonly ToolDefinition[]): ToolRegistry {
  const replaced = new Set(media.map((tool) => tool.name));
  for (const tool of LOCAL_TOOLS) if (!replaced.has(tool.name)) registry.register(tool);
  for (const tool of media) registry.register(tool);
  return registry;
}
