/**
 * TraceStore on DynamoDB, over the real client: the same code runs against DynamoDB on
 * AWS, dynalite in `cairn run` and DynamoDB Local in the tests. See table.ts for the item layout.
 *
 * Each item is an envelope of native attributes (keys, what conditions and indexes need, and a
 * few fields for a human reading the table) plus `body`: the rest of the domain object as JSON
 * text. JSON text round-trips any value the core produces exactly (no DynamoDB number-range,
 * nesting-depth or empty-set limits) and its size is known before writing. When an item would
 * pass `maxItemBytes`, the body goes to the PayloadStore and the item keeps `payloadRef`; reads
 * resolve it transparently.
 *
 * Consistency: reads of one plan (getPlan, listEvents, ...) are strongly consistent; a finished
 * plan's record, which never changes again, comes from memory when this store wrote or read it last
 * (its event counter kept up with the events this store appends). listPlans
 * finds plans through a GSI, which on AWS is eventually consistent: a plan created a moment ago
 * may be missing, or listed under the status it just left; the records it returns are read
 * consistently from the table.
 */

import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ConfigError, PlanConflictError, PlanExistsError, PlanNotFoundError } from '../../core/errors.js';
import { type Clock, type ListPlansQuery, type PlanPatch, systemClock, type TraceRecords, type TraceStore } from '../../core/ports.js';
import { applyPlanPatch } from '../../core/trace/plan-patch.js';
import { isSettled, isTerminal } from '../../core/trace/status.js';
import type { PlanAttempt, PlanRecord, StepOutput, TraceEvent, TraceEventInput } from '../../core/types.js';
import { copyJson } from '../../shared/copy-json.js';
import { mapLimited } from '../../shared/map-limited.js';
import type { PayloadStore } from '../payloads/payload-store.js';
import { createDocumentClient } from './client.js';
import { isCancelledByCondition, isCancelledByConflict, isConditionalFailure, TraceStoreError, TraceStoreTransientError, toStoreError } from './errors.js';
import { itemSize } from './item-size.js';
import { CREATED_INDEX, STATUS_INDEX, TRACE_TABLE, traceKeys } from './table.js';

/** DynamoDB's hard item limit. */
const DYNAMODB_ITEM_LIMIT = 400 * 1024;

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

type Item = Record<string, unknown>;

/** Fields of a PlanRecord kept as native attributes on META rather than in its body. */
const PLAN_ENVELOPE = ['planId', 'status', 'version', 'eventCount', 'createdAt', 'updatedAt'] as const;
const PLAN_ENVELOPE_KEYS: ReadonlySet<string> = new Set(PLAN_ENVELOPE);
/** Attributes of META an update never sets: its keys, what never changes, and the counter (ADD only). */
const UNCHANGING = new Set(['pk', 'sk', 'entity', 'eventCount', 'planId', 'createdAt', 'gsi2pk', 'gsi2sk']);
const EVENT_ENVELOPE = ['planId', 'seq', 'type', 'phase', 'at'] as const;
const ATTEMPT_ENVELOPE = ['attempt', 'kind', 'createdAt'] as const;
const STEP_ENVELOPE = ['step_id', 'type', 'status'] as const;

/** How many rounds a batch read (listPlans) or a batch of events gives what DynamoDB left unprocessed. */
const BATCH_ROUNDS = 6;
/** DynamoDB's most items in one BatchWriteItem. */
const BATCH_WRITE_ITEMS = 25;
/** DynamoDB's limits on one TransactWriteItems: 100 actions, 4 MB in all. */
const TRANSACTION_ACTIONS = 100;
const TRANSACTION_BYTES = 4 * 1024 * 1024;

/** An item's table key as one string (a batch holds each key once). */
const keyOf = (item: Item): string => `${String(item.pk)}\u0000${String(item.sk)}`;

/** How many offloaded bodies a listing fetches at once. */
const PAYLOAD_READ_CONCURRENCY = 16;
/** How many plans' last records a store remembers to save a read before each update. */
const KNOWN_PLANS = 64;

export class DynamoTraceStore implements TraceStore {
  private readonly doc: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly payloads: PayloadStore;
  private readonly ttlSeconds: number;
  private readonly clock: Clock;
  private readonly maxItemBytes: number;
  private readonly maxUpdateAttempts: number;
  private readonly defaultListLimit: number;

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
    this.doc = createDocumentClient(options.client);
    this.tableName = options.tableName;
    this.payloads = options.payloads;
    this.ttlSeconds = Math.round(ttlDays * 86_400);
    this.clock = options.clock ?? systemClock;
    this.maxItemBytes = maxItemBytes;
    this.maxUpdateAttempts = maxUpdateAttempts;
    this.defaultListLimit = defaultListLimit;
  }

  /** The last record of each recent plan this store read or wrote (updatePlan starts from it). */
  private readonly known = new Map<string, PlanRecord>();
  /** The version of each plan this store wrote last, while it is the one in `known`. */
  private readonly written = new Map<string, number>();
  /**
   * The step outputs of each plan this store created, as it wrote them: every output of the plan,
   * as long as every output was written here (then its record's last version was too).
   */
  private readonly outputs = new Map<string, Map<number, StepOutput>>();
  /** The attempt of each plan this store wrote last with its events, and the record version it wrote them at. */
  private readonly attempts = new Map<string, { attempt: PlanAttempt; version: number }>();

  /**
   * True when `version`, which the caller knows to be the plan's last, is one this store wrote
   * itself: then what it remembers of that version is what is stored (two writers never write the
   * same version, each write being conditional on the one before).
   */
  private wroteLast(planId: string, version: number | undefined): version is number {
    return version !== undefined && this.written.get(planId) === version;
  }

  /** Drops what this store remembers of a plan: its next read goes to the table. */
  private forget(planId: string): void {
    this.known.delete(planId);
    this.written.delete(planId);
    this.outputs.delete(planId);
    this.attempts.delete(planId);
  }

  private remember(record: PlanRecord, wrote = false): void {
    // A finished plan's outputs are read again only by whoever looks at it later: not kept.
    if (isTerminal(record.status)) {
      this.outputs.delete(record.planId);
      this.attempts.delete(record.planId);
    }
    if (wrote) this.written.set(record.planId, record.version);
    else if (this.written.get(record.planId) !== record.version) this.written.delete(record.planId);
    this.known.delete(record.planId);
    // A copy: the caller owns the object it passed or got, and may change it.
    this.known.set(record.planId, copyJson(record));
    // A long-lived process (serve, a warm Lambda) sees many plans; only the recent ones are worth keeping.
    if (this.known.size > KNOWN_PLANS) this.forget(this.known.keys().next().value!);
  }

  // ------------------------------------------------------------ plans

  async createPlan(record: PlanRecord, events: readonly TraceEventInput[] = []): Promise<void> {
    // A new plan's counter starts where its first events end: they need no counter write of their own.
    const created = { ...record, eventCount: record.eventCount + events.length };
    const put = { TableName: this.tableName, Item: await this.planItem(created), ConditionExpression: 'attribute_not_exists(pk)' };
    // The record and its first events in one transaction when they fit in one; else the events follow it.
    const trace = events.length > 0 ? await this.traceItems(record.planId, record.eventCount + 1, events) : undefined;
    const together = trace !== undefined && fitsTransaction(trace.items);
    try {
      if (together) await this.transact({ Put: put }, trace.items);
      else await this.doc.send(new PutCommand(put));
      this.remember(created, true);
      // A new plan has no step output yet: from here on this store sees each one it writes.
      this.outputs.set(created.planId, new Map());
    } catch (error) {
      if (isConditionalFailure(error) || isCancelledByCondition(error)) {
        throw new PlanExistsError(`plan ${record.planId} already exists`, { cause: error });
      }
      throw toStoreError(`${together ? 'TransactWriteItems' : 'PutItem'} ${this.tableName}`, error);
    }
    if (trace !== undefined && !together) await this.writeItems(trace.items);
  }

  async getPlan(planId: string, options: { written?: number } = {}): Promise<PlanRecord | undefined> {
    const known = this.known.get(planId);
    // A finished plan never changes again (the patch rules refuse it): the record this store last
    // wrote or read of it is the stored one, and a read after Finalize (its result published, the
    // runner's answer) needs no request.
    if (known !== undefined && isTerminal(known.status)) return copyJson(known);
    if (known !== undefined && known.version === options.written && this.wroteLast(planId, options.written)) return copyJson(known);
    const item = await this.getItem(traceKeys.plan(planId), traceKeys.meta);
    const record = item === undefined ? undefined : await this.planFromItem(item);
    if (record) this.remember(record);
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
    let known = this.known.get(planId);
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
        this.remember(written, true);
        if (items === undefined) return { record: written, eventCount: written.eventCount };
        this.rememberRecords(planId, trace?.records ?? {});
        return { record: written, eventCount: written.eventCount, events: items.events };
      } catch (error) {
        // A conflict with another write to the record is a race like a failed version check.
        if (!isConditionalFailure(error) && !isCancelledByCondition(error) && !isCancelledByConflict(error)) {
          // The write may have landed (a timeout after DynamoDB applied it): what this store
          // remembers of the plan may now be behind, so the next phase, or this one retried, reads it.
          this.forget(planId);
          throw toStoreError(`${items ? 'TransactWriteItems' : 'UpdateItem'} ${this.tableName}`, error);
        }
        if (fromMemory) {
          // Not a lost race: the remembered record was old. Read it and try again.
          this.known.delete(planId);
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
    const keys = await this.queryAll(input, limit);
    const items = await this.batchGet(keys.map((k) => ({ pk: k.pk, sk: k.sk })));
    return mapLimited(items, PAYLOAD_READ_CONCURRENCY, (item) => this.planFromItem(item));
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
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: traceKeys.plan(planId), sk: traceKeys.meta },
          UpdateExpression: 'ADD eventCount :n',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':n': inputs.length },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      last = Number(out.Attributes?.eventCount);
      // The counter moves without a new version: the remembered record follows it.
      const known = this.known.get(planId);
      if (known !== undefined && Number.isSafeInteger(last)) known.eventCount = Math.max(known.eventCount, last);
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
    const known = this.known.get(planId);
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
      await this.transact({ Update: update }, trace.items);
    } catch (error) {
      // The counter moved, or another write to the record was under way: the numbers are taken the other way.
      if (isCancelledByCondition(error) || isCancelledByConflict(error)) return undefined;
      throw toStoreError(`TransactWriteItems ${this.tableName}`, error);
    }
    // The counter moves without a new version: the remembered record follows it.
    known.eventCount = Math.max(known.eventCount, count + inputs.length);
    this.rememberRecords(planId, records);
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
    await this.writeItems(items);
    this.rememberRecords(planId, records);
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
    const items = await Promise.all(
      events.map((event) => this.toItem(planId, traceKeys.event(event.seq), 'event', pick(event, EVENT_ENVELOPE), omit(event, EVENT_ENVELOPE))),
    );
    return { events, items: uniqueByKey([...items, ...(await this.recordItems(planId, records))]) };
  }

  /** One TransactWriteItems: `first` (META's put or update, with its condition), then a put of each of `items`. */
  private async transact(first: TransactAction, items: readonly Item[]): Promise<void> {
    await this.doc.send(new TransactWriteCommand({ TransactItems: [first, ...items.map((Item) => ({ Put: { TableName: this.tableName, Item } }))] }));
  }

  async listEvents(planId: string): Promise<TraceEvent[]> {
    return this.listChildren(planId, traceKeys.eventPrefix, (envelope, body) => ({
      ...(body as Partial<TraceEvent>),
      planId: String(envelope.planId),
      seq: Number(envelope.seq),
      at: String(envelope.at),
      type: envelope.type as TraceEvent['type'],
      phase: String(envelope.phase),
    }));
  }

  // ------------------------------------------------------------ planner attempts

  async putAttempt(planId: string, attempt: PlanAttempt): Promise<void> {
    // An unconditional put: a retried Lambda rewrites the same attempt with the same content.
    await this.putItem(await this.attemptItem(planId, attempt));
    this.attempts.delete(planId);
  }

  private attemptItem(planId: string, attempt: PlanAttempt): Promise<Item> {
    return this.toItem(planId, traceKeys.attempt(attempt.attempt), 'attempt', pick(attempt, ATTEMPT_ENVELOPE), omit(attempt, ATTEMPT_ENVELOPE));
  }

  async getAttempt(planId: string, attempt: number, options: { written?: number } = {}): Promise<PlanAttempt | undefined> {
    // As getPlan: written at the version the caller names, by this store, which wrote that version.
    const remembered = this.attempts.get(planId);
    if (
      remembered !== undefined &&
      remembered.attempt.attempt === attempt &&
      remembered.version === options.written &&
      this.wroteLast(planId, options.written)
    ) {
      return copyJson(remembered.attempt);
    }
    const item = await this.getItem(traceKeys.plan(planId), traceKeys.attempt(attempt));
    return item === undefined ? undefined : attemptFrom(item, await this.bodyOf(item));
  }

  async listAttempts(planId: string): Promise<PlanAttempt[]> {
    return this.listChildren(planId, traceKeys.attemptPrefix, attemptFrom);
  }

  // ------------------------------------------------------------ step outputs

  async putStepOutput(planId: string, output: StepOutput): Promise<void> {
    // Unconditional: a step retried after a timeout replaces its earlier output.
    await this.putItem(await this.stepItem(planId, output));
    this.rememberOutputs(planId, [output]);
  }

  private rememberOutputs(planId: string, outputs: readonly StepOutput[]): void {
    const known = this.outputs.get(planId);
    if (known === undefined) return;
    for (const output of outputs) known.set(output.step_id, copyJson(output));
  }

  private stepItem(planId: string, output: StepOutput): Promise<Item> {
    return this.toItem(planId, traceKeys.step(output.step_id), 'step', pick(output, STEP_ENVELOPE), omit(output, STEP_ENVELOPE));
  }

  /** The items of the records a batch of events carries. */
  private recordItems(planId: string, records: TraceRecords): Promise<Item[]> {
    return Promise.all([
      ...(records.outputs ?? []).map((output) => this.stepItem(planId, output)),
      ...(records.attempts ?? []).map((attempt) => this.attemptItem(planId, attempt)),
    ]);
  }

  private async putRecords(planId: string, records: TraceRecords): Promise<void> {
    await this.writeItems(await this.recordItems(planId, records));
    this.rememberRecords(planId, records);
  }

  /** What this store remembers of the records it has just written. */
  private rememberRecords(planId: string, records: TraceRecords): void {
    this.rememberOutputs(planId, records.outputs ?? []);
    this.rememberAttempts(planId, records.attempts ?? []);
  }

  /**
   * The last attempt written with a batch of events, at the record version this store wrote last
   * (the update the batch follows, or the one before it when the batch moved no version).
   */
  private rememberAttempts(planId: string, attempts: readonly PlanAttempt[]): void {
    const last = attempts.at(-1);
    const version = this.written.get(planId);
    if (last === undefined) return;
    if (version === undefined) this.attempts.delete(planId);
    else this.attempts.set(planId, { attempt: copyJson(last), version });
  }

  async listStepOutputs(planId: string, options: { written?: number } = {}): Promise<StepOutput[]> {
    // As getPlan: the record's last version is one this store wrote, so the phase that wrote the
    // outputs (Execute) ran here, and this store has seen every output since it created the plan.
    const remembered = this.outputs.get(planId);
    if (remembered !== undefined && this.wroteLast(planId, options.written)) {
      return [...remembered.values()].sort((a, b) => a.step_id - b.step_id).map((output) => copyJson(output));
    }
    return this.listChildren(planId, traceKeys.stepPrefix, (envelope, body) => ({
      ...(body as Omit<StepOutput, (typeof STEP_ENVELOPE)[number]>),
      step_id: Number(envelope.step_id),
      type: envelope.type as StepOutput['type'],
      status: envelope.status as StepOutput['status'],
    }));
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
    const item = await this.planItem(next, keepBody ? null : JSON.stringify(omit(next, PLAN_ENVELOPE)));
    // Only what this update changes is sent: the version check guarantees the stored item is
    // `current`'s, so an attribute equal in both is already there. The TTL moves with every write.
    const before = planEnvelope(current);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':expected': current.version, ':events': eventNumbers };
    const sets: string[] = [];
    Object.entries(item)
      .filter(([name, value]) => !UNCHANGING.has(name) && value !== undefined && value !== before[name])
      .forEach(([name, value], i) => {
        names[`#s${i}`] = name;
        values[`:s${i}`] = value;
        sets.push(`#s${i} = :s${i}`);
      });
    const removes = keepBody ? [] : ['body', 'payloadRef', 'payloadBytes'].filter((name) => !(name in item));
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
      await this.transact({ Update: checked }, items);
      return { ...next, eventCount: current.eventCount + eventNumbers };
    }
    // Only what was set comes back, not the whole item (a status change leaves the body, the bulk
    // of it, alone), and the counter with it: it takes the update's sequence numbers, and it may
    // also have moved without a new version (appendEvents).
    const out = await this.doc.send(new UpdateCommand({ ...update, ReturnValues: 'UPDATED_NEW' }));
    const counted = out.Attributes?.eventCount;
    if (counted === undefined) throw new TraceStoreError(`plan ${next.planId}: the update returned no event counter`);
    return { ...next, eventCount: Number(counted) };
  }

  /** META for `record`: its envelope, and its body as `json` (the JSON of its non-envelope fields), left out when null. */
  private async planItem(record: PlanRecord, json: string | null = JSON.stringify(omit(record, PLAN_ENVELOPE))): Promise<Item> {
    const envelope = planEnvelope(record);
    if (json === null) return this.envelopeItem(record.planId, traceKeys.meta, 'plan', envelope);
    return this.toItemJson(record.planId, traceKeys.meta, 'plan', envelope, json);
  }

  private async planFromItem(item: Item): Promise<PlanRecord> {
    const body = (await this.bodyOf(item)) as Omit<PlanRecord, (typeof PLAN_ENVELOPE)[number]>;
    // Envelope attributes win: eventCount in particular moves on META without touching the body.
    return {
      planId: String(item.planId),
      status: item.status as PlanRecord['status'],
      version: Number(item.version),
      ...body,
      createdAt: String(item.createdAt),
      updatedAt: String(item.updatedAt),
      eventCount: Number(item.eventCount ?? 0),
    };
  }

  // ------------------------------------------------------------ item plumbing

  /**
   * The item for one domain object: keys, envelope, TTL and the body as JSON, or, past
   * `maxItemBytes`, a reference to the body in the PayloadStore. Never truncates.
   */
  private toItem(planId: string, sk: string, entity: string, envelope: Item, body: unknown): Promise<Item> {
    return this.toItemJson(planId, sk, entity, envelope, JSON.stringify(body));
  }

  /** The keys, envelope and TTL of an item, without its body. */
  private envelopeItem(planId: string, sk: string, entity: string, envelope: Item): Item {
    return {
      pk: traceKeys.plan(planId),
      sk,
      entity,
      ...envelope,
      [TRACE_TABLE.timeToLiveAttribute]: Math.floor(this.clock.now().getTime() / 1000) + this.ttlSeconds,
    };
  }

  private async toItemJson(planId: string, sk: string, entity: string, envelope: Item, json: string): Promise<Item> {
    const base = this.envelopeItem(planId, sk, entity, envelope);
    const inline = { ...base, body: json };
    if (itemSize(inline) <= this.maxItemBytes) return inline;
    // Content-addressed key: a writer that loses a race can never overwrite the winner's body.
    const hash = createHash('sha256').update(json).digest('hex');
    const key = `plans/${encodeURIComponent(planId)}/${sk.replace('#', '-').toLowerCase()}/${hash}.json`;
    const ref = await this.payloads.put(key, json);
    return { ...base, payloadRef: ref, payloadBytes: Buffer.byteLength(json, 'utf8') };
  }

  private async bodyOf(item: Item): Promise<unknown> {
    const body = item.body;
    if (typeof body === 'string') return JSON.parse(body);
    const ref = item.payloadRef;
    if (typeof ref === 'string') return JSON.parse(await this.payloads.get(ref));
    throw new TraceStoreError(`item ${String(item.pk)} ${String(item.sk)} has neither a body nor a payloadRef`);
  }

  private async getItem(pk: string, sk: string): Promise<Item | undefined> {
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
  private async batchGet(keys: Item[]): Promise<Item[]> {
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

  private async putItem(item: Item): Promise<void> {
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
  private async writeItems(items: readonly Item[]): Promise<void> {
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

  private async listChildren<T>(planId: string, prefix: string, build: (envelope: Item, body: unknown) => T): Promise<T[]> {
    const items = await this.queryAll(
      {
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': traceKeys.plan(planId), ':prefix': prefix },
        ConsistentRead: true,
      },
      Number.POSITIVE_INFINITY,
    );
    return mapLimited(items, PAYLOAD_READ_CONCURRENCY, async (item) => build(item, await this.bodyOf(item)));
  }

  /** Every page of a query (a page stops at 1 MB), up to `limit` items. */
  private async queryAll(input: QueryCommandInput, limit: number): Promise<Item[]> {
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

type TransactAction = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Whether META's write, `events` and `records` are few enough for one transaction, before their
 * items are made (fitsTransaction then checks the items' size).
 */
function mayFitTransaction(events: readonly TraceEventInput[], records: TraceRecords): boolean {
  return 1 + events.length + (records.outputs?.length ?? 0) + (records.attempts?.length ?? 0) <= TRANSACTION_ACTIONS;
}

/** Whether `items`, with the record's update, fit in one transaction (the update's own size is small beside them). */
function fitsTransaction(items: readonly Item[]): boolean {
  if (items.length + 1 > TRANSACTION_ACTIONS) return false;
  let bytes = 0;
  for (const item of items) bytes += itemSize(item);
  return bytes <= TRANSACTION_BYTES - DYNAMODB_ITEM_LIMIT;
}

/**
 * Each key's last item, in the order the keys came: as two puts in a row would leave it. DynamoDB
 * refuses a batch, and a transaction, that holds one key twice.
 */
function uniqueByKey(items: readonly Item[]): Item[] {
  const byKey = new Map<string, Item>();
  for (const item of items) {
    byKey.delete(keyOf(item));
    byKey.set(keyOf(item), item);
  }
  return [...byKey.values()];
}

function attemptFrom(envelope: Item, body: unknown): PlanAttempt {
  return {
    ...(body as Omit<PlanAttempt, (typeof ATTEMPT_ENVELOPE)[number]>),
    attempt: Number(envelope.attempt),
    kind: envelope.kind as PlanAttempt['kind'],
    createdAt: String(envelope.createdAt),
  };
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Item {
  const out: Item = {};
  for (const key of keys) {
    if (value[key] !== undefined) out[key as string] = value[key];
  }
  return out;
}

function omit<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Item {
  const out: Item = { ...(value as Item) };
  for (const key of keys) delete out[key as string];
  return out;
}

/** META's envelope attributes for `record`: its own, and the index keys that list it by status and by creation. */
function planEnvelope(record: PlanRecord): Item {
  return {
    ...pick(record, PLAN_ENVELOPE),
    gsi1pk: traceKeys.status(record.status),
    gsi1sk: record.updatedAt,
    gsi2pk: traceKeys.allPlans,
    gsi2sk: record.createdAt,
  };
}

/**
 * Whether `next` has `current`'s body: the JSON of their fields other than the envelope's is the
 * same. `next` is `current` patched (applyPlanPatch spreads it), so a field the patch left is the
 * same object and is not serialized; only the fields the patch set are compared as JSON, and key
 * order is `current`'s in both.
 */
function sameBody(current: PlanRecord, next: PlanRecord): boolean {
  const was = current as unknown as Record<string, unknown>;
  const is = next as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(was), ...Object.keys(is)]);
  for (const key of keys) {
    if (PLAN_ENVELOPE_KEYS.has(key) || was[key] === is[key]) continue;
    if (JSON.stringify(was[key]) !== JSON.stringify(is[key])) return false;
  }
  return true;
}
