import { describe, expect, it } from 'vitest';
import type { DecompositionPlan } from '../../../functions/core/types.js';
import { thinSubgraph, widenSubqueries } from '../../../functions/core/workflow/coverage-retry.js';
import { planOf, retrievedDoc, stepOutput } from '../../support/plans.js';

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

describe('Function: thinSubgraph', () => {
  it('takes the sub-queries that found nothing and the ranking steps below them, never a model call, a tool or what follows them', () => {
    // Prepare: 1 finds nothing, 2 finds a passage; 3 fuses both, 4 reranks 3; 5 is an llm_call over 4,
    // 6 a filter over 5 (below a model call: kept), 7 a tool over 1.
    const plan = planOf(
      { step_id: 1, type: 'keyword_search', parameters: { query: 'a' } },
      { step_id: 2, type: 'keyword_search', parameters: { query: 'b' } },
      { step_id: 3, type: 'aggregate', parameters: { input_steps: [1, 2], method: 'union' }, dependencies: [1, 2] },
      { step_id: 4, type: 'rerank', parameters: { input_step: 3 }, dependencies: [3] },
      { step_id: 5, type: 'llm_call', parameters: { prompt: 'p', input_step: 4 }, dependencies: [4] },
      { step_id: 6, type: 'filter', parameters: { input_step: 5 }, dependencies: [5] },
      { step_id: 7, type: 'tool_call', parameters: { tool: 'test.spy', args: {} }, dependencies: [1] },
    );
    const outputs = [
      stepOutput(1, 'keyword_search', { documents: [] }),
      stepOutput(2, 'keyword_search', { documents: [retrievedDoc('d', 1)] }),
      stepOutput(3, 'aggregate', { documents: [retrievedDoc('d', 1)] }),
      stepOutput(4, 'rerank', { documents: [retrievedDoc('d', 1)] }),
      stepOutput(5, 'llm_call', { text: 'x' }),
      stepOutput(6, 'filter', { documents: [] }),
      stepOutput(7, 'tool_call', { city: 'x' }),
    ];

    // Act
    const { thin, rerun } = thinSubgraph(plan, outputs);

    // Assess
    expect([...thin]).toEqual([1]);
    expect([...rerun].sort()).toEqual([1, 3, 4]);
  });
});
