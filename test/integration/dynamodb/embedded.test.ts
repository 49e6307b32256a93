import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { Level } from 'level';
import { afterEach, describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../../functions/adapters/dynamodb/client.js';
import { clientsDirOf, endpointFileOf, openSharedDynamo, startEmbeddedDynamo } from '../../../functions/adapters/dynamodb/embedded.js';
import { ensureTable } from '../../../functions/adapters/dynamodb/table.js';
import { DynamoTraceStore } from '../../../functions/adapters/dynamodb/trace-store.js';
import { FilePayloadStore } from '../../../functions/adapters/payloads/file-payload-store.js';
import { receivedPlan } from '../../support/plans.js';

describe('Function: startEmbeddedDynamo', () => {
  const cleanups: Array<() => Promise<void>> = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('serves the DynamoDB API on a free loopback port', async () => {
    // Act
    const [a, b] = await Promise.all([startEmbeddedDynamo(), startEmbeddedDynamo()]);
    cleanups.push(a.close, b.close);

    // Assess
    expect(a.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(a.endpoint).not.toBe(b.endpoint);
    const client = createDynamoClient({ endpoint: a.endpoint });
    cleanups.push(async () => client.destroy());
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
  });

  it('refuses a data folder another server holds, with one line, instead of crashing later', async () => {
    // Prepare
    const dir = await mkdtemp(join(tmpdir(), 'cairn-embedded-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataDir = join(dir, 'dynamo');
    const first = await startEmbeddedDynamo({ dataDir });
    cleanups.push(first.close);
    const client = createDynamoClient({ endpoint: first.endpoint });
    cleanups.push(async () => client.destroy());
    await client.send(new ListTablesCommand({})); // dynalite opens the folder on its first request

    // Act / Assess
    await expect(startEmbeddedDynamo({ dataDir })).rejects.toThrow(`the local store ${dataDir} is in use by another cairn process`);
  });

  it('keeps plans across a restart when given a data folder', async () => {
    // Prepare
    const dir = await mkdtemp(join(tmpdir(), 'cairn-embedded-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataDir = join(dir, 'dynamo');
    const payloads = new FilePayloadStore({ root: join(dir, 'payloads') });
    const record = receivedPlan({ planId: 'kept', request: { task: 'persist me' } });
    const first = await startEmbeddedDynamo({ dataDir });
    const firstClient = createDynamoClient({ endpoint: first.endpoint });
    await ensureTable(firstClient, 'cairn-traces');
    const firstStore = new DynamoTraceStore({ client: firstClient, tableName: 'cairn-traces', payloads });
    await firstStore.createPlan(record);
    await firstStore.appendEvent('kept', { type: 'plan.received', phase: 'intake' });
    firstClient.destroy();
    await first.close();

    // Act
    const second = await startEmbeddedDynamo({ dataDir });
    cleanups.push(second.close);
    const secondClient = createDynamoClient({ endpoint: second.endpoint });
    cleanups.push(async () => secondClient.destroy());
    await ensureTable(secondClient, 'cairn-traces');
    const secondStore = new DynamoTraceStore({ client: secondClient, tableName: 'cairn-traces', payloads });

    // Assess
    expect(await secondStore.getPlan('kept')).toEqual({ ...record, eventCount: 1 });
    expect((await secondStore.listEvents('kept')).map((e) => e.type)).toEqual(['plan.received']);
  });

  it('closes promptly while a client still holds a keep-alive connection', async () => {
    // Prepare
    const embedded = await startEmbeddedDynamo();
    const client = createDynamoClient({ endpoint: embedded.endpoint });
    cleanups.push(async () => client.destroy());
    await client.send(new ListTablesCommand({}));

    // Act
    const started = Date.now();
    await embedded.close();
    await embedded.close(); // a second close is harmless

    // Assess
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('Function: openSharedDynamo', () => {
  it('holds its data folder by the time it announces its endpoint, having asked itself in memory', async () => {
    // Prepare
    const dir = await mkdtemp(join(tmpdir(), 'cairn-shared-'));
    const dataDir = join(dir, 'dynamo');

    // Act
    const store = await openSharedDynamo(dataDir);

    // Assess: the folder is taken (LevelDB's lock), and the endpoint file names this process.
    try {
      await expect(new Level(dataDir).open()).rejects.toThrow();
      expect(JSON.parse(await readFile(endpointFileOf(dataDir), 'utf8'))).toEqual({ pid: process.pid, endpoint: store.endpoint });
      expect(store.requestListener).toBeTypeOf('function');
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps serving, once done, until the process using it as a client has ended', async () => {
    // Prepare: this process holds the store; another one opens it as a client
    const dir = await mkdtemp(join(tmpdir(), 'cairn-shared-'));
    const dataDir = join(dir, 'dynamo');
    const waitedFor: number[] = [];
    const holder = await openSharedDynamo(dataDir, { onWaitForClients: (clients) => waitedFor.push(clients) });
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/shared-store-client.ts', dataDir], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout! });
    const next = async () => JSON.parse(String((await once(lines, 'line'))[0])) as Record<string, unknown>;
    try {
      expect(await next()).toEqual({ shared: true, endpoint: holder.endpoint });

      // Act: the holder is done while the client still has a request to make
      let closed = false;
      const closing = holder.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      const closedBeforeClientEnded = closed;
      child.stdin!.write('go\n');
      const answer = await next();
      await once(child, 'exit');
      await closing;

      // Assess: the client's request was answered; the holder waited for it, said so, then closed
      expect(answer).toEqual({ tables: [] });
      expect(closedBeforeClientEnded).toBe(false);
      expect(waitedFor).toEqual([1]);
      await expect(readFile(endpointFileOf(dataDir), 'utf8')).rejects.toThrow();
      expect(await readdir(clientsDirOf(dataDir))).toEqual([]);
    } finally {
      child.kill();
      await holder.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('does not wait for a registered client whose process has ended, and forgets it', async () => {
    // Prepare: a client registration left by a process that ended without closing
    const dir = await mkdtemp(join(tmpdir(), 'cairn-shared-'));
    const dataDir = join(dir, 'dynamo');
    const ended = spawn(process.execPath, ['-e', '0']);
    await once(ended, 'exit');
    await mkdir(clientsDirOf(dataDir), { recursive: true });
    await writeFile(join(clientsDirOf(dataDir), String(ended.pid)), '');
    const waitedFor: number[] = [];
    const holder = await openSharedDynamo(dataDir, { onWaitForClients: (clients) => waitedFor.push(clients) });

    // Act
    const started = Date.now();
    await holder.close();

    // Assess
    try {
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(waitedFor).toEqual([]);
      expect(await readdir(clientsDirOf(dataDir))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
