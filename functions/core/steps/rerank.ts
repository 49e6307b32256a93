/**
 * `rerank`: re-scores the candidates of an earlier step against the query (the task when absent):
 * with the configured cross-encoder or reranking service when there is one, otherwise with the
 * lexical reranker. Either way `rerank_method` names what scored them.
 */
import schema from '../../../schemas/steps/rerank.schema.json' with { type: 'json' };
import type { Reranker } from '../ports.js';
import type { RetrievedDocument } from '../types.js';
import { documentsOf, inputStep } from './documents.js';
import { rerankDocuments } from './operators/rerank.js';
import { DETERMINISTIC_POLICY, type StepDefinition } from './step.js';

/** The candidates in the cross-encoder's order, with its scores; those it did not return are dropped. */
async function crossEncode(
  reranker: Reranker,
  query: string,
  documents: readonly RetrievedDocument[],
  topK: number | undefined,
  signal: AbortSignal,
): Promise<RetrievedDocument[]> {
  const byId = new Map(documents.map((doc) => [doc.id, doc]));
  // The title leads, as in the index: it is often the very entity the query names.
  const asked = [...byId.values()].map((doc) => ({ id: doc.id, text: doc.title ? `${doc.title}. ${doc.text}` : doc.text }));
  const hits = await reranker.rerank(query, asked, topK ?? asked.length, signal);
  return hits.flatMap((hit, i) => {
    const doc = byId.get(hit.id);
    return doc ? [{ ...doc, score: hit.score, rank: i + 1 }] : [];
  });
}

export const rerank: StepDefinition = {
  schema,
  operator: async (step, p, inputs, ctx) => {
    const source = inputStep(step, p, inputs);
    const query = typeof p.query === 'string' && p.query.trim() !== '' ? p.query : ctx.task;
    const topK = typeof p.top_k === 'number' ? p.top_k : undefined;
    const candidates = documentsOf(source);
    if (ctx.reranker && candidates.length > 0) {
      const documents = await crossEncode(ctx.reranker, query, candidates, topK, ctx.signal);
      return { documents, count: documents.length, rerank_method: ctx.reranker.name, query, input_step: source.step_id };
    }
    const out = rerankDocuments(query, candidates, topK === undefined ? {} : { topK });
    return { documents: out.documents, count: out.documents.length, rerank_method: out.rerank_method, query, input_step: source.step_id };
  },
  errorPolicy: DETERMINISTIC_POLICY,
  onDependencySkipped: 'skip',
  subquery: false,
  ranking: true,
  label: 'step {input_step}[ to top {top_k}]',
};
