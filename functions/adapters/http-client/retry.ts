/**
 * The one retry loop of every service Cairn calls with a retry layer of its own (the LLM
 * providers, the embedding and rerank services): a transient failure is tried again, at most
 * `maxAttempts` times in all, after an exponential backoff with jitter, or after the server's
 * `retry-after` when it sent one; a fatal failure passes through at once.
 */
import { isTransient } from '../../core/transient.js';

export interface RetryPolicy {
  /** Attempts in all, the first included. Default 3. */
  maxAttempts: number;
  /** The first backoff, doubled at each retry. Default 1000 ms. */
  baseDelayMs: number;
  /** No backoff (and no retry-after) longer than this is waited: the call gives up instead. Default 30 s. */
  maxDelayMs: number;
  /** No retry starts once this much time has passed since the first attempt. Default: no limit. */
  maxElapsedMs?: number | undefined;
  /** Injectable for tests: waiting, the clock, and the jitter's randomness. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    }),
  now: () => Date.now(),
  random: Math.random,
};

/** Exponential backoff with "equal jitter": between half and all of base * 2^(retry-1). */
export function backoffMs(policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>, retry: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (policy.random() * ceiling) / 2);
}

export interface RetryHooks {
  /** The caller's signal: a wait between attempts ends when it fires. */
  signal?: AbortSignal | undefined;
  /** How long the server asked to wait before the next attempt (`retry-after`), when it said. */
  retryAfterMs?: (error: unknown) => number | undefined;
  /** The error to throw when the attempts or the time run out; `why` reads "after 3 attempt(s)". */
  giveUp: (error: unknown, why: string) => Error;
}

/**
 * Runs `call` until it succeeds, it fails for good (anything `isTransient` does not call
 * transient passes through at once), or `policy` runs out, then throws `hooks.giveUp`. Returns
 * the value and how many attempts it took. Every service with a retry layer of its own (the LLM
 * providers, the embedding and rerank services) goes through this one loop.
 */
export async function retryTransient<T>(
  call: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  hooks: RetryHooks,
): Promise<{ value: T; attempts: number }> {
  const { maxAttempts, maxDelayMs, maxElapsedMs, sleep, now } = policy;
  const started = now();
  for (let attempt = 1; ; attempt++) {
    try {
      return { value: await call(attempt), attempts: attempt };
    } catch (error) {
      if (!isTransient(error)) throw error;
      const delay = hooks.retryAfterMs?.(error) ?? backoffMs(policy, attempt);
      const giveUp =
        attempt >= maxAttempts
          ? `after ${attempt} attempt(s)`
          : delay > maxDelayMs
            ? `after ${attempt} attempt(s): the server asks to wait ${Math.round(delay / 1000)} s, more than ${Math.round(maxDelayMs / 1000)} s`
            : maxElapsedMs !== undefined && now() - started + delay >= maxElapsedMs
              ? `after ${attempt} attempt(s) in ${now() - started} ms: no time left for another within ${maxElapsedMs} ms`
              : undefined;
      if (giveUp !== undefined) throw hooks.giveUp(error, giveUp);
      await sleep(delay, hooks.signal);
    }
  }
}

/** A policy with the defaults filled in, its attempt count checked. */
export function retryPolicy(policy: Partial<RetryPolicy> = {}): RetryPolicy {
  const full = { ...DEFAULT_RETRY_POLICY, ...policy };
  if (!Number.isInteger(full.maxAttempts) || full.maxAttempts < 1) {
    throw new RangeError(`maxAttempts must be a positive integer, got ${full.maxAttempts}`);
  }
  return full;
}
