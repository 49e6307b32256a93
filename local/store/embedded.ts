/**
 * The local default database of `cairn run`: dynalite, a DynamoDB API server in pure JS, in this
 * process. The trace store talks to it over HTTP with the real SDK client, exactly as on AWS; the
 * process that serves it hands its own requests to the server in memory (in-process-http.ts).
 *
 * The port is on loopback, where every process of the machine can reach it, so a store given a
 * secret serves only clients that present it: one header (STORE_SECRET_HEADER, which the client
 * of functions/adapters/dynamodb/client.ts sends), compared in constant time on every request that
 * comes through the port; any other request gets UnrecognizedClientException and nothing read or
 * written. Several processes share one folder through shared-store.ts.
 */

import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DynaliteStore } from 'dynalite/db/index.js';
import { STORE_SECRET_HEADER } from '../../functions/adapters/dynamodb/client.js';
import { InvalidInputError } from '../../functions/core/errors.js';
import { isSecret, OWNER_FOLDER_MODE } from '../owner-files.js';
import type { RequestListener } from './in-process-http.js';
import { dynaliteWithTransactions } from './transactions.js';

export interface EmbeddedDynamoOptions {
  /** Folder for the data (LevelDB); in memory when undefined. */
  dataDir?: string;
  /** 0 or undefined: a free port chosen by the OS. */
  port?: number;
  /** What a client must present on each request through the port; any client is served when undefined. */
  secret?: string;
}

export interface EmbeddedDynamo {
  /** `http://127.0.0.1:<port>`, for createDynamoClient({ endpoint }). */
  endpoint: string;
  /** True when another process serves the folder and this one is its client. */
  shared?: boolean;
  /** The secret a client presents through the port (createDynamoClient({ secret })); none is asked when undefined. */
  secret?: string;
  /**
   * The server's request listener, when this process serves the store: a client in this process
   * can hand it requests without a socket (in-process-http.ts). It asks no secret:
   * only this process holds it.
   */
  requestListener?: (req: IncomingMessage, res: ServerResponse) => void;
  close(): Promise<void>;
}

/**
 * LevelDB lets one process hold a folder. dynalite's LevelDB starts opening its folder as it is
 * built, and a failed open is found only by the requests that follow, where a listing's stream
 * crashes the process with an unhandled 'error' event (LEVEL_ITERATOR_NOT_OPEN). So the open is
 * awaited here, before any request is served: the lock is taken by the very LevelDB that serves.
 * A separate probe, opened and closed before dynalite's own open, left a moment between the two in
 * which another process starting at once took the folder.
 */
async function holdFolder(db: DynaliteStore['db'], dataDir: string | undefined): Promise<void> {
  try {
    await db.open();
  } catch (error) {
    const code = (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
    if (dataDir !== undefined && (code === 'LEVEL_LOCKED' || /lock/i.test(String((error as { cause?: unknown }).cause ?? error)))) {
      throw new InvalidInputError(`the local store ${dataDir} is in use by another cairn process`, { cause: error });
    }
    throw error;
  }
}

export async function startEmbeddedDynamo(options: EmbeddedDynamoOptions = {}): Promise<EmbeddedDynamo> {
  if (options.dataDir !== undefined) {
    // One system call: on a busy machine, the thread pool's turn for an async mkdir can be long in coming.
    mkdirSync(options.dataDir, { recursive: true, mode: OWNER_FOLDER_MODE });
  }
  // dynalite, and the TransactWriteItems it lacks (transactions.ts).
  const { server, store } = dynaliteWithTransactions({
    ...(options.dataDir !== undefined ? { path: options.dataDir } : {}),
    // Tables are ACTIVE at once: nothing waits for a simulated provisioning delay.
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  // Before the server listens: a store whose folder another process holds serves nothing.
  await holdFolder(store.db, options.dataDir);
  const [requestListener] = server.listeners('request') as RequestListener[];
  if (options.secret !== undefined && requestListener !== undefined) {
    server.removeListener('request', requestListener);
    server.on('request', admittingOnly(options.secret, requestListener));
  }
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
    ...(options.secret !== undefined ? { secret: options.secret } : {}),
    ...(requestListener ? { requestListener } : {}),
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

/** What the store answers a request without its secret, as DynamoDB answers unknown credentials. */
const REFUSAL = JSON.stringify({
  __type: 'com.amazonaws.dynamodb.v20120810#UnrecognizedClientException',
  message: 'this local store serves only the cairn processes of its CAIRN_HOME: the request did not present its secret',
});

/** `served`, for the requests that present `secret` only; the others are refused unread. */
function admittingOnly(secret: string, served: RequestListener): RequestListener {
  return (req, res) => {
    const presented = req.headers[STORE_SECRET_HEADER];
    if (isSecret(secret, typeof presented === 'string' ? presented : undefined)) {
      served(req, res);
      return;
    }
    req.resume();
    res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0', 'content-length': Buffer.byteLength(REFUSAL) }).end(REFUSAL);
  };
}
