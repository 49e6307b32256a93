/**
 * What the HTTP providers (Anthropic, OpenAI-compatible) have in common: their settings, the name
 * their errors start with (`provider/model`), pricing, and turning their SDK's errors into
 * Cairn's (transient or fatal).
 */
import { LlmFatalError } from '../../core/errors.js';
import { tokenCounter } from '../../core/llm/token-count.js';
import type { LlmAttemptGate, LlmProvider, LlmRequest, LlmResponse } from '../../core/ports.js';
import { failureOf, type SdkErrors } from '../http-client/http-failure.js';
import { llmErrorFrom } from './llm-error.js';
import { costOf, type ModelPrice, priceOf, type TokenUsage } from './pricing.js';

export interface HttpProviderOptions {
  model: string;
  /** Per HTTP request, in ms: below the Lambda's timeout (the SDKs' default is 10 minutes). */
  timeoutMs: number;
  /** Send the answer's JSON Schema (a forced tool, a response format). Default true. */
  structured?: boolean | undefined;
  /** Prices that replace or extend the table of pricing.ts. */
  prices?: Readonly<Record<string, ModelPrice>> | undefined;
  /** The model's context window in tokens; the provider's default when absent. */
  contextTokens?: number | undefined;
}

export abstract class HttpLlmProvider implements LlmProvider {
  abstract readonly name: string;
  abstract readonly source: string;
  readonly model: string;
  protected readonly timeoutMs: number;
  protected readonly structured: boolean;
  private readonly prices: Readonly<Record<string, ModelPrice>>;
  /** The context window a prompt and its output limit must fit in. */
  readonly contextTokens: number;

  constructor(options: HttpProviderOptions, defaultContextTokens: number) {
    this.model = options.model;
    this.timeoutMs = options.timeoutMs;
    this.structured = options.structured ?? true;
    this.prices = options.prices ?? {};
    this.contextTokens = options.contextTokens ?? defaultContextTokens;
  }

  abstract complete(request: LlmRequest, signal?: AbortSignal, gate?: LlmAttemptGate): Promise<LlmResponse>;

  /**
   * Refuses, before anything is sent, a request whose prompt (`sent`: what the model reads of the
   * body) and output limit would pass the context window: one line naming both, never a request
   * the server would cut or refuse after reading it. A token is at least one byte, so a prompt of
   * fewer bytes than the room left is not counted. The count is o200k_base's (core/llm/token-count.ts):
   * for Claude, close rather than exact; a prompt just under the window can still be refused by the API.
   */
  protected async withinContext(request: LlmRequest, sent: string): Promise<void> {
    const room = this.contextTokens - request.maxTokens;
    if (Buffer.byteLength(sent, 'utf8') <= room) return;
    const tokens = (await tokenCounter()).count(sent);
    if (tokens <= room) return;
    throw new LlmFatalError(
      `${this.who()}: the ${request.purpose} prompt is ${tokens} tokens; with max_tokens ${request.maxTokens} it would pass the model's context window of ${this.contextTokens} tokens, so it was not sent`,
    );
  }

  /**
   * Runs one whole call (the request, the headers and reading the body) under this provider's
   * deadline and the caller's signal (a step's timeout). The SDKs time the request only until the
   * headers arrive, so a body sent a byte at a time, or headers followed by silence, ran far past
   * the timeout; here one abort signal covers all of it, and the call rejects at the deadline even
   * if a body reader ignores the abort. A deadline reached is a timeout (transient); the caller's
   * abort is the caller's (fatal: nothing retries what the caller stopped).
   */
  protected async withinDeadline<T>(signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(combined.reason);
      if (combined.aborted) onAbort();
      else combined.addEventListener('abort', onAbort, { once: true });
    });
    // The losing side of the race must not surface as an unhandled rejection.
    aborted.catch(() => {});
    try {
      return await Promise.race([run(combined), aborted]);
    } catch (error) {
      if (signal?.aborted) throw llmErrorFrom(this.who(), { kind: 'aborted' }, error);
      if (deadline.signal.aborted) throw llmErrorFrom(this.who(), { kind: 'timeout', timeoutMs: this.timeoutMs }, error);
      throw error;
    } finally {
      clearTimeout(timer);
      combined.removeEventListener('abort', onAbort);
    }
  }

  /** `provider/model`, how every error of this provider starts. */
  protected who(): string {
    return `${this.name}/${this.model}`;
  }

  /** `{costUsd}` for a call to `model` (as the server named it), or nothing when the model has no price. */
  protected cost(model: string, usage: TokenUsage): { costUsd?: number } {
    const price = priceOf(model, this.prices);
    return price ? { costUsd: costOf(price, usage) } : {};
  }

  /** The SDK's error as LlmTransientError or LlmFatalError; anything else is a bug and passes through. */
  protected failure(error: unknown, sdk: SdkErrors, describe: Parameters<typeof failureOf>[3]): unknown {
    const failure = failureOf(error, sdk, this.timeoutMs, describe);
    return failure ? llmErrorFrom(this.who(), failure, error) : error;
  }

  protected badResponse(detail: string, cause: unknown): Error {
    return llmErrorFrom(this.who(), { kind: 'bad-response', detail }, cause);
  }
}
