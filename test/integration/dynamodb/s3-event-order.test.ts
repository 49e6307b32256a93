/**
 * The order of S3 events per key on DynamoDB Local: it moves forward only, and it hands the plan an
 * older upload claimed to the event that replaces it, so that plan can be marked superseded.
 */
import { describe, expect, it } from 'vitest';
import { DynamoS3EventOrder } from '../../../functions/adapters/dynamodb/s3-event-order.js';
import { useTraceTable } from '../../support/dynamo.js';

const { client, tableName } = useTraceTable('s3-event-order');
const order = new DynamoS3EventOrder({ client, tableName });

describe('Class: DynamoS3EventOrder', () => {
  it('hands the plan an older event claimed to the newer event that replaces it, once', async () => {
    // Prepare
    await order.advance('b', 'tasks/a.json', '0062E99A88DC4076A0');
    await order.claim('b', 'tasks/a.json', '0062E99A88DC4076A0', 'p-older');

    // Act
    const newer = await order.advance('b', 'tasks/a.json', '0062E99A88DC4076B0');
    const redelivered = await order.advance('b', 'tasks/a.json', '0062E99A88DC4076B0');
    const stale = await order.advance('b', 'tasks/a.json', '0062E99A88DC4076A0');

    // Assess: until the newer event claims its own plan, its redelivery still names the older one.
    expect(newer).toEqual({ latest: true, replaced: 'p-older' });
    expect(redelivered).toEqual({ latest: true, replaced: 'p-older' });
    expect(stale).toEqual({ latest: false });
  });

  it('replaces nothing on a redelivery of the event that claimed the plan', async () => {
    // Prepare
    await order.advance('b', 'tasks/b.json', '0062E99A88DC4077A0');
    await order.claim('b', 'tasks/b.json', '0062E99A88DC4077A0', 'p-only');

    // Act
    const again = await order.advance('b', 'tasks/b.json', '0062E99A88DC4077A0');

    // Assess
    expect(again).toEqual({ latest: true });
  });

  it('refuses a claim once a newer event moved past it', async () => {
    // Prepare: the older event was read while the newer one arrived.
    await order.advance('b', 'tasks/c.json', '0062E99A88DC4078A0');
    await order.advance('b', 'tasks/c.json', '0062E99A88DC4078B0');

    // Act
    const late = await order.claim('b', 'tasks/c.json', '0062E99A88DC4078A0', 'p-late');
    const current = await order.claim('b', 'tasks/c.json', '0062E99A88DC4078B0', 'p-current');

    // Assess
    expect([late, current]).toEqual([false, true]);
    expect(await order.advance('b', 'tasks/c.json', '0062E99A88DC4078C0')).toEqual({ latest: true, replaced: 'p-current' });
  });
});
