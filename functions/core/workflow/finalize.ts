/**
 * The Finalize task: the plan's answer (its answer step's, or one composed from the kept sources
 * when the plan has none), its ranked sources, coverage and confidence, and the plan marked succeeded.
 */

import { citedIds, composeAnswer } from '../answer/compose-answer.js';
import { checkEvidence, evidenceOf, noAnswer } from '../answer/evidence.js';
import { DUPLICATE_CALL_BLOCKED } from '../executor/duplicate-guard.js';
import { answerStep, rankSources } from '../executor/sources.js';
import { budgetOf, usageOf, withBudget } from '../planner/budget.js';
import { confidenceScore } from '../planner/planner.js';
import type { PlanPatch } from '../ports.js';
import type { LlmCallRecord, PlanRecord, PlanStatus, StepOutput, TraceEventInput } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { llmCallEvent, withMetadata } from './llm-accounting.js';
import { loadPlan, readOptions, setStatus, statusEvent } from './plan-record.js';
import { requestOptions } from './request-options.js';
import type { WorkflowInput } from './types.js';
import { allWritten, type WriteBehind, withWrites } from './write-behind.js';

/** How many of the ranked sources an answer composed at the end reads. */
const COMPOSED_ANSWER_SOURCES = 5;

export async function finalizePhase(deps: PhaseDeps, input: WorkflowInput): Promise<{ planId: string; status: PlanStatus }> {
  const started = performance.now();
  // The step outputs are read beside the record (a plan-only request has none to read); both come
  // from the store's memory when it wrote the version Execute reported.
  const [loaded, outputs] = await allWritten([
    loadPlan(deps.store, input.planId, input),
    input.planOnly ? Promise.resolve([]) : deps.store.listStepOutputs(input.planId, readOptions(input)),
  ]);
  return withWrites((writes) => finalizeRecord(deps, input, new FinalizingStatus(deps, loaded, writes), outputs, started));
}

/**
 * The `finalizing` status. Finalize is mostly a few milliseconds of ranking: then the move to it
 * is traced with the plan's last events and the record goes to `succeeded` in one update, never
 * saying `finalizing` while nobody could see it. When the answer needs the model, the status is
 * written beside that call, as the other phases do, so a plan waiting on it says so.
 */
class FinalizingStatus {
  readonly record: PlanRecord;
  private pending: TraceEventInput[];

  constructor(
    private readonly deps: PhaseDeps,
    private readonly loaded: PlanRecord,
    readonly writes: WriteBehind,
  ) {
    this.record = { ...loaded, status: 'finalizing' };
    this.pending = loaded.status === 'finalizing' ? [] : [statusEvent(loaded.status, 'finalizing')];
  }

  /** Writes the status now, beside slow work. */
  writeNow(): void {
    if (this.pending.length === 0) return;
    this.pending = [];
    this.writes.enqueue(() => setStatus(this.deps.store, this.loaded, 'finalizing'));
  }

  /** The plan succeeded: its status event (unless written), `events`, then the move to succeeded, the status written last. */
  async succeed(patch: PlanPatch, events: readonly TraceEventInput[]): Promise<void> {
    await this.writes.drain();
    await this.deps.store.updatePlanWithEvents(this.loaded.planId, { ...patch, status: 'succeeded' }, [
      ...this.pending,
      ...events,
      statusEvent('finalizing', 'succeeded'),
    ]);
  }
}

async function finalizeRecord(
  deps: PhaseDeps,
  input: WorkflowInput,
  status: FinalizingStatus,
  outputs: StepOutput[],
  started: number,
): Promise<{ planId: string; status: PlanStatus }> {
  const { record } = status;
  if (input.planOnly || !record.plan) {
    await status.succeed({ metadata: withMetadata(deps, record, 'finalize', performance.now() - started, []) }, [
      { type: 'plan.finalized', phase: 'finalizing', data: { planOnly: true } },
    ]);
    return { planId: input.planId, status: 'succeeded' };
  }
  const o = requestOptions(deps, record);
  const ranked = rankSources(record.plan, outputs, { attributionTopN: o.attributionTopN, maxSources: deps.defaults.maxSources });
  const calls: LlmCallRecord[] = [];
  let answer: string;
  let citations: string[];
  const fromPlan = answerStep(record.plan, outputs);
  const documents = ranked.sources.slice(0, COMPOSED_ANSWER_SOURCES).map((s) => ({ id: s.id, ...(s.title ? { title: s.title } : {}), text: s.snippet }));
  // The relevance floor holds for every provider: evidence that does not speak of the task answers nothing.
  const evidence = checkEvidence(record.request.task, evidenceOf(fromPlan, outputs, documents));
  if (!evidence.covered) {
    answer = noAnswer(evidence);
    citations = [];
  } else if (record.rounds?.answer) {
    // The planner ended an iterative loop by answering: its answer, citing the sources it names.
    answer = record.rounds.answer;
    citations = citedIds(answer, new Set(ranked.sources.map((source) => source.id)));
  } else if (fromPlan) {
    answer = String(fromPlan.result.text);
    citations = (fromPlan.result.citations as string[] | undefined) ?? [];
  } else {
    // The plan has no answer step, so one is composed from the kept sources, the same way an llm_call step answers.
    // Within the request's budget, counting every call planning and the steps made.
    const llm = withBudget(deps.llm, budgetOf(record.request.options), usageOf(record.metadata?.llmCalls ?? []));
    status.writeNow();
    const composed = await composeAnswer(llm, {
      question: record.request.task,
      instruction: 'Answer the task from the sources, citing them.',
      documents,
      maxTokens: deps.budgets.answer,
    });
    calls.push(composed.call);
    answer = composed.text;
    citations = composed.citations;
  }
  const stop = record.rounds?.stop;
  if (stop?.reason === 'round_limit' || stop?.reason === 'no_progress' || stop?.reason === 'invalid_plan') {
    // The loop did not end on the planner's word: the answer says so.
    answer = `${answer}\n\n(${stop.detail}.)`;
  }
  const metadata = withMetadata(deps, record, 'finalize', performance.now() - started, calls);
  metadata.confidence = confidenceScore(metadata.iterations, ranked.coverage.coverage_ratio);
  const results = {
    answer,
    citations,
    sources: ranked.sources,
    coverage: ranked.coverage,
    steps: outputs.map((s) => ({
      step_id: s.step_id,
      type: s.type,
      status: s.status,
      durationMs: s.durationMs,
      ...(s.reason ? { reason: s.reason } : {}),
      ...(s.error === DUPLICATE_CALL_BLOCKED ? { error: s.error, output: s.result.output ?? null } : {}),
    })),
    ...(record.rounds && stop ? { rounds: { count: record.rounds.rounds.length, reason: stop.reason, detail: stop.detail } } : {}),
  };
  // The answer's call, the end of the plan and its status: the events are written before the status says succeeded.
  await status.succeed({ answer, results, metadata }, [
    ...calls.map((call) => llmCallEvent('finalizing', call)),
    {
      type: 'plan.finalized',
      phase: 'finalizing',
      data: {
        sources: ranked.sources.length,
        citations,
        coverage: ranked.coverage,
        confidence: metadata.confidence,
        ...(results.rounds ? { rounds: results.rounds.count, stop: results.rounds.reason } : {}),
      },
    },
  ]);
  return { planId: input.planId, status: 'succeeded' };
}
