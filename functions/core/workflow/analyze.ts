/**
 * The Analyze task: the task's kind and parts, asked of the LLM once, or taken from a cached plan.
 * A task simple enough (planner-call.ts, analysisMode) passes through: its analysis is asked in the
 * plan's own call, one call fewer before the first step runs.
 */
import { CACHE_PROVIDER } from '../planner/plan-cache.js';
import { analyzeTask } from '../planner/planner.js';
import type { PlanRecord } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { llmCallEvent, withMetadata } from './llm-accounting.js';
import { cachedPlan, cacheHitMetadata } from './plan-cache-glue.js';
import { loadPlan, setStatus } from './plan-record.js';
import { analysisMode, plannerCall } from './planner-call.js';
import { requestOptions } from './request-options.js';
import { suppliedPlanOf } from './supplied-plan.js';
import type { WorkflowInput } from './types.js';
import { withWrites } from './write-behind.js';

export async function analyzePhase(deps: PhaseDeps, input: WorkflowInput): Promise<{ analyzed: boolean; kind?: string; version?: number }> {
  const started = performance.now();
  const record = await loadPlan(deps.store, input.planId, input);
  return withWrites(async (writes) => {
    if (!requestOptions(deps, record).analyze || suppliedPlanOf(record.request) !== undefined) {
      writes.enqueue(() => setStatus(deps.store, record, 'analyzing', {}, [{ type: 'analysis.completed', phase: 'analyzing', data: { skipped: true } }]));
      return { analyzed: false };
    }
    // The status is written while the phase works: the model is asked meanwhile.
    let analyzing: PlanRecord | undefined;
    writes.enqueue(async () => {
      analyzing = await setStatus(deps.store, record, 'analyzing');
    });
    const hit = await cachedPlan(deps, record);
    if (hit) {
      // A repeated request skips the LLM here too; the analysis stored with the plan stands in.
      await writes.drain();
      const { record: stored } = await deps.store.updatePlanWithEvents(
        input.planId,
        {
          ...(hit.analysis ? { analysis: hit.analysis } : {}),
          metadata: cacheHitMetadata(withMetadata(deps, record, 'analyze', performance.now() - started, []), hit),
        },
        [
          {
            type: 'analysis.completed',
            phase: 'analyzing',
            data: { analysis: hit.analysis ?? null, issues: [], source: CACHE_PROVIDER, fromPlanId: hit.planId },
          },
        ],
      );
      const version = stored.version;
      return hit.analysis?.task_kind ? { analyzed: true, kind: hit.analysis.task_kind, version } : { analyzed: hit.analysis !== undefined, version };
    }
    if (analysisMode(deps, record) === 'with-plan') {
      // A task simple enough has its analysis asked in the plan's own call (Generate): no call here.
      // Generate starts from the version the status write left.
      await writes.drain();
      return analyzing ? { analyzed: false, version: analyzing.version } : { analyzed: false };
    }
    const outcome = await plannerCall(deps, record, 'analyzing', (planner) => analyzeTask(planner, record.request.task), writes);
    await writes.drain();
    // The call, the analysis and the plan's metadata in one update.
    const { record: stored } = await deps.store.updatePlanWithEvents(
      input.planId,
      {
        ...(outcome.analysis ? { analysis: outcome.analysis } : {}),
        metadata: withMetadata(deps, record, 'analyze', performance.now() - started, [outcome.call]),
      },
      [
        llmCallEvent('analyzing', outcome.call),
        { type: 'analysis.completed', phase: 'analyzing', data: { analysis: outcome.analysis ?? null, issues: outcome.issues, source: deps.llm.source } },
      ],
    );
    const version = stored.version;
    return outcome.analysis?.task_kind
      ? { analyzed: outcome.analysis !== undefined, kind: outcome.analysis.task_kind, version }
      : { analyzed: outcome.analysis !== undefined, version };
  });
}
