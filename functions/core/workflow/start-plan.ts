/**
 * Exactly one plan per logical request. A request's identity (an S3 object version, an SQS
 * message, an idempotency key) names both its plan and its execution, so a duplicate event finds
 * the plan it started the first time instead of starting another. Two things say "already
 * started": the trace store refuses a second plan with the same id (PlanExistsError) and Step
 * Functions a second execution with the same name (`started: false`).
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json.js';
import { IdempotencyKeyConflictError, PlanExistsError, PlanNotFoundError } from '../errors.js';
import type { Clock, TraceStore, WorkflowStarter } from '../ports.js';
import type { PlanRequest, PlanStatus } from '../types.js';
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
  // Still `received`: the first delivery may have stopped between storing the plan and starting
  // it. Starting again is safe only where the name deduplicates: it either starts the one
  // execution or is told it exists.
  if (existing.status === 'received' && deps.starter.deduplicatesByName) {
    await start(deps, planId, workflowInputOf(existing.request, planId, deps.limits), true);
  }
  return { planId, status: existing.status, duplicate: true };
}

/**
 * What identifies a request's content: its fields in a fixed key order, without `origin`, which
 * Cairn sets per delivery (an HTTP request id differs on every retry).
 */
export function requestFingerprint(request: PlanRequest): string {
  const { origin: _origin, ...content } = request;
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

async function start(deps: StartDeps, planId: string, input: WorkflowInput, retriable: boolean): Promise<void> {
  try {
    await deps.starter.start(planId, input);
  } catch (error) {
    // A retry of the same event starts this plan; a call without an identity never comes back
    // to it, so it is marked failed rather than left `received` for ever.
    if (!retriable) await markNotStarted(deps.store, planId, error).catch(() => undefined);
    throw error;
  }
}

async function markNotStarted(store: TraceStore, planId: string, error: unknown): Promise<void> {
  const name = error instanceof Error ? error.name : 'Error';
  const message = `the workflow did not start: ${error instanceof Error ? error.message : String(error)}`;
  await store.appendEvent(planId, { type: 'plan.failed', phase: 'received', data: { error: name, reason: message } });
  await store.updatePlan(planId, { status: 'failed', error: { name, message, phase: 'received' } });
  await store.appendEvent(planId, { type: 'plan.status', phase: 'failed', data: { from: 'received', to: 'failed' } });
}
