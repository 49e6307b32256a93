/**
 * The successful plans the planner draws its examples from, listed off the critical path: a
 * listing younger than `maxAgeMs` is used at once, and Generate asks for the next one (`refresh`)
 * once its model call is on its way, so the query and twenty records are read while the model
 * answers, not before it is asked. An older listing, or none yet, is waited for, and then serves
 * the next plan as it is (Generate refreshes only a listing it found `fresh`). A plan that has
 * just succeeded becomes an example from the plan after next: examples are a hint to the model,
 * and a minute-old listing is as good a hint.
 */
import type { TraceStore } from '../ports.js';
import type { PlanRecord } from '../types.js';

/** How many of the latest successful plans the examples are picked from. */
const LISTED = 20;

export class RecentPlans {
  private last: { at: number; plans: PlanRecord[] } | undefined;
  private reading: Promise<PlanRecord[]> | undefined;

  constructor(
    private readonly store: Pick<TraceStore, 'listPlans'>,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when succeeded() would answer from the listing it has, without reading. */
  get fresh(): boolean {
    return this.last !== undefined && this.now() - this.last.at < this.maxAgeMs;
  }

  /** The latest successful plans, from a listing at most `maxAgeMs` old. */
  async succeeded(): Promise<PlanRecord[]> {
    if (this.last !== undefined && this.fresh) return this.last.plans;
    return this.read();
  }

  /**
   * Reads the next listing in the background, on the next turn of the event loop: a caller that
   * has just started its model call lets that request's own preparation run first. A read already
   * under way is not doubled. Its failure costs nothing now: the listing stays, and a call after
   * it has aged waits for a fresh one.
   */
  refresh(): void {
    setImmediate(() => {
      this.read().catch(() => undefined);
    }).unref();
  }

  private read(): Promise<PlanRecord[]> {
    const started = this.now();
    this.reading ??= this.store
      .listPlans({ status: 'succeeded', limit: LISTED })
      .then((plans) => {
        this.last = { at: started, plans };
        return plans;
      })
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }
}
