/**
 * The one place that creates the Transcribe and Bedrock Runtime clients (STYLE: each SDK client
 * created once, in one place), with explicit timeouts and retry counts.
 *
 * Both SDKs are loaded on the first media step, not at module load: every function's bundle holds
 * the tool registry, and esbuild hoists a static import of an external package to the top of the
 * bundle, which would make every cold start load clients only Execute ever uses.
 */
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { TranscribeClient } from '@aws-sdk/client-transcribe';
import { awsClientConfig } from '../aws/client-options.js';

export const transcribeSdk = () => import('@aws-sdk/client-transcribe');
export const bedrockRuntimeSdk = () => import('@aws-sdk/client-bedrock-runtime');

export interface MediaClientOptions {
  region?: string | undefined;
  /** Wraps each client as it is made (Powertools' X-Ray capture in Lambda). */
  capture?: <T>(client: T) => T;
}

/** Start and Get are quick control-plane calls: the shared defaults (5 s a try, 3 tries). */
export async function createTranscribeClient(options: MediaClientOptions = {}): Promise<TranscribeClient> {
  const { TranscribeClient } = await transcribeSdk();
  const client = new TranscribeClient(awsClientConfig({ region: options.region }));
  return options.capture ? options.capture(client) : client;
}

/**
 * A vision model takes seconds to read an image and write a paragraph: 25 s a try, 2 tries, which
 * stays under the 60 s default timeout of an image_captioning step.
 */
export async function createBedrockRuntimeClient(options: MediaClientOptions = {}): Promise<BedrockRuntimeClient> {
  const { BedrockRuntimeClient } = await bedrockRuntimeSdk();
  const client = new BedrockRuntimeClient(awsClientConfig({ region: options.region, maxAttempts: 2, requestTimeoutMs: 25_000 }));
  return options.capture ? options.capture(client) : client;
}
