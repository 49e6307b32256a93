/**
 * What a step type is made of. Each type has one module in this folder that exports a
 * StepDefinition; the catalog (index.ts) lists them, and the enums, the operator table, the source
 * sets, the policies and the labels are all derived from it.
 */
import type { StepView } from '../expression/expression.js';
import type { CorpusIndex, Lexicon, LlmProvider, Reranker } from '../ports.js';
import type { SubPlanRunner, ToolRegistry } from '../tools/registry.js';
import type { DecompositionStep, LlmCallRecord, Modality, StepOutput, StepType } from '../types.js';

export interface OperatorContext {
  task: string;
  index: CorpusIndex;
  llm: LlmProvider;
  /** A cross-encoder or reranking service for the rerank step; the lexical reranker when absent. */
  reranker?: Reranker | undefined;
  /** Word forms for choosing the sentences an answer reads ("won" for "win"); the words themselves when absent. */
  lexicon?: Lexicon | undefined;
  topK: number;
  /** The results of every ancestor of the step (what its condition and expression may read). */
  scope?: ReadonlyMap<number, StepView>;
  /** Fires at the step's timeout: operators that call out pass it on. */
  signal: AbortSignal;
  tools: ToolRegistry;
  allowedTools?: readonly string[] | undefined;
  /** The request's step types; every type when absent (a composite's parts are checked against them). */
  allowedStepTypes?: readonly StepType[] | undefined;
  /** The user's answers to the plan's elicitation steps so far, by step id. */
  answers?: ReadonlyMap<number, unknown> | undefined;
  recordLlmCall(record: LlmCallRecord): void;
  /** Runs a small plan inside this step (a composite tool's parts), with this step's tools, allow-list and corpus. */
  runSubPlan?: SubPlanRunner;
}

/**
 * An operator gets the step, its parameters with templates already rendered, and the outputs of
 * its dependencies; it returns the step's `result`, which later conditions read as
 * `step_N.result` and which always names the method used.
 */
export type StepOperator = (
  step: DecompositionStep,
  parameters: Record<string, unknown>,
  inputs: ReadonlyMap<number, StepOutput>,
  ctx: OperatorContext,
) => Promise<Record<string, unknown>>;

export type ErrorStrategy = 'retry' | 'skip' | 'abort';

export interface StepPolicy {
  strategy: ErrorStrategy;
  maxAttempts: number;
  backoffMs: number;
  timeoutMs: number;
}

/**
 * Steps that call out (models, tools, media) are retried; the rest are deterministic over the
 * corpus, so a second attempt would fail the same way.
 */
export const DETERMINISTIC_POLICY: StepPolicy = { strategy: 'abort', maxAttempts: 1, backoffMs: 0, timeoutMs: 30_000 };

/** A parameter schema as shipped in schemas/steps/ (its `$id` names the file). */
export interface StepSchema {
  readonly $id: string;
  readonly [key: string]: unknown;
}

export interface StepDefinition {
  /** The JSON Schema of the step's `parameters` (schemas/steps/<type>.schema.json). */
  schema: StepSchema;
  operator: StepOperator;
  /** What happens when the operator fails, unless the step declares its own `on_error` / `retry` / `timeout_ms`. */
  errorPolicy: StepPolicy;
  /** When a dependency was skipped: `skip` this step too, or `continue` with what is there. */
  onDependencySkipped: 'skip' | 'continue';
  /** A sub-query puts a question to the corpus: it is attributed and counted for coverage, and sanitized against the task. */
  subquery: boolean;
  /** A ranking step puts a ranked list of documents in `result.documents`: the sources are drawn from those. */
  ranking: boolean;
  /** The only modality the step can work on, when it cannot work on any. */
  modality?: Modality;
  /**
   * How pictures of a plan describe the step, as a template over its parameters: `{name}` is the
   * value (a list joined by commas), `{"name"}` the value quoted, `{...}` every parameter
   * the template does not name, as key=value; `[...]` is shown only when the parameters it names are set. Without
   * one, the parameters are shown as JSON.
   */
  label?: string;
}
