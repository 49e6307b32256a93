import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DescribeTableCommand, DescribeTimeToLiveCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../../functions/adapters/dynamodb/client.js';
import { TRACE_TABLE, traceKeys } from '../../../functions/adapters/dynamodb/table.js';
import { ConfigError } from '../../../functions/core/errors.js';
import { createTableInput, ensureTable } from '../../../local/store/ensure-table.js';
import { dynamoBackends, type RunningDynamo } from '../support/backends.js';

describe('Object: traceKeys', () => {
  it('pads numbers so that string order is numeric order', () => {
    expect(traceKeys.event(42)).toBe('EVENT#00000042');
    expect(traceKeys.step(7) < traceKeys.step(10)).toBe(true);
    expect(traceKeys.attempt(2)).toBe('ATTEMPT#00000002');
    expect(() => traceKeys.event(-1)).toThrow(RangeError);
    expect(() => traceKeys.event(1.5)).toThrow(RangeError);
    expect(() => traceKeys.event(100_000_000)).toThrow(RangeError);
  });
});

describe('Function: createTableInput', () => {
  it('describes the single table: keys, both indexes, on-demand billing', () => {
    const input = createTableInput();
    expect(input).toMatchObject({ TableName: 'cairn-traces', BillingMode: 'PAY_PER_REQUEST' });
    expect(input.GlobalSecondaryIndexes?.map((i) => i.IndexName)).toEqual(['byStatus', 'byCreated']);
    expect(input.AttributeDefinitions?.map((a) => a.AttributeName)).toEqual(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']);
    expect(TRACE_TABLE.timeToLiveAttribute).toBe('expiresAt');
  });
});

describe.each(dynamoBackends)('Function: ensureTable on $name', (backend) => {
  let server: RunningDynamo;
  let client: DynamoDBClient;

  beforeAll(async () => {
    server = await backend.start();
    client = createDynamoClient({ endpoint: server.endpoint });
  });

  afterAll(async () => {
    client?.destroy();
    await server?.stop();
  });

  it('creates an ACTIVE table with its indexes, and TTL on where the server supports it', async () => {
    // Prepare
    const name = `cairn-test-${randomUUID()}`;

    // Act
    await ensureTable(client, name);

    // Assess
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    expect(Table?.TableStatus).toBe('ACTIVE');
    expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(['byCreated', 'byStatus']);
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
    if (backend.enablesTtl) {
      expect(ttl.TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' });
    }
  });

  it('is idempotent, also when callers race', async () => {
    const name = `cairn-test-${randomUUID()}`;

    await Promise.all([ensureTable(client, name), ensureTable(client, name), ensureTable(client, name)]);
    await ensureTable(client, name);

    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    expect(Table?.TableStatus).toBe('ACTIVE');
  });

  it('fails with ConfigError when a table of that name has another shape', async () => {
    // Prepare
    const name = `cairn-test-${randomUUID()}`;
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      }),
    );

    // Act
    const ensured = ensureTable(client, name);

    // Assess
    await expect(ensured).rejects.toBeInstanceOf(ConfigError);
    await expect(ensured).rejects.toThrow(/not a Cairn trace table: key schema is id:HASH; index byStatus is missing/);
  });
});
