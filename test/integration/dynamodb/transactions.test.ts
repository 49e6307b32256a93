/**
 * TransactWriteItems, which the embedded store serves itself (local/store/transactions.ts), held to
 * the same expectations on DynamoDB Local, AWS's own implementation: all actions or none, the
 * reasons for a refusal, one action per item, idempotent retries, and no reader seeing half a
 * transaction.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient, createDynamoClient } from '../../../functions/adapters/dynamodb/client.js';
import { ensureTable } from '../../../local/store/ensure-table.js';
import { dynamoBackends, type RunningDynamo } from '../support/backends.js';

const embeddedBackend = dynamoBackends.find((backend) => backend.name.startsWith('dynalite'))!;

describe.each(dynamoBackends)('TransactWriteItems on $name', (backend) => {
  let server: RunningDynamo;
  let client: DynamoDBClient;
  let doc: DynamoDBDocumentClient;
  let TableName: string;
  const pk = () => `t-${randomUUID()}`;
  const get = async (key: { pk: string; sk: string }) => (await doc.send(new GetCommand({ TableName, Key: key, ConsistentRead: true }))).Item;

  beforeAll(async () => {
    server = await backend.start();
    client = createDynamoClient({ endpoint: server.endpoint });
    doc = createDocumentClient(client);
    TableName = `cairn-test-${randomUUID()}`;
    await ensureTable(client, TableName);
  });

  afterAll(async () => {
    client?.destroy();
    await server?.stop();
  });

  it('applies a put, an update, a delete and a passing check in one request', async () => {
    // Prepare
    const id = pk();
    await doc.send(new PutCommand({ TableName, Item: { pk: id, sk: 'counter', n: 1 } }));
    await doc.send(new PutCommand({ TableName, Item: { pk: id, sk: 'old' } }));
    await doc.send(new PutCommand({ TableName, Item: { pk: id, sk: 'guard', open: true } }));

    // Act
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { pk: id, sk: 'new', text: 'written' }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Update: { TableName, Key: { pk: id, sk: 'counter' }, UpdateExpression: 'ADD n :two', ExpressionAttributeValues: { ':two': 2 } } },
          { Delete: { TableName, Key: { pk: id, sk: 'old' } } },
          {
            ConditionCheck: {
              TableName,
              Key: { pk: id, sk: 'guard' },
              ConditionExpression: '#o = :yes',
              ExpressionAttributeNames: { '#o': 'open' },
              ExpressionAttributeValues: { ':yes': true },
            },
          },
        ],
      }),
    );

    // Assess
    expect(await get({ pk: id, sk: 'new' })).toEqual({ pk: id, sk: 'new', text: 'written' });
    expect((await get({ pk: id, sk: 'counter' }))?.n).toBe(3);
    expect(await get({ pk: id, sk: 'old' })).toBeUndefined();
    expect(await get({ pk: id, sk: 'guard' })).toEqual({ pk: id, sk: 'guard', open: true });
  });

  it('writes nothing when one condition fails, and says which failed, with the item as it was', async () => {
    // Prepare
    const id = pk();
    await doc.send(new PutCommand({ TableName, Item: { pk: id, sk: 'meta', version: 2 } }));

    // Act
    const refused = doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { pk: id, sk: 'event' } } },
          {
            Update: {
              TableName,
              Key: { pk: id, sk: 'meta' },
              UpdateExpression: 'SET #v = :next',
              ConditionExpression: '#v = :expected',
              ExpressionAttributeNames: { '#v': 'version' },
              ExpressionAttributeValues: { ':next': 2, ':expected': 1 },
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
        ],
      }),
    );

    // Assess
    await expect(refused).rejects.toMatchObject({
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Item: { pk: { S: id }, sk: { S: 'meta' }, version: { N: '2' } } }],
    });
    expect(await get({ pk: id, sk: 'event' })).toBeUndefined();
  });

  it('refuses two actions on one item', async () => {
    // Prepare
    const id = pk();

    // Act
    const refused = doc.send(
      new TransactWriteCommand({
        TransactItems: [{ Put: { TableName, Item: { pk: id, sk: 'a', n: 1 } } }, { Put: { TableName, Item: { pk: id, sk: 'a', n: 2 } } }],
      }),
    );

    // Assess
    await expect(refused).rejects.toMatchObject({ name: 'ValidationException' });
    expect(await get({ pk: id, sk: 'a' })).toBeUndefined();
  });

  it('writes nothing when an update would make its item too large', async () => {
    // Prepare: an item of about 300 KB, which a second 300 KB attribute takes past the 400 KB limit.
    const id = pk();
    const big = 'x'.repeat(300 * 1024);
    await doc.send(new PutCommand({ TableName, Item: { pk: id, sk: 'big', a: big } }));

    // Act
    const refused = doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { pk: id, sk: 'first' } } },
          { Update: { TableName, Key: { pk: id, sk: 'big' }, UpdateExpression: 'SET b = :b', ExpressionAttributeValues: { ':b': big } } },
        ],
      }),
    );

    // Assess
    await expect(refused).rejects.toThrow();
    expect(await get({ pk: id, sk: 'first' })).toBeUndefined();
    expect(Object.keys((await get({ pk: id, sk: 'big' })) ?? {}).sort()).toEqual(['a', 'pk', 'sk']);
  });

  it('applies a transaction once when it is sent again with its token, and refuses the token for another', async () => {
    // Prepare
    const id = pk();
    const token = randomUUID();
    const add = (n: number) =>
      new TransactWriteCommand({
        ClientRequestToken: token,
        TransactItems: [{ Update: { TableName, Key: { pk: id, sk: 'counter' }, UpdateExpression: 'ADD n :n', ExpressionAttributeValues: { ':n': n } } }],
      });

    // Act
    await doc.send(add(1));
    await doc.send(add(1));
    const other = doc.send(add(5));

    // Assess
    await expect(other).rejects.toMatchObject({ name: 'IdempotentParameterMismatchException' });
    expect((await get({ pk: id, sk: 'counter' }))?.n).toBe(1);
  });

  // DynamoDB isolates a transaction from each single-item read, not from a BatchGetItem as a whole
  // (AWS's documentation): only the embedded store, which holds the whole store for a
  // transaction, promises that a batch read sees all of one or none of it.
  if (backend === embeddedBackend) {
    it('never lets a read see half a transaction, under concurrent writes', async () => {
      // Prepare
      const id = pk();
      const keys = [
        { pk: id, sk: 'a' },
        { pk: id, sk: 'b' },
      ];
      const both = (n: number) =>
        new TransactWriteCommand({
          TransactItems: keys.map((Key) => ({ Update: { TableName, Key, UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': n } } })),
        });
      await doc.send(both(0));

      // Act: transactions setting both items, ordinary updates of a third, and batch reads of both, all at once.
      const seen: [unknown, unknown][] = [];
      await Promise.all(
        Array.from({ length: 60 }, (_, i) => {
          if (i % 3 === 0) return doc.send(both(i));
          if (i % 3 === 1)
            return doc.send(
              new UpdateCommand({ TableName, Key: { pk: id, sk: 'c' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } }),
            );
          return doc.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: keys, ConsistentRead: true } } })).then((out) => {
            const items = out.Responses?.[TableName] ?? [];
            seen.push([items.find((item) => item.sk === 'a')?.n, items.find((item) => item.sk === 'b')?.n]);
          });
        }),
      );

      // Assess
      expect(seen).toHaveLength(20);
      for (const [a, b] of seen) expect(a).toBe(b);
      expect((await get({ pk: id, sk: 'c' }))?.n).toBe(20);
    });
  }
});
