/**
 * After the workflow's last phases (Finalize, RecordFailure), a plan started by an S3 task file
 * gets its result written beside the file. A wrapper in the handlers, so the phases stay as they
 * are: it reads the finished record and writes its view, nothing more.
 */
import type { ResultWriter } from '../core/ports.js';
import { publishResult } from '../core/workflow/plan-view.js';
import type { Phase } from './phase-handler.js';

export function thenPublishResult<Event extends { planId: string }, Result>(results: ResultWriter, phase: Phase<Event, Result>): Phase<Event, Result> {
  return async (deps, event) => {
    const result = await phase(deps, event);
    await publishResult(deps.store, results, event.planId);
    return result;
  };
}
