import { describe, expect, it } from 'vitest';

import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import { validateAnalysis } from '../../../functions/core/plan/schemas.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import { extractJson } from '../../../functions/core/planner/extract-json.js';
import { normalizePlan } from '../../../functions/core/planner/plan-format.js';
import type { LlmIntent, LlmRequest } from '../../../functions/core/ports.js';
import { EXECUTABLE_STEP_TYPES } from '../../../functions/core/steps/index.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';

function requestFor(intent: LlmIntent, user = 'the prompt a model would read'): LlmRequest {
  return {
    purpose: intent.kind === 'analysis' ? 'analysis' : intent.kind === 'answer' ? 'answer' : intent.kind === 'next_round' ? 'plan' : intent.kind,
    system: 'system text',
    messages: [{ role: 'user', content: user }],
    maxTokens: 1024,
    temperature: 0,
    intent,
  };
}

const planIntent = (task: string, maxSteps = 20): LlmIntent => ({ kind: 'plan', task, allowedStepTypes: EXECUTABLE_STEP_TYPES, maxSteps, topK: 10 });

describe('Class: RuleBasedProvider', () => {
  const provider = new RuleBasedProvider();

  it('names itself and marks its traces rule-based', () => {
    // Assess
    expect(provider.name).toBe('rule-based');
    expect(provider.model).toBe('cairn-rules-v1');
    expect(provider.source).toBe('rule-based');
  });

  it('answers an analysis request with bare JSON that validates', async () => {
    // Act
    const response = await provider.complete(requestFor({ kind: 'analysis', task: 'List the top 3 highest mountains' }));

    // Assess
    const analysis = JSON.parse(response.text) as Record<string, unknown>;
    expect(validateAnalysis(analysis)).toEqual([]);
    expect(analysis.task_kind).toBe('top_n');
  });

  it('estimates tokens from the prompt and the answer, at a quarter of the characters', async () => {
    // Prepare
    const request = requestFor({ kind: 'analysis', task: 'Everest height' }, 'x'.repeat(100));

    // Act
    const response = await provider.complete(request);

    // Assess
    expect(response).toMatchObject({ provider: 'rule-based', model: 'cairn-rules-v1', stopReason: 'end_turn', estimatedTokens: true });
    expect(response.inputTokens).toBe(Math.ceil(('system text'.length + 100) / 4));
    expect(response.outputTokens).toBe(Math.ceil(response.text.length / 4));
  });

  it.each([
    ['Compare Mount Everest and K2 on elevation', 'comparison'],
    ['What is the nationality of the director of Inception?', 'bridge'],
    ['When K2 is in Pakistan, describe the Karakoram; otherwise describe the Himalayas.', 'conditional'],
    ['List the top 3 highest mountains', 'top-n'],
    ['What does the guide say in interview.mp3?', 'multimodal'],
    ['Everest height', 'lookup'],
  ])('plans "%s" as a %s task, reasoning before a fenced plan that validates', async (task, kind) => {
    // Act
    const response = await provider.complete(requestFor(planIntent(task)));

    // Assess: written as a model is asked to (no trace, no modality its type implies), valid once Cairn fills those in.
    const extracted = extractJson(response.text);
    expect(extracted.method).toBe('fenced-block');
    expect(extracted.reasoning.startsWith(`I read this as a ${kind} task. `)).toBe(true);
    const steps = (extracted.value as DecompositionPlan).plan;
    expect(steps.every((s) => s.trace === undefined && s.modality === undefined)).toBe(true);
    expect(validatePlan(normalizePlan(extracted.value, 'rule-based'), { allowedStepTypes: EXECUTABLE_STEP_TYPES })).toEqual({ valid: true, errors: [] });
  });

  it('writes the analysis beside the plan when it is asked in the same call', async () => {
    // Act
    const response = await provider.complete(requestFor({ ...planIntent('Compare Mount Everest and K2 on elevation'), withAnalysis: true } as LlmIntent));

    // Assess
    const value = extractJson(response.text, 'plan').value as { analysis: unknown; plan: unknown[] };
    expect(validateAnalysis(value.analysis)).toEqual([]);
    expect(value.analysis).toMatchObject({ task_kind: 'comparison', key_entities: ['Mount Everest', 'K2'] });
    expect(value.plan.length).toBeGreaterThan(0);
  });

  it('writes only the analysis fields the prompt asks for, and no traceability it would only say is on', async () => {
    // Act
    const response = await provider.complete(
      requestFor({ ...planIntent('Compare Mount Everest and K2 on elevation'), withAnalysis: true, analysisFields: ['complexity', 'task_kind'] } as LlmIntent),
    );

    // Assess
    const value = extractJson(response.text, 'plan').value as Record<string, unknown>;
    expect(value.analysis).toEqual({ complexity: 'moderate', task_kind: 'comparison' });
    expect(value).not.toHaveProperty('traceability');
    const { analysis: _analysis, ...plan } = value;
    expect(validatePlan(normalizePlan(plan, 'rule-based'), { allowedStepTypes: EXECUTABLE_STEP_TYPES })).toEqual({ valid: true, errors: [] });
  });

  it('answers a repair that shows only the steps the errors name with those steps mended', async () => {
    // Prepare: the prompt shows step 3 in full and outlines the others.
    const previousText = [
      'The steps the errors name:',
      '{"step_id":3,"type":"aggregate","parameters":{"input_steps":[1,2],"method":"union"},"dependencies":[1,2,9]}',
      'All steps in order: 1 keyword_search; 2 vector_search; 3 aggregate <- 1,2,9 (above); 4 llm_call <- 3',
      'Give only the corrected steps: each replaces the step with its step_id; the others stay as they are.',
    ].join('\n');
    const errors = [{ path: 'plan.2.dependencies.2', message: 'step 9 does not exist', source: 'semantic' as const }];

    // Act
    const response = await provider.complete(
      requestFor({ kind: 'repair', task: 'Everest height', previousText, errors, attempt: 2, allowedStepTypes: EXECUTABLE_STEP_TYPES }),
    );

    // Assess
    const extracted = extractJson(response.text);
    expect(extracted.reasoning).toBe('Attempt 2: I fixed 1 problem(s): step 3: dependencies [1,2,9] -> [1,2].');
    expect((extracted.value as DecompositionPlan).plan).toEqual([
      { step_id: 3, type: 'aggregate', parameters: { input_steps: [1, 2], method: 'union' }, dependencies: [1, 2] },
    ]);
  });

  it('repairs the previous plan it is shown and lists the fixes', async () => {
    // Prepare
    const previous = {
      plan: [{ step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'Everest' }, dependencies: [1], trace: {} }],
      traceability: true,
    };
    const errors = validatePlan(previous).errors;

    // Act
    const response = await provider.complete(
      requestFor({
        kind: 'repair',
        task: 'Everest height',
        previousText: JSON.stringify(previous),
        errors,
        attempt: 2,
        allowedStepTypes: EXECUTABLE_STEP_TYPES,
      }),
    );

    // Assess
    const extracted = extractJson(response.text);
    expect(extracted.reasoning).toBe('Attempt 2: I fixed 1 problem(s): step 1: dependencies [1] -> [].');
    expect((extracted.value as DecompositionPlan).plan[0]!.dependencies).toEqual([]);
    expect(validatePlan(normalizePlan(extracted.value, 'rule-based')).valid).toBe(true);
  });

  it('plans again from the task when the previous answer holds no plan', async () => {
    // Act
    const response = await provider.complete(
      requestFor({
        kind: 'repair',
        task: 'Compare Mount Everest and K2 on elevation',
        previousText: 'Sorry, no plan.',
        errors: [{ path: 'plan', message: 'no plan JSON', source: 'syntax' }],
        attempt: 3,
        allowedStepTypes: EXECUTABLE_STEP_TYPES,
      }),
    );

    // Assess
    const extracted = extractJson(response.text);
    expect(extracted.reasoning).toBe('Attempt 3: the previous answer held no usable plan, so I planned again from the task.');
    expect((extracted.value as DecompositionPlan).plan).toHaveLength(12);
    expect(validatePlan(normalizePlan(extracted.value, 'rule-based')).valid).toBe(true);
  });

  it('answers extractively from the documents of an answer request', async () => {
    // Act
    const response = await provider.complete(
      requestFor({
        kind: 'answer',
        question: 'Who directed Inception?',
        instruction: 'Answer from the sources, citing them.',
        documents: [{ id: 't-inception', text: 'Inception is a 2010 science fiction film written and directed by Christopher Nolan.' }],
      }),
    );

    // Assess: the structured answer a model gives through the answer's JSON Schema.
    expect(JSON.parse(response.text)).toEqual({
      shortAnswer: 'Christopher Nolan',
      answer: 'Inception is a 2010 science fiction film written and directed by Christopher Nolan. [t-inception]',
    });
  });
});
