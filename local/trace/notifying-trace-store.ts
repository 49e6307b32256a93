/**
 * A TraceStore that tells in-process listeners about each trace event once it is stored, so the
 * CLI can show a run's progress live without polling the database. Everything else is passed
 * through unchanged; the events a listener sees are the stored ones, with their sequence numbers.
 */
import type { TraceRecords, TraceStore } from '../../functions/core/ports.js';
import type { PlanRecord, TraceEvent, TraceEventInput } from '../../functions/core/types.js';
import { DelegatingTraceStore } from './delegating-trace-store.js';

export type TraceEventListener = (event: TraceEvent) => void;

export class NotifyingTraceStore extends DelegatingTraceStore {
  private readonly listeners = new Set<TraceEventListener>();

  /** Calls `listener` with every event stored from now on; returns a function that stops it. */
  subscribe(listener: TraceEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  override async appendEvent(planId: string, event: TraceEventInput): Promise<TraceEvent> {
    const stored = await this.inner.appendEvent(planId, event);
    this.tell([stored]);
    return stored;
  }

  override async appendEvents(planId: string, events: readonly TraceEventInput[], records?: TraceRecords): Promise<TraceEvent[]> {
    const stored = await this.inner.appendEvents(planId, events, records);
    this.tell(stored);
    return stored;
  }

  override async updatePlanWithEvents(
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

  override async createPlan(record: PlanRecord, events: readonly TraceEventInput[] = []): Promise<void> {
    await this.inner.createPlan(record, events);
    // The store numbered them from the record's counter on.
    this.tell(events.map((event, i) => ({ ...event, planId: record.planId, seq: record.eventCount + i + 1, at: record.createdAt })));
  }
}
