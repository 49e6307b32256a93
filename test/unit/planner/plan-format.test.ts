import { describe, expect, it } from 'vitest';
import { structuredName } from '../../../functions/adapters/llm/structured/response-schema.js';
import { compactPlanText, compactStep, modelPlanSchema, normalizePlan, normalizeStep } from '../../../functions/core/planner/plan-format.js';

describe('Function: normalizePlan', () => {
  it('fills in what a model may leave out of a step: its type’s modality and a trace naming who wrote it', () => {
    // Prepare
    const written = {
      plan: [
        { step_id: 1, type: 'audio_transcription', parameters: { file: 'a.mp3' }, dependencies: [] },
        { step_id: 2, type: 'keyword_search', parameters: { query: '{{ step_1.result.text }}' }, dependencies: [1] },
        { step_id: 3, type: 'keyword_search', modality: 'image', parameters: { query: 'x' }, dependencies: [], trace: { explanation: 'mine' } },
      ],
    };

    // Act
    const plan = normalizePlan(written, 'anthropic') as { plan: Array<Record<string, unknown>>; traceability: boolean };

    // Assess
    expect(plan.traceability).toBe(true);
    expect(plan.plan.map((s) => [s.modality, s.trace])).toEqual([
      ['audio', { source: 'anthropic' }],
      ['text', { source: 'anthropic' }],
      ['image', { explanation: 'mine' }],
    ]);
  });

  it('leaves a value of another shape, and a step that is not an object, for validation to judge', () => {
    // Act + Assess
    expect(normalizePlan([1, 2], 'x')).toEqual([1, 2]);
    expect(normalizePlan({ steps: [] }, 'x')).toEqual({ steps: [] });
    expect(normalizeStep('step', 'x')).toBe('step');
  });
});

describe('Function: compactStep', () => {
  it('drops the trace and a modality its type implies, and keeps one it does not', () => {
    // Act + Assess
    expect(compactStep({ step_id: 1, type: 'keyword_search', modality: 'text', parameters: {}, dependencies: [], trace: { source: 'x' } })).toEqual({
      step_id: 1,
      type: 'keyword_search',
      parameters: {},
      dependencies: [],
    });
    expect(compactStep({ step_id: 2, type: 'keyword_search', modality: 'table', parameters: {}, dependencies: [] })).toMatchObject({ modality: 'table' });
    expect(compactPlanText({ plan: [{ step_id: 1, type: 'image_captioning', modality: 'image', parameters: {}, dependencies: [] }] })).toBe(
      '[{"step_id":1,"type":"image_captioning","parameters":{},"dependencies":[]}]',
    );
  });
});

describe('Function: modelPlanSchema', () => {
  it('is one object for a plan and its repairs, another for an iterative round, both named like the plan schema', () => {
    // Act
    const plan = modelPlanSchema();
    const round = modelPlanSchema({ answer: true });

    // Assess
    expect(modelPlanSchema()).toBe(plan);
    expect([plan, round].map((s) => structuredName(s))).toEqual(['submit_decomposition_plan', 'submit_decomposition_plan']);
    expect([plan.required, round.required]).toEqual([['plan'], []]);
    expect(Object.keys(plan.properties as object)).toEqual(['analysis', 'plan']);
    expect(Object.keys(round.properties as object)).toEqual(['plan', 'answer']);
    expect(JSON.stringify(plan).length).toBeLessThan(250);
  });
});
