/** The arithmetic of the orchestration benchmark (bench/overhead.ts). */
import { describe, expect, it } from 'vitest';
import { ownWork, unionLength } from '../../../bench/overhead-figures.js';
import type { StepOutput } from '../../../functions/core/types.js';

const T0 = Date.parse('2026-11-23T10:00:00.000Z');

function output(type: StepOutput['type'], startMs: number, durationMs: number, status: StepOutput['status'] = 'succeeded'): StepOutput {
  return {
    step_id: 1,
    type,
    status,
    result: {},
    startedAt: new Date(T0 + startMs).toISOString(),
    endedAt: new Date(T0 + startMs + durationMs).toISOString(),
    durationMs,
    attempts: 1,
  };
}

describe('Function: unionLength', () => {
  it('counts overlapping calls once, and apart calls each', () => {
    // Prepare: two parallel calls (0-800, 100-900), then one alone (1000-1800), and an empty one.
    const calls = [
      { start: 1000, end: 1800 },
      { start: 0, end: 800 },
      { start: 100, end: 900 },
      { start: 500, end: 500 },
    ];

    // Act
    const total = unionLength(calls);

    // Assess
    expect(total).toBe(900 + 800);
    expect(unionLength([])).toBe(0);
  });

  it('counts a call nested inside another once', () => {
    expect(
      unionLength([
        { start: 0, end: 1000 },
        { start: 200, end: 300 },
      ]),
    ).toBe(1000);
  });
});

describe('Function: ownWork', () => {
  it('takes the model time inside an llm_call step away from its duration, counting only what falls inside the step', () => {
    // Prepare: the step runs 0-1000; its call 100-900, another call 950-1500 overlaps its end.
    const calls = [
      { start: T0 + 100, end: T0 + 900 },
      { start: T0 + 950, end: T0 + 1500 },
    ];

    // Act
    const work = ownWork(output('llm_call', 0, 1000), calls);

    // Assess
    expect(work).toBe(1000 - 800 - 50);
  });

  it('keeps the whole duration of a step that does not call the model, and counts nothing for a skipped step', () => {
    const calls = [{ start: T0, end: T0 + 1000 }];
    expect(ownWork(output('keyword_search', 0, 300), calls)).toBe(300);
    expect(ownWork(output('llm_call', 0, 300, 'skipped'), calls)).toBe(0);
  });
});
