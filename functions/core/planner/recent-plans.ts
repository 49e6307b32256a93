/**
 * The successful plans the planner draws its examples from, listed off the critical path: a
 * listing younger than `maxAgeMs` is used at once while the next one is read in the background,
 * so Generate does not wait on a query and twenty records before it asks the model. An older
 * listing, or none yet, is waited for. A plan that has just succeeded becomes an example from the
 * plan after next: examples are a hint to the model, and a minute-old listing is as good a hint.
 */
import type { TraceStore } from '../ports.js';
import type { PlanRecord } from '../types.js';

/** How many of the latest successful plans the examples are picked from. */
const LISTED = 20;

export class RecentPlans {
  private last: { at: number; plans: PlanRecord[] } | undefined;
  private reading: Promise<PlanRecord[]> | undefined;
  private later: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: Pick<TraceStore, 'listPlans'>,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
    /**
     * How long after a call answered from the last listing the next one is read. Generate asks for
     * the examples first thing; read at once, the listing (a query and twenty records) would take
     * the CPU beside the work before the model call, where a store in the same process answers.
     * A moment later, the model is being asked. 0: at once.
     */
    private readonly refreshDelayMs = 0,
  ) {}

  /** The latest successful plans, from a listing at most `maxAgeMs` old. */
  async succeeded(): Promise<PlanRecord[]> {
    if (this.last !== undefined && this.now() - this.last.at < this.maxAgeMs) {
      this.readLater();
      return this.last.plans;
    }
    return this.read();
  }

  private readLater(): void {
    // The background read's failure costs nothing now: the next call waits for a fresh one.
    if (this.refreshDelayMs <= 0) {
      this.read().catch(() => undefined);
      return;
    }
    if (this.later !== undefined) return;
    this.later = setTimeout(() => {
      this.later = undefined;
      this.read().catch(() => undefined);
    }, this.refreshDelayMs);
    // A process with nothing else to do (the CLI after its run) does not wait for a hint's refresh.
    this.later.unref?.();
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
