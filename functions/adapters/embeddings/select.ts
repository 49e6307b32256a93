/**
 * The embedder and the reranker the configuration names, made once per process. Lexical (the
 * default) gives none: the corpus index then fits its lexical vectorizer and the rerank step uses
 * the lexical reranker. Each adapter, its HTTP client and the AWS SDK are loaded on the first call,
 * not when a function starts: every workflow function builds the corpus provider, few ever embed.
 * The AWS clients are made here, and only here, with the SDK's retries off (service-call.ts is the
 * one retry layer) and the configured timeout per request.
 */
import type { Embedder, RerankDocument, Reranker, RerankHit } from '../../core/ports.js';
import type { RetrievalSettings } from '../../shared/retrieval-config.js';
import { awsClientConfig } from '../aws/client-options.js';
import { bedrockEmbedderName, bedrockEmbeddingFamily, bedrockRerankerName, httpRerankerName, openAiEmbedderName } from './method-names.js';

export interface RetrievalServiceOptions {
  region?: string | undefined;
  /** Wraps each AWS client as it is made (Powertools' X-Ray capture in Lambda). */
  capture?: <T>(client: T) => T;
}

/** An embedder whose adapter is loaded on its first call; its name and size are known before. */
class LazyEmbedder implements Embedder {
  private loaded: Promise<Embedder> | undefined;
  constructor(
    readonly name: string,
    readonly dimensions: number,
    private readonly load: () => Promise<Embedder>,
  ) {}
  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    this.loaded ??= this.load();
    return (await this.loaded).embed(texts, signal);
  }
}

class LazyReranker implements Reranker {
  private loaded: Promise<Reranker> | undefined;
  constructor(
    readonly name: string,
    private readonly load: () => Promise<Reranker>,
  ) {}
  async rerank(query: string, docs: readonly RerankDocument[], topN: number, signal?: AbortSignal): Promise<RerankHit[]> {
    this.loaded ??= this.load();
    return (await this.loaded).rerank(query, docs, topN, signal);
  }
}

function clientConfig(settings: RetrievalSettings, region: string | undefined) {
  return awsClientConfig({ region, maxAttempts: 1, requestTimeoutMs: settings.timeoutMs });
}

export function createEmbedder(settings: RetrievalSettings, options: RetrievalServiceOptions = {}): Embedder | undefined {
  const e = settings.embeddings;
  const call = { timeoutMs: settings.timeoutMs, retry: { maxAttempts: settings.maxAttempts } };
  switch (e.backend) {
    case 'lexical':
      return undefined;
    case 'openai':
      return new LazyEmbedder(openAiEmbedderName(e.model, e.dimensions), e.dimensions, async () => {
        const { OpenAiCompatibleEmbedder } = await import('./openai-embedder.js');
        return new OpenAiCompatibleEmbedder({
          ...call,
          baseURL: e.baseURL,
          model: e.model,
          dimensions: e.dimensions,
          apiKey: e.apiKey?.reveal(),
          batchSize: e.batchSize,
        });
      });
    case 'bedrock':
      return new LazyEmbedder(bedrockEmbedderName(bedrockEmbeddingFamily(e.model), e.model, e.dimensions), e.dimensions, async () => {
        const [{ BedrockEmbedder }, { BedrockRuntimeClient }] = await Promise.all([import('./bedrock-embedder.js'), import('@aws-sdk/client-bedrock-runtime')]);
        const made = new BedrockRuntimeClient(clientConfig(settings, options.region));
        const client = options.capture ? options.capture(made) : made;
        return new BedrockEmbedder({ ...call, client: () => client, model: e.model, dimensions: e.dimensions });
      });
  }
}

export function createReranker(settings: RetrievalSettings, options: RetrievalServiceOptions = {}): Reranker | undefined {
  const r = settings.reranker;
  const call = { timeoutMs: settings.timeoutMs, retry: { maxAttempts: settings.maxAttempts } };
  switch (r.backend) {
    case 'lexical':
      return undefined;
    case 'http':
      return new LazyReranker(httpRerankerName(r.model, r.api), async () => {
        const { HttpReranker } = await import('./http-reranker.js');
        return new HttpReranker({ ...call, baseURL: r.baseURL, model: r.model, api: r.api, apiKey: r.apiKey?.reveal() });
      });
    case 'bedrock':
      return new LazyReranker(bedrockRerankerName(r.model), async () => {
        const [{ BedrockReranker }, { BedrockAgentRuntimeClient }] = await Promise.all([
          import('./bedrock-reranker.js'),
          import('@aws-sdk/client-bedrock-agent-runtime'),
        ]);
        const made = new BedrockAgentRuntimeClient(clientConfig(settings, options.region));
        const client = options.capture ? options.capture(made) : made;
        return new BedrockReranker({ ...call, client: () => client, model: r.model, region: options.region });
      });
  }
}
