/**
 * Ports: the only ways the pure core reaches the world. Adapters in functions/adapters implement
 * them; handlers and the CLI wire adapters in. Nothing here imports an SDK.
 */

import type { MinedChain, ParameterAnalysis, SynthesizedTool } from './learn/types.js';
import type {
  CorpusDocument,
  DecompositionPlan,
  LlmCallAccounting,
  LlmPurpose,
  Modality,
  PlanAttempt,
  PlanOrigin,
  PlanRecord,
  PlanStatus,
  RoundResult,
  StepOutput,
  StepType,
  TaskAnalysis,
  TraceEvent,
  TraceEventInput,
  ValidationIssue,
} from './types.js';
import type { WorkflowInput } from './workflow/types.js';

// ---------------------------------------------------------------- LLM

export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string;
  /**
   * An assistant turn that answered through the structured-output tool (an earlier round's plan):
   * the call's id and its input. Providers with tools send it as their tool-call block.
   */
  toolCall?: { id: string; input: unknown };
  /** A user turn that carries the outcome of the assistant's call `id` (a round's results). */
  toolResult?: { id: string };
}

/**
 * What the prompt asks, in structured form. Prose-reading providers (Anthropic, OpenAI-compatible)
 * use `system` and `messages`; the rule-based provider, which reads no prose, uses this.
 */
export type LlmIntent =
  | { kind: 'analysis'; task: string }
  | {
      kind: 'plan';
      task: string;
      analysis?: TaskAnalysis;
      allowedStepTypes: readonly StepType[];
      maxSteps: number;
      topK: number;
      /** Learned composites the plan may call with a tool_call (allowed with all their parts). */
      tools?: readonly SynthesizedTool[];
      /** The task's analysis is asked in this same call: the answer carries `analysis` beside `plan`. */
      withAnalysis?: boolean;
      /** The analysis's fields asked for in that call (the rest Cairn fills in from the plan); all of them when absent. */
      analysisFields?: readonly string[];
    }
  | {
      kind: 'repair';
      task: string;
      /** What the repair prompt shows of the previous answer: the steps the errors name and an outline of the others, or all of it. */
      previousText: string;
      errors: ValidationIssue[];
      attempt: number;
      allowedStepTypes: readonly StepType[];
    }
  | {
      /** Iterative mode: the plan so far and every round's results; the planner adds steps or answers. */
      kind: 'next_round';
      task: string;
      analysis?: TaskAnalysis;
      /** The round about to be planned (2 for the first look back). */
      round: number;
      maxRounds: number;
      plan: DecompositionPlan;
      results: RoundResult[];
      allowedStepTypes: readonly StepType[];
      maxSteps: number;
      topK: number;
    }
  | {
      kind: 'answer';
      question: string;
      instruction: string;
      documents: Array<{ id: string; title?: string; text: string }>;
    }
  | {
      /** A composite tool for a mined chain (learning); `errors` on the correction retry. */
      kind: 'synthesis';
      chain: Pick<MinedChain, 'key' | 'symbols' | 'sessionCount' | 'support'>;
      analysis: ParameterAnalysis;
      maxParallelSteps: number;
      errors?: string[];
    };

export interface LlmRequest {
  purpose: LlmPurpose;
  system: string;
  messages: LlmMessage[];
  maxTokens: number;
  temperature: number;
  intent: LlmIntent;
  /** A JSON Schema the answer must follow, for providers with structured outputs. */
  responseSchema?: Record<string, unknown>;
}

export interface LlmResponse extends LlmCallAccounting {
  text: string;
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  stopReason: string;
}

/**
 * Asked by a layer that is about to make another HTTP attempt of the same call (a retry, the next
 * provider of a fallback list), before it makes it, with the failure that ended the attempt before:
 * returns the request to send (its output limit perhaps lowered) or throws (BudgetExceededError)
 * to end the call there. The request's budget gives it (core/planner/budget.ts): every attempt is a
 * call, and costs one.
 */
export type LlmAttemptGate = (request: LlmRequest, after: unknown) => LlmRequest;

export interface LlmProvider {
  readonly name: string;
  readonly model: string;
  /** The trace's `source` for plans this provider writes (`rule-based` for the rule-based planner). */
  readonly source: string;
  /** A provider that wraps others passes `gate` on, and asks it before each attempt it adds. */
  complete(request: LlmRequest, signal?: AbortSignal, gate?: LlmAttemptGate): Promise<LlmResponse>;
  /**
   * The text the model reads from `request` as this provider sends it (the system text, the turns,
   * the tool definitions, the schema of the structured answer): what a token budget counts. Without
   * it, the request's own parts are counted (core/llm/token-count.ts).
   */
  sentText?(request: LlmRequest): Promise<string>;
}

// ---------------------------------------------------------------- plan cache

/** A valid plan stored under the key of the request that produced it (see core/planner/plan-cache-key.ts). */
export interface CachedPlan {
  key: string;
  plan: DecompositionPlan;
  reasoning?: string;
  analysis?: TaskAnalysis;
  /** Who wrote the plan, and in which request. */
  provider: string;
  model: string;
  planId: string;
  createdAt: string;
}

export interface PlanCache {
  get(key: string): Promise<CachedPlan | undefined>;
  /** Stores (or replaces) the entry; it expires like the traces do. */
  put(entry: CachedPlan): Promise<void>;
}

// ---------------------------------------------------------------- traces and plans

export interface ListPlansQuery {
  status?: PlanStatus;
  limit?: number;
  /**
   * ISO time: without a status, the plans created at or after it; with one, the plans updated at
   * or after it (the status index's key), among which the caller picks those created since.
   */
  since?: string;
  /**
   * Where an earlier listing stopped: the plans after this one in the listing's order (by
   * `updatedAt` with a status, by `createdAt` without), which `at` holds.
   */
  after?: { planId: string; at: string };
}

/** What updatePlan may change: everything but the plan's identity and the fields the store keeps itself. */
export type PlanPatch = Partial<Omit<PlanRecord, 'planId' | 'version' | 'createdAt' | 'eventCount'>>;

/**
 * Records a phase writes with a batch of its events, in the same requests: the step outputs whose
 * ends the events tell, the attempt they trace. Written with the events, before a settled status.
 */
export interface TraceRecords {
  outputs?: readonly StepOutput[];
  attempts?: readonly PlanAttempt[];
}

/** The plan's META item, its ordered events, its planner attempts and its step results. */
export interface TraceStore {
  /**
   * Creates the META item; fails with PlanExistsError when the id is taken (idempotent starts).
   * `events` are the plan's first events, numbered from 1 by the same write and stored after it.
   */
  createPlan(record: PlanRecord, events?: readonly TraceEventInput[]): Promise<void>;
  /**
   * The plan's record. With `written`, the version the caller knows to be the plan's last (the
   * previous phase reported it), a store that wrote that very version itself may answer from
   * memory: nobody else can have written it, and a later write would have another version.
   */
  getPlan(planId: string, options?: { written?: number }): Promise<PlanRecord | undefined>;
  /**
   * Applies `patch` under a version check, by the rules of `applyPlanPatch` (trace/plan-patch.ts):
   * a status never goes backwards and a terminal plan never changes. Returns the updated record.
   */
  updatePlan(planId: string, patch: PlanPatch): Promise<PlanRecord>;
  /**
   * updatePlan, and `events` appended with it, in their order, with the `records` they tell of. A
   * plan never reads as done before its trace is: the patch, the numbers and the events are one
   * atomic write where the store has one (DynamoDB's TransactWriteItems); otherwise a patch that
   * finishes the plan is written after its events.
   */
  updatePlanWithEvents(
    planId: string,
    patch: PlanPatch,
    events: readonly TraceEventInput[],
    records?: TraceRecords,
  ): Promise<{ record: PlanRecord; events: TraceEvent[] }>;
  /** Appends an event with the next sequence number of the plan. */
  appendEvent(planId: string, event: TraceEventInput): Promise<TraceEvent>;
  /**
   * Appends events with the plan's next sequence numbers, in their order, and `records` with them:
   * one write where the store can take the numbers and the events at once, else one counter write
   * for all of them, then the events and records together.
   */
  appendEvents(planId: string, events: readonly TraceEventInput[], records?: TraceRecords): Promise<TraceEvent[]>;
  listEvents(planId: string): Promise<TraceEvent[]>;
  putAttempt(planId: string, attempt: PlanAttempt): Promise<void>;
  /** An attempt. With `written`, as getPlan: the attempt a store wrote itself at that version of the record may come from memory. */
  getAttempt(planId: string, attempt: number, options?: { written?: number }): Promise<PlanAttempt | undefined>;
  listAttempts(planId: string): Promise<PlanAttempt[]>;
  putStepOutput(planId: string, output: StepOutput): Promise<void>;
  /**
   * The plan's step outputs by step id. With `written`, as getPlan: a store that wrote that version
   * of the record itself, and every output since the plan was created, may answer from memory.
   */
  listStepOutputs(planId: string, options?: { written?: number }): Promise<StepOutput[]>;
  listPlans(query?: ListPlansQuery): Promise<PlanRecord[]>;
}

// ---------------------------------------------------------------- corpus and retrieval

export interface SearchHit {
  doc: CorpusDocument;
  score: number;
}

export interface SearchOptions {
  topK: number;
  modality?: Modality | undefined;
}

/**
 * The corpus behind a search engine: indexed once (in memory per container, or on disk by
 * `cairn index`) and asked through promises, so an engine or a remote service can sit behind it.
 */
export interface CorpusIndex {
  /** How many documents the index holds. */
  readonly size: number;
  get(id: string): Promise<CorpusDocument | undefined>;
  /**
   * The document a file name or id refers to: its id, or a document whose `metadata.file`,
   * `metadata.source`, id or title ends with the reference's last path segment (case-insensitive).
   * The first such document in corpus order wins.
   */
  findDocument(reference: string): Promise<CorpusDocument | undefined>;
  keywordSearch(query: string, options: SearchOptions): Promise<SearchHit[]>;
  vectorSearch(query: string, options: SearchOptions): Promise<SearchHit[]>;
  /** The name of the keyword method, recorded in search outputs (`search_method`). */
  readonly keywordMethod: string;
  /** The name of the embedding method, recorded in search outputs (`search_method`). */
  readonly vectorMethod: string;
  /** The entity graph: documents this one mentions by title, then documents that mention it. */
  linkedDocuments(id: string): Promise<readonly string[]>;
  /** Documents whose title the text mentions (entity linking by title). */
  documentsNamedIn(text: string): Promise<readonly string[]>;
  /** The name of the graph construction, recorded by graph steps (`graph_method`). */
  readonly graphMethod: string;
}

/** Turns a corpus reference (a path, or an S3 URI on AWS) into an index. */
export interface CorpusProvider {
  load(ref: string | undefined): Promise<CorpusIndex>;
}

/** Maps text to a vector. The local default is a lexical vectorizer, named for what it is. */
export interface Embedder {
  readonly name: string;
  readonly dimensions: number;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export interface RerankDocument {
  id: string;
  text: string;
}

export interface RerankHit {
  id: string;
  score: number;
}

/** Orders documents by their relevance to a query (a cross-encoder, or a reranking service). */
export interface Reranker {
  /** The name of the reranking method, recorded by the steps that use it. */
  readonly name: string;
  /** The `topN` most relevant of `docs`, best first; ids are those of `docs`. */
  rerank(query: string, docs: readonly RerankDocument[], topN: number, signal?: AbortSignal): Promise<RerankHit[]>;
}

// ---------------------------------------------------------------- intake and results

/** Starts the state machine for a plan (Step Functions on AWS). */
export interface WorkflowStarter {
  /**
   * True when a second start with the same name is refused (Standard workflows); Express
   * workflows do not deduplicate by name, so intake starts a plan again only while its record
   * does not say it started (`startedAt`, core/workflow/start-plan.ts).
   */
  readonly deduplicatesByName: boolean;
  /**
   * Starts an execution called `name` with `input`. `started: false` when an execution of that
   * name exists already ("already started", not an error).
   */
  start(name: string, input: WorkflowInput): Promise<{ started: boolean }>;
}

/**
 * Resumes an execution that waits on a task token with its output (Step Functions'
 * SendTaskSuccess; in this process, the local runner's waiting state).
 */
export interface TaskTokenSender {
  succeed(token: string, output: Readonly<Record<string, unknown>>): Promise<void>;
}

/** Where a finished plan's result goes when its origin asks for one (`<key>.result.json`). */
export interface ResultWriter {
  write(origin: PlanOrigin, document: Readonly<Record<string, unknown>>): Promise<void>;
}

// ---------------------------------------------------------------- lexicon

/**
 * Words related by meaning, for reading a question against evidence that words it otherwise:
 * "live" → inhabit, dwell, population; "bike" → bicycle. Synchronous: the answer reads a few
 * words of a question, and each look-up is a few small reads of a file already open.
 */
export interface Lexicon {
  /**
   * The words of `phrase`'s commonest senses (its synonyms) and the words derived from them, lower
   * case, `phrase` first; `[phrase]` when the lexicon does not know it. A phrase of two words
   * ("head office") that the lexicon does not hold is read as its head noun's kinds named after
   * the modifier (headquarters, a kind of office).
   */
  related(phrase: string): readonly string[];
  /**
   * Whether a word is only ever a common word, never a name: every sense the lexicon knows writes
   * it in lower case ("Audio", "Most" at the head of a sentence), while "Nice" is also a city.
   * False for a word the lexicon does not know.
   */
  isCommonWord?(word: string): boolean;
  /**
   * Whether a noun names a kind of `kind` through its commonest senses' hypernyms, at most `levels`
   * up (five unless told): a resident, an inhabitant, a citizen are kinds of person; a stew, one
   * level below dish, is a kind of dish.
   */
  isKindOf?(word: string, kind: string, levels?: number): boolean;
  /**
   * Whether a word is an adjective of a name, written with a capital ("French" of France,
   * "European" of Europe): what a person or a place is, never who or where. False for a word the
   * lexicon does not know.
   */
  isNameAdjective?(word: string): boolean;
  /** Whether the lexicon knows a word only as a name, whatever its case ("strasbourg", "Nice" is also a common word). */
  isOnlyName?(word: string): boolean;
  /** The name an adjective of a name is of, as written ("French" → France); undefined for any other word. */
  nameOf?(adjective: string): string | undefined;
  /**
   * The nouns a noun's commonest senses are kinds of, at most `levels` up (two unless told), lower
   * case: "red" → chromatic color, color; "white" → achromatic color, color. [] for a word it does not know as a noun.
   */
  kindsOf?(word: string, levels?: number): readonly string[];
  /** The words the lexicon gives as a word's opposites ("left" → right, "north" → south), lower case; [] when it knows none. */
  antonyms?(word: string): readonly string[];
  /**
   * A verb's irregular forms, lower case, both ways: "win" → won, "won" → win, "built" → build;
   * [] for a word without (a stemmer reaches the regular ones).
   */
  irregularForms?(word: string): readonly string[];
}

// ---------------------------------------------------------------- time

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
