/**
 * From a cache entry to a planner attempt, and back. A hit becomes attempt 1 of the plan, with
 * an LLM record from provider `cache` (no tokens, no cost), so validation, the trace and the
 * metadata treat it like any other first attempt and say where it came from.
 */
import type { CachedPlan } from '../ports.js';
import type { DecompositionPlan, PlanAttempt, TaskAnalysis } from '../types.js';

export const CACHE_PROVIDER = 'cache';

export function attemptFromCache(entry: CachedPlan, now: Date): PlanAttempt {
  return {
    attempt: 1,
    kind: 'generate',
    rawText: JSON.stringify(entry.plan),
    candidate: entry.plan,
    ...(entry.reasoning ? { reasoning: entry.reasoning } : {}),
    llm: {
      purpose: 'plan',
      provider: CACHE_PROVIDER,
      model: entry.model,
      inputTokens: 0,
      outputTokens: 0,
      durationMs: 0,
      promptHash: entry.key.slice(0, 16),
      stopReason: 'cache_hit',
    },
    createdAt: now.toISOString(),
  };
}

export function cacheEntryFrom(input: { key: string; planId: string; attempt: PlanAttempt; analysis?: TaskAnalysis | undefined; now: Date }): CachedPlan {
  return {
    key: input.key,
    plan: input.attempt.candidate as DecompositionPlan,
    ...(input.attempt.reasoning ? { reasoning: input.attempt.reasoning } : {}),
    ...(input.analysis ? { analysis: input.analysis } : {}),
    provider: input.attempt.llm.provider,
    model: input.attempt.llm.model,
    planId: input.planId,
    createdAt: input.now.toISOString(),
  };
}
