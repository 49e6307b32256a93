/** The Validate task: the attempt checked (schema and meaning); a valid one becomes the plan, its off-task sub-queries dropped. */
import { PlanNotFoundError } from '../errors.js';
import { sanitizeSubqueries } from '../plan/sanitize.js';
import { validateAttempt } from '../planner/planner.js';
import type { DecompositionPlan } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { loadPlan, setStatus } from './plan-record.js';
import { recordSuppliedAttempt } from './record-supplied.js';
import { allowedStepTypes, allowedTools, requestOptions } from './request-options.js';
import { suppliedPlanOf } from './supplied-plan.js';
import type { GenerationResult, ValidationSummary, WorkflowInput } from './types.js';

export async function validatePhase(deps: PhaseDeps, input: WorkflowInput & { generation?: GenerationResult }): Promise<ValidationSummary> {
  const started = performance.now();
  let record = await loadPlan(deps.store, input.planId);
  record = await setStatus(deps.store, record, 'validating');
  const given = suppliedPlanOf(record.request) !== undefined;
  // A supplied plan comes here first (no Analyze, no Generate): its attempt is recorded now, once.
  const number = input.generation?.attempt ?? (given ? 1 : undefined);
  if (number === undefined) throw new PlanNotFoundError(`plan ${input.planId} reached Validate with no attempt to validate`);
  const attempt =
    (await deps.store.getAttempt(input.planId, number)) ??
    (given && number === 1 ? await recordSuppliedAttempt(deps, record, started, 'validating') : undefined);
  if (!attempt) throw new PlanNotFoundError(`plan ${input.planId} has no attempt ${number}`);
  const o = requestOptions(deps, record);
  const validation = validateAttempt(attempt, { maxSteps: o.maxSteps, allowedStepTypes: allowedStepTypes(record), allowedTools: allowedTools(deps, record) });
  await deps.store.putAttempt(input.planId, { ...attempt, validation });
  await deps.store.appendEvent(input.planId, {
    type: 'validation.completed',
    phase: 'validating',
    data: { attempt: attempt.attempt, valid: validation.valid, errors: validation.errors },
  });
  if (validation.valid) {
    // Sub-queries that drifted off the task are dropped (a plan the user supplied is kept as is).
    const sanitized = given ? undefined : sanitizeSubqueries(attempt.candidate as DecompositionPlan, record.request.task);
    const plan = sanitized?.plan ?? (attempt.candidate as DecompositionPlan);
    if (sanitized && sanitized.dropped.length > 0) {
      await deps.store.appendEvent(input.planId, {
        type: 'plan.sanitized',
        phase: 'validating',
        data: { dropped: sanitized.dropped, fallback: sanitized.fallback },
      });
    }
    await deps.store.updatePlan(input.planId, { plan, ...(attempt.reasoning ? { reasoning: attempt.reasoning } : {}) });
    await deps.store.appendEvent(input.planId, { type: 'plan.accepted', phase: 'validating', data: { attempt: attempt.attempt, steps: plan.plan.length } });
  }
  return { valid: validation.valid, attempt: attempt.attempt, errorCount: validation.errors.length };
}
