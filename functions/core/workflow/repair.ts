/** The Repair task: the LLM shown the invalid attempt and its findings, asked for the next attempt. */
import { PlanNotFoundError } from '../errors.js';
import { repairPlan } from '../planner/planner.js';
import type { PhaseDeps } from './deps.js';
import { llmCallEvent } from './llm-accounting.js';
import { loadPlan, readOptions, setStatus } from './plan-record.js';
import { plannerCall, planningInput } from './planner-call.js';
import { recordAttempt } from './record-attempt.js';
import type { GenerationResult, ValidationSummary, WorkflowInput } from './types.js';
import { allWritten, withWrites } from './write-behind.js';

export async function repairPhase(deps: PhaseDeps, input: WorkflowInput & { validation: ValidationSummary }): Promise<GenerationResult> {
  const started = performance.now();
  // The attempt to repair is read beside the record.
  const [loaded, previous] = await allWritten([
    loadPlan(deps.store, input.planId, input),
    deps.store.getAttempt(input.planId, input.validation.attempt, readOptions(input)),
  ]);
  if (!previous) throw new PlanNotFoundError(`plan ${input.planId} has no attempt ${input.validation.attempt}`);
  const next = input.validation.attempt + 1;
  const record = { ...loaded, status: 'repairing' as const };
  return withWrites(async (writes) => {
    // The status and the request, in one write while the model answers.
    writes.enqueue(() =>
      setStatus(deps.store, loaded, 'repairing', {}, [
        { type: 'repair.requested', phase: 'repairing', data: { attempt: next, errorCount: previous.validation?.errors.length ?? 0 } },
      ]),
    );
    const attempt = await plannerCall(
      deps,
      record,
      'repairing',
      (planner) => repairPlan(planner, { ...planningInput(deps, record), previous, attempt: next }),
      writes,
    );
    await writes.drain();
    // The call, the attempt and the plan's metadata in one update.
    const stored = await recordAttempt(deps, record, attempt, started, [attempt.llm], undefined, { before: [llmCallEvent('repairing', attempt.llm)] });
    return { attempt: next, version: stored.version };
  });
}
