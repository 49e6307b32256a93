/**
 * One more round of retrieval when too few sub-queries kept a source of their own (seed 003's
 * coverage check): the sub-queries that found nothing, their pools doubled, and the ranking steps
 * that read them, run once. Everything else (answers written by llm_call, tools with effects,
 * the sub-queries that did find something) keeps its first output: a retry for coverage must not
 * pay for a model call or run a tool twice.
 */
import { type ExecutionContext, type ExecutionOutcome, executePlan } from '../executor/run-plan.js';
import { rankSources } from '../executor/sources.js';
import { documentsOf } from '../steps/documents.js';
import { RANKING_TYPES, SUBQUERY_TYPES } from '../steps/index.js';
import type { DecompositionPlan, StepOutput } from '../types.js';

/** Below this share of covered sub-queries, retrieval gets one more round. */
export const COVERAGE_MIN_RATIO = 0.5;

/** The same plan with the pool of each sub-query (of those in `only`, when given) doubled (capped at 100). */
export function widenSubqueries(plan: DecompositionPlan, topK: number, only?: ReadonlySet<number>): DecompositionPlan {
  return {
    ...plan,
    plan: plan.plan.map((s) =>
      SUBQUERY_TYPES.has(s.type) && (only === undefined || only.has(s.step_id))
        ? { ...s, parameters: { ...s.parameters, top_k: Math.min(100, 2 * (typeof s.parameters.top_k === 'number' ? s.parameters.top_k : topK)) } }
        : s,
    ),
  };
}

type Coverage = ReturnType<typeof rankSources>['coverage'];

export interface CoverageRetry {
  /** The outcome to keep: the retry's (with both rounds' LLM calls) when there was one, else the first. */
  outcome: ExecutionOutcome;
  /** What happened, when a retry ran: the coverage before and after, the widened plan, and the steps run again. */
  retried?: { before: Coverage; after: Coverage | undefined; widened: DecompositionPlan; rerun: number[] };
}

/**
 * The steps a retry runs again: each sub-query that ran and found no document, and, transitively,
 * the ranking steps that read one of them. Nothing else: not an llm_call, a tool_call, a
 * conditional, nor a step downstream of those.
 */
export function thinSubgraph(plan: DecompositionPlan, outputs: readonly StepOutput[]): { thin: Set<number>; rerun: Set<number> } {
  const byId = new Map(outputs.map((o) => [o.step_id, o]));
  const thin = new Set(
    plan.plan
      .filter((s) => SUBQUERY_TYPES.has(s.type) && byId.get(s.step_id)?.status === 'succeeded' && documentsOf(byId.get(s.step_id)).length === 0)
      .map((s) => s.step_id),
  );
  const rerun = new Set(thin);
  // Steps are listed after their dependencies in a valid plan, but a fixed point does not rely on it.
  for (let grew = true; grew; ) {
    grew = false;
    for (const step of plan.plan) {
      if (rerun.has(step.step_id) || !RANKING_TYPES.has(step.type)) continue;
      if (step.dependencies.some((d) => rerun.has(d))) {
        rerun.add(step.step_id);
        grew = true;
      }
    }
  }
  return { thin, rerun };
}

/** Runs the widened plan once when the first round succeeded with too little coverage. */
export async function retryThinCoverage(
  plan: DecompositionPlan,
  first: ExecutionOutcome,
  context: ExecutionContext,
  ranking: { attributionTopN: number; maxSources: number; topK: number },
): Promise<CoverageRetry> {
  if (first.status !== 'succeeded') return { outcome: first };
  const rankOptions = { attributionTopN: ranking.attributionTopN, maxSources: ranking.maxSources };
  const before = rankSources(plan, first.outputs, rankOptions).coverage;
  if (before.subquery_count === 0 || before.coverage_ratio >= COVERAGE_MIN_RATIO) return { outcome: first };
  const { thin, rerun } = thinSubgraph(plan, first.outputs);
  // Coverage is thin because sub-queries were skipped, not empty: running them again changes nothing.
  if (thin.size === 0) return { outcome: first };
  const widened = widenSubqueries(plan, ranking.topK, thin);
  const keep = new Map(first.outputs.filter((o) => !rerun.has(o.step_id)).map((o) => [o.step_id, o]));
  const retry = await executePlan(widened, { ...context, keep });
  const after = retry.status === 'succeeded' ? rankSources(widened, retry.outputs, rankOptions).coverage : undefined;
  return {
    outcome: { ...retry, llmCalls: [...first.llmCalls, ...retry.llmCalls] },
    retried: { before, after, widened, rerun: [...rerun].sort((a, b) => a - b) },
  };
}
