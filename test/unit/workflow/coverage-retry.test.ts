import { describe, expect, it } from 'vitest';
import type { DecompositionPlan } from '../../../functions/core/types.js';
import { widenSubqueries } from '../../../functions/core/workflow/coverage-retry.js';

describe('Function: widenSubqueries', () => {
  it('doubles each sub-query’s pool (its own top_k, else the request’s), caps it at 100, and leaves other steps alone', () => {
    // Prepare
    const plan = {
      plan: [
        { step_id: 1, type: 'keyword_search', parameters: { query: 'Lyon', top_k: 8 }, dependencies: [] },
        { step_id: 2, type: 'vector_search', parameters: { query: 'Marseille' }, dependencies: [] },
        { step_id: 3, type: 'keyword_search', parameters: { query: 'France', top_k: 70 }, dependencies: [] },
        { step_id: 4, type: 'rerank', parameters: { query: 'population', top_k: 5 }, dependencies: [1, 2, 3] },
      ],
    } as unknown as DecompositionPlan;

    // Act
    const widened = widenSubqueries(plan, 6);

    // Assess
    expect(widened.plan.map((s) => s.parameters.top_k)).toEqual([16, 12, 100, 5]);
    expect(plan.plan[0]?.parameters.top_k).toBe(8);
  });
});
