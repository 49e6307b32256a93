/**
 * D2: one operator per step type. An operator gets the step, its parameters with templates already
 * rendered, and the outputs of its dependencies; it returns the step's `result`, which later
 * conditions read as `step_N.result` and which always names the method used.
 */

import { StepExecutionError } from '../errors.js';
import { composeAnswer } from '../planner/compose-answer.js';
import type { CorpusIndex, LlmProvider, SearchHit } from '../ports.js';
import { conditionSupport } from '../retrieval/negation.js';
import { contentTerms, termShare } from '../retrieval/tokenize.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { DecompositionStep, LlmCallRecord, Modality, RetrievedDocument, StepOutput, StepType } from '../types.js';
import { evaluateCondition, type StepView } from './expression.js';
import { type AggregateMethod, aggregate, subqueryIdOf } from './operators/aggregate.js';
import { type FilterCriteria, filterDocuments } from './operators/filter.js';
import { graphQuery, multiHop, retrievedDocument } from './operators/graph.js';
import { rerankDocuments } from './operators/rerank.js';

export interface OperatorContext {
  task: string;
  index: CorpusIndex;
  llm: LlmProvider;
  topK: number;
  /** The results of every ancestor of the step (what its condition and expression may read). */
  scope?: ReadonlyMap<number, StepView>;
  /** Fires at the step's timeout: operators that call out pass it on. */
  signal: AbortSignal;
  tools: ToolRegistry;
  allowedTools?: readonly string[] | undefined;
  recordLlmCall(record: LlmCallRecord): void;
}

export type StepOperator = (
  step: DecompositionStep,
  parameters: Record<string, unknown>,
  inputs: ReadonlyMap<number, StepOutput>,
  ctx: OperatorContext,
) => Promise<Record<string, unknown>>;

/** How many documents of each input an llm_call reads. */
const LLM_DOCS_PER_INPUT = 4;
const ANSWER_BUDGET_TOKENS = 1024;

export function documentsOf(output: StepOutput | undefined): RetrievedDocument[] {
  const docs = output?.result.documents;
  return Array.isArray(docs) ? (docs as RetrievedDocument[]) : [];
}

function toRetrieved(hits: SearchHit[], step: DecompositionStep): RetrievedDocument[] {
  return attributed(
    step,
    hits.map((hit, i) => retrievedDocument(hit.doc, hit.score, i + 1)),
  );
}

/** Share of the query's content words found in a document: what conditions test as `top_coverage`. */
function coverage(query: string, doc: RetrievedDocument | undefined): number {
  if (!doc) return 0;
  const wanted = new Set(contentTerms(query));
  if (wanted.size === 0) return 0;
  return Math.round(termShare(wanted, new Set(contentTerms(`${doc.title ?? ''} ${doc.text}`))) * 1000) / 1000;
}

function searchOperator(kind: 'keyword' | 'vector'): StepOperator {
  return async (step, p, _inputs, ctx) => {
    const query = String(p.query ?? '').trim();
    if (query === '') throw new StepExecutionError(`step ${step.step_id}: the query is empty after rendering its template`);
    const topK = typeof p.top_k === 'number' ? p.top_k : ctx.topK;
    const modality = p.modality as Modality | undefined;
    const hits = kind === 'keyword' ? ctx.index.keywordSearch(query, { topK, modality }) : ctx.index.vectorSearch(query, { topK, modality });
    let documents = toRetrieved(hits, step);
    if (p.metadata && typeof p.metadata === 'object') documents = filterDocuments(documents, { metadata: p.metadata as Record<string, unknown> }).documents;
    // Whether the passages affirm the query or deny it: what a conditional gate reads as `supported`.
    const support = conditionSupport(query, documents);
    return {
      ...ranked(query, documents),
      top_coverage: coverage(query, documents[0]),
      supported: support.supported,
      support_reason: support.reason,
      search_method: kind === 'keyword' ? 'bm25' : ctx.index.vectorMethod,
    };
  };
}

/** What every ranking step's result holds: the query, the ranked documents and their summary. */
function ranked(query: string, documents: RetrievedDocument[]) {
  return { query, documents, count: documents.length, top_score: documents[0]?.score ?? 0 };
}

/** Marks each document of a graph step with the sub-query (this step) and its rank there. */
function attributed(step: DecompositionStep, documents: RetrievedDocument[]): RetrievedDocument[] {
  return documents.map((d, i) => ({ ...d, subquery_id: subqueryIdOf(step.step_id), rank_in_subquery: i + 1 }));
}

const multiHopOperator: StepOperator = async (step, p, inputs, ctx) => {
  const source = inputStep(step, p, inputs);
  const query = typeof p.query === 'string' && p.query.trim() !== '' ? p.query : ctx.task;
  const hops = typeof p.hops === 'number' ? p.hops : 1;
  const out = multiHop(ctx.index, documentsOf(source), { query, hops, topK: typeof p.top_k === 'number' ? p.top_k : ctx.topK });
  return {
    ...ranked(query, attributed(step, out.documents)),
    paths: out.paths,
    linked: out.paths.filter((x) => x.via !== undefined).length,
    multi_hop: out.multi_hop,
    input_step: source.step_id,
  };
};

const graphQueryOperator: StepOperator = async (step, p, _inputs, ctx) => {
  const query = String(p.query ?? p.related_to ?? '').trim();
  if (query === '') throw new StepExecutionError(`step ${step.step_id}: graph_query needs a query or related_to`);
  const depth = typeof p.depth === 'number' ? p.depth : 1;
  const out = graphQuery(ctx.index, { query, depth, topK: typeof p.top_k === 'number' ? p.top_k : ctx.topK });
  const documents = attributed(step, out.documents);
  return {
    ...ranked(query, documents),
    top_coverage: coverage(query, documents[0]),
    entities: out.entities,
    ...(out.entities.length === 0 ? { reason: `no document is titled by an entity named in "${query}"; seeded by direct matches only` } : {}),
    graph_method: out.graph_method,
  };
};

function inputStep(step: DecompositionStep, p: Record<string, unknown>, inputs: ReadonlyMap<number, StepOutput>): StepOutput {
  const id = typeof p.input_step === 'number' ? p.input_step : step.dependencies[0];
  const output = id === undefined ? undefined : inputs.get(id);
  if (!output) throw new StepExecutionError(`step ${step.step_id}: input step ${String(id)} has no output`);
  return output;
}

const filterOperator: StepOperator = async (step, p, inputs) => {
  const source = inputStep(step, p, inputs);
  const criteria: FilterCriteria = {};
  if (typeof p.min_score === 'number') criteria.min_score = p.min_score;
  if (p.metadata && typeof p.metadata === 'object') criteria.metadata = p.metadata as Record<string, unknown>;
  if (typeof p.modality === 'string') criteria.modality = p.modality as Modality;
  if (typeof p.max_results === 'number') criteria.max_results = p.max_results;
  const out = filterDocuments(documentsOf(source), criteria);
  return { documents: out.documents, count: out.documents.length, removed: out.removed, filter_method: out.filter_method, input_step: source.step_id };
};

const rerankOperator: StepOperator = async (step, p, inputs, ctx) => {
  const source = inputStep(step, p, inputs);
  const query = typeof p.query === 'string' && p.query.trim() !== '' ? p.query : ctx.task;
  const topK = typeof p.top_k === 'number' ? p.top_k : undefined;
  const out = rerankDocuments(query, documentsOf(source), topK === undefined ? {} : { topK });
  return { documents: out.documents, count: out.documents.length, rerank_method: out.rerank_method, query, input_step: source.step_id };
};

const aggregateOperator: StepOperator = async (step, p, inputs) => {
  const ids = Array.isArray(p.input_steps) ? (p.input_steps as number[]) : step.dependencies;
  const lists = ids
    .map((id) => inputs.get(id))
    .filter((o): o is StepOutput => o !== undefined && o.status === 'succeeded')
    .map((o) => ({ stepId: o.step_id, documents: documentsOf(o) }));
  const method = (p.method ?? 'union') as AggregateMethod;
  const out = aggregate(lists, method, typeof p.top_k === 'number' ? p.top_k : undefined);
  return {
    documents: out.documents,
    count: out.documents.length,
    aggregate_method: out.aggregate_method,
    input_steps: lists.map((l) => l.stepId),
    missing_inputs: ids.filter((id) => !lists.some((l) => l.stepId === id)),
  };
};

const conditionalOperator: StepOperator = async (step, p, inputs, ctx) => {
  const expression = String(p.expression ?? '');
  // The validator lets an expression read any ancestor, not only a direct dependency.
  const scope = new Map<number, StepView>(ctx.scope ?? []);
  for (const [id, o] of inputs) scope.set(id, { result: o.result, status: o.status, skipped: o.status === 'skipped' });
  const run = evaluateCondition(expression, scope);
  // Why it held or not, in words: what the evidence it read said about the condition.
  const because = [...inputs.values()].map((o) => o.result.support_reason).filter((r): r is string => typeof r === 'string');
  return {
    run,
    expression,
    condition_method: 'safe-expression-v1',
    evaluated_over: [...inputs.keys()],
    step: step.step_id,
    ...(because.length > 0 ? { because: because.join('; ') } : {}),
  };
};

const llmCallOperator: StepOperator = async (step, p, inputs, ctx) => {
  const ids = [...(typeof p.input_step === 'number' ? [p.input_step] : []), ...(Array.isArray(p.input_steps) ? (p.input_steps as number[]) : [])];
  const sourceIds = ids.length > 0 ? ids : step.dependencies;
  const seen = new Set<string>();
  const documents: Array<{ id: string; title?: string; text: string }> = [];
  for (const id of sourceIds) {
    const output = inputs.get(id);
    if (output?.status !== 'succeeded') continue;
    const docs = documentsOf(output).slice(0, LLM_DOCS_PER_INPUT);
    if (docs.length === 0 && typeof output.result.text === 'string') {
      documents.push({ id: `step-${id}`, text: output.result.text });
      continue;
    }
    for (const d of docs) {
      if (seen.has(d.id)) continue;
      seen.add(d.id);
      documents.push({ id: d.id, ...(d.title !== undefined ? { title: d.title } : {}), text: d.text });
    }
  }
  const maxTokens = typeof p.max_tokens === 'number' ? p.max_tokens : ANSWER_BUDGET_TOKENS;
  const answer = await composeAnswer(ctx.llm, { question: ctx.task, instruction: String(p.prompt), documents, maxTokens });
  const record = answer.call;
  ctx.recordLlmCall(record);
  return {
    text: answer.text,
    citations: answer.citations,
    read_documents: documents.map((d) => d.id),
    llm_call: {
      provider: record.provider,
      model: record.model,
      input_tokens: record.inputTokens,
      output_tokens: record.outputTokens,
      duration_ms: record.durationMs,
    },
  };
};

/**
 * Modality steps run registered tools (`media.transcribe`, `media.caption`): the local registry's
 * read the transcript or caption the corpus carries; an AWS registry's call the services. The step
 * type itself is the permission, so the request's tool allow-list (which governs tool_call) does
 * not apply to them.
 */
function mediaOperator(tool: 'media.transcribe' | 'media.caption'): StepOperator {
  return async (step, p, _inputs, ctx) => {
    const args = { ...(p.file !== undefined ? { file: p.file } : {}), ...(p.document_id !== undefined ? { document_id: p.document_id } : {}) };
    const prepared = ctx.tools.prepare(tool, args);
    const out = await prepared.definition.run(prepared.args, { index: ctx.index, signal: ctx.signal });
    const text = String(out.text ?? '');
    const doc = typeof out.document_id === 'string' ? ctx.index.get(out.document_id) : undefined;
    const retrieved: RetrievedDocument = {
      id: doc?.id ?? `step-${step.step_id}`,
      ...(doc?.title !== undefined ? { title: doc.title } : {}),
      text,
      modality: doc?.modality ?? step.modality,
      score: 1,
      rank: 1,
      subquery_id: subqueryIdOf(step.step_id),
      rank_in_subquery: 1,
    };
    return {
      text,
      ...(doc ? { document_id: doc.id } : {}),
      documents: [retrieved],
      count: 1,
      tool,
      [tool === 'media.transcribe' ? 'transcription_method' : 'captioning_method']: String(out.method ?? tool),
    };
  };
}

/** tool_call: a registered tool, allowed by the request, with arguments that pass its schema. */
const toolCallOperator: StepOperator = async (step, p, _inputs, ctx) => {
  const name = step.tool ?? (typeof p.tool === 'string' ? p.tool : undefined);
  if (!name) throw new StepExecutionError(`step ${step.step_id}: tool_call names no tool`);
  const args = (p.args ?? step.params ?? {}) as Record<string, unknown>;
  const prepared = ctx.tools.prepare(name, args, ctx.allowedTools);
  const output = await prepared.definition.run(prepared.args, { index: ctx.index, signal: ctx.signal });
  return { tool: prepared.definition.name, args: prepared.args, output, tool_method: `registry:${prepared.definition.name}` };
};

export const STEP_OPERATORS: Partial<Record<StepType, StepOperator>> = {
  keyword_search: searchOperator('keyword'),
  vector_search: searchOperator('vector'),
  filter: filterOperator,
  rerank: rerankOperator,
  aggregate: aggregateOperator,
  conditional: conditionalOperator,
  llm_call: llmCallOperator,
  'multi-hop': multiHopOperator,
  graph_query: graphQueryOperator,
  tool_call: toolCallOperator,
  audio_transcription: mediaOperator('media.transcribe'),
  image_captioning: mediaOperator('media.caption'),
};

/** The step types this build can execute; the planner is only offered these. */
export const EXECUTABLE_STEP_TYPES = Object.keys(STEP_OPERATORS) as StepType[];
