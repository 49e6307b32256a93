/**
 * The shapes of learning from traces: what a stored plan becomes (a Session), the chains mined from
 * many sessions, the analysis of a chain's parameters, the composite tool synthesized from it and
 * the report of its offline replay. The storage side (traces by time, the tools table, promotion)
 * builds on these; nothing here does I/O.
 *
 * Shapes a model writes or a person reads back (SynthesizedTool, the settings) use snake_case like
 * the plan format; the internal ones use camelCase like the rest of the core.
 */
import type { LlmCallRecord, StepStatus, StepType } from '../types.js';

// ---------------------------------------------------------------- sessions

/** One executed step of a plan, as learning sees it. */
export interface SessionStep {
  /** Position in the session's execution order (0-based). */
  position: number;
  /** The step's id in its plan. */
  stepId: number;
  type: StepType;
  /** The tool a `tool_call` step called, by its canonical `service.method` name. */
  tool?: string;
  /**
   * What mining counts: the tool name for a tool call (`corpus.search`), else the step type with
   * its key parameters (`rerank[method=bm25]`, `vector_search`).
   */
  symbol: string;
  /** The parameters the step ran with, templates rendered (for a tool call, the tool's arguments). */
  input: Record<string, unknown>;
  /** The parameters as the plan wrote them, templates unrendered: wiring reads their references. */
  rawInput?: Record<string, unknown>;
  /** The step's `result` (absent when it failed or was skipped). */
  output?: Record<string, unknown>;
  status: StepStatus;
  error?: string;
  latencyMs: number;
  /** The plan's step ids this step depended on. */
  dependencies: number[];
  /** In an iterative plan, the round that added the step (1: the first plan). */
  round?: number;
  /** `<planId>#<seq>` of the event that ended the step. */
  eventId: string;
  /** When the step ended (ISO 8601). */
  at: string;
}

/** One plan's executed steps in execution order. */
export interface Session {
  sessionId: string;
  /** When the plan was created (ISO 8601): sessions are ordered by it, newest first for replay. */
  at: string;
  task?: string;
  steps: SessionStep[];
}

// ---------------------------------------------------------------- mining

/** A sequence of symbols (see SessionStep.symbol). */
export interface Chain {
  symbols: string[];
}

/** Where a chain occurred: a session and the position of its first step there. */
export interface ChainOccurrence {
  sessionId: string;
  start: number;
}

export interface MinedChain extends Chain {
  /** `symbols` joined with ` → `: the chain's identity. */
  key: string;
  /** Sessions containing the chain. */
  sessionCount: number;
  /** sessionCount over all sessions mined. */
  support: number;
  /** Of the sessions containing the chain without its last symbol, the share that contain the whole chain. */
  confidence: number;
  /** Mean over occurrences of the chain's summed step latency. */
  avgLatencyMs: number;
  /** Event ids of the first step of a few occurrences, newest first. */
  sampleEventIds: string[];
  /** Every occurrence, newest session first (one per session: the first in it). */
  occurrences: ChainOccurrence[];
}

export interface MiningResult {
  sessions: number;
  chains: MinedChain[];
}

// ---------------------------------------------------------------- parameter analysis

export type ParameterClass = 'external' | 'internal' | 'constant' | 'ambiguous';

/** One input key of one chain step and how it is filled. */
export interface ParameterFinding {
  step: number;
  key: string;
  class: ParameterClass;
  /** JSON type of the samples' values (`string`, `integer`, `number`, `boolean`, `array`, `object`), `mixed` when they differ. */
  type: string;
  /** For a constant: its value in every sample. */
  value?: unknown;
  /** For internal wiring: the earlier chain step and the output path it comes from (`''`: the step itself, by reference). */
  from?: { step: number; path: string };
  /**
   * For a key filled by a template over earlier chain steps: the template with its step references
   * renumbered to sub-step ids (chain step i is `step_<i+1>`).
   */
  template?: string;
  /** For an external or ambiguous key: the composite's parameter that fills it. */
  parameter?: string;
  /** Why this class (one line), e.g. the samples that disagree. */
  reason: string;
}

export interface ParameterWire {
  fromStep: number;
  /** Dotted path into the earlier step's output (`answer`, `documents.0.id`). */
  fromPath: string;
  toStep: number;
  toKey: string;
}

/** How often each chain step failed in the samples, and whether the chain still ended well. */
export interface FailureObservation {
  step: number;
  failures: number;
  samples: number;
  /** Samples where this step failed and the chain's last step still succeeded. */
  recovered: number;
}

export interface ParameterAnalysis {
  chainKey: string;
  /** The chain's steps: their type and, for a tool call, the tool. */
  steps: Array<{ symbol: string; type: StepType; tool?: string }>;
  samples: number;
  findings: ParameterFinding[];
  wires: ParameterWire[];
  /** Data dependencies between chain steps (from the plans' dependencies and the wires). */
  dependsOn: number[][];
  failures: FailureObservation[];
  /** Sample disagreements, one line each (a value that is constant in most samples but not all, ...). */
  disagreements: string[];
}

// ---------------------------------------------------------------- synthesis

/**
 * One sub-step of a composite. Sub-step `step_index` i runs as step id i + 1, so constants may hold
 * templates over earlier sub-steps (`{{ step_1.result.answer }}`) and step references (`input_step: 1`).
 */
export interface SynthesizedStep {
  step_index: number;
  /** `tool` calls a registered tool; `step` runs a step type of the catalog. */
  kind: 'tool' | 'step';
  /** The tool's `service.method` name, or the step type. */
  tool_id: string;
  /** Inputs fixed for every call. */
  constants: Record<string, unknown>;
  /** Input key -> name of the composite's parameter that fills it. */
  parameter_map: Record<string, string>;
  /** Chain steps this one needs done first (data flows through dependencies, e.g. documents). */
  depends_on: number[];
  /** A safe expression (functions/core/expression) over earlier sub-steps; false skips the step. */
  condition?: string;
}

export interface InternalWire {
  from_step: number;
  /** Dotted path into the earlier step's output. */
  from_key: string;
  to_step: number;
  to_key: string;
}

export type ErrorAction = 'retry' | 'skip' | 'abort';

export interface StepErrorRule {
  step_index: number;
  action: ErrorAction;
  /** For retry. */
  max_retries?: number;
  backoff_ms?: number;
  backoff_factor?: number;
  /** Why, from the observed failures (one line). */
  reason: string;
}

export interface ErrorStrategy {
  default_behavior: ErrorAction;
  rules: StepErrorRule[];
}

/** A composite tool that replaces a mined chain by one call. */
export interface SynthesizedTool {
  /** `service.method` form, e.g. `learned.search_rerank_llm_call`. */
  tool_id: string;
  description: string;
  /** JSON Schema 2020-12 of the composite's arguments. */
  parameters: Record<string, unknown>;
  steps: SynthesizedStep[];
  internal_wiring: InternalWire[];
  /** Steps that may run at once: no data dependency between them, at most max_parallel_steps each. */
  parallel_groups: number[][];
  error_strategy: ErrorStrategy;
  /** The sub-step whose output is the composite's output (usually the last). */
  output_step: number;
  /** The mined chain's key. */
  source_chain: string;
  /** Set when the chain ran in a later round of iterative plans and is called in round one instead. */
  later_round?: LaterRound;
}

/**
 * How a composite learned from a later round of iterative plans stands in for that round: the
 * round looked up a name that a passage of round one gave, so the composite is called in round one
 * with that passage bound to its parameter, once for each input of round one's answer whose best
 * passage named what the round looked up. It is offered only for the task shapes (taskShape, read
 * from the task's wording) whose plans made the round.
 */
export interface LaterRound {
  round: number;
  task_kinds: string[];
  parameter: string;
  /** The inputs of round one's answer (0-based, in its order). */
  lists: number[];
}

/**
 * The value a later-round composite's parameter is bound to: the words of the question's relation
 * (what a model asking it writes: "director died"), then the text of the best passage of round
 * one's list `listStepId` without its own title, so that a look-up of it ranks what the passage
 * names beside the relation, not the passage itself.
 */
export function laterRoundArgument(listStepId: number | string, relation = ''): string {
  const best = `step_${listStepId}.result.documents[0]`;
  return `${relation.trim() === '' ? '' : `${relation.trim()} `}{{ without(${best}.text, ${best}.title) }}`;
}

/** What may be referenced: registered tools and step types. */
export interface ToolCatalogView {
  tools: readonly string[];
  stepTypes: readonly string[];
  /** The tools among `tools` that reach the network (ToolRegistry.networkTools): a composite calling one waits for a person. */
  networkTools?: readonly string[];
}

export interface SynthesisIssue {
  path: string;
  message: string;
}

export interface SynthesisOutcome {
  tool: SynthesizedTool;
  /** LLM calls made (1, or 2 with the repair retry). */
  attempts: number;
  /** What each call cost (tokens, duration, provider), for the trace. */
  llmCalls: LlmCallRecord[];
  provider: string;
  model: string;
}

// ---------------------------------------------------------------- replay validation

export type SimilarityMethod = 'cosine_tfidf' | 'exact_match';

export interface ReplayedSession {
  sessionId: string;
  at: string;
  /** What the composite would receive. */
  externalInputs: Record<string, unknown>;
  /** Wiring/constant mismatches against the recorded inputs, one line each. */
  wiringMismatches: string[];
  similarity: number;
  originalLatencyMs: number;
  compositeLatencyMs: number;
  /** The chain step that failed in this session, if any, and whether the strategy handles it. */
  failedStep?: number;
  failureHandled?: boolean;
}

export type ValidationStatus = 'passed' | 'failed' | 'insufficient_data';

export interface ValidationReport {
  toolId: string;
  chainKey: string;
  status: ValidationStatus;
  /** Sessions containing the chain, and how many were replayed. */
  sessionsAvailable: number;
  sessionsReplayed: number;
  similarity: { method: SimilarityMethod; mean: number; min: number; threshold: number };
  latency: { originalMs: number; compositeMs: number; parallelSavingsMs: number; ratio: number; max: number };
  wiring: { checked: number; mismatches: number };
  errorParity: { parity: boolean; failuresSeen: number; unhandled: string[] };
  sessions: ReplayedSession[];
  /** Why it did not pass, one line each (empty when passed). */
  reasons: string[];
}

// ---------------------------------------------------------------- promotion

export const TOOL_STATUSES = ['DRAFT', 'TESTING', 'PROMOTED', 'REJECTED'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

// ---------------------------------------------------------------- settings

/** Seed 001's settings (with the mining ones Cairn adds), validated once by parseLearningSettings. */
export interface LearningSettings {
  // mining
  /** Least share of sessions a chain must occur in (0..1]. */
  min_support: number;
  /** Shortest and longest chain (in steps). */
  min_length: number;
  max_length: number;
  /** Sample event ids kept per chain. */
  max_samples: number;
  // synthesis
  require_approval: boolean;
  max_parallel_steps: number;
  max_retries_on_invalid: number;
  prompt_template: 'default';
  // validation
  min_replay_sessions: number;
  equivalence_threshold: number;
  max_latency_regression: number;
  similarity_method: SimilarityMethod;
}

export const DEFAULT_LEARNING_SETTINGS: Readonly<LearningSettings> = Object.freeze({
  min_support: 0.1,
  min_length: 2,
  max_length: 6,
  max_samples: 5,
  require_approval: true,
  max_parallel_steps: 3,
  max_retries_on_invalid: 1,
  prompt_template: 'default',
  min_replay_sessions: 10,
  equivalence_threshold: 0.95,
  max_latency_regression: 1.2,
  similarity_method: 'cosine_tfidf',
});
