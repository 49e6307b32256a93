/**
 * Intake: a request becomes a plan record and the workflow's input. Every way a task arrives (the
 * CLI, HTTP, a bucket, a queue) goes through here, so a bad request is refused the same way
 * everywhere: one line naming the problem, before anything starts.
 */
import { randomBytes } from 'node:crypto';
import type { TraceStore } from '../ports.js';
import type { PlanRecord, PlanRequest } from '../types.js';
import { InvalidInputError } from '../errors.js';
import { validatePlanRequest } from '../plan/schemas.js';
import type { WorkflowInput } from './phases.js';

export interface IntakeLimits {
  maxTaskBytes: number;
  maxIterations: number;
}

/** Checks a request against its schema and the size limit; returns it typed, or throws one line. */
export function checkRequest(request: unknown, limits: IntakeLimits): PlanRequest {
  if (typeof request === 'object' && request !== null && typeof (request as { task?: unknown }).task === 'string') {
    const task = (request as { task: string }).task;
    if (task.trim() === '') throw new InvalidInputError('the task is empty');
    const bytes = Buffer.byteLength(task, 'utf8');
    if (bytes > limits.maxTaskBytes) throw new InvalidInputError(`the task is ${bytes} bytes, over the limit of ${limits.maxTaskBytes}`);
  }
  const issues = validatePlanRequest(request);
  if (issues.length > 0) {
    throw new InvalidInputError(`invalid request: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`);
  }
  return request as PlanRequest;
}

/** Time-ordered, URL-safe and unguessable: `p-<ms base36>-<80 random bits>`. */
export function newPlanId(now: Date = new Date()): string {
  return `p-${now.getTime().toString(36)}-${randomBytes(10).toString('hex')}`;
}

/** Stores the plan record and its first event; returns the state machine's input. */
export async function acceptRequest(
  store: TraceStore,
  request: PlanRequest,
  options: { planId: string; now: Date; limits: IntakeLimits; planOnly?: boolean },
): Promise<WorkflowInput> {
  const at = options.now.toISOString();
  const record: PlanRecord = {
    planId: options.planId,
    status: 'received',
    version: 1,
    request,
    createdAt: at,
    updatedAt: at,
    eventCount: 0,
  };
  await store.createPlan(record);
  await store.appendEvent(options.planId, {
    type: 'plan.received',
    phase: 'received',
    data: { task: request.task, corpus: request.corpus ?? null, options: request.options ? { ...request.options, plan: request.options.plan ? '(supplied)' : undefined } : {} },
  });
  return workflowInputOf(request, options.planId, options.limits, options.planOnly);
}

/** The state machine's input for a stored request: the same request always gives the same input. */
export function workflowInputOf(request: PlanRequest, planId: string, limits: IntakeLimits, planOnly?: boolean): WorkflowInput {
  // A plan the user supplied is validated, never repaired: there is no model to ask.
  const requested = request.options?.maxIterations ?? limits.maxIterations;
  const maxIterations = request.options?.plan ? 1 : Math.min(requested, 10);
  return { planId, maxIterations, ...(planOnly ? { planOnly: true } : {}) };
}
