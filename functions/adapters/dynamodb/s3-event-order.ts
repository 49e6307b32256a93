/**
 * The last S3 event seen for each object key, in the trace table: `pk = S3OBJECT#<bucket>/<key>`,
 * `sk = SEQUENCER`. S3 delivers notifications in no particular order; its `sequencer` orders the
 * events of one key, so an event older than the last one seen is stale and starts nothing. The
 * item moves forward only, by a conditional write, so two Lambdas racing cannot move it back.
 *
 * The item also names the plan of the latest event that made one (`planId`, `planSequencer`),
 * claimed before that plan is stored: the write that moves the item forward hands back the plan of
 * the upload it replaced, which the trigger marks superseded when it never started.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

/** Where an event stands among the events of its key. */
export interface S3EventPlace {
  /** This event is the latest seen (a redelivery of the latest counts as latest); false: it is stale. */
  latest: boolean;
  /** The plan an older event of the key claimed, which this one replaced as the latest. */
  replaced?: string;
}

export interface S3EventOrder {
  /** Records `sequencer` as the last event of `bucket/key` unless a later one is recorded already. */
  advance(bucket: string, key: string, sequencer: string): Promise<S3EventPlace>;
  /**
   * Names `planId` as the plan of the event `sequencer`, while it is still the latest of its key.
   * False when a later event moved past it meanwhile: its upload is superseded, and starts nothing.
   */
  claim(bucket: string, key: string, sequencer: string, planId: string): Promise<boolean>;
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

  async advance(bucket: string, key: string, sequencer: string): Promise<S3EventPlace> {
    const ordered = orderedSequencer(sequencer);
    try {
      // An update, not a put: the plan claimed by an earlier event stays until this one claims its own.
      const written = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: s3EventOrderKeys.pk(bucket, key), sk: s3EventOrderKeys.sk },
          UpdateExpression: 'SET #sequencer = :sequencer, #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(pk) OR #sequencer <= :sequencer',
          ExpressionAttributeNames: { '#sequencer': 'sequencer', '#ttl': TRACE_TABLE.timeToLiveAttribute },
          ExpressionAttributeValues: { ':sequencer': ordered, ':ttl': Math.floor(this.clock.now().getTime() / 1000) + this.ttlSeconds },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const before = written.Attributes as { planId?: unknown; planSequencer?: unknown } | undefined;
      // A redelivery of the event that claimed the plan replaces nothing.
      const replaced = typeof before?.planId === 'string' && before.planSequencer !== ordered ? before.planId : undefined;
      return { latest: true, ...(replaced !== undefined ? { replaced } : {}) };
    } catch (error) {
      if (isConditionalFailure(error)) return { latest: false };
      throw toStoreError(`UpdateItem ${this.tableName} (the order of S3 events)`, error);
    }
  }

  async claim(bucket: string, key: string, sequencer: string, planId: string): Promise<boolean> {
    const ordered = orderedSequencer(sequencer);
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: s3EventOrderKeys.pk(bucket, key), sk: s3EventOrderKeys.sk },
          UpdateExpression: 'SET planId = :planId, planSequencer = :sequencer',
          ConditionExpression: '#sequencer = :sequencer',
          ExpressionAttributeNames: { '#sequencer': 'sequencer' },
          ExpressionAttributeValues: { ':sequencer': ordered, ':planId': planId },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalFailure(error)) return false;
      throw toStoreError(`UpdateItem ${this.tableName} (the plan of an S3 event)`, error);
    }
  }
}
