/**
 * One answer, for every caller, to "may another attempt of the same call succeed?". The LLM retry
 * layer, the executor's step retries and the adapters that name a failure transient for Step
 * Functions' Retry and the HTTP edge's 503 all ask here, so they cannot disagree.
 *
 * - Cairn's own errors say it by their class (`static transient` on CairnError and its subclasses).
 * - A raw failure from an SDK or the network says it by its shape: a throttling or server-side
 *   error name, a dropped connection's code, an HTTP status of 408, 409, 429 or 5xx, or the AWS
 *   SDK's own `$retryable` mark. Nothing here imports an SDK: these are plain properties.
 */
import { CairnError } from './errors.js';

/** Transient: another attempt may succeed. Permanent: it will not (the input is wrong). Unknown: the error does not say. */
export type FailureKind = 'transient' | 'permanent' | 'unknown';

/** Names services give a failure that passes: throttling, capacity, a server-side fault, a timeout. */
const TRANSIENT_NAMES = new Set([
  'ThrottlingException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TransactionConflictException',
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
  'InternalServerError',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
]);

/** Node's codes for a connection that failed or dropped. */
const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'UND_ERR_SOCKET']);

/**
 * Node's fetch reports a connection cut while the body was being read as `TypeError: terminated`
 * (its cause, when there is one, the socket's error): the next attempt may well get the whole body.
 */
export function isCutBody(error: unknown): boolean {
  return error instanceof TypeError && error.message === 'terminated';
}

/** 408 (timeout), 409 (a conflict that clears), 429 (rate limit) and every 5xx (529 overloaded included). */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

export function failureKind(error: unknown, extraTransientNames: ReadonlySet<string> = NONE): FailureKind {
  if (error instanceof CairnError) {
    const transient = (error.constructor as typeof CairnError).transient;
    return transient === undefined ? 'unknown' : transient ? 'transient' : 'permanent';
  }
  if (!(error instanceof Error)) return 'unknown';
  const e = error as Error & { $retryable?: unknown; $metadata?: { httpStatusCode?: unknown }; code?: unknown };
  if (TRANSIENT_NAMES.has(e.name) || extraTransientNames.has(e.name) || e.$retryable !== undefined) return 'transient';
  if (typeof e.code === 'string' && TRANSIENT_CODES.has(e.code)) return 'transient';
  if (isCutBody(error)) return 'transient';
  const status = e.$metadata?.httpStatusCode;
  return typeof status === 'number' && isTransientStatus(status) ? 'transient' : 'unknown';
}

/**
 * Whether `error` may pass on its own. `extraTransientNames` adds what one service alone answers
 * when busy (Transcribe's and Bedrock's own names), for the adapter of that service.
 */
export function isTransient(error: unknown, extraTransientNames?: ReadonlySet<string>): boolean {
  return failureKind(error, extraTransientNames) === 'transient';
}

/** Whether a retry is worth trying: anything not known to be permanent (a step retries the unknown too). */
export function isRetryable(error: unknown): boolean {
  return failureKind(error) !== 'permanent';
}

const NONE: ReadonlySet<string> = new Set();
