/**
 * The trace writes that take fewer round trips, against DynamoDB Local and the embedded dynalite:
 * a plan created with its first events, a patch and its events' numbers in one UpdateItem, a
 * settled status written only after its events, and batches of events numbered without gaps.
 * The requests each call makes are counted by a middleware on the real client.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocumentClient, createDynamoClient } from '../../../functions/adapters/dynamodb/client.js';
import { ensureTable, traceKeys } from '../../../functions/adapters/dynamodb/table.js';
import { DynamoTraceStore } from '../../../functions/adapters/dynamodb/trace-store.js';
import { FilePayloadStore } from '../../../functions/adapters/payloads/file-payload-store.js';
import { PlanConflictError } from '../../../functions/core/errors.js';
import type { TraceEventInput } from '../../../functions/core/types.js';
import { receivedPlan } from '../../support/plans.js';
import { dynamoBackends, type RunningDynamo } from '../support/backends.js';

const event = (type: TraceEventInput['type'], phase: string, data?: Record<string, unknown>): TraceEventInput => ({ type, phase, ...(data ? { data } : {}) });

describe.each(dynamoBackends)('Class: DynamoTraceStore, writes batched on $name', (backend) => {
  let server: RunningDynamo;
  let client: DynamoDBClient;
  let tableName: string;
  let payloadRoot: string;
  /** The commands the client sent since the last reset, in the order they were sent. */
  let sent: string[] = [];

  const makeStore = () => new DynamoTraceStore({ client, tableName, payloads: new FilePayloadStore({ root: payloadRoot }) });

  beforeAll(async () => {
    server = await backend.start();
    client = createDynamoClient({ endpoint: server.endpoint });
    client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(String(context.commandName).replace(/Command$/, ''));
        return next(args);
      },
      { step: 'initialize', name: 'countRequests' },
    );
    tableName = `cairn-test-${randomUUID()}`;
    await ensureTable(client, tableName);
    payloadRoot = await mkdtemp(join(tmpdir(), 'cairn-trace-batched-'));
  });

  afterAll(async () => {
    client?.destroy();
    await server?.stop();
    if (payloadRoot) await rm(payloadRoot, { recursive: true, force: true });
  });

  beforeEach(() => {
    sent = [];
  });

  it('creates a plan with its first event numbered 1, in two requests and no counter write', async () => {
    // Prepare
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}`, request: { task: 'Compare Lyon and Marseille' } });

    // Act
    await store.createPlan(plan, [event('plan.received', 'received', { task: 'Compare Lyon and Marseille' })]);
    const next = await store.appendEvent(plan.planId, event('plan.status', 'analyzing'));

    // Assess
    expect(sent.slice(0, 2)).toEqual(['PutItem', 'PutItem']);
    expect((await store.listEvents(plan.planId)).map((e) => [e.seq, e.type])).toEqual([
      [1, 'plan.received'],
      [2, 'plan.status'],
    ]);
    expect(next.seq).toBe(2);
    expect((await store.getPlan(plan.planId))?.eventCount).toBe(2);
  });

  it('writes a patch and takes its events numbers in one UpdateItem, then puts the events', async () => {
    // Prepare
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan, [event('plan.received', 'received')]);
    sent = [];

    // Act
    const { record, events } = await store.updatePlanWithEvents(plan.planId, { status: 'analyzing' }, [
      event('plan.status', 'analyzing', { from: 'received', to: 'analyzing' }),
      event('analysis.completed', 'analyzing', { skipped: true }),
    ]);

    // Assess: one update (status and counter together), then the two events at once.
    expect(sent).toEqual(['UpdateItem', 'PutItem', 'PutItem']);
    expect(record).toMatchObject({ status: 'analyzing', eventCount: 3 });
    expect(events.map((e) => e.seq)).toEqual([2, 3]);
    const stored = await store.listEvents(plan.planId);
    expect(stored.map((e) => [e.seq, e.type])).toEqual([
      [1, 'plan.received'],
      [2, 'plan.status'],
      [3, 'analysis.completed'],
    ]);
    expect((await store.getPlan(plan.planId))?.eventCount).toBe(3);
  });

  it('writes a settled status only after its events are stored', async () => {
    // Prepare
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan, [event('plan.received', 'received')]);
    await store.updatePlan(plan.planId, { status: 'finalizing' });
    sent = [];

    // Act
    const { record } = await store.updatePlanWithEvents(plan.planId, { status: 'succeeded', answer: 'Marseille is larger.' }, [
      event('plan.finalized', 'finalizing'),
      event('plan.status', 'succeeded', { from: 'finalizing', to: 'succeeded' }),
    ]);

    // Assess: the counter, both events, and the status last.
    expect(sent).toEqual(['UpdateItem', 'PutItem', 'PutItem', 'UpdateItem']);
    expect(record.status).toBe('succeeded');
    expect((await store.listEvents(plan.planId)).map((e) => e.type)).toEqual(['plan.received', 'plan.finalized', 'plan.status']);
  });

  it('leaves the plan unfinished when one of the events before its settled status cannot be written', async () => {
    // Prepare: an item already sits where the second event goes, so its conditional put fails.
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan, [event('plan.received', 'received')]);
    await store.updatePlan(plan.planId, { status: 'finalizing' });
    await createDocumentClient(client).send(
      new PutCommand({ TableName: tableName, Item: { pk: traceKeys.plan(plan.planId), sk: traceKeys.event(3), entity: 'event', body: '{}' } }),
    );

    // Act
    const finishing = store.updatePlanWithEvents(plan.planId, { status: 'succeeded' }, [
      event('plan.finalized', 'finalizing'),
      event('plan.status', 'succeeded', { from: 'finalizing', to: 'succeeded' }),
    ]);

    // Assess: the write fails, and the plan does not say it succeeded.
    await expect(finishing).rejects.toBeInstanceOf(PlanConflictError);
    expect((await makeStore().getPlan(plan.planId))?.status).toBe('finalizing');
  });

  it('numbers concurrent batches without gaps, each batch in its own order', async () => {
    // Prepare
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan, [event('plan.received', 'received')]);
    const batch = (name: string) => [1, 2, 3].map((i) => event('step.started', 'executing', { batch: name, i }));

    // Act
    const [a, b, c] = await Promise.all([
      store.appendEvents(plan.planId, batch('a')),
      store.appendEvents(plan.planId, batch('b')),
      store.appendEvents(plan.planId, batch('c')),
    ]);

    // Assess
    const seqs = [...a!, ...b!, ...c!].map((e) => e.seq).sort((x, y) => x - y);
    expect(seqs).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const stored of [a!, b!, c!]) expect(stored.map((e) => e.seq - stored[0]!.seq)).toEqual([0, 1, 2]);
    const read = await store.listEvents(plan.planId);
    expect(read.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await store.getPlan(plan.planId))?.eventCount).toBe(10);
  });
});
