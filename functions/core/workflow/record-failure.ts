/** The RecordFailure task, where every Catch lands: the plan marked failed with the error, unless it already ended. */
import { boundedMessage } from '../errors.js';
import { isTerminal } from '../trace/status.js';
import type { PhaseDeps } from './deps.js';
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
  const phase = record?.status ?? 'unknown';
  if (record && !isTerminal(record.status)) {
    // The reason, then the status event, both written before the plan says it failed.
    await deps.store.updatePlanWithEvents(input.planId, { status: 'failed', error: { name, message: cause, phase } }, [
      { type: 'plan.failed', phase, data: { error: name, reason: cause } },
      statusEvent(record.status, 'failed'),
    ]);
  }
  return { planId: input.planId, status: 'failed', error: { Error: name, Cause: cause } };
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
