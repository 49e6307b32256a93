/**
 * The one POST of JSON every OpenAI-style service Cairn calls goes through (chat completions,
 * embeddings, rerank), on the fetch of Node: a timeout that aborts the request, the caller's abort
 * signal, and errors that say which of four things went wrong, under the names http-failure.ts
 * reads from the SDKs (an HTTP status with its headers, a timeout, a connection failure, an abort by
 * the caller). It never retries: retry.ts is the one retry loop.
 */

export interface PostJsonOptions {
  /** Sent as a bearer token; a local server that checks no key still gets a placeholder. */
  apiKey: string;
  /** Per request, in ms, reading the whole answer included. */
  timeoutMs: number;
}

/** The server answered with an error status; `message`, `type` and `code` come from its error body when it has one. */
export class APIError extends Error {
  constructor(
    readonly status: number,
    readonly headers: Headers,
    message: string,
    readonly type: string | undefined,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'APIError';
  }
}

/** No answer could be had: the connection was refused, dropped or reset. */
export class APIConnectionError extends Error {
  constructor(options: { cause: unknown }) {
    super('connection error', options);
    this.name = 'APIConnectionError';
  }
}

/** No whole answer within the timeout. */
export class APIConnectionTimeoutError extends Error {
  constructor() {
    super('request timed out');
    this.name = 'APIConnectionTimeoutError';
  }
}

/** The caller's signal ended the request. */
export class APIUserAbortError extends Error {
  constructor() {
    super('request was aborted');
    this.name = 'APIUserAbortError';
  }
}

/**
 * POSTs `body` as JSON to `url` and returns the parsed answer, for every OpenAI-style endpoint
 * Cairn calls (chat completions, embeddings, rerank). A 2xx body that is not JSON throws the
 * parser's SyntaxError (a proxy's error page, an answer cut off): http-failure.ts reads it as a
 * bad response.
 */
export async function postJson(url: string, body: unknown, options: PostJsonOptions, signal?: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${options.apiKey}` },
      body: JSON.stringify(body),
      signal: combined,
    });
    const text = await response.text();
    if (!response.ok) throw apiError(response.status, response.headers, text);
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof APIError || error instanceof SyntaxError) throw error;
    // Which signal fired decides: the caller's abort wins over a timeout that fired as well.
    if (signal?.aborted) throw new APIUserAbortError();
    if (timeout.aborted) throw new APIConnectionTimeoutError();
    // fetch reports every network failure as TypeError('fetch failed') with the reason as its cause.
    throw new APIConnectionError({ cause: (error as Error | undefined)?.cause ?? error });
  }
}

/** The error of a non-2xx answer, with the server's own words when its body is OpenAI's error shape. */
function apiError(status: number, headers: Headers, text: string): APIError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's page): the text itself, shortened, says what happened.
  }
  const error = (parsed as { error?: { message?: unknown; type?: unknown; code?: unknown } } | undefined)?.error;
  if (typeof error === 'object' && error !== null) {
    const message = typeof error.message === 'string' ? error.message : JSON.stringify(error);
    return new APIError(status, headers, message, stringOrUndefined(error.type), stringOrUndefined(error.code));
  }
  const trimmed = text.trim();
  return new APIError(status, headers, trimmed === '' ? 'status code (no body)' : trimmed.slice(0, 500), undefined, undefined);
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
