/**
 * What a trace store remembers of the plans it wrote or read last, in front of the table: the
 * last record of each recent plan (an update starts from it instead of reading), the version it
 * wrote last, and the step outputs and attempt it wrote since. A read names the version it wants
 * (the highest the workflow's state input reports); when that version is one this store wrote
 * itself, what it remembers of it is what is stored, since two writers never write the same
 * version (each write is conditional on the one before). A finished plan never changes again, so
 * its remembered record answers any read.
 */

import type { TraceRecords } from '../../core/ports.js';
import { isTerminal } from '../../core/trace/status.js';
import type { PlanAttempt, PlanRecord, StepOutput } from '../../core/types.js';
import { copyJson } from '../../shared/copy-json.js';

/** How many plans' last records a store remembers to save a read before each update. */
const KNOWN_PLANS = 64;

export class TraceCache {
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

  /** The remembered record itself (not a copy): the counter follows events appended without a new version. */
  record(planId: string): PlanRecord | undefined {
    return this.known.get(planId);
  }

  /**
   * A copy of the plan's record when it answers a read at version `written` without a request:
   * the plan is finished, or `written` is the version this store wrote last.
   */
  recordAt(planId: string, written: number | undefined): PlanRecord | undefined {
    const known = this.known.get(planId);
    // A finished plan never changes again (the patch rules refuse it): the record this store last
    // wrote or read of it is the stored one, and a read after Finalize (its result published, the
    // runner's answer) needs no request.
    if (known !== undefined && isTerminal(known.status)) return copyJson(known);
    if (known !== undefined && known.version === written && this.wroteLast(planId, written)) return copyJson(known);
    return undefined;
  }

  /** A copy of attempt `attempt` when it was written here with the version `written`, the one this store wrote last. */
  attemptAt(planId: string, attempt: number, written: number | undefined): PlanAttempt | undefined {
    const remembered = this.attempts.get(planId);
    if (remembered !== undefined && remembered.attempt.attempt === attempt && remembered.version === written && this.wroteLast(planId, written)) {
      return copyJson(remembered.attempt);
    }
    return undefined;
  }

  /**
   * Copies of every step output of the plan, by step, when the version `written` is one this store
   * wrote: then the phase that wrote the outputs (Execute) ran here, and this store has seen every
   * output since it created the plan.
   */
  outputsAt(planId: string, written: number | undefined): StepOutput[] | undefined {
    const remembered = this.outputs.get(planId);
    if (remembered === undefined || !this.wroteLast(planId, written)) return undefined;
    return [...remembered.values()].sort((a, b) => a.step_id - b.step_id).map((output) => copyJson(output));
  }

  /**
   * True when `version`, which the caller knows to be the plan's last, is one this store wrote
   * itself: then what it remembers of that version is what is stored.
   */
  private wroteLast(planId: string, version: number | undefined): version is number {
    return version !== undefined && this.written.get(planId) === version;
  }

  /** Drops what this store remembers of a plan: its next read goes to the table. */
  forget(planId: string): void {
    this.known.delete(planId);
    this.written.delete(planId);
    this.outputs.delete(planId);
    this.attempts.delete(planId);
  }

  /** Drops the plan's remembered record only, found old: the next update reads it. */
  forgetRecord(planId: string): void {
    this.known.delete(planId);
  }

  /** Remembers `record`, read or (`wrote`) written by this store. */
  remember(record: PlanRecord, wrote = false): void {
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

  /** A plan this store created: it has no step output yet, and from here on this store sees each one it writes. */
  created(planId: string): void {
    this.outputs.set(planId, new Map());
  }

  /** The counter moved to `last` without a new version: the remembered record follows it. */
  counted(planId: string, last: number): void {
    const known = this.known.get(planId);
    if (known !== undefined && Number.isSafeInteger(last)) known.eventCount = Math.max(known.eventCount, last);
  }

  /** An attempt was written on its own: the one remembered with events may no longer be the last. */
  forgetAttempt(planId: string): void {
    this.attempts.delete(planId);
  }

  rememberOutputs(planId: string, outputs: readonly StepOutput[]): void {
    const known = this.outputs.get(planId);
    if (known === undefined) return;
    for (const output of outputs) known.set(output.step_id, copyJson(output));
  }

  /** What this store remembers of the records it has just written. */
  rememberRecords(planId: string, records: TraceRecords): void {
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
}
