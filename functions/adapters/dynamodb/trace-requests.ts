/**
 * The trace store's requests to its table, within DynamoDB's limits: reads of one item and of
 * many (100 keys a BatchGetItem), every page of a query, writes of one item and of many (25 a
 * BatchWriteItem), what DynamoDB leaves unprocessed under load given again, and transactions
 * (100 actions, 4 MB). Every command the trace store sends is made here (a test reads this file
 * for the IAM actions the workflow functions need).
 */

import { setTimeout as sleep } from 'node:timers/promises';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { TraceStoreTransientError, toStoreError } from './errors.js';
import { DYNAMODB_ITEM_LIMIT, itemSize } from './item-size.js';
import type { TraceItem as Item } from './table.js';

/** How many rounds a batch read (listPlans) or a batch of events gives what DynamoDB left unprocessed. */
const BATCH_ROUNDS = 6;
/** DynamoDB's most items in one BatchWriteItem. */
const BATCH_WRITE_ITEMS = 25;
/** DynamoDB's limits on one TransactWriteItems: 100 actions, 4 MB in all. */
export const TRANSACTION_ACTIONS = 100;
const TRANSACTION_BYTES = 4 * 1024 * 1024;

export type TransactAction = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export class TraceTableRequests {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    readonly tableName: string,
  ) {}

  /** One PutItem as given (its condition included); the caller reads what a failure means. */
  async put(input: PutCommandInput): Promise<void> {
    await this.doc.send(new PutCommand(input));
  }

  /** One UpdateItem as given; the caller reads what a failure means. */
  update(input: UpdateCommandInput): Promise<UpdateCommandOutput> {
    return this.doc.send(new UpdateCommand(input));
  }

  /** One TransactWriteItems: `first` (META's put or update, with its condition), then a put of each of `items`. */
  async transact(first: TransactAction, items: readonly Item[]): Promise<void> {
    await this.doc.send(new TransactWriteCommand({ TransactItems: [first, ...items.map((Item) => ({ Put: { TableName: this.tableName, Item } }))] }));
  }

  async getItem(pk: string, sk: string): Promise<Item | undefined> {
    try {
      const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: { pk, sk }, ConsistentRead: true }));
      return out.Item;
    } catch (error) {
      throw toStoreError(`GetItem ${this.tableName}`, error);
    }
  }

  /**
   * Strongly consistent reads of `keys`, in their order, 100 per call, retrying what DynamoDB
   * leaves unprocessed under load. A key whose item vanished meanwhile (TTL) is left out.
   */
  async batchGet(keys: Item[]): Promise<Item[]> {
    const found = new Map<string, Item>();
    for (let start = 0; start < keys.length; start += 100) {
      await this.untilProcessed('BatchGetItem', 'keys', keys.slice(start, start + 100), async (pending) => {
        const out: BatchGetCommandOutput = await this.doc.send(
          new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: pending, ConsistentRead: true } } }),
        );
        for (const item of out.Responses?.[this.tableName] ?? []) found.set(keyOf(item), item);
        return out.UnprocessedKeys?.[this.tableName]?.Keys ?? [];
      });
    }
    return keys.map((key) => found.get(keyOf(key))).filter((item): item is Item => item !== undefined);
  }

  async putItem(item: Item): Promise<void> {
    try {
      await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
    } catch (error) {
      throw toStoreError(`PutItem ${this.tableName}`, error);
    }
  }

  /**
   * Writes `items` (none of them conditional) in as few requests as DynamoDB takes: one PutItem
   * for one item, BatchWriteItem for more, 25 a request, the items DynamoDB leaves unprocessed
   * under load given again after a backoff. An item's key twice keeps its last version, as two
   * puts in a row would: DynamoDB refuses a batch holding one key twice.
   */
  async writeItems(items: readonly Item[]): Promise<void> {
    const unique = uniqueByKey(items);
    if (unique.length === 0) return;
    if (unique.length === 1) return this.putItem(unique[0]!);
    const chunks: Item[][] = [];
    for (let start = 0; start < unique.length; start += BATCH_WRITE_ITEMS) chunks.push(unique.slice(start, start + BATCH_WRITE_ITEMS));
    await Promise.all(chunks.map((chunk) => this.batchWrite(chunk)));
  }

  private async batchWrite(items: readonly Item[]): Promise<void> {
    type WriteRequests = NonNullable<BatchWriteCommandOutput['UnprocessedItems']>[string];
    const requests: WriteRequests = items.map((item) => ({ PutRequest: { Item: item } }));
    await this.untilProcessed('BatchWriteItem', 'items', requests, async (pending) => {
      const out: BatchWriteCommandOutput = await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: pending } }));
      return out.UnprocessedItems?.[this.tableName] ?? [];
    });
  }

  /**
   * Sends `pending` with `send`, which answers what DynamoDB left unprocessed, until nothing is
   * left. DynamoDB leaves some when the table is throttled: each later round waits a backoff, and
   * after BATCH_ROUNDS rounds the store gives up with a transient error.
   */
  private async untilProcessed<T>(operation: string, what: string, pending: T[], send: (pending: T[]) => Promise<T[]>): Promise<void> {
    for (let round = 1; pending.length > 0; round++) {
      if (round > BATCH_ROUNDS) {
        throw new TraceStoreTransientError(`DynamoDB ${operation} ${this.tableName} left ${pending.length} ${what} unprocessed after ${BATCH_ROUNDS} rounds`);
      }
      if (round > 1) await sleep(Math.random() * Math.min(500, 20 * 2 ** round));
      try {
        pending = await send(pending);
      } catch (error) {
        throw toStoreError(`${operation} ${this.tableName}`, error);
      }
    }
  }

  /** Every page of a query (a page stops at 1 MB), up to `limit` items. */
  async queryAll(input: QueryCommandInput, limit: number): Promise<Item[]> {
    const items: Item[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const remaining = limit - items.length;
      let out: QueryCommandOutput;
      try {
        out = await this.doc.send(
          new QueryCommand({
            ...input,
            ...(Number.isFinite(remaining) ? { Limit: remaining } : {}),
            ...(startKey !== undefined ? { ExclusiveStartKey: startKey } : {}),
          }),
        );
      } catch (error) {
        throw toStoreError(`Query ${this.tableName}${input.IndexName !== undefined ? `/${input.IndexName}` : ''}`, error);
      }
      items.push(...(out.Items ?? []));
      startKey = out.LastEvaluatedKey;
    } while (startKey !== undefined && items.length < limit);
    return items;
  }
}

/** Whether `items`, with the record's update, fit in one transaction (the update's own size is small beside them). */
export function fitsTransaction(items: readonly Item[]): boolean {
  if (items.length + 1 > TRANSACTION_ACTIONS) return false;
  let bytes = 0;
  for (const item of items) bytes += itemSize(item);
  return bytes <= TRANSACTION_BYTES - DYNAMODB_ITEM_LIMIT;
}

/** An item's table key as one string (a batch holds each key once). */
const keyOf = (item: Item): string => `${String(item.pk)}\u0000${String(item.sk)}`;

/**
 * Each key's last item, in the order the keys came: as two puts in a row would leave it. DynamoDB
 * refuses a batch, and a transaction, that holds one key twice.
 */
export function uniqueByKey(items: readonly Item[]): Item[] {
  const byKey = new Map<string, Item>();
  for (const item of items) {
    byKey.delete(keyOf(item));
    byKey.set(keyOf(item), item);
  }
  return [...byKey.values()];
}
