/**
 * Attribution by design (seed 003). Every retrieval sub-query keeps its top-N documents
 * (default 1) that no earlier sub-query already kept; those kept sources lead the final ranking,
 * followed by the plan's final ranked list. Coverage telemetry says how many sub-queries found
 * anything at all.
 */
import { documentsOf, subqueryIdOf } from '../steps/documents.js';
import { RANKING_TYPES, SUBQUERY_TYPES } from '../steps/index.js';
import type { DecompositionPlan, FinalResults, RetrievedDocument, Source, StepOutput } from '../types.js';

export interface SourceOptions {
  attributionTopN: number;
  maxSources: number;
  snippetChars?: number;
}

export interface RankedSources {
  /** Each with its `rank` in this list. */
  sources: Source[];
  /** How many of the first sources are the ones kept per sub-query (attribution by design). */
  kept: number;
  coverage: FinalResults['coverage'];
}

/**
 * The sub-queries are grouped by the aggregate that fuses them when there is one (a sub-query
 * searched two ways is one sub-query), otherwise each search step is its own sub-query.
 */
export function rankSources(plan: DecompositionPlan, outputs: readonly StepOutput[], options: SourceOptions): RankedSources {
  const byId = new Map(outputs.map((o) => [o.step_id, o]));
  const subqueries = subqueryOutputs(plan, byId);
  const kept: Source[] = [];
  const keptIds = new Set<string>();
  let covered = 0;
  for (const output of subqueries) {
    const docs = documentsOf(output);
    if (docs.length > 0) covered++;
    let taken = 0;
    for (const [i, doc] of docs.entries()) {
      if (taken >= options.attributionTopN) break;
      if (keptIds.has(doc.id)) continue;
      keptIds.add(doc.id);
      kept.push(toSource({ ...doc, subquery_id: subqueryIdOf(output.step_id), rank_in_subquery: i + 1 }, output.step_id, i + 1, options));
      taken++;
    }
  }
  const finalList = finalRanking(plan, byId);
  const rest: Source[] = [];
  for (const { doc, stepId, rank } of finalList) {
    if (keptIds.has(doc.id)) continue;
    keptIds.add(doc.id);
    rest.push(toSource(doc, stepId, rank, options));
  }
  const count = subqueries.length;
  return {
    sources: [...kept, ...rest].slice(0, options.maxSources).map((s, i) => ({ ...s, rank: i + 1 })),
    kept: Math.min(kept.length, options.maxSources),
    coverage: { subquery_count: count, covered_count: covered, coverage_ratio: count === 0 ? 0 : Math.round((covered / count) * 1000) / 1000 },
  };
}

/**
 * A tool call that handed on ranked documents (a learned composite of retrieval steps): it stands
 * for the sub-query its parts searched, and its list is a ranking like a rerank's.
 */
function rankedCall(step: DecompositionPlan['plan'][number], byId: Map<number, StepOutput>): boolean {
  return step.type === 'tool_call' && Array.isArray(byId.get(step.step_id)?.result.documents);
}

/** The ranked list of each sub-query that ran: a fusing aggregate stands for the searches it fuses. */
function subqueryOutputs(plan: DecompositionPlan, byId: Map<number, StepOutput>): StepOutput[] {
  const searches = plan.plan.filter((s) => SUBQUERY_TYPES.has(s.type) || rankedCall(s, byId));
  const absorbed = new Set<number>();
  const result: StepOutput[] = [];
  for (const step of plan.plan) {
    if (step.type !== 'aggregate' || step.parameters.method !== 'rank_fusion') continue;
    const inputs = (step.parameters.input_steps as number[] | undefined) ?? step.dependencies;
    const out = byId.get(step.step_id);
    // Only a fusion that ran stands for its searches; otherwise they count one by one.
    if (out?.status === 'succeeded' && inputs.length > 0 && inputs.every((id) => searches.some((s) => s.step_id === id))) {
      for (const id of inputs) absorbed.add(id);
      result.push(out);
    }
  }
  for (const s of searches) {
    if (absorbed.has(s.step_id)) continue;
    const out = byId.get(s.step_id);
    if (out?.status === 'succeeded') result.push(out);
  }
  return result.sort((a, b) => a.step_id - b.step_id);
}

/**
 * The plan's final ranked list: the output of its last ranking step (the one nothing else ranks
 * further), followed by everything any other ranking step found, by best rank.
 */
function finalRanking(plan: DecompositionPlan, byId: Map<number, StepOutput>): Array<{ doc: RetrievedDocument; stepId: number; rank: number }> {
  const ranks = (s: DecompositionPlan['plan'][number]) => RANKING_TYPES.has(s.type) || rankedCall(s, byId);
  const ranking = plan.plan.filter((s) => ranks(s) && byId.get(s.step_id)?.status === 'succeeded');
  const consumed = new Set(plan.plan.filter(ranks).flatMap((s) => s.dependencies));
  const sinks = ranking.filter((s) => !consumed.has(s.step_id)).sort((a, b) => b.step_id - a.step_id);
  const ordered = [...sinks, ...ranking.filter((s) => !sinks.includes(s)).sort((a, b) => b.step_id - a.step_id)];
  const list: Array<{ doc: RetrievedDocument; stepId: number; rank: number }> = [];
  for (const step of ordered.slice(0, sinks.length)) {
    for (const [i, doc] of documentsOf(byId.get(step.step_id)).entries()) list.push({ doc, stepId: step.step_id, rank: i + 1 });
  }
  // Then the rest by their rank in whichever list ranked them best.
  const rest = ordered
    .slice(sinks.length)
    .flatMap((step) => documentsOf(byId.get(step.step_id)).map((doc, i) => ({ doc, stepId: step.step_id, rank: i + 1 })))
    .sort((a, b) => a.rank - b.rank);
  return [...list, ...rest];
}

function toSource(doc: RetrievedDocument, stepId: number, rank: number, options: SourceOptions): Source {
  const snippetChars = options.snippetChars ?? 240;
  const text = doc.text.replace(/\s+/g, ' ').trim();
  return {
    id: doc.id,
    ...(doc.title !== undefined ? { title: doc.title } : {}),
    modality: doc.modality,
    score: Math.round(doc.score * 10000) / 10000,
    step_id: stepId,
    subquery_id: doc.subquery_id ?? subqueryIdOf(stepId),
    rank_in_subquery: doc.rank_in_subquery ?? rank,
    snippet: text.length > snippetChars ? `${text.slice(0, snippetChars - 1)}…` : text,
  };
}

/** The plan's answer step: its last llm_call that ran and nothing depends on. */
export function answerStep(plan: DecompositionPlan, outputs: readonly StepOutput[]): StepOutput | undefined {
  const dependedOn = new Set(plan.plan.flatMap((s) => s.dependencies));
  return [...outputs]
    .reverse()
    .find((o) => o.type === 'llm_call' && o.status === 'succeeded' && !dependedOn.has(o.step_id) && typeof o.result.text === 'string');
}
