/**
 * Which embedding model and which reranker retrieval uses, read with the rest of the configuration
 * by loadConfig and checked the same way. With nothing set, both stay lexical: the vectorizer fitted
 * on the corpus and the lexical reranker, which need no key and no network.
 *
 *   CAIRN_EMBEDDINGS             lexical (default) | openai (any POST /v1/embeddings server) | bedrock
 *   CAIRN_EMBEDDINGS_URL         openai: the API root, e.g. http://localhost:8080/v1 (required)
 *   CAIRN_EMBEDDINGS_MODEL       openai: required; bedrock: default amazon.titan-embed-text-v2:0
 *   CAIRN_EMBEDDINGS_DIMENSIONS  the model's vector size: openai required; bedrock Titan 1024, Cohere v3 1024
 *   CAIRN_EMBEDDINGS_API_KEY     openai: a bearer token, when the server checks one
 *   CAIRN_EMBEDDINGS_BATCH       texts per request to an OpenAI-compatible server (default 64; Bedrock's Cohere takes 96, Titan one)
 *   CAIRN_RERANKER               lexical (default) | http (POST /rerank, Cohere or TEI shape) | bedrock
 *   CAIRN_RERANK_URL             http: the API root the /rerank path is added to (required)
 *   CAIRN_RERANK_MODEL           http: required; bedrock: default amazon.rerank-v1:0
 *   CAIRN_RERANK_API             http: cohere (default: llama-server, vLLM, Cohere, Jina) | tei
 *   CAIRN_RERANK_API_KEY         http: a bearer token, when the server checks one
 *   CAIRN_RETRIEVAL_TIMEOUT_MS   per request to either service (default 30000)
 *   CAIRN_RETRIEVAL_MAX_ATTEMPTS attempts per request, transient failures retried with backoff (default 3)
 */
import { isBedrockModelId } from './media-config.js';
import { Secret } from './secret.js';

export const EMBEDDING_BACKENDS = ['lexical', 'openai', 'bedrock'] as const;
export const RERANK_BACKENDS = ['lexical', 'http', 'bedrock'] as const;

export const DEFAULT_BEDROCK_EMBEDDING_MODEL = 'amazon.titan-embed-text-v2:0';
export const DEFAULT_BEDROCK_RERANK_MODEL = 'amazon.rerank-v1:0';
/** Titan Text Embeddings V2's largest size, and Cohere Embed v3's only one. */
export const DEFAULT_BEDROCK_DIMENSIONS = 1024;

export type EmbeddingSettings =
  | { backend: 'lexical' }
  | { backend: 'openai'; baseURL: string; model: string; dimensions: number; apiKey: Secret | undefined; batchSize: number }
  | { backend: 'bedrock'; model: string; dimensions: number };

export type RerankSettings =
  | { backend: 'lexical' }
  | { backend: 'http'; baseURL: string; model: string; api: 'cohere' | 'tei'; apiKey: Secret | undefined }
  | { backend: 'bedrock'; model: string };

export interface RetrievalSettings {
  embeddings: EmbeddingSettings;
  reranker: RerankSettings;
  /** Per request to an embedding or rerank service. */
  timeoutMs: number;
  /** Attempts per request, the first included. */
  maxAttempts: number;
}

type Env = Record<string, string | undefined>;

interface Readers {
  int(name: string, fallback: number, min: number, max: number): number;
}

export function loadRetrievalSettings(env: Env, problems: string[], read: Readers): RetrievalSettings {
  const url = (name: string, backend: string): string => {
    const value = env[name] || '';
    if (value === '') problems.push(`${name} is required with ${backend}`);
    else if (!/^https?:\/\/[^\s]+$/.test(value) || URL.parse(value) === null) problems.push(`${name} must be an http(s) URL, got ${JSON.stringify(value)}`);
    return value;
  };
  const required = (name: string, backend: string): string => {
    const value = env[name] || '';
    if (value === '') problems.push(`${name} is required with ${backend}`);
    return value;
  };
  const bedrockModel = (name: string, fallback: string): string => {
    const value = env[name] || fallback;
    if (!isBedrockModelId(value) && !value.startsWith('arn:aws'))
      problems.push(`${name} must be a Bedrock model id, inference profile or ARN, got ${JSON.stringify(value)}`);
    return value;
  };
  const secret = (name: string): Secret | undefined => (env[name] ? new Secret(env[name]) : undefined);
  const choice = <T extends string>(name: string, allowed: readonly T[]): T => {
    const value = (env[name] || allowed[0]!).toLowerCase();
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push(`${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(env[name])}`);
    return allowed[0]!;
  };

  const embeddingBackend = choice('CAIRN_EMBEDDINGS', EMBEDDING_BACKENDS);
  const batchSize = read.int('CAIRN_EMBEDDINGS_BATCH', 64, 1, 2048);
  let embeddings: EmbeddingSettings = { backend: 'lexical' };
  if (embeddingBackend === 'openai') {
    const dimensions = read.int('CAIRN_EMBEDDINGS_DIMENSIONS', 0, 0, 65_536);
    if (dimensions === 0) problems.push("CAIRN_EMBEDDINGS_DIMENSIONS is required with CAIRN_EMBEDDINGS=openai (the model's vector size)");
    embeddings = {
      backend: 'openai',
      baseURL: url('CAIRN_EMBEDDINGS_URL', 'CAIRN_EMBEDDINGS=openai'),
      model: required('CAIRN_EMBEDDINGS_MODEL', 'CAIRN_EMBEDDINGS=openai'),
      dimensions,
      apiKey: secret('CAIRN_EMBEDDINGS_API_KEY'),
      batchSize,
    };
  } else if (embeddingBackend === 'bedrock') {
    const model = bedrockModel('CAIRN_EMBEDDINGS_MODEL', DEFAULT_BEDROCK_EMBEDDING_MODEL);
    const dimensions = read.int('CAIRN_EMBEDDINGS_DIMENSIONS', DEFAULT_BEDROCK_DIMENSIONS, 1, 65_536);
    if (/titan-embed-text-v2/.test(model) && ![256, 512, 1024].includes(dimensions))
      problems.push(`CAIRN_EMBEDDINGS_DIMENSIONS must be 256, 512 or 1024 for Titan Text Embeddings V2, got ${dimensions}`);
    embeddings = { backend: 'bedrock', model, dimensions };
  }

  const rerankBackend = choice('CAIRN_RERANKER', RERANK_BACKENDS);
  let reranker: RerankSettings = { backend: 'lexical' };
  if (rerankBackend === 'http') {
    reranker = {
      backend: 'http',
      baseURL: url('CAIRN_RERANK_URL', 'CAIRN_RERANKER=http'),
      model: required('CAIRN_RERANK_MODEL', 'CAIRN_RERANKER=http'),
      api: choice('CAIRN_RERANK_API', ['cohere', 'tei'] as const),
      apiKey: secret('CAIRN_RERANK_API_KEY'),
    };
  } else if (rerankBackend === 'bedrock') {
    reranker = { backend: 'bedrock', model: bedrockModel('CAIRN_RERANK_MODEL', DEFAULT_BEDROCK_RERANK_MODEL) };
  }

  return {
    embeddings,
    reranker,
    timeoutMs: read.int('CAIRN_RETRIEVAL_TIMEOUT_MS', 30_000, 100, 600_000),
    maxAttempts: read.int('CAIRN_RETRIEVAL_MAX_ATTEMPTS', 3, 1, 10),
  };
}
