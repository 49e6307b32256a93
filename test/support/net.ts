/**
 * Network plumbing the loopback servers share: listening on a free loopback port, reading a
 * request's body, closing; and an address for tests of services that are down.
 */

import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';
import type { AddressInfo, Server } from 'node:net';
import { createServer } from 'node:net';

/** Starts `server` on a free port of 127.0.0.1 and returns its `http://127.0.0.1:PORT` URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops `server` (if any) accepting connections, once the open ones have ended. */
export async function closeServer(server: Server | undefined): Promise<void> {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

/** Calls `then` with the whole body of `req` once it has arrived. */
export function withBody(req: IncomingMessage | Http2ServerRequest, then: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer | string) => chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk));
  req.on('end', () => then(Buffer.concat(chunks)));
}

/** The URL of a loopback port nothing listens on any more: a connection to it is refused. */
export async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  const url = await listenOnLoopback(probe);
  await closeServer(probe);
  return url;
}
