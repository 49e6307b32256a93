/**
 * Retries against a real HTTP server, for each HTTP provider: the retry layer over its real client,
 * the loopback server failing as the APIs do. Waits are recorded, not slept.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '../../../functions/adapters/http-client/retry.js';
import { AnthropicProvider } from '../../../functions/adapters/llm/anthropic/provider.js';
import { OpenAiCompatibleProvider } from '../../../functions/adapters/llm/openai-compatible/provider.js';
import { RetryingProvider } from '../../../functions/adapters/llm/resilient/retry.js';
import { LlmFatalError, LlmTransientError } from '../../../functions/core/errors.js';
import { normalizePlan } from '../../../functions/core/planner/plan-format.js';
import { generatePlan } from '../../../functions/core/planner/planner.js';
import type { LlmProvider } from '../../../functions/core/ports.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';
import { faultyAnswer, TRANSPORT_FAULTS } from '../../support/llm-loopback/faults.js';
import { recordingPolicy, useLoopbackLlm } from '../../support/llm-loopback/harness.js';
import type { LoopbackLlm, Reply } from '../../support/llm-loopback/server.js';
import { plannerDepsFor, planningInput } from '../../support/planner.js';

const TASK = 'What is a bouchon?';
const API_KEY = 'sk-loopback-secret-42';

const loopback = useLoopbackLlm(TASK);
let server: LoopbackLlm;
let plan: DecompositionPlan;
beforeEach(() => ({ server, plan } = loopback()));

interface ProviderCase {
  who: string;
  make: (timeoutMs?: number) => LlmProvider;
  /** A 429 that says the money or the quota is used up. */
  spendLimit: Reply;
  spendLimitDetail: string;
}

const providers: Array<[string, ProviderCase]> = [
  [
    'Anthropic',
    {
      who: 'anthropic/claude-sonnet-4-6',
      make: (timeoutMs = 2_000) => new AnthropicProvider({ apiKey: API_KEY, model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs }),
      spendLimit: {
        status: 429,
        type: 'rate_limit_error',
        message: 'You have reached your specified workspace API usage limits.',
        errorCode: 'enforced_spend_limit_reached',
        headers: { 'retry-after': '1' },
      },
      spendLimitDetail: 'You have reached your specified workspace API usage limits.',
    },
  ],
  [
    'an OpenAI-compatible server',
    {
      who: 'openai/qwen2.5-7b-instruct',
      make: (timeoutMs = 2_000) => new OpenAiCompatibleProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, model: 'qwen2.5-7b-instruct', timeoutMs }),
      spendLimit: { status: 429, type: 'insufficient_quota', message: 'You exceeded your current quota.', errorCode: 'insufficient_quota' },
      spendLimitDetail: 'You exceeded your current quota.',
    },
  ],
];

describe.each(providers)('Class: RetryingProvider over %s', (_name, provider) => {
  const plan1 = (policy: Partial<RetryPolicy>, timeoutMs?: number) =>
    generatePlan(plannerDepsFor(new RetryingProvider(provider.make(timeoutMs), policy)), planningInput(TASK));

  it('honours retry-after on a 429, then succeeds: one call, two attempts', async () => {
    // Prepare
    const policy = recordingPolicy();
    server.script(TRANSPORT_FAULTS['rate-limited'], faultyAnswer('clean', plan));

    // Act
    const attempt = await plan1(policy);

    // Assess
    expect(policy.waits).toEqual([1000]);
    expect(attempt.llm.attempts).toBe(2);
    expect(server.requests).toHaveLength(2);
    expect(attempt.candidate).toEqual(normalizePlan(plan, attempt.llm.provider));
  });

  it('backs off exponentially with jitter on 529 overloaded and 500', async () => {
    // Prepare
    const policy = recordingPolicy({ random: () => 1 });
    server.script(TRANSPORT_FAULTS.overloaded, TRANSPORT_FAULTS['server-error'], faultyAnswer('clean', plan));

    // Act
    const attempt = await plan1(policy);

    // Assess
    expect(policy.waits).toEqual([1000, 2000]);
    expect(attempt.llm.attempts).toBe(3);
  });

  it('gives up after 3 attempts with LlmTransientError, and the client retried nothing itself', async () => {
    // Prepare
    server.script(TRANSPORT_FAULTS['server-error'], TRANSPORT_FAULTS.overloaded, { status: 503, type: 'api_error', message: 'unavailable' });

    // Act
    const outcome = await plan1(recordingPolicy()).catch((e: unknown) => e);

    // Assess
    expect(outcome).toBeInstanceOf(LlmTransientError);
    expect((outcome as Error).name).toBe('LlmTransientError');
    expect((outcome as Error).message).toBe(`${provider.who}: server error (503): unavailable (gave up after 3 attempt(s))`);
    // One request per attempt: a client that retried on its own would have sent more. The
    // Anthropic SDK also says so in a header; the fetch client of the OpenAI-compatible one sends none.
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((r) => r.headers['x-stainless-retry-count'] ?? '0')).toEqual(['0', '0', '0']);
  });

  it('ends a request that hangs past the timeout, and retries it', async () => {
    // Prepare
    server.script({ hang: true }, faultyAnswer('clean', plan));
    const started = Date.now();

    // Act
    const attempt = await plan1(recordingPolicy(), 300);

    // Assess
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(attempt.llm.attempts).toBe(2);
  });

  it('reports a hang on every attempt as a timeout', async () => {
    // Prepare
    server.script({ hang: true }, { hang: true });

    // Act
    const outcome = await plan1(recordingPolicy({ maxAttempts: 2 }), 200).catch((e: unknown) => e);

    // Assess
    expect(outcome).toBeInstanceOf(LlmTransientError);
    expect((outcome as Error).message).toBe(`${provider.who}: no answer within 200 ms (request timed out) (gave up after 2 attempt(s))`);
  });

  it('retries a dropped connection, and a 200 whose body is not JSON', async () => {
    // Prepare
    server.script({ reset: true }, { garbage: '<html>502 Bad Gateway</html>' }, faultyAnswer('clean', plan));

    // Act
    const attempt = await plan1(recordingPolicy());

    // Assess
    expect(attempt.llm.attempts).toBe(3);
  });

  it.each([
    [{ status: 401, type: 'authentication_error', message: 'invalid key' }, 'authentication failed (check the API key) (401): invalid key'],
    [{ status: 403, type: 'permission_error', message: 'not allowed' }, 'permission denied (403): not allowed'],
    [{ status: 400, type: 'invalid_request_error', message: 'messages: bad' }, 'the request was rejected (400): messages: bad'],
    [{ status: 404, type: 'not_found_error', message: 'model: no-such-model' }, 'model or endpoint not found (404): model: no-such-model'],
  ])('fails at once, with one clear line and no retry, on %o', async (fault, reason) => {
    // Prepare
    const policy = recordingPolicy();
    server.script(fault);

    // Act
    const outcome = await plan1(policy).catch((e: unknown) => e);

    // Assess
    expect(outcome).toBeInstanceOf(LlmFatalError);
    expect((outcome as Error).name).toBe('LlmFatalError');
    expect((outcome as Error).message).toBe(`${provider.who}: ${reason}`);
    expect((outcome as Error).message).not.toContain(API_KEY);
    expect(server.requests).toHaveLength(1);
    expect(policy.waits).toEqual([]);
  });

  it('does not retry a 429 that says the spend limit or quota is used up', async () => {
    // Prepare
    const policy = recordingPolicy();
    server.script(provider.spendLimit);

    // Act
    const outcome = await plan1(policy).catch((e: unknown) => e);

    // Assess
    expect(outcome).toBeInstanceOf(LlmFatalError);
    expect((outcome as Error).message).toBe(`${provider.who}: spend limit or quota reached (429): ${provider.spendLimitDetail}`);
    expect(server.requests).toHaveLength(1);
    expect(policy.waits).toEqual([]);
  });
});
