/**
 * The order of plan statuses (a status is versioned and never goes backwards).
 * Pure: the trace stores and the workflow both ask these functions, so every store agrees.
 */
import type { PlanStatus } from '../types.js';

/**
 * planning, validating and repairing share a rank: the repair loop moves back and forth between
 * them, and that is progress, not regression. So do executing and waiting_for_input: a plan that
 * asks the user something waits, then executes again with the answer.
 */
const RANK: Readonly<Record<PlanStatus, number>> = {
  received: 0,
  analyzing: 1,
  planning: 2,
  validating: 2,
  repairing: 2,
  executing: 3,
  waiting_for_input: 3,
  finalizing: 4,
  succeeded: 5,
  failed: 5,
};

export function statusRank(status: PlanStatus): number {
  return RANK[status];
}

/** A terminal status is final: the plan's status never changes again. */
export function isTerminal(status: PlanStatus): boolean {
  return status === 'succeeded' || status === 'failed';
}

/**
 * A status someone waiting on the plan acts on: it is done, or it waits for the user's answer.
 * The store writes a plan's events before such a status, so whoever sees it reads a whole trace.
 */
export function isSettled(status: PlanStatus): boolean {
  return isTerminal(status) || status === 'waiting_for_input';
}

/**
 * Whether a plan may move from `from` to `to`. Staying put is always allowed (an idempotent retry
 * re-applies the same status); a terminal status never changes; `failed` is reachable from any
 * other status; otherwise the rank must not drop. Ranks may be skipped (no analysis, a given plan).
 */
export function canTransition(from: PlanStatus, to: PlanStatus): boolean {
  if (from === to) return true;
  if (isTerminal(from)) return false;
  if (to === 'failed') return true;
  return statusRank(to) >= statusRank(from);
}
