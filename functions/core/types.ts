/**
 * The domain vocabulary of Cairn. The JSON Schemas in `schemas/` are the source of truth for
 * every shape that crosses a boundary; test/unit/plan/schemas.test.ts checks at compile time that
 * these types and the schemas agree on the plan format, so they cannot drift.
 */

export const STEP_TYPES = [
  'vector_search',
  'keyword_search',
  'graph_query',
  'multi-hop',
  'filter',
  'rerank',
  'aggregate',
  'conditional',
  'llm_call',
  'tool_call',
  'audio_transcription',
  'image_captioning',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

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
  /** D3: a safe expression over earlier results; false skips the step. */
  condition?: string;
  aggregate?: number[];
  tool?: string;
  params?: Record<string, unknown>;
  /** What to do when a dependency was skipped: `skip` this step too, or `continue` with what is there. */
  on_dependency_skipped?: 'skip' | 'continue';
}

/** Seed 004's DecompositionPlan. */
export interface DecompositionPlan {
  plan: DecompositionStep[];
  traceability: boolean;
}

/** B1: task analysis, validated against schemas/analysis.schema.json. */
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

/** C4: one validation finding. `path` is dotted (`plan.2.dependencies.0`), `message` names the fault. */
export interface ValidationIssue {
  path: string;
  message: string;
  /** Which check found it: JSON syntax, the schema, or a semantic rule (C3). */
  source: 'syntax' | 'schema' | 'semantic';
}

export interface ValidationResult {
  valid: boolean;
  errors: ValidationIssue[];
}

/** A document of the corpus. The corpus file format is documented in the README. */
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
  /** D5: which sub-query (step) found it, and where it ranked there. */
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

/** A source of the final answer, with attribution (D5). */
export interface Source {
  id: string;
  title?: string;
  modality: Modality;
  score: number;
  step_id: number;
  subquery_id?: string;
  rank_in_subquery?: number;
  snippet: string;
}

/** A1: the request shape, validated against schemas/plan-request.schema.json. */
export interface PlanRequest {
  task: string;
  context?: string;
  constraints?: Record<string, unknown>;
  corpus?: string;
  tools?: string[];
  options?: PlanOptions;
}

export interface PlanOptions {
  analyze?: boolean;
  maxIterations?: number;
  maxSteps?: number;
  concurrency?: number;
  topK?: number;
  attributionTopN?: number;
  /** A plan to execute instead of asking the planner (the `execute` command, replay). */
  plan?: DecompositionPlan;
}

export const PLAN_STATUSES = [
  'received',
  'analyzing',
  'planning',
  'validating',
  'repairing',
  'executing',
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

/** F4/B5: what one LLM call cost. */
export interface LlmCallRecord {
  purpose: LlmPurpose;
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  durationMs: number;
  promptHash: string;
  stopReason: string;
  /** True when tokens were estimated rather than reported by a provider. */
  estimatedTokens?: boolean;
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
}

export interface FinalResults {
  answer: string;
  citations: string[];
  sources: Source[];
  steps: Array<Pick<StepOutput, 'step_id' | 'type' | 'status' | 'durationMs' | 'reason'>>;
  coverage: { subquery_count: number; covered_count: number; coverage_ratio: number };
}

/** B5 metadata. */
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
  | 'plan.rejected'
  | 'step.started'
  | 'step.completed'
  | 'step.skipped'
  | 'step.failed'
  | 'step.retried'
  | 'execution.completed'
  | 'plan.finalized'
  | 'plan.failed';

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

export type LlmPurpose = 'analysis' | 'plan' | 'repair' | 'answer';
