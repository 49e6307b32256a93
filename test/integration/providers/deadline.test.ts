/**
 * The deadline of a whole LLM call, headers and body alike, for each HTTP provider's real client
 * against the loopback server: a body sent a byte at a time, headers then silence, a connection
 * cut mid-body, and a caller's abort (a step's timeout) reaching the request.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AnthropicProvider } from '../../../functions/adapters/llm/anthropic/provider.js';
import { OpenAiCompatibleProvider } from '../../../functions/adapters/llm/openai-compatible/provider.js';
import { RetryingProvider } from '../../../functions/adapters/llm/resilient/retry.js';
import { LlmFatalError, LlmTransientError } from '../../../functions/core/errors.js';
import { executePlan } from '../../../functions/core/executor/run-plan.js';
import type { LlmProvider } from '../../../functions/core/ports.js';
import { isTransient } from '../../../functions/core/transient.js';
import { miniCorpusIndex } from '../../support/corpus.js';
import { executionContext } from '../../support/executor.js';
import { llmRequest } from '../../support/llm.js';
import { recordingPolicy, useLoopbackLlm } from '../../support/llm-loopback/harness.js';
import type { LoopbackLlm } from '../../support/llm-loopback/server.js';
import { planOf } from '../../support/plans.js';

const API_KEY = 'sk-loopback-deadline';
const TIMEOUT_MS = 500;
/** How far past its deadline a call may end: the time to notice the abort and unwind. */
const SLACK_MS = 400;

const loopback = useLoopbackLlm();
let server: LoopbackLlm;
beforeEach(() => ({ server } = loopback()));

const providers: Array<[string, (timeoutMs: number) => LlmProvider]> = [
  ['Anthropic', (timeoutMs) => new AnthropicProvider({ apiKey: API_KEY, model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs })],
  [
    'an OpenAI-compatible server',
    (timeoutMs) => new OpenAiCompatibleProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, model: 'qwen2.5-7b-instruct', timeoutMs }),
  ],
];

const request = llmRequest({ purpose: 'answer', maxTokens: 64 });

/** The call's error and how long it took. */
async function timed(run: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await run();
    return { error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

describe.each(providers)('The deadline of a whole call, with %s', (_name, make) => {
  it('ends a body that drips a byte every 50 ms at the deadline, not when the body ends', async () => {
    // Prepare: the answer's few hundred bytes would take over 10 s.
    server.script({ drip: { intervalMs: 50 } });

    // Act
    const { error, ms } = await timed(() => make(TIMEOUT_MS).complete(request));

    // Assess
    expect(error).toBeInstanceOf(LlmTransientError);
    expect(String((error as Error).message)).toContain(`no answer within ${TIMEOUT_MS} ms`);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  it('ends headers followed by silence at the deadline', async () => {
    // Prepare
    server.script({ silence: true });

    // Act
    const { error, ms } = await timed(() => make(TIMEOUT_MS).complete(request));

    // Assess
    expect(error).toBeInstanceOf(LlmTransientError);
    expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  it('reads a connection cut mid-body as transient, and the retry layer gets the answer on the next attempt', async () => {
    // Prepare
    server.script({ cut: true }, { text: 'whole this time' });
    const policy = recordingPolicy();

    // Act
    const response = await new RetryingProvider(make(2_000), policy).complete(request);

    // Assess
    expect(response).toMatchObject({ text: 'whole this time', attempts: 2 });
    expect(server.requests).toHaveLength(2);
    expect(policy.waits).toHaveLength(1);
  });

  it("aborts the request when the caller's signal fires, long before the provider's own deadline", async () => {
    // Prepare
    server.script({ silence: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);

    // Act
    const { error, ms } = await timed(() => make(10_000).complete(request, controller.signal));

    // Assess: the caller stopped it, so nothing retries it.
    expect(error).toBeInstanceOf(LlmFatalError);
    expect(String((error as Error).message)).toContain('the request was aborted');
    expect(ms).toBeLessThan(100 + SLACK_MS);
  });

  it("aborts an llm_call step's model request at the step's timeout, and the step does not start another", async () => {
    // Prepare: the model drips forever; the step allows 300 ms and would retry a timeout once.
    server.respondWith(() => ({ drip: { intervalMs: 200 } }));
    const llm = new RetryingProvider(make(10_000), recordingPolicy());
    const plan = planOf({ step_id: 1, type: 'llm_call', parameters: { prompt: 'Answer' }, timeout_ms: 300, retry: { max_attempts: 2, backoff_ms: 1 } });

    // Act
    const started = performance.now();
    const outcome = await executePlan(plan, executionContext({ llm, task: 'Answer', index: await miniCorpusIndex() }));
    const ms = performance.now() - started;

    // Assess: two attempts of 300 ms, one request each, both ended (no request is left open).
    expect(outcome).toMatchObject({ status: 'failed', error: 'step 1 timed out after 300 ms' });
    expect(server.requests).toHaveLength(2);
    expect(ms).toBeLessThan(2 * 300 + SLACK_MS);
    await expect.poll(() => server.dripping, { timeout: 2_000 }).toBe(0);
  });
});

describe('Function: isTransient, for a body cut off', () => {
  it("judges fetch's `TypeError: terminated` transient", () => {
    // Act + Assess
    expect(isTransient(new TypeError('terminated'))).toBe(true);
    expect(isTransient(new TypeError('x is not a function'))).toBe(false);
  });
});
