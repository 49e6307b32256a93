/**
 * An embedder on Amazon Bedrock through InvokeModel, for the two families of embedding models it
 * serves:
 *   - Titan Text Embeddings V2 (`amazon.titan-embed-text-v2:0`): one text per call, so calls run a
 *     few at a time; `dimensions` (256, 512 or 1024) is asked for, and vectors come normalised;
 *   - Cohere Embed (`cohere.embed-english-v3`, `cohere.embed-multilingual-v3`, `cohere.embed-v4:0`):
 *     up to 96 texts per call.
 * The SDK's own retries are off: the one retry loop of service-call.ts retries, as for every service.
 */
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { Embedder } from '../../core/ports.js';
import { mapLimited } from '../../shared/map-limited.js';
import { type BedrockEmbeddingFamily, bedrockEmbedderName, bedrockEmbeddingFamily } from './method-names.js';
import { batches, ServiceCaller, type ServiceCallOptions, vectorOf } from './service-call.js';

export interface BedrockEmbedderOptions extends ServiceCallOptions {
  /** Made on the first call, so a process that never embeds never loads the SDK. */
  client: () => BedrockRuntimeClient | Promise<BedrockRuntimeClient>;
  /** A model id (`amazon.titan-embed-text-v2:0`) or an inference profile's id or ARN. */
  model: string;
  dimensions: number;
  /** Read from the model id when absent (`cohere.` models are Cohere, the rest Titan). */
  family?: BedrockEmbeddingFamily | undefined;
  /** Calls in flight at once (Titan embeds one text per call). Default 8. */
  concurrency?: number | undefined;
}

/** Cohere Embed on Bedrock takes at most 96 texts per call. */
const COHERE_BATCH = 96;
/** Titan V2 reads up to 8k tokens; a longer text is cut here rather than refused by the service. */
const TITAN_MAX_CHARS = 30_000;
/** Cohere truncates long inputs itself (`truncate: END`); this only bounds the request size. */
const COHERE_MAX_CHARS = 20_000;

export class BedrockEmbedder implements Embedder {
  readonly name: string;
  readonly dimensions: number;
  readonly family: BedrockEmbeddingFamily;
  private readonly caller: ServiceCaller;

  constructor(private readonly options: BedrockEmbedderOptions) {
    this.family = options.family ?? bedrockEmbeddingFamily(options.model);
    this.dimensions = options.dimensions;
    this.name = bedrockEmbedderName(this.family, options.model, options.dimensions);
    this.caller = new ServiceCaller(`bedrock/${options.model}`, options);
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (this.family === 'cohere') {
      const out: Float32Array[] = [];
      for (const batch of batches(texts, COHERE_BATCH)) out.push(...(await this.cohere(batch, signal)));
      return out;
    }
    return mapLimited(texts, this.options.concurrency ?? 8, (text) => this.titan(text, signal));
  }

  private async titan(text: string, signal?: AbortSignal): Promise<Float32Array> {
    const answer = await this.invoke({ inputText: text.slice(0, TITAN_MAX_CHARS) || ' ', dimensions: this.dimensions, normalize: true }, signal);
    return vectorOf((answer as { embedding?: unknown }).embedding, this.dimensions, 'the embedding', this.caller);
  }

  private async cohere(batch: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const body: Record<string, unknown> = {
      texts: batch.map((text) => text.slice(0, COHERE_MAX_CHARS) || ' '),
      // Documents and queries share one embedding: the index compares them in one space.
      input_type: 'search_document',
      truncate: 'END',
      embedding_types: ['float'],
    };
    // Embed v4 chooses its vector size; v3's is fixed by the model.
    if (/embed-v4/.test(this.options.model)) body.output_dimension = this.dimensions;
    const answer = (await this.invoke(body, signal)) as { embeddings?: unknown };
    // `embedding_types` makes the answer `{float: [...]}`; an older model answers the list itself.
    const embeddings = Array.isArray(answer.embeddings) ? answer.embeddings : (answer.embeddings as { float?: unknown } | undefined)?.float;
    if (!Array.isArray(embeddings)) throw this.caller.invalid('the answer has no `embeddings` list');
    if (embeddings.length !== batch.length) throw this.caller.invalid(`the answer holds ${embeddings.length} embeddings for ${batch.length} texts`);
    return embeddings.map((vector, i) => vectorOf(vector, this.dimensions, `embedding ${i}`, this.caller));
  }

  private clientPromise: Promise<BedrockRuntimeClient> | undefined;
  private client(): Promise<BedrockRuntimeClient> {
    this.clientPromise ??= Promise.resolve(this.options.client());
    return this.clientPromise;
  }

  private async invoke(body: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
    const { InvokeModelCommand } = await import('@aws-sdk/client-bedrock-runtime');
    const client = await this.client();
    const response = await this.caller.run(
      () =>
        client.send(
          new InvokeModelCommand({ modelId: this.options.model, contentType: 'application/json', accept: 'application/json', body: JSON.stringify(body) }),
          signal ? { abortSignal: signal } : {},
        ),
      signal,
    );
    const text = new TextDecoder().decode(response.body);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw this.caller.invalid(`the answer is not JSON (${text.slice(0, 80)})`);
    }
  }
}
