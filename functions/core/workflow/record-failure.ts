/** The RecordFailure task, where every Catch lands: the plan marked failed with the error, unless it already ended. */
import { boundedMessage } from '../errors.js';
import type { PlanPatch, TraceStore } from '../ports.js';
import { isTerminal } from '../trace/status.js';
import type { PlanRecord } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { withMetadata } from './llm-accounting.js';
import { planCost } from './plan-cost.js';
import { statusEvent } from './plan-record.js';
import type { FailureInput } from './types.js';

export async function recordFailurePhase(
  deps: PhaseDeps,
  input: FailureInput,
): Promise<{ planId: string; status: 'failed'; error: { Error: string; Cause: string } }> {
  // Bounded here too: whatever reached this state, the trace item and this state's output stay small.
  const name = boundedMessage(input.error?.Error ?? 'Error', 256);
  const record = await deps.store.getPlan(input.planId);
  // A wait for the user's answer that timed out says so, rather than the bare States.Timeout.
  const unanswered = name === 'States.Timeout' && record?.status === 'waiting_for_input' ? record.question : undefined;
  const cause = boundedMessage(
    unanswered
      ? `no answer came to the question of step ${unanswered.step_id} (asked ${unanswered.askedAt}) before the wait timed out`
      : causeMessage(input.error?.Cause),
  );
  if (record && !isTerminal(record.status)) await failPlan(deps.store, record, name, cause, costPatch(deps, record, name));
  return { planId: input.planId, status: 'failed', error: { Error: name, Cause: cause } };
}

/**
 * A failed plan's cost, from the record alone (its step outputs are not read: the estimate takes
 * each of the plan's steps as one 1 KB output). The failure's two events close the trace.
 */
function costPatch(deps: PhaseDeps, record: PlanRecord, name: string): PlanPatch {
  if (deps.cost === undefined) return {};
  // A plan that failed before its first phase recorded anything gets the metadata it would have had.
  const metadata = record.metadata ?? { ...withMetadata(deps, record, 'failed', 0, []), durationsMs: {} };
  const failed: PlanRecord = { ...record, metadata, error: { name, message: '', phase: record.status } };
  const cost = planCost(
    {
      record: failed,
      llmCalls: metadata.llmCalls,
      closingEvents: 2,
      ending: 'RecordFailure',
      elapsedMs: deps.clock.now().getTime() - Date.parse(record.createdAt),
    },
    deps.cost,
  );
  return { metadata: { ...metadata, cost } };
}

/** Lambda puts `{errorMessage, errorType, ...}` JSON in Cause; the local runner a plain message. */
function causeMessage(cause: string | undefined): string {
  if (!cause) return 'unknown error';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === 'string') return parsed.errorMessage;
  } catch {
    // A plain message.
  }
  return cause;
}

/**
 * Marks a plan that has not ended failed, with the error's name and message, in the phase it was
 * in (and `extra`, such as its cost): the reason, then the status event, both written in the one write that says it failed.
 */
export async function failPlan(store: TraceStore, record: PlanRecord, name: string, message: string, extra: PlanPatch = {}): Promise<PlanRecord> {
  const phase = record.status;
  const written = await store.updatePlanWithEvents(record.planId, { ...extra, status: 'failed', error: { name, message, phase } }, [
    { type: 'plan.failed', phase, data: { error: name, reason: message } },
    statusEvent(record.status, 'failed'),
  ]);
  return written.record;
}
