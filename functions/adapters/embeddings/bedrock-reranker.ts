/**
 * A reranker on Amazon Bedrock's Rerank API (bedrock-agent-runtime `Rerank`), with Amazon Rerank
 * (`amazon.rerank-v1:0`) or Cohere Rerank (`cohere.rerank-v3-5:0`): the query and the documents
 * inline, the `topN` most relevant back with their relevance scores. The SDK's own retries are off:
 * the one retry loop of service-call.ts retries.
 */
import type { BedrockAgentRuntimeClient } from '@aws-sdk/client-bedrock-agent-runtime';
import type { RerankDocument, Reranker, RerankHit } from '../../core/ports.js';
import { rankedHits } from './http-reranker.js';
import { bedrockRerankerName } from './method-names.js';
import { ServiceCaller, type ServiceCallOptions } from './service-call.js';

export interface BedrockRerankerOptions extends ServiceCallOptions {
  /** Made on the first call, so a process that never reranks never loads the SDK. */
  client: () => BedrockAgentRuntimeClient | Promise<BedrockAgentRuntimeClient>;
  /** A model id (`amazon.rerank-v1:0`) or its ARN; an id is made an ARN in `region`. */
  model: string;
  /** The region of the model's ARN; the client's own region when absent. */
  region?: string | undefined;
}

/** The Rerank API takes at most 1000 documents per call. */
const MAX_SOURCES = 1000;

export function rerankModelArn(model: string, region: string): string {
  return model.startsWith('arn:') ? model : `arn:aws:bedrock:${region}::foundation-model/${model}`;
}

export class BedrockReranker implements Reranker {
  readonly name: string;
  private ready: Promise<{ client: BedrockAgentRuntimeClient; modelArn: string }> | undefined;
  private readonly caller: ServiceCaller;

  constructor(private readonly options: BedrockRerankerOptions) {
    this.name = bedrockRerankerName(options.model);
    this.caller = new ServiceCaller(`bedrock-rerank/${options.model}`, options);
  }

  async rerank(query: string, docs: readonly RerankDocument[], topN: number, signal?: AbortSignal): Promise<RerankHit[]> {
    const asked = docs.slice(0, MAX_SOURCES);
    if (asked.length === 0 || topN <= 0) return [];
    const { RerankCommand } = await import('@aws-sdk/client-bedrock-agent-runtime');
    const { client, modelArn } = await this.connect();
    const command = new RerankCommand({
      queries: [{ type: 'TEXT', textQuery: { text: query } }],
      sources: asked.map((d) => ({ type: 'INLINE', inlineDocumentSource: { type: 'TEXT', textDocument: { text: d.text || ' ' } } })),
      rerankingConfiguration: {
        type: 'BEDROCK_RERANKING_MODEL',
        bedrockRerankingConfiguration: { numberOfResults: Math.min(topN, asked.length), modelConfiguration: { modelArn } },
      },
    });
    const answer = await this.caller.run(() => client.send(command, signal ? { abortSignal: signal } : {}), signal);
    if (!Array.isArray(answer.results)) throw this.caller.invalid('the answer has no `results` list');
    return rankedHits(
      answer.results.map((r) => ({ index: r.index, score: r.relevanceScore })),
      asked,
      topN,
      this.caller,
    );
  }

  private connect(): Promise<{ client: BedrockAgentRuntimeClient; modelArn: string }> {
    this.ready ??= (async () => {
      const client = await this.options.client();
      // The Rerank API wants the model as an ARN, which names the region.
      const region = this.options.region ?? (await client.config.region());
      return { client, modelArn: rerankModelArn(this.options.model, region) };
    })();
    return this.ready;
  }
}
