/**
 * The names the embedders and rerankers give their method (`search_method`, `rerank_method`), in
 * a module of their own: the composition root names a service before its adapter (and the HTTP
 * client under it) is loaded on the first call.
 */
export type BedrockEmbeddingFamily = 'titan' | 'cohere';

/** `cohere.` models (behind an inference profile too) are Cohere Embed; the rest Titan. */
export function bedrockEmbeddingFamily(model: string): BedrockEmbeddingFamily {
  return /(^|[./])cohere\./.test(model) ? 'cohere' : 'titan';
}

export const openAiEmbedderName = (model: string, dimensions: number): string => `openai-embeddings(${model},${dimensions})`;
export const bedrockEmbedderName = (family: BedrockEmbeddingFamily, model: string, dimensions: number): string => `bedrock-${family}(${model},${dimensions})`;
export const httpRerankerName = (model: string, api: string): string => `cross-encoder(${model},${api})`;
export const bedrockRerankerName = (model: string): string => `bedrock-rerank(${model})`;
