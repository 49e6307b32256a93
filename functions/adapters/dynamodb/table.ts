/**
 * The trace table: one single-table design, described once. The CDK stack maps TRACE_TABLE onto
 * its table construct; `ensureTable` creates the same table on a local endpoint (dynalite,
 * DynamoDB Local). Nothing here imports CDK, so Lambda bundles stay small.
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

import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  type TableDescription,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { ConfigError } from '../../core/errors.js';
import type { PlanStatus } from '../../core/types.js';
import { errorName, toStoreError } from './errors.js';

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

/** The CreateTable request for the trace table, as a local endpoint needs it. */
export function createTableInput(tableName: string = TRACE_TABLE.defaultName): CreateTableCommandInput {
  const t = TRACE_TABLE;
  const attributes = [t.partitionKey, t.sortKey, ...t.globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  return {
    TableName: tableName,
    BillingMode: t.billingMode,
    AttributeDefinitions: attributes.map((a) => ({ AttributeName: a.name, AttributeType: a.type })),
    KeySchema: [
      { AttributeName: t.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: t.sortKey.name, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: t.globalSecondaryIndexes.map((i) => ({
      IndexName: i.indexName,
      KeySchema: [
        { AttributeName: i.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: i.sortKey.name, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: i.projection },
    })),
  };
}

export interface EnsureTableOptions {
  /** How long to wait for the table to become ACTIVE. Default 120 s (a real table takes tens of seconds). */
  timeoutMs?: number;
}

/**
 * Creates the trace table when it does not exist, waits until it and its indexes are ACTIVE and
 * turns TTL on. Safe to call concurrently from several processes: a lost CreateTable race is fine.
 * Fails with ConfigError when a table of that name exists with another shape.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string = TRACE_TABLE.defaultName, options: EnsureTableOptions = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let table = await describeTable(client, tableName);
  if (table === undefined) {
    try {
      await client.send(new CreateTableCommand(createTableInput(tableName)));
    } catch (error) {
      // Someone else created it between our describe and create: wait for theirs.
      if (errorName(error) !== 'ResourceInUseException') throw toStoreError(`CreateTable ${tableName}`, error);
    }
    table = await describeTable(client, tableName);
  }
  for (let delay = 50; !isActive(table); delay = Math.min(delay * 2, 2_000)) {
    if (Date.now() > deadline) {
      const status: string = (table as TableDescription | undefined)?.TableStatus ?? 'missing';
      throw new ConfigError(`table ${tableName} is not ACTIVE after ${options.timeoutMs ?? 120_000} ms (status ${status})`);
    }
    await sleep(delay);
    table = await describeTable(client, tableName);
  }
  checkShape(tableName, table);
  await enableTimeToLive(client, tableName);
}

async function describeTable(client: DynamoDBClient, tableName: string): Promise<TableDescription | undefined> {
  try {
    const out = await client.send(new DescribeTableCommand({ TableName: tableName }));
    return out.Table;
  } catch (error) {
    if (errorName(error) === 'ResourceNotFoundException') return undefined;
    throw toStoreError(`DescribeTable ${tableName}`, error);
  }
}

function isActive(table: TableDescription | undefined): table is TableDescription {
  return (
    table?.TableStatus === 'ACTIVE' && (table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === undefined || index.IndexStatus === 'ACTIVE')
  );
}

function checkShape(tableName: string, table: TableDescription): void {
  const keyOf = (schema: TableDescription['KeySchema']) => (schema ?? []).map((k) => `${k.AttributeName}:${k.KeyType}`).join(',');
  const problems: string[] = [];
  if (keyOf(table.KeySchema) !== `${TRACE_TABLE.partitionKey.name}:HASH,${TRACE_TABLE.sortKey.name}:RANGE`) {
    problems.push(`key schema is ${keyOf(table.KeySchema)}`);
  }
  for (const wanted of TRACE_TABLE.globalSecondaryIndexes) {
    const found = table.GlobalSecondaryIndexes?.find((i) => i.IndexName === wanted.indexName);
    if (found === undefined) problems.push(`index ${wanted.indexName} is missing`);
    else if (keyOf(found.KeySchema) !== `${wanted.partitionKey.name}:HASH,${wanted.sortKey.name}:RANGE`) {
      problems.push(`index ${wanted.indexName} has key schema ${keyOf(found.KeySchema)}`);
    }
  }
  if (problems.length > 0) {
    throw new ConfigError(`table ${tableName} exists but is not a Cairn trace table: ${problems.join('; ')}`);
  }
}

async function enableTimeToLive(client: DynamoDBClient, tableName: string): Promise<void> {
  const ttlStatus = async () => (await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }))).TimeToLiveDescription?.TimeToLiveStatus;
  try {
    const status = await ttlStatus();
    if (status === 'ENABLED' || status === 'ENABLING') return;
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TRACE_TABLE.timeToLiveAttribute, Enabled: true },
      }),
    );
  } catch (error) {
    // dynalite has no UpdateTimeToLive: items still carry expiresAt, they just are not swept locally.
    if (errorName(error) === 'UnknownOperationException') return;
    // A concurrent ensureTable enabled it first.
    if (errorName(error) === 'ValidationException') {
      const status = await ttlStatus().catch(() => undefined);
      if (status === 'ENABLED' || status === 'ENABLING') return;
    }
    throw toStoreError(`UpdateTimeToLive ${tableName}`, error);
  }
}
