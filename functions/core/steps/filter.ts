/** `filter`: keeps the documents of an earlier step that meet every criterion. */
import schema from '../../../schemas/steps/filter.schema.json' with { type: 'json' };
import type { Modality } from '../types.js';
import { documentsOf, inputStep } from './documents.js';
import { type FilterCriteria, filterDocuments } from './operators/filter.js';
import { DETERMINISTIC_POLICY, type StepDefinition } from './step.js';

export const filter: StepDefinition = {
  schema,
  operator: async (step, p, inputs) => {
    const source = inputStep(step, p, inputs);
    const criteria: FilterCriteria = {};
    if (typeof p.min_score === 'number') criteria.min_score = p.min_score;
    if (p.metadata && typeof p.metadata === 'object') criteria.metadata = p.metadata as Record<string, unknown>;
    if (typeof p.modality === 'string') criteria.modality = p.modality as Modality;
    if (typeof p.max_results === 'number') criteria.max_results = p.max_results;
    const out = filterDocuments(documentsOf(source), criteria);
    return { documents: out.documents, count: out.documents.length, removed: out.removed, filter_method: out.filter_method, input_step: source.step_id };
  },
  errorPolicy: DETERMINISTIC_POLICY,
  onDependencySkipped: 'skip',
  subquery: false,
  ranking: true,
  label: 'of step {input_step}: {...}',
};
