/**
 * Requests as they arrive from outside: an HTTP body, an SQS message, an S3 task file.
 * Every finding comes back with its path, so a client sees all of them at once; the checks are
 * the schema's and intake's (`requestIssues`), checked once, so every door refuses the same things.
 */
import { forbiddenKeyMessage } from '../errors.js';
import type { PlanRequest } from '../types.js';
import { type IntakeLimits, type RequestIssue, requestIssues, requestRejection } from './intake.js';
import { RESULT_SUFFIX } from './plan-view.js';

export type TaskFileKind = 'json' | 'txt';

/** Every problem of a request a client sent: intake's, and an `origin` only Cairn may set. */
export function clientRequestIssues(value: unknown, limits: IntakeLimits): RequestIssue[] {
  const issues = requestIssues(value, limits);
  if (typeof value === 'object' && value !== null && (value as { origin?: unknown }).origin !== undefined) {
    issues.push({ path: 'origin', message: 'is set by Cairn, not by a request' });
  }
  return issues;
}

/** A client's request, checked once; otherwise a RequestValidationError listing every issue. */
export function readRequest(value: unknown, limits: IntakeLimits): PlanRequest {
  const issues = clientRequestIssues(value, limits);
  if (issues.length > 0) throw requestRejection(issues);
  return value as PlanRequest;
}

/**
 * Parses JSON text (a message body, a task file); bad JSON is a request issue at the root. A
 * `__proto__` key is refused as the HTTP door refuses it: no request field has that name, and code
 * that copied the value with a plain assignment would change the copy's prototype.
 */
export function parseJsonRequest(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    throw requestRejection([{ path: '(root)', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }], error);
  }
  // JSON.parse keeps `__proto__` as an own key, harmless here; it is looked for with an explicit
  // stack, since a reviver would recurse through a deeply nested body (intake refuses that one).
  if (hasOwnKey(value, '__proto__')) throw requestRejection([{ path: '(root)', message: forbiddenKeyMessage('__proto__') }]);
  return value;
}

/** Whether any object inside `value` has `key` as its own key, walked without recursion. */
function hasOwnKey(value: unknown, key: string): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next !== 'object' || next === null) continue;
    if (!Array.isArray(next) && Object.hasOwn(next, key)) return true;
    for (const child of Object.values(next)) if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return false;
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

/** A `.json` task file holds a request; a `.txt` one holds the task itself. */
export function requestFromTaskFile(kind: TaskFileKind, text: string, limits: IntakeLimits): PlanRequest {
  const value = kind === 'json' ? parseJsonRequest(text) : { task: text.trim() };
  return readRequest(value, limits);
}
