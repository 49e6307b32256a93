/** Network addresses for tests of services that are down. */

import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

/** The URL of a loopback port nothing listens on any more: a connection to it is refused. */
export async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
