/** `multi-hop`: walks the entity graph from what an earlier step found; a ranked sub-query. */
import schema from '../../../schemas/steps/multi-hop.schema.json' with { type: 'json' };
import { attributed, documentsOf, inputStep, ranked } from './documents.js';
import { multiHop as walkLinks } from './operators/graph.js';
import { DETERMINISTIC_POLICY, type StepDefinition } from './step.js';

export const multiHop: StepDefinition = {
  schema,
  operator: async (step, p, inputs, ctx) => {
    const source = inputStep(step, p, inputs);
    const query = typeof p.query === 'string' && p.query.trim() !== '' ? p.query : ctx.task;
    const hops = typeof p.hops === 'number' ? p.hops : 1;
    const out = await walkLinks(ctx.index, documentsOf(source), { query, hops, topK: typeof p.top_k === 'number' ? p.top_k : ctx.topK });
    return {
      ...ranked(query, attributed(step, out.documents)),
      paths: out.paths,
      linked: out.paths.filter((x) => x.via !== undefined).length,
      multi_hop: out.multi_hop,
      input_step: source.step_id,
    };
  },
  errorPolicy: DETERMINISTIC_POLICY,
  onDependencySkipped: 'skip',
  subquery: true,
  ranking: true,
};
