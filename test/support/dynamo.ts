/**
 * Trace tables for tests on the DynamoDB Local the global setup started: each test file makes
 * tables of its own (named after it and the time), so files running side by side never collide.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDynamoClient } from '../../functions/adapters/dynamodb/client.js';
import { ensureTable } from '../../local/store/ensure-table.js';

/** A table name no other test file uses: `<name>-<milliseconds since 1970>`. */
export const uniqueTableName = (name: string): string => `${name}-${Date.now()}`;

/** Creates the trace table `tableName` at `endpoint` (DynamoDB Local unless told), with a client of its own. */
export async function createTraceTable(tableName: string, endpoint: string = inject('dynamoEndpoint')): Promise<void> {
  const client = createDynamoClient({ endpoint });
  try {
    await ensureTable(client, tableName);
  } finally {
    client.destroy();
  }
}

/**
 * A trace table of the test file on DynamoDB Local and a client to it: the table is created
 * before the file's tests, the client closed after them.
 */
export function useTraceTable(name: string): { client: DynamoDBClient; tableName: string } {
  const client = createDynamoClient({ endpoint: inject('dynamoEndpoint') });
  const tableName = uniqueTableName(name);
  beforeAll(async () => {
    await ensureTable(client, tableName);
  });
  afterAll(() => {
    client.destroy();
  });
  return { client, tableName };
}
