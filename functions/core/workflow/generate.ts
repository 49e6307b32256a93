/** The Generate task: the first plan attempt, from the user's own plan, the plan cache, or the LLM. */
import { pickExamples } from '../planner/few-shot.js';
import { attemptFromCache, CACHE_PROVIDER } from '../planner/plan-cache.js';
import { generatePlan } from '../planner/planner.js';
import type { CachedPlan } from '../ports.js';
import type { PlanAttempt, TaskAnalysis, TraceEventInput } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { llmCallEvent } from './llm-accounting.js';
import { cachedPlan } from './plan-cache-glue.js';
import { loadPlan, setStatus } from './plan-record.js';
import { plannerCall, planningInput } from './planner-call.js';
import { recordAttempt } from './record-attempt.js';
import { recordSuppliedAttempt } from './record-supplied.js';
import { suppliedPlanOf } from './supplied-plan.js';
import type { GenerationResult, WorkflowInput } from './types.js';
import { allWritten, withWrites } from './write-behind.js';

export async function generatePhase(deps: PhaseDeps, input: WorkflowInput): Promise<GenerationResult> {
  const started = performance.now();
  // The plans that may serve as examples are listed beside the record: the listing needs nothing from it.
  // When there is no listing young enough, this one is read now, and is the next plan's as well.
  const listedBefore = deps.recentPlans?.fresh === true;
  const [record, succeeded] = await allWritten([
    loadPlan(deps.store, input.planId, input),
    !deps.fewShotExamples ? Promise.resolve([]) : deps.recentPlans ? deps.recentPlans.succeeded() : deps.store.listPlans({ status: 'succeeded', limit: 20 }),
  ]);
  return withWrites(async (writes) => {
    // The status is written while the phase works: the examples are read and the model asked meanwhile.
    writes.enqueue(() => setStatus(deps.store, record, 'planning'));
    if (suppliedPlanOf(record.request) !== undefined) {
      // The state machine sends a supplied plan straight to Validate; an execution that started
      // before it did still comes here, and gets the same attempt.
      await writes.drain();
      return { attempt: (await recordSuppliedAttempt(deps, { ...record, status: 'planning' }, started)).attempt };
    }
    const hit: CachedPlan | undefined = await cachedPlan(deps, record);
    let attempt: PlanAttempt;
    let analysis: TaskAnalysis | undefined;
    const before: TraceEventInput[] = [];
    if (hit) {
      attempt = attemptFromCache(hit, deps.clock.now());
      before.push({
        type: 'plan.cache_hit',
        phase: 'planning',
        data: { key: hit.key, fromPlanId: hit.planId, provider: hit.provider, model: hit.model, source: CACHE_PROVIDER },
      });
    } else {
      const examples = deps.fewShotExamples ? pickExamples(record.request.task, succeeded, deps.fewShotExamples) : [];
      const planning = plannerCall(deps, record, 'planning', (planner) => generatePlan(planner, { ...planningInput(deps, record), examples }), writes);
      // The examples of the next plan are listed while the model answers this one.
      if (listedBefore) deps.recentPlans?.refresh();
      const { analyzed, ...generated } = await planning;
      attempt = generated;
      before.push(llmCallEvent('planning', attempt.llm));
      if (analyzed) {
        // The analysis asked in this same call (the Analyze phase passed through).
        analysis = analyzed.analysis;
        before.push({
          type: 'analysis.completed',
          phase: 'planning',
          data: { analysis: analyzed.analysis ?? null, issues: analyzed.issues, source: deps.llm.source, withPlan: true },
        });
      }
    }
    await writes.drain();
    const stored = await recordAttempt(deps, record, attempt, started, hit ? [] : [attempt.llm], hit, { before, ...(analysis ? { analysis } : {}) });
    return { attempt: attempt.attempt, version: stored.version };
  });
}
