/**
 * The Execute task: the accepted plan run by dataflow over the request's corpus, each step's start,
 * retries and end traced as it happens, and one wider round of retrieval when coverage is thin.
 * A step that asks the user something pauses the plan (waiting_for_input, the question in the
 * record and the trace); once answered, the task runs again, keeping the outputs already made.
 */

import { canonicalJson } from '../canonical-json.js';
import { PlanNotFoundError, StepExecutionError } from '../errors.js';
import { createDuplicateGuard, DUPLICATE_CALL_BLOCKED, type GuardedCall } from '../executor/duplicate-guard.js';
import { type ExecutionContext, executePlan } from '../executor/run-plan.js';
import { budgetOf, usageOf, withBudget } from '../planner/budget.js';
import type { PlanPatch } from '../ports.js';
import { toolCallOf } from '../steps/tool_call.js';
import { canonicalToolName } from '../tools/registry.js';
import type { DecompositionPlan, PlanRecord, StepOutput, TraceEventInput } from '../types.js';
import { COVERAGE_MIN_RATIO, retryThinCoverage } from './coverage-retry.js';
import type { PhaseDeps } from './deps.js';
import { llmCallEvent, withMetadata } from './llm-accounting.js';
import { loadPlan, statusEvent } from './plan-record.js';
import { currentRound, roundsOf } from './replan.js';
import { allowedStepTypes, allowedTools, requestOptions } from './request-options.js';
import type { ExecutionSummary, RoundState, WorkflowInput } from './types.js';
import { type WriteBehind, withWrites } from './write-behind.js';

export async function executePhase(deps: PhaseDeps, input: WorkflowInput & { round?: RoundState }): Promise<ExecutionSummary> {
  const started = performance.now();
  const loaded = await loadPlan(deps.store, input.planId, input);
  // The steps' events and outputs are written beside the steps, in order, the status first; a
  // failed write stops the next step from starting (enqueue throws it) and fails the phase once the
  // queue is drained.
  return withWrites(async (queue) => executeRecord(deps, input, { ...loaded, status: 'executing' }, new StepWrites(deps, loaded, queue), started));
}

/** A step's event, and its output when the event is its end. */
interface StepTrace {
  event: TraceEventInput;
  output?: StepOutput;
}

/**
 * The trace of the steps as they run: their events, the outputs their ends carry, and first the
 * move to `executing`, in batches on the phase's queue. What happens while one batch is written goes
 * in the next, in order; the move to `executing` goes with the first steps' events, in one update.
 */
class StepWrites {
  private opening: PlanPatch | undefined;
  /**
   * The move's event, until the first step's goes: queued before a step has run, it would leave
   * alone during the phase's first wait on I/O (finding the corpus, reading earlier outputs), and
   * its write would then compete with the steps for the CPU before the model call.
   */
  private openingEvent: TraceEventInput | undefined;

  constructor(
    private readonly deps: PhaseDeps,
    private readonly loaded: PlanRecord,
    private readonly queue: WriteBehind,
  ) {
    if (loaded.status !== 'executing') {
      this.opening = { status: 'executing' };
      this.openingEvent = statusEvent(loaded.status, 'executing');
    }
  }

  /** The move's event, once: what goes first in the trace of the steps. */
  private takeOpeningEvent(): StepTrace[] {
    const event = this.openingEvent;
    this.openingEvent = undefined;
    return event ? [{ event }] : [];
  }

  private readonly write = (items: StepTrace[]) => {
    const { events, records } = split(items);
    const opening = this.opening;
    this.opening = undefined;
    return opening
      ? this.deps.store.updatePlanWithEvents(this.loaded.planId, opening, events, records)
      : this.deps.store.appendEvents(this.loaded.planId, events, records);
  };

  add(event: TraceEventInput, output?: StepOutput): void {
    for (const item of [...this.takeOpeningEvent(), output ? { event, output } : { event }]) this.queue.enqueueBatched<StepTrace>(item, this.write);
  }

  /**
   * The batch whose turn has not come, taken for the phase's closing write (with the move to
   * `executing`, when it is still in it); then waits for the batches under way.
   */
  async takeRest(): Promise<{ events: TraceEventInput[]; records: { outputs: StepOutput[] }; patch: PlanPatch }> {
    // No step has run: the move goes with the closing write.
    const items = [...this.takeOpeningEvent(), ...this.queue.takeBatched(this.write)];
    const patch = items.length > 0 && this.opening ? this.opening : {};
    if (items.length > 0) this.opening = undefined;
    await this.queue.drain();
    return { ...split(items), patch };
  }
}

/** The events of a batch of step traces, and the outputs they carry. */
function split(items: readonly StepTrace[]): { events: TraceEventInput[]; records: { outputs: StepOutput[] } } {
  return { events: items.map((item) => item.event), records: { outputs: items.flatMap((item) => (item.output ? [item.output] : [])) } };
}

async function executeRecord(
  deps: PhaseDeps,
  input: WorkflowInput & { round?: RoundState },
  record: PlanRecord,
  steps: StepWrites,
  started: number,
): Promise<ExecutionSummary> {
  if (!record.plan) throw new PlanNotFoundError(`plan ${input.planId} has no accepted plan to execute`);
  const index = await deps.corpora.load(record.request.corpus);
  const o = requestOptions(deps, record);
  // An iterative plan's events carry their round; a later round runs only its own steps and reads
  // the earlier rounds' stored results.
  const iterative = input.maxRounds !== undefined;
  const round = currentRound(input);
  const inRound = iterative ? { round } : {};
  const answers = new Map(Object.entries(record.answers ?? {}).map(([id, answer]) => [Number(id), answer]));
  // A later round, or a run after an answer: what the earlier runs finished is kept, so nothing runs twice.
  const keep = new Map<number, StepOutput>();
  if (round > 1 || answers.size > 0) {
    for (const output of await deps.store.listStepOutputs(input.planId)) if (output.status !== 'failed') keep.set(output.step_id, output);
  }
  const traceStep = (event: TraceEventInput, output?: StepOutput) => steps.add(event, output);
  if (iterative) {
    const stepIds = roundsOf(record, input.maxRounds ?? 1).rounds.find((r) => r.round === round)?.stepIds ?? [];
    traceStep({ type: 'round.started', phase: 'executing', data: { round, steps: stepIds, execute: true } });
  }
  // One guard for the phase: the coverage retry's round is a later round of the same plan. In a
  // later round of an iterative plan it starts from the tool calls the earlier rounds made.
  const guard = createDuplicateGuard(record.request.options?.duplicateGuard ?? {}, earlierCalls(record.plan, keep));
  // The request's budget covers the steps' calls too, counting what the earlier phases spent (their
  // calls that got no answer included); one ledger for the whole phase, so parallel steps, their
  // retries and the coverage retry draw on the same budget.
  const llm = withBudget(deps.llm, budgetOf(record.request.options), usageOf(record.metadata?.llmCalls ?? []));
  const context: ExecutionContext = {
    guard,
    answers,
    task: record.request.task,
    index,
    llm,
    reranker: deps.reranker,
    lexicon: deps.lexicon,
    clock: deps.clock,
    concurrency: o.concurrency,
    topK: o.topK,
    tools: deps.tools,
    allowedTools: allowedTools(deps, record),
    allowedStepTypes: allowedStepTypes(record),
    ...(keep.size > 0 ? { keep } : {}),
    hooks: {
      onStepRetry: (step, attempt, error, delayMs) =>
        traceStep({
          type: 'step.retried',
          phase: 'executing',
          data: { step_id: step.step_id, type: step.type, attempt, error, delayMs, ...inRound },
        }),
      onStepStart: (step, parameters) =>
        traceStep({
          type: 'step.started',
          phase: 'executing',
          data: { step_id: step.step_id, type: step.type, parameters, dependencies: step.dependencies, ...inRound },
        }),
      onStepEnd: (output) => {
        const event = stepEvent(output);
        // The output goes with its event, in the same requests.
        traceStep({ ...event, data: { ...event.data, ...inRound } }, output);
      },
    },
  };
  const first = await executePlan(record.plan, context);
  // The wider retrieval is the first round's: a later round is the planner's own answer to thin results.
  const { outcome, retried } =
    round > 1
      ? { outcome: first, retried: undefined }
      : await retryThinCoverage(record.plan, first, context, {
          attributionTopN: o.attributionTopN,
          maxSources: deps.defaults.maxSources,
          topK: o.topK,
        });
  // The steps' last events, when their batch has not gone yet, go with the closing write.
  const rest = await steps.takeRest();
  const events: TraceEventInput[] = rest.events;
  const lastOutputs = rest.records;
  if (retried) {
    events.push({
      type: 'coverage.retry',
      phase: 'executing',
      data: { before: retried.before, after: retried.after ?? null, threshold: COVERAGE_MIN_RATIO, status: outcome.status, rerun: retried.rerun },
    });
  }
  const widened = retried && outcome.status === 'succeeded' ? { plan: retried.widened } : {};
  // The steps' calls that got no answer are the plan's calls too: traced, and counted by every later
  // phase. A call a step's timeout let go of is still unwinding: it is waited for.
  await llm.idle();
  const calls = [...outcome.llmCalls, ...llm.takeUnanswered()];
  for (const call of calls) events.push(llmCallEvent('executing', call));
  const question = outcome.status === 'waiting' ? outcome.questions?.[0] : undefined;
  if (question) {
    // One question at a time, the first by step id; the others are asked when the plan runs again.
    const asked = { ...question, askedAt: deps.clock.now().toISOString() };
    events.push({
      type: 'input.requested',
      phase: 'executing',
      data: { step_id: question.step_id, message: question.message, schema: question.schema, durationMs: Math.round(performance.now() - started) },
    });
    events.push(statusEvent(record.status, 'waiting_for_input'));
    // A plan that waits is answered: its events are written before its status says so.
    const { record: stored } = await deps.store.updatePlanWithEvents(
      input.planId,
      {
        ...widened,
        ...rest.patch,
        status: 'waiting_for_input',
        question: asked,
        metadata: withMetadata(deps, record, 'execute', performance.now() - started, calls),
      },
      events,
      lastOutputs,
    );
    const skipped = outcome.outputs.filter((s) => s.status === 'skipped').length;
    return { status: 'waiting_for_input', steps: outcome.outputs.length, skipped, failed: 0, questionStep: question.step_id, version: stored.version };
  }
  events.push({
    type: 'execution.completed',
    phase: 'executing',
    data: {
      status: outcome.status,
      ...inRound,
      durationMs: Math.round(performance.now() - started),
      ...(outcome.error ? { error: outcome.error, failedStep: outcome.failedStep } : {}),
    },
  });
  const blocked = guard.blockedCount();
  const metadata = withMetadata(deps, record, 'execute', performance.now() - started, calls);
  if (blocked.blocked > 0) metadata.duplicateCalls = { ...blocked, limits: { ...guard.limits } };
  // The plan's metadata, the widened plan, the calls and the end of the execution in one update.
  const { record: stored } = await deps.store.updatePlanWithEvents(input.planId, { ...rest.patch, ...widened, metadata }, events, lastOutputs);
  if (outcome.status === 'failed') {
    throw new StepExecutionError(`step ${outcome.failedStep} failed: ${outcome.error}`);
  }
  return {
    status: 'succeeded',
    steps: outcome.outputs.length,
    skipped: outcome.outputs.filter((s) => s.status === 'skipped').length,
    failed: 0,
    blockedCalls: blocked.blocked,
    version: stored.version,
  };
}

/** The tool calls of the steps already run, in step order, as the duplicate-call guard remembers calls. */
function earlierCalls(plan: DecompositionPlan, kept: ReadonlyMap<number, StepOutput>): GuardedCall[] {
  return plan.plan.flatMap((step) => {
    const output = kept.get(step.step_id);
    if (step.type !== 'tool_call' || output === undefined || (output.status === 'skipped' && output.error !== DUPLICATE_CALL_BLOCKED)) return [];
    const call = toolCallOf(step, step.parameters);
    if (!call.name) return [];
    const succeeded = output.status === 'succeeded';
    return [
      {
        tool: canonicalToolName(call.name),
        args: canonicalJson(call.args),
        blocked: output.error === DUPLICATE_CALL_BLOCKED,
        succeeded,
        ...(succeeded ? { output: output.result.output } : {}),
      },
    ];
  });
}

/** A step's end as a trace event: its scalars and its top five documents, never the documents' text. */
function stepEvent(output: StepOutput) {
  const base = { step_id: output.step_id, type: output.type, durationMs: output.durationMs, attempts: output.attempts };
  if (output.status === 'skipped') {
    return {
      type: 'step.skipped' as const,
      phase: 'executing',
      data: {
        ...base,
        skipped: true,
        reason: output.reason,
        ...(output.condition ? { condition: output.condition } : {}),
        // A blocked call says so, with the call and what it gave last time, so whoever reads the trace sees why.
        ...(output.error === DUPLICATE_CALL_BLOCKED
          ? { error: output.error, tool: output.result.tool, args: output.result.args, rule: output.result.rule, output: output.result.output ?? null }
          : {}),
      },
    };
  }
  if (output.status === 'failed') return { type: 'step.failed' as const, phase: 'executing', data: { ...base, error: output.error } };
  const r = output.result;
  const summary = Object.fromEntries(
    Object.entries(r).filter(([k, v]) => k !== 'documents' && k !== 'text' && (typeof v !== 'object' || v === null || k === 'llm_call')),
  );
  const docs = Array.isArray(r.documents)
    ? (r.documents as Array<{ id: string; score: number }>).slice(0, 5).map((d) => ({ id: d.id, score: d.score }))
    : undefined;
  return { type: 'step.completed' as const, phase: 'executing', data: { ...base, ...summary, ...(docs ? { top: docs } : {}) } };
}
