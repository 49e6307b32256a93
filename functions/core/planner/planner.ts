/**
 * The planner's phases (seed 000): analyse the task, generate a plan, validate it, and repair it
 * with the errors fed back. Each phase is one function so the workflow can run it as one Task
 * state; the validate → repair loop itself lives in the state machine.
 */

import type { SynthesizedTool } from '../learn/types.js';
import { callLlm, type LlmOutcome } from '../llm/call-llm.js';
import { validateAnalysis } from '../plan/schemas.js';
import { validatePlan } from '../plan/validate.js';
import type { LlmProvider, LlmRequest } from '../ports.js';
import type { LlmCallRecord, LlmPurpose, PlanAttempt, StepType, TaskAnalysis, ValidationIssue, ValidationResult } from '../types.js';
import { extractJson, JsonExtractionError } from './extract-json.js';

export { callLlm, type LlmOutcome } from '../llm/call-llm.js';

import { compactPlanText, MODEL_ANALYSIS_SCHEMA, modelPlanSchema, normalizePlan, normalizeStep } from './plan-format.js';
import {
  ANALYSIS_WITH_PLAN_FIELDS,
  analysisPrompt,
  analysisWithPlanFields,
  type PlanExample,
  type PromptCatalog,
  plannerSystem,
  planPrompt,
  repairPart,
  repairPrompt,
} from './prompts.js';
import { shapeOf, shownTypes, type TaskShape } from './sizing.js';
import { SHIPPED_EXAMPLES } from './templates/examples.js';
import { DEFAULT_TEMPLATES, type PromptTemplates } from './templates/index.js';

export interface TokenBudgets {
  analysis: number;
  plan: number;
  answer: number;
}

export const DEFAULT_TOKEN_BUDGETS: TokenBudgets = { analysis: 1024, plan: 4096, answer: 1024 };

export interface PlannerDeps {
  llm: LlmProvider;
  catalog: PromptCatalog;
  budgets: TokenBudgets;
  now: () => Date;
  /** The templates to render; the shipped ones when absent. */
  templates?: PromptTemplates;
}

export interface PlanningInput {
  task: string;
  context?: string | undefined;
  constraints?: Record<string, unknown> | undefined;
  analysis?: TaskAnalysis | undefined;
  allowedStepTypes: readonly StepType[];
  maxSteps: number;
  topK: number;
  /** Plans of earlier tasks shown to the model (few-shot). */
  examples?: readonly PlanExample[] | undefined;
  /** Learned composites this request may call (allowed with all their parts). */
  tools?: readonly SynthesizedTool[] | undefined;
  /** Ask the task's analysis in the plan's own call (the Analyze phase made none). */
  analysisWithPlan?: boolean | undefined;
}

function request(purpose: LlmPurpose, system: string, user: string, maxTokens: number, intent: LlmRequest['intent'], responseSchema?: unknown): LlmRequest {
  return {
    purpose,
    system,
    messages: [{ role: 'user', content: user }],
    maxTokens,
    temperature: 0,
    intent,
    ...(responseSchema && typeof responseSchema === 'object' ? { responseSchema: responseSchema as Record<string, unknown> } : {}),
  };
}

export interface AnalysisOutcome {
  analysis?: TaskAnalysis;
  issues: ValidationIssue[];
  call: LlmCallRecord;
}

/**
 * An analysis asked on its own, before the plan (a task too involved to have it asked in the
 * plan's call). One that does not validate is reported and left out: planning does not need it.
 */
export async function analyzeTask(deps: PlannerDeps, task: string): Promise<AnalysisOutcome> {
  const templates = deps.templates ?? DEFAULT_TEMPLATES;
  const { response, record } = await callLlm(
    deps.llm,
    request('analysis', templates.system, analysisPrompt(task, templates), deps.budgets.analysis, { kind: 'analysis', task }, MODEL_ANALYSIS_SCHEMA),
  );
  let value: unknown;
  try {
    value = extractJson(response.text, 'complexity').value;
  } catch (error) {
    return { issues: [{ path: 'analysis', message: (error as Error).message, source: 'syntax' }], call: record };
  }
  return { ...checkedAnalysis(value), call: record };
}

/** The analysis if it validates, with what is wrong with it if not. */
function checkedAnalysis(value: unknown, at = ''): { analysis?: TaskAnalysis; issues: ValidationIssue[] } {
  const issues = validateAnalysis(value).map((i) => (at ? { ...i, path: i.path ? `${at}.${i.path}` : at } : i));
  return issues.length === 0 ? { analysis: value as TaskAnalysis, issues } : { issues };
}

/** The analysis a plan answer carried (asked in the plan's own call). */
export interface AnalysisFinding {
  analysis?: TaskAnalysis;
  issues: ValidationIssue[];
}

/** A plan of an earlier task shown in a plan prompt, compact, past this many characters costs more than it teaches. */
export const EXAMPLE_BUDGET_CHARS = 1200;

/**
 * The one example a plan prompt shows: the most similar earlier plan of the same kind of task that
 * fits the budget (examples come most similar first), else none (the shipped one of its kind).
 */
function exampleOf(examples: readonly PlanExample[], shape: TaskShape): PlanExample[] {
  const fitting = examples.find((e) => e.kind === shape && e.task.length + compactPlanText(e.plan).length <= EXAMPLE_BUDGET_CHARS);
  return fitting ? [fitting] : [];
}

/** The system prompt of a plan or repair request: the rules, and the step types sized to the task. */
export function sizedSystem(deps: PlannerDeps, input: PlanningInput, templates: PromptTemplates): string {
  const shape = shapeOf(input.task, input.analysis);
  const shown = shownTypes(shape, input.allowedStepTypes, input.analysis, (input.tools?.length ?? 0) > 0);
  return plannerSystem(deps.catalog, shown, input.allowedStepTypes, templates, input.tools);
}

/**
 * The first plan. The prompt is sized to the task (sizing.ts): the step types it is likely to need
 * spelled out, one example plan (of an earlier, similar task, else a short one of its kind); the
 * structured answer is the compact plan (plan-format.ts), with the task's analysis beside it when
 * `analysisWithPlan` asks for it in this same call.
 */
export async function generatePlan(deps: PlannerDeps, input: PlanningInput): Promise<PlanAttempt & { analyzed?: AnalysisFinding }> {
  const templates = deps.templates ?? DEFAULT_TEMPLATES;
  const withAnalysis = input.analysisWithPlan === true && input.analysis === undefined;
  const shape = shapeOf(input.task, input.analysis);
  const examples = exampleOf(input.examples ?? [], shape);
  const user = planPrompt(
    {
      task: input.task,
      analysis: input.analysis,
      constraints: input.constraints,
      context: input.context,
      maxSteps: input.maxSteps,
      examples,
      example: SHIPPED_EXAMPLES[shape],
      ...(withAnalysis ? { analyse: analysisWithPlanFields() } : {}),
    },
    templates,
  );
  const outcome = await callLlm(
    deps.llm,
    request(
      'plan',
      sizedSystem(deps, input, templates),
      user,
      deps.budgets.plan,
      {
        kind: 'plan',
        task: input.task,
        ...(input.analysis ? { analysis: input.analysis } : {}),
        allowedStepTypes: input.allowedStepTypes,
        maxSteps: input.maxSteps,
        topK: input.topK,
        ...(input.tools && input.tools.length > 0 ? { tools: input.tools } : {}),
        ...(withAnalysis ? { withAnalysis: true, analysisFields: ANALYSIS_WITH_PLAN_FIELDS } : {}),
      },
      modelPlanSchema(),
    ),
  );
  const attempt = attemptFrom(1, 'generate', outcome, deps.now(), deps.llm.source, deps.budgets.plan);
  if (!withAnalysis) return attempt;
  const carried = (attempt.candidate as { analysis?: unknown } | undefined)?.analysis;
  const analyzed: AnalysisFinding =
    attempt.extractionError !== undefined
      ? { issues: [{ path: 'analysis', message: `no analysis: ${attempt.extractionError}`, source: 'syntax' }] }
      : carried === undefined
        ? { issues: [{ path: 'analysis', message: 'the plan answer carried no analysis', source: 'schema' }] }
        : checkedAnalysis(filledAnalysis(carried, attempt.candidate, input.task), 'analysis');
  return { ...withoutAnalysis(attempt), analyzed };
}

const TOOL_TYPES = new Set(['tool_call', 'audio_transcription', 'image_captioning']);

/**
 * An analysis asked beside its plan, with what the plan says filled in where the model left it out
 * (ANALYSIS_WITH_PLAN_FIELDS asks only for the rest): the step types the plan uses, whether it calls
 * a tool or branches, and the task as its intent. A field the model wrote stays as written.
 */
function filledAnalysis(carried: unknown, candidate: unknown, task: string): unknown {
  if (typeof carried !== 'object' || carried === null || Array.isArray(carried)) return carried;
  const steps = (candidate as { plan?: unknown } | undefined)?.plan;
  const plan = (Array.isArray(steps) ? steps : []).filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null);
  const types = [...new Set(plan.map((s) => s.type).filter((t): t is string => typeof t === 'string'))];
  return {
    suggested_step_types: types,
    requires_tools: types.some((t) => TOOL_TYPES.has(t)),
    requires_routing: plan.some((s) => s.type === 'conditional' || s.condition !== undefined),
    intent: task.trim(),
    ...carried,
  };
}

/** The attempt with the analysis that came beside its plan taken out: the plan schema has no place for it. */
function withoutAnalysis(attempt: PlanAttempt): PlanAttempt {
  const candidate = attempt.candidate as Record<string, unknown> | undefined;
  if (typeof candidate !== 'object' || candidate === null || !('analysis' in candidate)) return attempt;
  const { analysis: _analysis, ...plan } = candidate;
  return { ...attempt, candidate: plan };
}

/** The most errors a repair prompt lists, and the longest message of one: a prompt stays bounded whatever the validator found. */
const MAX_REPAIR_ERRORS = 20;
const MAX_ERROR_CHARS = 300;

/**
 * A repair turn: the task, the errors, and of the previous answer only what they name (the steps
 * at their paths, the others outlined), or, when it held no plan, why; the answer is a patch of
 * those steps, merged into the previous plan by step_id, or a whole plan (repairPart, prompts.ts).
 */
export async function repairPlan(deps: PlannerDeps, input: PlanningInput & { previous: PlanAttempt; attempt: number }): Promise<PlanAttempt> {
  const all = input.previous.validation?.errors ?? [];
  const errors = all
    .slice(0, MAX_REPAIR_ERRORS)
    .map((e) => (e.message.length > MAX_ERROR_CHARS ? { ...e, message: `${e.message.slice(0, MAX_ERROR_CHARS - 1)}…` } : e));
  if (all.length > errors.length)
    errors.push({ path: 'plan', message: `and ${all.length - errors.length} more error(s) of the same kinds`, source: 'semantic' });
  const templates = deps.templates ?? DEFAULT_TEMPLATES;
  const part = repairPart(input.previous.candidate, errors, input.previous.extractionError);
  const user = repairPrompt({ task: input.task, previousText: part.text, errors, attempt: input.attempt }, templates);
  const outcome = await callLlm(
    deps.llm,
    request(
      'repair',
      sizedSystem(deps, input, templates),
      user,
      deps.budgets.plan,
      {
        kind: 'repair',
        task: input.task,
        previousText: part.text,
        errors,
        attempt: input.attempt,
        allowedStepTypes: input.allowedStepTypes,
      },
      modelPlanSchema(),
    ),
  );
  const attempt = withoutAnalysis(attemptFrom(input.attempt, 'repair', outcome, deps.now(), deps.llm.source, deps.budgets.plan));
  return part.patch ? patched(attempt, input.previous.candidate, deps.llm.source) : attempt;
}

/**
 * A patch answer merged into the plan it mends: each step given replaces the step with its id,
 * a new id is added at the end, every other step stays. An answer that gives every step back is
 * a whole plan and stands as it is.
 */
function patched(attempt: PlanAttempt, previous: unknown, source: string): PlanAttempt {
  const answer = attempt.candidate as { plan?: unknown } | undefined;
  const before = (previous as { plan?: unknown } | undefined)?.plan;
  if (!Array.isArray(answer?.plan) || !Array.isArray(before)) return attempt;
  const idOf = (s: unknown) => (typeof s === 'object' && s !== null ? (s as { step_id?: unknown }).step_id : undefined);
  const given = new Map(answer.plan.map((s) => [idOf(s), s] as const));
  if (before.every((s) => given.has(idOf(s)))) return attempt;
  const kept = before.map((s) => given.get(idOf(s)) ?? s);
  const known = new Set(before.map(idOf));
  const added = answer.plan.filter((s) => !known.has(idOf(s))).map((s) => normalizeStep(s, source));
  return {
    ...attempt,
    candidate: {
      ...(answer as Record<string, unknown>),
      plan: [...kept, ...added],
      traceability: (previous as { traceability?: unknown }).traceability ?? true,
    },
  };
}

/** Stop reasons that mean the answer ends mid-way, whatever JSON it seems to hold. */
const TRUNCATED = new Set(['max_tokens', 'model_context_window_exceeded']);

function attemptFrom(attempt: number, kind: PlanAttempt['kind'], outcome: LlmOutcome, now: Date, source: string, maxTokens: number): PlanAttempt {
  const base: PlanAttempt = { attempt, kind, rawText: outcome.response.text, llm: outcome.record, createdAt: now.toISOString() };
  if (TRUNCATED.has(outcome.response.stopReason)) {
    return { ...base, extractionError: `the answer was cut off at the token limit (stop_reason ${outcome.response.stopReason})` };
  }
  // A server that let the model write past max_tokens (its own count says so) sent what the budget
  // did not allow: the attempt is not taken, and the repair asks for a shorter plan.
  if (!outcome.response.estimatedTokens && outcome.response.outputTokens > maxTokens) {
    return { ...base, extractionError: `the answer ran past its limit: ${outcome.response.outputTokens} output tokens for max_tokens ${maxTokens}` };
  }
  try {
    const extracted = extractJson(outcome.response.text, 'plan');
    // What the model may leave out (a step's modality, its trace) is filled in before validation.
    return { ...base, candidate: normalizePlan(extracted.value, source), ...(extracted.reasoning ? { reasoning: extracted.reasoning } : {}) };
  } catch (error) {
    if (error instanceof JsonExtractionError) return { ...base, extractionError: error.message };
    throw error;
  }
}

/** Validation of an attempt: an answer with no JSON is a syntax error the repair turn sees. */
export function validateAttempt(
  attempt: PlanAttempt,
  options: { maxSteps: number; allowedStepTypes: readonly StepType[]; allowedTools?: readonly string[] },
): ValidationResult {
  if (attempt.extractionError !== undefined || attempt.candidate === undefined) {
    return { valid: false, errors: [{ path: 'plan', message: `no plan JSON: ${attempt.extractionError ?? 'nothing extracted'}`, source: 'syntax' }] };
  }
  return validatePlan(attempt.candidate, {
    maxSteps: options.maxSteps,
    allowedStepTypes: options.allowedStepTypes,
    ...(options.allowedTools ? { allowedTools: options.allowedTools } : {}),
  });
}

/** A confidence score from how hard the plan was to get and how well its sub-queries were covered. */
export function confidenceScore(iterations: number, coverageRatio: number): number {
  const planning = 0.85 ** Math.max(0, iterations - 1);
  return Math.round(planning * (0.5 + 0.5 * coverageRatio) * 100) / 100;
}
