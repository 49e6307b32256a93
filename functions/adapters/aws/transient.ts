/**
 * The words of an AWS SDK failure, for the adapters' own errors. Whether such a failure may pass
 * is the core's one classifier (functions/core/transient.ts): the adapters turn the transient kind
 * into their `...TransientError`, whose name Step Functions' Retry and the HTTP edge's 503 recognise.
 */

/** `Name: message` of a failure, for error messages that keep the SDK's words. */
export function describeAwsError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
