/**
 * One more round of retrieval when too few sub-queries kept a source of their own (seed 003's
 * coverage check): the same plan with every sub-query's pool doubled, run once.
 */
import { type ExecutionContext, type ExecutionOutcome, executePlan } from '../executor/run-plan.js';
import { rankSources } from '../executor/sources.js';
import { SUBQUERY_TYPES } from '../steps/index.js';
import type { DecompositionPlan } from '../types.js';

/** Below this share of covered sub-queries, retrieval gets one more round. */
export const COVERAGE_MIN_RATIO = 0.5;

/** The same plan with every sub-query's pool doubled (capped at 100). */
export function widenSubqueries(plan: DecompositionPlan, topK: number): DecompositionPlan {
  return {
    ...plan,
    plan: plan.plan.map((s) =>
      SUBQUERY_TYPES.has(s.type)
        ? { ...s, parameters: { ...s.parameters, top_k: Math.min(100, 2 * (typeof s.parameters.top_k === 'number' ? s.parameters.top_k : topK)) } }
        : s,
    ),
  };
}

type Coverage = ReturnType<typeof rankSources>['coverage'];

export interface CoverageRetry {
  /** The outcome to keep: the retry's (with both rounds' LLM calls) when there was one, else the first. */
  outcome: ExecutionOutcome;
  /** What happened, when a retry ran: the coverage before and after, and the widened plan. */
  retried?: { before: Coverage; after: Coverage | undefined; widened: DecompositionPlan };
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
  const widened = widenSubqueries(plan, ranking.topK);
  const retry = await executePlan(widened, context);
  const after = retry.status === 'succeeded' ? rankSources(widened, retry.outputs, rankOptions).coverage : undefined;
  return { outcome: { ...retry, llmCalls: [...first.llmCalls, ...retry.llmCalls] }, retried: { before, after, widened } };
}
