/**
 * Whether an AWS SDK failure may pass on its own (throttling, a 5xx, a timeout, a dropped
 * connection) or will not (validation, access, a missing resource). The adapters turn the first
 * kind into their `...TransientError`, whose name Step Functions' Retry and the HTTP edge's 503
 * recognise.
 */
const TRANSIENT_NAMES = new Set([
  'ThrottlingException',
  'TooManyRequestsException',
  'RequestLimitExceeded',
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
  'InternalServerError',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
]);

const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN']);

export function isTransientAwsError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as Error & { $retryable?: unknown; $metadata?: { httpStatusCode?: number }; code?: unknown };
  if (TRANSIENT_NAMES.has(e.name) || e.$retryable !== undefined) return true;
  if (typeof e.code === 'string' && TRANSIENT_CODES.has(e.code)) return true;
  const status = e.$metadata?.httpStatusCode;
  return status !== undefined && (status >= 500 || status === 429);
}

/** `Name: message` of a failure, for error messages that keep the SDK's words. */
export function describeAwsError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
