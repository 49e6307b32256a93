/** The plan cache's DynamoDB adapter, on DynamoDB Local, in the trace table. */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../../functions/adapters/dynamodb/client.js';
import { DynamoPlanCache } from '../../../functions/adapters/dynamodb/plan-cache.js';
import type { CachedPlan } from '../../../functions/core/ports.js';
import { useTraceTable } from '../../support/dynamo.js';

const { client, tableName: table } = useTraceTable('plan-cache');

const entry = (key: string): CachedPlan => ({
  key,
  plan: { plan: [{ step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'Lyon' }, dependencies: [], trace: {} }], traceability: true },
  reasoning: 'One search.',
  provider: 'anthropic',
  model: 'claude-sonnet-4-6',
  planId: 'p-1',
  createdAt: '2026-11-22T10:00:00.000Z',
});

describe('Class: DynamoPlanCache', () => {
  it('stores an entry under CACHE#<key> / PLAN with the trace TTL, and reads it back', async () => {
    // Prepare
    const now = new Date('2026-11-22T10:00:00.000Z');
    const cache = new DynamoPlanCache({ client, tableName: table, ttlDays: 7, clock: { now: () => now } });
    const key = 'a'.repeat(64);

    // Act
    await cache.put(entry(key));
    const found = await cache.get(key);

    // Assess
    expect(found).toEqual(entry(key));
    const raw = await createDocumentClient(client).send(new GetCommand({ TableName: table, Key: { pk: `CACHE#${key}`, sk: 'PLAN' } }));
    expect(raw.Item?.expiresAt).toBe(Math.floor(now.getTime() / 1000) + 7 * 86_400);
    expect(raw.Item).not.toHaveProperty('gsi1pk');
  });

  it('misses on an unknown key, and on an entry past its TTL that DynamoDB has not swept yet', async () => {
    // Prepare
    let now = new Date('2026-01-01T00:00:00.000Z');
    const cache = new DynamoPlanCache({ client, tableName: table, ttlDays: 1, clock: { now: () => now } });
    await cache.put(entry('b'.repeat(64)));
    now = new Date('2026-01-03T00:00:00.000Z');

    // Act + Assess
    expect(await cache.get('c'.repeat(64))).toBeUndefined();
    expect(await cache.get('b'.repeat(64))).toBeUndefined();
  });

  it('treats a failing table as a miss and a dropped write, reporting each', async () => {
    // Prepare
    const errors: string[] = [];
    const cache = new DynamoPlanCache({ client, tableName: 'no-such-table', onError: (operation) => errors.push(operation) });

    // Act
    await cache.put(entry('d'.repeat(64)));
    const found = await cache.get('d'.repeat(64));

    // Assess
    expect(found).toBeUndefined();
    expect(errors).toEqual(['put', 'get']);
  });
});
