import { describe, expect, it } from 'vitest';

import { useComposites } from '../../../functions/adapters/llm/rule-based/composites.js';
import { buildPlan } from '../../../functions/adapters/llm/rule-based/plan-builder.js';
import { readTask } from '../../../functions/adapters/llm/rule-based/reading.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import { EXECUTABLE_STEP_TYPES } from '../../../functions/core/steps/index.js';
import type { DecompositionPlan, StepType } from '../../../functions/core/types.js';
import { hybridSearch, searchThenGet } from '../../support/learned.js';

const options = { allowedStepTypes: EXECUTABLE_STEP_TYPES, maxSteps: 20, topK: 10 };
const planFor = (task: string, allowed: readonly StepType[] = EXECUTABLE_STEP_TYPES): DecompositionPlan =>
  buildPlan(readTask(task), { ...options, allowedStepTypes: allowed });
const shape = (p: DecompositionPlan) => p.plan.map((s) => [s.step_id, s.type, s.dependencies]);

describe('Function: useComposites', () => {
  it("replaces the composite's chain by one tool_call with the run's arguments, and the rerank reads the call", () => {
    // Prepare: a lookup runs keyword_search, vector_search, their fusion, a rerank and the answer.
    const plain = planFor('What is a bouchon?');

    // Act
    const used = useComposites(plain, [hybridSearch()], EXECUTABLE_STEP_TYPES);

    // Assess
    expect(shape(used)).toEqual([
      [3, 'tool_call', []],
      [4, 'rerank', [3]],
      [5, 'llm_call', [4]],
    ]);
    expect(used.plan[0]).toMatchObject({
      tool: 'learned.hybrid_search',
      parameters: { tool: 'learned.hybrid_search', args: { query: 'What is a bouchon?' } },
      trace: { source: 'rule-based', replaces: [1, 2, 3] },
    });
    expect(used.plan[1]!.parameters.input_step).toBe(3);
    expect(validatePlan(used, { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES, allowedTools: ['learned.hybrid_search'] })).toMatchObject({
      valid: true,
    });
  });

  it("calls it once per run: a comparison's two sides and its whole question each get a call", () => {
    // Prepare
    const plain = planFor('Compare the populations of Lyon and Marseille');

    // Act
    const used = useComposites(plain, [hybridSearch()], EXECUTABLE_STEP_TYPES);

    // Assess: 12 steps became 6; each call carries its own sub-query; the union reads the three calls.
    const calls = used.plan.filter((s) => s.type === 'tool_call');
    expect(plain.plan).toHaveLength(12);
    expect(used.plan).toHaveLength(6);
    expect(calls.map((s) => (s.parameters.args as { query: string }).query)).toEqual([
      'Lyon populations',
      'Marseille populations',
      'Compare the populations of Lyon and Marseille',
    ]);
    const union = used.plan.find((s) => s.type === 'aggregate')!;
    expect(union.parameters.input_steps).toEqual(calls.map((s) => s.step_id));
    expect(validatePlan(used, { maxSteps: 20, allowedStepTypes: EXECUTABLE_STEP_TYPES, allowedTools: ['learned.hybrid_search'] }).valid).toBe(true);
  });

  it('keeps the plain steps when a key parameter differs, when tool_call is not allowed, or when the chain is not in the plan', () => {
    // Prepare
    const plain = planFor('What is a bouchon?');
    const noToolCall = EXECUTABLE_STEP_TYPES.filter((t) => t !== 'tool_call');

    // Act + Assess: the composite searches 5 documents a side, this plan 10.
    expect(useComposites(plain, [hybridSearch(5)], EXECUTABLE_STEP_TYPES)).toEqual(plain);
    expect(useComposites(planFor('What is a bouchon?', noToolCall), [hybridSearch()], noToolCall)).toEqual(planFor('What is a bouchon?', noToolCall));
    expect(useComposites(plain, [searchThenGet()], EXECUTABLE_STEP_TYPES)).toEqual(plain);
  });

  it("never swallows the plan's answer, nor a step a later step reads from inside the run", () => {
    // Prepare: a composite of the whole lookup, answer included, and one ending before the fusion
    // (the fusion reads both searches, but only the last part is the call's output).
    const plain = planFor('What is a bouchon?');
    const whole = hybridSearch(10, {
      tool_id: 'learned.lookup',
      source_chain: 'keyword_search → vector_search → aggregate[method=rank_fusion] → rerank → llm_call',
      steps: [
        ...hybridSearch().steps,
        { step_index: 3, kind: 'step', tool_id: 'rerank', constants: { input_step: 3, top_k: 10 }, parameter_map: { query: 'query' }, depends_on: [2] },
        { step_index: 4, kind: 'step', tool_id: 'llm_call', constants: { input_step: 4 }, parameter_map: { prompt: 'prompt' }, depends_on: [3] },
      ],
      output_step: 4,
    });
    const searches = hybridSearch(10, {
      tool_id: 'learned.two_searches',
      source_chain: 'keyword_search → vector_search',
      steps: hybridSearch().steps.slice(0, 2),
      output_step: 1,
    });

    // Act + Assess
    expect(useComposites(plain, [whole], EXECUTABLE_STEP_TYPES)).toEqual(plain);
    expect(useComposites(plain, [searches], EXECUTABLE_STEP_TYPES)).toEqual(plain);
  });
});
