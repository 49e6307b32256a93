/**
 * A reranker for servers speaking a `POST .../rerank` API: the Cohere shape, which llama.cpp's
 * llama-server (`--reranking`), vLLM, Jina and Cohere itself answer
 * (`{model, query, documents, top_n}` -> `{results: [{index, relevance_score}]}`), or Hugging Face
 * TEI's own (`{query, texts}` -> `[{index, score}]`). The scores are the cross-encoder's, on the
 * model's own scale: only their order is used.
 */
import type { RerankDocument, Reranker, RerankHit } from '../../core/ports.js';
import { postJson } from '../http-client/post-json.js';
import { httpRerankerName } from './method-names.js';
import { ServiceCaller, type ServiceCallOptions } from './service-call.js';

export type RerankApi = 'cohere' | 'tei';

export interface HttpRerankerOptions extends ServiceCallOptions {
  /** The API root the `/rerank` path is added to, e.g. http://localhost:8080/v1 (llama-server) or http://localhost:8081 (TEI). */
  baseURL: string;
  model: string;
  api?: RerankApi | undefined;
  apiKey?: string | undefined;
}

export class HttpReranker implements Reranker {
  readonly name: string;
  private readonly url: string;
  private readonly api: RerankApi;
  private readonly caller: ServiceCaller;

  constructor(private readonly options: HttpRerankerOptions) {
    this.api = options.api ?? 'cohere';
    this.name = httpRerankerName(options.model, this.api);
    this.url = `${options.baseURL.replace(/\/+$/, '')}/rerank`;
    this.caller = new ServiceCaller(`rerank/${options.model}`, options);
  }

  async rerank(query: string, docs: readonly RerankDocument[], topN: number, signal?: AbortSignal): Promise<RerankHit[]> {
    if (docs.length === 0 || topN <= 0) return [];
    const texts = docs.map((d) => d.text);
    const body =
      this.api === 'tei'
        ? { query, texts, truncate: true }
        : { model: this.options.model, query, documents: texts, top_n: Math.min(topN, docs.length), return_documents: false };
    const answer = await this.caller.run(
      () => postJson(this.url, body, { apiKey: this.options.apiKey ?? 'none', timeoutMs: this.caller.timeoutMs }, signal),
      signal,
    );
    const results = Array.isArray(answer) ? answer : (answer as { results?: unknown } | undefined)?.results;
    if (!Array.isArray(results)) throw this.caller.invalid('the answer has no `results` list');
    return rankedHits(
      results.map((r: { index?: unknown; relevance_score?: unknown; score?: unknown }) => ({ index: r?.index, score: r?.relevance_score ?? r?.score })),
      docs,
      topN,
      this.caller,
    );
  }
}

/**
 * The service's results as hits, best first, checked: each names a document of the request once,
 * with a finite score. Shared by the HTTP and Bedrock rerankers.
 */
export function rankedHits(
  results: ReadonlyArray<{ index: unknown; score: unknown }>,
  docs: readonly RerankDocument[],
  topN: number,
  caller: ServiceCaller,
): RerankHit[] {
  const seen = new Set<number>();
  const hits = results.map(({ index, score }, position) => {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= docs.length || seen.has(index))
      throw caller.invalid(`result ${position} names no document of the request (index ${JSON.stringify(index)})`);
    if (typeof score !== 'number' || !Number.isFinite(score)) throw caller.invalid(`result ${position} has no numeric score`);
    seen.add(index);
    return { id: (docs[index] as RerankDocument).id, score, index };
  });
  // Stable on ties: the incoming order decides.
  hits.sort((a, b) => b.score - a.score || a.index - b.index);
  return hits.slice(0, topN).map(({ id, score }) => ({ id, score }));
}
