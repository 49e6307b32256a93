/**
 * Failures no local server produces (throttling, 5xx, access denied), through aws-sdk-client-mock.
 * Everything a local server can produce is tested against one in trace-store.test.ts.
 */
import { DescribeTableCommand, DynamoDBClient, InternalServerError, ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { TraceStoreError, TraceStoreTransientError } from '../../../functions/adapters/dynamodb/errors.js';
import { DynamoTraceStore } from '../../../functions/adapters/dynamodb/trace-store.js';
import type { PayloadStore } from '../../../functions/adapters/payloads/payload-store.js';
import { ensureTable } from '../../../local/store/ensure-table.js';
import { receivedPlan } from '../../support/plans.js';

const payloads: PayloadStore = {
  put: async (key) => `memory://${key}`,
  get: async (ref) => {
    throw new Error(`unexpected read of ${ref}`);
  },
};

const throttled = () =>
  new ProvisionedThroughputExceededException({ message: 'Rate of requests exceeds the allowed throughput.', $metadata: { httpStatusCode: 400 } });

function accessDenied(): Error {
  return Object.assign(new Error('User is not authorized to perform dynamodb:PutItem'), {
    name: 'AccessDeniedException',
    $metadata: { httpStatusCode: 400 },
  });
}

describe('Class: DynamoTraceStore, service failures', () => {
  const documentMock = mockClient(DynamoDBDocumentClient);
  const clientMock = mockClient(DynamoDBClient);
  const client = new DynamoDBClient({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  const store = new DynamoTraceStore({ client, tableName: 'cairn-traces', payloads });

  afterEach(() => {
    documentMock.reset();
    clientMock.reset();
  });

  it('surfaces throttling as TraceStoreTransientError with the SDK error as cause', async () => {
    // Prepare
    const cause = throttled();
    documentMock.on(GetCommand).rejects(cause);

    // Act
    const read = store.getPlan('p1');

    // Assess
    await expect(read).rejects.toBeInstanceOf(TraceStoreTransientError);
    await expect(read).rejects.toMatchObject({
      name: 'TraceStoreTransientError',
      message: expect.stringMatching(/GetItem cairn-traces failed: ProvisionedThroughputExceededException/),
      cause,
    });
  });

  it('surfaces an InternalServerError during createPlan as transient, with its cause', async () => {
    const cause = new InternalServerError({ message: 'Internal server error', $metadata: { httpStatusCode: 500 } });
    documentMock.on(PutCommand).rejects(cause);

    const created = store.createPlan(receivedPlan({ planId: 'p1', request: { task: 't' } }));

    await expect(created).rejects.toMatchObject({ name: 'TraceStoreTransientError', cause });
  });

  it('surfaces a failure after the event counter moved, instead of losing it silently', async () => {
    // Prepare: the counter hands out 7, the event write is throttled
    documentMock.on(UpdateCommand).resolves({ Attributes: { eventCount: 7 } });
    const cause = throttled();
    documentMock.on(PutCommand).rejects(cause);

    // Act
    const appended = store.appendEvent('p1', { type: 'plan.received', phase: 'intake' });

    // Assess
    await expect(appended).rejects.toMatchObject({ name: 'TraceStoreTransientError', cause });
    expect(documentMock.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({ sk: 'EVENT#00000007' });
  });

  it('surfaces access denied as a non-transient TraceStoreError', async () => {
    const cause = accessDenied();
    documentMock.on(PutCommand).rejects(cause);

    const put = store.putStepOutput('p1', {
      step_id: 1,
      type: 'filter',
      status: 'succeeded',
      result: {},
      startedAt: '2030-01-01T00:00:00.000Z',
      endedAt: '2030-01-01T00:00:00.000Z',
      durationMs: 0,
      attempts: 1,
    });

    await expect(put).rejects.toBeInstanceOf(TraceStoreError);
    await expect(put).rejects.not.toBeInstanceOf(TraceStoreTransientError);
    await expect(put).rejects.toMatchObject({ cause });
  });

  it('retries the keys a BatchGetItem leaves unprocessed and keeps the listing order', async () => {
    // Prepare: the index lists p2 then p1; the first batch answers p1 only
    const meta = (planId: string) => ({
      pk: `PLAN#${planId}`,
      sk: 'META',
      planId,
      status: 'received',
      version: 1,
      eventCount: 0,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
      body: JSON.stringify({ request: { task: planId } }),
    });
    documentMock.on(QueryCommand).resolves({
      Items: [
        { pk: 'PLAN#p2', sk: 'META', gsi2pk: 'PLANS', gsi2sk: 'b' },
        { pk: 'PLAN#p1', sk: 'META', gsi2pk: 'PLANS', gsi2sk: 'a' },
      ],
    });
    documentMock
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { 'cairn-traces': [meta('p1')] },
        UnprocessedKeys: { 'cairn-traces': { Keys: [{ pk: 'PLAN#p2', sk: 'META' }] } },
      })
      .resolvesOnce({ Responses: { 'cairn-traces': [meta('p2')] } });

    // Act
    const plans = await store.listPlans();

    // Assess
    expect(plans.map((p) => p.request.task)).toEqual(['p2', 'p1']);
    expect(documentMock.commandCalls(BatchGetCommand)[1]?.args[0].input.RequestItems?.['cairn-traces']?.Keys).toEqual([{ pk: 'PLAN#p2', sk: 'META' }]);
  });

  it('gives up with TraceStoreTransientError when keys stay unprocessed', async () => {
    documentMock.on(QueryCommand).resolves({ Items: [{ pk: 'PLAN#p1', sk: 'META' }] });
    documentMock.on(BatchGetCommand).resolves({
      Responses: { 'cairn-traces': [] },
      UnprocessedKeys: { 'cairn-traces': { Keys: [{ pk: 'PLAN#p1', sk: 'META' }] } },
    });

    await expect(store.listPlans()).rejects.toThrow(TraceStoreTransientError);
    expect(documentMock.commandCalls(BatchGetCommand)).toHaveLength(6);
  });

  it('gives a BatchWriteItem the items it left unprocessed again, and only those', async () => {
    // Prepare: the counter hands out 7 and 8; the first batch leaves event 8 unprocessed
    documentMock.on(UpdateCommand).resolves({ Attributes: { eventCount: 8 } });
    documentMock
      .on(BatchWriteCommand)
      .callsFakeOnce(async (input: { RequestItems: Record<string, Array<{ PutRequest: { Item: { sk: string } } }>> }) => ({
        UnprocessedItems: { 'cairn-traces': input.RequestItems['cairn-traces']!.filter((r) => r.PutRequest.Item.sk === 'EVENT#00000008') },
      }))
      .resolvesOnce({});

    // Act
    const appended = await store.appendEvents('p1', [
      { type: 'step.started', phase: 'executing' },
      { type: 'step.completed', phase: 'executing' },
    ]);

    // Assess
    expect(appended.map((e) => e.seq)).toEqual([7, 8]);
    const calls = documentMock.commandCalls(BatchWriteCommand).map((c) => c.args[0].input.RequestItems?.['cairn-traces']?.map((r) => r.PutRequest?.Item?.sk));
    expect(calls).toEqual([['EVENT#00000007', 'EVENT#00000008'], ['EVENT#00000008']]);
  });

  it('gives up with TraceStoreTransientError when items stay unprocessed, so the phase fails and is retried', async () => {
    documentMock.on(UpdateCommand).resolves({ Attributes: { eventCount: 2 } });
    documentMock
      .on(BatchWriteCommand)
      .callsFake(async (input: { RequestItems: Record<string, unknown[]> }) => ({ UnprocessedItems: { 'cairn-traces': input.RequestItems['cairn-traces'] } }));

    const appended = store.appendEvents('p1', [
      { type: 'step.started', phase: 'executing' },
      { type: 'step.completed', phase: 'executing' },
    ]);

    await expect(appended).rejects.toThrow(TraceStoreTransientError);
    await expect(appended).rejects.toThrow(/left 2 items unprocessed after 6 rounds/);
    expect(documentMock.commandCalls(BatchWriteCommand)).toHaveLength(6);
  });

  it('fails fast on options DynamoDB could never honour', () => {
    const base = { client, tableName: 'cairn-traces', payloads };
    expect(() => new DynamoTraceStore({ ...base, maxItemBytes: 500 * 1024 })).toThrow(/maxItemBytes/);
    expect(() => new DynamoTraceStore({ ...base, ttlDays: 0 })).toThrow(/ttlDays/);
    expect(() => new DynamoTraceStore({ ...base, tableName: '' })).toThrow(/tableName/);
  });

  it('lets ensureTable fail with the cause when the table cannot be described', async () => {
    const cause = accessDenied();
    clientMock.on(DescribeTableCommand).rejects(cause);

    await expect(ensureTable(client, 'cairn-traces')).rejects.toMatchObject({ name: 'TraceStoreError', cause });
  });
});
