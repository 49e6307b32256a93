/**
 * What a failed LLM request means, the same way for every HTTP provider. Each adapter turns
 * its SDK's error into an HttpFailure (http-client/http-failure.ts); this decides transient
 * (retried by the retry layer, and by the workflow under the name LlmTransientError) or fatal
 * (not retried, one clear line).
 *
 * Transient: timeouts, connection resets, 408, 409, 429, 5xx and 529 (overloaded).
 * Fatal: 400, 401, 403, 404, 413, 422 and the like, and a 429 that says a spend limit or a quota is
 * used up (waiting will not help). A server's `x-should-retry` header, when present, is obeyed for
 * the rest.
 */
import { LlmFatalError, LlmTransientError, oneLine } from '../../core/errors.js';
import { isTransientStatus } from '../../core/transient.js';
import { type HttpFailure, retryAfterMs } from '../http-client/http-failure.js';

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
