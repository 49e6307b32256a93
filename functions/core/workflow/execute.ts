/**
 * The Execute task: the accepted plan run by dataflow over the request's corpus, each step's start,
 * retries and end traced as it happens, and one wider round of retrieval when coverage is thin.
 */
import { PlanNotFoundError, StepExecutionError } from '../errors.js';
import { type ExecutionContext, executePlan } from '../executor/run-plan.js';
import { budgetOf, usageOf, withBudget } from '../planner/budget.js';
import type { StepOutput } from '../types.js';
import { COVERAGE_MIN_RATIO, retryThinCoverage } from './coverage-retry.js';
import type { PhaseDeps } from './deps.js';
import { traceLlmCall, withMetadata } from './llm-accounting.js';
import { loadPlan, setStatus } from './plan-record.js';
import { allowedTools, requestOptions } from './request-options.js';
import type { ExecutionSummary, WorkflowInput } from './types.js';

export async function executePhase(deps: PhaseDeps, input: WorkflowInput): Promise<ExecutionSummary> {
  const started = performance.now();
  let record = await loadPlan(deps.store, input.planId);
  record = await setStatus(deps.store, record, 'executing');
  if (!record.plan) throw new PlanNotFoundError(`plan ${input.planId} has no accepted plan to execute`);
  const index = await deps.corpora.load(record.request.corpus);
  const o = requestOptions(deps, record);
  const context: ExecutionContext = {
    task: record.request.task,
    index,
    // The request's budget covers the steps' calls too, counting what planning spent; one ledger
    // for the whole phase, so parallel steps and the coverage retry draw on the same budget.
    llm: withBudget(deps.llm, budgetOf(record.request.options), usageOf(record.metadata?.llmCalls ?? [])),
    reranker: deps.reranker,
    clock: deps.clock,
    concurrency: o.concurrency,
    topK: o.topK,
    tools: deps.tools,
    allowedTools: allowedTools(deps, record),
    hooks: {
      onStepRetry: async (step, attempt, error, delayMs) => {
        await deps.store.appendEvent(input.planId, {
          type: 'step.retried',
          phase: 'executing',
          data: { step_id: step.step_id, type: step.type, attempt, error, delayMs },
        });
      },
      onStepStart: async (step, parameters) => {
        await deps.store.appendEvent(input.planId, {
          type: 'step.started',
          phase: 'executing',
          data: { step_id: step.step_id, type: step.type, parameters, dependencies: step.dependencies },
        });
      },
      onStepEnd: async (output) => {
        await deps.store.putStepOutput(input.planId, output);
        await deps.store.appendEvent(input.planId, stepEvent(output));
      },
    },
  };
  const first = await executePlan(record.plan, context);
  const { outcome, retried } = await retryThinCoverage(record.plan, first, context, {
    attributionTopN: o.attributionTopN,
    maxSources: deps.defaults.maxSources,
    topK: o.topK,
  });
  if (retried) {
    await deps.store.appendEvent(input.planId, {
      type: 'coverage.retry',
      phase: 'executing',
      data: { before: retried.before, after: retried.after ?? null, threshold: COVERAGE_MIN_RATIO, status: outcome.status, rerun: retried.rerun },
    });
    if (outcome.status === 'succeeded') await deps.store.updatePlan(input.planId, { plan: retried.widened });
  }
  for (const call of outcome.llmCalls) await traceLlmCall(deps, input.planId, 'executing', call);
  await deps.store.appendEvent(input.planId, {
    type: 'execution.completed',
    phase: 'executing',
    data: {
      status: outcome.status,
      durationMs: Math.round(performance.now() - started),
      ...(outcome.error ? { error: outcome.error, failedStep: outcome.failedStep } : {}),
    },
  });
  await deps.store.updatePlan(input.planId, { metadata: withMetadata(deps, record, 'execute', performance.now() - started, outcome.llmCalls) });
  if (outcome.status === 'failed') {
    throw new StepExecutionError(`step ${outcome.failedStep} failed: ${outcome.error}`);
  }
  return {
    status: outcome.status,
    steps: outcome.outputs.length,
    skipped: outcome.outputs.filter((s) => s.status === 'skipped').length,
    failed: 0,
  };
}

/** A step's end as a trace event: its scalars and its top five documents, never the documents' text. */
function stepEvent(output: StepOutput) {
  const base = { step_id: output.step_id, type: output.type, durationMs: output.durationMs, attempts: output.attempts };
  if (output.status === 'skipped') {
    return {
      type: 'step.skipped' as const,
      phase: 'executing',
      data: { ...base, skipped: true, reason: output.reason, ...(output.condition ? { condition: output.condition } : {}) },
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
