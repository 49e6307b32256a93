/**
 * One budget and one retry layer for every LLM call a plan makes, through the whole local workflow
 * (the ASL file, the handlers, DynamoDB Local) with Claude as its LLM: the real Anthropic SDK behind
 * the retry layer, pointed at the loopback server, which counts the requests that reach it. What was
 * spent is measured there (test/support/llm-loopback/spending.ts): requests, the tokens of their
 * bodies, each attempt's time; not taken from what Cairn recorded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../cli/local-runner.js';
import { AnthropicProvider } from '../../../functions/adapters/llm/anthropic/provider.js';
import { RetryingProvider } from '../../../functions/adapters/llm/resilient/retry.js';
import { executePlan } from '../../../functions/core/executor/run-plan.js';
import { tokenCounter } from '../../../functions/core/llm/token-count.js';
import { usageOf } from '../../../functions/core/planner/budget.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';
import { miniCorpusIndex } from '../../support/corpus.js';
import { executionContext } from '../../support/executor.js';
import { recordingPolicy } from '../../support/llm-loopback/harness.js';
import { intentOf, ruleBasedModel } from '../../support/llm-loopback/rule-based-model.js';
import { LoopbackLlm } from '../../support/llm-loopback/server.js';
import { FAILS, FAILS_SLOWLY, SLOW_FAIL_MS, Spending, writeDenseCorpus } from '../../support/llm-loopback/spending.js';
import { openLocalStack, storedEvents } from '../../support/local-workflow.js';
import { llmStep, planOf, searchStep } from '../../support/plans.js';
import { tempDir } from '../../support/temp-dir.js';

let server: LoopbackLlm;
let stack: LocalStack;
let spending: Spending;

const claude = () => new AnthropicProvider({ apiKey: 'sk-ant-budget-key', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 5_000 });

beforeAll(async () => {
  server = await LoopbackLlm.start(ruleBasedModel);
  spending = new Spending(server, await tokenCounter());
  // Each HTTP attempt timed under the retry layer, which waits for nothing between attempts.
  stack = await openLocalStack('llm-budget', { llm: new RetryingProvider(spending.timed(claude()), recordingPolicy()) });
});

beforeEach(() => {
  spending.reset();
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
    expect(record.error!.message).toMatch(/^step \d+ failed: budget maxLlmCalls 2 reached: 2 LLM call\(s\) made; the answer call was not made$/);
  });

  it('counts every retry as a call: 16 parallel steps, half of them failing and retried, make 6 HTTP calls under maxLlmCalls 6', async () => {
    // Prepare
    const plan = planOf(
      ...Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0
          ? llmStep(i + 1, `Say something about Lyon ${FAILS}, number ${i + 1}`, [], { on_error: 'skip' })
          : llmStep(i + 1, `Say something, number ${i + 1}`),
      ),
    );

    // Act
    const record = await stack.run({ task: 'Tell me about Lyon', options: { plan, maxLlmCalls: 6, concurrency: 16 } });

    // Assess
    expect(server.requests).toHaveLength(6);
    expect(usageOf(record.metadata!.llmCalls).calls).toBe(6);
    expect(record.status).toBe('failed');
    expect(record.error!.message).toMatch(/budget maxLlmCalls 6 reached: 6 LLM call\(s\) made; the answer call was not (made|tried again after: .*529)/);
  });

  it('counts a failing llm_call before Finalize: maxLlmCalls 3 makes 3 calls, and Finalize fails on the budget with the failed call traced', async () => {
    // Prepare: two answers at once, then a combining call overloaded on every attempt; Finalize would compose a fourth.
    const plan = planOf(
      searchStep(1, 'Lyon'),
      llmStep(2, 'Summarise what the sources say about Lyon', [1]),
      llmStep(3, 'List the places in Lyon the sources name', [1]),
      llmStep(4, `Combine the two ${FAILS}`, [2, 3], { on_error: 'skip' }),
    );

    // Act
    const record = await stack.run({ task: 'Tell me about Lyon', options: { plan, maxLlmCalls: 3, concurrency: 4 } });

    // Assess
    expect(spending.spent().httpCalls).toBe(3);
    expect(record.status).toBe('failed');
    expect(record.error).toEqual({
      name: 'BudgetExceededError',
      phase: 'finalizing',
      message: 'budget maxLlmCalls 3 reached: 3 LLM call(s) made; the answer call was not made',
    });
    const failed = record.metadata!.llmCalls.filter((c) => c.error !== undefined);
    expect(failed).toEqual([
      expect.objectContaining({
        purpose: 'answer',
        attempts: 1,
        stopReason: 'error',
        error: expect.stringMatching(/^budget maxLlmCalls 3 reached: 3 LLM call\(s\) made; the answer call was not tried again after: .*529/),
      }),
    ]);
    const trace = await storedEvents(stack, record);
    expect(trace.filter((e) => e.type === 'llm.call' && e.data?.error !== undefined)).toHaveLength(1);
    expect(trace.find((e) => e.type === 'plan.failed')!.data).toMatchObject({ error: 'BudgetExceededError', reason: record.error!.message });
  });

  it('counts a slow failing call before Finalize: under maxLlmMs 1000 the calls spend at most the cap, and Finalize’s answer is stopped at it', async () => {
    // Prepare: a call that fails after 600 ms beside one that answers, then one overloaded; Finalize's answer takes 700 ms.
    spending.reset({ slowAnswer: true });
    const maxLlmMs = 1_000;
    const plan = planOf(
      searchStep(1, 'Lyon'),
      llmStep(2, `Summarise what the sources say about Lyon ${FAILS_SLOWLY}`, [1], { on_error: 'skip' }),
      llmStep(3, 'List the places in Lyon the sources name', [1]),
      llmStep(4, `Combine the two ${FAILS}`, [2, 3], { on_error: 'skip' }),
    );

    // Act
    const record = await stack.run({ task: 'Tell me about Lyon', options: { plan, maxLlmMs, concurrency: 4 } });

    // Assess: at most the time to notice the abort past the cap.
    expect(spending.spent().msSpent).toBeLessThanOrEqual(maxLlmMs + 250);
    expect(record.status).toBe('failed');
    expect(record.error).toMatchObject({ name: 'BudgetExceededError', phase: 'finalizing' });
    expect(record.error!.message).toMatch(/^budget maxLlmMs 1000 reached: \d+ ms of LLM calls spent; the answer call was (stopped under way|not made)$/);
    const slow = record.metadata!.llmCalls.find((c) => c.error?.includes('cannot read these sources'));
    expect(slow!.durationMs).toBeGreaterThanOrEqual(SLOW_FAIL_MS - 5);
  });

  it('counts tokens as sent, dense text, schema and tools included: parallel steps and a failing one before Finalize stay within maxTokens', async () => {
    // Prepare: three answers at once over text of about two characters a token, then a failing combining call.
    const corpus = writeDenseCorpus(tempDir('llm-budget-dense'));
    const maxTokens = 3_000;
    const plan = planOf(
      searchStep(1, 'Lyon sensor log'),
      ...[2, 3, 4].map((id) => llmStep(id, `Summarise the readings of the logs, part ${id - 1}`, [1], { on_error: 'skip', parameters: { max_tokens: 200 } })),
      llmStep(5, `Combine the three summaries ${FAILS}`, [2, 3, 4], { on_error: 'skip', parameters: { max_tokens: 200 } }),
    );

    // Act
    const record = await stack.run({ task: 'What do the Lyon sensor logs record?', corpus, options: { plan, maxTokens, concurrency: 4 } });

    // Assess: counted from the bodies the server received and the answers it gave.
    const spent = spending.spent();
    expect(spent.httpCalls).toBeGreaterThan(0);
    expect(spent.tokensSent + spent.tokensAnswered).toBeLessThanOrEqual(maxTokens);
    expect(usageOf(record.metadata!.llmCalls).tokens).toBeLessThanOrEqual(maxTokens);
    expect(record.status).toBe('failed');
    expect(record.error!.message).toMatch(/budget maxTokens 3000 reached: \d+ tokens spent.*, and the answer prompt is \d+; the answer call was not made$/);
    // Each call's output limit was lowered to what the budget left.
    for (const r of server.requests) expect(Number(r.body.max_tokens)).toBeLessThanOrEqual(maxTokens);
  });

  it('keeps 16 parallel llm_call steps within maxTokens: the tokens spent never pass the cap', async () => {
    // Prepare: a cap with room for a few calls, not sixteen.
    const maxTokens = 6_000;

    // Act
    const record = await stack.run({ task: 'Tell me about Lyon', options: { plan: sixteenAnswers(), maxTokens, concurrency: 16 } });

    // Assess
    const spent = spending.spent();
    expect(spent.httpCalls).toBeGreaterThan(0);
    expect(spent.httpCalls).toBeLessThan(16);
    expect(record.metadata!.llmCalls).toHaveLength(spent.httpCalls);
    expect(spent.tokensSent + spent.tokensAnswered).toBeLessThanOrEqual(maxTokens);
    expect(record.status).toBe('failed');
    expect(record.error!.message).toContain(`budget maxTokens ${maxTokens} reached: `);
  });

  it('counts planning and finalize in the same budget: a planned run under maxLlmCalls 1 makes 1 call', async () => {
    // Act: the plan, its analysis asked in the same call, takes the one call; the answer would be a second.
    const record = await stack.run({ task: 'What is a bouchon?', options: { maxLlmCalls: 1, cache: false } });

    // Assess
    expect(server.requests).toHaveLength(1);
    expect(record.status).toBe('failed');
    // The second call (an llm_call step or the answer composed at the end, as the plan has it) was not made.
    expect(record.error!.message).toMatch(/budget maxLlmCalls 1 reached: 1 LLM call\(s\) made; the answer call was not made$/);
  });

  it('traces a planning call that got no answer and fails the plan with its reason', async () => {
    // Prepare: the analysis (asked on its own: the task comes with context) is refused for a bad key (not retried).
    server.respondWith((request) => (intentOf(request).kind === 'analysis' ? { status: 401, message: 'invalid x-api-key' } : ruleBasedModel(request)));

    // Act
    const record = await stack.run({ task: 'What is a bouchon?', context: 'A trip to Lyon.', options: { maxLlmCalls: 5, cache: false } });

    // Assess
    expect(record.status).toBe('failed');
    expect(record.error).toMatchObject({ name: 'LlmFatalError', phase: 'analyzing' });
    expect(record.metadata!.llmCalls).toEqual([
      expect.objectContaining({ purpose: 'analysis', attempts: 1, error: expect.stringContaining('invalid x-api-key') }),
    ]);
    const traced = (await storedEvents(stack, record)).filter((e) => e.type === 'llm.call');
    expect(traced).toEqual([expect.objectContaining({ phase: 'analyzing', data: expect.objectContaining({ error: expect.stringContaining('401') }) })]);
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
    return executePlan(plan, executionContext({ llm: new RetryingProvider(claude(), recordingPolicy()), task: 'Answer', index: await miniCorpusIndex() }));
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
