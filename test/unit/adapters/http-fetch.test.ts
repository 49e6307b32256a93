/**
 * `http.fetch` against real HTTP servers on loopback: two servers, so that "another host" is a
 * real other host:port, and the tool's real fetch.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpFetchTool, HttpFetchTooLargeError, HttpFetchTransientError } from '../../../functions/adapters/http/fetch-tool.js';
import { ToolInputError, ToolRegistry } from '../../../functions/core/tools/registry.js';
import { isTransient } from '../../../functions/core/transient.js';
import { loadConfig } from '../../../functions/shared/config.js';

let allowed: Server;
let other: Server;
let allowedHost = '';
let otherHost = '';
let hits = 0;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  allowed = createServer((req, res) => {
    hits++;
    const path = req.url ?? '/';
    if (path === '/text')
      return res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Lyon lies at the confluence of the Rhône and the Saône.');
    if (path === '/json') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"population":522000}');
    if (path === '/binary') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64, 1));
    if (path === '/big') return res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '5000' }).end('x'.repeat(5000));
    if (path === '/big-chunked') {
      // No Content-Length: the cap must hold while reading.
      res.writeHead(200, { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' });
      for (let i = 0; i < 10; i++) res.write('y'.repeat(1000));
      return res.end();
    }
    if (path === '/same-host-redirect') return res.writeHead(302, { location: '/text' }).end();
    if (path === '/other-host-redirect') return res.writeHead(302, { location: `http://${otherHost}/text` }).end();
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (path === '/unavailable') return res.writeHead(503).end('busy');
    if (path === '/missing') return res.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
    if (path === '/slow') return setTimeout(() => res.writeHead(200).end('late'), 2000);
    return res.writeHead(500).end();
  });
  other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('other host'));
  allowedHost = await listen(allowed);
  otherHost = await listen(other);
});

afterAll(async () => {
  allowed.closeAllConnections();
  await new Promise((r) => allowed.close(r));
  await new Promise((r) => other.close(r));
});

const tool = (settings: { timeoutMs?: number; maxBytes?: number } = {}) =>
  createHttpFetchTool({ allowedHosts: [allowedHost], timeoutMs: settings.timeoutMs ?? 1000, maxBytes: settings.maxBytes ?? 1024 });
const fetchArgs = (args: Record<string, unknown>, settings?: { timeoutMs?: number; maxBytes?: number }) =>
  tool(settings).run(args, { index: undefined as never, signal: new AbortController().signal });

describe('Tool: http.fetch', () => {
  it('fetches a text page on an allowed host', async () => {
    const out = await fetchArgs({ url: `http://${allowedHost}/text` });
    expect(out).toMatchObject({
      status: 200,
      content_type: 'text/plain; charset=utf-8',
      text: 'Lyon lies at the confluence of the Rhône and the Saône.',
      method: 'http-fetch',
    });
    expect(out.bytes).toBe(Buffer.byteLength(String(out.text)));
  });

  it('returns JSON as text, and a binary body as its size only', async () => {
    expect(await fetchArgs({ url: `http://${allowedHost}/json` })).toMatchObject({ text: '{"population":522000}' });
    const binary = await fetchArgs({ url: `http://${allowedHost}/binary` });
    expect(binary).toMatchObject({ bytes: 64, content_type: 'image/png' });
    expect(binary.text).toBeUndefined();
  });

  it('refuses a host not on the list, and a scheme or credentials it does not take, before any request', async () => {
    const before = hits;
    await expect(fetchArgs({ url: `http://${otherHost}/text` })).rejects.toThrow(
      new ToolInputError(`http.fetch: host ${otherHost} is not allowed (allowed: ${allowedHost})`),
    );
    await expect(fetchArgs({ url: `http://user:pw@${allowedHost}/text` })).rejects.toThrow('URLs with credentials are refused');
    await expect(fetchArgs({ url: `ftp://${allowedHost}/text` })).rejects.toThrow('only http and https URLs');
    // The same address under another name is another host.
    await expect(fetchArgs({ url: `http://localhost:${allowedHost.split(':')[1]}/text` })).rejects.toThrow(/is not allowed/);
    expect(hits).toBe(before);
  });

  it('follows a redirect on the same host, not one to another host, nor a loop', async () => {
    expect(await fetchArgs({ url: `http://${allowedHost}/same-host-redirect` })).toMatchObject({
      status: 200,
      redirects: [`http://${allowedHost}/text`],
    });
    await expect(fetchArgs({ url: `http://${allowedHost}/other-host-redirect` })).rejects.toThrow(`redirects to another host (${otherHost}); not followed`);
    await expect(fetchArgs({ url: `http://${allowedHost}/loop` })).rejects.toThrow('more than 3 redirects');
  });

  it('fails past the size cap, declared or streamed, and the call may lower the cap', async () => {
    await expect(fetchArgs({ url: `http://${allowedHost}/big` })).rejects.toThrow(
      new HttpFetchTooLargeError(`http.fetch: http://${allowedHost}/big declares 5000 bytes, over the cap of 1024`),
    );
    await expect(fetchArgs({ url: `http://${allowedHost}/big-chunked` })).rejects.toThrow('sent more than the cap of 1024 bytes');
    await expect(fetchArgs({ url: `http://${allowedHost}/text`, max_bytes: 10 })).rejects.toThrow(/the cap of 10 bytes/);
    // The call cannot raise it above the configured cap.
    await expect(fetchArgs({ url: `http://${allowedHost}/big`, max_bytes: 10_000 })).rejects.toThrow(/over the cap of 1024/);
  });

  it('times out as a transient failure, and a 503 is transient too; a 404 comes back as it is', async () => {
    const slow = await fetchArgs({ url: `http://${allowedHost}/slow` }, { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(HttpFetchTransientError);
    expect(String(slow)).toMatch(/timed out after 200 ms/);
    const busy = await fetchArgs({ url: `http://${allowedHost}/unavailable` }).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(HttpFetchTransientError);
    expect(isTransient(busy)).toBe(true);
    expect(await fetchArgs({ url: `http://${allowedHost}/missing` })).toMatchObject({ status: 404, text: 'no such page' });
  });

  it('validates its arguments through the registry like every tool', () => {
    const registry = new ToolRegistry().register(tool());
    expect(() => registry.prepare('http.fetch', { url: 'file:///etc/passwd' })).toThrow(/args.url: must match pattern/);
    expect(() => registry.prepare('http.fetch', { url: `http://${allowedHost}/`, method: 'POST' })).toThrow(/additional properties 'method'/);
  });
});

describe('Configuration: CAIRN_HTTP_FETCH_*', () => {
  it('is off by default, and lists hosts in lowercase', () => {
    expect(loadConfig({}).httpFetch).toEqual({ allowedHosts: [], timeoutMs: 10_000, maxBytes: 1_048_576 });
    expect(loadConfig({ CAIRN_HTTP_FETCH_HOSTS: 'Example.org, 127.0.0.1:8080,example.org' }).httpFetch.allowedHosts).toEqual(['example.org', '127.0.0.1:8080']);
  });

  it('refuses a host that is not one, in one message', () => {
    expect(() => loadConfig({ CAIRN_HTTP_FETCH_HOSTS: 'http://example.org/', CAIRN_HTTP_FETCH_TIMEOUT_MS: '5' })).toThrow(
      /CAIRN_HTTP_FETCH_HOSTS must list host names or host:port, got "http:\/\/example.org\/".*CAIRN_HTTP_FETCH_TIMEOUT_MS must be an integer from 100 to 120000/,
    );
  });
});
