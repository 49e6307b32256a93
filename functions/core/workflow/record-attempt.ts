/** What Generate and Repair both do with a new attempt: store it, trace it, account for it, and cache it when valid. */
import { CACHE_PROVIDER } from '../planner/plan-cache.js';
import type { CachedPlan } from '../ports.js';
import type { LlmCallRecord, PlanAttempt, PlanMetadata, PlanRecord, TaskAnalysis, TraceEventInput } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { withMetadata } from './llm-accounting.js';
import { cacheHitMetadata, cacheIfValid } from './plan-cache-glue.js';

export async function recordAttempt(
  deps: PhaseDeps,
  record: PlanRecord,
  attempt: PlanAttempt,
  started: number,
  calls: LlmCallRecord[],
  hit?: CachedPlan,
  options: {
    /** The phase the event is traced under, when not the attempt's own (a supplied plan's is recorded in Validate). */
    phase?: string;
    /** Events of the phase that come before the attempt's own (its LLM call), written with it. */
    before?: readonly TraceEventInput[];
    /** Where the plan came from, when not the configured model (a supplied plan's is the user's). */
    origin?: Pick<PlanMetadata, 'provider' | 'model' | 'source'>;
    /** The task's analysis, when it came in the same call as the plan: stored with it, and cached with it. */
    analysis?: TaskAnalysis;
  } = {},
): Promise<PlanRecord> {
  const failedOver = (attempt.llm.failedOver?.length ?? 0) > 0;
  const event: TraceEventInput = {
    type: attempt.extractionError ? 'plan.extraction_failed' : 'plan.generated',
    phase: options.phase ?? (attempt.kind === 'repair' ? 'repairing' : 'planning'),
    data: {
      attempt: attempt.attempt,
      kind: attempt.kind,
      ...(attempt.extractionError ? { error: attempt.extractionError } : {}),
      ...(attempt.reasoning ? { reasoning: attempt.reasoning } : {}),
      source: attempt.llm.provider === 'user' || attempt.llm.provider === CACHE_PROVIDER || failedOver ? attempt.llm.provider : deps.llm.source,
    },
  };
  const metadata: PlanMetadata = {
    ...withMetadata(deps, record, attempt.kind === 'repair' ? 'repair' : 'generate', performance.now() - started, calls),
    iterations: attempt.attempt,
    // A fallback answered: the plan is that provider's, not the one configured first.
    ...(failedOver ? { source: attempt.llm.provider } : {}),
    ...options.origin,
  };
  const analysed = options.analysis ? { ...record, analysis: options.analysis } : record;
  const cached = hit ? cacheHitMetadata(metadata, hit) : await cacheIfValid(deps, analysed, attempt, metadata);
  // The attempt is stored with the events that trace it, in the same requests.
  const stored = await deps.store.updatePlanWithEvents(
    record.planId,
    { attempts: attempt.attempt, metadata: cached, ...(options.analysis ? { analysis: options.analysis } : {}) },
    [...(options.before ?? []), event],
    { attempts: [attempt] },
  );
  return stored.record;
}
