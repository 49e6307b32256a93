import { describe, expect, it } from 'vitest';

import { ConfigError } from '../../../functions/core/errors.js';
import { planOrder, sessionFromTrace } from '../../../functions/core/learn/session.js';
import { parseLearningSettings } from '../../../functions/core/learn/settings.js';
import { DEFAULT_LEARNING_SETTINGS } from '../../../functions/core/learn/types.js';
import type { TraceEvent } from '../../../functions/core/types.js';
import { llmStep, planOf, receivedPlan, searchStep, step, stepOutput, toolStep } from '../../support/plans.js';

const event = (planId: string, seq: number, type: TraceEvent['type'], data: Record<string, unknown>): TraceEvent => ({
  planId,
  seq,
  at: `2030-01-02T03:04:${String(seq).padStart(2, '0')}.000Z`,
  type,
  phase: 'executing',
  data,
});

describe('Function: sessionFromTrace', () => {
  it('reads a stored plan as its executed steps: rendered inputs, results, latency, the event that ended each', () => {
    // Prepare: step 2 started first (parallel); step 4 was skipped; step 1 started twice (the coverage retry).
    const record = receivedPlan({
      planId: 'p1',
      plan: planOf(
        searchStep(1, 'Lyon rainfall'),
        toolStep(2, 'corpus_search', { query: 'Porto rainfall' }),
        llmStep(3, 'Compare {{ step_1.result.documents }}', [1, 2]),
        step({ step_id: 4, type: 'rerank', parameters: { input_step: 1, method: 'x' }, dependencies: [1] }),
      ),
    });
    const events = [
      event('p1', 1, 'step.started', { step_id: 2, parameters: { tool: 'corpus_search', args: { query: 'Porto rainfall' } } }),
      event('p1', 2, 'step.started', { step_id: 1, parameters: { query: 'Lyon' } }),
      event('p1', 3, 'step.started', { step_id: 1, parameters: { query: 'Lyon rainfall' } }),
      event('p1', 4, 'step.completed', { step_id: 2 }),
      event('p1', 5, 'step.completed', { step_id: 1 }),
      event('p1', 6, 'step.skipped', { step_id: 4 }),
      event('p1', 7, 'step.started', { step_id: 3, parameters: { prompt: 'Compare Lyon climate' } }),
      event('p1', 8, 'step.failed', { step_id: 3, error: 'model down' }),
    ];
    const outputs = [
      { ...stepOutput(1, 'keyword_search', { documents: [] }), durationMs: 12 },
      { ...stepOutput(2, 'tool_call', { results: [] }), durationMs: 7 },
      { ...stepOutput(3, 'llm_call', {}, 'failed'), durationMs: 30, error: 'model down' },
      stepOutput(4, 'rerank', {}, 'skipped'),
    ];

    // Act
    const session = sessionFromTrace({ record, events, outputs })!;

    // Assess
    expect(session).toMatchObject({ sessionId: 'p1', at: record.createdAt, task: record.request.task });
    expect(session.steps.map((s) => [s.stepId, s.symbol, s.status, s.latencyMs, s.eventId])).toEqual([
      [1, 'keyword_search', 'succeeded', 12, 'p1#5'],
      [2, 'corpus.search', 'succeeded', 7, 'p1#4'],
      [3, 'llm_call', 'failed', 30, 'p1#8'],
    ]);
    expect(session.steps[0]!.input).toEqual({ query: 'Lyon rainfall' });
    expect(session.steps[1]).toMatchObject({ tool: 'corpus.search', input: { query: 'Porto rainfall' } });
    expect(session.steps[2]).toMatchObject({ rawInput: { prompt: 'Compare {{ step_1.result.documents }}' }, error: 'model down', dependencies: [1, 2] });
    expect(session.steps[2]!.output).toBeUndefined();
  });

  it('names steps by their key parameters, and is undefined for a plan that never ran', () => {
    // Prepare
    const record = receivedPlan({ planId: 'p2', plan: planOf(step({ step_id: 1, type: 'aggregate', parameters: { input_steps: [1], method: 'union' } })) });

    // Act
    const session = sessionFromTrace({ record, events: [], outputs: [stepOutput(1, 'aggregate', {})] });

    // Assess
    expect(session?.steps[0]?.symbol).toBe('aggregate[method=union]');
    expect(sessionFromTrace({ record: receivedPlan(), events: [], outputs: [] })).toBeUndefined();
    expect(sessionFromTrace({ record, events: [], outputs: [] })).toBeUndefined();
  });
});

describe('Function: planOrder', () => {
  it('orders by dependency, lowest id first among the ready steps', () => {
    expect(planOrder(planOf(searchStep(3, 'a'), searchStep(1, 'b', [4]), searchStep(4, 'c'), searchStep(2, 'd', [1])).plan)).toEqual([3, 4, 1, 2]);
  });
});

describe('Function: parseLearningSettings', () => {
  it('gives seed 001’s defaults and takes overrides', () => {
    expect(parseLearningSettings(undefined)).toEqual(DEFAULT_LEARNING_SETTINGS);
    expect(DEFAULT_LEARNING_SETTINGS).toMatchObject({
      require_approval: true,
      max_parallel_steps: 3,
      max_retries_on_invalid: 1,
      min_replay_sessions: 10,
      equivalence_threshold: 0.95,
      max_latency_regression: 1.2,
      similarity_method: 'cosine_tfidf',
    });
    expect(parseLearningSettings({ similarity_method: 'exact_match', min_replay_sessions: 3 })).toMatchObject({
      similarity_method: 'exact_match',
      min_replay_sessions: 3,
    });
  });

  it.each([
    [{ min_support: 0 }, 'learning setting min_support must be a number in (0, 1], not 0'],
    [{ similarity_method: 'bleu' }, 'learning setting similarity_method must be one of cosine_tfidf, exact_match, not "bleu"'],
    [{ max_parallel_steps: 2.5 }, 'learning setting max_parallel_steps must be an integer from 1 to 16, not 2.5'],
    [{ require_approval: 'yes' }, 'learning setting require_approval must be true or false, not "yes"'],
    [{ min_length: 5, max_length: 3 }, 'learning setting min_length (5) is above max_length (3)'],
    [{ equivalence: 0.9 }, /^learning setting equivalence is unknown/],
    [[], 'learning settings must be an object'],
  ])('refuses %j with one line', (input, message) => {
    expect(() => parseLearningSettings(input)).toThrow(ConfigError);
    expect(() => parseLearningSettings(input)).toThrow(message);
  });
});
