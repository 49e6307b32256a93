/**
 * What a failed HTTP request to a service means, read the same way for every client (the LLM
 * providers' SDKs, the embedding and rerank services): an HttpFailure, from the error classes both
 * Stainless-generated SDKs and post-json.ts share by name, and the wait a server asked for. Each
 * caller turns the failure into its own error (llm/llm-error.ts, embeddings/service-call.ts).
 */
import { isCutBody } from '../../core/transient.js';

export type HttpFailure =
  | { kind: 'status'; status: number; headers?: Headers | undefined; detail: string; spendLimit: boolean }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'connection'; detail: string }
  | { kind: 'aborted' }
  | { kind: 'bad-response'; detail: string };

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
