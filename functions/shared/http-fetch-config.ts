/**
 * The `http.fetch` tool's settings, read with the rest of the configuration by loadConfig and
 * checked the same way. The tool is off unless hosts are named: a plan can reach no address on
 * the network that the deployment did not list.
 *
 *   CAIRN_HTTP_FETCH_HOSTS        comma-separated hosts (`example.org`, `127.0.0.1:8080`); a host
 *                                 without a port allows its default ports only. Empty: no tool.
 *   CAIRN_HTTP_FETCH_TIMEOUT_MS   the whole request, headers and body (default 10000)
 *   CAIRN_HTTP_FETCH_MAX_BYTES    the most body bytes read; a larger body fails the call (default 1 MiB)
 */
type Env = Record<string, string | undefined>;

export interface HttpFetchSettings {
  /** Lowercase `host` or `host:port`; empty when the tool is off. */
  allowedHosts: string[];
  timeoutMs: number;
  maxBytes: number;
}

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

export function loadHttpFetchSettings(
  env: Env,
  problems: string[],
  int: (name: string, fallback: number, min: number, max: number) => number,
): HttpFetchSettings {
  const allowedHosts: string[] = [];
  for (const raw of (env.CAIRN_HTTP_FETCH_HOSTS ?? '').split(',')) {
    const host = raw.trim().toLowerCase();
    if (host === '') continue;
    if (!HOST.test(host)) problems.push(`CAIRN_HTTP_FETCH_HOSTS must list host names or host:port, got ${JSON.stringify(raw.trim())}`);
    else allowedHosts.push(host);
  }
  return {
    allowedHosts: [...new Set(allowedHosts)],
    timeoutMs: int('CAIRN_HTTP_FETCH_TIMEOUT_MS', 10_000, 100, 120_000),
    maxBytes: int('CAIRN_HTTP_FETCH_MAX_BYTES', 1_048_576, 1, 10_485_760),
  };
}
