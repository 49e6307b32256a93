/**
 * The Execute task: the accepted plan run by dataflow over the request's corpus, each step's start,
 * retries and end traced as it happens, and one wider round of retrieval when coverage is thin.
 * A step that asks the user something pauses the plan (waiting_for_input, the question in the
 * record and the trace); once answered, the task runs again, keeping the outputs already made.
 */
import { PlanNotFoundError, StepExecutionError } from '../errors.js';
import { createDuplicateGuard, DUPLICATE_CALL_BLOCKED } from '../executor/duplicate-guard.js';
import { type ExecutionContext, executePlan } from '../executor/run-plan.js';
import { budgetOf, usageOf, withBudget } from '../planner/budget.js';
import type { StepOutput } from '../types.js';
import { COVERAGE_MIN_RATIO, retryThinCoverage } from './coverage-retry.js';
import type { PhaseDeps } from './deps.js';
import { traceLlmCall, withMetadata } from './llm-accounting.js';
import { loadPlan, setStatus } from './plan-record.js';
import { allowedTools, requestOptions } from './request-options.js';
import type { ExecutionSummary, WorkflowInput } from './types.js';
import { WriteBehind } from './write-behind.js';

export async function executePhase(deps: PhaseDeps, input: WorkflowInput): Promise<ExecutionSummary> {
  const started = performance.now();
  let record = await loadPlan(deps.store, input.planId);
  record = await setStatus(deps.store, record, 'executing');
  if (!record.plan) throw new PlanNotFoundError(`plan ${input.planId} has no accepted plan to execute`);
  const index = await deps.corpora.load(record.request.corpus);
  const o = requestOptions(deps, record);
  // The steps' events and outputs are written beside the steps, in order; a failed write stops the
  // next step from starting (enqueue throws it) and fails the phase once the queue is drained.
  const trace = new WriteBehind();
  // One guard for the phase: the coverage retry's round is a later round of the same plan.
  const guard = createDuplicateGuard(record.request.options?.duplicateGuard ?? {});
  const answers = new Map(Object.entries(record.answers ?? {}).map(([id, answer]) => [Number(id), answer]));
  // A run after an answer: what the earlier run finished is kept, so nothing runs twice.
  const earlier = answers.size > 0 ? (await deps.store.listStepOutputs(input.planId)).filter((s) => s.status !== 'failed') : [];
  const context: ExecutionContext = {
    guard,
    answers,
    ...(earlier.length > 0 ? { keep: new Map(earlier.map((s) => [s.step_id, s])) } : {}),
    task: record.request.task,
    index,
    // The request's budget covers the steps' calls too, counting what planning spent; one ledger
    // for the whole phase, so parallel steps and the coverage retry draw on the same budget.
    llm: withBudget(deps.llm, budgetOf(record.request.options), usageOf(record.metadata?.llmCalls ?? [])),
    clock: deps.clock,
    concurrency: o.concurrency,
    topK: o.topK,
    tools: deps.tools,
    allowedTools: allowedTools(deps, record),
    hooks: {
      onStepRetry: (step, attempt, error, delayMs) =>
        trace.enqueue(() =>
          deps.store.appendEvent(input.planId, {
            type: 'step.retried',
            phase: 'executing',
            data: { step_id: step.step_id, type: step.type, attempt, error, delayMs },
          }),
        ),
      onStepStart: (step, parameters) =>
        trace.enqueue(() =>
          deps.store.appendEvent(input.planId, {
            type: 'step.started',
            phase: 'executing',
            data: { step_id: step.step_id, type: step.type, parameters, dependencies: step.dependencies },
          }),
        ),
      onStepEnd: (output) =>
        trace.enqueue(async () => {
          await deps.store.putStepOutput(input.planId, output);
          await deps.store.appendEvent(input.planId, stepEvent(output));
        }),
    },
  };
  const first = await executePlan(record.plan, context);
  const { outcome, retried } = await retryThinCoverage(record.plan, first, context, {
    attributionTopN: o.attributionTopN,
    maxSources: deps.defaults.maxSources,
    topK: o.topK,
  });
  await trace.drain();
  if (retried) {
    await deps.store.appendEvent(input.planId, {
      type: 'coverage.retry',
      phase: 'executing',
      data: { before: retried.before, after: retried.after ?? null, threshold: COVERAGE_MIN_RATIO, status: outcome.status, rerun: retried.rerun },
    });
    if (outcome.status === 'succeeded') await deps.store.updatePlan(input.planId, { plan: retried.widened });
  }
  for (const call of outcome.llmCalls) await traceLlmCall(deps, input.planId, 'executing', call);
  const question = outcome.status === 'waiting' ? outcome.questions?.[0] : undefined;
  if (question) {
    // One question at a time, the first by step id; the others are asked when the plan runs again.
    const asked = { ...question, askedAt: deps.clock.now().toISOString() };
    await deps.store.appendEvent(input.planId, {
      type: 'input.requested',
      phase: 'executing',
      data: { step_id: question.step_id, message: question.message, schema: question.schema, durationMs: Math.round(performance.now() - started) },
    });
    await setStatus(deps.store, record, 'waiting_for_input', {
      question: asked,
      metadata: withMetadata(deps, record, 'execute', performance.now() - started, outcome.llmCalls),
    });
    const skipped = outcome.outputs.filter((s) => s.status === 'skipped').length;
    return { status: 'waiting_for_input', steps: outcome.outputs.length, skipped, failed: 0, questionStep: question.step_id };
  }
  await deps.store.appendEvent(input.planId, {
    type: 'execution.completed',
    phase: 'executing',
    data: {
      status: outcome.status,
      durationMs: Math.round(performance.now() - started),
      ...(outcome.error ? { error: outcome.error, failedStep: outcome.failedStep } : {}),
    },
  });
  const blocked = guard.blockedCount();
  const metadata = withMetadata(deps, record, 'execute', performance.now() - started, outcome.llmCalls);
  if (blocked.blocked > 0) metadata.duplicateCalls = { ...blocked, limits: { ...guard.limits } };
  await deps.store.updatePlan(input.planId, { metadata });
  if (outcome.status === 'failed') {
    throw new StepExecutionError(`step ${outcome.failedStep} failed: ${outcome.error}`);
  }
  return {
    status: 'succeeded',
    steps: outcome.outputs.length,
    skipped: outcome.outputs.filter((s) => s.status === 'skipped').length,
    failed: 0,
    blockedCalls: blocked.blocked,
  };
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
