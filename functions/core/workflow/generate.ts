/** The Generate task: the first plan attempt, from the user's own plan, the plan cache, or the LLM. */
import { pickExamples } from '../planner/few-shot.js';
import { attemptFromCache, CACHE_PROVIDER } from '../planner/plan-cache.js';
import { generatePlan } from '../planner/planner.js';
import type { CachedPlan } from '../ports.js';
import type { PlanAttempt } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { traceLlmCall } from './llm-accounting.js';
import { cachedPlan } from './plan-cache-glue.js';
import { loadPlan, setStatus } from './plan-record.js';
import { plannerDeps, planningInput, tracingRefusal } from './planner-call.js';
import { recordAttempt } from './record-attempt.js';
import { recordSuppliedAttempt } from './record-supplied.js';
import { suppliedPlanOf } from './supplied-plan.js';
import type { GenerationResult, WorkflowInput } from './types.js';

export async function generatePhase(deps: PhaseDeps, input: WorkflowInput): Promise<GenerationResult> {
  const started = performance.now();
  let record = await loadPlan(deps.store, input.planId);
  record = await setStatus(deps.store, record, 'planning');
  let attempt: PlanAttempt;
  let hit: CachedPlan | undefined;
  if (suppliedPlanOf(record.request) !== undefined) {
    // The state machine sends a supplied plan straight to Validate; an execution that started
    // before it did still comes here, and gets the same attempt.
    return { attempt: (await recordSuppliedAttempt(deps, record, started)).attempt };
  }
  hit = await cachedPlan(deps, record);
  if (hit) {
    attempt = attemptFromCache(hit, deps.clock.now());
    await deps.store.appendEvent(input.planId, {
      type: 'plan.cache_hit',
      phase: 'planning',
      data: { key: hit.key, fromPlanId: hit.planId, provider: hit.provider, model: hit.model, source: CACHE_PROVIDER },
    });
  } else {
    const examples = deps.fewShotExamples
      ? pickExamples(record.request.task, await deps.store.listPlans({ status: 'succeeded', limit: 20 }), deps.fewShotExamples)
      : [];
    attempt = await tracingRefusal(deps, record, 'planning', () => generatePlan(plannerDeps(deps, record), { ...planningInput(deps, record), examples }));
    await traceLlmCall(deps, input.planId, 'planning', attempt.llm);
  }
  await recordAttempt(deps, record, attempt, started, hit ? [] : [attempt.llm], hit);
  return { attempt: attempt.attempt };
}
