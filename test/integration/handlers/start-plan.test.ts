/**
 * One plan per logical request, in the core: startPlan over the real trace store on DynamoDB Local, with a WorkflowStarter
 * that behaves as Standard or Express Step Functions do with names.
 */
import { describe, expect, it } from 'vitest';
import { DynamoTraceStore } from '../../../functions/adapters/dynamodb/trace-store.js';
import { FilePayloadStore } from '../../../functions/adapters/payloads/file-payload-store.js';
import type { WorkflowStarter } from '../../../functions/core/ports.js';
import { systemClock } from '../../../functions/core/ports.js';
import { acceptRequest } from '../../../functions/core/workflow/intake.js';
import { markSuperseded, planIdFor, requestIdentity, type StartDeps, SUPERSEDED_ERROR, startPlan } from '../../../functions/core/workflow/start-plan.js';
import type { WorkflowInput } from '../../../functions/core/workflow/types.js';
import { useTraceTable } from '../../support/dynamo.js';
import { tempDir } from '../../support/temp-dir.js';

/** Step Functions' behaviour with names: Standard refuses a second execution of a name, Express does not. */
class NamedExecutions implements WorkflowStarter {
  readonly calls: Array<{ name: string; input: WorkflowInput }> = [];
  readonly executions: string[] = [];
  failNext: Error | undefined;
  constructor(readonly deduplicatesByName: boolean) {}
  async start(name: string, input: WorkflowInput): Promise<{ started: boolean }> {
    this.calls.push({ name, input });
    const failure = this.failNext;
    this.failNext = undefined;
    if (failure) throw failure;
    if (this.deduplicatesByName && this.executions.includes(name)) return { started: false };
    this.executions.push(name);
    return { started: true };
  }
}

const { client, tableName } = useTraceTable('start-plan');
const store = new DynamoTraceStore({ client, tableName, payloads: new FilePayloadStore({ root: tempDir('start-plan') }) });
const limits = { maxTaskBytes: 8192, maxIterations: 3 };
const deps = (starter: WorkflowStarter): StartDeps => ({ store, starter, clock: systemClock, limits });

describe('Function: startPlan', () => {
  it('starts a plan named after its identity, once', async () => {
    // Prepare
    const starter = new NamedExecutions(true);
    const identity = requestIdentity.sqs('m-1');

    // Act
    const first = await startPlan(deps(starter), { task: 'Who built the Eiffel Tower?' }, identity);
    const again = await startPlan(deps(starter), { task: 'Who built the Eiffel Tower?' }, identity);

    // Assess: the record says it started, so the second delivery does not ask the starter again.
    expect(first).toEqual({ planId: planIdFor(identity), status: 'received', duplicate: false });
    expect(again).toEqual({ planId: planIdFor(identity), status: 'received', duplicate: true });
    expect(starter.executions).toEqual([planIdFor(identity)]);
    expect(starter.calls.map((c) => c.input)).toEqual([{ planId: planIdFor(identity), maxIterations: 3 }]);
    expect((await store.getPlan(planIdFor(identity)))?.startedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('starts the plan a first delivery stored but never started (Standard)', async () => {
    // Prepare: the first delivery stopped between storing the plan and starting it.
    const identity = requestIdentity.key('crashed-once');
    const planId = planIdFor(identity);
    await acceptRequest(store, { task: 'Which river flows through Lyon?', options: { maxIterations: 2 } }, { planId, now: new Date(), limits });
    const starter = new NamedExecutions(true);

    // Act
    const outcome = await startPlan(deps(starter), { task: 'Which river flows through Lyon?', options: { maxIterations: 2 } }, identity);

    // Assess
    expect(outcome).toEqual({ planId, status: 'received', duplicate: true });
    expect(starter.calls).toEqual([{ name: planId, input: { planId, maxIterations: 2 } }]);
    expect((await store.getPlan(planId))?.startedAt).toBeDefined();
  });

  it('never starts a duplicate again on Express, which does not deduplicate names', async () => {
    // Prepare
    const starter = new NamedExecutions(false);
    const identity = requestIdentity.sqs('m-express');

    // Act
    await startPlan(deps(starter), { task: 'Who directed Alien?' }, identity);
    const again = await startPlan(deps(starter), { task: 'Who directed Alien?' }, identity);

    // Assess
    expect(again.duplicate).toBe(true);
    expect(starter.executions).toEqual([planIdFor(identity)]);
    expect(starter.calls).toHaveLength(1);
  });

  it.each([
    ['Standard', true],
    ['Express', false],
  ])('leaves a plan with an identity `received` and unmarked when its start fails, so a retry starts it once (%s)', async (type, dedupes) => {
    // Prepare
    const starter = new NamedExecutions(dedupes);
    starter.failNext = new Error('throttled');
    const identity = requestIdentity.key(`retry-me-${type}`);

    // Act
    await expect(startPlan(deps(starter), { task: 'Who painted the Mona Lisa?' }, identity)).rejects.toThrow('throttled');
    const afterFailure = await store.getPlan(planIdFor(identity));
    const retried = await startPlan(deps(starter), { task: 'Who painted the Mona Lisa?' }, identity);
    const redelivered = await startPlan(deps(starter), { task: 'Who painted the Mona Lisa?' }, identity);

    // Assess
    expect(afterFailure).toMatchObject({ status: 'received' });
    expect(afterFailure?.startedAt).toBeUndefined();
    expect(retried).toEqual({ planId: planIdFor(identity), status: 'received', duplicate: true });
    expect(redelivered.duplicate).toBe(true);
    expect(starter.executions).toEqual([planIdFor(identity)]);
    expect(starter.calls).toHaveLength(2);
  });

  it('marks a plan started when Standard answers that its execution exists already', async () => {
    // Prepare: the first delivery started the execution, then stopped before marking the plan.
    const identity = requestIdentity.sqs('m-started-unmarked');
    const planId = planIdFor(identity);
    await acceptRequest(store, { task: 'Who wrote Candide?' }, { planId, now: new Date(), limits });
    const starter = new NamedExecutions(true);
    starter.executions.push(planId);

    // Act
    await startPlan(deps(starter), { task: 'Who wrote Candide?' }, identity);
    await startPlan(deps(starter), { task: 'Who wrote Candide?' }, identity);

    // Assess
    expect(starter.calls).toHaveLength(1);
    expect((await store.getPlan(planId))?.startedAt).toBeDefined();
  });

  it('starts nothing for a plan that moved past `received`, marked or not', async () => {
    // Prepare: a workflow already at work on a plan whose mark was never written.
    const identity = requestIdentity.key('under-way');
    const planId = planIdFor(identity);
    await acceptRequest(store, { task: 'Who built Versailles?' }, { planId, now: new Date(), limits });
    await store.updatePlan(planId, { status: 'analyzing' });
    const starter = new NamedExecutions(false);

    // Act
    const again = await startPlan(deps(starter), { task: 'Who built Versailles?' }, identity);

    // Assess
    expect(again).toEqual({ planId, status: 'analyzing', duplicate: true });
    expect(starter.calls).toHaveLength(0);
  });

  it('does not mark a plan without an identity: nothing delivers it again', async () => {
    // Prepare
    const starter = new NamedExecutions(false);

    // Act
    const started = await startPlan(deps(starter), { task: 'Who wrote Germinal?' }, undefined);

    // Assess
    expect((await store.getPlan(started.planId))?.startedAt).toBeUndefined();
    expect(starter.calls).toHaveLength(1);
  });

  it('marks a plan without an identity failed when its start fails, with the reason in its trace', async () => {
    // Prepare
    const starter = new NamedExecutions(true);
    starter.failNext = Object.assign(new Error('Rate exceeded'), { name: 'WorkflowStartTransientError' });
    const before = new Set((await store.listPlans({ limit: 1000 })).map((p) => p.planId));

    // Act
    await expect(startPlan(deps(starter), { task: 'Who wrote Les Misérables?' }, undefined)).rejects.toThrow('Rate exceeded');

    // Assess
    const [plan] = (await store.listPlans({ limit: 1000 })).filter((p) => !before.has(p.planId));
    expect(plan).toMatchObject({
      status: 'failed',
      error: { name: 'WorkflowStartTransientError', message: 'the workflow did not start: Rate exceeded', phase: 'received' },
    });
    const events = await store.listEvents(plan!.planId);
    expect(events.map((e) => e.type)).toEqual(['plan.received', 'plan.failed', 'plan.status']);
  });
});

describe('Function: markSuperseded', () => {
  it('fails a plan that was stored and never started, with the reason in its record and trace', async () => {
    // Prepare
    const starter = new NamedExecutions(false);
    starter.failNext = new Error('throttled');
    const identity = requestIdentity.s3('bucket', 'tasks/a.json', { sequencer: '0062E99A88DC4076A0' });
    await expect(startPlan(deps(starter), { task: 'Who designed the first version?' }, identity)).rejects.toThrow('throttled');

    // Act
    const marked = await markSuperseded(store, planIdFor(identity), 'a newer upload replaced it');
    const again = await startPlan(deps(starter), { task: 'Who designed the first version?' }, identity);

    // Assess
    expect(marked).toBe(true);
    expect(await store.getPlan(planIdFor(identity))).toMatchObject({
      status: 'failed',
      error: { name: SUPERSEDED_ERROR, message: 'a newer upload replaced it', phase: 'received' },
    });
    expect((await store.listEvents(planIdFor(identity))).map((e) => e.type)).toEqual(['plan.received', 'plan.failed', 'plan.status']);
    expect(again).toMatchObject({ status: 'failed', duplicate: true });
    expect(starter.executions).toEqual([]);
  });

  it('leaves a started plan, and an unknown one, alone', async () => {
    // Prepare
    const starter = new NamedExecutions(false);
    const identity = requestIdentity.s3('bucket', 'tasks/b.json', { sequencer: '0062E99A88DC4076B0' });
    await startPlan(deps(starter), { task: 'Who designed the second version?' }, identity);

    // Act
    const started = await markSuperseded(store, planIdFor(identity), 'a newer upload replaced it');
    const unknown = await markSuperseded(store, planIdFor('never-stored'), 'a newer upload replaced it');

    // Assess
    expect([started, unknown]).toEqual([false, false]);
    expect((await store.getPlan(planIdFor(identity)))?.status).toBe('received');
  });
});
