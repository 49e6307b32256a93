import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { foldTrace } from '../../../cli/view/activity.js';
import { planPageHtml } from '../../../cli/view/plan-page.js';
import { progressFrame } from '../../../cli/view/progress-frame.js';
import type { PlanView } from '../../../functions/core/workflow/plan-view.js';
import { T0, trace } from './fixtures.js';

/** An iterative plan: round 1 runs steps 1-2, the planner adds 3-4, round 2 runs them, the next look back adds nothing. */
const ITERATIVE_RUN = trace([
  [0, 'plan.status', 'executing', { from: 'validating', to: 'executing' }],
  [1, 'round.started', 'executing', { round: 1, steps: [1, 2], execute: true }],
  [2, 'step.started', 'executing', { step_id: 1, type: 'keyword_search', round: 1 }],
  [5, 'step.completed', 'executing', { step_id: 1, type: 'keyword_search', durationMs: 3, count: 4, round: 1 }],
  [6, 'step.started', 'executing', { step_id: 2, type: 'llm_call', round: 1 }],
  [8, 'step.completed', 'executing', { step_id: 2, type: 'llm_call', durationMs: 2, round: 1 }],
  [9, 'round.completed', 'executing', { round: 1, next: 'round', nextRound: 2 }],
  [10, 'round.started', 'executing', { round: 2, steps: [3, 4], reasoning: 'ask about Lyon' }],
  [11, 'round.started', 'executing', { round: 2, steps: [3, 4], execute: true }],
  [12, 'step.started', 'executing', { step_id: 3, type: 'keyword_search', round: 2 }],
  [14, 'step.completed', 'executing', { step_id: 3, type: 'keyword_search', durationMs: 2, count: 2, round: 2 }],
  [15, 'step.started', 'executing', { step_id: 4, type: 'llm_call', round: 2 }],
]);

describe('View: the rounds of an iterative plan', () => {
  it('reads each round, its steps and how the loop ended from the trace', () => {
    // Act
    const running = foldTrace(ITERATIVE_RUN);
    const ended = foldTrace(
      trace([
        ...ITERATIVE_RUN.map((e): [number, typeof e.type, string, Record<string, unknown>] => [Date.parse(e.at) - T0, e.type, e.phase, e.data ?? {}]),
        [20, 'round.completed', 'executing', { round: 2, next: 'finalize', reason: 'no_more_steps', detail: 'the planner added no step after round 2' }],
      ]),
    );

    // Assess
    expect(running.rounds).toEqual({ current: 2, steps: { 1: [1, 2], 2: [3, 4] } });
    expect(running.steps.map((s) => [s.stepId, s.round])).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 2],
    ]);
    expect(ended.rounds?.stop).toEqual({ reason: 'no_more_steps', detail: 'the planner added no step after round 2' });
  });

  it('shows the round in the live progress, on the execute row and on each step', () => {
    // Act
    const frame = stripVTControlCharacters(progressFrame(foldTrace(ITERATIVE_RUN), { now: T0 + 16, tick: 0 }));

    // Assess
    expect(frame).toMatch(/execute.*· round 2/);
    expect(frame).toMatch(/r1 1 keyword_search/);
    expect(frame).toMatch(/r2 4 llm_call\s+running/);
  });

  it('lists the rounds on the plan page with why the loop ended', () => {
    // Prepare
    const view: PlanView = {
      planId: 'p-test',
      status: 'succeeded',
      task: 'Which river flows through the city where the Lumière brothers patented the cinematograph?',
      createdAt: new Date(T0).toISOString(),
      updatedAt: new Date(T0 + 20).toISOString(),
      sources: [],
      rounds: {
        maxRounds: 5,
        rounds: [
          { round: 1, stepIds: [1, 2] },
          { round: 2, stepIds: [3, 4] },
        ],
        stop: { round: 2, reason: 'no_more_steps', detail: 'the planner added no step after round 2' },
      },
    };

    // Act
    const html = planPageHtml(view, ITERATIVE_RUN, T0 + 20);

    // Assess
    expect(html).toContain('<section id="rounds"><h2>Rounds <small>at most 5</small></h2>');
    // Each round's steps are chips that open the step's details.
    expect(html).toMatch(
      /<li class="round" data-round="2"><strong>Round 2<\/strong> <button[^>]*data-open-step="3">[^<]*<\/button> <button[^>]*data-open-step="4">/,
    );
    expect(html).toMatch(/Ended: <strong>no more steps<\/strong> · the planner added no step after round 2/);
  });
});
