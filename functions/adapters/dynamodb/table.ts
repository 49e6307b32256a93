/**
 * The trace table: one single-table design, described once. The CDK stack maps TRACE_TABLE onto
 * its table construct; the laptop's `ensureTable` (local/store/ensure-table.ts) creates the same
 * table on an endpoint of this machine. Nothing here imports CDK, so Lambda bundles stay small.
 *
 * Items of a plan share `pk = PLAN#<id>`:
 *   sk = META               the PlanRecord (status, version, eventCount, ...); the only item in the GSIs
 *   sk = EVENT#00000042     trace event 42, in order
 *   sk = ATTEMPT#00000002   planner attempt 2
 *   sk = STEP#00000007      the output of step 7
 * Numbers are zero-padded to 8 digits so that string order is numeric order.
 *
 * Two sparse GSIs (only META items carry their keys):
 *   byStatus: gsi1pk = STATUS#<status>, gsi1sk = updatedAt  -> plans in a status, most recently updated first
 *   byCreated: gsi2pk = PLANS (constant), gsi2sk = createdAt -> every plan, newest first
 * A second index rather than a second key on the first: a META item sits in one status partition
 * and in the listing partition at once, which one GSI cannot hold. The constant PLANS partition
 * takes one GSI write per created plan (gsi2sk never changes afterwards), far below a partition's
 * ~1000 writes/s for a planner's traffic.
 * Both project KEYS_ONLY: every appended event bumps eventCount on META, and with ALL projection
 * each bump would also rewrite the whole record into both indexes. A listing reads the records
 * with one BatchGetItem per 100 plans instead.
 *
 * TTL: every item carries `expiresAt` (epoch seconds).
 */

import type { PlanStatus } from '../../core/types.js';

export interface KeyAttribute {
  readonly name: string;
  readonly type: 'S';
}

export interface TraceTableIndex {
  readonly indexName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
  readonly projection: 'KEYS_ONLY';
}

export interface TraceTableDescription {
  readonly defaultName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
  readonly billingMode: 'PAY_PER_REQUEST';
  readonly timeToLiveAttribute: string;
  readonly globalSecondaryIndexes: readonly [TraceTableIndex, TraceTableIndex];
}

export const STATUS_INDEX = 'byStatus';
export const CREATED_INDEX = 'byCreated';

export const TRACE_TABLE: TraceTableDescription = {
  defaultName: 'cairn-traces',
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  billingMode: 'PAY_PER_REQUEST',
  timeToLiveAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    {
      indexName: STATUS_INDEX,
      partitionKey: { name: 'gsi1pk', type: 'S' },
      sortKey: { name: 'gsi1sk', type: 'S' },
      projection: 'KEYS_ONLY',
    },
    {
      indexName: CREATED_INDEX,
      partitionKey: { name: 'gsi2pk', type: 'S' },
      sortKey: { name: 'gsi2sk', type: 'S' },
      projection: 'KEYS_ONLY',
    },
  ],
};

const PAD = 8;

function padded(kind: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 10 ** PAD) {
    throw new RangeError(`${kind} number ${n} must be an integer in [0, ${10 ** PAD})`);
  }
  return String(n).padStart(PAD, '0');
}

/** One item of the trace table, as the DocumentClient marshals it. */
export type TraceItem = Record<string, unknown>;

/** The key values of every item kind, in one place. */
export const traceKeys = {
  plan: (planId: string): string => `PLAN#${planId}`,
  meta: 'META',
  event: (seq: number): string => `EVENT#${padded('event', seq)}`,
  attempt: (attempt: number): string => `ATTEMPT#${padded('attempt', attempt)}`,
  step: (stepId: number): string => `STEP#${padded('step', stepId)}`,
  eventPrefix: 'EVENT#',
  attemptPrefix: 'ATTEMPT#',
  stepPrefix: 'STEP#',
  status: (status: PlanStatus): string => `STATUS#${status}`,
  allPlans: 'PLANS',
} as const;
