/**
 * A plan the user supplied (`plan` beside the task, or the older `options.plan`; `cairn execute`,
 * `cairn replay`): validated like any other, never sent to an LLM, never repaired, never
 * sanitised, never cached. The state machine goes straight to Validate for it, which records it as
 * the plan's one attempt first (record-supplied.ts). This module imports nothing but types, so
 * intake reads it without the phases.
 */
import type { PlanRequest } from '../types.js';

/** The source a supplied plan is traced under. */
export const SUPPLIED_SOURCE = 'supplied';

/** The plan the request carries itself, if any. */
export function suppliedPlanOf(request: PlanRequest): unknown {
  return request.plan ?? request.options?.plan;
}
