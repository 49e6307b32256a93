/** Reading a plan's record for a phase, and moving its status with a trace event. */
import { PlanNotFoundError } from '../errors.js';
import type { TraceStore } from '../ports.js';
import type { PlanRecord, PlanStatus } from '../types.js';

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
  const updated = await store.updatePlan(record.planId, { ...patch, status });
  if (record.status !== status) {
    await store.appendEvent(record.planId, { type: 'plan.status', phase: status, data: { from: record.status, to: status } });
  }
  return updated;
}
