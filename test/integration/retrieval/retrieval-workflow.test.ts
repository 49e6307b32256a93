/**
 * The whole local workflow with an embedding service and a reranking service configured through
 * the environment's variables (no override): the corpus is embedded by the service, the search and
 * rerank steps name the methods they used, and a service that is down or answers vectors of the
 * wrong size fails the plan with the reason in its trace, never a silent fall back to lexical.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStack } from '../../../cli/local-runner.js';
import type { PlanRecord, StepOutput } from '../../../functions/core/types.js';
import { localTestConfig } from '../../support/local-config.js';
import { storedEvents } from '../../support/local-workflow.js';
import { closedPortUrl } from '../../support/net.js';
import { LoopbackRetrieval } from '../../support/retrieval-loopback.js';

let server: LoopbackRetrieval;
beforeAll(async () => {
  server = await LoopbackRetrieval.start();
});
afterAll(async () => {
  await server.close();
});

const TASK = 'What is a bouchon?';

function services(embeddingsUrl: string, rerankUrl: string): Record<string, string> {
  return {
    CAIRN_EMBEDDINGS: 'openai',
    CAIRN_EMBEDDINGS_URL: embeddingsUrl,
    CAIRN_EMBEDDINGS_MODEL: 'test-embed',
    CAIRN_EMBEDDINGS_DIMENSIONS: '16',
    CAIRN_RERANKER: 'http',
    CAIRN_RERANK_URL: rerankUrl,
    CAIRN_RERANK_MODEL: 'test-rerank',
    CAIRN_RETRIEVAL_MAX_ATTEMPTS: '2',
    CAIRN_RETRIEVAL_TIMEOUT_MS: '2000',
  };
}

async function runWith(name: string, env: Record<string, string>): Promise<{ record: PlanRecord; outputs: StepOutput[]; stack: LocalStack }> {
  const stack = await LocalStack.open({ config: localTestConfig(name, env) });
  try {
    const record = await stack.run({ task: TASK });
    return { record, outputs: await stack.runtime.store.listStepOutputs(record.planId), stack };
  } finally {
    await stack.close();
  }
}

describe('retrieval services in the workflow', () => {
  it('embeds the corpus and the query with the service and reranks with the cross-encoder, each step naming its method', async () => {
    server.requests.length = 0;
    const { record, outputs } = await runWith('retrieval-svc', services(`${server.url}/v1`, `${server.url}/v1`));
    expect(record.status).toBe('succeeded');
    const byType = (type: string) => outputs.filter((o) => o.type === type);
    expect(byType('vector_search').map((o) => o.result.search_method)).toEqual(['openai-embeddings(test-embed,16)']);
    expect(byType('keyword_search')[0]?.result.search_method).toMatch(/^bm25/);
    const rerank = byType('rerank')[0]!;
    expect(rerank.result.rerank_method).toBe('cross-encoder(test-rerank,cohere)');
    // The order is the cross-encoder's: scores never rise down the list.
    const scores = (rerank.result.documents as Array<{ score: number }>).map((d) => d.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const apis = server.requests.map((r) => r.api);
    expect(apis.filter((a) => a === 'openai-embeddings').length).toBeGreaterThanOrEqual(2);
    expect(apis).toContain('cohere-rerank');
  });

  it('fails the plan, reason in the trace, when the embedding service is down', async () => {
    const down = await closedPortUrl();
    const { record, stack } = await runWith('retrieval-down', services(`${down}/v1`, `${server.url}/v1`));
    expect(record.status).toBe('failed');
    expect(record.error?.message).toMatch(/^embeddings\/test-embed: the service is unreachable \(.*\) \(gave up after 2 attempt\(s\)\)$/);
    const trace = await storedEvents(stack, record);
    expect(JSON.stringify(trace)).toContain('embeddings/test-embed: the service is unreachable');
  });

  it('fails the plan when the service answers vectors of the wrong dimension', async () => {
    server.script({ dimensions: 8 });
    const { record } = await runWith('retrieval-dims', services(`${server.url}/v1`, `${server.url}/v1`));
    expect(record.status).toBe('failed');
    expect(record.error?.message).toContain(
      "embeddings/test-embed: embedding 0 has 8 dimensions, expected 16 (set CAIRN_EMBEDDINGS_DIMENSIONS to the model's size)",
    );
  });

  it('fails the rerank step, and the plan, when the reranking service is down', async () => {
    const down = await closedPortUrl();
    const { record, outputs } = await runWith('retrieval-rerank-down', services(`${server.url}/v1`, `${down}/v1`));
    expect(record.status).toBe('failed');
    const rerank = outputs.find((o) => o.type === 'rerank');
    expect(rerank?.status).toBe('failed');
    expect(rerank?.error).toMatch(/rerank\/test-rerank: the service is unreachable/);
  });
});
