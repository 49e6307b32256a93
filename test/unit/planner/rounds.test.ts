import { describe, expect, it } from 'vitest';
import { structuredName } from '../../../functions/adapters/llm/structured/response-schema.js';
import { modelPlanSchema } from '../../../functions/core/planner/plan-format.js';
import { mergeRound, RESULT_LIMITS, roundResults, roundSchema } from '../../../functions/core/planner/rounds.js';
import { catalog as planningCatalog } from '../../support/planner.js';
import { planOf, retrievedDoc, searchStep, step, stepOutput } from '../../support/plans.js';

const firstRound = planOf(searchStep(1, 'Lumière brothers cinematograph'), searchStep(2, 'cinematograph patent'));

describe('Function: mergeRound', () => {
  it('appends the new steps, which may read the earlier ones', () => {
    // Act
    const merged = mergeRound(firstRound, [
      step({ step_id: 3, type: 'keyword_search', parameters: { query: 'Lyon' } }),
      step({ step_id: 4, type: 'aggregate', parameters: { input_steps: [1, 3], method: 'rank_fusion' }, dependencies: [1, 3] }),
    ]);

    // Assess
    expect(merged.kind).toBe('merged');
    if (merged.kind !== 'merged') return;
    expect(merged.newIds).toEqual([3, 4]);
    expect(merged.plan.plan.map((s) => s.step_id)).toEqual([1, 2, 3, 4]);
  });

  it('ignores the steps that already ran when they come back unchanged (a model repeating its plan)', () => {
    // Act
    const merged = mergeRound(firstRound, [...firstRound.plan, step({ step_id: 3, type: 'keyword_search', parameters: { query: 'Lyon' } })]);

    // Assess
    expect(merged).toMatchObject({ kind: 'merged', newIds: [3] });
  });

  it('says no more steps for an empty round', () => {
    expect(mergeRound(firstRound, [])).toEqual({ kind: 'no_more_steps' });
  });

  it('says no progress for a round that only sends back the plan that ran', () => {
    // Act
    const merged = mergeRound(firstRound, firstRound.plan);

    // Assess
    expect(merged).toMatchObject({ kind: 'no_progress' });
  });

  it('says no progress when every new step repeats one that ran, whatever its id and key order', () => {
    // Act
    const merged = mergeRound(firstRound, [step({ step_id: 7, type: 'keyword_search', parameters: { query: 'cinematograph patent' } })]);

    // Assess
    expect(merged.kind).toBe('no_progress');
    expect(merged.kind === 'no_progress' && merged.detail).toMatch(/repeats a step that already ran/);
  });

  it('refuses a step that reuses an earlier id with other content', () => {
    // Act
    const merged = mergeRound(firstRound, [step({ step_id: 2, type: 'keyword_search', parameters: { query: 'Lyon' } })]);

    // Assess
    expect(merged).toMatchObject({ kind: 'conflict' });
    expect(merged.kind === 'conflict' && merged.detail).toMatch(/step 2 already ran.*ids from 3/);
  });
});

describe('Function: roundResults', () => {
  it("gives each step as seed 002's plan.Result, its round, and documents cut to id, title and a snippet", () => {
    // Prepare
    const plan = planOf(searchStep(1, 'Lumière'), { step_id: 2, type: 'tool_call', tool: 'corpus.get', params: { id: 'lyon' }, parameters: {} });
    const docs = Array.from({ length: 8 }, (_, i) => retrievedDoc(`d${i}`, 1 - i / 10, { title: `Doc ${i}`, text: 'x'.repeat(1000) }));
    const outputs = [
      stepOutput(1, 'keyword_search', { documents: docs, count: 8 }),
      { ...stepOutput(2, 'tool_call', {}, 'failed'), error: 'no such document' },
    ];

    // Act
    const results = roundResults(plan, outputs, {
      maxRounds: 5,
      rounds: [
        { round: 1, stepIds: [1] },
        { round: 2, stepIds: [2] },
      ],
    });

    // Assess
    expect(results.map((r) => [r.step_id, r.round, r.name, r.status])).toEqual([
      [1, 1, 'keyword_search', 'succeeded'],
      [2, 2, 'corpus.get', 'failed'],
    ]);
    expect(results[1]).toMatchObject({ args: { id: 'lyon' }, error: 'no such document' });
    const shown = results[0]!.result.documents as Array<{ id: string; snippet: string }>;
    expect(shown).toHaveLength(RESULT_LIMITS.documents);
    expect(shown.every((d) => d.snippet.length === RESULT_LIMITS.snippetChars)).toBe(true);
    expect(results[0]!.result).toMatchObject({ more_documents: 3, count: 8 });
  });

  it('references the oldest results by step once the whole passes its limit', () => {
    // Prepare: forty long answers, far over the limit.
    const steps = Array.from({ length: 40 }, (_, i) => step({ step_id: i + 1, type: 'llm_call', parameters: { prompt: 'p' } }));
    const outputs = steps.map((s) => stepOutput(s.step_id, 'llm_call', { text: 'y'.repeat(5000), citations: [] }));

    // Act
    const results = roundResults({ plan: steps, traceability: true }, outputs, undefined);

    // Assess
    expect(JSON.stringify(results).length).toBeLessThanOrEqual(RESULT_LIMITS.totalChars);
    expect(results[0]!.result).toEqual({ see: 'step_1.result (shortened to fit)' });
    expect(String(results.at(-1)!.result.text).length).toBe(RESULT_LIMITS.textChars);
  });
});

describe('Function: roundSchema', () => {
  it('keeps the plan schema title, so the structured-output tool has the same name every round', () => {
    // Act
    const schema = roundSchema();

    // Assess
    expect(structuredName(schema)).toBe(structuredName(planningCatalog.planSchema as Record<string, unknown>));
    expect(structuredName(schema)).toBe(structuredName(modelPlanSchema()));
    expect(schema.required).toEqual([]);
    expect((schema.properties as Record<string, unknown>).answer).toMatchObject({ type: 'string' });
    expect(roundSchema()).toBe(schema);
  });
});
