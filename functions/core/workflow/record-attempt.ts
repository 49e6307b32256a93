/** What Generate and Repair both do with a new attempt: store it, trace it, account for it, and cache it when valid. */
import { CACHE_PROVIDER } from '../planner/plan-cache.js';
import type { CachedPlan } from '../ports.js';
import type { LlmCallRecord, PlanAttempt, PlanMetadata, PlanRecord } from '../types.js';
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
  /** The phase the event is traced under, when not the attempt's own (a supplied plan's is recorded in Validate). */
  phase?: string,
): Promise<void> {
  await deps.store.putAttempt(record.planId, attempt);
  await deps.store.appendEvent(record.planId, {
    type: attempt.extractionError ? 'plan.extraction_failed' : 'plan.generated',
    phase: phase ?? (attempt.kind === 'repair' ? 'repairing' : 'planning'),
    data: {
      attempt: attempt.attempt,
      kind: attempt.kind,
      ...(attempt.extractionError ? { error: attempt.extractionError } : {}),
      ...(attempt.reasoning ? { reasoning: attempt.reasoning } : {}),
      source: attempt.llm.provider === 'user' || attempt.llm.provider === CACHE_PROVIDER ? attempt.llm.provider : deps.llm.source,
    },
  });
  let metadata: PlanMetadata = {
    ...withMetadata(deps, record, attempt.kind === 'repair' ? 'repair' : 'generate', performance.now() - started, calls),
    iterations: attempt.attempt,
  };
  metadata = hit ? cacheHitMetadata(metadata, hit) : await cacheIfValid(deps, record, attempt, metadata);
  await deps.store.updatePlan(record.planId, { attempts: attempt.attempt, metadata });
}
