/**
 * The embedded store of a data folder, shared between the cairn processes of one CAIRN_HOME.
 *
 * LevelDB lets one process hold a folder, so several cairn processes on one CAIRN_HOME share it
 * the way DynamoDB is shared: the process that holds the folder serves it, and writes where
 * (`<folder>.endpoint`: its pid and endpoint); another process finding a live server there
 * connects to it as a client instead of opening the folder. A client says so
 * (`<folder>.clients/<pid>`), and the holder, when it is done, keeps serving until every live
 * client has ended: a second `cairn run` started during the first is not left without its store.
 *
 * The store serves only clients that present the secret of its home (`<folder>.secret`, 0600,
 * written at first start; embedded.ts checks it). The holder's own requests never reach the port
 * (in-process-http.ts). The home is its owner's only (0700).
 */

import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { InvalidInputError } from '../../functions/core/errors.js';
import { processRuns } from '../../functions/shared/process-runs.js';
import { OWNER_FOLDER_MODE, ownerOnlyFolder, ownerSecret, writeOwnerFile } from '../owner-files.js';
import { type EmbeddedDynamo, startEmbeddedDynamo } from './embedded.js';

/** Where the process holding a data folder says how to reach it. */
export const endpointFileOf = (dataDir: string): string => `${dataDir}.endpoint`;

/** Where the processes using a data folder as clients say so, one file named by pid each. */
export const clientsDirOf = (dataDir: string): string => `${dataDir}.clients`;

/** The secret the store of a data folder asks its clients for. */
export const secretFileOf = (dataDir: string): string => `${dataDir}.secret`;

interface EndpointRecord {
  pid: number;
  endpoint: string;
}

/** A request any DynamoDB API answers: the list of its tables, shaped as a signed request (all dynalite checks). */
const LIST_TABLES = {
  method: 'POST',
  url: '/',
  headers: {
    'x-amz-target': 'DynamoDB_20120810.ListTables',
    'content-type': 'application/x-amz-json-1.0',
    'x-amz-date': '20240101T000000Z',
    authorization: 'AWS4-HMAC-SHA256 Credential=local/20240101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0',
  },
  body: Buffer.from('{}'),
};

/** True when a DynamoDB API answers at `endpoint` within a second (any HTTP answer will do). */
function answers(endpoint: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(endpoint, { method: LIST_TABLES.method, timeout: 1000, headers: LIST_TABLES.headers }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end(LIST_TABLES.body);
  });
}

/** The endpoint a live process serves the folder on; undefined when none does (no file, a dead pid, no answer). */
async function liveEndpoint(dataDir: string): Promise<string | undefined> {
  let record: Partial<EndpointRecord>;
  try {
    record = JSON.parse(await readFile(endpointFileOf(dataDir), 'utf8')) as Partial<EndpointRecord>;
  } catch {
    return undefined;
  }
  const { pid, endpoint } = record;
  if (typeof pid !== 'number' || typeof endpoint !== 'string' || !/^http:\/\/127\.0\.0\.1:\d+$/.test(endpoint)) return undefined;
  if (pid === process.pid || !processRuns(pid)) return undefined;
  return (await answers(endpoint)) ? endpoint : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function removeQuietly(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch {
    // Already gone.
  }
}

/** The pids of the live processes registered as clients of the folder; the files of ended ones are removed. */
async function liveClients(dataDir: string): Promise<number[]> {
  const dir = clientsDirOf(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const live: number[] = [];
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
    if (processRuns(pid)) live.push(pid);
    else await removeQuietly(join(dir, name));
  }
  return live;
}

/** Resolves once no live process is registered as a client; `onWait` hears the count each time it changes. */
async function clientsEnded(dataDir: string, onWait: ((clients: number) => void) | undefined): Promise<void> {
  let told = 0;
  for (;;) {
    const live = await liveClients(dataDir);
    if (live.length === 0) return;
    if (live.length !== told) onWait?.(live.length);
    told = live.length;
    await sleep(100);
  }
}

export interface SharedDynamoOptions {
  /** Told, as this process is done holding the store, how many client processes it waits for. */
  onWaitForClients?: (clients: number) => void;
}

/**
 * The store of a data folder, shared between processes: a client of the process that serves it
 * when one does; else this process opens the folder, serves it and says so in the endpoint file.
 * When two processes start at once, the one that loses the folder waits for the winner's endpoint.
 *
 * A client registers before it reads the endpoint, and the holder's close waits for the registered
 * clients that are still alive, withdraws the endpoint, waits again for any client that read it in
 * the meantime, and only then closes the folder.
 *
 * The folder that holds the data folder (CAIRN_HOME) is made its owner's only, and so are the
 * endpoint and secret files beside the data.
 */
export async function openSharedDynamo(dataDir: string, options: SharedDynamoOptions = {}): Promise<EmbeddedDynamo> {
  const deadline = Date.now() + 5_000;
  const registration = join(clientsDirOf(dataDir), String(process.pid));
  ownerOnlyFolder(dirname(dataDir));
  const secret = ownerSecret(secretFileOf(dataDir));
  await mkdir(clientsDirOf(dataDir), { recursive: true, mode: OWNER_FOLDER_MODE });
  for (;;) {
    await writeFile(registration, '');
    const endpoint = await liveEndpoint(dataDir);
    if (endpoint !== undefined) return { endpoint, shared: true, secret, close: () => removeQuietly(registration) };
    // No live holder: this process becomes it, and is nobody's client.
    await removeQuietly(registration);
    let embedded: EmbeddedDynamo;
    try {
      embedded = await startEmbeddedDynamo({ dataDir, secret });
    } catch (error) {
      // Held by a process that has not written its endpoint yet (or is closing): ask again.
      if (error instanceof InvalidInputError && Date.now() < deadline) {
        await sleep(100);
        continue;
      }
      throw error;
    }
    // The folder is held (startEmbeddedDynamo opened it before serving): it can be announced.
    const file = endpointFileOf(dataDir);
    writeOwnerFile(file, JSON.stringify({ pid: process.pid, endpoint: embedded.endpoint } satisfies EndpointRecord));
    return {
      endpoint: embedded.endpoint,
      secret,
      ...(embedded.requestListener ? { requestListener: embedded.requestListener } : {}),
      close: async () => {
        await clientsEnded(dataDir, options.onWaitForClients);
        // Only this process's announcement: a later holder may have replaced it.
        try {
          const held = JSON.parse(await readFile(file, 'utf8')) as Partial<EndpointRecord>;
          if (held.pid === process.pid) await unlink(file);
        } catch {
          // Already gone.
        }
        // A client that registered and read the endpoint before it was withdrawn.
        await clientsEnded(dataDir, options.onWaitForClients);
        await embedded.close();
      },
    };
  }
}
