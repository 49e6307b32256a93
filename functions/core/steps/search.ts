/** The operator the two corpus searches share: they differ only in the index they ask. */
import { StepExecutionError } from '../errors.js';
import { conditionSupport } from '../retrieval/negation.js';
import type { Modality } from '../types.js';
import { attributed, coverage, ranked, retrievedDocument } from './documents.js';
import { filterDocuments } from './operators/filter.js';
import type { StepOperator } from './step.js';

export function searchOperator(kind: 'keyword' | 'vector'): StepOperator {
  return async (step, p, _inputs, ctx) => {
    const query = String(p.query ?? '').trim();
    if (query === '') throw new StepExecutionError(`step ${step.step_id}: the query is empty after rendering its template`);
    const topK = typeof p.top_k === 'number' ? p.top_k : ctx.topK;
    const modality = p.modality as Modality | undefined;
    const hits = kind === 'keyword' ? await ctx.index.keywordSearch(query, { topK, modality }) : await ctx.index.vectorSearch(query, { topK, modality });
    let documents = attributed(
      step,
      hits.map((hit, i) => retrievedDocument(hit.doc, hit.score, i + 1)),
    );
    if (p.metadata && typeof p.metadata === 'object') documents = filterDocuments(documents, { metadata: p.metadata as Record<string, unknown> }).documents;
    // Whether the passages affirm the query or deny it: what a conditional gate reads as `supported`.
    const support = conditionSupport(query, documents);
    return {
      ...ranked(query, documents),
      top_coverage: coverage(query, documents[0]),
      supported: support.supported,
      support_reason: support.reason,
      search_method: kind === 'keyword' ? ctx.index.keywordMethod : ctx.index.vectorMethod,
    };
  };
}

export const SEARCH_LABEL = '{"query"}[ top {top_k}]';
