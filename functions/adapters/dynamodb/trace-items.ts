/**
 * The trace store's item codec: how a plan record, an event, a planner attempt and a step output
 * become an item of the trace table (table.ts has the keys), and back.
 *
 * Each item is an envelope of native attributes (keys, what conditions and indexes need, and a
 * few fields for a human reading the table) plus `body`: the rest of the domain object as JSON
 * text. JSON text round-trips any value the core produces exactly (no DynamoDB number-range,
 * nesting-depth or empty-set limits) and its size is known before writing. When an item would
 * pass `maxItemBytes`, the body goes to the PayloadStore and the item keeps `payloadRef`; reading
 * an item resolves it.
 */

import { createHash } from 'node:crypto';
import type { Clock, TraceRecords } from '../../core/ports.js';
import type { PlanAttempt, PlanRecord, StepOutput, TraceEvent } from '../../core/types.js';
import type { PayloadStore } from '../payloads/payload-store.js';
import { TraceStoreError } from './errors.js';
import { itemSize } from './item-size.js';
import { type TraceItem as Item, TRACE_TABLE, traceKeys } from './table.js';

/** Fields of a PlanRecord kept as native attributes on META rather than in its body. */
const PLAN_ENVELOPE = ['planId', 'status', 'version', 'eventCount', 'createdAt', 'updatedAt'] as const;
const PLAN_ENVELOPE_KEYS: ReadonlySet<string> = new Set(PLAN_ENVELOPE);
const EVENT_ENVELOPE = ['planId', 'seq', 'type', 'phase', 'at'] as const;
const ATTEMPT_ENVELOPE = ['attempt', 'kind', 'createdAt'] as const;
const STEP_ENVELOPE = ['step_id', 'type', 'status'] as const;

/** Attributes of META an update never sets: its keys, what never changes, and the counter (ADD only). */
export const UNCHANGING_PLAN_ATTRIBUTES: ReadonlySet<string> = new Set(['pk', 'sk', 'entity', 'eventCount', 'planId', 'createdAt', 'gsi2pk', 'gsi2sk']);
/** The attributes that hold an item's body, inline or offloaded. */
export const BODY_ATTRIBUTES = ['body', 'payloadRef', 'payloadBytes'] as const;

export interface TraceItemCodecOptions {
  /** Where bodies of items too large for DynamoDB go. */
  payloads: PayloadStore;
  /** Items expire this long after their last write. */
  ttlSeconds: number;
  clock: Clock;
  /** An item whose size would pass this many bytes keeps its body in `payloads`. */
  maxItemBytes: number;
}

export class TraceItemCodec {
  constructor(private readonly options: TraceItemCodecOptions) {}

  eventItem(planId: string, event: TraceEvent): Promise<Item> {
    return this.toItem(planId, traceKeys.event(event.seq), 'event', pick(event, EVENT_ENVELOPE), omit(event, EVENT_ENVELOPE));
  }

  attemptItem(planId: string, attempt: PlanAttempt): Promise<Item> {
    return this.toItem(planId, traceKeys.attempt(attempt.attempt), 'attempt', pick(attempt, ATTEMPT_ENVELOPE), omit(attempt, ATTEMPT_ENVELOPE));
  }

  stepItem(planId: string, output: StepOutput): Promise<Item> {
    return this.toItem(planId, traceKeys.step(output.step_id), 'step', pick(output, STEP_ENVELOPE), omit(output, STEP_ENVELOPE));
  }

  /** The items of the records a batch of events carries. */
  recordItems(planId: string, records: TraceRecords): Promise<Item[]> {
    return Promise.all([
      ...(records.outputs ?? []).map((output) => this.stepItem(planId, output)),
      ...(records.attempts ?? []).map((attempt) => this.attemptItem(planId, attempt)),
    ]);
  }

  /** META for `record`: its envelope, and its body as `json` (the JSON of its non-envelope fields), left out when null. */
  async planItem(record: PlanRecord, json: string | null = planBody(record)): Promise<Item> {
    const envelope = planEnvelope(record);
    if (json === null) return this.envelopeItem(record.planId, traceKeys.meta, 'plan', envelope);
    return this.toItemJson(record.planId, traceKeys.meta, 'plan', envelope, json);
  }

  async planFrom(item: Item): Promise<PlanRecord> {
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

  async eventFrom(item: Item): Promise<TraceEvent> {
    return {
      ...((await this.bodyOf(item)) as Partial<TraceEvent>),
      planId: String(item.planId),
      seq: Number(item.seq),
      at: String(item.at),
      type: item.type as TraceEvent['type'],
      phase: String(item.phase),
    };
  }

  async attemptFrom(item: Item): Promise<PlanAttempt> {
    return {
      ...((await this.bodyOf(item)) as Omit<PlanAttempt, (typeof ATTEMPT_ENVELOPE)[number]>),
      attempt: Number(item.attempt),
      kind: item.kind as PlanAttempt['kind'],
      createdAt: String(item.createdAt),
    };
  }

  async stepFrom(item: Item): Promise<StepOutput> {
    return {
      ...((await this.bodyOf(item)) as Omit<StepOutput, (typeof STEP_ENVELOPE)[number]>),
      step_id: Number(item.step_id),
      type: item.type as StepOutput['type'],
      status: item.status as StepOutput['status'],
    };
  }

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
      [TRACE_TABLE.timeToLiveAttribute]: Math.floor(this.options.clock.now().getTime() / 1000) + this.options.ttlSeconds,
    };
  }

  private async toItemJson(planId: string, sk: string, entity: string, envelope: Item, json: string): Promise<Item> {
    const base = this.envelopeItem(planId, sk, entity, envelope);
    const inline = { ...base, body: json };
    if (itemSize(inline) <= this.options.maxItemBytes) return inline;
    // Content-addressed key: a writer that loses a race can never overwrite the winner's body.
    const hash = createHash('sha256').update(json).digest('hex');
    const key = `plans/${encodeURIComponent(planId)}/${sk.replace('#', '-').toLowerCase()}/${hash}.json`;
    const ref = await this.options.payloads.put(key, json);
    return { ...base, payloadRef: ref, payloadBytes: Buffer.byteLength(json, 'utf8') };
  }

  private async bodyOf(item: Item): Promise<unknown> {
    const body = item.body;
    if (typeof body === 'string') return JSON.parse(body);
    const ref = item.payloadRef;
    if (typeof ref === 'string') return JSON.parse(await this.options.payloads.get(ref));
    throw new TraceStoreError(`item ${String(item.pk)} ${String(item.sk)} has neither a body nor a payloadRef`);
  }
}

/** The JSON of a record's fields other than its envelope's: META's body. */
export function planBody(record: PlanRecord): string {
  return JSON.stringify(omit(record, PLAN_ENVELOPE));
}

/** META's envelope attributes for `record`: its own, and the index keys that list it by status and by creation. */
export function planEnvelope(record: PlanRecord): Item {
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
export function sameBody(current: PlanRecord, next: PlanRecord): boolean {
  const was = current as unknown as Record<string, unknown>;
  const is = next as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(was), ...Object.keys(is)]);
  for (const key of keys) {
    if (PLAN_ENVELOPE_KEYS.has(key) || was[key] === is[key]) continue;
    if (JSON.stringify(was[key]) !== JSON.stringify(is[key])) return false;
  }
  return true;
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
