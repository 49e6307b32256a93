/**
 * DynamoTraceStore against real DynamoDB API servers: AWS's DynamoDB Local and the embedded
 * dynalite, the same behavioural suite on both. Each backend gets its own table and each test its
 * own plan ids, so files and tests never collide.
 */

import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient, createDynamoClient } from '../../../functions/adapters/dynamodb/client.js';
import { DynamoTraceStore, type DynamoTraceStoreOptions } from '../../../functions/adapters/dynamodb/trace-store.js';
import { FilePayloadStore } from '../../../functions/adapters/payloads/file-payload-store.js';
import { PlanConflictError, PlanExistsError, PlanNotFoundError } from '../../../functions/core/errors.js';
import type { Clock } from '../../../functions/core/ports.js';
import type { PlanRecord, StepOutput, TraceEvent } from '../../../functions/core/types.js';
import { ensureTable } from '../../../local/store/ensure-table.js';
import { plannerAttempt as attempt, receivedPlan } from '../../support/plans.js';
import { dynamoBackends, type RunningDynamo } from '../support/backends.js';

/** A clock the test moves by hand, so times and TTLs are exact. */
class ManualClock implements Clock {
  constructor(private current = new Date('2030-01-02T03:04:05.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

function stepOutput(stepId: number, overrides: Partial<StepOutput> = {}): StepOutput {
  return {
    step_id: stepId,
    type: 'vector_search',
    status: 'succeeded',
    result: {
      count: 1,
      search_method: 'lexical',
      documents: [{ id: 'doc-1', text: 'Lyon gets 830 mm of rain a year.', modality: 'text', score: 0.91, rank: 1 }],
    },
    startedAt: '2030-01-02T03:04:07.000Z',
    endedAt: '2030-01-02T03:04:07.250Z',
    durationMs: 250,
    attempts: 1,
    ...overrides,
  };
}

describe.each(dynamoBackends)('Class: DynamoTraceStore on $name', (backend) => {
  let server: RunningDynamo;
  let client: DynamoDBClient;
  let tableName: string;
  let payloadRoot: string;
  let payloads: FilePayloadStore;

  const makeStore = (options: Partial<DynamoTraceStoreOptions> = {}) => new DynamoTraceStore({ client, tableName, payloads, ...options });

  /** The item as DynamoDB holds it, to check what the store wrote. */
  const rawItem = async (pk: string, sk: string, table = tableName) =>
    (await createDocumentClient(client).send(new GetCommand({ TableName: table, Key: { pk, sk } }))).Item;

  beforeAll(async () => {
    server = await backend.start();
    client = createDynamoClient({ endpoint: server.endpoint });
    tableName = `cairn-test-${randomUUID()}`;
    await ensureTable(client, tableName);
    payloadRoot = await mkdtemp(join(tmpdir(), 'cairn-trace-payloads-'));
    payloads = new FilePayloadStore({ root: payloadRoot });
  });

  afterAll(async () => {
    client?.destroy();
    await server?.stop();
    if (payloadRoot) await rm(payloadRoot, { recursive: true, force: true });
  });

  describe('createPlan / getPlan', () => {
    it('stores a plan and reads it back unchanged', async () => {
      // Prepare
      const store = makeStore();
      const plan = receivedPlan({ request: { task: 'x', constraints: { nested: { deep: [1, 2.5, null, 'é'] } } } });

      // Act
      await store.createPlan(plan);

      // Assess
      expect(await store.getPlan(plan.planId)).toEqual(plan);
    });

    it('answers undefined for a plan it does not hold', async () => {
      expect(await makeStore().getPlan(`missing-${randomUUID()}`)).toBeUndefined();
    });

    it('refuses a second plan with the same id with PlanExistsError', async () => {
      // Prepare
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);

      // Act
      const second = store.createPlan({ ...plan, request: { task: 'another' } });

      // Assess
      await expect(second).rejects.toBeInstanceOf(PlanExistsError);
      expect((await store.getPlan(plan.planId))?.request.task).toBe(plan.request.task);
    });
  });

  describe('updatePlan', () => {
    it('applies a patch, bumps the version and stamps updatedAt from the clock', async () => {
      // Prepare
      const clock = new ManualClock();
      const store = makeStore({ clock });
      const plan = receivedPlan();
      await store.createPlan(plan);
      clock.advance(1_500);

      // Act
      const updated = await store.updatePlan(plan.planId, { status: 'analyzing', reasoning: 'looks comparative' });

      // Assess
      const expected = { ...plan, status: 'analyzing', reasoning: 'looks comparative', version: 2, updatedAt: '2030-01-02T03:04:06.500Z' };
      expect(updated).toEqual(expected);
      expect(await store.getPlan(plan.planId)).toEqual(expected);
    });

    it('fails with PlanNotFoundError for a plan it does not hold', async () => {
      await expect(makeStore().updatePlan(`missing-${randomUUID()}`, { status: 'analyzing' })).rejects.toBeInstanceOf(PlanNotFoundError);
    });

    it('loses no update when writers race: one version per successful write', async () => {
      // Prepare
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);

      // Act: six writers read the same version at once
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => store.updatePlan(plan.planId, { reasoning: `writer ${i}` })));

      // Assess
      expect(results.map((r) => r.version).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
      expect((await store.getPlan(plan.planId))?.version).toBe(7);
    });

    it('retries after losing a version race and gives up with PlanConflictError past maxUpdateAttempts', async () => {
      // Prepare: a store whose first read is followed by another writer's update
      const plan = receivedPlan();
      const other = makeStore();
      await other.createPlan(plan);
      class RacedStore extends DynamoTraceStore {
        races = 0;
        override async getPlan(planId: string) {
          const record = await super.getPlan(planId);
          if (this.races > 0) {
            this.races--;
            await other.updatePlan(planId, { reasoning: 'the other writer' });
          }
          return record;
        }
      }
      const patient = new RacedStore({ client, tableName, payloads, maxUpdateAttempts: 2 });
      patient.races = 1;
      const impatient = new RacedStore({ client, tableName, payloads, maxUpdateAttempts: 1 });
      impatient.races = 1;

      // Act
      const won = await patient.updatePlan(plan.planId, { reasoning: 'patient' });
      const lost = impatient.updatePlan(plan.planId, { reasoning: 'impatient' });

      // Assess
      expect(won).toMatchObject({ reasoning: 'patient', version: 3 });
      await expect(lost).rejects.toBeInstanceOf(PlanConflictError);
      await expect(lost).rejects.toThrow(/lost the version race 1 times/);
      const final = await other.getPlan(plan.planId);
      expect(final).toMatchObject({ reasoning: 'the other writer', version: 4 });
    });

    it('updates from the record it remembers, and reads again when another writer made it stale', async () => {
      // Prepare: two stores (two Lambda containers) over one table
      const plan = receivedPlan();
      const first = makeStore();
      const second = makeStore();
      await first.createPlan(plan);
      await first.updatePlan(plan.planId, { status: 'analyzing' });
      await second.updatePlan(plan.planId, { reasoning: 'from the other container' });

      // Act: first still remembers version 2; the stored one is 3
      const updated = await first.updatePlan(plan.planId, { status: 'planning' });

      // Assess: no update lost, versions gapless, a stale memory not taken for a lost race
      expect(updated).toMatchObject({ status: 'planning', reasoning: 'from the other container', version: 4 });
      expect(await second.getPlan(plan.planId)).toMatchObject({ status: 'planning', reasoning: 'from the other container', version: 4 });
    });

    it('moves through the repair loop but never backwards', async () => {
      // Prepare
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);
      for (const status of ['analyzing', 'planning', 'validating', 'repairing', 'validating', 'executing'] as const) {
        await store.updatePlan(plan.planId, { status });
      }

      // Act
      const backwards = store.updatePlan(plan.planId, { status: 'planning' });

      // Assess
      await expect(backwards).rejects.toBeInstanceOf(PlanConflictError);
      await expect(backwards).rejects.toThrow(/executing to planning/);
      expect(await store.getPlan(plan.planId)).toMatchObject({ status: 'executing', version: 7 });
    });

    it('reaches failed from a non-terminal status', async () => {
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);
      await store.updatePlan(plan.planId, { status: 'analyzing' });

      const failed = await store.updatePlan(plan.planId, {
        status: 'failed',
        error: { name: 'LlmFatalError', message: '401', phase: 'analyze' },
      });

      expect(failed).toMatchObject({ status: 'failed', error: { name: 'LlmFatalError' } });
    });

    it('never changes a terminal plan, but accepts a retried identical patch as a no-op', async () => {
      // Prepare
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);
      await store.updatePlan(plan.planId, { status: 'finalizing' });
      const finish = { status: 'succeeded', answer: 'Porto is wetter.', attempts: 1 } as const;
      const done = await store.updatePlan(plan.planId, finish);

      // Act / Assess: another status
      await expect(store.updatePlan(plan.planId, { status: 'failed' })).rejects.toThrow(/succeeded to failed \(succeeded is terminal\)/);
      // another field
      await expect(store.updatePlan(plan.planId, { answer: 'Lyon is wetter.' })).rejects.toThrow(/succeeded \(terminal\) and cannot change: answer/);
      // the same patch again, as a retried finalize sends it
      expect(await store.updatePlan(plan.planId, finish)).toEqual(done);
      expect(await store.getPlan(plan.planId)).toEqual(done);
    });

    it('keeps events appended while it updates (no lost eventCount)', async () => {
      // Prepare
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);

      // Act: events and updates interleave
      await Promise.all([
        ...Array.from({ length: 20 }, (_, i) => store.appendEvent(plan.planId, { type: 'llm.call', phase: 'plan', data: { i } })),
        ...Array.from({ length: 3 }, (_, i) => store.updatePlan(plan.planId, { attempts: i })),
      ]);

      // Assess
      const final = await store.getPlan(plan.planId);
      expect(final).toMatchObject({ eventCount: 20, version: 4 });
      expect((await store.listEvents(plan.planId)).map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });
  });

  describe('appendEvent / listEvents', () => {
    it('numbers events from 1 and lists them in order', async () => {
      // Prepare
      const clock = new ManualClock();
      const store = makeStore({ clock });
      const plan = receivedPlan();
      await store.createPlan(plan);

      // Act
      const first = await store.appendEvent(plan.planId, { type: 'plan.received', phase: 'intake' });
      clock.advance(10);
      const second = await store.appendEvent(plan.planId, {
        type: 'validation.completed',
        phase: 'validate',
        data: { valid: false, errors: [{ path: 'plan.0.type', message: 'must be one of [...]' }] },
      });

      // Assess
      expect(first).toEqual({ planId: plan.planId, seq: 1, at: '2030-01-02T03:04:05.000Z', type: 'plan.received', phase: 'intake' });
      expect(second).toMatchObject({ seq: 2, at: '2030-01-02T03:04:05.010Z' });
      expect(await store.listEvents(plan.planId)).toEqual([first, second]);
      expect((await store.getPlan(plan.planId))?.eventCount).toBe(2);
    });

    it('gives 50 concurrent appends the numbers 1..50 without gaps or duplicates', async () => {
      // Prepare
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);

      // Act
      const events = await Promise.all(
        Array.from({ length: 50 }, (_, i) => store.appendEvent(plan.planId, { type: 'step.completed', phase: 'execute', data: { step: i } })),
      );

      // Assess
      const expected = Array.from({ length: 50 }, (_, i) => i + 1);
      expect(events.map((e) => e.seq).sort((a, b) => a - b)).toEqual(expected);
      const listed = await store.listEvents(plan.planId);
      expect(listed.map((e) => e.seq)).toEqual(expected);
      expect(new Set(listed.map((e) => e.data?.step)).size).toBe(50);
      expect((await store.getPlan(plan.planId))?.eventCount).toBe(50);
    });

    it('reads every page of a long trace', async () => {
      // Prepare: ~1.5 MB of events, past the 1 MB a Query page holds
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);
      for (let i = 0; i < 25; i++) {
        await store.appendEvent(plan.planId, { type: 'step.completed', phase: 'execute', data: { text: `${i}`.padEnd(60_000, '.') } });
      }
      let queries = 0;
      client.middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === 'QueryCommand') queries++;
          return next(args);
        },
        { step: 'initialize', name: 'countQueries' },
      );

      // Act
      let events: TraceEvent[];
      try {
        events = await store.listEvents(plan.planId);
      } finally {
        client.middlewareStack.remove('countQueries');
      }

      // Assess
      expect(queries).toBeGreaterThan(1);
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(events.every((e) => String(e.data?.text).length === 60_000)).toBe(true);
    });

    it('fails with PlanNotFoundError for a plan it does not hold', async () => {
      await expect(makeStore().appendEvent(`missing-${randomUUID()}`, { type: 'plan.received', phase: 'intake' })).rejects.toBeInstanceOf(PlanNotFoundError);
    });
  });

  describe('attempts', () => {
    it('stores attempts, reads one back and lists them in order', async () => {
      // Prepare
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);

      // Act
      await store.putAttempt(plan.planId, attempt(2));
      await store.putAttempt(plan.planId, attempt(1));
      await store.putAttempt(plan.planId, attempt(10, { reasoning: 'third time' }));

      // Assess
      expect(await store.getAttempt(plan.planId, 2)).toEqual(attempt(2));
      expect(await store.getAttempt(plan.planId, 3)).toBeUndefined();
      expect((await store.listAttempts(plan.planId)).map((a) => a.attempt)).toEqual([1, 2, 10]);
      expect(await store.listAttempts(plan.planId)).toEqual([attempt(1), attempt(2), attempt(10, { reasoning: 'third time' })]);
    });

    it('replaces an attempt written twice (a retried Lambda)', async () => {
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);

      await store.putAttempt(plan.planId, attempt(1));
      await store.putAttempt(plan.planId, attempt(1, { rawText: 'second write' }));

      expect(await store.listAttempts(plan.planId)).toEqual([attempt(1, { rawText: 'second write' })]);
    });
  });

  describe('step outputs', () => {
    it('lists step outputs in numeric step order', async () => {
      // Prepare
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);
      const skipped = stepOutput(2, { type: 'conditional', status: 'skipped', skipped: true, condition: "step_1.result['run'] == True", result: {} });

      // Act
      await store.putStepOutput(plan.planId, stepOutput(10));
      await store.putStepOutput(plan.planId, skipped);
      await store.putStepOutput(plan.planId, stepOutput(1));

      // Assess
      expect(await store.listStepOutputs(plan.planId)).toEqual([stepOutput(1), skipped, stepOutput(10)]);
    });
  });

  describe('listPlans', () => {
    it('lists every plan newest first, and plans in one status by last update', async () => {
      // Prepare: a table of its own, so other tests' plans do not show
      const ownTable = `cairn-test-${randomUUID()}`;
      await ensureTable(client, ownTable);
      const clock = new ManualClock();
      const store = new DynamoTraceStore({ client, tableName: ownTable, payloads, clock });
      const plans: PlanRecord[] = [];
      for (let i = 0; i < 5; i++) {
        const at = clock.now().toISOString();
        const plan = receivedPlan({ planId: `p${i}`, createdAt: at, updatedAt: at });
        await store.createPlan(plan);
        plans.push(plan);
        clock.advance(60_000);
      }
      await store.updatePlan('p1', { status: 'executing' });
      clock.advance(60_000);
      await store.updatePlan('p3', { status: 'executing' });
      clock.advance(60_000);
      await store.updatePlan('p0', { reasoning: 'touched last' });

      // Act
      const all = await store.listPlans();
      const firstTwo = await store.listPlans({ limit: 2 });
      const executing = await store.listPlans({ status: 'executing' });
      const received = await store.listPlans({ status: 'received' });

      // Assess
      expect(all.map((p) => p.planId)).toEqual(['p4', 'p3', 'p2', 'p1', 'p0']);
      expect(firstTwo.map((p) => p.planId)).toEqual(['p4', 'p3']);
      expect(executing.map((p) => p.planId)).toEqual(['p3', 'p1']);
      expect(received.map((p) => p.planId)).toEqual(['p0', 'p4', 'p2']);
      expect(received[0]).toEqual(await store.getPlan('p0'));
      expect(await store.listPlans({ status: 'failed' })).toEqual([]);
    });
  });

  describe('large payloads, stored by reference', () => {
    it('moves bodies past the threshold to the PayloadStore and reads them back transparently', async () => {
      // Prepare: a threshold of 4 KB so ordinary test data passes it
      const store = makeStore({ maxItemBytes: 4_096 });
      const big = 'Porto rainfall, month by month. '.repeat(1_000);
      const plan = receivedPlan({ request: { task: 'big', context: big } });

      // Act
      await store.createPlan(plan);
      await store.appendEvent(plan.planId, { type: 'llm.call', phase: 'plan', data: { prompt: big } });
      await store.putAttempt(plan.planId, attempt(1, { rawText: big }));
      const documents = Array.from({ length: 40 }, (_, i) => ({
        id: `d${i}`,
        text: big.slice(0, 500),
        modality: 'text' as const,
        score: 1 / (i + 1),
        rank: i + 1,
      }));
      await store.putStepOutput(plan.planId, stepOutput(1, { result: { count: documents.length, documents } }));
      const updated = await store.updatePlan(plan.planId, { status: 'analyzing', answer: big });

      // Assess: the items hold references, not bodies
      const pk = `PLAN#${plan.planId}`;
      for (const sk of ['META', 'EVENT#00000001', 'ATTEMPT#00000001', 'STEP#00000001']) {
        const item = await rawItem(pk, sk);
        expect(item, sk).toMatchObject({ payloadRef: expect.stringMatching(/^file:\/\//), payloadBytes: expect.any(Number) });
        expect(item?.body, sk).toBeUndefined();
      }
      // and the reads are whole
      expect(await store.getPlan(plan.planId)).toEqual(updated);
      expect(updated).toMatchObject({ request: { context: big }, answer: big, version: 2, eventCount: 1 });
      expect((await store.listEvents(plan.planId))[0]?.data).toEqual({ prompt: big });
      expect(await store.getAttempt(plan.planId, 1)).toEqual(attempt(1, { rawText: big }));
      expect((await store.listStepOutputs(plan.planId))[0]?.result.documents).toEqual(documents);
      const files = await readdir(join(payloadRoot, 'plans', plan.planId), { recursive: true });
      expect(files.filter((f) => f.endsWith('.json')).length).toBe(5); // META twice (two versions), event, attempt, step
    });

    it('keeps small bodies inline', async () => {
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);

      const item = await rawItem(`PLAN#${plan.planId}`, 'META');

      expect(item).toMatchObject({ body: expect.any(String) });
      expect(item?.payloadRef).toBeUndefined();
    });

    it('stores payloads past DynamoDB’s real 400 KB limit with the default threshold', async () => {
      // Prepare
      const store = makeStore();
      const plan = receivedPlan();
      await store.createPlan(plan);
      const answer = 'x'.repeat(600 * 1024);

      // Act
      await store.updatePlan(plan.planId, { answer });
      await store.putStepOutput(plan.planId, stepOutput(1, { result: { text: answer } }));

      // Assess
      expect((await store.getPlan(plan.planId))?.answer).toBe(answer);
      expect((await store.listStepOutputs(plan.planId))[0]?.result).toEqual({ text: answer });
    });

    it('moves a large body back inline when it shrinks', async () => {
      const store = makeStore({ maxItemBytes: 4_096 });
      const plan = receivedPlan();
      await store.createPlan(plan);
      await store.updatePlan(plan.planId, { answer: 'y'.repeat(10_000) });

      await store.updatePlan(plan.planId, { answer: 'short' });

      const item = await rawItem(`PLAN#${plan.planId}`, 'META');
      expect(item).toMatchObject({ body: expect.stringContaining('short') });
      expect(item?.payloadRef).toBeUndefined();
      expect((await store.getPlan(plan.planId))?.answer).toBe('short');
    });
  });

  describe('TTL', () => {
    it('puts expiresAt, ttlDays from the last write, on every item', async () => {
      // Prepare
      const clock = new ManualClock();
      const store = makeStore({ clock, ttlDays: 7 });
      const plan = receivedPlan();
      const expiresAt = Math.floor(clock.now().getTime() / 1000) + 7 * 86_400;

      // Act
      await store.createPlan(plan);
      await store.appendEvent(plan.planId, { type: 'plan.received', phase: 'intake' });
      await store.putAttempt(plan.planId, attempt(1));
      await store.putStepOutput(plan.planId, stepOutput(1));
      clock.advance(3_600_000);
      await store.updatePlan(plan.planId, { status: 'analyzing' });

      // Assess
      const pk = `PLAN#${plan.planId}`;
      for (const sk of ['EVENT#00000001', 'ATTEMPT#00000001', 'STEP#00000001']) {
        expect((await rawItem(pk, sk))?.expiresAt, sk).toBe(expiresAt);
      }
      expect((await rawItem(pk, 'META'))?.expiresAt).toBe(expiresAt + 3_600);
    });
  });
});
