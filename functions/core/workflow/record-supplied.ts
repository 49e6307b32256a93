/** A supplied plan recorded as the plan's one attempt, as Generate records a model's. */
import type { PlanAttempt, PlanRecord } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { recordAttempt } from './record-attempt.js';
import { SUPPLIED_SOURCE, suppliedPlanOf } from './supplied-plan.js';

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
  // The plan's metadata says where the plan came from: not the configured model.
  const origin = { provider: 'user', model: 'none', source: SUPPLIED_SOURCE };
  await recordAttempt(deps, record, attempt, started, [], undefined, phase === undefined ? { origin } : { phase, origin });
  return attempt;
}
