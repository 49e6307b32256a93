/** `aggregate`: combines the document lists of several earlier steps (union, intersection, rank fusion). */
import schema from '../../../schemas/steps/aggregate.schema.json' with { type: 'json' };
import { inputLists } from './documents.js';
import { type AggregateMethod, aggregate as combine } from './operators/aggregate.js';
import { DETERMINISTIC_POLICY, type StepDefinition } from './step.js';

export const aggregate: StepDefinition = {
  schema,
  operator: async (step, p, inputs) => {
    const { lists, missing } = inputLists(step, p, inputs);
    const method = (p.method ?? 'union') as AggregateMethod;
    const out = combine(lists, method, typeof p.top_k === 'number' ? p.top_k : undefined);
    return {
      documents: out.documents,
      count: out.documents.length,
      aggregate_method: out.aggregate_method,
      input_steps: lists.map((l) => l.stepId),
      missing_inputs: missing,
    };
  },
  errorPolicy: DETERMINISTIC_POLICY,
  // It can combine what is there when one of its inputs was skipped.
  onDependencySkipped: 'continue',
  subquery: false,
  ranking: true,
  label: '{method} of steps {input_steps}',
};
