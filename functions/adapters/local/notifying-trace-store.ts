/**
 * A TraceStore that tells in-process listeners about each trace event once it is stored, so the
 * CLI can show a run's progress live without polling the database. Everything else is passed
 * through unchanged; the events a listener sees are the stored ones, with their sequence numbers.
 */
import type { ListPlansQuery, TraceRecords, TraceStore } from '../../core/ports.js';
import type { PlanAttempt, PlanRecord, StepOutput, TraceEvent, TraceEventInput } from '../../core/types.js';

export type TraceEventListener = (event: TraceEvent) => void;

export class NotifyingTraceStore implements TraceStore {
  private readonly listeners = new Set<TraceEventListener>();

  constructor(private readonly inner: TraceStore) {}

  /** Calls `listener` with every event stored from now on; returns a function that stops it. */
  subscribe(listener: TraceEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async appendEvent(planId: string, event: TraceEventInput): Promise<TraceEvent> {
    const stored = await this.inner.appendEvent(planId, event);
    this.tell([stored]);
    return stored;
  }

  async appendEvents(planId: string, events: readonly TraceEventInput[], records?: TraceRecords): Promise<TraceEvent[]> {
    const stored = await this.inner.appendEvents(planId, events, records);
    this.tell(stored);
    return stored;
  }

  async updatePlanWithEvents(
    planId: string,
    patch: Parameters<TraceStore['updatePlan']>[1],
    events: readonly TraceEventInput[],
    records?: TraceRecords,
  ): Promise<{ record: PlanRecord; events: TraceEvent[] }> {
    const stored = await this.inner.updatePlanWithEvents(planId, patch, events, records);
    this.tell(stored.events);
    return stored;
  }

  private tell(events: readonly TraceEvent[]): void {
    for (const event of events) {
      for (const listener of this.listeners) {
        // A listener draws a screen; its failure must never fail the workflow that traced the event.
        try {
          listener(event);
        } catch {
          /* ignored on purpose */
        }
      }
    }
  }

  async createPlan(record: PlanRecord, events: readonly TraceEventInput[] = []): Promise<void> {
    await this.inner.createPlan(record, events);
    // The store numbered them from the record's counter on.
    this.tell(events.map((event, i) => ({ ...event, planId: record.planId, seq: record.eventCount + i + 1, at: record.createdAt })));
  }

  getPlan(planId: string, options?: { written?: number }): Promise<PlanRecord | undefined> {
    return options === undefined ? this.inner.getPlan(planId) : this.inner.getPlan(planId, options);
  }

  updatePlan(planId: string, patch: Parameters<TraceStore['updatePlan']>[1]): Promise<PlanRecord> {
    return this.inner.updatePlan(planId, patch);
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
