/**
 * Plans left at work by a process that ended (killed, crashed, its machine restarted): found by
 * their lease and marked failed, so that no plan shows `executing` for ever. Every local process
 * that opens the store looks once, and `serve` looks again from time to time.
 *
 * A plan waiting for the user's answer is not at work: whoever answers resumes it, in any process.
 */
import { PlanConflictError } from '../../functions/core/errors.js';
import type { TraceStore } from '../../functions/core/ports.js';
import { isSettled } from '../../functions/core/trace/status.js';
import type { PlanRecord, PlanStatus } from '../../functions/core/types.js';
import { failPlan } from '../../functions/core/workflow/record-failure.js';
import { holderEnded } from './process-lease.js';

/** The statuses of a plan some process is working on. */
export const WORK_STATUSES: readonly PlanStatus[] = ['received', 'analyzing', 'planning', 'validating', 'repairing', 'executing', 'finalizing'];

/** The reason a plan whose holder ended is given. */
export const HOLDER_ENDED = 'the process running it ended';

/**
 * A plan with no lease was started by a Cairn from before leases; none of its local processes can
 * have been at work on it for this long (the longest phase on AWS, a Lambda, stops at 15 minutes).
 */
const UNLEASED_AFTER_MS = 60 * 60 * 1000;

export interface SweepOptions {
  /** Whether the holder of a lease has ended; the kernel is asked by default. */
  ended?: typeof holderEnded;
  now?: () => Date;
  /** Plans listed per status at most, per sweep. */
  limit?: number;
}

function abandoned(record: PlanRecord, ended: typeof holderEnded, now: Date): boolean {
  if (isSettled(record.status)) return false;
  if (record.lease) return ended(record.lease);
  return now.getTime() - Date.parse(record.updatedAt) > UNLEASED_AFTER_MS;
}

/** Marks failed every plan at work whose holder has ended; returns their ids. */
export async function failAbandonedPlans(store: TraceStore, options: SweepOptions = {}): Promise<string[]> {
  const ended = options.ended ?? holderEnded;
  const now = (options.now ?? (() => new Date()))();
  const lists = await Promise.all(WORK_STATUSES.map((status) => store.listPlans({ status, limit: options.limit ?? 100 })));
  const failed: string[] = [];
  for (const record of lists.flat()) {
    if (!abandoned(record, ended, now)) continue;
    const reason = record.lease ? `${HOLDER_ENDED} (pid ${record.lease.pid})` : `${HOLDER_ENDED} (no lease: started by an older Cairn)`;
    try {
      await failPlan(store, record, 'ProcessEnded', reason);
      failed.push(record.planId);
    } catch (error) {
      // Another process marked it first: it is no longer ours to mark.
      if (!(error instanceof PlanConflictError)) throw error;
    }
  }
  return failed;
}
