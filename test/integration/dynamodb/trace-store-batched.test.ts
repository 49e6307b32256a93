/**
 * The trace writes that take fewer round trips, against DynamoDB Local and the embedded dynalite:
 * a plan created with its first events, a patch with its events, and events appended, each in one
 * transaction; more than one transaction takes, in batches numbered without gaps, a settled status
 * then written only after its events. The requests each call makes are counted by a middleware on
 * the real client.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../../functions/adapters/dynamodb/client.js';
import { TraceStoreTransientError } from '../../../functions/adapters/dynamodb/errors.js';
import { DynamoTraceStore } from '../../../functions/adapters/dynamodb/trace-store.js';
import { FilePayloadStore } from '../../../functions/adapters/payloads/file-payload-store.js';
import type { TraceEventInput } from '../../../functions/core/types.js';
import { loadPlan } from '../../../functions/core/workflow/plan-record.js';
import { ensureTable } from '../../../local/store/ensure-table.js';
import { plannerAttempt, receivedPlan, stepOutput } from '../../support/plans.js';
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

  /** A store over a client of its own, which `configure` gives a middleware (to fail or watch requests); destroy the client after. */
  const storeOver = (configure: (own: DynamoDBClient) => void) => {
    const own = createDynamoClient({ endpoint: server.endpoint });
    configure(own);
    return { client: own, store: new DynamoTraceStore({ client: own, tableName, payloads: new FilePayloadStore({ root: payloadRoot }) }) };
  };

  /** A store and a new plan in it, received (its first event stored) and now finalizing. */
  const finalizingPlan = async () => {
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan, [event('plan.received', 'received')]);
    await store.updatePlan(plan.planId, { status: 'finalizing' });
    return { store, plan };
  };

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

  it('creates a plan with its first event numbered 1 in one transaction, and appends the next in another', async () => {
    // Prepare
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}`, request: { task: 'Compare Lyon and Marseille' } });

    // Act
    await store.createPlan(plan, [event('plan.received', 'received', { task: 'Compare Lyon and Marseille' })]);
    const next = await store.appendEvent(plan.planId, event('plan.status', 'analyzing'));

    // Assess
    expect(sent.slice(0, 2)).toEqual(['TransactWriteItems', 'TransactWriteItems']);
    expect((await store.listEvents(plan.planId)).map((e) => [e.seq, e.type])).toEqual([
      [1, 'plan.received'],
      [2, 'plan.status'],
    ]);
    expect(next.seq).toBe(2);
    expect((await store.getPlan(plan.planId))?.eventCount).toBe(2);
  });

  it('writes a patch, the numbers its events take and the events in one transaction', async () => {
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

    // Assess: one request for the status, the counter and both events.
    expect(sent).toEqual(['TransactWriteItems']);
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

  it('writes a settled status and its events in one transaction', async () => {
    // Prepare
    const { store, plan } = await finalizingPlan();
    sent = [];

    // Act
    const { record } = await store.updatePlanWithEvents(plan.planId, { status: 'succeeded', answer: 'Marseille is larger.' }, [
      event('plan.finalized', 'finalizing'),
      event('plan.status', 'succeeded', { from: 'finalizing', to: 'succeeded' }),
    ]);

    // Assess
    expect(sent).toEqual(['TransactWriteItems']);
    expect(record.status).toBe('succeeded');
    expect((await store.listEvents(plan.planId)).map((e) => e.type)).toEqual(['plan.received', 'plan.finalized', 'plan.status']);
  });

  it.each([
    ['in one transaction', 2, 'TransactWriteItemsCommand', /TransactWriteItems .* failed: InternalServerError/],
    ['too many for one transaction, before the status', 120, 'BatchWriteItemCommand', /BatchWriteItem .* failed: InternalServerError/],
  ])('leaves the plan unfinished when the events of its settled status, %s, cannot be written', async (_, count, failed, message) => {
    // Prepare: a client whose writes of events fail, as a table that is down does; its other requests reach the server.
    const { plan } = await finalizingPlan();
    const { client: failing, store: down } = storeOver((own) =>
      own.middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === failed) {
            throw Object.assign(new Error('Internal server error'), { name: 'InternalServerError', $metadata: { httpStatusCode: 500 } });
          }
          return next(args);
        },
        { step: 'initialize', name: 'failBatchWrites' },
      ),
    );

    // Act
    const finishing = down.updatePlanWithEvents(plan.planId, { status: 'succeeded' }, [
      ...Array.from({ length: count - 1 }, (_, i) => event('plan.finalized', 'finalizing', { i })),
      event('plan.status', 'succeeded', { from: 'finalizing', to: 'succeeded' }),
    ]);

    // Assess: the write fails, and the plan does not say it succeeded.
    await expect(finishing).rejects.toBeInstanceOf(TraceStoreTransientError);
    await expect(finishing).rejects.toThrow(message);
    expect((await makeStore().getPlan(plan.planId))?.status).toBe('finalizing');
    failing.destroy();
  });

  it('writes settled status after its events when they are too many for one transaction', async () => {
    // Prepare
    const { store, plan } = await finalizingPlan();
    sent = [];

    // Act: 100 events and the record are 101 actions, one more than a transaction takes.
    const many = Array.from({ length: 100 }, (_, i) => event('step.completed', 'finalizing', { i }));
    const { record, events } = await store.updatePlanWithEvents(plan.planId, { status: 'succeeded' }, many);

    // Assess: the counter, the events 25 a batch, and the status last.
    expect(sent).toEqual(['UpdateItem', 'BatchWriteItem', 'BatchWriteItem', 'BatchWriteItem', 'BatchWriteItem', 'UpdateItem']);
    expect(record).toMatchObject({ status: 'succeeded', eventCount: 101 });
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
    expect((await store.listEvents(plan.planId)).map((e) => e.seq)).toEqual(Array.from({ length: 101 }, (_, i) => i + 1));
  });

  it('takes the numbers on their own when another writer moved the counter, and writes nothing of the refused transaction', async () => {
    // Prepare: this store remembers the counter at 1; another store then appends two events.
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan, [event('plan.received', 'received')]);
    await makeStore().appendEvents(plan.planId, [event('step.started', 'executing', { by: 'other' }), event('step.completed', 'executing', { by: 'other' })]);
    sent = [];

    // Act
    const [mine] = await store.appendEvents(plan.planId, [event('step.started', 'executing', { by: 'this' })]);

    // Assess: the transaction is refused (its numbers were taken), then the counter gives the next one.
    expect(sent).toEqual(['TransactWriteItems', 'UpdateItem', 'PutItem']);
    expect(mine?.seq).toBe(4);
    const read = await store.listEvents(plan.planId);
    expect(read.map((e) => [e.seq, e.data?.by])).toEqual([
      [1, undefined],
      [2, 'other'],
      [3, 'other'],
      [4, 'this'],
    ]);
    expect((await store.getPlan(plan.planId))?.eventCount).toBe(4);
  });

  it('reads a plan again after an update whose answer was lost, though the write landed', async () => {
    // Prepare: a client whose next UpdateItem reaches the server, then fails as a timeout would.
    let loseNextAnswer = false;
    const { client: flaky, store } = storeOver((own) =>
      own.middlewareStack.add(
        (next, context) => async (args) => {
          const result = await next(args);
          if (loseNextAnswer && context.commandName === 'UpdateItemCommand') {
            loseNextAnswer = false;
            throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError', $metadata: {} });
          }
          return result;
        },
        { step: 'initialize', name: 'loseAnUpdateAnswer' },
      ),
    );
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan);
    const mine = await store.updatePlan(plan.planId, { status: 'analyzing' });

    // Act: the next update lands but its caller hears a failure; the phase is retried from the version before.
    loseNextAnswer = true;
    await expect(store.updatePlan(plan.planId, { status: 'planning' })).rejects.toBeInstanceOf(TraceStoreTransientError);
    const retried = await store.getPlan(plan.planId, { written: mine.version });

    // Assess: the stored record, not the one this store wrote before.
    expect(retried).toMatchObject({ status: 'planning', version: mine.version + 1 });
    flaky.destroy();
  });

  it('gets its events through when a transaction meets another write to the record, as DynamoDB reports under contention', async () => {
    // Prepare: a client whose next two transactions are cancelled for a conflict, which no local
    // store produces; everything else reaches the server.
    let conflicts = 2;
    const { client: contended, store } = storeOver((own) =>
      own.middlewareStack.add(
        (next, context) => async (args) => {
          sent.push(String(context.commandName).replace(/Command$/, ''));
          if (context.commandName === 'TransactWriteItemsCommand' && conflicts > 0) {
            conflicts--;
            throw Object.assign(new Error('Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict, None]'), {
              name: 'TransactionCanceledException',
              CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }],
              $metadata: { httpStatusCode: 400 },
            });
          }
          return next(args);
        },
        { step: 'initialize', name: 'conflictTwice' },
      ),
    );
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await makeStore().createPlan(plan, [event('plan.received', 'received')]);
    await store.getPlan(plan.planId);
    sent = [];

    // Act: an append falls back to taking its numbers; an update reads again and tries again.
    const appended = await store.appendEvents(plan.planId, [event('step.started', 'executing')]);
    const { record, events } = await store.updatePlanWithEvents(plan.planId, { status: 'analyzing' }, [event('plan.status', 'analyzing')]);

    // Assess
    expect(sent).toEqual(['TransactWriteItems', 'UpdateItem', 'PutItem', 'TransactWriteItems', 'GetItem', 'TransactWriteItems']);
    expect([...appended, ...events].map((e) => e.seq)).toEqual([2, 3]);
    expect(record).toMatchObject({ status: 'analyzing', eventCount: 3 });
    expect((await makeStore().listEvents(plan.planId)).map((e) => [e.seq, e.type])).toEqual([
      [1, 'plan.received'],
      [2, 'step.started'],
      [3, 'plan.status'],
    ]);
    contended.destroy();
  });

  it('writes step outputs and attempts in the transaction of the events that tell of them', async () => {
    // Prepare
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan, [event('plan.received', 'received')]);
    const output = stepOutput(1, 'llm_call', { text: 'first' });
    sent = [];

    // Act: the same step's output twice in one batch (DynamoDB refuses a key twice): the last one stands.
    const events = await store.appendEvents(plan.planId, [event('step.completed', 'executing', { step_id: 1 })], {
      outputs: [output, stepOutput(1, 'llm_call', { text: 'second' })],
      attempts: [plannerAttempt(1)],
    });

    // Assess
    expect(sent).toEqual(['TransactWriteItems']);
    expect(events.map((e) => e.seq)).toEqual([2]);
    const outputs = await store.listStepOutputs(plan.planId);
    expect(outputs.map((o) => [o.step_id, o.result.text])).toEqual([[1, 'second']]);
    expect(await store.getAttempt(plan.planId, 1)).toEqual(plannerAttempt(1));
  });

  it('writes as many events as one transaction takes, 99 and the counter, in one request', async () => {
    // Prepare
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan, [event('plan.received', 'received')]);
    sent = [];

    // Act
    await store.appendEvents(
      plan.planId,
      Array.from({ length: 99 }, (_, i) => event('step.started', 'executing', { i })),
    );

    // Assess
    expect(sent).toEqual(['TransactWriteItems']);
    expect((await store.listEvents(plan.planId)).map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('writes more events than one transaction takes in batches, numbered without gaps', async () => {
    // Prepare
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan, [event('plan.received', 'received')]);
    sent = [];

    // Act
    const many = Array.from({ length: 120 }, (_, i) => event('step.started', 'executing', { i }));
    await store.appendEvents(plan.planId, many);

    // Assess: the counter, then 25 items a request at most.
    expect(sent).toEqual(['UpdateItem', ...Array.from({ length: 5 }, () => 'BatchWriteItem')]);
    const read = await store.listEvents(plan.planId);
    expect(read.map((e) => e.seq)).toEqual(Array.from({ length: 121 }, (_, i) => i + 1));
    expect(read.slice(1).map((e) => e.data?.i)).toEqual(Array.from({ length: 120 }, (_, i) => i));
  });

  it('sends only what an update changes, gets back only that and the counter, and the record reads back whole', async () => {
    // Prepare
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}`, request: { task: 'Compare Lyon and Marseille' } });
    await store.createPlan(plan);
    const names: string[][] = [];
    const returned: string[][] = [];
    const { client: watching, store: watched } = storeOver((own) =>
      own.middlewareStack.add(
        (next, context) => async (args) => {
          const out = await next(args);
          if (context.commandName === 'UpdateItemCommand') {
            names.push(Object.values((args.input as { ExpressionAttributeNames?: Record<string, string> }).ExpressionAttributeNames ?? {}));
            returned.push(Object.keys((out.output as { Attributes?: Record<string, unknown> }).Attributes ?? {}));
          }
          return out;
        },
        { step: 'initialize', name: 'watchUpdates' },
      ),
    );

    // Act: the status alone, then the body alone; meanwhile another writer takes event numbers.
    await watched.updatePlan(plan.planId, { status: 'analyzing' });
    await makeStore().appendEvents(plan.planId, [event('plan.status', 'analyzing')]);
    const after = await watched.updatePlan(plan.planId, { answer: 'Marseille' });

    // Assess: nothing unchanged is sent, and no body comes back from a status change.
    expect(names[0]).toContain('status');
    expect(names[0]).not.toContain('body');
    expect(returned[0]).not.toContain('body');
    expect(names[1]).toContain('body');
    expect(names[1]).not.toContain('status');
    expect(names[1]).not.toContain('gsi1pk');
    // The counter comes back as stored, moved by the other writer.
    expect(after.eventCount).toBe(1);
    const read = await makeStore().getPlan(plan.planId);
    expect(read).toMatchObject({ status: 'analyzing', answer: 'Marseille', request: { task: 'Compare Lyon and Marseille' }, version: 3, eventCount: 1 });
    watching.destroy();
  });

  it('answers a finished plan from memory, and reads an unfinished one each time', async () => {
    // Prepare
    const { store, plan } = await finalizingPlan();
    sent = [];
    await store.getPlan(plan.planId);
    expect(sent).toEqual(['GetItem']);
    await store.updatePlanWithEvents(plan.planId, { status: 'succeeded', answer: 'done' }, [event('plan.finalized', 'finalizing')]);
    sent = [];

    // Act
    const first = await store.getPlan(plan.planId);
    first!.answer = 'changed by the caller';
    const second = await store.getPlan(plan.planId);

    // Assess: no request, the record as stored, and a copy each time.
    expect(sent).toEqual([]);
    expect(second).toMatchObject({ status: 'succeeded', answer: 'done', eventCount: 2 });
    expect(await makeStore().getPlan(plan.planId)).toEqual(second);
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
  it('answers from memory the version the caller names when this store wrote it, and reads any other', async () => {
    // Prepare: this store writes version 2; another store then writes version 3.
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan);
    const mine = await store.updatePlan(plan.planId, { status: 'analyzing' });
    sent = [];

    // Act
    const remembered = await store.getPlan(plan.planId, { written: mine.version });
    const named = sent.length;
    await makeStore().updatePlan(plan.planId, { status: 'planning' });
    sent = [];
    const older = await store.getPlan(plan.planId, { written: mine.version + 1 });
    const afterOther = sent.length;
    sent = [];
    // Read, not written: a version this store only read is never answered from memory.
    const again = await store.getPlan(plan.planId, { written: older!.version });

    // Assess
    expect(named).toBe(0);
    expect(remembered).toMatchObject({ status: 'analyzing', version: mine.version });
    expect(afterOther).toBe(1);
    expect(older).toMatchObject({ status: 'planning', version: mine.version + 1 });
    expect(sent).toEqual(['GetItem']);
    expect(again?.version).toBe(mine.version + 1);
  });
  it.each([
    ['reported', true],
    ['did not report', false],
  ])("reads the record another container's Replan wrote when Replan %s its version", async (_, reports) => {
    // Prepare: on AWS each phase is its own Lambda. Execute's container writes round 1's closing
    // version; Replan, in another container, writes round 2's steps.
    const executeContainer = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await makeStore().createPlan(plan);
    const afterExecute = await executeContainer.updatePlan(plan.planId, { status: 'executing' });
    const rounds = {
      maxRounds: 3,
      rounds: [
        { round: 1, stepIds: [1] },
        { round: 2, stepIds: [2] },
      ],
    };
    const afterReplan = await makeStore().updatePlan(plan.planId, { rounds });
    const input = {
      planId: plan.planId,
      execution: { status: 'succeeded', steps: 1, skipped: 0, failed: 0, version: afterExecute.version },
      round: { round: 2, done: false, ...(reports ? { version: afterReplan.version } : {}) },
    };

    // Act: round 2's Execute lands on the warm container that wrote round 1's version.
    const loaded = await loadPlan(executeContainer, plan.planId, input);

    // Assess
    expect(loaded).toMatchObject({ version: afterReplan.version, rounds });
  });

  it('lists the outputs of a plan it created and wrote from memory at the version it wrote, and reads otherwise', async () => {
    // Prepare: this store creates the plan and writes two outputs with its events.
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan);
    await store.putStepOutput(plan.planId, stepOutput(2, 'llm_call', { text: 'two' }));
    const { record } = await store.updatePlanWithEvents(plan.planId, { status: 'executing' }, [event('step.completed', 'executing')], {
      outputs: [stepOutput(1, 'llm_call', { text: 'one' })],
    });
    sent = [];

    // Act
    const remembered = await store.listStepOutputs(plan.planId, { written: record.version });
    const fromMemory = [...sent];
    const unnamed = await store.listStepOutputs(plan.planId);
    const elsewhere = await makeStore().listStepOutputs(plan.planId, { written: record.version });

    // Assess: the same outputs, in step order, each way; only the memory answers without a request.
    expect(fromMemory).toEqual([]);
    expect(remembered.map((o) => [o.step_id, o.result.text])).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    expect(unnamed).toEqual(remembered);
    expect(elsewhere).toEqual(remembered);
    expect(sent).toEqual(['Query', 'Query']);
  });
  it('gives back the attempt it wrote with its events at the version the caller names, and reads any other', async () => {
    // Prepare: the attempt written with the update that made version 2.
    const store = makeStore();
    const plan = receivedPlan({ planId: `p-${randomUUID()}` });
    await store.createPlan(plan);
    const { record } = await store.updatePlanWithEvents(plan.planId, { attempts: 1 }, [event('plan.generated', 'planning')], {
      attempts: [plannerAttempt(1)],
    });
    sent = [];

    // Act
    const remembered = await store.getAttempt(plan.planId, 1, { written: record.version });
    const fromMemory = [...sent];
    const otherVersion = await store.getAttempt(plan.planId, 1, { written: record.version + 1 });
    const otherNumber = await store.getAttempt(plan.planId, 2, { written: record.version });

    // Assess
    expect(fromMemory).toEqual([]);
    expect(remembered).toEqual(plannerAttempt(1));
    expect(otherVersion).toEqual(plannerAttempt(1));
    expect(otherNumber).toBeUndefined();
    expect(sent).toEqual(['GetItem', 'GetItem']);
  });
});
