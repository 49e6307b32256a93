/**
 * Exactly one plan per logical request, and never a request lost. A request's identity (an S3
 * object version, an SQS message, an idempotency key) names both its plan and its execution, so a
 * duplicate event finds the plan it started the first time instead of starting another. What says
 * "already started": the plan's record carries `startedAt`, written once a start succeeded (Step
 * Functions accepted it, or answered that the execution exists). A plan stored but never marked
 * (its start throttled, its process gone in between) is started again by the next delivery,
 * whatever the workflow type: a Standard workflow refuses a second execution of the name, and an
 * Express one, which would run it twice, is never asked again once the mark is there.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json.js';
import { IdempotencyKeyConflictError, PlanExistsError, PlanNotFoundError } from '../errors.js';
import type { Clock, TraceStore, WorkflowStarter } from '../ports.js';
import type { PlanRecord, PlanRequest, PlanStatus } from '../types.js';
import { acceptRequest, type IntakeLimits, newPlanId, workflowInputOf } from './intake.js';
import type { WorkflowInput } from './types.js';

export interface StartDeps {
  store: TraceStore;
  starter: WorkflowStarter;
  clock: Clock;
  limits: IntakeLimits;
}

export interface StartedPlan {
  planId: string;
  status: PlanStatus;
  /** True when the request had started a plan already: nothing new was started. */
  duplicate: boolean;
}

/** The identity of a request, by where it came from. A key the client gave wins over the event's own. */
export const requestIdentity = {
  key: (idempotencyKey: string): string => `key:${idempotencyKey}`,
  sqs: (messageId: string): string => `sqs:${messageId}`,
  /**
   * One upload of an object: its version when the bucket keeps versions, else the event's
   * sequencer (the same in a redelivered event, new for each upload), else its ETag.
   */
  s3: (bucket: string, key: string, object: { versionId?: string | undefined; sequencer?: string | undefined; eTag?: string | undefined }): string =>
    `s3:${bucket}/${key}@${object.versionId ?? object.sequencer ?? object.eTag ?? ''}`,
};

/** The plan id (and execution name) of an identity: `p-` and 128 bits of its SHA-256, 34 characters. */
export function planIdFor(identity: string): string {
  return `p-${createHash('sha256').update(identity, 'utf8').digest('hex').slice(0, 32)}`;
}

/**
 * Stores the plan and starts its workflow, once per identity. Without an identity (an HTTP call
 * with no Idempotency-Key) every call is a new plan.
 */
export async function startPlan(deps: StartDeps, request: PlanRequest, identity: string | undefined): Promise<StartedPlan> {
  const now = deps.clock.now();
  const planId = identity === undefined ? newPlanId(now) : planIdFor(identity);
  let input: WorkflowInput | undefined;
  try {
    input = await acceptRequest(deps.store, request, { planId, now, limits: deps.limits });
  } catch (error) {
    if (!(error instanceof PlanExistsError)) throw error;
  }
  if (input !== undefined) {
    await start(deps, planId, input, identity !== undefined);
    return { planId, status: 'received', duplicate: false };
  }
  const existing = await deps.store.getPlan(planId);
  if (existing === undefined) throw new PlanNotFoundError(`plan ${planId} was there a moment ago and is gone`);
  // The stored request is the first body sent with this identity; a redelivered event or a retried
  // call carries the same one, so a different body is a client reusing its key by mistake.
  if (requestFingerprint(existing.request) !== requestFingerprint(request)) {
    throw new IdempotencyKeyConflictError(
      `this idempotency key already started plan ${planId} with a different request; send the same request to get that plan, or use a new key`,
    );
  }
  // Still `received` and not marked started: the first delivery stopped between storing the plan
  // and starting it, so this one starts it.
  if (isUnstarted(existing)) await start(deps, planId, workflowInputOf(existing.request, planId, deps.limits), true);
  return { planId, status: existing.status, duplicate: true };
}

/** A plan stored and never started: `received`, without the mark a successful start leaves. */
export function isUnstarted(record: PlanRecord): boolean {
  return record.status === 'received' && record.startedAt === undefined;
}

/**
 * What identifies a request's content: its fields in a fixed key order, without `origin`, which
 * Cairn sets per delivery (an HTTP request id differs on every retry).
 */
export function requestFingerprint(request: PlanRequest): string {
  const { origin: _origin, ...content } = request;
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

/**
 * Starts the plan's execution. A failure (a throttled StartExecution among them) is thrown to the
 * door, which fails the delivery so that it comes back: an SQS item reported, an S3 event retried,
 * an HTTP 5xx. A plan with an identity is then marked started.
 */
async function start(deps: StartDeps, planId: string, input: WorkflowInput, identified: boolean): Promise<void> {
  try {
    await deps.starter.start(planId, input);
  } catch (error) {
    // A retry of the same event starts this plan; a call without an identity never comes back
    // to it, so it is marked failed rather than left `received` for ever.
    if (!identified) await markNotStarted(deps.store, planId, error).catch(() => undefined);
    throw error;
  }
  // Without an identity nothing delivers the request again: no mark is needed.
  if (identified) await markStarted(deps, planId);
}

/**
 * Writes `startedAt` under the store's version check, after the start succeeded. Not failing the
 * delivery when this write fails: the execution is under way, and a delivery failed now would be
 * redelivered and start it a second time on an Express workflow. A plan already terminal (a run
 * quicker than this write) needs no mark, and refuses it.
 */
async function markStarted(deps: StartDeps, planId: string): Promise<void> {
  try {
    await deps.store.updatePlan(planId, { startedAt: deps.clock.now().toISOString() });
  } catch {
    // See above: the start stands.
  }
}

/**
 * Fails a plan whose task file a newer upload replaced before the plan started, so it does not
 * stay `received` for ever; a plan that started (or never existed) is left alone. True when it was
 * marked. The check and the write are apart: a start that lands between them runs on a failed
 * plan, whose phases cannot change it.
 */
export async function markSuperseded(store: TraceStore, planId: string, reason: string): Promise<boolean> {
  const record = await store.getPlan(planId);
  if (record === undefined || !isUnstarted(record)) return false;
  const error = { name: SUPERSEDED_ERROR, message: reason, phase: 'received' };
  await store.updatePlanWithEvents(planId, { status: 'failed', error }, [
    { type: 'plan.failed', phase: 'received', data: { error: SUPERSEDED_ERROR, reason } },
    { type: 'plan.status', phase: 'failed', data: { from: 'received', to: 'failed' } },
  ]);
  return true;
}

/** The error name of a plan failed because a newer upload replaced its task file before it started. */
export const SUPERSEDED_ERROR = 'TaskFileSuperseded';

async function markNotStarted(store: TraceStore, planId: string, error: unknown): Promise<void> {
  const name = error instanceof Error ? error.name : 'Error';
  const message = `the workflow did not start: ${error instanceof Error ? error.message : String(error)}`;
  await store.appendEvent(planId, { type: 'plan.failed', phase: 'received', data: { error: name, reason: message } });
  await store.updatePlan(planId, { status: 'failed', error: { name, message, phase: 'received' } });
  await store.appendEvent(planId, { type: 'plan.status', phase: 'failed', data: { from: 'received', to: 'failed' } });
}
