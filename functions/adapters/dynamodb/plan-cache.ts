/**
 * The plan cache in the trace table (one table, see table.ts): `pk = CACHE#<sha256 of the
 * request's key>`, `sk = PLAN`, the entry as JSON in `body`, and `expiresAt` like every item, so
 * cached plans age out with the traces. Cache items carry no GSI keys, so listings never see them.
 *
 * A cache is an optimisation: a failed read is a miss and a failed write is dropped, each
 * reported through `onError` (the trace store's errors stay the trace store's business).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type CachedPlan, type Clock, type PlanCache, systemClock } from '../../core/ports.js';
import { createDocumentClient } from './client.js';
import { itemSize } from './item-size.js';
import { TRACE_TABLE } from './table.js';

export const planCacheKeys = {
  pk: (key: string): string => `CACHE#${key}`,
  sk: 'PLAN',
} as const;

/** A plan this large is not worth a cache item (DynamoDB's item limit is 400 KB). */
const MAX_CACHE_ITEM_BYTES = 350 * 1024;

export interface DynamoPlanCacheOptions {
  client: DynamoDBClient;
  tableName: string;
  ttlDays?: number;
  clock?: Clock;
  onError?: (operation: 'get' | 'put', error: unknown) => void;
}

export class DynamoPlanCache implements PlanCache {
  private readonly doc: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly ttlSeconds: number;
  private readonly clock: Clock;
  private readonly onError: (operation: 'get' | 'put', error: unknown) => void;

  constructor(options: DynamoPlanCacheOptions) {
    this.doc = createDocumentClient(options.client);
    this.tableName = options.tableName;
    this.ttlSeconds = Math.round((options.ttlDays ?? 30) * 86_400);
    this.clock = options.clock ?? systemClock;
    this.onError = options.onError ?? (() => {});
  }

  async get(key: string): Promise<CachedPlan | undefined> {
    try {
      const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: { pk: planCacheKeys.pk(key), sk: planCacheKeys.sk } }));
      const item = out.Item;
      // DynamoDB deletes expired items lazily (within days): an expired one is a miss.
      if (!item || typeof item.body !== 'string' || Number(item[TRACE_TABLE.timeToLiveAttribute]) <= this.nowSeconds()) return undefined;
      return JSON.parse(item.body) as CachedPlan;
    } catch (error) {
      this.onError('get', error);
      return undefined;
    }
  }

  async put(entry: CachedPlan): Promise<void> {
    const item = {
      pk: planCacheKeys.pk(entry.key),
      sk: planCacheKeys.sk,
      body: JSON.stringify(entry),
      createdAt: entry.createdAt,
      [TRACE_TABLE.timeToLiveAttribute]: this.nowSeconds() + this.ttlSeconds,
    };
    if (itemSize(item) > MAX_CACHE_ITEM_BYTES) return;
    try {
      await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
    } catch (error) {
      this.onError('put', error);
    }
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }
}
