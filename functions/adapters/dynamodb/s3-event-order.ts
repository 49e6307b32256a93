/**
 * The last S3 event seen for each object key, in the trace table: `pk = S3OBJECT#<bucket>/<key>`,
 * `sk = SEQUENCER`. S3 delivers notifications in no particular order; its `sequencer` orders the
 * events of one key, so an event older than the last one seen is stale and starts nothing. The
 * item moves forward only, by a conditional write, so two Lambdas racing cannot move it back.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Clock, systemClock } from '../../core/ports.js';
import { createDocumentClient } from './client.js';
import { isConditionalFailure, toStoreError } from './errors.js';
import { TRACE_TABLE } from './table.js';

export const s3EventOrderKeys = {
  pk: (bucket: string, key: string): string => `S3OBJECT#${bucket}/${key}`,
  sk: 'SEQUENCER',
} as const;

/** Wider than any sequencer S3 sends (18 hex digits today), so padded values compare as numbers. */
const SEQUENCER_WIDTH = 64;

/**
 * A sequencer in a form whose string order is event order. S3's documentation says to compare
 * sequencers of different lengths by padding the shorter with zeros on the left; hex digits are
 * upper-cased so that `a` and `A` compare alike.
 */
export function orderedSequencer(sequencer: string): string {
  return sequencer.toUpperCase().padStart(SEQUENCER_WIDTH, '0');
}

export interface S3EventOrder {
  /**
   * Records `sequencer` as the last event of `bucket/key` unless a later one is recorded already.
   * True when this event is the latest seen (a redelivery of the latest counts as latest), false
   * when it is stale.
   */
  advance(bucket: string, key: string, sequencer: string): Promise<boolean>;
}

export interface DynamoS3EventOrderOptions {
  client: DynamoDBClient;
  tableName: string;
  ttlDays?: number;
  clock?: Clock;
}

export class DynamoS3EventOrder implements S3EventOrder {
  private readonly doc: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly ttlSeconds: number;
  private readonly clock: Clock;

  constructor(options: DynamoS3EventOrderOptions) {
    this.doc = createDocumentClient(options.client);
    this.tableName = options.tableName;
    this.ttlSeconds = Math.round((options.ttlDays ?? 30) * 86_400);
    this.clock = options.clock ?? systemClock;
  }

  async advance(bucket: string, key: string, sequencer: string): Promise<boolean> {
    const ordered = orderedSequencer(sequencer);
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            pk: s3EventOrderKeys.pk(bucket, key),
            sk: s3EventOrderKeys.sk,
            sequencer: ordered,
            [TRACE_TABLE.timeToLiveAttribute]: Math.floor(this.clock.now().getTime() / 1000) + this.ttlSeconds,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR #sequencer <= :sequencer',
          ExpressionAttributeNames: { '#sequencer': 'sequencer' },
          ExpressionAttributeValues: { ':sequencer': ordered },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalFailure(error)) return false;
      throw toStoreError(`PutItem ${this.tableName} (the order of S3 events)`, error);
    }
  }
}
