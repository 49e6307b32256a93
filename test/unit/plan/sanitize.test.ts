import { describe, expect, it } from 'vitest';
import { sanitizeSubqueries, singleQueryPlan } from '../../../functions/core/plan/sanitize.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';
import { planOf, type StepInput, searchStep, step } from '../../support/plans.js';

const TASK = 'Which river flows through the city where the Lumière brothers patented the cinematograph?';

const answer = (id: number, parameters: Record<string, unknown>, dependencies: number[]): StepInput => ({
  step_id: id,
  type: 'llm_call',
  parameters: { prompt: 'Answer from the sources', ...parameters },
  dependencies,
});
const ids = (plan: DecompositionPlan) => plan.plan.map((s) => s.step_id);
const DRIFT = 'sub-query "volcanic soil chemistry" shares no content word with the task';

describe('sanitizeSubqueries', () => {
  it('keeps a plan whose sub-queries all share a content word with the task, as the same object', () => {
    // Prepare: stems and folded accents count as shared words ("patents", "Lumiere").
    const plan = planOf(searchStep(1, 'Lumiere patents'), {
      step_id: 2,
      type: 'multi-hop',
      parameters: { input_step: 1, hops: 1, query: 'rivers of cities' },
      dependencies: [1],
    });

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess
    expect(outcome).toEqual({ plan, dropped: [], fallback: false });
    expect(outcome.plan).toBe(plan);
  });

  it('drops a sub-query that shares no content word with the task; an aggregate loses just that input', () => {
    // Prepare
    const plan = planOf(
      searchStep(1, 'Lumière brothers cinematograph'),
      searchStep(2, 'volcanic soil chemistry'),
      { step_id: 3, type: 'aggregate', parameters: { input_steps: [1, 2], method: 'union' }, dependencies: [1, 2] },
      answer(4, { input_step: 3 }, [3]),
    );
    expect(validatePlan(plan).valid).toBe(true);

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess
    expect(outcome.dropped).toEqual([{ step_id: 2, reason: DRIFT }]);
    expect(outcome.fallback).toBe(false);
    expect(ids(outcome.plan)).toEqual([1, 3, 4]);
    expect(outcome.plan.plan[1]).toEqual(step({ step_id: 3, type: 'aggregate', parameters: { input_steps: [1], method: 'union' }, dependencies: [1] }));
    expect(validatePlan(outcome.plan).valid).toBe(true);
  });

  it('does not change the plan it was given', () => {
    // Prepare
    const plan = planOf(searchStep(1, 'Lumière brothers cinematograph'), searchStep(2, 'volcanic soil chemistry'), {
      step_id: 3,
      type: 'aggregate',
      parameters: { input_steps: [1, 2], method: 'union' },
      dependencies: [1, 2],
    });
    const before = structuredClone(plan);

    // Act
    sanitizeSubqueries(plan, TASK);

    // Assess
    expect(plan).toEqual(before);
  });

  it('drops the steps that read a dropped step, in cascade, each with its reason', () => {
    // Prepare
    const plan = planOf(
      searchStep(1, 'Lumière brothers cinematograph'),
      searchStep(2, 'volcanic soil chemistry'),
      { step_id: 3, type: 'rerank', parameters: { input_step: 2 }, dependencies: [2] },
      { step_id: 4, type: 'filter', parameters: { input_step: 3, max_results: 2 }, dependencies: [3] },
      answer(5, { input_steps: [1, 4] }, [1, 4]),
    );
    expect(validatePlan(plan).valid).toBe(true);

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess
    expect(outcome.dropped).toEqual([
      { step_id: 2, reason: DRIFT },
      { step_id: 3, reason: 'reads dropped step 2' },
      { step_id: 4, reason: 'reads dropped step 3' },
    ]);
    expect(ids(outcome.plan)).toEqual([1, 5]);
    expect(outcome.plan.plan[1]).toMatchObject({ parameters: { input_steps: [1] }, dependencies: [1] });
    expect(outcome.fallback).toBe(false);
  });

  it('lets an llm_call that reads its dependencies lose just the dropped one', () => {
    // Prepare: no input_steps, so the llm_call reads every dependency.
    const plan = planOf(searchStep(1, 'Lumière brothers cinematograph'), searchStep(2, 'volcanic soil chemistry'), answer(3, {}, [1, 2]));

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess
    expect(outcome.dropped).toEqual([{ step_id: 2, reason: DRIFT }]);
    expect(ids(outcome.plan)).toEqual([1, 3]);
    expect(outcome.plan.plan[1]!.dependencies).toEqual([1]);
  });

  it('drops an llm_call whose single input was dropped', () => {
    // Prepare
    const plan = planOf(
      searchStep(1, 'Lumière brothers cinematograph'),
      searchStep(2, 'volcanic soil chemistry'),
      answer(3, { input_step: 2 }, [2]),
      answer(4, { input_step: 1 }, [1]),
    );

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess
    expect(outcome.dropped).toEqual([
      { step_id: 2, reason: DRIFT },
      { step_id: 3, reason: 'reads dropped step 2' },
    ]);
    expect(ids(outcome.plan)).toEqual([1, 4]);
  });

  it('drops an aggregate that has a condition on a dropped step', () => {
    // Prepare
    const plan = planOf(
      searchStep(1, 'Lumière brothers cinematograph'),
      searchStep(2, 'volcanic soil chemistry'),
      { step_id: 3, type: 'aggregate', parameters: { input_steps: [1, 2], method: 'union' }, dependencies: [1, 2], condition: 'step_2.result.count > 0' },
      searchStep(4, 'river city'),
    );
    expect(validatePlan(plan).valid).toBe(true);

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess
    expect(outcome.dropped).toEqual([
      { step_id: 2, reason: DRIFT },
      { step_id: 3, reason: 'reads dropped step 2' },
    ]);
    expect(ids(outcome.plan)).toEqual([1, 4]);
  });

  it('drops an llm_call whose prompt reads a dropped step, rather than falling back', () => {
    // Prepare
    const plan = planOf(
      searchStep(1, 'Lumière brothers cinematograph'),
      searchStep(2, 'volcanic soil chemistry'),
      answer(3, { prompt: 'Compare with {{ step_2.result.query }}', input_steps: [1, 2] }, [1, 2]),
    );
    expect(validatePlan(plan).valid).toBe(true);

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess
    expect(outcome.fallback).toBe(false);
    expect(outcome.dropped).toEqual([
      { step_id: 2, reason: DRIFT },
      { step_id: 3, reason: 'reads dropped step 2' },
    ]);
    expect(ids(outcome.plan)).toEqual([1]);
  });

  it('does not judge a query made only of templates, and judges the literal words around a template', () => {
    // Prepare
    const plan = planOf(
      searchStep(1, 'Lumière brothers cinematograph'),
      searchStep(2, '{{ step_1.result.documents[0].title }}', [1]),
      searchStep(3, '{{ step_1.result.documents[0].title }} volcanic soil chemistry', [1]),
    );
    expect(validatePlan(plan).valid).toBe(true);

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess
    expect(outcome.dropped).toEqual([{ step_id: 3, reason: DRIFT }]);
    expect(ids(outcome.plan)).toEqual([1, 2]);
  });

  it('does not judge a query of stopwords only', () => {
    // Prepare
    const plan = planOf(searchStep(1, 'Lumière'), searchStep(2, 'which of them is it'));

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess
    expect(outcome.dropped).toEqual([]);
  });

  it('judges the related_to of a graph_query and the query of every retrieval type', () => {
    // Prepare
    const plan = planOf(
      searchStep(1, 'Lumière brothers'),
      { step_id: 2, type: 'graph_query', parameters: { related_to: 'Volcanic soil chemistry' } },
      { step_id: 3, type: 'vector_search', parameters: { query: 'volcanic soil chemistry' } },
      { step_id: 4, type: 'multi-hop', parameters: { input_step: 1, hops: 1, query: 'volcanic soil chemistry' }, dependencies: [1] },
      { step_id: 5, type: 'rerank', parameters: { input_step: 1, query: 'volcanic soil chemistry' }, dependencies: [1] },
    );

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess: a rerank is not a sub-query, so its query is not judged.
    expect(outcome.dropped).toEqual([
      { step_id: 2, reason: 'sub-query "Volcanic soil chemistry" shares no content word with the task' },
      { step_id: 3, reason: DRIFT },
      { step_id: 4, reason: DRIFT },
    ]);
    expect(ids(outcome.plan)).toEqual([1, 5]);
  });

  it('falls back to one search of the whole task when every sub-query drifted, listing every dropped step', () => {
    // Prepare
    const plan = planOf(
      searchStep(1, 'volcanic soil chemistry'),
      searchStep(2, 'ocean tides'),
      { step_id: 3, type: 'aggregate', parameters: { input_steps: [1, 2], method: 'union' }, dependencies: [1, 2] },
      answer(4, { input_step: 3 }, [3]),
    );

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess
    expect(outcome.fallback).toBe(true);
    expect(outcome.plan).toEqual(singleQueryPlan(TASK));
    expect(outcome.dropped).toEqual([
      { step_id: 1, reason: DRIFT },
      { step_id: 2, reason: 'sub-query "ocean tides" shares no content word with the task' },
      { step_id: 3, reason: 'reads dropped step 1' },
      { step_id: 4, reason: 'reads dropped step 3' },
    ]);
  });

  it('falls back when what is left retrieves nothing', () => {
    // Prepare: only a tool call survives.
    const plan = planOf(searchStep(1, 'volcanic soil chemistry'), {
      step_id: 2,
      type: 'tool_call',
      parameters: { tool: 'corpus.search', args: { query: 'Lyon' } },
    });

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess
    expect(outcome).toEqual({ plan: singleQueryPlan(TASK), dropped: [{ step_id: 1, reason: DRIFT }], fallback: true });
  });

  it('keeps traceability as the plan had it', () => {
    // Prepare
    const plan: DecompositionPlan = { ...planOf(searchStep(1, 'Lumière'), searchStep(2, 'volcanic soil chemistry')), traceability: false };

    // Act
    const outcome = sanitizeSubqueries(plan, TASK);

    // Assess
    expect(outcome.plan.traceability).toBe(false);
  });
});

describe('singleQueryPlan', () => {
  it('searches the whole task, reranks against it and answers, as a valid plan', () => {
    // Act
    const plan = singleQueryPlan('How high is K2?');

    // Assess
    expect(validatePlan(plan)).toEqual({ valid: true, errors: [] });
    expect(plan.plan.map((s) => [s.step_id, s.type, s.dependencies, s.parameters])).toEqual([
      [1, 'keyword_search', [], { query: 'How high is K2?' }],
      [2, 'rerank', [1], { input_step: 1, query: 'How high is K2?' }],
      [3, 'llm_call', [2], { prompt: 'Answer from the sources, citing them. Task: How high is K2?', input_step: 2 }],
    ]);
    expect(plan.plan.every((s) => s.trace.source === 'fallback')).toBe(true);
  });
});
