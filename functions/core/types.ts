/**
 * The domain vocabulary of Cairn. The JSON Schemas in `schemas/` are the source of truth for
 * every shape that crosses a boundary; test/unit/plan/schemas.test.ts checks at compile time that
 * these types and the schemas agree on the plan format, so they cannot drift.
 */

// The step types are those of the catalog (functions/core/steps/index.ts), generated from it.
import type { StepType } from './steps/catalog.generated.js';

export { STEP_TYPES, type StepType } from './steps/catalog.generated.js';

export const MODALITIES = ['text', 'image', 'audio', 'table', 'video'] as const;
export type Modality = (typeof MODALITIES)[number];

/** Seed 004's DecompositionStep. Extra optional fields are Cairn's extensions, all declared in the schema. */
export interface DecompositionStep {
  step_id: number;
  type: StepType;
  modality: Modality;
  parameters: Record<string, unknown>;
  dependencies: number[];
  trace: Record<string, unknown>;
  /** A safe expression over earlier results; false skips the step. */
  condition?: string;
  aggregate?: number[];
  tool?: string;
  params?: Record<string, unknown>;
  /** What to do when a dependency was skipped: `skip` this step too, or `continue` with what is there. */
  on_dependency_skipped?: 'skip' | 'continue';
  /** After the last failed attempt, abort the plan, or record the step skipped and go on; `retry` retries, then aborts. */
  on_error?: 'retry' | 'skip' | 'abort';
  retry?: { max_attempts?: number; backoff_ms?: number };
  timeout_ms?: number;
}

/** Seed 004's DecompositionPlan. */
export interface DecompositionPlan {
  /** The task the plan was written for, when the plan is kept apart from its request (an example plan's file). */
  task?: string;
  plan: DecompositionStep[];
  traceability: boolean;
}

/** Task analysis, validated against schemas/analysis.schema.json. */
export interface TaskAnalysis {
  complexity: 'simple' | 'moderate' | 'complex';
  requires_tools: boolean;
  requires_routing: boolean;
  suggested_step_types: StepType[];
  key_entities: string[];
  intent: string;
  /** The kind of task the analysis recognised (comparison, bridge, conditional, top_n, multimodal, lookup). */
  task_kind?: string;
}

/** One validation finding. `path` is dotted (`plan.2.dependencies.0`), `message` names the fault. */
export interface ValidationIssue {
  path: string;
  message: string;
  /** Which check found it: JSON syntax, the schema, or a semantic rule. */
  source: 'syntax' | 'schema' | 'semantic';
}

export interface ValidationResult {
  valid: boolean;
  errors: ValidationIssue[];
}

/** A document of the corpus. The corpus file format is documented in docs/guide.md (Corpus format). */
export interface CorpusDocument {
  id: string;
  title?: string;
  text: string;
  modality?: Modality;
  metadata?: Record<string, unknown>;
}

/** A document as a retrieval step returns it. */
export interface RetrievedDocument {
  id: string;
  title?: string;
  text: string;
  modality: Modality;
  metadata?: Record<string, unknown>;
  score: number;
  /** 1-based rank in the list this document came from. */
  rank: number;
  /** Attribution by sub-query: which sub-query (step) found it, and where it ranked there. */
  subquery_id?: string;
  rank_in_subquery?: number;
}

export type StepStatus = 'succeeded' | 'skipped' | 'failed';

/**
 * What one executed step produced. `result` is what conditions see as `step_N.result`; ranking
 * steps (search, filter, rerank, aggregate) put their RetrievedDocument list in `result.documents`.
 */
export interface StepOutput {
  step_id: number;
  type: StepType;
  status: StepStatus;
  result: Record<string, unknown>;
  startedAt: string;
  endedAt: string;
  durationMs: number;
  attempts: number;
  skipped?: boolean;
  condition?: string;
  reason?: string;
  error?: string;
}

/**
 * One executed step as the planner sees it between rounds (seed 002's plan.Result): its id, what
 * it was (the tool for a tool call, else the step type), its arguments, a bounded result and its error.
 */
export interface RoundResult {
  step_id: number;
  round: number;
  name: string;
  args: Record<string, unknown>;
  status: StepStatus;
  result: Record<string, unknown>;
  error?: string;
}

/** A source of the final answer, with attribution by sub-query. */
export interface Source {
  id: string;
  title?: string;
  modality: Modality;
  score: number;
  step_id: number;
  subquery_id?: string;
  rank_in_subquery?: number;
  /** Where the document stands in the plan's retrieval ranking (1 first), whether the answer used it or not. */
  rank?: number;
  snippet: string;
}

/** The request shape, validated against schemas/plan-request.schema.json. */
export interface PlanRequest {
  task: string;
  context?: string;
  constraints?: Record<string, unknown>;
  corpus?: string;
  tools?: string[];
  options?: PlanOptions;
  /** A plan to validate and execute as it is, without planning (traced with source `supplied`). */
  plan?: DecompositionPlan;
  /**
   * Names the logical request. Requests with the same key start one plan; over HTTP the
   * `Idempotency-Key` header does the same.
   */
  idempotencyKey?: string;
  /** Where the request came from. Set by Cairn's intake and refused from a client. */
  origin?: PlanOrigin;
}

/**
 * Where a request came from. A plan started by an S3 task file gets its result written beside
 * the file; the others are kept for the trace.
 */
export type PlanOrigin = { source: 's3'; bucket: string; key: string } | { source: 'sqs'; messageId: string } | { source: 'http'; requestId: string };

export interface PlanOptions {
  analyze?: boolean;
  maxIterations?: number;
  maxSteps?: number;
  concurrency?: number;
  topK?: number;
  attributionTopN?: number;
  /** A plan to execute instead of asking the planner (the `execute` command, replay). */
  plan?: DecompositionPlan;
  /** Budget: most LLM calls this request may make; a call past it is not made and the plan fails. */
  maxLlmCalls?: number;
  /** Budget: most LLM tokens (input + output, every call) this request may spend. */
  maxTokens?: number;
  /** Budget: most milliseconds of LLM calls (summed over the calls) this request may spend; calls under way are stopped at the cap. */
  maxLlmMs?: number;
  /** This request's own prompt templates, in place of the shipped ones. */
  promptTemplates?: PromptTemplateOverrides;
  /** Look the plan up in (and store it to) the plan cache; default true. */
  cache?: boolean;
  /** `iterative`: after each execution the round's results go back to the planner, which adds steps or answers. */
  mode?: 'one_shot' | 'iterative';
  /** Iterative mode: most planning rounds (1 to 20, default 5). */
  maxRounds?: number;
  /** Limits of the duplicate-call guard over its defaults (3 in a row, 4 within the last 8). */
  duplicateGuard?: { consecutiveLimit?: number; windowSize?: number; windowFreqLimit?: number };
}

/** The templates a request may replace (see functions/core/planner/templates/). */
export interface PromptTemplateOverrides {
  system?: string;
  analysis?: string;
  plan?: string;
  repair?: string;
}

export const PLAN_STATUSES = [
  'received',
  'analyzing',
  'planning',
  'validating',
  'repairing',
  'executing',
  'waiting_for_input',
  'finalizing',
  'succeeded',
  'failed',
] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** One planner attempt (ATTEMPT#n): the raw text, what was extracted and what validation said. */
export interface PlanAttempt {
  attempt: number;
  kind: 'generate' | 'repair';
  rawText: string;
  reasoning?: string;
  candidate?: unknown;
  extractionError?: string;
  validation?: ValidationResult;
  llm: LlmCallRecord;
  createdAt: string;
}

/** What one LLM call cost. */
/** What a provider reports about one call beyond its text (shared by LlmResponse). */
export interface LlmCallAccounting {
  /** True when tokens were estimated rather than reported by a provider. */
  estimatedTokens?: boolean;
  /** What the call cost in USD, from the model's price; absent when the model has no known price. */
  costUsd?: number;
  /** Of `inputTokens`, how many were read from / written to the provider's prompt cache. */
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  /** HTTP attempts this one call took (retries are counted here, never as extra calls). */
  attempts?: number;
  /** Model fallback: the providers that failed for good before this one answered, each as one line. */
  failedOver?: string[];
  /**
   * Tokens of one attempt's request as it was sent (prompt, system, tools, schema), counted with
   * o200k_base (core/llm/token-count.ts); only when the request has a token budget.
   */
  sentTokens?: number;
  /** Tokens of the answer's text, counted the same way; only when the request has a token budget. */
  answerTokens?: number;
}

export interface LlmCallRecord extends LlmCallAccounting {
  purpose: LlmPurpose;
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  durationMs: number;
  promptHash: string;
  stopReason: string;
  /**
   * The call got no answer (it failed, was aborted, timed out, or the budget stopped it): why, in
   * one line. Its attempts, time and prompt still count against the request's budget.
   */
  error?: string;
}

/** The META item of a plan: its status and everything a reader of `GET /plans/{id}` needs. */
export interface PlanRecord {
  planId: string;
  status: PlanStatus;
  version: number;
  request: PlanRequest;
  createdAt: string;
  updatedAt: string;
  eventCount: number;
  analysis?: TaskAnalysis;
  plan?: DecompositionPlan;
  reasoning?: string;
  attempts?: number;
  answer?: string;
  results?: FinalResults;
  error?: { name: string; message: string; phase: string };
  metadata?: PlanMetadata;
  /** The question the plan waits on (status waiting_for_input), or last waited on. */
  question?: PlanQuestion;
  /** The user's answers to the plan's elicitation steps, by step id. */
  answers?: Record<string, unknown>;
  /**
   * The token that resumes the waiting execution (Step Functions' task token). A credential:
   * kept in the store, never shown to a reader of the plan (plan-view.ts leaves it out).
   */
  inputToken?: { step_id: number; token: string; resumed?: boolean };
  /** Iterative mode: each round's new steps, and why the loop ended. */
  rounds?: RoundsRecord;
  /**
   * When intake saw the plan's workflow start (the starter accepted it, or said it exists), for a
   * plan with a request identity: a redelivered request finds it and starts nothing, even on an
   * Express workflow, which would run a second execution of the same name
   * (core/workflow/start-plan.ts). Absent on a plan still `received`: its start failed, and the
   * next delivery starts it.
   */
  startedAt?: string;
  /**
   * The local process running the plan's workflow (none on AWS, where Step Functions holds it):
   * a plan whose holder has ended while it was still at work is marked failed by the next local
   * process that opens the store (local/trace/abandoned-plans.ts).
   */
  lease?: PlanLease;
}

/** Who runs a plan's workflow locally: a process, named so that a reused pid is not mistaken for it. */
export interface PlanLease {
  pid: number;
  host: string;
  /** The process's identity beyond its pid (boot id and start time on Linux); absent where the system tells neither. */
  process?: string;
}

/** A question of an elicitation step, as the plan shows it while it waits. */
export interface PlanQuestion {
  step_id: number;
  message: string;
  /** The answer's JSON Schema (the subset of functions/core/steps/answer-schema.ts). */
  schema: Record<string, unknown>;
  askedAt: string;
}

/** Why an iterative loop ended; `covered`: the round answered with every sub-query covered, so the planner was not asked. */
export type RoundStopReason = 'answered' | 'covered' | 'no_more_steps' | 'round_limit' | 'no_progress' | 'invalid_plan';

/** The rounds of an iterative plan: which steps each round added, and how the loop ended. */
export interface RoundsRecord {
  maxRounds: number;
  rounds: Array<{ round: number; stepIds: number[] }>;
  stop?: { round: number; reason: RoundStopReason; detail: string };
  /** The planner's own answer, when it ended the loop by answering. */
  answer?: string;
}

export interface FinalResults {
  /**
   * The answer itself (a name, a number with its unit and year, a date, "yes"/"no", the winner of
   * a comparison with both figures), before the supporting sentences; null when the corpus does
   * not answer, or the task asks for no short answer (a description). Absent in older records.
   */
  shortAnswer?: string | null;
  /** The supporting sentences with their citations, or why the corpus does not answer. */
  answer: string;
  /** True when the corpus does not answer the task: the answer cites nothing and `sources` is empty. */
  refused?: boolean;
  citations: string[];
  /** What the answer used: the documents it cites, each with the sub-query that found it (seed 003's attribution). */
  sources: Source[];
  /** The other documents retrieved, which the answer did not use. */
  alsoRetrieved?: Source[];
  /** Each step's end; a tool call the duplicate-call guard blocked carries its `error` and the call's last `output`. */
  steps: Array<Pick<StepOutput, 'step_id' | 'type' | 'status' | 'durationMs' | 'reason' | 'error'> & { output?: unknown }>;
  coverage: { subquery_count: number; covered_count: number; coverage_ratio: number };
  /** Iterative mode: how many rounds ran and why the loop ended. */
  rounds?: { count: number; reason: RoundStopReason; detail: string };
}

/** What a plan cost in USD (workflow/plan-cost.ts says what the AWS estimate counts). */
export interface PlanCost {
  /** llmUsd + awsUsd. */
  usd: number;
  /** The priced model calls; a call to a model with no price adds nothing (see `llm.unpricedCalls`). */
  llmUsd: number;
  /** The AWS estimate. */
  awsUsd: number;
  llm: { calls: number; unpricedCalls: number; inputTokens: number; outputTokens: number };
  aws: {
    workflowType: 'standard' | 'express';
    stepFunctionsUsd: number;
    lambdaUsd: number;
    dynamodbUsd: number;
    stateTransitions: number;
    lambdaRequests: number;
    lambdaGbSeconds: number;
    dynamodbWriteUnits: number;
    dynamodbReadUnits: number;
  };
}

/** The metadata of a plan response: provider, model, calls, tokens, durations, confidence. */
export interface PlanMetadata {
  provider: string;
  model: string;
  iterations: number;
  llmCalls: LlmCallRecord[];
  inputTokens: number;
  outputTokens: number;
  durationsMs: Record<string, number>;
  confidence?: number;
  source: string;
  /** The summed cost of the priced calls, in USD. */
  costUsd?: number;
  /** What the plan cost: its priced model calls and an estimate of AWS's part (workflow/plan-cost.ts). */
  cost?: PlanCost;
  /** The plan came from the plan cache (`hit`), or was stored there under `key`. */
  cache?: { key: string; hit: boolean; fromPlanId?: string };
  /** Tool calls the duplicate-call guard blocked, by the rule that blocked them, and the limits it ran with. */
  duplicateCalls?: { blocked: number; byRule: Record<string, number>; limits: Record<string, number> };
}

export type TraceEventType =
  | 'plan.received'
  | 'plan.status'
  | 'analysis.completed'
  | 'llm.call'
  | 'plan.generated'
  | 'plan.extraction_failed'
  | 'validation.completed'
  | 'repair.requested'
  | 'plan.accepted'
  | 'plan.sanitized'
  | 'plan.rejected'
  | 'step.started'
  | 'step.completed'
  | 'step.skipped'
  | 'step.failed'
  | 'step.retried'
  | 'coverage.retry'
  | 'execution.completed'
  | 'plan.finalized'
  | 'plan.failed'
  | 'plan.cache_hit'
  | 'input.requested'
  | 'input.received'
  | 'round.started'
  | 'round.completed';

export interface TraceEventInput {
  type: TraceEventType;
  phase: string;
  data?: Record<string, unknown>;
}

export interface TraceEvent extends TraceEventInput {
  planId: string;
  seq: number;
  at: string;
}

export type LlmPurpose = 'analysis' | 'plan' | 'repair' | 'answer' | 'synthesis';
