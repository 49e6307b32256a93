import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../../functions/adapters/http-client/retry.js';
import { RetryingProvider } from '../../../functions/adapters/llm/resilient/retry.js';
import { LlmFatalError, LlmTransientError } from '../../../functions/core/errors.js';
import type { LlmProvider } from '../../../functions/core/ports.js';
import { llmRequest, ScriptedLlm } from '../../support/llm.js';

const request = llmRequest();

/** A provider that fails with the given errors, in order, then answers. */
const flaky = (failures: Error[]) =>
  new ScriptedLlm(
    () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return 'ok';
    },
    { name: 'flaky', model: 'f-1', inputTokens: 1, outputTokens: 1 },
  );

function clock(start = 0) {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    policy: {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
      random: () => 0,
    },
    advance: (ms: number) => (now += ms),
  };
}

describe('Function: backoffMs', () => {
  it.each([
    [1, 0, 500],
    [1, 1, 1000],
    [2, 0, 1000],
    [3, 1, 4000],
    [10, 1, 30_000],
  ])('gives retry %i with randomness %d a wait of %i ms (base 1 s, doubled, capped at 30 s)', (retry, random, expected) => {
    // Act
    const wait = backoffMs({ baseDelayMs: 1000, maxDelayMs: 30_000, random: () => random }, retry);

    // Assess
    expect(wait).toBe(expected);
  });
});

describe('Class: RetryingProvider', () => {
  it('returns the answer with the number of attempts it took', async () => {
    // Prepare
    const t = clock();
    const inner = flaky([new LlmTransientError('503'), new LlmTransientError('529')]);

    // Act
    const response = await new RetryingProvider(inner, t.policy).complete(request);

    // Assess
    expect(response.attempts).toBe(3);
    expect(t.waits).toEqual([500, 1000]);
  });

  it('waits what the server asked rather than its own backoff', async () => {
    // Prepare
    const t = clock();
    const inner = flaky([new LlmTransientError('429', { status: 429, retryAfterMs: 7000 })]);

    // Act
    await new RetryingProvider(inner, t.policy).complete(request);

    // Assess
    expect(t.waits).toEqual([7000]);
  });

  it('passes a fatal error through at once', async () => {
    // Prepare
    const inner = flaky([new LlmFatalError('401')]);

    // Act
    const outcome = await new RetryingProvider(inner, clock().policy).complete(request).catch((e: unknown) => e);

    // Assess
    expect(outcome).toBeInstanceOf(LlmFatalError);
    expect(inner.calls).toBe(1);
  });

  it('passes an error that is not an LLM error (a bug) through at once', async () => {
    // Prepare
    const inner = flaky([new TypeError('x is undefined')]);

    // Act
    const outcome = await new RetryingProvider(inner, clock().policy).complete(request).catch((e: unknown) => e);

    // Assess
    expect(outcome).toBeInstanceOf(TypeError);
    expect(inner.calls).toBe(1);
  });

  it('gives up rather than wait longer than maxDelayMs', async () => {
    // Prepare
    const inner = flaky([new LlmTransientError('429', { status: 429, retryAfterMs: 120_000 })]);

    // Act
    const outcome = await new RetryingProvider(inner, clock().policy).complete(request).catch((e: unknown) => e);

    // Assess
    expect(outcome).toBeInstanceOf(LlmTransientError);
    expect((outcome as LlmTransientError).message).toBe('429 (gave up after 1 attempt(s): the server asks to wait 120 s, more than 30 s)');
    expect((outcome as LlmTransientError).retryAfterMs).toBe(120_000);
    expect(inner.calls).toBe(1);
  });

  it('starts no retry once maxElapsedMs would be passed', async () => {
    // Prepare: the first attempt takes 50 s (a timeout), leaving no room in 60 s.
    const t = clock();
    const inner: LlmProvider = {
      name: 'slow',
      model: 's',
      source: 'test',
      complete: async () => {
        t.advance(50_000);
        throw new LlmTransientError('timed out');
      },
    };

    // Act
    const outcome = await new RetryingProvider(inner, { ...t.policy, maxElapsedMs: 50_100 }).complete(request).catch((e: unknown) => e);

    // Assess
    expect((outcome as Error).message).toBe('timed out (gave up after 1 attempt(s) in 50000 ms: no time left for another within 50100 ms)');
    expect(t.waits).toEqual([]);
  });

  it('refuses a policy without attempts', () => {
    // Act + Assess
    expect(() => new RetryingProvider(flaky([]), { maxAttempts: 0 })).toThrow('maxAttempts must be a positive integer, got 0');
  });
});
