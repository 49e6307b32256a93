/**
 * D2: one operator per step type. An operator gets the step, its parameters with templates already
 * rendered, and the outputs of its dependencies; it returns the step's `result`, which later
 * conditions read as `step_N.result` and which always names the method used.
 */
import type { CorpusIndex, LlmProvider, SearchHit } from '../ports.js';
import type { CorpusDocument, DecompositionStep, LlmCallRecord, Modality, RetrievedDocument, StepOutput, StepType } from '../types.js';
import { StepExecutionError } from '../errors.js';
import { contentTerms } from '../retrieval/tokenize.js';
import { callLlm } from '../planner/planner.js';
import { answerPrompt, PLANNER_SYSTEM } from '../planner/prompts.js';
import { evaluateCondition, type StepView } from './expression.js';
import { filterDocuments, type FilterCriteria } from './operators/filter.js';
import { rerankDocuments } from './operators/rerank.js';
import { aggregate, subqueryIdOf, type AggregateMethod } from './operators/aggregate.js';

export interface OperatorContext {
  task: string;
  index: CorpusIndex;
  llm: LlmProvider;
  topK: number;
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
  return hits.map((hit, i) => ({
    id: hit.doc.id,
    ...(hit.doc.title !== undefined ? { title: hit.doc.title } : {}),
    text: hit.doc.text,
    modality: hit.doc.modality ?? 'text',
    ...(hit.doc.metadata !== undefined ? { metadata: hit.doc.metadata } : {}),
    score: hit.score,
    rank: i + 1,
    subquery_id: subqueryIdOf(step.step_id),
    rank_in_subquery: i + 1,
  }));
}

/** Share of the query's content words found in a document: what conditions test as `top_coverage`. */
function coverage(query: string, doc: RetrievedDocument | undefined): number {
  if (!doc) return 0;
  const wanted = new Set(contentTerms(query));
  if (wanted.size === 0) return 0;
  const present = new Set(contentTerms(`${doc.title ?? ''} ${doc.text}`));
  let hit = 0;
  for (const t of wanted) if (present.has(t)) hit++;
  return Math.round((hit / wanted.size) * 1000) / 1000;
}

function searchOperator(kind: 'keyword' | 'vector'): StepOperator {
  return async (step, p, _inputs, ctx) => {
    const query = String(p.query ?? '').trim();
    if (query === '') throw new StepExecutionError(`step ${step.step_id}: the query is empty after rendering its template`);
    const topK = typeof p.top_k === 'number' ? p.top_k : ctx.topK;
    const modality = p.modality as Modality | undefined;
    const hits =
      kind === 'keyword'
        ? ctx.index.keywordSearch(query, { topK, modality })
        : ctx.index.vectorSearch(query, { topK, modality });
    let documents = toRetrieved(hits, step);
    if (p.metadata && typeof p.metadata === 'object') documents = filterDocuments(documents, { metadata: p.metadata as Record<string, unknown> }).documents;
    return {
      query,
      documents,
      count: documents.length,
      top_score: documents[0]?.score ?? 0,
      top_coverage: coverage(query, documents[0]),
      search_method: kind === 'keyword' ? 'bm25' : ctx.index.vectorMethod,
    };
  };
}

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

const conditionalOperator: StepOperator = async (step, p, inputs) => {
  const expression = String(p.expression ?? '');
  const scope = new Map<number, StepView>();
  for (const [id, o] of inputs) scope.set(id, { result: o.result, status: o.status, skipped: o.status === 'skipped' });
  const run = evaluateCondition(expression, scope);
  return { run, expression, condition_method: 'safe-expression-v1', evaluated_over: [...inputs.keys()], step: step.step_id };
};

const llmCallOperator: StepOperator = async (step, p, inputs, ctx) => {
  const ids = [
    ...(typeof p.input_step === 'number' ? [p.input_step] : []),
    ...(Array.isArray(p.input_steps) ? (p.input_steps as number[]) : []),
  ];
  const sourceIds = ids.length > 0 ? ids : step.dependencies;
  const seen = new Set<string>();
  const documents: Array<{ id: string; title?: string; text: string }> = [];
  for (const id of sourceIds) {
    const output = inputs.get(id);
    if (!output || output.status !== 'succeeded') continue;
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
  const instruction = String(p.prompt);
  const maxTokens = typeof p.max_tokens === 'number' ? p.max_tokens : ANSWER_BUDGET_TOKENS;
  const { response, record } = await callLlm(ctx.llm, {
    purpose: 'answer',
    system: PLANNER_SYSTEM,
    messages: [{ role: 'user', content: answerPrompt({ question: ctx.task, instruction, documents }) }],
    maxTokens,
    temperature: 0,
    intent: { kind: 'answer', question: ctx.task, instruction, documents },
  });
  ctx.recordLlmCall(record);
  const citations = [...new Set([...response.text.matchAll(/\[([^\][]+)\]/g)].map((m) => m[1]!))].filter((c) => seen.has(c));
  return {
    text: response.text,
    citations,
    read_documents: documents.map((d) => d.id),
    llm_call: { provider: record.provider, model: record.model, input_tokens: record.inputTokens, output_tokens: record.outputTokens, duration_ms: record.durationMs },
  };
};

/**
 * Modality steps, local implementation: the transcript or caption a media document carries in its
 * metadata (`transcript`, `caption`). Real for corpora that ship them, as the sample corpus does;
 * on AWS the same step goes to Transcribe / a vision model behind the same port.
 */
function mediaOperator(kind: 'transcript' | 'caption'): StepOperator {
  return async (step, p, _inputs, ctx) => {
    const wanted = String(p.document_id ?? p.file ?? '');
    const doc = findMediaDocument(ctx.index, wanted);
    if (!doc) throw new StepExecutionError(`step ${step.step_id}: no document in the corpus for ${JSON.stringify(wanted)}`);
    const text = doc.metadata?.[kind];
    if (typeof text !== 'string' || text.trim() === '') {
      throw new StepExecutionError(`step ${step.step_id}: document ${doc.id} carries no ${kind} in its metadata`);
    }
    const retrieved: RetrievedDocument = {
      id: doc.id,
      ...(doc.title !== undefined ? { title: doc.title } : {}),
      text,
      modality: doc.modality ?? (kind === 'transcript' ? 'audio' : 'image'),
      score: 1,
      rank: 1,
      subquery_id: subqueryIdOf(step.step_id),
      rank_in_subquery: 1,
    };
    return {
      text,
      document_id: doc.id,
      documents: [retrieved],
      count: 1,
      [kind === 'transcript' ? 'transcription_method' : 'captioning_method']: `corpus-metadata-${kind}`,
    };
  };
}

function findMediaDocument(index: CorpusIndex, wanted: string): CorpusDocument | undefined {
  const direct = index.get(wanted);
  if (direct) return direct;
  const base = wanted.split('/').pop()?.toLowerCase() ?? '';
  return index
    .documents()
    .find((d) => [d.metadata?.file, d.metadata?.source, d.id, d.title].some((v) => typeof v === 'string' && (v.toLowerCase() === base || v.toLowerCase().endsWith(`/${base}`))));
}

export const STEP_OPERATORS: Partial<Record<StepType, StepOperator>> = {
  keyword_search: searchOperator('keyword'),
  vector_search: searchOperator('vector'),
  filter: filterOperator,
  rerank: rerankOperator,
  aggregate: aggregateOperator,
  conditional: conditionalOperator,
  llm_call: llmCallOperator,
  audio_transcription: mediaOperator('transcript'),
  image_captioning: mediaOperator('caption'),
};

/** The step types this build can execute; the planner is only offered these. */
export const EXECUTABLE_STEP_TYPES = Object.keys(STEP_OPERATORS) as StepType[];
