/**
 * What each Task state of the workflow does (infra/workflow.asl.json). A phase reads the plan from
 * the trace store, does its work through the ports, writes what it did as trace events, and returns
 * a small JSON object for the state machine: plans, attempts and step results travel by reference
 * (the plan id), never inline.
 */

import { checkEvidence, evidenceOf, noAnswer } from '../answer/evidence.js';
import { LlmRefusalError, PlanNotFoundError, PlanningFailedError, StepExecutionError } from '../errors.js';
import { type ExecutionContext, executePlan } from '../executor/run-plan.js';
import { answerStep, rankSources, SUBQUERY_TYPES } from '../executor/sources.js';
import { EXECUTABLE_STEP_TYPES } from '../executor/step-operators.js';
import { sanitizeSubqueries } from '../plan/sanitize.js';
import { budgetOf, usageOf, withBudget } from '../planner/budget.js';
import { pickExamples } from '../planner/few-shot.js';
import { attemptFromCache, CACHE_PROVIDER, cacheEntryFrom } from '../planner/plan-cache.js';
import { planCacheKey } from '../planner/plan-cache-key.js';
import {
  analyzeTask,
  callLlm,
  confidenceScore,
  generatePlan,
  type PlannerDeps,
  type PlanningInput,
  repairPlan,
  type TokenBudgets,
  validateAttempt,
} from '../planner/planner.js';
import type { PromptCatalog } from '../planner/prompts.js';
import { answerPrompt, PLANNER_SYSTEM } from '../planner/prompts.js';
import { templatesWith } from '../planner/templates/index.js';
import type { CachedPlan, Clock, CorpusProvider, LlmProvider, PlanCache, TraceStore } from '../ports.js';
import { canonicalToolName, type ToolRegistry } from '../tools/registry.js';
import type { DecompositionPlan, LlmCallRecord, PlanAttempt, PlanMetadata, PlanRecord, PlanStatus, StepOutput, StepType } from '../types.js';

export interface PhaseDefaults {
  analyze: boolean;
  maxSteps: number;
  topK: number;
  attributionTopN: number;
  concurrency: number;
  maxSources: number;
}

export interface PhaseDeps {
  store: TraceStore;
  llm: LlmProvider;
  corpora: CorpusProvider;
  catalog: PromptCatalog;
  budgets: TokenBudgets;
  clock: Clock;
  defaults: PhaseDefaults;
  /** The tools tool_call and the modality steps may run (G4). */
  tools: ToolRegistry;
  /** B8: the plan cache; plans are neither looked up nor stored when absent. */
  cache?: PlanCache | undefined;
  /** B7: how many earlier successful plans the plan prompt shows as examples; none when absent or 0. */
  fewShotExamples?: number | undefined;
}

/** The state machine's input; every phase receives at least the plan id. */
export interface WorkflowInput {
  planId: string;
  maxIterations: number;
  planOnly?: boolean;
}

export interface GenerationResult {
  attempt: number;
}

export interface ValidationSummary {
  valid: boolean;
  attempt: number;
  errorCount: number;
}

export interface ExecutionSummary {
  status: 'succeeded' | 'failed';
  steps: number;
  skipped: number;
  failed: number;
}

async function loadPlan(store: TraceStore, planId: string): Promise<PlanRecord> {
  const record = await store.getPlan(planId);
  if (!record) throw new PlanNotFoundError(`plan ${planId} does not exist`);
  return record;
}

/**
 * Moves the plan's status and returns the record as stored. A phase builds on that record to the
 * end (nothing else writes a plan's metadata while its phase runs), so it never reads it again.
 */
async function setStatus(deps: PhaseDeps, record: PlanRecord, status: PlanStatus, patch: Parameters<TraceStore['updatePlan']>[1] = {}): Promise<PlanRecord> {
  const updated = await deps.store.updatePlan(record.planId, { ...patch, status });
  if (record.status !== status) {
    await deps.store.appendEvent(record.planId, { type: 'plan.status', phase: status, data: { from: record.status, to: status } });
  }
  return updated;
}

/**
 * The planner's dependencies for one request: its LLM behind the request's budget (F4, counting
 * every call the plan has made so far) and its prompt templates (B7).
 */
function plannerDeps(deps: PhaseDeps, record: PlanRecord): PlannerDeps {
  const requested = record.request.options;
  return {
    llm: withBudget(deps.llm, budgetOf(requested), usageOf(record.metadata?.llmCalls ?? [])),
    catalog: deps.catalog,
    budgets: deps.budgets,
    now: () => deps.clock.now(),
    templates: templatesWith(requested?.promptTemplates),
  };
}

/** What the planner is asked for this request, first plan or repair alike. */
function planningInput(deps: PhaseDeps, record: PlanRecord): PlanningInput {
  const o = options(deps, record);
  return {
    task: record.request.task,
    context: record.request.context,
    constraints: record.request.constraints,
    analysis: record.analysis,
    allowedStepTypes: allowedTypes(record),
    maxSteps: o.maxSteps,
    topK: o.topK,
  };
}

/** B8: the request's plan-cache key, or undefined when the request is not cached (a supplied plan, `cache: false`, no cache). */
function cacheKeyOf(deps: PhaseDeps, record: PlanRecord): string | undefined {
  const requested = record.request.options;
  if (!deps.cache || requested?.cache === false || requested?.plan) return undefined;
  const o = options(deps, record);
  return planCacheKey({
    task: record.request.task,
    context: record.request.context,
    constraints: record.request.constraints,
    tools: record.request.tools,
    allowedStepTypes: allowedTypes(record),
    catalog: deps.catalog,
    analyze: o.analyze,
    maxSteps: o.maxSteps,
    topK: o.topK,
    promptTemplates: requested?.promptTemplates,
    provider: deps.llm.name,
    model: deps.llm.model,
  });
}

async function cachedPlan(deps: PhaseDeps, record: PlanRecord): Promise<CachedPlan | undefined> {
  const key = cacheKeyOf(deps, record);
  return key === undefined ? undefined : deps.cache?.get(key);
}

/** The metadata of a plan served from the cache: its source says so. */
function cacheHitMetadata(metadata: PlanMetadata, hit: CachedPlan): PlanMetadata {
  return { ...metadata, source: CACHE_PROVIDER, cache: { key: hit.key, hit: true, fromPlanId: hit.planId } };
}

/**
 * Runs a planner call; a refused call (LlmRefusalError) is traced with its tokens and cost before
 * the error goes on to fail the plan.
 */
async function tracingRefusal<T>(deps: PhaseDeps, record: PlanRecord, phase: 'analyzing' | 'planning' | 'repairing', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LlmRefusalError) {
      await traceLlmCall(deps, record.planId, phase, error.call);
      const durationKey = { analyzing: 'analyze', planning: 'generate', repairing: 'repair' }[phase];
      await deps.store.updatePlan(record.planId, { metadata: withMetadata(deps, record, durationKey, error.call.durationMs, [error.call]) });
    }
    throw error;
  }
}

function allowedTypes(record: PlanRecord): StepType[] {
  const requested = record.request.constraints?.allowed_step_types;
  if (Array.isArray(requested)) return EXECUTABLE_STEP_TYPES.filter((t) => requested.includes(t));
  return EXECUTABLE_STEP_TYPES;
}

/** G4: the request's allow-list, within what is registered; every registered tool when it gives none. */
function allowedTools(deps: PhaseDeps, record: PlanRecord): string[] {
  const registered = deps.tools.names();
  const requested = record.request.tools;
  return requested === undefined ? registered : requested.map(canonicalToolName).filter((t) => registered.includes(t));
}

function options(deps: PhaseDeps, record: PlanRecord) {
  const o = record.request.options ?? {};
  return {
    analyze: o.analyze ?? deps.defaults.analyze,
    maxSteps: o.maxSteps ?? deps.defaults.maxSteps,
    topK: o.topK ?? deps.defaults.topK,
    attributionTopN: o.attributionTopN ?? deps.defaults.attributionTopN,
    concurrency: o.concurrency ?? deps.defaults.concurrency,
  };
}

/** Adds LLM calls and a phase duration to the plan's metadata (B5, F4). */
function withMetadata(deps: PhaseDeps, record: PlanRecord, phase: string, durationMs: number, calls: LlmCallRecord[]): PlanMetadata {
  const previous: PlanMetadata = record.metadata ?? {
    provider: deps.llm.name,
    model: deps.llm.model,
    iterations: 0,
    llmCalls: [],
    inputTokens: 0,
    outputTokens: 0,
    durationsMs: {},
    source: deps.llm.source,
  };
  const llmCalls = [...previous.llmCalls, ...calls];
  const priced = llmCalls.filter((c) => c.costUsd !== undefined);
  return {
    ...previous,
    llmCalls,
    inputTokens: llmCalls.reduce((n, c) => n + c.inputTokens, 0),
    outputTokens: llmCalls.reduce((n, c) => n + c.outputTokens, 0),
    durationsMs: { ...previous.durationsMs, [phase]: (previous.durationsMs[phase] ?? 0) + Math.round(durationMs) },
    // F4: the calls with a known price; a model with none adds nothing rather than a guess.
    ...(priced.length > 0 ? { costUsd: Math.round(priced.reduce((n, c) => n + (c.costUsd ?? 0), 0) * 1e6) / 1e6 } : {}),
  };
}

async function traceLlmCall(deps: PhaseDeps, planId: string, phase: string, call: LlmCallRecord): Promise<void> {
  await deps.store.appendEvent(planId, { type: 'llm.call', phase, data: { ...call } });
}

// ------------------------------------------------------------------ Analyze

export async function analyzePhase(deps: PhaseDeps, input: WorkflowInput): Promise<{ analyzed: boolean; kind?: string }> {
  const started = performance.now();
  let record = await loadPlan(deps.store, input.planId);
  record = await setStatus(deps, record, 'analyzing');
  if (!options(deps, record).analyze || record.request.options?.plan) {
    await deps.store.appendEvent(input.planId, { type: 'analysis.completed', phase: 'analyzing', data: { skipped: true } });
    return { analyzed: false };
  }
  const hit = await cachedPlan(deps, record);
  if (hit) {
    // B8: a repeat skips the LLM here too; the analysis stored with the plan stands in.
    await deps.store.appendEvent(input.planId, {
      type: 'analysis.completed',
      phase: 'analyzing',
      data: { analysis: hit.analysis ?? null, issues: [], source: CACHE_PROVIDER, fromPlanId: hit.planId },
    });
    await deps.store.updatePlan(input.planId, {
      ...(hit.analysis ? { analysis: hit.analysis } : {}),
      metadata: cacheHitMetadata(withMetadata(deps, record, 'analyze', performance.now() - started, []), hit),
    });
    return hit.analysis?.task_kind ? { analyzed: true, kind: hit.analysis.task_kind } : { analyzed: hit.analysis !== undefined };
  }
  const outcome = await tracingRefusal(deps, record, 'analyzing', () => analyzeTask(plannerDeps(deps, record), record.request.task));
  await traceLlmCall(deps, input.planId, 'analyzing', outcome.call);
  await deps.store.appendEvent(input.planId, {
    type: 'analysis.completed',
    phase: 'analyzing',
    data: { analysis: outcome.analysis ?? null, issues: outcome.issues, source: deps.llm.source },
  });
  await deps.store.updatePlan(input.planId, {
    ...(outcome.analysis ? { analysis: outcome.analysis } : {}),
    metadata: withMetadata(deps, record, 'analyze', performance.now() - started, [outcome.call]),
  });
  return outcome.analysis?.task_kind
    ? { analyzed: outcome.analysis !== undefined, kind: outcome.analysis.task_kind }
    : { analyzed: outcome.analysis !== undefined };
}

// ------------------------------------------------------------------ Generate

export async function generatePhase(deps: PhaseDeps, input: WorkflowInput): Promise<GenerationResult> {
  const started = performance.now();
  let record = await loadPlan(deps.store, input.planId);
  record = await setStatus(deps, record, 'planning');
  let attempt: PlanAttempt;
  let hit: CachedPlan | undefined;
  const given = record.request.options?.plan;
  if (given) {
    // A plan the user supplied (`cairn execute`): validated like any other, never sent to an LLM.
    const text = JSON.stringify(given);
    attempt = {
      attempt: 1,
      kind: 'generate',
      rawText: text,
      candidate: given,
      llm: { purpose: 'plan', provider: 'user', model: 'none', inputTokens: 0, outputTokens: 0, durationMs: 0, promptHash: '', stopReason: 'supplied' },
      createdAt: deps.clock.now().toISOString(),
    };
  } else {
    hit = await cachedPlan(deps, record);
    if (hit) {
      attempt = attemptFromCache(hit, deps.clock.now());
      await deps.store.appendEvent(input.planId, {
        type: 'plan.cache_hit',
        phase: 'planning',
        data: { key: hit.key, fromPlanId: hit.planId, provider: hit.provider, model: hit.model, source: CACHE_PROVIDER },
      });
    } else {
      const examples = deps.fewShotExamples
        ? pickExamples(record.request.task, await deps.store.listPlans({ status: 'succeeded', limit: 20 }), deps.fewShotExamples)
        : [];
      attempt = await tracingRefusal(deps, record, 'planning', () => generatePlan(plannerDeps(deps, record), { ...planningInput(deps, record), examples }));
      await traceLlmCall(deps, input.planId, 'planning', attempt.llm);
    }
  }
  await recordAttempt(deps, record, attempt, started, given || hit ? [] : [attempt.llm], hit);
  return { attempt: attempt.attempt };
}

async function recordAttempt(
  deps: PhaseDeps,
  record: PlanRecord,
  attempt: PlanAttempt,
  started: number,
  calls: LlmCallRecord[],
  hit?: CachedPlan,
): Promise<void> {
  await deps.store.putAttempt(record.planId, attempt);
  await deps.store.appendEvent(record.planId, {
    type: attempt.extractionError ? 'plan.extraction_failed' : 'plan.generated',
    phase: attempt.kind === 'repair' ? 'repairing' : 'planning',
    data: {
      attempt: attempt.attempt,
      kind: attempt.kind,
      ...(attempt.extractionError ? { error: attempt.extractionError } : {}),
      ...(attempt.reasoning ? { reasoning: attempt.reasoning } : {}),
      source: attempt.llm.provider === 'user' || attempt.llm.provider === CACHE_PROVIDER ? attempt.llm.provider : deps.llm.source,
    },
  });
  let metadata: PlanMetadata = {
    ...withMetadata(deps, record, attempt.kind === 'repair' ? 'repair' : 'generate', performance.now() - started, calls),
    iterations: attempt.attempt,
  };
  metadata = hit ? cacheHitMetadata(metadata, hit) : await cacheIfValid(deps, record, attempt, metadata);
  await deps.store.updatePlan(record.planId, { attempts: attempt.attempt, metadata });
}

/** B8: a model's attempt that validates goes to the plan cache (validation is pure: the Validate task will agree). */
async function cacheIfValid(deps: PhaseDeps, record: PlanRecord, attempt: PlanAttempt, metadata: PlanMetadata): Promise<PlanMetadata> {
  const key = cacheKeyOf(deps, record);
  if (key === undefined) return metadata;
  const o = options(deps, record);
  if (!validateAttempt(attempt, { maxSteps: o.maxSteps, allowedStepTypes: allowedTypes(record), allowedTools: allowedTools(deps, record) }).valid)
    return metadata;
  await deps.cache?.put(cacheEntryFrom({ key, planId: record.planId, attempt, analysis: record.analysis, now: deps.clock.now() }));
  return { ...metadata, cache: { key, hit: false } };
}

// ------------------------------------------------------------------ Validate

export async function validatePhase(deps: PhaseDeps, input: WorkflowInput & { generation: GenerationResult }): Promise<ValidationSummary> {
  let record = await loadPlan(deps.store, input.planId);
  record = await setStatus(deps, record, 'validating');
  const attempt = await deps.store.getAttempt(input.planId, input.generation.attempt);
  if (!attempt) throw new PlanNotFoundError(`plan ${input.planId} has no attempt ${input.generation.attempt}`);
  const o = options(deps, record);
  const validation = validateAttempt(attempt, { maxSteps: o.maxSteps, allowedStepTypes: allowedTypes(record), allowedTools: allowedTools(deps, record) });
  await deps.store.putAttempt(input.planId, { ...attempt, validation });
  await deps.store.appendEvent(input.planId, {
    type: 'validation.completed',
    phase: 'validating',
    data: { attempt: attempt.attempt, valid: validation.valid, errors: validation.errors },
  });
  if (validation.valid) {
    // D6: sub-queries that drifted off the task are dropped (a plan the user supplied is kept as is).
    const given = record.request.options?.plan !== undefined;
    const sanitized = given ? undefined : sanitizeSubqueries(attempt.candidate as DecompositionPlan, record.request.task);
    const plan = sanitized?.plan ?? (attempt.candidate as DecompositionPlan);
    if (sanitized && sanitized.dropped.length > 0) {
      await deps.store.appendEvent(input.planId, {
        type: 'plan.sanitized',
        phase: 'validating',
        data: { dropped: sanitized.dropped, fallback: sanitized.fallback },
      });
    }
    await deps.store.updatePlan(input.planId, { plan, ...(attempt.reasoning ? { reasoning: attempt.reasoning } : {}) });
    await deps.store.appendEvent(input.planId, { type: 'plan.accepted', phase: 'validating', data: { attempt: attempt.attempt, steps: plan.plan.length } });
  }
  return { valid: validation.valid, attempt: attempt.attempt, errorCount: validation.errors.length };
}

// ------------------------------------------------------------------ Repair

export async function repairPhase(deps: PhaseDeps, input: WorkflowInput & { validation: ValidationSummary }): Promise<GenerationResult> {
  const started = performance.now();
  let record = await loadPlan(deps.store, input.planId);
  record = await setStatus(deps, record, 'repairing');
  const previous = await deps.store.getAttempt(input.planId, input.validation.attempt);
  if (!previous) throw new PlanNotFoundError(`plan ${input.planId} has no attempt ${input.validation.attempt}`);
  const next = input.validation.attempt + 1;
  await deps.store.appendEvent(input.planId, {
    type: 'repair.requested',
    phase: 'repairing',
    data: { attempt: next, errorCount: previous.validation?.errors.length ?? 0 },
  });
  const attempt = await tracingRefusal(deps, record, 'repairing', () =>
    repairPlan(plannerDeps(deps, record), { ...planningInput(deps, record), previous, attempt: next }),
  );
  await traceLlmCall(deps, input.planId, 'repairing', attempt.llm);
  await recordAttempt(deps, record, attempt, started, [attempt.llm]);
  return { attempt: next };
}

// ------------------------------------------------------------------ Reject (validation never passed)

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

// ------------------------------------------------------------------ Execute

/** D5 (seed 003): below this share of covered sub-queries, retrieval gets one more round. */
export const COVERAGE_MIN_RATIO = 0.5;

/** The same plan with every sub-query's pool doubled (capped at 100). */
function widenSubqueries(plan: DecompositionPlan, topK: number): DecompositionPlan {
  return {
    ...plan,
    plan: plan.plan.map((s) =>
      SUBQUERY_TYPES.has(s.type)
        ? { ...s, parameters: { ...s.parameters, top_k: Math.min(100, 2 * (typeof s.parameters.top_k === 'number' ? s.parameters.top_k : topK)) } }
        : s,
    ),
  };
}

export async function executePhase(deps: PhaseDeps, input: WorkflowInput): Promise<ExecutionSummary> {
  const started = performance.now();
  let record = await loadPlan(deps.store, input.planId);
  record = await setStatus(deps, record, 'executing');
  if (!record.plan) throw new PlanNotFoundError(`plan ${input.planId} has no accepted plan to execute`);
  const index = await deps.corpora.load(record.request.corpus);
  const o = options(deps, record);
  const context: ExecutionContext = {
    task: record.request.task,
    index,
    llm: deps.llm,
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
  let outcome = await executePlan(record.plan, context);
  // D5: one retry round with larger pools when too few sub-queries kept a source of their own.
  if (outcome.status === 'succeeded') {
    const before = rankSources(record.plan, outcome.outputs, { attributionTopN: o.attributionTopN, maxSources: deps.defaults.maxSources }).coverage;
    if (before.subquery_count > 0 && before.coverage_ratio < COVERAGE_MIN_RATIO) {
      const widened = widenSubqueries(record.plan, o.topK);
      const retry = await executePlan(widened, context);
      const after =
        retry.status === 'succeeded'
          ? rankSources(widened, retry.outputs, { attributionTopN: o.attributionTopN, maxSources: deps.defaults.maxSources }).coverage
          : undefined;
      await deps.store.appendEvent(input.planId, {
        type: 'coverage.retry',
        phase: 'executing',
        data: { before, after: after ?? null, threshold: COVERAGE_MIN_RATIO, status: retry.status },
      });
      outcome = { ...retry, llmCalls: [...outcome.llmCalls, ...retry.llmCalls] };
      if (retry.status === 'succeeded') await deps.store.updatePlan(input.planId, { plan: widened });
    }
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

// ------------------------------------------------------------------ Finalize

export async function finalizePhase(deps: PhaseDeps, input: WorkflowInput): Promise<{ planId: string; status: PlanStatus }> {
  const started = performance.now();
  let record = await loadPlan(deps.store, input.planId);
  record = await setStatus(deps, record, 'finalizing');
  if (input.planOnly || !record.plan) {
    await deps.store.appendEvent(input.planId, { type: 'plan.finalized', phase: 'finalizing', data: { planOnly: true } });
    await setStatus(deps, record, 'succeeded', { metadata: withMetadata(deps, record, 'finalize', performance.now() - started, []) });
    return { planId: input.planId, status: 'succeeded' };
  }
  const o = options(deps, record);
  const outputs = await deps.store.listStepOutputs(input.planId);
  const ranked = rankSources(record.plan, outputs, { attributionTopN: o.attributionTopN, maxSources: deps.defaults.maxSources });
  const calls: LlmCallRecord[] = [];
  let answer: string;
  let citations: string[];
  const fromPlan = answerStep(record.plan, outputs);
  const documents = ranked.sources.slice(0, 5).map((s) => ({ id: s.id, ...(s.title ? { title: s.title } : {}), text: s.snippet }));
  // The relevance floor holds for every provider: evidence that does not speak of the task answers nothing.
  const evidence = checkEvidence(record.request.task, evidenceOf(fromPlan, outputs, documents));
  if (!evidence.covered) {
    answer = noAnswer(evidence);
    citations = [];
  } else if (fromPlan) {
    answer = String(fromPlan.result.text);
    citations = (fromPlan.result.citations as string[] | undefined) ?? [];
  } else {
    // D8: the plan has no answer step, so compose one from the kept sources.
    const instruction = 'Answer the task from the sources, citing them.';
    const { response, record: call } = await callLlm(deps.llm, {
      purpose: 'answer',
      system: PLANNER_SYSTEM,
      messages: [{ role: 'user', content: answerPrompt({ question: record.request.task, instruction, documents }) }],
      maxTokens: deps.budgets.answer,
      temperature: 0,
      intent: { kind: 'answer', question: record.request.task, instruction, documents },
    });
    calls.push(call);
    await traceLlmCall(deps, input.planId, 'finalizing', call);
    answer = response.text;
    citations = [...response.text.matchAll(/\[([^\][]+)\]/g)].map((m) => m[1]!).filter((c) => documents.some((d) => d.id === c));
  }
  const metadata = withMetadata(deps, record, 'finalize', performance.now() - started, calls);
  metadata.confidence = confidenceScore(metadata.iterations, ranked.coverage.coverage_ratio);
  const results = {
    answer,
    citations,
    sources: ranked.sources,
    coverage: ranked.coverage,
    steps: outputs.map((s) => ({ step_id: s.step_id, type: s.type, status: s.status, durationMs: s.durationMs, ...(s.reason ? { reason: s.reason } : {}) })),
  };
  await deps.store.appendEvent(input.planId, {
    type: 'plan.finalized',
    phase: 'finalizing',
    data: { sources: ranked.sources.length, citations, coverage: ranked.coverage, confidence: metadata.confidence },
  });
  await setStatus(deps, record, 'succeeded', { answer, results, metadata });
  return { planId: input.planId, status: 'succeeded' };
}

// ------------------------------------------------------------------ RecordFailure (every Catch lands here)

export interface FailureInput extends WorkflowInput {
  error?: { Error?: string; Cause?: string };
}

export async function recordFailurePhase(
  deps: PhaseDeps,
  input: FailureInput,
): Promise<{ planId: string; status: 'failed'; error: { Error: string; Cause: string } }> {
  const name = input.error?.Error ?? 'Error';
  const cause = causeMessage(input.error?.Cause);
  const record = await deps.store.getPlan(input.planId);
  const phase = record?.status ?? 'unknown';
  if (record && record.status !== 'failed' && record.status !== 'succeeded') {
    await deps.store.appendEvent(input.planId, { type: 'plan.failed', phase, data: { error: name, reason: cause } });
    await setStatus(deps, record, 'failed', { error: { name, message: cause, phase } });
  }
  return { planId: input.planId, status: 'failed', error: { Error: name, Cause: cause } };
}

/** Lambda puts `{errorMessage, errorType, ...}` JSON in Cause; the local runner a plain message. */
function causeMessage(cause: string | undefined): string {
  if (!cause) return 'unknown error';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === 'string') return parsed.errorMessage;
  } catch {
    // A plain message.
  }
  return cause;
}
