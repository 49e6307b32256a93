/**
 * The in-process transport of the embedded store: the real DynamoDB client hands its requests to
 * the server's listener in memory. What the trace store writes through it, another client reads
 * over HTTP from the same server, and the server's errors reach the client as DynamoDB errors.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../../functions/adapters/dynamodb/client.js';
import { DynamoTraceStore } from '../../../functions/adapters/dynamodb/trace-store.js';
import { FilePayloadStore } from '../../../functions/adapters/payloads/file-payload-store.js';
import { startEmbeddedDynamo } from '../../../local/store/embedded.js';
import { ensureTable } from '../../../local/store/ensure-table.js';
import { inProcessHttpHandler } from '../../../local/store/in-process-http.js';
import { receivedPlan } from '../../support/plans.js';

describe('Function: inProcessHttpHandler', () => {
  const cleanups: Array<() => Promise<void>> = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('carries the trace store through the embedded server without a socket, and another client reads it over HTTP', async () => {
    // Prepare
    const dir = await mkdtemp(join(tmpdir(), 'cairn-in-process-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const embedded = await startEmbeddedDynamo();
    cleanups.push(embedded.close);
    expect(embedded.requestListener).toBeTypeOf('function');
    const inProcess = createDynamoClient({ endpoint: embedded.endpoint, requestHandler: inProcessHttpHandler(embedded.requestListener!) });
    const overHttp = createDynamoClient({ endpoint: embedded.endpoint });
    cleanups.push(async () => {
      inProcess.destroy();
      overHttp.destroy();
    });
    const payloads = new FilePayloadStore({ root: join(dir, 'payloads') });
    const record = receivedPlan({ planId: 'in-memory', request: { task: 'carried without a socket' } });

    // Act
    await ensureTable(inProcess, 'cairn-traces');
    const writer = new DynamoTraceStore({ client: inProcess, tableName: 'cairn-traces', payloads });
    await writer.createPlan(record);
    await writer.appendEvent('in-memory', { type: 'plan.received', phase: 'intake' });
    const reader = new DynamoTraceStore({ client: overHttp, tableName: 'cairn-traces', payloads });

    // Assess
    expect(await reader.getPlan('in-memory')).toEqual({ ...record, eventCount: 1 });
    expect((await writer.listEvents('in-memory')).map((e) => e.type)).toEqual(['plan.received']);
    expect((await inProcess.send(new ListTablesCommand({}))).TableNames).toEqual(['cairn-traces']);
  });

  it("turns the server's error answers into the client's DynamoDB errors", async () => {
    // Prepare
    const embedded = await startEmbeddedDynamo();
    cleanups.push(embedded.close);
    const client = createDynamoClient({ endpoint: embedded.endpoint, requestHandler: inProcessHttpHandler(embedded.requestListener!), maxAttempts: 1 });
    cleanups.push(async () => client.destroy());

    // Act / Assess
    await expect(client.send(new DescribeTableCommand({ TableName: 'missing' }))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('gives the listener the method, path, query, headers and body a socket would', async () => {
    // Prepare: a plain Node listener that echoes what it received.
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        res.statusCode = 200;
        res.setHeader('Content-Type', 'application/x-amz-json-1.0');
        res.end(JSON.stringify({ TableNames: [`${req.method} ${req.url} ${req.headers['x-amz-target']} ${req.headers.host} ${body}`] }));
      });
    });
    const [listener] = server.listeners('request') as Parameters<typeof inProcessHttpHandler>;
    const client = createDynamoClient({ endpoint: 'http://127.0.0.1:9', requestHandler: inProcessHttpHandler(listener) });
    cleanups.push(async () => client.destroy());

    // Act
    const out = await client.send(new ListTablesCommand({ Limit: 3 }));

    // Assess: nothing listens on port 9; the answer came through the listener.
    expect(out.TableNames).toEqual(['POST / DynamoDB_20120810.ListTables 127.0.0.1:9 {"Limit":3}']);
  });
});
