/**
 * The `aggregate` step: combines the document lists of several earlier steps.
 *   - union:        every document once, with the score and provenance of its best-scoring copy,
 *                   each list's scores first divided by that list's best (BM25 beside cosine beside
 *                   a fused score: raw scores of different scales must not be compared);
 *   - intersection: only documents every list holds, scored as in union;
 *   - rank_fusion:  reciprocal rank fusion (k = 60) of the lists' orders; the score is the fused
 *                   score, the provenance that of the list where the document ranked best.
 * Provenance: a document keeps the `subquery_id` / `rank_in_subquery` it arrived with; one
 * that has none gets the id of the step it came from and its rank there.
 */
import { InvalidInputError } from '../../errors.js';
import { RRF_K, reciprocalRankFusion } from '../../retrieval/fusion.js';
import type { RetrievedDocument } from '../../types.js';
import { subqueryIdOf } from '../documents.js';

export const AGGREGATE_METHODS = ['union', 'intersection', 'rank_fusion'] as const;
export type AggregateMethod = (typeof AGGREGATE_METHODS)[number];

export interface AggregateInput {
  stepId: number | string;
  documents: readonly RetrievedDocument[];
}

export interface AggregateOutput {
  documents: RetrievedDocument[];
  /** `union(max-normalised)`, `intersection(max-normalised)` or `rank_fusion(rrf,k=60)`. */
  aggregate_method: string;
  /** For each document id, the steps whose lists held it (in input order). */
  found_by: Record<string, Array<number | string>>;
}

function withProvenance(doc: RetrievedDocument, stepId: number | string, rankInList: number): RetrievedDocument {
  return {
    ...doc,
    subquery_id: doc.subquery_id ?? subqueryIdOf(stepId),
    rank_in_subquery: doc.rank_in_subquery ?? rankInList,
  };
}

/** Each list with duplicates dropped (first occurrence wins) and provenance filled in. */
function prepare(lists: readonly AggregateInput[]): RetrievedDocument[][] {
  return lists.map(({ stepId, documents }) => {
    const seen = new Set<string>();
    const out: RetrievedDocument[] = [];
    documents.forEach((doc, i) => {
      if (seen.has(doc.id)) return;
      seen.add(doc.id);
      out.push(withProvenance(doc, stepId, i + 1));
    });
    return out;
  });
}

/**
 * The list with each score divided by the list's best, so every list's best is 1 and lists of
 * different scales meet on one. Scores that are not all positive (a cross-encoder's logits) are
 * min-max scaled instead; a list whose scores are all equal scores 1 throughout.
 */
export function normaliseScores(list: readonly RetrievedDocument[]): RetrievedDocument[] {
  if (list.length === 0) return [];
  const scores = list.map((doc) => doc.score);
  const max = Math.max(...scores);
  const min = Math.min(...scores);
  const scale = min > 0 ? (s: number) => s / max : max > min ? (s: number) => (s - min) / (max - min) : () => 1;
  return list.map((doc) => ({ ...doc, score: scale(doc.score) }));
}

/** Best-scoring copy of each document across lists; ties go to the earlier list, then the earlier rank. */
function bestCopies(lists: readonly RetrievedDocument[][]): Array<{ doc: RetrievedDocument; order: number }> {
  const best = new Map<string, { doc: RetrievedDocument; order: number }>();
  for (const list of lists) {
    for (const doc of list) {
      const current = best.get(doc.id);
      if (!current) best.set(doc.id, { doc, order: best.size });
      else if (doc.score > current.doc.score) current.doc = doc;
    }
  }
  return [...best.values()];
}

export function aggregate(lists: readonly AggregateInput[], method: AggregateMethod, topK?: number): AggregateOutput {
  if (!(AGGREGATE_METHODS as readonly string[]).includes(method)) {
    throw new InvalidInputError(`aggregate: method must be one of [${AGGREGATE_METHODS.join(', ')}], got ${JSON.stringify(method)}`);
  }
  if (topK !== undefined && (!Number.isInteger(topK) || topK < 0)) {
    throw new InvalidInputError(`aggregate: top_k must be an integer >= 0, got ${JSON.stringify(topK)}`);
  }
  const prepared = prepare(lists);
  const found_by: Record<string, Array<number | string>> = Object.create(null) as Record<string, Array<number | string>>;
  prepared.forEach((list, i) => {
    const stepId = lists[i]?.stepId ?? i;
    for (const doc of list) {
      found_by[doc.id] ??= [];
      found_by[doc.id]?.push(stepId);
    }
  });

  let combined: RetrievedDocument[];
  let aggregateMethod: string = method;
  if (method === 'rank_fusion') {
    combined = reciprocalRankFusion(prepared, RRF_K).map(({ item, score }) => ({ ...item, score }));
    aggregateMethod = `rank_fusion(rrf,k=${RRF_K})`;
  } else {
    let copies = bestCopies(prepared.map(normaliseScores));
    aggregateMethod = `${method}(max-normalised)`;
    if (method === 'intersection') copies = copies.filter(({ doc }) => (found_by[doc.id]?.length ?? 0) === prepared.length);
    combined = copies.sort((a, b) => b.doc.score - a.doc.score || a.order - b.order).map(({ doc }) => doc);
  }

  const kept = combined.slice(0, topK ?? combined.length).map((doc, i) => ({ ...doc, rank: i + 1 }));
  const keptFoundBy: Record<string, Array<number | string>> = {};
  for (const doc of kept) {
    // defineProperty: a document id such as `__proto__` must stay a plain key.
    Object.defineProperty(keptFoundBy, doc.id, { value: found_by[doc.id] ?? [], enumerable: true, writable: true, configurable: true });
  }
  return { documents: kept, aggregate_method: aggregateMethod, found_by: keptFoundBy };
}
