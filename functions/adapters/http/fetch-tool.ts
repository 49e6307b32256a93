/**
 * The `http.fetch` tool: a GET of a URL on a host the configuration allows, and nothing else.
 *
 * - Hosts: the URL's `host` (name, and port when not the scheme's default) must be on the list,
 *   exactly; no list, no tool (the runtime registers it only when hosts are named). User names and
 *   passwords in the URL are refused, as is any scheme but http and https.
 * - Redirects are followed by hand, at most three, and only to the same host: a redirect to
 *   another host (even an allowed one) fails the call rather than let an allowed host bounce a
 *   plan somewhere else.
 * - One timeout covers the whole call, redirects, headers and body; the step's own abort signal
 *   stops it too.
 * - The body is read up to the size cap (the call's `max_bytes`, within the configured cap) and the
 *   call fails past it, before more is read; a declared Content-Length past the cap fails first.
 * - Textual bodies (text/*, JSON, XML) come back as text; others as their size only.
 *
 * A 408, 429 or 5xx answer fails the call as transient (the step may try again); other statuses
 * come back as they are, with their body, for the plan to read.
 */
import { CairnError } from '../../core/errors.js';
import { compiledToolValidator } from '../../core/plan/schemas.js';
import { LOCAL_TOOL_SCHEMAS } from '../../core/tools/local-tool-schemas.js';
import { type ToolDefinition, ToolInputError } from '../../core/tools/registry.js';
import { isTransientStatus } from '../../core/transient.js';
import type { HttpFetchSettings } from '../../shared/http-fetch-config.js';

const MAX_REDIRECTS = 3;

/** The server answered with a status another attempt may not get (408, 429, 5xx). */
export class HttpFetchTransientError extends CairnError {
  static override readonly errorName: string = 'HttpFetchTransientError';
  static override readonly transient = true;
}

/** The response is larger than the cap. Never retried: it will be as large next time. */
export class HttpFetchTooLargeError extends CairnError {
  static override readonly errorName: string = 'HttpFetchTooLargeError';
  static override readonly transient = false;
}

export interface HttpFetchOptions {
  /** The fetch to call (the global one unless a test passes another). */
  fetch?: typeof fetch;
}

function checkedUrl(raw: string, allowed: ReadonlySet<string>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ToolInputError(`http.fetch: ${JSON.stringify(raw)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ToolInputError(`http.fetch: only http and https URLs, not ${url.protocol}`);
  if (url.username !== '' || url.password !== '') throw new ToolInputError('http.fetch: URLs with credentials are refused');
  if (!allowed.has(url.host.toLowerCase())) {
    throw new ToolInputError(`http.fetch: host ${url.host} is not allowed (allowed: ${[...allowed].join(', ')})`);
  }
  return url;
}

const TEXTUAL = /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|xml)\b|application\/javascript\b)/i;

/** Reads at most `cap` bytes of the body; past that, stops reading and fails. */
async function readCapped(response: Response, cap: number, url: URL): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > cap) {
    await response.body?.cancel();
    throw new HttpFetchTooLargeError(`http.fetch: ${url.href} declares ${declared} bytes, over the cap of ${cap}`);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel();
      throw new HttpFetchTooLargeError(`http.fetch: ${url.href} sent more than the cap of ${cap} bytes`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

export function createHttpFetchTool(settings: HttpFetchSettings, options: HttpFetchOptions = {}): ToolDefinition {
  const allowed = new Set(settings.allowedHosts.map((h) => h.toLowerCase()));
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'http.fetch',
    // It reaches another host: only a request that lists it may call it.
    network: true,
    description: `GET a URL on an allowed host (${settings.allowedHosts.join(', ')}); same-host redirects only; at most ${settings.maxBytes} bytes; ${settings.timeoutMs} ms.`,
    inputSchema: LOCAL_TOOL_SCHEMAS['http.fetch']!,
    validate: compiledToolValidator('http.fetch'),
    async run(args, ctx) {
      const first = checkedUrl(String(args.url), allowed);
      const cap = Math.min(settings.maxBytes, typeof args.max_bytes === 'number' ? args.max_bytes : settings.maxBytes);
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const signal = AbortSignal.any([ctx.signal, timeout]);
      let url = first;
      const redirects: string[] = [];
      try {
        for (;;) {
          const response = await doFetch(url, { method: 'GET', redirect: 'manual', signal, headers: { accept: 'text/*, application/json, */*;q=0.5' } });
          if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
            await response.body?.cancel();
            const next = new URL(response.headers.get('location') ?? '', url);
            if (next.host.toLowerCase() !== first.host.toLowerCase() || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
              throw new ToolInputError(`http.fetch: ${url.href} redirects to another host (${next.host}); not followed`);
            }
            if (redirects.length >= MAX_REDIRECTS) throw new ToolInputError(`http.fetch: more than ${MAX_REDIRECTS} redirects from ${first.href}`);
            redirects.push(next.href);
            url = checkedUrl(next.href, allowed);
            continue;
          }
          if (isTransientStatus(response.status)) {
            await response.body?.cancel();
            throw new HttpFetchTransientError(`http.fetch: ${url.href} answered ${response.status}`);
          }
          const body = await readCapped(response, cap, url);
          const contentType = response.headers.get('content-type') ?? '';
          const textual = TEXTUAL.test(contentType) || contentType === '';
          return {
            url: url.href,
            status: response.status,
            content_type: contentType || null,
            bytes: body.byteLength,
            ...(textual ? { text: new TextDecoder('utf-8', { fatal: false }).decode(body) } : {}),
            ...(redirects.length > 0 ? { redirects } : {}),
            method: 'http-fetch',
          };
        }
      } catch (error) {
        if (timeout.aborted && !ctx.signal.aborted) throw new HttpFetchTransientError(`http.fetch: ${first.href} timed out after ${settings.timeoutMs} ms`);
        throw error;
      }
    },
  };
}
