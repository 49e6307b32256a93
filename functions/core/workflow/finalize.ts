/**
 * The Finalize task: the plan's answer (its answer step's, or one composed from the kept sources
 * when the plan has none), its ranked sources, coverage and confidence, and the plan marked succeeded.
 */

import { citedIds, composeAnswer, readAnswer } from '../answer/compose-answer.js';
import { checkEvidence, type EvidenceDocument, evidenceOf, lookedUpDocuments, noAnswer } from '../answer/evidence.js';
import { DUPLICATE_CALL_BLOCKED } from '../executor/duplicate-guard.js';
import { answerStep, rankSources } from '../executor/sources.js';
import { budgetOf, usageOf, withBudget } from '../planner/budget.js';
import { confidenceScore } from '../planner/planner.js';
import type { PlanPatch } from '../ports.js';
import type { LlmCallRecord, PlanRecord, PlanStatus, Source, StepOutput, TraceEventInput } from '../types.js';
import type { PhaseDeps } from './deps.js';
import { llmCallEvent, tracingUnanswered, withMetadata } from './llm-accounting.js';
import { planCost } from './plan-cost.js';
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

  /** The events succeed will write besides those it is given: the status events. */
  get statusEvents(): number {
    return this.pending.length + 1;
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
    const metadata = withMetadata(deps, record, 'finalize', performance.now() - started, []);
    withCost(deps, { ...record, metadata }, outputs, status.statusEvents + 1);
    await status.succeed({ metadata }, [{ type: 'plan.finalized', phase: 'finalizing', data: { planOnly: true } }]);
    return { planId: input.planId, status: 'succeeded' };
  }
  const o = requestOptions(deps, record);
  const ranked = rankSources(record.plan, outputs, { attributionTopN: o.attributionTopN, maxSources: deps.defaults.maxSources, task: record.request.task });
  const calls: LlmCallRecord[] = [];
  let answer: string;
  let shortAnswer: string | null | undefined;
  let citations: string[];
  const fromPlan = answerStep(record.plan, outputs);
  // A plan that ranked nothing but looked documents up by id answers from those.
  const lookedUp = ranked.sources.length === 0 ? lookedUpDocuments(outputs) : [];
  const documents =
    lookedUp.length > 0
      ? lookedUp.slice(0, COMPOSED_ANSWER_SOURCES).map(({ step_id: _, ...d }) => d)
      : ranked.sources.slice(0, COMPOSED_ANSWER_SOURCES).map((s) => ({ id: s.id, ...(s.title ? { title: s.title } : {}), text: s.snippet }));
  const candidates: Source[] =
    lookedUp.length > 0
      ? lookedUp.map((d, i) => ({
          id: d.id,
          ...(d.title ? { title: d.title } : {}),
          modality: 'text',
          score: 1,
          step_id: d.step_id,
          subquery_id: `step_${d.step_id}`,
          rank_in_subquery: 1,
          rank: i + 1,
          snippet: d.text.slice(0, 240),
        }))
      : ranked.sources;
  const task = record.request.task;
  const read = evidenceOf(fromPlan, outputs, documents);
  // The relevance rule holds for every provider: first on the evidence alone (no model call is
  // made for evidence that does not speak of the task), then on what the answer claims.
  let evidence = checkEvidence(task, read, {}, deps.lexicon);
  if (!evidence.covered) {
    answer = noAnswer(evidence);
    citations = [];
  } else if (record.rounds?.answer) {
    // The planner ended an iterative loop by answering: its answer, citing the sources it names.
    const given = readAnswer(record.rounds.answer);
    answer = given.text;
    shortAnswer = given.shortAnswer;
    citations = citedIds(answer, new Set(ranked.sources.map((source) => source.id)));
  } else if (fromPlan) {
    answer = String(fromPlan.result.text);
    shortAnswer = fromPlan.result.short_answer as string | null | undefined;
    citations = (fromPlan.result.citations as string[] | undefined) ?? [];
  } else {
    // The plan has no answer step, so one is composed from the kept sources, the same way an llm_call step answers.
    // Within the request's budget, counting every call planning and the steps made.
    const llm = withBudget(deps.llm, budgetOf(record.request.options), usageOf(record.metadata?.llmCalls ?? []));
    status.writeNow();
    // A call that got no answer is traced, and counted, before its error fails the plan.
    const composed = await tracingUnanswered(
      deps,
      record,
      'finalizing',
      llm,
      () =>
        composeAnswer(llm, {
          question: task,
          instruction: 'Answer the task from the sources, citing them.',
          documents,
          maxTokens: deps.budgets.answer,
          lexicon: deps.lexicon,
        }),
      status.writes,
    );
    calls.push(composed.call);
    answer = composed.text;
    shortAnswer = composed.shortAnswer;
    citations = composed.citations;
  }
  if (evidence.covered) {
    evidence = checkEvidence(task, read, shortAnswer === undefined ? {} : { shortAnswer }, deps.lexicon);
    if (!evidence.covered) {
      answer = noAnswer(evidence);
      citations = [];
    }
  }
  const refused = !evidence.covered;
  const { used, alsoRetrieved } = attributed(candidates, lookedUp.length > 0 ? lookedUp.length : ranked.kept, refused ? [] : citations, read, refused);
  const stop = record.rounds?.stop;
  if (stop?.reason === 'round_limit' || stop?.reason === 'no_progress' || stop?.reason === 'invalid_plan') {
    // The loop did not end on the planner's word: the answer says so.
    answer = `${answer}\n\n(${stop.detail}.)`;
  }
  const metadata = withMetadata(deps, record, 'finalize', performance.now() - started, calls);
  // A refusal is sure of nothing it could cite.
  metadata.confidence = refused ? 0 : confidenceScore(metadata.iterations, ranked.coverage.coverage_ratio);
  const results = {
    shortAnswer: refused ? null : (shortAnswer ?? null),
    answer,
    refused,
    citations,
    sources: used,
    alsoRetrieved,
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
  withCost(deps, { ...record, answer, results, metadata }, outputs, status.statusEvents + calls.length + 1);
  // The answer's call, the end of the plan and its status: the events are written before the status says succeeded.
  await status.succeed({ answer, results, metadata }, [
    ...calls.map((call) => llmCallEvent('finalizing', call)),
    {
      type: 'plan.finalized',
      phase: 'finalizing',
      data: {
        sources: used.length,
        alsoRetrieved: alsoRetrieved.length,
        refused,
        citations,
        coverage: ranked.coverage,
        confidence: metadata.confidence,
        ...(results.rounds ? { rounds: results.rounds.count, stop: results.rounds.reason } : {}),
      },
    },
  ]);
  return { planId: input.planId, status: 'succeeded' };
}

/**
 * The plan's cost into `record.metadata`, from the record as Finalize writes it and the step
 * outputs it read (no read of its own); `closingEvents`: the events the closing write adds.
 */
function withCost(deps: PhaseDeps, record: PlanRecord, outputs: readonly StepOutput[], closingEvents: number): void {
  if (deps.cost === undefined || record.metadata === undefined) return;
  record.metadata.cost = planCost(
    {
      record,
      llmCalls: record.metadata.llmCalls,
      outputs,
      closingEvents,
      ending: 'Finalize',
      elapsedMs: deps.clock.now().getTime() - Date.parse(record.createdAt),
    },
    deps.cost,
  );
}

/**
 * Sources are what the answer used (seed 003's attribution by design): the documents it cites, in
 * the order it cites them; when it cites none, the top document of each sub-query among those it
 * read. A refusal used nothing. Everything else retrieved is listed apart, in ranking order.
 */
function attributed(
  sources: readonly Source[],
  kept: number,
  citations: readonly string[],
  read: readonly EvidenceDocument[],
  refused: boolean,
): { used: Source[]; alsoRetrieved: Source[] } {
  const byId = new Map(sources.map((s) => [s.id, s]));
  let used: Source[] = [];
  if (!refused && citations.length > 0) used = citations.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  else if (!refused) {
    const readIds = new Set(read.map((d) => d.id));
    used = sources.slice(0, kept).filter((s) => readIds.size === 0 || readIds.has(s.id));
  }
  const usedIds = new Set(used.map((s) => s.id));
  return { used, alsoRetrieved: sources.filter((s) => !usedIds.has(s.id)) };
}
