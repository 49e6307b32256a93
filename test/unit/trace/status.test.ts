/**
 * The status rules checked against what the workflow does to a plan, not against their own table:
 * the paths the state machine can take are listed, and every move they contain must be allowed,
 * every move against them refused.
 */
import { describe, expect, it } from 'vitest';
import { canTransition, isTerminal, statusRank } from '../../../functions/core/trace/status.js';
import { PLAN_STATUSES, type PlanStatus } from '../../../functions/core/types.js';

/**
 * The longest path through the workflow: every phase once, the repair loop gone round once, and a
 * question to the user answered once. Shorter paths skip statuses (no analysis, a plan supplied,
 * plan-only, no question) but never reorder them.
 */
const LONGEST: PlanStatus[] = [
  'received',
  'analyzing',
  'planning',
  'validating',
  'repairing',
  'validating',
  'executing',
  'waiting_for_input',
  'executing',
  'finalizing',
  'succeeded',
];

/** Paths the state machine takes, beyond the longest: each with statuses skipped. */
const SHORTER: PlanStatus[][] = [
  ['received', 'planning', 'validating', 'executing', 'finalizing', 'succeeded'],
  ['received', 'analyzing', 'planning', 'validating', 'finalizing', 'succeeded'],
  ['received', 'analyzing', 'planning', 'validating', 'repairing', 'validating', 'repairing', 'validating', 'failed'],
];

/** The repair loop's statuses follow each other in any order, as many times as the attempts allow. */
const REPAIR_LOOP: PlanStatus[] = ['planning', 'validating', 'repairing'];

/** A plan executes, waits for an answer, executes again, as often as it asks. */
const QUESTION_LOOP: PlanStatus[] = ['executing', 'waiting_for_input'];

const NON_TERMINAL = PLAN_STATUSES.filter((s) => s !== 'succeeded' && s !== 'failed');

/** Every path the rules must allow: the ones above, and a failure from wherever a plan can be. */
const PATHS: PlanStatus[][] = [LONGEST, ...SHORTER, ...NON_TERMINAL.map((s) => [...LONGEST.slice(0, LONGEST.indexOf(s) + 1), 'failed' as const])];

/** The moves a path contains: each status to itself and to every status after it. */
function movesOf(path: PlanStatus[]): string[] {
  return path.flatMap((from, i) => path.slice(i).map((to) => `${from}->${to}`));
}

const LEGAL = new Set([
  ...PATHS.flatMap(movesOf),
  ...REPAIR_LOOP.flatMap((from) => REPAIR_LOOP.map((to) => `${from}->${to}`)),
  ...QUESTION_LOOP.flatMap((from) => QUESTION_LOOP.map((to) => `${from}->${to}`)),
  ...PLAN_STATUSES.map((s) => `${s}->${s}`),
]);

describe('Function: canTransition', () => {
  it('allows every move along every path the workflow takes', () => {
    for (const path of PATHS) {
      for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!), path.join(' > ')).toBe(true);
    }
  });

  it('allows exactly the moves the paths contain, the repair loop and staying put, for every pair of statuses', () => {
    for (const from of PLAN_STATUSES) {
      for (const to of PLAN_STATUSES) {
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(LEGAL.has(`${from}->${to}`));
      }
    }
  });

  it('refuses every backward move outside the repair loop', () => {
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
});

describe('Function: isTerminal', () => {
  it('is true for succeeded and failed only', () => {
    expect(PLAN_STATUSES.filter(isTerminal)).toEqual(['succeeded', 'failed']);
  });
});

describe('Function: statusRank', () => {
  it('never drops along a path the workflow takes to success', () => {
    for (const path of [LONGEST, ...SHORTER.filter((p) => p.at(-1) === 'succeeded')]) {
      for (let i = 1; i < path.length; i++) expect(statusRank(path[i]!), `${path[i - 1]} > ${path[i]}`).toBeGreaterThanOrEqual(statusRank(path[i - 1]!));
    }
  });

  it('gives the repair loop one rank, and both ends of a plan the highest', () => {
    expect(new Set(REPAIR_LOOP.map(statusRank)).size).toBe(1);
    const highest = Math.max(...PLAN_STATUSES.map(statusRank));
    expect(statusRank('succeeded')).toBe(highest);
    expect(statusRank('failed')).toBe(highest);
    for (const s of NON_TERMINAL) expect(statusRank(s), s).toBeLessThan(highest);
  });
});
