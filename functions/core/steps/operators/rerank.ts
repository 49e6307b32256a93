/**
 * The `rerank` step: re-scores the candidates of an earlier step against the query, with evidence
 * a first-stage search does not weigh together:
 *   - bm25:      BM25 computed over the candidate set itself (IDF of this set, so words that every
 *                candidate shares stop counting), divided by the best candidate's BM25;
 *   - coverage:  share of the query's distinct content words the document holds (title or body);
 *   - title:     share of the query's distinct content words in the title;
 *   - proximity: density of the smallest body window holding every query word the body holds,
 *                times the share of query words that window covers (1 = all adjacent);
 * mixed into a lexical score, then fused with the incoming rank, so the first stage still counts
 * but cannot overrule clear lexical evidence. Every signal is in [0, 1], so the final score is too.
 */
import { Bm25Index } from '../../retrieval/bm25.js';
import { contentTerms, termShare } from '../../retrieval/tokenize.js';
import type { RetrievedDocument } from '../../types.js';

export const RERANK_METHOD = 'lexical-coverage-proximity-v1';

/** `lexical = bm25·0.35 + coverage·0.25 + title·0.15 + proximity·0.25`; `score = lexical·(1 − prior) + incoming·prior`. */
export const RERANK_WEIGHTS = { bm25: 0.35, coverage: 0.25, title: 0.15, proximity: 0.25, prior: 0.2 } as const;

export interface RerankSignals {
  id: string;
  bm25: number;
  coverage: number;
  title: number;
  proximity: number;
  /** The incoming position as a score: 1 for the first of n, 1/n for the last. */
  incoming: number;
  score: number;
}

export interface RerankOptions {
  /** Keep only the best `topK` after re-scoring. */
  topK?: number;
}

export interface RerankOutput {
  documents: RetrievedDocument[];
  rerank_method: string;
  /** Why each document scored what it did, in the new order. */
  signals: RerankSignals[];
}

/**
 * Smallest span (in content-word positions) of `terms` that holds every distinct query term present,
 * by the classic two-pointer sweep. Returns the number of distinct query terms present and the span.
 */
export function smallestCoveringWindow(terms: readonly string[], query: ReadonlySet<string>): { matched: number; span: number } {
  const hits: Array<{ position: number; term: string }> = [];
  terms.forEach((term, position) => {
    if (query.has(term)) hits.push({ position, term });
  });
  const matched = new Set(hits.map((hit) => hit.term)).size;
  if (matched === 0) return { matched: 0, span: 0 };

  const inWindow = new Map<string, number>();
  let distinct = 0;
  let best = Number.POSITIVE_INFINITY;
  let left = 0;
  for (const hit of hits) {
    const seen = inWindow.get(hit.term) ?? 0;
    if (seen === 0) distinct++;
    inWindow.set(hit.term, seen + 1);
    while (distinct === matched) {
      const first = hits[left];
      if (!first) break;
      best = Math.min(best, hit.position - first.position + 1);
      const count = (inWindow.get(first.term) ?? 0) - 1;
      inWindow.set(first.term, count);
      if (count === 0) distinct--;
      left++;
    }
  }
  return { matched, span: best };
}

function proximityScore(bodyTerms: readonly string[], query: ReadonlySet<string>): number {
  const { matched, span } = smallestCoveringWindow(bodyTerms, query);
  if (matched === 0) return 0;
  return (matched / span) * (matched / query.size);
}

export function rerankDocuments(query: string, documents: readonly RetrievedDocument[], options: RerankOptions = {}): RerankOutput {
  const queryTerms = new Set(contentTerms(query));
  const limit = options.topK ?? documents.length;
  if (queryTerms.size === 0 || documents.length === 0) {
    // Nothing to score against: say so rather than pretend a rerank happened.
    const kept = documents.slice(0, limit).map((doc, i) => ({ ...doc, rank: i + 1 }));
    return { documents: kept, rerank_method: `${RERANK_METHOD}:skipped(no query terms)`, signals: [] };
  }

  const bm25 = new Bm25Index(documents).scoreAll(query);
  const bestBm25 = Math.max(...bm25);
  const n = documents.length;
  const w = RERANK_WEIGHTS;

  const scored = documents.map((doc, position) => {
    const titleTerms = new Set(doc.title ? contentTerms(doc.title) : []);
    const bodyTerms = contentTerms(doc.text);
    const allTerms = new Set([...titleTerms, ...bodyTerms]);
    const signals: RerankSignals = {
      id: doc.id,
      bm25: bestBm25 > 0 ? (bm25[position] ?? 0) / bestBm25 : 0,
      coverage: termShare(queryTerms, allTerms),
      title: termShare(queryTerms, titleTerms),
      proximity: proximityScore(bodyTerms, queryTerms),
      incoming: (n - position) / n,
      score: 0,
    };
    const lexical = w.bm25 * signals.bm25 + w.coverage * signals.coverage + w.title * signals.title + w.proximity * signals.proximity;
    signals.score = (1 - w.prior) * lexical + w.prior * signals.incoming;
    return { doc, position, signals };
  });

  // Stable: equal scores keep the incoming order.
  scored.sort((a, b) => b.signals.score - a.signals.score || a.position - b.position);
  const kept = scored.slice(0, Math.max(0, limit));
  return {
    documents: kept.map(({ doc, signals }, i) => ({ ...doc, score: signals.score, rank: i + 1 })),
    rerank_method: RERANK_METHOD,
    signals: kept.map(({ signals }) => signals),
  };
}
