/**
 * Attribution by design (seed 003). Every retrieval sub-query keeps its top-N documents
 * (default 1) that no earlier sub-query already kept, a sub-query that is a name the passage
 * titled so first; those kept sources lead the final ranking,
 * followed by the plan's final ranked list. Coverage telemetry says how many sub-queries found
 * anything at all.
 *
 * A plan of one sub-query is ranked by its final ranking alone, its kept document where that
 * ranking puts it. Two guards keep the plan from ranking below one search of the whole question (issue 24, item 7),
 * whatever planner wrote it: the best document of a keyword search of the task itself stays in the
 * first two; and a second hop (`multi-hop`) comes after its first hop's two best documents when the
 * retrievers fused into that first hop agree on them (BM25 and vectors both rank the same two
 * first: they are what any one search of the question would give, so the hop adds after them).
 */
import { inputsOf } from '../plan/sanitize.js';
import { documentsOf, subqueryIdOf } from '../steps/documents.js';
import { RANKING_TYPES, SUBQUERY_TYPES } from '../steps/index.js';
import type { DecompositionPlan, FinalResults, RetrievedDocument, Source, StepOutput } from '../types.js';

export interface SourceOptions {
  attributionTopN: number;
  maxSources: number;
  snippetChars?: number;
  /** The task: a keyword search of it as a whole is the search the plan must not rank below. */
  task?: string;
}

export interface RankedSources {
  /** Each with its `rank` in this list. */
  sources: Source[];
  /**
   * How many of the first sources hold the ones kept per sub-query (attribution by design); a
   * document a guard placed among them is counted in.
   */
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
    const listed = documentsOf(output);
    if (listed.length > 0) covered++;
    // A sub-query that is a name ("Jean Dominique Compans") is best answered by the passage titled
    // so, wherever the fusion put it: a weak retriever agreeing with a strong one on a namesake
    // ("Jean Dominique Adam") outranks by fusion the page the strong one put first.
    const query = queryOf(plan, output.step_id);
    const titled = query === undefined ? -1 : listed.findIndex((d) => d.title !== undefined && sameText(d.title.replace(/\s*\([^)]*\)\s*$/, ''), query));
    const docs = titled > 0 ? [listed[titled]!, ...listed.slice(0, titled), ...listed.slice(titled + 1)] : listed;
    let taken = 0;
    for (const doc of docs) {
      if (taken >= options.attributionTopN) break;
      if (keptIds.has(doc.id)) continue;
      keptIds.add(doc.id);
      const rank = listed.indexOf(doc) + 1;
      kept.push(toSource({ ...doc, subquery_id: subqueryIdOf(output.step_id), rank_in_subquery: rank }, output.step_id, rank, options));
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
  // One sub-query: its kept document is in the final ranking, which re-judged the sub-query's list
  // (a rerank against the whole task), so that ranking's order stands.
  const keptById = new Map(kept.map((s) => [s.id, s]));
  const single =
    subqueries.length === 1 ? [...new Set(finalList.map(({ doc }) => doc.id))].flatMap((id) => keptById.get(id) ?? rest.find((s) => s.id === id) ?? []) : [];
  const ordered = guarded(single.length === kept.length + rest.length ? single : [...kept, ...rest], plan, byId, options.task);
  const keptSet = new Set(kept.map((s) => s.id));
  const lastKept = ordered.reduce((last, s, i) => (keptSet.has(s.id) ? i + 1 : last), 0);
  const count = subqueries.length;
  return {
    sources: ordered.slice(0, options.maxSources).map((s, i) => ({ ...s, rank: i + 1 })),
    kept: Math.min(lastKept, options.maxSources),
    coverage: { subquery_count: count, covered_count: covered, coverage_ratio: count === 0 ? 0 : Math.round((covered / count) * 1000) / 1000 },
  };
}

/** The query a sub-query searched: a search step's own, or the one its fused searches share. */
function queryOf(plan: DecompositionPlan, stepId: number): string | undefined {
  const step = plan.plan.find((s) => s.step_id === stepId);
  if (!step) return undefined;
  if (typeof step.parameters.query === 'string') return step.parameters.query;
  const queries = new Set(inputsOf(step).map((id) => plan.plan.find((s) => s.step_id === id)?.parameters.query));
  const [only] = queries;
  return queries.size === 1 && typeof only === 'string' ? only : undefined;
}

const sameText = (a: string, b: string) => a.toLowerCase().replace(/\s+/g, ' ').trim() === b.toLowerCase().replace(/\s+/g, ' ').trim();

/** `ordered` with `id` moved to `index`, when it is in the list and further down. */
function movedUp(ordered: Source[], id: string, index: number): Source[] {
  const at = ordered.findIndex((s) => s.id === id);
  if (at <= index) return ordered;
  const without = [...ordered.slice(0, at), ...ordered.slice(at + 1)];
  return [...without.slice(0, index), ordered[at]!, ...without.slice(index)];
}

/**
 * The two guards against ranking below one search (see the module's comment). Fitted on the dev
 * splits of the three evaluation sets (docs/evaluation.md: the sample corpus's, hotpotqa-100,
 * 2WikiMultihopQA): without them the sample set's plan lost to one search at R@2 on 3 of its 43
 * dev questions and ranked below it on average; with them, on none. The price is hotpotqa-100's
 * dev R@2 on bridges (0.744 to 0.692, one search 0.615), where a second hop in second place was
 * more often right.
 */
function guarded(ordered: Source[], plan: DecompositionPlan, byId: Map<number, StepOutput>, task: string | undefined): Source[] {
  let out = ordered;
  const hop = plan.plan.find((s) => s.type === 'multi-hop' && byId.get(s.step_id)?.status === 'succeeded');
  const firstHop = hop ? plan.plan.find((s) => s.step_id === inputsOf(hop)[0]) : undefined;
  if (firstHop?.type === 'aggregate' && firstHop.parameters.method === 'rank_fusion') {
    const best = documentsOf(byId.get(firstHop.step_id))
      .slice(0, 2)
      .map((d) => d.id);
    const lists = inputsOf(firstHop).map((id) =>
      documentsOf(byId.get(id))
        .slice(0, 2)
        .map((d) => d.id),
    );
    const agree = best.length === 2 && lists.length > 1 && lists.every((top) => top.length === 2 && best.every((id) => top.includes(id)));
    if (agree) out = movedUp(movedUp(out, best[0]!, 0), best[1]!, 1);
  }
  const whole =
    task === undefined
      ? undefined
      : plan.plan.find((s) => s.type === 'keyword_search' && typeof s.parameters.query === 'string' && sameText(s.parameters.query, task));
  const top = whole ? documentsOf(byId.get(whole.step_id))[0] : undefined;
  if (top) out = movedUp(out, top.id, 1);
  return out;
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
 * further), followed by each other ranking step's list, the latest first: a later ranking has
 * weighed what the earlier ones found, so its order is kept whole rather than mixed by rank with
 * theirs (mixed, a top-3 filter's pool let a vector search's fourth document pass the rerank's
 * fifth on the sample corpus's dev split).
 */
function finalRanking(plan: DecompositionPlan, byId: Map<number, StepOutput>): Array<{ doc: RetrievedDocument; stepId: number; rank: number }> {
  const ranks = (s: DecompositionPlan['plan'][number]) => RANKING_TYPES.has(s.type) || rankedCall(s, byId);
  const ranking = plan.plan.filter((s) => ranks(s) && byId.get(s.step_id)?.status === 'succeeded');
  const consumed = new Set(plan.plan.filter(ranks).flatMap((s) => s.dependencies));
  const sinks = ranking.filter((s) => !consumed.has(s.step_id)).sort((a, b) => b.step_id - a.step_id);
  const ordered = [...sinks, ...ranking.filter((s) => !sinks.includes(s)).sort((a, b) => b.step_id - a.step_id)];
  return ordered.flatMap((step) => documentsOf(byId.get(step.step_id)).map((doc, i) => ({ doc, stepId: step.step_id, rank: i + 1 })));
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
