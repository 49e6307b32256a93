import { describe, expect, it } from 'vitest';
import { canTransition, isTerminal, statusRank } from '../../../functions/core/trace/status.js';
import { PLAN_STATUSES, type PlanStatus } from '../../../functions/core/types.js';

const NON_TERMINAL = PLAN_STATUSES.filter((s) => s !== 'succeeded' && s !== 'failed');

describe('Function: statusRank', () => {
  it('orders the statuses of a plan from intake to its end', () => {
    // Prepare
    const expected: Record<PlanStatus, number> = {
      received: 0,
      analyzing: 1,
      planning: 2,
      validating: 2,
      repairing: 2,
      executing: 3,
      finalizing: 4,
      succeeded: 5,
      failed: 5,
    };

    // Act
    const ranks = Object.fromEntries(PLAN_STATUSES.map((s) => [s, statusRank(s)]));

    // Assess
    expect(ranks).toEqual(expected);
  });
});

describe('Function: isTerminal', () => {
  it('is true for succeeded and failed only', () => {
    expect(PLAN_STATUSES.filter(isTerminal)).toEqual(['succeeded', 'failed']);
  });
});

describe('Function: canTransition', () => {
  it('allows every forward move, skipped ranks included', () => {
    expect(canTransition('received', 'analyzing')).toBe(true);
    expect(canTransition('received', 'planning')).toBe(true);
    expect(canTransition('received', 'executing')).toBe(true);
    expect(canTransition('executing', 'finalizing')).toBe(true);
    expect(canTransition('finalizing', 'succeeded')).toBe(true);
  });

  it('lets the repair loop go back and forth inside its rank', () => {
    const loop: PlanStatus[] = ['planning', 'validating', 'repairing'];
    for (const from of loop) {
      for (const to of loop) expect(canTransition(from, to), `${from} -> ${to}`).toBe(true);
    }
  });

  it('refuses every backward move', () => {
    expect(canTransition('analyzing', 'received')).toBe(false);
    expect(canTransition('executing', 'planning')).toBe(false);
    expect(canTransition('executing', 'repairing')).toBe(false);
    expect(canTransition('finalizing', 'executing')).toBe(false);
  });

  it('reaches failed from any non-terminal status', () => {
    for (const from of NON_TERMINAL) expect(canTransition(from, 'failed'), from).toBe(true);
  });

  it('never moves a terminal status to another status', () => {
    for (const from of ['succeeded', 'failed'] as const) {
      for (const to of PLAN_STATUSES) {
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(to === from);
      }
    }
  });

  it('agrees with the ranks for every pair', () => {
    // The full matrix, so a new status cannot slip in without a rule.
    for (const from of PLAN_STATUSES) {
      for (const to of PLAN_STATUSES) {
        const expected = from === to || (!isTerminal(from) && (to === 'failed' || statusRank(to) >= statusRank(from)));
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
  });
});
