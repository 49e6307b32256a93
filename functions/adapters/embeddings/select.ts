/**
 * The embedder and the reranker the configuration names, made once per process. Lexical (the
 * default) gives none: the corpus index then fits its lexical vectorizer and the rerank step uses
 * the lexical reranker. The AWS clients are made here, and only here, on the first call, with the SDK's retries off
 * (service-call.ts is the one retry layer) and the configured timeout per request.
 */
import type { Embedder, Reranker } from '../../core/ports.js';
import type { RetrievalSettings } from '../../shared/retrieval-config.js';
import { awsClientConfig } from '../aws/client-options.js';
import { BedrockEmbedder } from './bedrock-embedder.js';
import { BedrockReranker } from './bedrock-reranker.js';
import { HttpReranker } from './http-reranker.js';
import { OpenAiCompatibleEmbedder } from './openai-embedder.js';

export interface RetrievalServiceOptions {
  region?: string | undefined;
  /** Wraps each AWS client as it is made (Powertools' X-Ray capture in Lambda). */
  capture?: <T>(client: T) => T;
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
      return new OpenAiCompatibleEmbedder({
        ...call,
        baseURL: e.baseURL,
        model: e.model,
        dimensions: e.dimensions,
        apiKey: e.apiKey?.reveal(),
        batchSize: e.batchSize,
      });
    case 'bedrock': {
      const client = async () => {
        const { BedrockRuntimeClient } = await import('@aws-sdk/client-bedrock-runtime');
        const made = new BedrockRuntimeClient(clientConfig(settings, options.region));
        return options.capture ? options.capture(made) : made;
      };
      return new BedrockEmbedder({ ...call, client, model: e.model, dimensions: e.dimensions });
    }
  }
}

export function createReranker(settings: RetrievalSettings, options: RetrievalServiceOptions = {}): Reranker | undefined {
  const r = settings.reranker;
  const call = { timeoutMs: settings.timeoutMs, retry: { maxAttempts: settings.maxAttempts } };
  switch (r.backend) {
    case 'lexical':
      return undefined;
    case 'http':
      return new HttpReranker({ ...call, baseURL: r.baseURL, model: r.model, api: r.api, apiKey: r.apiKey?.reveal() });
    case 'bedrock': {
      const client = async () => {
        const { BedrockAgentRuntimeClient } = await import('@aws-sdk/client-bedrock-agent-runtime');
        const made = new BedrockAgentRuntimeClient(clientConfig(settings, options.region));
        return options.capture ? options.capture(made) : made;
      };
      return new BedrockReranker({ ...call, client, model: r.model, region: options.region });
    }
  }
}
