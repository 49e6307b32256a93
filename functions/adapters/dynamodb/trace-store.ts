/**
 * TraceStore on DynamoDB, over the real client: the same code runs against DynamoDB on AWS, the
 * embedded store of `cairn run` and DynamoDB Local in the tests. See table.ts for the item layout.
 *
 * Its rooms: the item codec (trace-items.ts: an object as an item, a large body offloaded to the
 * PayloadStore), the requests to the table within DynamoDB's limits (trace-requests.ts), and the
 * cache of the plans this store wrote or read last (trace-cache.ts). This file is what a write or
 * a read of the port means: numbers for events, versions checked, transactions when they fit.
 *
 * Consistency: reads of one plan (getPlan, listEvents, ...) are strongly consistent; a finished
 * plan's record, which never changes again, comes from memory when this store wrote or read it last
 * (its event counter kept up with the events this store appends). listPlans
 * finds plans through a GSI, which on AWS is eventually consistent: a plan created a moment ago
 * may be missing, or listed under the status it just left; the records it returns are read
 * consistently from the table.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { QueryCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConfigError, PlanConflictError, PlanExistsError, PlanNotFoundError } from '../../core/errors.js';
import { type Clock, type ListPlansQuery, type PlanPatch, systemClock, type TraceRecords, type TraceStore } from '../../core/ports.js';
import { applyPlanPatch } from '../../core/trace/plan-patch.js';
import { isSettled } from '../../core/trace/status.js';
import type { PlanAttempt, PlanRecord, StepOutput, TraceEvent, TraceEventInput } from '../../core/types.js';
import { mapLimited } from '../../shared/map-limited.js';
import type { PayloadStore } from '../payloads/payload-store.js';
import { createDocumentClient } from './client.js';
import { isCancelledByCondition, isCancelledByConflict, isConditionalFailure, TraceStoreError, toStoreError } from './errors.js';
import { DYNAMODB_ITEM_LIMIT } from './item-size.js';
import { CREATED_INDEX, type TraceItem as Item, STATUS_INDEX, traceKeys } from './table.js';
import { TraceCache } from './trace-cache.js';
import { BODY_ATTRIBUTES, planBody, planEnvelope, sameBody, TraceItemCodec, UNCHANGING_PLAN_ATTRIBUTES } from './trace-items.js';
import { fitsTransaction, TRANSACTION_ACTIONS, TraceTableRequests, uniqueByKey } from './trace-requests.js';

export interface DynamoTraceStoreOptions {
  client: DynamoDBClient;
  tableName: string;
  /** Where bodies of items too large for DynamoDB go. */
  payloads: PayloadStore;
  /** Items expire this many days after their last write. Default 30. */
  ttlDays?: number;
  clock?: Clock;
  /**
   * An item whose size would pass this many bytes keeps its body in `payloads`. Default 350 KB:
   * under DynamoDB's 400 KB with room to spare. Tests set it small.
   */
  maxItemBytes?: number;
  /** How many times updatePlan re-reads and retries after losing a version race. Default 8. */
  maxUpdateAttempts?: number;
  /** listPlans' limit when the query gives none. Default 100. */
  defaultListLimit?: number;
}

/** How many offloaded bodies a listing fetches at once. */
const PAYLOAD_READ_CONCURRENCY = 16;

export class DynamoTraceStore implements TraceStore {
  private readonly table: TraceTableRequests;
  private readonly tableName: string;
  private readonly codec: TraceItemCodec;
  private readonly clock: Clock;
  private readonly maxUpdateAttempts: number;
  private readonly defaultListLimit: number;
  private readonly cache = new TraceCache();

  constructor(options: DynamoTraceStoreOptions) {
    const ttlDays = options.ttlDays ?? 30;
    const maxItemBytes = options.maxItemBytes ?? 350 * 1024;
    const maxUpdateAttempts = options.maxUpdateAttempts ?? 8;
    const defaultListLimit = options.defaultListLimit ?? 100;
    if (!(ttlDays > 0)) throw new ConfigError(`ttlDays must be positive, got ${ttlDays}`);
    if (!Number.isInteger(maxItemBytes) || maxItemBytes <= 0 || maxItemBytes > DYNAMODB_ITEM_LIMIT) {
      throw new ConfigError(`maxItemBytes must be an integer in (0, ${DYNAMODB_ITEM_LIMIT}], got ${maxItemBytes}`);
    }
    if (!Number.isInteger(maxUpdateAttempts) || maxUpdateAttempts < 1) {
      throw new ConfigError(`maxUpdateAttempts must be a positive integer, got ${maxUpdateAttempts}`);
    }
    if (!Number.isInteger(defaultListLimit) || defaultListLimit < 1) {
      throw new ConfigError(`defaultListLimit must be a positive integer, got ${defaultListLimit}`);
    }
    if (options.tableName === '') throw new ConfigError('tableName must not be empty');
    this.table = new TraceTableRequests(createDocumentClient(options.client), options.tableName);
    this.tableName = options.tableName;
    this.clock = options.clock ?? systemClock;
    this.codec = new TraceItemCodec({ payloads: options.payloads, ttlSeconds: Math.round(ttlDays * 86_400), clock: this.clock, maxItemBytes });
    this.maxUpdateAttempts = maxUpdateAttempts;
    this.defaultListLimit = defaultListLimit;
  }

  // ------------------------------------------------------------ plans

  async createPlan(record: PlanRecord, events: readonly TraceEventInput[] = []): Promise<void> {
    // A new plan's counter starts where its first events end: they need no counter write of their own.
    const created = { ...record, eventCount: record.eventCount + events.length };
    const put = { TableName: this.tableName, Item: await this.codec.planItem(created), ConditionExpression: 'attribute_not_exists(pk)' };
    // The record and its first events in one transaction when they fit in one; else the events follow it.
    const trace = events.length > 0 ? await this.traceItems(record.planId, record.eventCount + 1, events) : undefined;
    const together = trace !== undefined && fitsTransaction(trace.items);
    try {
      if (together) await this.table.transact({ Put: put }, trace.items);
      else await this.table.put(put);
      this.cache.remember(created, true);
      // A new plan has no step output yet: from here on this store sees each one it writes.
      this.cache.created(created.planId);
    } catch (error) {
      if (isConditionalFailure(error) || isCancelledByCondition(error)) {
        throw new PlanExistsError(`plan ${record.planId} already exists`, { cause: error });
      }
      throw toStoreError(`${together ? 'TransactWriteItems' : 'PutItem'} ${this.tableName}`, error);
    }
    if (trace !== undefined && !together) await this.table.writeItems(trace.items);
  }

  async getPlan(planId: string, options: { written?: number } = {}): Promise<PlanRecord | undefined> {
    const remembered = this.cache.recordAt(planId, options.written);
    if (remembered !== undefined) return remembered;
    const item = await this.table.getItem(traceKeys.plan(planId), traceKeys.meta);
    const record = item === undefined ? undefined : await this.codec.planFrom(item);
    if (record) this.cache.remember(record);
    return record;
  }

  async updatePlan(planId: string, patch: PlanPatch): Promise<PlanRecord> {
    return (await this.updateWithCount(planId, patch, 0)).record;
  }

  async updatePlanWithEvents(
    planId: string,
    patch: PlanPatch,
    events: readonly TraceEventInput[],
    records: TraceRecords = {},
  ): Promise<{ record: PlanRecord; events: TraceEvent[] }> {
    if (events.length === 0) {
      await this.putRecords(planId, records);
      return { record: await this.updatePlan(planId, patch), events: [] };
    }
    // The patch, the counter, the events and their records in one transaction, all or nothing,
    // when they fit in one.
    if (mayFitTransaction(events, records)) {
      const written = await this.updateWithCount(planId, patch, events.length, { events, records });
      if (written?.events !== undefined) return { record: written.record, events: written.events };
      // The patch changed nothing: the events take their numbers on their own.
      if (written !== undefined) return { record: written.record, events: await this.appendEvents(planId, events, records) };
    }
    // Too many or too large for one transaction. A settled plan is acted on (reported, answered):
    // its events are stored before it says so.
    if (patch.status !== undefined && isSettled(patch.status)) {
      const stored = await this.appendEvents(planId, events, records);
      return { record: await this.updatePlan(planId, patch), events: stored };
    }
    // Otherwise the patch and the counter move in one write, and the events follow it.
    const { record, eventCount } = await this.updateWithCount(planId, patch, events.length);
    if (eventCount === undefined) return { record, events: await this.appendEvents(planId, events, records) };
    return { record, events: await this.putEvents(planId, eventCount - events.length + 1, events, records) };
  }

  /**
   * updatePlan, taking `count` sequence numbers in the same write. `eventCount` is the counter after
   * it; undefined when nothing was written (the patch changed nothing), so no number was taken.
   * With `trace`, the `count` events it holds and their records go in the same transaction, and
   * come back as `events`; undefined, with nothing written, when they are too large for one.
   */
  private async updateWithCount(planId: string, patch: PlanPatch, count: number): Promise<Written>;
  private async updateWithCount(planId: string, patch: PlanPatch, count: number, trace: TraceToWrite): Promise<Written | undefined>;
  private async updateWithCount(planId: string, patch: PlanPatch, count: number, trace?: TraceToWrite): Promise<Written | undefined> {
    // The record this store last read or wrote saves the read before each write: a phase updates
    // its plan several times in a row. It may be stale (another writer, another container); then
    // the version check refuses the write, and the update reads and tries again like any race.
    let known = this.cache.record(planId);
    for (let attempt = 1; ; attempt++) {
      const fromMemory = known !== undefined;
      const current = known ?? (await this.getPlan(planId));
      known = undefined;
      if (current === undefined) throw new PlanNotFoundError(`plan ${planId} does not exist`);
      // What may change, and how, is the core's rule; this store only writes the result under a version check.
      let next: PlanRecord;
      try {
        next = applyPlanPatch(current, patch, this.clock.now());
      } catch (error) {
        // Judged against a record that may be stale: judge again against the stored one.
        if (fromMemory) {
          attempt--;
          continue;
        }
        throw error;
      }
      if (next === current) {
        if (!fromMemory) return { record: current };
        attempt--;
        continue;
      }
      // The events' numbers follow the counter of the record the update is checked against.
      const items = trace && (await this.traceItems(planId, current.eventCount + 1, trace.events, trace.records));
      if (items !== undefined && !fitsTransaction(items.items)) return undefined;
      try {
        const written = await this.writePlanUpdate(current, next, count, items?.items);
        this.cache.remember(written, true);
        if (items === undefined) return { record: written, eventCount: written.eventCount };
        this.cache.rememberRecords(planId, trace?.records ?? {});
        return { record: written, eventCount: written.eventCount, events: items.events };
      } catch (error) {
        // A conflict with another write to the record is a race like a failed version check.
        if (!isConditionalFailure(error) && !isCancelledByCondition(error) && !isCancelledByConflict(error)) {
          // The write may have landed (a timeout after DynamoDB applied it): what this store
          // remembers of the plan may now be behind, so the next phase, or this one retried, reads it.
          this.cache.forget(planId);
          throw toStoreError(`${items ? 'TransactWriteItems' : 'UpdateItem'} ${this.tableName}`, error);
        }
        if (fromMemory) {
          // Not a lost race: the remembered record was old. Read it and try again.
          this.cache.forgetRecord(planId);
          attempt--;
          continue;
        }
        if (attempt >= this.maxUpdateAttempts) {
          throw new PlanConflictError(`plan ${planId}: update lost the version race ${attempt} times (last read version ${current.version})`, { cause: error });
        }
        // Another writer got in first: back off a little, with jitter, and re-read.
        await sleep(Math.random() * Math.min(200, 5 * 2 ** attempt));
      }
    }
  }

  async listPlans(query: ListPlansQuery = {}): Promise<PlanRecord[]> {
    const limit = query.limit ?? this.defaultListLimit;
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`listPlans limit must be a positive integer, got ${limit}`);
    // A plan's updatedAt is never before its createdAt: in the status index, newest update first,
    // the plans created since `since` all sit at or above it, so it bounds that index's key too.
    const since = query.since !== undefined ? { ':since': query.since } : {};
    const after = query.after;
    const input: QueryCommandInput =
      query.status !== undefined
        ? {
            TableName: this.tableName,
            IndexName: STATUS_INDEX,
            KeyConditionExpression: `gsi1pk = :pk${query.since !== undefined ? ' AND gsi1sk >= :since' : ''}`,
            ExpressionAttributeValues: { ':pk': traceKeys.status(query.status), ...since },
            ScanIndexForward: false,
            ...(after
              ? { ExclusiveStartKey: { pk: traceKeys.plan(after.planId), sk: traceKeys.meta, gsi1pk: traceKeys.status(query.status), gsi1sk: after.at } }
              : {}),
          }
        : {
            TableName: this.tableName,
            IndexName: CREATED_INDEX,
            KeyConditionExpression: `gsi2pk = :pk${query.since !== undefined ? ' AND gsi2sk >= :since' : ''}`,
            ExpressionAttributeValues: { ':pk': traceKeys.allPlans, ...since },
            ScanIndexForward: false,
            ...(after ? { ExclusiveStartKey: { pk: traceKeys.plan(after.planId), sk: traceKeys.meta, gsi2pk: traceKeys.allPlans, gsi2sk: after.at } } : {}),
          };
    // The indexes project keys only (see table.ts); the records come from the table itself.
    const keys = await this.table.queryAll(input, limit);
    const items = await this.table.batchGet(keys.map((k) => ({ pk: k.pk, sk: k.sk })));
    return mapLimited(items, PAYLOAD_READ_CONCURRENCY, (item) => this.codec.planFrom(item));
  }

  // ------------------------------------------------------------ events

  async appendEvent(planId: string, input: TraceEventInput): Promise<TraceEvent> {
    const [event] = await this.appendEvents(planId, [input]);
    return event!;
  }

  async appendEvents(planId: string, inputs: readonly TraceEventInput[], records: TraceRecords = {}): Promise<TraceEvent[]> {
    if (inputs.length === 0) {
      await this.putRecords(planId, records);
      return [];
    }
    const together = await this.appendTogether(planId, inputs, records);
    if (together !== undefined) return together;
    // The counter on META hands out sequence numbers: one atomic ADD per batch, so concurrent
    // writers (parallel steps) get distinct, gapless ranges.
    let last: number;
    try {
      const out = await this.table.update({
        TableName: this.tableName,
        Key: { pk: traceKeys.plan(planId), sk: traceKeys.meta },
        UpdateExpression: 'ADD eventCount :n',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':n': inputs.length },
        ReturnValues: 'UPDATED_NEW',
      });
      last = Number(out.Attributes?.eventCount);
      // The counter moves without a new version: the remembered record follows it.
      this.cache.counted(planId, last);
    } catch (error) {
      if (isConditionalFailure(error)) throw new PlanNotFoundError(`plan ${planId} does not exist`, { cause: error });
      throw toStoreError(`UpdateItem ${this.tableName}`, error);
    }
    return this.putEvents(planId, last - inputs.length + 1, inputs, records);
  }

  /**
   * appendEvents in one transaction, when this store remembers the plan's counter and the events
   * fit in one: the counter moves from the number remembered, checked, and the events and records
   * are written with it. Undefined, with nothing written, when it cannot be done that way or the
   * counter had moved (another writer, or the plan is gone): then the numbers are taken first.
   */
  private async appendTogether(planId: string, inputs: readonly TraceEventInput[], records: TraceRecords): Promise<TraceEvent[] | undefined> {
    const known = this.cache.record(planId);
    if (known === undefined || !mayFitTransaction(inputs, records)) return undefined;
    const count = known.eventCount;
    const trace = await this.traceItems(planId, count + 1, inputs, records);
    if (!fitsTransaction(trace.items)) return undefined;
    const update = {
      TableName: this.tableName,
      Key: { pk: traceKeys.plan(planId), sk: traceKeys.meta },
      UpdateExpression: 'ADD #eventCount :n',
      ConditionExpression: '#eventCount = :count',
      ExpressionAttributeNames: { '#eventCount': 'eventCount' },
      ExpressionAttributeValues: { ':n': inputs.length, ':count': count },
    };
    try {
      await this.table.transact({ Update: update }, trace.items);
    } catch (error) {
      // The counter moved, or another write to the record was under way: the numbers are taken the other way.
      if (isCancelledByCondition(error) || isCancelledByConflict(error)) return undefined;
      throw toStoreError(`TransactWriteItems ${this.tableName}`, error);
    }
    // The counter moves without a new version: the remembered record follows it.
    known.eventCount = Math.max(known.eventCount, count + inputs.length);
    this.cache.rememberRecords(planId, records);
    return trace.events;
  }

  /**
   * Writes `inputs` as the events numbered from `first`, numbers the counter has already handed
   * out, and `records` with them.
   */
  private async putEvents(planId: string, first: number, inputs: readonly TraceEventInput[], records: TraceRecords = {}): Promise<TraceEvent[]> {
    const { events, items } = await this.traceItems(planId, first, inputs, records);
    // Their numbers fix their order, so the items go in as few requests as DynamoDB allows rather
    // than one after another. A batch write takes no condition: the counter, which handed each
    // number out once, is what keeps two events from sharing one.
    await this.table.writeItems(items);
    this.cache.rememberRecords(planId, records);
    return events;
  }

  /** The events numbered from `first`, and the items that store them and `records`. */
  private async traceItems(
    planId: string,
    first: number,
    inputs: readonly TraceEventInput[],
    records: TraceRecords = {},
  ): Promise<{ events: TraceEvent[]; items: Item[] }> {
    if (!Number.isSafeInteger(first) || first < 1) {
      throw new TraceStoreError(`plan ${planId}: the event counter returned ${first + inputs.length - 1}`);
    }
    const at = this.clock.now().toISOString();
    const events: TraceEvent[] = inputs.map((input, i) => ({
      planId,
      seq: first + i,
      at,
      type: input.type,
      phase: input.phase,
      ...(input.data !== undefined ? { data: input.data } : {}),
    }));
    const items = await Promise.all(events.map((event) => this.codec.eventItem(planId, event)));
    return { events, items: uniqueByKey([...items, ...(await this.codec.recordItems(planId, records))]) };
  }

  async listEvents(planId: string): Promise<TraceEvent[]> {
    return this.listChildren(planId, traceKeys.eventPrefix, (item) => this.codec.eventFrom(item));
  }

  // ------------------------------------------------------------ planner attempts

  async putAttempt(planId: string, attempt: PlanAttempt): Promise<void> {
    // An unconditional put: a retried Lambda rewrites the same attempt with the same content.
    await this.table.putItem(await this.codec.attemptItem(planId, attempt));
    this.cache.forgetAttempt(planId);
  }

  async getAttempt(planId: string, attempt: number, options: { written?: number } = {}): Promise<PlanAttempt | undefined> {
    // As getPlan: written at the version the caller names, by this store, which wrote that version.
    const remembered = this.cache.attemptAt(planId, attempt, options.written);
    if (remembered !== undefined) return remembered;
    const item = await this.table.getItem(traceKeys.plan(planId), traceKeys.attempt(attempt));
    return item === undefined ? undefined : this.codec.attemptFrom(item);
  }

  async listAttempts(planId: string): Promise<PlanAttempt[]> {
    return this.listChildren(planId, traceKeys.attemptPrefix, (item) => this.codec.attemptFrom(item));
  }

  // ------------------------------------------------------------ step outputs

  async putStepOutput(planId: string, output: StepOutput): Promise<void> {
    // Unconditional: a step retried after a timeout replaces its earlier output.
    await this.table.putItem(await this.codec.stepItem(planId, output));
    this.cache.rememberOutputs(planId, [output]);
  }

  private async putRecords(planId: string, records: TraceRecords): Promise<void> {
    await this.table.writeItems(await this.codec.recordItems(planId, records));
    this.cache.rememberRecords(planId, records);
  }

  async listStepOutputs(planId: string, options: { written?: number } = {}): Promise<StepOutput[]> {
    // As getPlan: the record's last version is one this store wrote.
    const remembered = this.cache.outputsAt(planId, options.written);
    if (remembered !== undefined) return remembered;
    return this.listChildren(planId, traceKeys.stepPrefix, (item) => this.codec.stepFrom(item));
  }

  // ------------------------------------------------------------ plan internals

  /**
   * Writes `next` over `current` if META is still at `current.version`. An UpdateItem rather than
   * a Put: it leaves eventCount alone, so events appended meanwhile are not rolled back. With
   * `items`, they are written in the same transaction, which also checks that the counter is still
   * `current`'s: the numbers they carry are the ones the update takes.
   */
  private async writePlanUpdate(current: PlanRecord, next: PlanRecord, eventNumbers = 0, items?: readonly Item[]): Promise<PlanRecord> {
    // Most updates move the status or a counter and leave the body as it was: then the body is not
    // sent again (it holds the plan, its metadata and results, and is the bulk of each request).
    const keepBody = sameBody(current, next);
    const item = await this.codec.planItem(next, keepBody ? null : planBody(next));
    // Only what this update changes is sent: the version check guarantees the stored item is
    // `current`'s, so an attribute equal in both is already there. The TTL moves with every write.
    const before = planEnvelope(current);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':expected': current.version, ':events': eventNumbers };
    const sets: string[] = [];
    Object.entries(item)
      .filter(([name, value]) => !UNCHANGING_PLAN_ATTRIBUTES.has(name) && value !== undefined && value !== before[name])
      .forEach(([name, value], i) => {
        names[`#s${i}`] = name;
        values[`:s${i}`] = value;
        sets.push(`#s${i} = :s${i}`);
      });
    const removes = keepBody ? [] : BODY_ATTRIBUTES.filter((name) => !(name in item));
    removes.forEach((name, i) => {
      names[`#r${i}`] = name;
    });
    names['#version'] = 'version';
    names['#eventCount'] = 'eventCount';
    const update = {
      TableName: this.tableName,
      Key: { pk: traceKeys.plan(next.planId), sk: traceKeys.meta },
      UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.map((_, i) => `#r${i}`).join(', ')}` : ''} ADD #eventCount :events`,
      ConditionExpression: '#version = :expected',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    } satisfies UpdateCommandInput;
    if (items !== undefined) {
      values[':count'] = current.eventCount;
      const checked = { ...update, ConditionExpression: '#version = :expected AND #eventCount = :count' };
      await this.table.transact({ Update: checked }, items);
      return { ...next, eventCount: current.eventCount + eventNumbers };
    }
    // Only what was set comes back, not the whole item (a status change leaves the body, the bulk
    // of it, alone), and the counter with it: it takes the update's sequence numbers, and it may
    // also have moved without a new version (appendEvents).
    const out = await this.table.update({ ...update, ReturnValues: 'UPDATED_NEW' });
    const counted = out.Attributes?.eventCount;
    if (counted === undefined) throw new TraceStoreError(`plan ${next.planId}: the update returned no event counter`);
    return { ...next, eventCount: Number(counted) };
  }

  /** Every item of the plan under `prefix`, strongly consistent, each read back by `decode`. */
  private async listChildren<T>(planId: string, prefix: string, decode: (item: Item) => Promise<T>): Promise<T[]> {
    const items = await this.table.queryAll(
      {
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': traceKeys.plan(planId), ':prefix': prefix },
        ConsistentRead: true,
      },
      Number.POSITIVE_INFINITY,
    );
    return mapLimited(items, PAYLOAD_READ_CONCURRENCY, decode);
  }
}

/** What updateWithCount wrote: the record, the counter after it, and the events it wrote with it. */
interface Written {
  record: PlanRecord;
  eventCount?: number;
  events?: TraceEvent[];
}

/** Events to write with an update, and the records they carry. */
interface TraceToWrite {
  events: readonly TraceEventInput[];
  records: TraceRecords;
}

/**
 * Whether META's write, `events` and `records` are few enough for one transaction, before their
 * items are made (fitsTransaction then checks the items' size).
 */
function mayFitTransaction(events: readonly TraceEventInput[], records: TraceRecords): boolean {
  return 1 + events.length + (records.outputs?.length ?? 0) + (records.attempts?.length ?? 0) <= TRANSACTION_ACTIONS;
}
