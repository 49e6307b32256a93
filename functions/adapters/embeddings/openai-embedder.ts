/**
 * An embedder for any server speaking OpenAI's `POST /v1/embeddings`: llama.cpp's llama-server
 * (`--embeddings`), Ollama, vLLM, Hugging Face TEI, OpenAI itself. Texts go in batches; each
 * answer is checked (one vector per text, in the order asked, of the configured dimension).
 */
import type { Embedder } from '../../core/ports.js';
import { postJson } from '../http-client/post-json.js';
import { openAiEmbedderName } from './method-names.js';
import { batches, ServiceCaller, type ServiceCallOptions, vectorOf } from './service-call.js';

export interface OpenAiEmbedderOptions extends ServiceCallOptions {
  /** The server's API root, e.g. http://localhost:8080/v1. */
  baseURL: string;
  model: string;
  /** The size of the model's vectors; an answer of another size is an error. */
  dimensions: number;
  /** Sent as a bearer token; a local server that checks no key gets a placeholder. */
  apiKey?: string | undefined;
  /** Texts per request. Default 64. */
  batchSize?: number | undefined;
}

interface EmbeddingsResponse {
  data?: Array<{ index?: number; embedding?: unknown }>;
}

export class OpenAiCompatibleEmbedder implements Embedder {
  readonly name: string;
  readonly dimensions: number;
  private readonly url: string;
  private readonly caller: ServiceCaller;

  constructor(private readonly options: OpenAiEmbedderOptions) {
    this.name = openAiEmbedderName(options.model, options.dimensions);
    this.dimensions = options.dimensions;
    this.url = `${options.baseURL.replace(/\/+$/, '')}/embeddings`;
    this.caller = new ServiceCaller(`embeddings/${options.model}`, options);
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    // One batch after the other: a local server embeds one request at a time anyway.
    for (const batch of batches(texts, this.options.batchSize ?? 64)) out.push(...(await this.embedBatch(batch, signal)));
    return out;
  }

  private async embedBatch(batch: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const body = { model: this.options.model, input: batch, encoding_format: 'float' };
    const answer = (await this.caller.run(
      () => postJson(this.url, body, { apiKey: this.options.apiKey ?? 'none', timeoutMs: this.caller.timeoutMs }, signal),
      signal,
    )) as EmbeddingsResponse;
    const data = answer?.data;
    if (!Array.isArray(data)) throw this.caller.invalid('the answer has no `data` list of embeddings');
    if (data.length !== batch.length) throw this.caller.invalid(`the answer holds ${data.length} embeddings for ${batch.length} texts`);
    // The spec lets a server answer out of order; `index` says which text each vector is for.
    const vectors = new Array<Float32Array>(batch.length);
    data.forEach((item, position) => {
      const index = typeof item?.index === 'number' ? item.index : position;
      if (!Number.isInteger(index) || index < 0 || index >= batch.length || vectors[index] !== undefined)
        throw this.caller.invalid(`embedding ${position} has an index (${String(item?.index)}) that names no text of the batch`);
      vectors[index] = vectorOf(item.embedding, this.dimensions, `embedding ${index}`, this.caller);
    });
    return vectors;
  }
}
