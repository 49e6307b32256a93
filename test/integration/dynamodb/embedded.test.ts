import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { Level } from 'level';
import { afterEach, describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../../functions/adapters/dynamodb/client.js';
import { endpointFileOf, openSharedDynamo, startEmbeddedDynamo } from '../../../functions/adapters/dynamodb/embedded.js';
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
});
