/**
 * A TraceStore that hands every call to another one: the base of the local wrappers
 * (notifying-trace-store.ts, leasing-trace-store.ts), each of which overrides only what it adds.
 */
import type { ListPlansQuery, PlanPatch, TraceRecords, TraceStore } from '../../functions/core/ports.js';
import type { PlanAttempt, PlanRecord, StepOutput, TraceEvent, TraceEventInput } from '../../functions/core/types.js';

export class DelegatingTraceStore implements TraceStore {
  constructor(protected readonly inner: TraceStore) {}

  createPlan(record: PlanRecord, events?: readonly TraceEventInput[]): Promise<void> {
    return events === undefined ? this.inner.createPlan(record) : this.inner.createPlan(record, events);
  }

  getPlan(planId: string, options?: { written?: number }): Promise<PlanRecord | undefined> {
    return options === undefined ? this.inner.getPlan(planId) : this.inner.getPlan(planId, options);
  }

  updatePlan(planId: string, patch: PlanPatch): Promise<PlanRecord> {
    return this.inner.updatePlan(planId, patch);
  }

  updatePlanWithEvents(
    planId: string,
    patch: PlanPatch,
    events: readonly TraceEventInput[],
    records?: TraceRecords,
  ): Promise<{ record: PlanRecord; events: TraceEvent[] }> {
    return this.inner.updatePlanWithEvents(planId, patch, events, records);
  }

  appendEvent(planId: string, event: TraceEventInput): Promise<TraceEvent> {
    return this.inner.appendEvent(planId, event);
  }

  appendEvents(planId: string, events: readonly TraceEventInput[], records?: TraceRecords): Promise<TraceEvent[]> {
    return this.inner.appendEvents(planId, events, records);
  }

  listEvents(planId: string): Promise<TraceEvent[]> {
    return this.inner.listEvents(planId);
  }

  putAttempt(planId: string, attempt: PlanAttempt): Promise<void> {
    return this.inner.putAttempt(planId, attempt);
  }

  getAttempt(planId: string, attempt: number, options?: { written?: number }): Promise<PlanAttempt | undefined> {
    return options === undefined ? this.inner.getAttempt(planId, attempt) : this.inner.getAttempt(planId, attempt, options);
  }

  listAttempts(planId: string): Promise<PlanAttempt[]> {
    return this.inner.listAttempts(planId);
  }

  putStepOutput(planId: string, output: StepOutput): Promise<void> {
    return this.inner.putStepOutput(planId, output);
  }

  listStepOutputs(planId: string, options?: { written?: number }): Promise<StepOutput[]> {
    return options === undefined ? this.inner.listStepOutputs(planId) : this.inner.listStepOutputs(planId, options);
  }

  listPlans(query?: ListPlansQuery): Promise<PlanRecord[]> {
    return this.inner.listPlans(query);
  }
}
