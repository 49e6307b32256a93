/**
 * A TraceStore that writes this process's lease into each plan it starts to run: into the record
 * intake creates, and into each patch that moves a plan to a status of work. A plan resumed here
 * after another process asked its question so takes the lease as its Execute starts. The lease
 * rides in writes the workflow makes anyway: it costs no request of its own.
 */
import type { PlanPatch, TraceRecords, TraceStore } from '../../functions/core/ports.js';
import { isSettled } from '../../functions/core/trace/status.js';
import type { PlanLease, PlanRecord, TraceEvent, TraceEventInput } from '../../functions/core/types.js';
import { DelegatingTraceStore } from './delegating-trace-store.js';

export class LeasingTraceStore extends DelegatingTraceStore {
  constructor(
    inner: TraceStore,
    private readonly lease: PlanLease,
  ) {
    super(inner);
  }

  /**
   * A patch that moves the plan to a status of work carries the lease. A settled one (ended, or
   * waiting for the user) does not: nobody runs the plan then, and a retried final patch must stay
   * what it was, or a terminal plan would refuse it as a change.
   */
  private leased(patch: PlanPatch): PlanPatch {
    return patch.status === undefined || isSettled(patch.status) ? patch : { ...patch, lease: this.lease };
  }

  override createPlan(record: PlanRecord, events?: readonly TraceEventInput[]): Promise<void> {
    return super.createPlan({ ...record, lease: this.lease }, events);
  }

  override updatePlan(planId: string, patch: PlanPatch): Promise<PlanRecord> {
    return super.updatePlan(planId, this.leased(patch));
  }

  override updatePlanWithEvents(
    planId: string,
    patch: PlanPatch,
    events: readonly TraceEventInput[],
    records?: TraceRecords,
  ): Promise<{ record: PlanRecord; events: TraceEvent[] }> {
    return super.updatePlanWithEvents(planId, this.leased(patch), events, records);
  }
}
