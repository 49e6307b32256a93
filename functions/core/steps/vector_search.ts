/** `vector_search`: the index's vector search (its method named in the result), a ranked sub-query. */
import schema from '../../../schemas/steps/vector_search.schema.json' with { type: 'json' };
import { SEARCH_LABEL, searchOperator } from './search.js';
import { DETERMINISTIC_POLICY, type StepDefinition } from './step.js';

export const vectorSearch: StepDefinition = {
  schema,
  operator: searchOperator('vector'),
  errorPolicy: DETERMINISTIC_POLICY,
  onDependencySkipped: 'skip',
  subquery: true,
  ranking: true,
  label: SEARCH_LABEL,
};
