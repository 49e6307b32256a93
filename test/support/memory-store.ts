/**
 * A trace store held in memory, for the phases' unit tests without a database: one plan record,
 * patched by the core's own rules (trace/plan-patch.ts), its events and its step outputs.
 */
import type { PlanPatch, TraceRecords, TraceStore } from '../../functions/core/ports.js';
import { applyPlanPatch } from '../../functions/core/trace/plan-patch.js';
import { isSettled } from '../../functions/core/trace/status.js';
import type { PlanRecord, PlanStatus, StepOutput, TraceEventInput } from '../../functions/core/types.js';

export interface MemoryStoreOptions {
  /** The time patches are stamped with. */
  now: Date;
  /** The step outputs the store holds (listStepOutputs), and where putStepOutput adds. */
  outputs?: StepOutput[];
  /** How long an event write takes, as a store round trip does; none by default. */
  eventDelayMs?: number;
  /** putStepOutput of this step id fails, as a store that is down does. */
  failOutputOf?: number;
  /** How long a plan update takes, as a store round trip does; none by default. */
  updateDelayMs?: number;
  /** A plan update moving the plan to this status fails, as a store that is down does. */
  failUpdateTo?: PlanStatus;
}

export function memoryTraceStore(initial: PlanRecord, options: MemoryStoreOptions) {
  let record = initial;
  const events: TraceEventInput[] = [];
  const outputs = options.outputs ?? [];
  /** Each update as it landed: its patch, and how many events were stored before it. */
  const updates: Array<{ patch: PlanPatch; eventsBefore: number }> = [];
  const store: TraceStore = {
    getPlan: async () => record,
    updatePlan: async (_id: string, patch: PlanPatch) => {
      if (options.updateDelayMs) await new Promise((resolve) => setTimeout(resolve, options.updateDelayMs));
      if (patch.status !== undefined && patch.status === options.failUpdateTo) throw new Error('the trace table is unavailable');
      record = applyPlanPatch(record, patch, options.now);
      updates.push({ patch, eventsBefore: events.length });
      return record;
    },
    appendEvent: async (_id: string, event: TraceEventInput) => {
      if (options.eventDelayMs) await new Promise((resolve) => setTimeout(resolve, options.eventDelayMs));
      events.push(event);
      return { ...event, planId: record.planId, seq: events.length, at: options.now.toISOString() };
    },
    appendEvents: async (id: string, batch: readonly TraceEventInput[], records: TraceRecords = {}) => {
      for (const output of records.outputs ?? []) await store.putStepOutput(id, output);
      const stored = [];
      for (const event of batch) stored.push(await store.appendEvent(id, event));
      return stored;
    },
    updatePlanWithEvents: async (id: string, patch: PlanPatch, batch: readonly TraceEventInput[], records: TraceRecords = {}) => {
      // The order the DynamoDB store keeps: a settled plan's events first, otherwise the patch first.
      if (patch.status !== undefined && isSettled(patch.status)) {
        const stored = await store.appendEvents(id, batch, records);
        return { record: await store.updatePlan(id, patch), events: stored };
      }
      const updated = await store.updatePlan(id, patch);
      return { record: updated, events: await store.appendEvents(id, batch, records) };
    },
    putStepOutput: async (_id: string, output: StepOutput) => {
      if (output.step_id === options.failOutputOf) throw new Error('the trace table is unavailable');
      outputs.push(output);
    },
    listStepOutputs: async () => outputs,
  } as Partial<TraceStore> as TraceStore;
  return { store, events, outputs, updates, current: () => record };
}
