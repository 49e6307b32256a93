/**
 * What a reader of a plan sees: `GET /plans/{id}` and `/trace`, and the result file written
 * beside an S3 task file. One view, so the two never disagree.
 */
import { PlanNotFoundError } from '../errors.js';
import type { ResultWriter, TraceStore } from '../ports.js';
import { isTerminal } from '../trace/status.js';
import type { PlanRecord, PlanStatus, Source, StepOutput, TraceEvent } from '../types.js';
import { type StepDetail, stepDetails } from './step-details.js';

export interface PlanView {
  planId: string;
  status: PlanStatus;
  task: string;
  /** The corpus the request named; absent for the default corpus. */
  corpus?: string;
  createdAt: string;
  updatedAt: string;
  analysis?: PlanRecord['analysis'];
  plan?: PlanRecord['plan'];
  /** The answer and how it was reached; present once the plan succeeded. */
  results?: Omit<NonNullable<PlanRecord['results']>, 'sources'>;
  sources: Source[];
  error?: PlanRecord['error'];
  metadata?: PlanRecord['metadata'];
  /** The question the plan waits on; present while its status is waiting_for_input. */
  question?: PlanRecord['question'];
  /** The user's answers so far, by step id. */
  answers?: PlanRecord['answers'];
  /** An iterative plan's rounds: the steps each added, and why the loop ended. */
  rounds?: PlanRecord['rounds'];
  /** Each executed step opened: timing, attempts, error and its output bounded (step-details.ts); GET /plans/{id} only. */
  stepDetails?: StepDetail[];
}

/** A result file sits beside its task file under this suffix. */
export const RESULT_SUFFIX = '.result.json';

export function resultKeyOf(taskKey: string): string {
  return `${taskKey}${RESULT_SUFFIX}`;
}

/** Plan ids are `p-` then lowercase hex or base36 digits; anything else is no plan of ours. */
const PLAN_ID = /^p-[0-9a-z-]{1,64}$/;

/** The plan of an id a reader gave, or PlanNotFoundError (a 404 over HTTP). */
export async function findPlan(store: TraceStore, planId: string): Promise<PlanRecord> {
  const record = PLAN_ID.test(planId) ? await store.getPlan(planId) : undefined;
  if (record === undefined) throw new PlanNotFoundError(`plan ${JSON.stringify(planId)} not found`);
  return record;
}

/** The view of `record`; with its step outputs, each step's details too. */
export function planView(record: PlanRecord, outputs: readonly StepOutput[] = []): PlanView {
  const { sources = [], ...results } = record.results ?? {};
  return {
    planId: record.planId,
    status: record.status,
    task: record.request.task,
    ...(record.request.corpus !== undefined ? { corpus: record.request.corpus } : {}),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.analysis ? { analysis: record.analysis } : {}),
    ...(record.plan ? { plan: record.plan } : {}),
    ...(record.results ? { results: results as NonNullable<PlanView['results']> } : {}),
    sources,
    ...(record.error ? { error: record.error } : {}),
    ...(record.metadata ? { metadata: record.metadata } : {}),
    ...(record.status === 'waiting_for_input' && record.question ? { question: record.question } : {}),
    ...(record.answers ? { answers: record.answers } : {}),
    // Never the input token: it resumes the execution, so it is a credential, not something to show.
    ...(record.rounds ? { rounds: record.rounds } : {}),
    ...(outputs.length > 0 ? { stepDetails: stepDetails(outputs) } : {}),
  };
}

export function traceView(record: PlanRecord, events: readonly TraceEvent[]): { planId: string; status: PlanStatus; events: TraceEvent[] } {
  return { planId: record.planId, status: record.status, events: [...events].sort((a, b) => a.seq - b.seq) };
}

/** The result file of a task file that is not a request: no plan started, and why. */
export function rejectedTaskFile(error: { name: string; message: string; issues?: ReadonlyArray<{ path: string; message: string }> }): Record<string, unknown> {
  return { status: 'rejected', error: { name: error.name, message: error.message, issues: error.issues ?? [] } };
}

/**
 * Once a plan has finished, writes its view where its origin asks (an S3 task file's
 * `<key>.result.json`). Returns whether anything was written.
 */
export async function publishResult(store: TraceStore, writer: ResultWriter, planId: string): Promise<boolean> {
  const record = await store.getPlan(planId);
  const origin = record?.request.origin;
  if (record === undefined || !isTerminal(record.status) || origin?.source !== 's3') return false;
  await writer.write(origin, { ...planView(record) });
  return true;
}
