/**
 * The trace table on a DynamoDB endpoint of this machine (the embedded store, DynamoDB Local),
 * which no CDK stack makes: `ensureTable` creates it from the one description of
 * functions/adapters/dynamodb/table.ts, waits until it is ACTIVE and turns TTL on.
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
import { errorName, toStoreError } from '../../functions/adapters/dynamodb/errors.js';
import { TRACE_TABLE } from '../../functions/adapters/dynamodb/table.js';
import { ConfigError } from '../../functions/core/errors.js';

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
