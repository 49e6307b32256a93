/**
 * Intake: a request becomes a plan record and the workflow's input. Every way a task arrives (the
 * CLI, HTTP, a bucket, a queue) goes through here, so a bad request is refused the same way
 * everywhere: one line naming the problem, before anything starts.
 */
import { randomBytes } from 'node:crypto';
import { RequestValidationError } from '../errors.js';
import { MAX_NESTING_DEPTH, nestingMessage, nestsDeeperThan } from '../plan/depth.js';
import { validatePlanRequest } from '../plan/schemas.js';
import { validatePlan } from '../plan/validate.js';
import type { TraceStore } from '../ports.js';
import type { PlanRecord, PlanRequest } from '../types.js';
import { SUPPLIED_SOURCE, suppliedPlanOf } from './supplied-plan.js';
import { CREATED_VERSION, type WorkflowInput } from './types.js';

/** Planning rounds of an iterative plan when the request names none. */
export const DEFAULT_MAX_ROUNDS = 5;

export interface IntakeLimits {
  maxTaskBytes: number;
  maxIterations: number;
}

export interface RequestIssue {
  path: string;
  message: string;
}

/** The task's own problems (empty; over the byte limit), which the schema words in characters or not at all. */
const TASK_PROBLEMS = new WeakSet<RequestIssue>();

function taskProblem(task: string, limits: IntakeLimits): RequestIssue | undefined {
  let issue: RequestIssue | undefined;
  if (task.trim() === '') issue = { path: 'task', message: 'is empty' };
  else {
    const bytes = Buffer.byteLength(task, 'utf8');
    if (bytes > limits.maxTaskBytes) issue = { path: 'task', message: `is ${bytes} bytes, over the limit of ${limits.maxTaskBytes}` };
  }
  if (issue) TASK_PROBLEMS.add(issue);
  return issue;
}

/**
 * Every problem of a request, each with its path: the schema's, with the task's own problem in
 * place of the schema's word on the task. Every door (CLI, HTTP, bucket, queue) asks this.
 */
export function requestIssues(request: unknown, limits: IntakeLimits): RequestIssue[] {
  // Checked first and alone: the schema checker recurses, and a request that passed here would
  // crash the Validate phase with its supplied plan.
  if (nestsDeeperThan(request, MAX_NESTING_DEPTH)) return [{ path: '(root)', message: nestingMessage(MAX_NESTING_DEPTH) }];
  const issues: RequestIssue[] = validatePlanRequest(request).map(({ path, message }) => ({ path, message }));
  // A plan supplied beside the task is checked for meaning too (cycles, dangling dependencies,
  // templates), so a client hears every problem at once; the request's own limits and allow-lists
  // are checked again in Validate, where the registered tools are known.
  const supplied = typeof request === 'object' && request !== null ? (request as { plan?: unknown }).plan : undefined;
  if (supplied !== undefined && issues.length === 0) {
    for (const issue of validatePlan(supplied).errors) issues.push({ path: issue.path === '(root)' ? 'plan' : `plan.${issue.path}`, message: issue.message });
  }
  const task = typeof request === 'object' && request !== null ? (request as { task?: unknown }).task : undefined;
  const own = typeof task === 'string' ? taskProblem(task, limits) : undefined;
  return own ? [...issues.filter((issue) => issue.path !== 'task'), own] : issues;
}

/**
 * A request checked by requestIssues, typed; otherwise a RequestValidationError whose one line
 * leads with the task's own problem when it has one ("the task is empty"), for a person at a CLI.
 */
export function checkRequest(request: unknown, limits: IntakeLimits): PlanRequest {
  const issues = requestIssues(request, limits);
  if (issues.length === 0) return request as PlanRequest;
  const own = issues.find((issue) => TASK_PROBLEMS.has(issue));
  throw own ? new RequestValidationError(`the task ${own.message}`, issues) : requestRejection(issues);
}

/** Every issue in one line, for a client that reads the list (HTTP, queue, task files). */
export function requestRejection(issues: RequestIssue[], cause?: unknown): RequestValidationError {
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return new RequestValidationError(`invalid request: ${summary}`, issues, cause === undefined ? undefined : { cause });
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
    version: CREATED_VERSION,
    request,
    createdAt: at,
    updatedAt: at,
    eventCount: 0,
  };
  await store.createPlan(record, [
    {
      type: 'plan.received',
      phase: 'received',
      data: {
        task: request.task,
        corpus: request.corpus ?? null,
        options: request.options ? { ...request.options, plan: request.options.plan ? '(supplied)' : undefined } : {},
        ...(suppliedPlanOf(request) !== undefined ? { source: SUPPLIED_SOURCE } : {}),
      },
    },
  ]);
  return workflowInputOf(request, options.planId, options.limits, options.planOnly);
}

/** The state machine's input for a stored request: the same request always gives the same input. */
export function workflowInputOf(request: PlanRequest, planId: string, limits: IntakeLimits, planOnly?: boolean): WorkflowInput {
  // A plan the user supplied is validated, never repaired: there is no model to ask.
  const requested = request.options?.maxIterations ?? limits.maxIterations;
  const supplied = suppliedPlanOf(request) !== undefined;
  const maxIterations = supplied ? 1 : Math.min(requested, 10);
  // A supplied plan is run as it is: no planner, so no rounds either.
  const iterative = request.options?.mode === 'iterative' && !supplied;
  // `supplied` sends the state machine past Analyze and Generate, straight to Validate.
  return {
    planId,
    maxIterations,
    ...(planOnly ? { planOnly: true } : {}),
    ...(supplied ? { supplied: true } : {}),
    ...(iterative ? { maxRounds: request.options?.maxRounds ?? DEFAULT_MAX_ROUNDS } : {}),
  };
}
