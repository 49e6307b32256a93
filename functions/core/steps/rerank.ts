/** `rerank`: re-scores the candidates of an earlier step against the query (the task when absent). */
import schema from '../../../schemas/steps/rerank.schema.json' with { type: 'json' };
import { rerankDocuments } from '../executor/operators/rerank.js';
import { documentsOf, inputStep } from './documents.js';
import { DETERMINISTIC_POLICY, type StepDefinition } from './step.js';

export const rerank: StepDefinition = {
  schema,
  operator: async (step, p, inputs, ctx) => {
    const source = inputStep(step, p, inputs);
    const query = typeof p.query === 'string' && p.query.trim() !== '' ? p.query : ctx.task;
    const topK = typeof p.top_k === 'number' ? p.top_k : undefined;
    const out = rerankDocuments(query, documentsOf(source), topK === undefined ? {} : { topK });
    return { documents: out.documents, count: out.documents.length, rerank_method: out.rerank_method, query, input_step: source.step_id };
  },
  errorPolicy: DETERMINISTIC_POLICY,
  onDependencySkipped: 'skip',
  subquery: false,
  ranking: true,
  label: 'step {input_step}[ to top {top_k}]',
};
