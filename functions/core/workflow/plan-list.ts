/**
 * `GET /plans` (and `cairn plans`): the stored plans, newest first, filtered by status, task kind,
 * text in the task and creation time, a page at a time. The store lists plans by one of its two
 * indexes (by status, else by creation); kind and text are read on the records, so a page reads
 * the index in chunks until it has `limit` plans or has read its budget of records, and its
 * cursor (`next`) is where it stopped reading, not the last plan it kept: a page may hold fewer
 * plans than asked and still have a next one, but no plan is skipped or listed twice.
 */
import { InvalidInputError } from '../errors.js';
import type { TraceStore } from '../ports.js';
import { PLAN_STATUSES, type PlanRecord, type PlanStatus } from '../types.js';

/** What one listed plan shows: enough for a row of the list and its sums. */
export interface PlanSummary {
  planId: string;
  status: PlanStatus;
  task: string;
  createdAt: string;
  updatedAt: string;
  /** The kind of task its analysis recognised. */
  kind?: string;
  /** The corpus the request named; the default corpus when absent. */
  corpus?: string;
  /** Who answered its model calls (`rule-based`, `openai/gpt-4.1-mini`, several joined by `, `). */
  answeredBy?: string;
  /** What it cost, in USD (metadata.cost.usd: the model calls and the AWS estimate), once it ended. */
  costUsd?: number;
}

export interface PlanListFilters {
  status?: PlanStatus;
  /** The task kind, as the analysis names it (comparison, bridge, ...). */
  kind?: string;
  /** Words the task holds, case-insensitive. */
  text?: string;
  /** ISO time: plans created at or after it. */
  since?: string;
}

export interface PlanListQuery extends PlanListFilters {
  limit: number;
  /** Where the previous page stopped: its `next`, decoded. */
  after?: { planId: string; at: string };
}

export interface PlanListPage {
  plans: PlanSummary[];
  /** The cursor of the next page; absent on the last. */
  next?: string;
  /** The filters the page applied, as understood. */
  filters: PlanListFilters;
}

export const LIST_LIMIT = { min: 1, max: 200, default: 50 } as const;
/** The query parameters `GET /plans` takes; any other is refused. */
export const LIST_PARAMETERS = ['status', 'kind', 'q', 'since', 'limit', 'next'] as const;
/** Records one page reads at most looking for matches: a rare filter answers a short page with a cursor rather than a long wait. */
const RECORD_BUDGET = 1000;
const CHUNK = 100;
const KIND = /^[a-z][a-z0-9_-]{0,39}$/;
const MAX_TEXT = 200;

/** An ISO time, or a span back from now (`7d`, `12h`, `30m`); `field` names it in the error. */
export function parseSinceValue(value: string, field: string, now: Date): string {
  const relative = /^(\d{1,6})([dhm])$/.exec(value.trim());
  if (relative) {
    const ms = Number(relative[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000 }[relative[2] as 'd' | 'h' | 'm'];
    return new Date(now.getTime() - ms).toISOString();
  }
  // A date at least: Date.parse reads "1" or "May" as times, which nobody means.
  const at = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at))
    throw new InvalidInputError(
      `${field} must be an ISO time (2026-05-01 or 2026-05-01T12:00:00Z) or a span back like 7d, 12h, 30m; got ${JSON.stringify(value)}`,
    );
  return new Date(at).toISOString();
}

/** The query of `GET /plans` from its parameters; an unknown or malformed one is an InvalidInputError naming it. */
export function parsePlanListQuery(params: Readonly<Record<string, string | undefined>>, now: Date = new Date()): PlanListQuery {
  for (const name of Object.keys(params)) {
    if (!(LIST_PARAMETERS as readonly string[]).includes(name)) {
      throw new InvalidInputError(`unknown filter ${JSON.stringify(name)}: GET /plans takes ${LIST_PARAMETERS.join(', ')}`);
    }
  }
  const query: PlanListQuery = { limit: LIST_LIMIT.default };
  const { status, kind, q, since, limit, next } = params;
  if (status !== undefined) {
    if (!(PLAN_STATUSES as readonly string[]).includes(status))
      throw new InvalidInputError(`status must be one of ${PLAN_STATUSES.join(', ')}; got ${JSON.stringify(status)}`);
    query.status = status as PlanStatus;
  }
  if (kind !== undefined) {
    if (!KIND.test(kind))
      throw new InvalidInputError(`kind must be a task kind such as comparison, bridge, conditional, top_n, multimodal or lookup; got ${JSON.stringify(kind)}`);
    query.kind = kind;
  }
  if (q !== undefined) {
    const text = q.trim();
    if (text === '' || text.length > MAX_TEXT) throw new InvalidInputError(`q must be 1 to ${MAX_TEXT} characters of the task's text`);
    query.text = text;
  }
  if (since !== undefined) query.since = parseSinceValue(since, 'since', now);
  if (limit !== undefined) {
    const n = /^\d{1,6}$/.test(limit) ? Number(limit) : Number.NaN;
    if (!(n >= LIST_LIMIT.min && n <= LIST_LIMIT.max))
      throw new InvalidInputError(`limit must be an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}; got ${JSON.stringify(limit)}`);
    query.limit = n;
  }
  if (next !== undefined) {
    const { planId, at } = decodeCursor(next, query.status);
    query.after = { planId, at };
  }
  return query;
}

interface Cursor {
  planId: string;
  at: string;
  /** The status index it was made on; none for the creation index. */
  status?: PlanStatus;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.planId, cursor.at, cursor.status ?? null]), 'utf8').toString('base64url');
}

const PLAN_ID = /^p-[0-9a-z-]{1,64}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

function decodeCursor(text: string, status: PlanStatus | undefined): Cursor {
  const malformed = new InvalidInputError('next is not a cursor this API gave: pass the `next` of the previous page unchanged');
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) throw malformed;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw malformed;
  }
  if (!Array.isArray(value) || value.length !== 3) throw malformed;
  const [planId, at, made] = value as unknown[];
  if (typeof planId !== 'string' || !PLAN_ID.test(planId) || typeof at !== 'string' || !ISO.test(at)) throw malformed;
  if (made !== (status ?? null)) throw new InvalidInputError('next was made for another status filter: keep the filters of the page it came from');
  return { planId, at, ...(status !== undefined ? { status } : {}) };
}

/** Who answered a plan's model calls: each provider and model once, in the order they first answered. */
export function answeredBy(record: { metadata?: PlanRecord['metadata'] | undefined }): string | undefined {
  const calls = record.metadata?.llmCalls ?? [];
  const answered = calls.filter((c) => c.error === undefined);
  const names = [
    ...new Set((answered.length > 0 ? answered : calls).map((c) => (c.provider === c.model || c.model === '' ? c.provider : `${c.provider}/${c.model}`))),
  ];
  return names.length > 0 ? names.join(', ') : undefined;
}

export function planSummary(record: PlanRecord): PlanSummary {
  // The whole cost (model calls and AWS's part); a record from before it was computed has none.
  const cost = record.metadata?.cost?.usd;
  const who = answeredBy(record);
  return {
    planId: record.planId,
    status: record.status,
    task: record.request.task,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.analysis?.task_kind ? { kind: record.analysis.task_kind } : {}),
    ...(record.request.corpus ? { corpus: record.request.corpus } : {}),
    ...(who !== undefined ? { answeredBy: who } : {}),
    ...(typeof cost === 'number' ? { costUsd: cost } : {}),
  };
}

function matches(record: PlanRecord, query: PlanListQuery): boolean {
  if (query.status !== undefined && record.status !== query.status) return false;
  if (query.since !== undefined && record.createdAt < query.since) return false;
  if (query.kind !== undefined && record.analysis?.task_kind !== query.kind) return false;
  if (query.text !== undefined && !record.request.task.toLowerCase().includes(query.text.toLowerCase())) return false;
  return true;
}

/** One page of the plans the query asks for. */
export async function listPlanPage(store: Pick<TraceStore, 'listPlans'>, query: PlanListQuery): Promise<PlanListPage> {
  let after = query.after;
  const plans: PlanSummary[] = [];
  let read = 0;
  let more = true;
  while (plans.length < query.limit && read < RECORD_BUDGET) {
    const chunk = Math.min(CHUNK, RECORD_BUDGET - read);
    const records = await store.listPlans({
      ...(query.status !== undefined ? { status: query.status } : {}),
      ...(query.since !== undefined ? { since: query.since } : {}),
      ...(after !== undefined ? { after: { planId: after.planId, at: after.at } } : {}),
      limit: chunk,
    });
    read += records.length;
    more = records.length === chunk;
    let stopped = false;
    for (const record of records) {
      // The position in the index read: updatedAt in a status's, createdAt in the creation index.
      after = { planId: record.planId, at: query.status !== undefined ? record.updatedAt : record.createdAt };
      if (matches(record, query)) plans.push(planSummary(record));
      if (plans.length === query.limit) {
        stopped = record !== records[records.length - 1];
        break;
      }
    }
    if (stopped) more = true;
    if (!more) break;
  }
  const filters: PlanListFilters = {
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(query.kind !== undefined ? { kind: query.kind } : {}),
    ...(query.text !== undefined ? { text: query.text } : {}),
    ...(query.since !== undefined ? { since: query.since } : {}),
  };
  return { plans, ...(more && after !== undefined ? { next: encodeCursor({ ...after, ...(query.status ? { status: query.status } : {}) }) } : {}), filters };
}
