/**
 * The one retry layer of every HTTP provider (the SDKs' own retries are off), on the retry loop
 * the embedding and rerank services share (http-client/retry.ts). A transient
 * failure (LlmTransientError: 429, 5xx, 529, timeouts, resets) is tried again, at most
 * `maxAttempts` times in all, after an exponential backoff with jitter, or after the server's
 * `retry-after` when it sent one. A fatal failure passes through at once. When the attempts (or
 * the time allowed) run out, the call fails with LlmTransientError naming how many attempts were
 * made and the last failure: the workflow's Retry matches that name.
 *
 * A call that succeeds reports its `attempts`, so the trace counts one call with its retries; the
 * request's budget counts each attempt as a call, and is asked before each retry is made.
 */
import { LlmTransientError } from '../../../core/errors.js';
import { requestText } from '../../../core/llm/request-text.js';
import type { LlmAttemptGate, LlmProvider, LlmRequest, LlmResponse } from '../../../core/ports.js';
import { type RetryPolicy, retryPolicy, retryTransient } from '../../http-client/retry.js';

export class RetryingProvider implements LlmProvider {
  private readonly policy: RetryPolicy;

  constructor(
    private readonly inner: LlmProvider,
    policy: Partial<RetryPolicy> = {},
  ) {
    this.policy = retryPolicy(policy);
  }

  get name(): string {
    return this.inner.name;
  }
  get model(): string {
    return this.inner.model;
  }
  get source(): string {
    return this.inner.source;
  }

  async sentText(request: LlmRequest): Promise<string> {
    return (await this.inner.sentText?.(request)) ?? requestText(request);
  }

  /**
   * Each attempt after the first is asked of `gate` (the request's budget) first: every attempt is
   * a call, and one the budget has no room for is not made.
   */
  async complete(request: LlmRequest, signal?: AbortSignal, gate?: LlmAttemptGate): Promise<LlmResponse> {
    let failed: unknown;
    const attempt = async (n: number): Promise<LlmResponse> => {
      const sent = n > 1 && gate ? gate(request, failed) : request;
      try {
        return await this.inner.complete(sent, signal, gate);
      } catch (error) {
        failed = error;
        throw error;
      }
    };
    // The providers map every failure they know to LlmTransientError or LlmFatalError; a raw
    // failure of the network (a reset connection) is judged by the same classifier.
    const { value, attempts } = await retryTransient(attempt, this.policy, {
      signal,
      retryAfterMs: (error) => (error instanceof LlmTransientError ? error.retryAfterMs : undefined),
      giveUp: (error, why) => {
        const known = error instanceof LlmTransientError ? error : undefined;
        const message = error instanceof Error ? error.message : String(error);
        return new LlmTransientError(`${message} (gave up ${why})`, { cause: error, status: known?.status, retryAfterMs: known?.retryAfterMs });
      },
    });
    return { ...value, attempts };
  }
}
