/** `keyword_search`: BM25 over the corpus index, a sub-query whose hits are ranked. */
import schema from '../../../schemas/steps/keyword_search.schema.json' with { type: 'json' };
import { SEARCH_LABEL, searchOperator } from './search.js';
import { DETERMINISTIC_POLICY, type StepDefinition } from './step.js';

export const keywordSearch: StepDefinition = {
  schema,
  operator: searchOperator('keyword'),
  errorPolicy: DETERMINISTIC_POLICY,
  onDependencySkipped: 'skip',
  subquery: true,
  ranking: true,
  label: SEARCH_LABEL,
};
