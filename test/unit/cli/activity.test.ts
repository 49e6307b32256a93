import { describe, expect, it } from 'vitest';
import { applyEvent, emptyActivity, foldTrace, formatDuration } from '../../../cli/view/activity.js';
import { REPAIRED_RUN, T0, trace } from './fixtures.js';

describe('View: foldTrace', () => {
  it('reads phases, attempts with their errors and steps with their times from a trace', () => {
    // Act
    const activity = foldTrace(REPAIRED_RUN);

    // Assess
    expect(activity.status).toBe('succeeded');
    expect(activity.startedAt).toBe(T0);
    expect(activity.endedAt).toBe(T0 + 131);
    expect(activity.phases.map((p) => [p.status, p.startedAt - T0, (p.endedAt ?? NaN) - T0])).toEqual([
      ['analyzing', 5, 12],
      ['planning', 12, 33],
      ['validating', 33, 38],
      ['repairing', 38, 63],
      ['validating', 63, 70],
      ['executing', 70, 123],
      ['finalizing', 123, 131],
    ]);
    expect(activity.attempts).toMatchObject([
      {
        attempt: 1,
        kind: 'generate',
        source: 'rule-based',
        valid: false,
        errors: [{ path: 'plan.2.dependencies.0', message: 'step 7 does not exist' }, { path: 'plan.0.type' }],
      },
      { attempt: 2, kind: 'repair', source: 'rule-based', valid: true, errors: [] },
    ]);
    expect(activity.steps.map((s) => [s.stepId, s.state, s.durationMs])).toEqual([
      [1, 'succeeded', 8],
      [2, 'succeeded', 3],
      [3, 'succeeded', 10],
      [4, 'skipped', 0],
      [5, 'succeeded', 3],
      [6, 'succeeded', 20],
    ]);
    expect(activity.steps[3]).toMatchObject({ condition: "step_2.result['run'] == False", startedAt: T0 + 85 });
    expect(activity.steps[1]?.run).toBe(true);
    expect(activity).toMatchObject({
      llmCalls: 3,
      stepCount: 6,
      analysis: { skipped: false, kind: 'conditional', complexity: 'complex' },
      finalized: { sources: 7, covered: 2, subqueries: 2 },
    });
  });

  it('orders events by sequence number, whatever order they arrive in', () => {
    // Act
    const shuffled = foldTrace([...REPAIRED_RUN].reverse());

    // Assess
    expect(shuffled).toEqual(foldTrace(REPAIRED_RUN));
  });

  it('shows a step running until it ends, and a second start (coverage retry) runs it again', () => {
    // Prepare
    const events = trace([
      [0, 'step.started', 'executing', { step_id: 1, type: 'keyword_search' }],
      [5, 'step.retried', 'executing', { step_id: 1, type: 'keyword_search', attempt: 1 }],
      [9, 'step.completed', 'executing', { step_id: 1, type: 'keyword_search', durationMs: 9 }],
      [10, 'coverage.retry', 'executing', {}],
      [11, 'step.started', 'executing', { step_id: 1, type: 'keyword_search' }],
    ]);
    const activity = emptyActivity();

    // Act
    applyEvent(activity, events[0]!);
    const running = structuredClone(activity.steps[0]);
    for (const event of events.slice(1)) applyEvent(activity, event);

    // Assess
    expect(running).toMatchObject({ state: 'running', startedAt: T0 });
    expect(activity.steps).toHaveLength(1);
    expect(activity.steps[0]).toMatchObject({ state: 'running', startedAt: T0 + 11, retries: 1 });
    expect(activity.steps[0]?.durationMs).toBeUndefined();
    expect(activity.coverageRetry).toBe(true);
  });

  it('shows an elicitation step waiting between its question and the answer, then running again', () => {
    // Prepare
    const asked = trace([
      [0, 'step.started', 'executing', { step_id: 2, type: 'elicitation' }],
      [4, 'input.requested', 'executing', { step_id: 2, message: 'Which city?', schema: {} }],
      [5, 'plan.status', 'waiting_for_input', { from: 'executing', to: 'waiting_for_input' }],
    ]);
    const answered = trace([
      [900, 'input.received', 'waiting_for_input', { step_id: 2, answer: { city: 'Lyon' } }],
      [901, 'plan.status', 'executing', { from: 'waiting_for_input', to: 'executing' }],
      [905, 'step.started', 'executing', { step_id: 2, type: 'elicitation' }],
    ]);

    // Act
    const waiting = foldTrace(asked);
    const resumed = foldTrace([...asked, ...answered.map((e, i) => ({ ...e, seq: asked.length + i + 1 }))]);

    // Assess
    expect(waiting.steps).toMatchObject([{ stepId: 2, state: 'waiting' }]);
    expect(waiting.status).toBe('waiting_for_input');
    expect(resumed.steps).toMatchObject([{ stepId: 2, state: 'running', startedAt: T0 + 905 }]);
  });

  it('keeps the failure of a plan', () => {
    // Act
    const activity = foldTrace(
      trace([
        [0, 'plan.status', 'analyzing', { from: 'received', to: 'analyzing' }],
        [3, 'plan.failed', 'analyzing', { error: 'BudgetExceededError', reason: 'over 10 tokens' }],
        [4, 'plan.status', 'failed', { from: 'analyzing', to: 'failed' }],
      ]),
    );

    // Assess
    expect(activity).toMatchObject({ status: 'failed', failure: { error: 'BudgetExceededError', reason: 'over 10 tokens' }, endedAt: T0 + 4 });
    expect(activity.phases).toEqual([{ status: 'analyzing', startedAt: T0, endedAt: T0 + 4 }]);
  });
});

describe('View: formatDuration', () => {
  it.each([
    [7.4, '7 ms'],
    [999, '999 ms'],
    [1240, '1.24 s'],
    [125_000, '2 min 5 s'],
  ])('writes %d ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
