/**
 * What the embedding and rerank adapters share: one call to a service under the one retry loop
 * (http-client/retry.ts, as for the LLM providers), and its failure as one of Cairn's two kinds. A
 * transient failure (throttling, a 5xx, a timeout, a dropped connection) is tried again with
 * backoff; once the attempts run out it is a RetrievalServiceTransientError naming the service and
 * the attempts. Anything else (a 4xx, a body of the wrong shape, a vector of the wrong dimension)
 * is a RetrievalServiceError at once, never retried and never papered over with another method.
 */
import { CairnError, oneLine, RetrievalServiceError, RetrievalServiceTransientError } from '../../core/errors.js';
import { isTransient, isTransientStatus } from '../../core/transient.js';
import { describeAwsError } from '../aws/transient.js';
import { failureOf, type HttpFailure, retryAfterMs } from '../http-client/http-failure.js';
import * as postJsonErrors from '../http-client/post-json.js';
import { type RetryPolicy, retryPolicy, retryTransient } from '../http-client/retry.js';

export interface ServiceCallOptions {
  /** Per request, in ms, reading the whole answer included. */
  timeoutMs: number;
  /** Attempts in all and backoff; the defaults of the LLM retry layer (3 attempts). */
  retry?: Partial<RetryPolicy> | undefined;
}

/** What Bedrock answers when it is busy or a model is warming up, beyond the names every AWS service uses. */
const BEDROCK_TRANSIENT_NAMES = new Set([
  'InternalServerException',
  'ServiceUnavailableException',
  'ServiceQuotaExceededException',
  'ModelNotReadyException',
  'ModelTimeoutException',
  'DependencyFailedException',
  'BadGatewayException',
]);

/** The reason a service's error status gives, for the one line a user reads. */
const STATUS_REASON: Readonly<Record<number, string>> = {
  400: 'the request was rejected',
  401: 'authentication failed (check the API key)',
  403: 'permission denied',
  404: 'model or endpoint not found',
  413: 'the request is too large',
  422: 'the request was rejected',
  429: 'rate limited',
};

/** Runs `call` under the retry policy; `who` (`service/model`) starts every error message. */
export class ServiceCaller {
  private readonly policy: RetryPolicy;

  constructor(
    readonly who: string,
    private readonly options: ServiceCallOptions,
  ) {
    this.policy = retryPolicy(options.retry);
  }

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  async run<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const { value } = await retryTransient(
      async () => {
        try {
          return await call();
        } catch (error) {
          throw this.classify(error, signal);
        }
      },
      this.policy,
      {
        signal,
        retryAfterMs: (error) => (error instanceof TransientWithDelay ? error.retryAfterMs : undefined),
        giveUp: (error, why) => new RetrievalServiceTransientError(`${oneLine(error)} (gave up ${why})`, { cause: error }),
      },
    );
    return value;
  }

  /** A wrong answer from the service: one line, never retried. */
  invalid(detail: string): RetrievalServiceError {
    return new RetrievalServiceError(`${this.who}: ${detail}`);
  }

  private classify(error: unknown, signal: AbortSignal | undefined): unknown {
    if (error instanceof CairnError) return error;
    if (signal?.aborted) return new RetrievalServiceError(`${this.who}: the request was aborted`, { cause: error });
    const http = failureOf(error, postJsonErrors, this.options.timeoutMs, (e) => ({ detail: e.message, spendLimit: false }));
    if (http) return this.fromHttp(http, error);
    // An AWS SDK failure: its name and HTTP status say whether it may pass.
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
      return new TransientWithDelay(`${this.who}: no answer within ${this.options.timeoutMs} ms (request timed out)`, undefined, error);
    const status = e?.$metadata?.httpStatusCode;
    const text = `${this.who}: ${describeAwsError(error)}${typeof status === 'number' ? ` (${status})` : ''}`;
    return isTransient(error, BEDROCK_TRANSIENT_NAMES)
      ? new TransientWithDelay(oneLine(text), undefined, error)
      : new RetrievalServiceError(oneLine(text), { cause: error });
  }

  private fromHttp(failure: HttpFailure, cause: unknown): CairnError {
    switch (failure.kind) {
      case 'timeout':
        return new TransientWithDelay(`${this.who}: no answer within ${failure.timeoutMs} ms (request timed out)`, undefined, cause);
      case 'connection':
        return new TransientWithDelay(`${this.who}: the service is unreachable (${oneLine(failure.detail)})`, undefined, cause);
      case 'bad-response':
        return new TransientWithDelay(`${this.who}: the answer is not JSON (${oneLine(failure.detail)})`, undefined, cause);
      case 'aborted':
        return new RetrievalServiceError(`${this.who}: the request was aborted`, { cause });
      case 'status': {
        const detail = failure.detail ? `: ${oneLine(failure.detail)}` : '';
        const reason = STATUS_REASON[failure.status] ?? (failure.status >= 500 ? 'server error' : 'the request failed');
        const message = `${this.who}: ${reason} (${failure.status})${detail}`;
        return isTransientStatus(failure.status)
          ? new TransientWithDelay(message, retryAfterMs(failure.headers), cause)
          : new RetrievalServiceError(message, { cause });
      }
    }
  }
}

/** A transient failure that may carry the server's `retry-after`. */
class TransientWithDelay extends RetrievalServiceTransientError {
  constructor(
    message: string,
    readonly retryAfterMs: number | undefined,
    cause: unknown,
  ) {
    super(message, { cause });
    // The name Step Functions' Retry and the step's retry rule know.
    this.name = 'RetrievalServiceTransientError';
  }
}

/** `texts` cut into batches of at most `size`, in order. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A vector from a service's JSON, checked: numbers only, `dimensions` of them. */
export function vectorOf(value: unknown, dimensions: number, where: string, caller: ServiceCaller): Float32Array {
  if (!Array.isArray(value) || value.some((x) => typeof x !== 'number' || !Number.isFinite(x))) throw caller.invalid(`${where} is not a list of numbers`);
  if (value.length !== dimensions)
    throw caller.invalid(`${where} has ${value.length} dimensions, expected ${dimensions} (set CAIRN_EMBEDDINGS_DIMENSIONS to the model's size)`);
  return Float32Array.from(value as number[]);
}
