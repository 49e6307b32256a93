/** The Repair task: the LLM shown the invalid attempt and its findings, asked for the next attempt. */
import { PlanNotFoundError } from '../errors.js';
import { repairPlan } from '../planner/planner.js';
import type { PhaseDeps } from './deps.js';
import { traceLlmCall } from './llm-accounting.js';
import { loadPlan, setStatus } from './plan-record.js';
import { plannerDeps, planningInput, tracingRefusal } from './planner-call.js';
import { recordAttempt } from './record-attempt.js';
import type { GenerationResult, ValidationSummary, WorkflowInput } from './types.js';

export async function repairPhase(deps: PhaseDeps, input: WorkflowInput & { validation: ValidationSummary }): Promise<GenerationResult> {
  const started = performance.now();
  let record = await loadPlan(deps.store, input.planId);
  record = await setStatus(deps.store, record, 'repairing');
  const previous = await deps.store.getAttempt(input.planId, input.validation.attempt);
  if (!previous) throw new PlanNotFoundError(`plan ${input.planId} has no attempt ${input.validation.attempt}`);
  const next = input.validation.attempt + 1;
  await deps.store.appendEvent(input.planId, {
    type: 'repair.requested',
    phase: 'repairing',
    data: { attempt: next, errorCount: previous.validation?.errors.length ?? 0 },
  });
  const attempt = await tracingRefusal(deps, record, 'repairing', () =>
    repairPlan(plannerDeps(deps, record), { ...planningInput(deps, record), previous, attempt: next }),
  );
  await traceLlmCall(deps, input.planId, 'repairing', attempt.llm);
  await recordAttempt(deps, record, attempt, started, [attempt.llm]);
  return { attempt: next };
}
