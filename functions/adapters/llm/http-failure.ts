/**
 * What a failed LLM request means, the same way for every HTTP provider. Each adapter turns
 * its SDK's error into an HttpFailure; this decides transient (retried by the retry layer, and by
 * the workflow under the name LlmTransientError) or fatal (not retried, one clear line).
 *
 * Transient: timeouts, connection resets, 408, 409, 429, 5xx and 529 (overloaded).
 * Fatal: 400, 401, 403, 404, 413, 422 and the like, and a 429 that says a spend limit or a quota is
 * used up (waiting will not help). A server's `x-should-retry` header, when present, is obeyed for
 * the rest.
 */
import { LlmFatalError, LlmTransientError, oneLine } from '../../core/errors.js';
import { isCutBody, isTransientStatus } from '../../core/transient.js';

export type HttpFailure =
  | { kind: 'status'; status: number; headers?: Headers | undefined; detail: string; spendLimit: boolean }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'connection'; detail: string }
  | { kind: 'aborted' }
  | { kind: 'bad-response'; detail: string };

const FATAL_REASON: Readonly<Record<number, string>> = {
  400: 'the request was rejected',
  401: 'authentication failed (check the API key)',
  402: 'payment required',
  403: 'permission denied',
  404: 'model or endpoint not found',
  413: 'the request is too large',
  422: 'the request was rejected',
};

/** The error to throw for `failure` of a call to `who` (`provider/model`). */
export function llmErrorFrom(who: string, failure: HttpFailure, cause: unknown): LlmTransientError | LlmFatalError {
  switch (failure.kind) {
    case 'timeout':
      return new LlmTransientError(`${who}: no answer within ${failure.timeoutMs} ms (request timed out)`, { cause });
    case 'connection':
      return new LlmTransientError(`${who}: connection failed (${oneLine(failure.detail)})`, { cause });
    case 'bad-response':
      return new LlmTransientError(`${who}: the answer is not a valid response (${oneLine(failure.detail)})`, { cause });
    case 'aborted':
      return new LlmFatalError(`${who}: the request was aborted`, { cause });
    case 'status':
      return statusError(who, failure, cause);
  }
}

function statusError(who: string, failure: Extract<HttpFailure, { kind: 'status' }>, cause: unknown): LlmTransientError | LlmFatalError {
  const { status, detail } = failure;
  const detailText = detail ? `: ${oneLine(detail)}` : '';
  if (status === 429 && failure.spendLimit) {
    return new LlmFatalError(`${who}: spend limit or quota reached (429)${detailText}`, { cause, status });
  }
  const header = failure.headers?.get('x-should-retry');
  const transient = header === 'true' ? true : header === 'false' ? false : isTransientStatus(status);
  if (transient) {
    const label = status === 529 ? 'overloaded' : status === 429 ? 'rate limited' : 'server error';
    return new LlmTransientError(`${who}: ${label} (${status})${detailText}`, { cause, status, retryAfterMs: retryAfterMs(failure.headers) });
  }
  return new LlmFatalError(`${who}: ${FATAL_REASON[status] ?? 'the request failed'} (${status})${detailText}`, { cause, status });
}

/** `retry-after-ms`, else `retry-after` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

type ErrorClass<T extends Error = Error> = abstract new (...args: never[]) => T;

/** The error classes both Stainless-generated SDKs (@anthropic-ai/sdk, openai) export, under the same names. */
export interface SdkErrors {
  APIUserAbortError: ErrorClass;
  APIConnectionTimeoutError: ErrorClass;
  APIConnectionError: ErrorClass;
  APIError: ErrorClass<Error & { status: number | undefined; headers: Headers | undefined }>;
}

/**
 * What an SDK error means, or undefined when it is not one of the SDK's (a bug, passed through).
 * `describe` reads the provider's own error body: its message, and whether it names a spend limit.
 */
export function failureOf(
  error: unknown,
  sdk: SdkErrors,
  timeoutMs: number,
  describe: (error: InstanceType<SdkErrors['APIError']>) => { detail: string; spendLimit: boolean },
): HttpFailure | undefined {
  if (error instanceof sdk.APIUserAbortError) return { kind: 'aborted' };
  if (error instanceof sdk.APIConnectionTimeoutError) return { kind: 'timeout', timeoutMs };
  if (error instanceof sdk.APIConnectionError) return { kind: 'connection', detail: String((error.cause as Error | undefined)?.message ?? error.message) };
  if (error instanceof sdk.APIError && typeof error.status === 'number')
    return { kind: 'status', status: error.status, headers: error.headers, ...describe(error) };
  // The connection cut while the body was read: a dropped connection like any other.
  if (isCutBody(error)) return { kind: 'connection', detail: 'the connection was cut while the answer was read (terminated)' };
  // A 200 whose body is not JSON: a proxy's error page, a server cut off mid-answer.
  if (error instanceof SyntaxError) return { kind: 'bad-response', detail: error.message };
  return undefined;
}
