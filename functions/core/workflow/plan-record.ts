/** Reading a plan's record for a phase, and moving its status with a trace event. */
import { PlanNotFoundError } from '../errors.js';
import type { TraceStore } from '../ports.js';
import type { PlanRecord, PlanStatus, TraceEventInput } from '../types.js';
import { CREATED_VERSION } from './types.js';

/**
 * The plan's record for a phase. `input` is the state's input: when the phase before reported the
 * version it left the record at, a store that wrote that version itself answers from memory (the
 * local runner, where every phase shares one store); any other store reads it.
 */
export async function loadPlan(store: TraceStore, planId: string, input?: object): Promise<PlanRecord> {
  const record = await store.getPlan(planId, input === undefined ? undefined : readOptions(input));
  if (!record) throw new PlanNotFoundError(`plan ${planId} does not exist`);
  return record;
}

/**
 * The options of a phase's reads of what the phase before wrote (its record, attempt or step
 * outputs): the version it reported, when it did (see reportedVersion).
 */
export function readOptions(input: object): { written: number } | undefined {
  const written = reportedVersion(input);
  return written === undefined ? undefined : { written };
}

/** Where the state machine keeps the phases' results (infra/workflow.asl.json, ResultPath). */
const REPORTING_RESULTS = ['analysis', 'generation', 'validation', 'execution', 'round'] as const;

/**
 * The record's version after the last phase that ran, from the results the state input carries:
 * the highest, versions only growing; the version intake created it at when no phase has run yet
 * (the first Task state: Analyze, or Validate for a supplied plan). Undefined after AwaitInput
 * (`input`): the answer was written meanwhile by whoever took it, with no version reported; and
 * when any phase whose result the input carries reported none (Replan's retried state, say): that
 * phase may have written after the highest version reported, so only a read is sure to be current.
 */
export function reportedVersion(input: object): number | undefined {
  const results = input as Partial<Record<(typeof REPORTING_RESULTS)[number] | 'input' | 'error', unknown>>;
  if (results.input !== undefined) return undefined;
  if (results.error === undefined && REPORTING_RESULTS.every((key) => results[key] === undefined)) return CREATED_VERSION;
  const reported = REPORTING_RESULTS.filter((key) => results[key] !== undefined).map((key) => (results[key] as { version?: unknown }).version);
  if (reported.length === 0 || !reported.every((version): version is number => Number.isSafeInteger(version))) return undefined;
  return Math.max(...reported);
}

/**
 * Moves the plan's status and returns the record as stored; `events` are traced after the move's
 * own event. A phase builds on that record to the end (nothing else writes a plan's metadata while
 * its phase runs), so it never reads it again.
 */
export async function setStatus(
  store: TraceStore,
  record: PlanRecord,
  status: PlanStatus,
  patch: Parameters<TraceStore['updatePlan']>[1] = {},
  events: readonly TraceEventInput[] = [],
): Promise<PlanRecord> {
  const traced = record.status === status ? events : [statusEvent(record.status, status), ...events];
  if (traced.length === 0) return store.updatePlan(record.planId, { ...patch, status });
  // The status and its events' numbers in one write (a settled status after its events).
  return (await store.updatePlanWithEvents(record.planId, { ...patch, status }, traced)).record;
}

/** The event of a move from one status to another. */
export function statusEvent(from: PlanStatus, to: PlanStatus): TraceEventInput {
  return { type: 'plan.status', phase: to, data: { from, to } };
}
