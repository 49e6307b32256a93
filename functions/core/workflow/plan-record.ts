/** Reading a plan's record for a phase, and moving its status with a trace event. */
import { PlanNotFoundError } from '../errors.js';
import type { TraceStore } from '../ports.js';
import type { PlanRecord, PlanStatus, TraceEventInput } from '../types.js';

export async function loadPlan(store: TraceStore, planId: string): Promise<PlanRecord> {
  const record = await store.getPlan(planId);
  if (!record) throw new PlanNotFoundError(`plan ${planId} does not exist`);
  return record;
}

/**
 * Moves the plan's status and returns the record as stored. A phase builds on that record to the
 * end (nothing else writes a plan's metadata while its phase runs), so it never reads it again.
 */
export async function setStatus(
  store: TraceStore,
  record: PlanRecord,
  status: PlanStatus,
  patch: Parameters<TraceStore['updatePlan']>[1] = {},
): Promise<PlanRecord> {
  if (record.status === status) return store.updatePlan(record.planId, { ...patch, status });
  // The status and its event's number in one write (a settled status after its events).
  return (await store.updatePlanWithEvents(record.planId, { ...patch, status }, [statusEvent(record.status, status)])).record;
}

/** The event of a move from one status to another. */
export function statusEvent(from: PlanStatus, to: PlanStatus): TraceEventInput {
  return { type: 'plan.status', phase: to, data: { from, to } };
}
