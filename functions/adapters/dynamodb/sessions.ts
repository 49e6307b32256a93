/**
 * Stored plans as sessions for learning: which plans ran since a time, read through the
 * byCreated index (a Query on `gsi2pk = PLANS AND gsi2sk >= since`, newest first), never a Scan,
 * and with a page budget so a large table costs a bounded number of reads. Each plan that ran
 * comes back with its record, its events and its step outputs; the core's sessionFromTrace turns
 * that into a Session (steps, tool calls, inputs, outputs, errors, latency, event ids).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { InvalidInputError } from '../../core/errors.js';
import type { TraceStore } from '../../core/ports.js';
import type { PlanRecord, PlanStatus, StepOutput, TraceEvent } from '../../core/types.js';
import { createDocumentClient } from './client.js';
import { toStoreError } from './errors.js';
import { CREATED_INDEX, traceKeys } from './table.js';

/** One stored plan that ran, as the table holds it: what learning turns into a Session. */
export interface StoredTrace {
  record: PlanRecord;
  events: TraceEvent[];
  outputs: StepOutput[];
}

export interface SessionQuery {
  /** ISO time: plans created at or after it. */
  since?: string;
  /** ISO time: plans created before it. */
  until?: string;
  /** Index pages to read at most (each up to `pageSize` plans). Default 10. */
  maxPages?: number;
  /** Plans per index page. Default 100. */
  pageSize?: number;
}

export interface TracePage {
  traces: StoredTrace[];
  /** Plans the index listed (ran or not). */
  plansListed: number;
  pagesRead: number;
  /** True when the page budget ran out before the index did: older plans were not read. */
  truncated: boolean;
}

const TERMINAL: ReadonlySet<PlanStatus> = new Set(['succeeded', 'failed']);

/** An ISO time or a duration back from now (`7d`, `12h`, `30m`). */
export function parseSince(value: string, now: Date = new Date()): string {
  const relative = /^(\d+)([dhm])$/.exec(value.trim());
  if (relative) {
    const ms = Number(relative[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000 }[relative[2] as 'd' | 'h' | 'm'];
    return new Date(now.getTime() - ms).toISOString();
  }
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw new InvalidInputError(`--since must be an ISO time or a duration like 7d, 12h, 30m; got ${JSON.stringify(value)}`);
  return new Date(at).toISOString();
}

export class DynamoSessionSource {
  private readonly doc: DynamoDBDocumentClient;

  constructor(private readonly options: { client: DynamoDBClient; tableName: string; store: TraceStore }) {
    this.doc = createDocumentClient(options.client);
  }

  /** The plans that ran in the window, newest first, within the page budget. */
  async traces(query: SessionQuery = {}): Promise<TracePage> {
    const maxPages = query.maxPages ?? 10;
    const pageSize = query.pageSize ?? 100;
    if (!Number.isInteger(maxPages) || maxPages < 1) throw new InvalidInputError(`maxPages must be a positive integer, got ${maxPages}`);
    if (!Number.isInteger(pageSize) || pageSize < 1) throw new InvalidInputError(`pageSize must be a positive integer, got ${pageSize}`);
    const planIds: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    let pagesRead = 0;
    const range =
      query.since !== undefined && query.until !== undefined
        ? { cond: ' AND gsi2sk BETWEEN :since AND :until', values: { ':since': query.since, ':until': query.until } }
        : query.since !== undefined
          ? { cond: ' AND gsi2sk >= :since', values: { ':since': query.since } }
          : query.until !== undefined
            ? { cond: ' AND gsi2sk < :until', values: { ':until': query.until } }
            : { cond: '', values: {} };
    do {
      let out: QueryCommandOutput;
      try {
        out = await this.doc.send(
          new QueryCommand({
            TableName: this.options.tableName,
            IndexName: CREATED_INDEX,
            KeyConditionExpression: `gsi2pk = :pk${range.cond}`,
            ExpressionAttributeValues: { ':pk': traceKeys.allPlans, ...range.values },
            ScanIndexForward: false,
            Limit: pageSize,
            ...(startKey !== undefined ? { ExclusiveStartKey: startKey } : {}),
          }),
        );
      } catch (error) {
        throw toStoreError(`Query ${this.options.tableName}/${CREATED_INDEX}`, error);
      }
      pagesRead++;
      for (const item of out.Items ?? []) {
        const pk = String(item.pk);
        if (pk.startsWith('PLAN#')) planIds.push(pk.slice('PLAN#'.length));
      }
      startKey = out.LastEvaluatedKey;
    } while (startKey !== undefined && pagesRead < maxPages);

    const traces: StoredTrace[] = [];
    for (const planId of planIds) {
      const trace = await this.trace(planId);
      if (trace) traces.push(trace);
    }
    return { traces, plansListed: planIds.length, pagesRead, truncated: startKey !== undefined };
  }

  /** One plan's trace; undefined when it never ran (still under way, or rejected before Execute). */
  async trace(planId: string): Promise<StoredTrace | undefined> {
    const record = await this.options.store.getPlan(planId);
    if (!record || !TERMINAL.has(record.status) || !record.plan) return undefined;
    const [outputs, events] = await Promise.all([this.options.store.listStepOutputs(planId), this.options.store.listEvents(planId)]);
    if (outputs.length === 0) return undefined;
    return { record, events, outputs };
  }
}
