/** The Validate task: the attempt checked (schema and meaning); a valid one becomes the plan, its off-task sub-queries dropped. */
import { PlanNotFoundError } from '../errors.js';
import { sanitizeSubqueries } from '../plan/sanitize.js';
import { validateAttempt } from '../planner/planner.js';
import type { PlanPatch } from '../ports.js';
import type { DecompositionPlan, TraceEventInput } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { loadPlan, readOptions, setStatus, statusEvent } from './plan-record.js';
import { recordSuppliedAttempt } from './record-supplied.js';
import { allowedStepTypes, allowedTools, requestOptions } from './request-options.js';
import { suppliedPlanOf } from './supplied-plan.js';
import type { GenerationResult, ValidationSummary, WorkflowInput } from './types.js';
import { allWritten } from './write-behind.js';

export async function validatePhase(deps: PhaseDeps, input: WorkflowInput & { generation?: GenerationResult }): Promise<ValidationSummary> {
  const started = performance.now();
  // The attempt Generate or Repair made is read beside the record (both from the store's memory
  // when it wrote them at the version reported); a supplied plan's is made below.
  const [loaded, generated] = await allWritten([
    loadPlan(deps.store, input.planId, input),
    input.generation?.attempt === undefined ? Promise.resolve(undefined) : deps.store.getAttempt(input.planId, input.generation.attempt, readOptions(input)),
  ]);
  let record = loaded;
  const given = suppliedPlanOf(record.request) !== undefined;
  // A supplied plan comes here first (no Analyze, no Generate): its attempt is recorded now, once.
  const number = input.generation?.attempt ?? (given ? 1 : undefined);
  if (number === undefined) throw new PlanNotFoundError(`plan ${input.planId} reached Validate with no attempt to validate`);
  let attempt = generated ?? (input.generation?.attempt === undefined ? await deps.store.getAttempt(input.planId, number) : undefined);
  if (!attempt && given && number === 1) {
    record = await setStatus(deps.store, record, 'validating');
    attempt = await recordSuppliedAttempt(deps, record, started, 'validating');
  }
  if (!attempt) throw new PlanNotFoundError(`plan ${input.planId} has no attempt ${number}`);
  const o = requestOptions(deps, record);
  const validation = validateAttempt(attempt, { maxSteps: o.maxSteps, allowedStepTypes: allowedStepTypes(record), allowedTools: allowedTools(deps, record) });
  // Checking takes a few milliseconds of CPU: the status moves with the outcome, in the same write.
  const moving = record.status !== 'validating';
  const events: TraceEventInput[] = moving ? [statusEvent(record.status, 'validating')] : [];
  events.push({ type: 'validation.completed', phase: 'validating', data: { attempt: attempt.attempt, valid: validation.valid, errors: validation.errors } });
  const patch: PlanPatch = moving ? { status: 'validating' } : {};
  if (validation.valid) {
    // Sub-queries that drifted off the task are dropped (a plan the user supplied is kept as is).
    const sanitized = given ? undefined : sanitizeSubqueries(attempt.candidate as DecompositionPlan, record.request.task);
    const plan = sanitized?.plan ?? (attempt.candidate as DecompositionPlan);
    if (sanitized && sanitized.dropped.length > 0) {
      events.push({ type: 'plan.sanitized', phase: 'validating', data: { dropped: sanitized.dropped, fallback: sanitized.fallback } });
    }
    Object.assign(patch, { plan, ...(attempt.reasoning ? { reasoning: attempt.reasoning } : {}) });
    events.push({ type: 'plan.accepted', phase: 'validating', data: { attempt: attempt.attempt, steps: plan.plan.length } });
  }
  // The checked attempt is stored with the events that accept it (or refuse it), in the same requests.
  const records = { attempts: [{ ...attempt, validation }] };
  let version: number | undefined;
  if (Object.keys(patch).length > 0) version = (await deps.store.updatePlanWithEvents(input.planId, patch, events, records)).record.version;
  else {
    await deps.store.appendEvents(input.planId, events, records);
    // Events move no version: the record is as it was loaded, unless a supplied plan's attempt was recorded since.
    if (record === loaded) version = record.version;
  }
  return { valid: validation.valid, attempt: attempt.attempt, errorCount: validation.errors.length, ...(version !== undefined ? { version } : {}) };
}
