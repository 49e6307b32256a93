/**
 * How a patch changes a plan's record, the same for every trace store: the status moves only as
 * `canTransition` allows, a terminal plan never changes, each change is a new version, and the
 * plan's identity (id, creation time, event counter) is never patched. A store only has to apply
 * the record this returns under a check that nobody wrote a newer version meanwhile.
 */
import { PlanConflictError } from '../errors.js';
import type { PlanPatch } from '../ports.js';
import type { PlanRecord } from '../types.js';
import { canTransition, isTerminal } from './status.js';

/**
 * The record `patch` makes of `current`, or `current` itself (the same object) when a terminal plan
 * is patched with what it already holds: a retried Finalize is then a no-op, with nothing to write.
 * Throws PlanConflictError for any other change the rules refuse.
 */
export function applyPlanPatch(current: PlanRecord, patch: PlanPatch, now: Date): PlanRecord {
  const to = patch.status ?? current.status;
  if (!canTransition(current.status, to)) {
    const why = isTerminal(current.status) ? `${current.status} is terminal` : 'a status never goes backwards';
    throw new PlanConflictError(`plan ${current.planId}: status cannot change from ${current.status} to ${to} (${why})`);
  }
  // An answer is taken only from a plan that waits for one: a second answer, raced or late, is refused
  // even when the store re-applies the patch to a record another writer changed meanwhile.
  if (patch.answers !== undefined && !jsonEqual(patch.answers, current.answers) && current.status !== 'waiting_for_input') {
    throw new PlanConflictError(`plan ${current.planId} is ${current.status}, not waiting for input: the answer is refused`);
  }
  if (isTerminal(current.status)) {
    const changed = Object.entries(patch)
      .filter(([key, value]) => key !== 'updatedAt' && !jsonEqual(value, (current as unknown as Record<string, unknown>)[key]))
      .map(([key]) => key);
    if (changed.length === 0) return current;
    throw new PlanConflictError(`plan ${current.planId} is ${current.status} (terminal) and cannot change: ${changed.join(', ')}`);
  }
  return {
    ...current,
    ...patch,
    // Guarded at run time too: a patch from untyped code must not move the plan to another key.
    planId: current.planId,
    createdAt: current.createdAt,
    eventCount: current.eventCount,
    status: to,
    version: current.version + 1,
    updatedAt: patch.updatedAt ?? now.toISOString(),
  };
}

/** Equality of JSON values, blind to key order (a body read back from a store may order keys differently). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => jsonEqual(ra[k], rb[k]));
}
