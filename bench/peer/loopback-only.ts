/**
 * Imported first by the token bench: from then on every fetch of the process (the Anthropic and
 * OpenAI SDKs, LangChain's, LangSmith's) may reach loopback addresses only, and any other request
 * is refused and counted, so a run shows that nothing was downloaded or reported at run time.
 * LangSmith's tracing is turned off as well (it is off unless its variables say otherwise).
 */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

const refused: string[] = [];

process.env.LANGSMITH_TRACING = 'false';
process.env.LANGCHAIN_TRACING_V2 = 'false';

const realFetch = globalThis.fetch;
globalThis.fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const host = URL.parse(href)?.hostname ?? '';
  if (!LOOPBACK.has(host)) {
    refused.push(href);
    return Promise.reject(new Error(`bench:tokens reaches only the loopback server, not ${host || href}`));
  }
  return realFetch(input, init);
};

/** The requests to other hosts refused so far. */
export function refusedRequests(): readonly string[] {
  return refused;
}
