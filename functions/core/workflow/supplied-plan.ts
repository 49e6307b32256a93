/**
 * A plan the user supplied (`plan` beside the task, or the older `options.plan`; `cairn execute`,
 * `cairn replay`): validated like any other, never sent to an LLM, never repaired, never
 * sanitised. The state machine goes straight to Validate for it, which records it as the plan's
 * one attempt first.
 */
import type { PlanAttempt, PlanRecord, PlanRequest } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { recordAttempt } from './record-attempt.js';

/** The source a supplied plan is traced under. */
export const SUPPLIED_SOURCE = 'supplied';

export function suppliedPlanOf(request: PlanRequest): unknown {
  return request.plan ?? request.options?.plan;
}

/** The supplied plan as attempt 1, stored and traced as Generate stores a model's. */
export async function recordSuppliedAttempt(deps: PhaseDeps, record: PlanRecord, started: number, phase?: string): Promise<PlanAttempt> {
  const given = suppliedPlanOf(record.request);
  const attempt: PlanAttempt = {
    attempt: 1,
    kind: 'generate',
    rawText: JSON.stringify(given),
    candidate: given,
    llm: { purpose: 'plan', provider: 'user', model: 'none', inputTokens: 0, outputTokens: 0, durationMs: 0, promptHash: '', stopReason: SUPPLIED_SOURCE },
    createdAt: deps.clock.now().toISOString(),
  };
  await recordAttempt(deps, record, attempt, started, [], undefined, phase);
  // The plan's metadata says where the plan came from: not the configured model.
  const after = await deps.store.getPlan(record.planId);
  if (after?.metadata)
    await deps.store.updatePlan(record.planId, { metadata: { ...after.metadata, provider: 'user', model: 'none', source: SUPPLIED_SOURCE } });
  return attempt;
}
