/**
 * A2's second half: after the workflow's last phases (Finalize, RecordFailure), a plan started by
 * an S3 task file gets its result written beside the file. A wrapper in the handlers, so the
 * phases stay as they are: it reads the finished record and writes its view, nothing more.
 */
import type { PhaseDeps } from '../core/workflow/deps.js';
import { publishResult } from '../core/workflow/plan-view.js';
import { runtime } from './runtime.js';

export function thenPublishResult<Event extends { planId: string }, Result>(
  phase: (deps: PhaseDeps, event: Event) => Promise<Result>,
): (deps: PhaseDeps, event: Event) => Promise<Result> {
  return async (deps, event) => {
    const result = await phase(deps, event);
    await publishResult(deps.store, runtime().results, event.planId);
    return result;
  };
}
