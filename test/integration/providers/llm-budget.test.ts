/**
 * One budget and one retry layer for every LLM call a plan makes, through the whole local workflow
 * (the ASL file, the handlers, DynamoDB Local) with Claude as its LLM: the real Anthropic SDK behind
 * the retry layer, pointed at the loopback server, which counts the requests that reach it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../cli/local-runner.js';
import { AnthropicProvider } from '../../../functions/adapters/llm/anthropic/provider.js';
import { RetryingProvider } from '../../../functions/adapters/llm/resilient/retry.js';
import { executePlan } from '../../../functions/core/executor/run-plan.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';
import { miniCorpusIndex } from '../../support/corpus.js';
import { executionContext } from '../../support/executor.js';
import { recordingPolicy } from '../../support/llm-loopback/harness.js';
import { intentOf, ruleBasedModel } from '../../support/llm-loopback/rule-based-model.js';
import { LoopbackLlm } from '../../support/llm-loopback/server.js';
import { openLocalStack } from '../../support/local-workflow.js';
import { llmStep, planOf, searchStep } from '../../support/plans.js';

let server: LoopbackLlm;
let stack: LocalStack;

const claude = () =>
  new RetryingProvider(
    new AnthropicProvider({ apiKey: 'sk-ant-budget-key', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 5_000 }),
    recordingPolicy(),
  );

beforeAll(async () => {
  server = await LoopbackLlm.start(ruleBasedModel);
  stack = await openLocalStack('llm-budget', { llm: claude() });
});

beforeEach(() => {
  server.reset(ruleBasedModel);
});

afterAll(async () => {
  await stack?.close();
  await server?.close();
});

/** Sixteen llm_call steps that depend on nothing, so all may run at once. */
const sixteenAnswers = (): DecompositionPlan => planOf(...Array.from({ length: 16 }, (_, i) => llmStep(i + 1, `Say something about Lyon, number ${i + 1}`)));

const answerRequests = () => server.requests.filter((r) => intentOf(r).kind === 'answer');

describe('A budget over every LLM call of a plan', () => {
  it('makes 2 calls, not 16, when 16 parallel llm_call steps run under maxLlmCalls 2, and fails with the reason', async () => {
    // Act
    const record = await stack.run({ task: 'Tell me about Lyon', options: { plan: sixteenAnswers(), maxLlmCalls: 2, concurrency: 16 } });

    // Assess
    expect(server.requests).toHaveLength(2);
    expect(record.status).toBe('failed');
    expect(record.error!.message).toMatch(/budget exceeded: the request allows 2 LLM call\(s\) and 2 were made; the answer call was not made/);
  });

  it('keeps 16 parallel llm_call steps within maxTokens: the tokens spent never pass the cap', async () => {
    // Prepare: a cap with room for a few calls, not sixteen.
    const maxTokens = 6_000;

    // Act
    const record = await stack.run({ task: 'Tell me about Lyon', options: { plan: sixteenAnswers(), maxTokens, concurrency: 16 } });

    // Assess
    const spent = record.metadata!.inputTokens + record.metadata!.outputTokens;
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.length).toBeLessThan(16);
    expect(record.metadata!.llmCalls).toHaveLength(server.requests.length);
    expect(spent).toBeLessThanOrEqual(maxTokens);
    expect(record.status).toBe('failed');
    expect(record.error!.message).toContain(`budget exceeded: the request allows ${maxTokens} tokens`);
    // Each call's output limit was lowered to what the budget left.
    for (const r of server.requests) expect(Number(r.body.max_tokens)).toBeLessThanOrEqual(maxTokens);
  });

  it('counts planning and finalize in the same budget: a planned run under maxLlmCalls 2 makes 2 calls', async () => {
    // Act: analysis and plan take the two calls; the answer composed at the end would be a third.
    const record = await stack.run({ task: 'What is a bouchon?', options: { maxLlmCalls: 2, cache: false } });

    // Assess
    expect(server.requests).toHaveLength(2);
    expect(record.status).toBe('failed');
    // The third call (an llm_call step or the answer composed at the end, as the plan has it) was not made.
    expect(record.error!.message).toMatch(/budget exceeded: the request allows 2 LLM call\(s\) and 2 were made; the answer call was not made/);
  });

  it('refuses the finalize answer past maxTokens before it is made', async () => {
    // Act
    const record = await stack.run({ task: 'What is a bouchon?', options: { plan: planOf(searchStep(1, 'bouchon')), maxTokens: 1 } });

    // Assess
    expect(server.requests).toHaveLength(0);
    expect(record.status).toBe('failed');
    expect(record.error).toMatchObject({ name: 'BudgetExceededError', phase: 'finalizing' });
  });

  it('rejects an llm_call whose max_tokens passes the schema maximum at intake, before any model is asked', async () => {
    // Act
    const run = stack.run({ task: 'Tell me about Lyon', options: { plan: planOf(llmStep(1, 'Say it', [], { parameters: { max_tokens: 100_000_000 } })) } });

    // Assess
    await expect(run).rejects.toThrow('options.plan.plan.0.parameters.max_tokens: must be <= 32000');
    expect(server.requests).toHaveLength(0);
  });
});
describe('One retry layer per model call', () => {
  const runOne = async (reply: Parameters<LoopbackLlm['script']>[0]) => {
    server.respondWith(() => reply);
    const plan = planOf(llmStep(1, 'Answer', [], { retry: { max_attempts: 3, backoff_ms: 1 } }));
    return executePlan(plan, executionContext({ llm: claude(), task: 'Answer', index: await miniCorpusIndex() }));
  };

  it('costs 3 HTTP calls, not 9, for a transient error: the provider retries, the step does not', async () => {
    // Act
    const outcome = await runOne({ status: 529 });

    // Assess
    expect(outcome.status).toBe('failed');
    expect(answerRequests()).toHaveLength(3);
    expect(outcome.outputs[0]).toMatchObject({ attempts: 1 });
  });

  it.each([
    ['a 401', { status: 401 }],
    ['a spend-limit 429', { status: 429, type: 'rate_limit_error', message: 'usage limits reached', errorCode: 'enforced_spend_limit_reached' }],
  ] as const)('makes one HTTP call for %s: a fatal error is retried by no layer', async (_name, reply) => {
    // Act
    const outcome = await runOne(reply);

    // Assess
    expect(outcome.status).toBe('failed');
    expect(answerRequests()).toHaveLength(1);
    expect(outcome.outputs[0]).toMatchObject({ attempts: 1 });
  });
});
