/** `graph_query`: documents around the entities a query names, expanded `depth` links out. */
import schema from '../../../schemas/steps/graph_query.schema.json' with { type: 'json' };
import { StepExecutionError } from '../errors.js';
import { attributed, coverage, ranked } from './documents.js';
import { graphQuery as expandFromEntities } from './operators/graph.js';
import { DETERMINISTIC_POLICY, type StepDefinition } from './step.js';

export const graphQuery: StepDefinition = {
  schema,
  operator: async (step, p, _inputs, ctx) => {
    const query = String(p.query ?? p.related_to ?? '').trim();
    if (query === '') throw new StepExecutionError(`step ${step.step_id}: graph_query needs a query or related_to`);
    const depth = typeof p.depth === 'number' ? p.depth : 1;
    const out = await expandFromEntities(ctx.index, { query, depth, topK: typeof p.top_k === 'number' ? p.top_k : ctx.topK });
    const documents = attributed(step, out.documents);
    return {
      ...ranked(query, documents),
      top_coverage: coverage(query, documents[0]),
      entities: out.entities,
      ...(out.entities.length === 0 ? { reason: `no document is titled by an entity named in "${query}"; seeded by direct matches only` } : {}),
      graph_method: out.graph_method,
    };
  },
  errorPolicy: DETERMINISTIC_POLICY,
  onDependencySkipped: 'skip',
  subquery: true,
  ranking: true,
};
