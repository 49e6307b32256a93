/** The RejectPlan task: validation never passed within the attempts allowed, so the plan fails with every finding traced. */
import { PlanningFailedError } from '../errors.js';
import type { PhaseDeps } from './deps.js';
import type { ValidationSummary, WorkflowInput } from './types.js';

export async function rejectPhase(deps: PhaseDeps, input: WorkflowInput & { validation: ValidationSummary }): Promise<never> {
  const attempts = await deps.store.listAttempts(input.planId);
  const last = attempts.at(-1);
  const errors = last?.validation?.errors ?? [];
  await deps.store.appendEvent(input.planId, {
    type: 'plan.rejected',
    phase: 'validating',
    data: { attempts: attempts.length, errors, history: attempts.map((a) => ({ attempt: a.attempt, kind: a.kind, errors: a.validation?.errors ?? [] })) },
  });
  const first = errors[0];
  throw new PlanningFailedError(
    `no valid plan after ${attempts.length} attempt(s); ${errors.length} error(s) remain${first ? `, first: ${first.path}: ${first.message}` : ''}`,
  );
}
