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

import { analysisPrompt, type PlanExample, type PromptCatalog, plannerSystem, planPrompt, repairPrompt } from './prompts.js';
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

/** An analysis that does not validate is reported and left out: planning does not need it. */
export async function analyzeTask(deps: PlannerDeps, task: string): Promise<AnalysisOutcome> {
  const templates = deps.templates ?? DEFAULT_TEMPLATES;
  const { response, record } = await callLlm(
    deps.llm,
    request(
      'analysis',
      templates.system,
      analysisPrompt(task, deps.catalog, templates),
      deps.budgets.analysis,
      { kind: 'analysis', task },
      deps.catalog.analysisSchema,
    ),
  );
  let value: unknown;
  try {
    value = extractJson(response.text, 'complexity').value;
  } catch (error) {
    return { issues: [{ path: 'analysis', message: (error as Error).message, source: 'syntax' }], call: record };
  }
  const issues = validateAnalysis(value);
  return issues.length === 0 ? { analysis: value as TaskAnalysis, issues, call: record } : { issues, call: record };
}

/** The first plan, asked with the plan's JSON Schema for providers with structured outputs. */
export async function generatePlan(deps: PlannerDeps, input: PlanningInput): Promise<PlanAttempt> {
  const templates = deps.templates ?? DEFAULT_TEMPLATES;
  const system = plannerSystem(deps.catalog, input.allowedStepTypes, templates, input.tools);
  const user = planPrompt(
    { task: input.task, analysis: input.analysis, constraints: input.constraints, context: input.context, maxSteps: input.maxSteps, examples: input.examples },
    templates,
  );
  const outcome = await callLlm(
    deps.llm,
    request(
      'plan',
      system,
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
      },
      deps.catalog.planSchema,
    ),
  );
  return attemptFrom(1, 'generate', outcome, deps.now());
}

/** A repair turn with the task, the previous answer, every error and the attempt number. */
export async function repairPlan(deps: PlannerDeps, input: PlanningInput & { previous: PlanAttempt; attempt: number }): Promise<PlanAttempt> {
  const errors = input.previous.validation?.errors ?? [];
  const templates = deps.templates ?? DEFAULT_TEMPLATES;
  const system = plannerSystem(deps.catalog, input.allowedStepTypes, templates, input.tools);
  const user = repairPrompt({ task: input.task, previousText: input.previous.rawText, errors, attempt: input.attempt }, templates);
  const outcome = await callLlm(
    deps.llm,
    request(
      'repair',
      system,
      user,
      deps.budgets.plan,
      {
        kind: 'repair',
        task: input.task,
        previousText: input.previous.rawText,
        errors,
        attempt: input.attempt,
        allowedStepTypes: input.allowedStepTypes,
      },
      deps.catalog.planSchema,
    ),
  );
  return attemptFrom(input.attempt, 'repair', outcome, deps.now());
}

/** Stop reasons that mean the answer ends mid-way, whatever JSON it seems to hold. */
const TRUNCATED = new Set(['max_tokens', 'model_context_window_exceeded']);

function attemptFrom(attempt: number, kind: PlanAttempt['kind'], outcome: LlmOutcome, now: Date): PlanAttempt {
  const base: PlanAttempt = { attempt, kind, rawText: outcome.response.text, llm: outcome.record, createdAt: now.toISOString() };
  if (TRUNCATED.has(outcome.response.stopReason)) {
    return { ...base, extractionError: `the answer was cut off at the token limit (stop_reason ${outcome.response.stopReason})` };
  }
  try {
    const extracted = extractJson(outcome.response.text, 'plan');
    return { ...base, candidate: extracted.value, ...(extracted.reasoning ? { reasoning: extracted.reasoning } : {}) };
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
