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
import { planIdFor, requestIdentity, type StartDeps, startPlan } from '../../../functions/core/workflow/start-plan.js';
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

    // Assess
    expect(first).toEqual({ planId: planIdFor(identity), status: 'received', duplicate: false });
    expect(again).toEqual({ planId: planIdFor(identity), status: 'received', duplicate: true });
    expect(starter.executions).toEqual([planIdFor(identity)]);
    expect(starter.calls.map((c) => c.input)).toEqual([
      { planId: planIdFor(identity), maxIterations: 3 },
      { planId: planIdFor(identity), maxIterations: 3 },
    ]);
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

  it('leaves a plan with an identity `received` when its start fails, so a retry starts it', async () => {
    // Prepare
    const starter = new NamedExecutions(true);
    starter.failNext = new Error('throttled');
    const identity = requestIdentity.key('retry-me');

    // Act
    await expect(startPlan(deps(starter), { task: 'Who painted the Mona Lisa?' }, identity)).rejects.toThrow('throttled');
    const retried = await startPlan(deps(starter), { task: 'Who painted the Mona Lisa?' }, identity);

    // Assess
    expect(retried).toEqual({ planId: planIdFor(identity), status: 'received', duplicate: true });
    expect(starter.executions).toEqual([planIdFor(identity)]);
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
