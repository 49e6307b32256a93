/**
 * Requests as they arrive from outside (A1–A3): an HTTP body, an SQS message, an S3 task file.
 * Every finding comes back with its path, so a client sees all of them at once; the checks are
 * the schema's and intake's (`checkRequest`), so every door refuses the same things.
 */
import { RequestValidationError } from '../errors.js';
import { validatePlanRequest } from '../plan/schemas.js';
import type { PlanRequest } from '../types.js';
import { checkRequest, type IntakeLimits } from './intake.js';
import { RESULT_SUFFIX } from './plan-view.js';

export interface RequestIssue {
  path: string;
  message: string;
}

export type TaskFileKind = 'json' | 'txt';

/** Every problem of a request a client sent, each with its path (`(root)` for the request itself). */
export function requestIssues(value: unknown, limits: IntakeLimits): RequestIssue[] {
  const issues: RequestIssue[] = validatePlanRequest(value).map(({ path, message }) => ({ path, message }));
  if (typeof value !== 'object' || value === null) return issues;
  const { task, origin } = value as { task?: unknown; origin?: unknown };
  // The schema counts characters; the limit is in bytes, as intake counts it.
  if (typeof task === 'string' && !issues.some((issue) => issue.path === 'task')) {
    const bytes = Buffer.byteLength(task, 'utf8');
    if (bytes > limits.maxTaskBytes) issues.push({ path: 'task', message: `is ${bytes} bytes, over the limit of ${limits.maxTaskBytes}` });
  }
  if (origin !== undefined) issues.push({ path: 'origin', message: 'is set by Cairn, not by a request' });
  return issues;
}

/** A client's request, checked; otherwise a RequestValidationError listing every issue. */
export function readRequest(value: unknown, limits: IntakeLimits): PlanRequest {
  const issues = requestIssues(value, limits);
  if (issues.length > 0) throw rejection(issues);
  return checkRequest(value, limits);
}

/** Parses JSON text (a message body, a task file); bad JSON is a request issue at the root. */
export function parseJsonRequest(text: string): unknown {
  try {
    return JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    throw rejection([{ path: '(root)', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }], error);
  }
}

/**
 * The kind of task file a key names under `prefix`, or undefined for any other key. Result files
 * end in `.json` too and land beside their task: they are never tasks, or each would start a plan.
 */
export function taskFileKind(key: string, prefix: string): TaskFileKind | undefined {
  if (!key.startsWith(prefix) || key.endsWith(RESULT_SUFFIX)) return undefined;
  if (key.endsWith('.json')) return 'json';
  if (key.endsWith('.txt')) return 'txt';
  return undefined;
}

/** A2: a `.json` task file holds a request; a `.txt` one holds the task itself. */
export function requestFromTaskFile(kind: TaskFileKind, text: string, limits: IntakeLimits): PlanRequest {
  const value = kind === 'json' ? parseJsonRequest(text) : { task: text.trim() };
  return readRequest(value, limits);
}

function rejection(issues: RequestIssue[], cause?: unknown): RequestValidationError {
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return new RequestValidationError(`invalid request: ${summary}`, issues, cause === undefined ? undefined : { cause });
}
