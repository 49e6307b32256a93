/**
 * Where the phases meet the plan cache: the request's key, a look-up, the metadata of a hit, and a
 * model's valid attempt stored for the next identical request.
 */
import { CACHE_PROVIDER, cacheEntryFrom } from '../planner/plan-cache.js';
import { planCacheKey } from '../planner/plan-cache-key.js';
import { validateAttempt } from '../planner/planner.js';
import type { CachedPlan } from '../ports.js';
import type { PlanAttempt, PlanMetadata, PlanRecord } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { allowedStepTypes, allowedTools, offeredComposites, requestOptions } from './request-options.js';
import { suppliedPlanOf } from './supplied-plan.js';

/** The request's plan-cache key, or undefined when the request is not cached (a supplied plan, `cache: false`, no cache). */
export function cacheKeyOf(deps: PhaseDeps, record: PlanRecord): string | undefined {
  const requested = record.request.options;
  // A supplied plan is the user's, not the planner's: it is never served from the cache nor stored there.
  if (!deps.cache || requested?.cache === false || suppliedPlanOf(record.request) !== undefined) return undefined;
  const o = requestOptions(deps, record);
  return planCacheKey({
    task: record.request.task,
    context: record.request.context,
    constraints: record.request.constraints,
    tools: record.request.tools,
    offeredTools: offeredComposites(deps, record).map((t) => t.tool_id),
    allowedStepTypes: allowedStepTypes(record),
    catalog: deps.catalog,
    analyze: o.analyze,
    maxSteps: o.maxSteps,
    topK: o.topK,
    promptTemplates: requested?.promptTemplates,
    provider: deps.llm.name,
    model: deps.llm.model,
  });
}

export async function cachedPlan(deps: PhaseDeps, record: PlanRecord): Promise<CachedPlan | undefined> {
  const key = cacheKeyOf(deps, record);
  return key === undefined ? undefined : deps.cache?.get(key);
}

/** The metadata of a plan served from the cache: its source says so. */
export function cacheHitMetadata(metadata: PlanMetadata, hit: CachedPlan): PlanMetadata {
  return { ...metadata, source: CACHE_PROVIDER, cache: { key: hit.key, hit: true, fromPlanId: hit.planId } };
}

/** A model's attempt that validates goes to the plan cache (validation is pure: the Validate task will agree). */
export async function cacheIfValid(deps: PhaseDeps, record: PlanRecord, attempt: PlanAttempt, metadata: PlanMetadata): Promise<PlanMetadata> {
  const key = cacheKeyOf(deps, record);
  if (key === undefined) return metadata;
  const o = requestOptions(deps, record);
  const validation = validateAttempt(attempt, { maxSteps: o.maxSteps, allowedStepTypes: allowedStepTypes(record), allowedTools: allowedTools(deps, record) });
  if (!validation.valid) return metadata;
  await deps.cache?.put(cacheEntryFrom({ key, planId: record.planId, attempt, analysis: record.analysis, now: deps.clock.now() }));
  return { ...metadata, cache: { key, hit: false } };
}
