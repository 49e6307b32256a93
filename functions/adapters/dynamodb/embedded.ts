/**
 * The local default database of `cairn run`: dynalite, a DynamoDB API server in pure JS, in this
 * process. The trace store talks to it over HTTP with the real SDK client, exactly as on AWS.
 */

import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { Level } from 'level';
import { InvalidInputError } from '../../core/errors.js';

export interface EmbeddedDynamoOptions {
  /** Folder for the data (LevelDB); in memory when undefined. */
  dataDir?: string;
  /** 0 or undefined: a free port chosen by the OS. */
  port?: number;
}

export interface EmbeddedDynamo {
  /** `http://127.0.0.1:<port>`, for createDynamoClient({ endpoint }). */
  endpoint: string;
  close(): Promise<void>;
}

/**
 * LevelDB lets one process hold a folder. dynalite only finds out on its first request, inside a
 * callback, where the failure crashes the process; open the folder once here to ask first.
 */
async function assertNotLocked(dataDir: string): Promise<void> {
  const probe = new Level(dataDir);
  try {
    await probe.open();
  } catch (error) {
    const code = (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
    if (code === 'LEVEL_LOCKED' || /lock/i.test(String((error as { cause?: unknown }).cause ?? error))) {
      throw new InvalidInputError(`the local store ${dataDir} is in use by another cairn process`, { cause: error });
    }
    throw error;
  }
  await probe.close();
}

export async function startEmbeddedDynamo(options: EmbeddedDynamoOptions = {}): Promise<EmbeddedDynamo> {
  if (options.dataDir !== undefined) {
    await mkdir(options.dataDir, { recursive: true });
    await assertNotLocked(options.dataDir);
  }
  const server = dynalite({
    ...(options.dataDir !== undefined ? { path: options.dataDir } : {}),
    // Tables are ACTIVE at once: nothing waits for a simulated provisioning delay.
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Loopback only: the local store is not a network service.
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        // dynalite's close also closes LevelDB, after pending writes.
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep sockets alive; without this, close waits for their idle timeout.
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
