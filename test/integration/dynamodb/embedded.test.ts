import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DynamoDBClient, ListTablesCommand, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { Level } from 'level';
import { afterEach, describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../../functions/adapters/dynamodb/client.js';
import { DynamoTraceStore } from '../../../functions/adapters/dynamodb/trace-store.js';
import { FilePayloadStore } from '../../../functions/adapters/payloads/file-payload-store.js';
import { startEmbeddedDynamo } from '../../../local/store/embedded.js';
import { ensureTable } from '../../../local/store/ensure-table.js';
import { inProcessHttpHandler } from '../../../local/store/in-process-http.js';
import { clientsDirOf, endpointFileOf, openSharedDynamo, secretFileOf } from '../../../local/store/shared-store.js';
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

  it('refuses reads and writes through its port from a client without its secret, and serves one with it', async () => {
    // Prepare
    const secret = 'a'.repeat(64);
    const embedded = await startEmbeddedDynamo({ secret });
    cleanups.push(embedded.close);
    const owner = createDynamoClient({ endpoint: embedded.endpoint, secret });
    const unsigned = createDynamoClient({ endpoint: embedded.endpoint, maxAttempts: 1 });
    const wrong = createDynamoClient({ endpoint: embedded.endpoint, maxAttempts: 1, secret: 'b'.repeat(64) });
    // Another process's client, as the SDK makes it: real SigV4 signatures with keys it guessed.
    const signed = new DynamoDBClient({
      endpoint: embedded.endpoint,
      region: 'us-east-1',
      maxAttempts: 1,
      credentials: { accessKeyId: 'AKIAFOREIGN', secretAccessKey: 'guess' },
    });
    cleanups.push(async () => {
      for (const client of [owner, unsigned, wrong, signed]) client.destroy();
    });
    await ensureTable(owner, 'cairn-traces');
    await owner.send(new PutItemCommand({ TableName: 'cairn-traces', Item: { pk: { S: 'PLAN#p-1' }, sk: { S: 'META' }, task: { S: 'private' } } }));

    // Act
    const refusals = await Promise.all(
      [unsigned, wrong, signed].flatMap((client) => [
        client.send(new ScanCommand({ TableName: 'cairn-traces' })).then(
          () => 'served',
          (error: Error) => `${error.name}: ${error.message}`,
        ),
        client.send(new PutItemCommand({ TableName: 'cairn-traces', Item: { pk: { S: 'TOOL#forged' }, sk: { S: 'META' } } })).then(
          () => 'served',
          (error: Error) => error.name,
        ),
      ]),
    );
    const items = (await owner.send(new ScanCommand({ TableName: 'cairn-traces' }))).Items ?? [];

    // Assess
    expect(refusals[0]).toBe(
      'UnrecognizedClientException: this local store serves only the cairn processes of its CAIRN_HOME: the request did not present its secret',
    );
    for (const refusal of refusals) expect(refusal).toMatch(/^UnrecognizedClientException/);
    expect(items.map((item) => item.pk?.S)).toEqual(['PLAN#p-1']);
  });

  it("serves the holder's own requests in memory without asking the secret", async () => {
    // Prepare
    const embedded = await startEmbeddedDynamo({ secret: 'a'.repeat(64) });
    cleanups.push(embedded.close);

    const client = createDynamoClient({ endpoint: embedded.endpoint, requestHandler: inProcessHttpHandler(embedded.requestListener!) });
    cleanups.push(async () => client.destroy());

    // Act
    const { TableNames } = await client.send(new ListTablesCommand({}));

    // Assess
    expect(TableNames).toEqual([]);
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
  it("makes its home the owner's only (0700), writes the secret and the endpoint 0600, and asks the secret of its clients", async () => {
    // Prepare: a home that does not exist yet
    const dir = await mkdtemp(join(tmpdir(), 'cairn-shared-'));
    const home = join(dir, 'home');
    const dataDir = join(home, 'db');

    // Act
    const store = await openSharedDynamo(dataDir);

    // Assess
    const mode = async (path: string) => (await stat(path)).mode & 0o777;
    try {
      expect(await mode(home)).toBe(0o700);
      expect(await mode(dataDir)).toBe(0o700);
      expect(await mode(clientsDirOf(dataDir))).toBe(0o700);
      expect(await mode(secretFileOf(dataDir))).toBe(0o600);
      expect(await mode(endpointFileOf(dataDir))).toBe(0o600);
      expect(store.secret).toBe(await readFile(secretFileOf(dataDir), 'utf8'));
      expect(store.secret).toMatch(/^[0-9a-f]{64}$/);
      const stranger = createDynamoClient({ endpoint: store.endpoint, maxAttempts: 1 });
      await expect(stranger.send(new ListTablesCommand({}))).rejects.toThrow(/did not present its secret/);
      stranger.destroy();
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('tightens a home it owns that others could read, and keeps the secret it finds there', async () => {
    // Prepare: a home made 0755 with a secret from an earlier start
    const dir = await mkdtemp(join(tmpdir(), 'cairn-shared-'));
    const home = join(dir, 'home');
    await mkdir(home, { mode: 0o755 });
    await chmod(home, 0o755);
    const first = await openSharedDynamo(join(home, 'db'));
    await first.close();
    await chmod(home, 0o755);

    // Act
    const second = await openSharedDynamo(join(home, 'db'));

    // Assess
    try {
      expect((await stat(home)).mode & 0o777).toBe(0o700);
      expect(second.secret).toBe(first.secret);
    } finally {
      await second.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged secret file with one line naming it', async () => {
    // Prepare
    const dir = await mkdtemp(join(tmpdir(), 'cairn-shared-'));
    const dataDir = join(dir, 'db');
    await writeFile(secretFileOf(dataDir), 'not a secret', { mode: 0o600 });

    // Act / Assess
    try {
      await expect(openSharedDynamo(dataDir)).rejects.toThrow(`the secret ${secretFileOf(dataDir)} is damaged (not 64 hex digits): remove it and start again`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

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
