/**
 * The AwaitInput task: the execution waits on a task token until the user answers. This stores
 * the token with the plan (never shown to a reader) so that the answer can resume the execution.
 * When the answer came first, there is nothing to wait for: InputAlreadyGivenError, which the
 * state's Catch turns into a transition to Execute.
 */
import { InputAlreadyGivenError, NotWaitingForInputError } from '../errors.js';
import { isTerminal } from '../trace/status.js';
import type { PhaseDeps } from './deps.js';
import { loadPlan } from './plan-record.js';
import type { AwaitInputEvent } from './types.js';

export async function awaitInputPhase(deps: PhaseDeps, event: AwaitInputEvent): Promise<{ planId: string; stepId: number }> {
  const record = await loadPlan(deps.store, event.planId);
  if (isTerminal(record.status)) throw new NotWaitingForInputError(`plan ${event.planId} is ${record.status}: it waits for no answer`);
  // Under the store's version check, so this and an answer stored at the same moment see each other:
  // either the answer finds this token and resumes the execution, or this finds the answer.
  const stored = await deps.store.updatePlan(event.planId, { inputToken: { step_id: event.stepId, token: event.taskToken } });
  if (stored.answers?.[String(event.stepId)] !== undefined) {
    // Nothing will wait on this token: marked used, so a retried answer does not try to resume with it.
    await deps.store.updatePlan(event.planId, { inputToken: { step_id: event.stepId, token: event.taskToken, resumed: true } });
    throw new InputAlreadyGivenError(`step ${event.stepId} of plan ${event.planId} is answered already`);
  }
  return { planId: event.planId, stepId: event.stepId };
}
