/**
 * Trace writes that need not hold up the work they describe. Execute records each step's start and
 * end as it happens; awaiting every write put one or two store round trips on the critical path of
 * each step, while the steps themselves rarely need the store. Queued here, the writes run in order,
 * one after another, beside the steps (and mostly while a step waits on the model), and the phase
 * waits for all of them before it reports: a plan never looks executed before its trace is written.
 */
export class WriteBehind {
  private tail: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;

  /** Queues `write` after the writes queued before it. Throws the first failed write's error, if any. */
  enqueue(write: () => Promise<unknown>): void {
    this.throwIfFailed();
    this.tail = this.tail.then(async () => {
      // After a failure the rest are dropped: a trace with a hole in it is worse than a short one,
      // and the phase fails on drain() anyway.
      if (this.failure) return;
      try {
        await write();
      } catch (error) {
        this.failure = { error };
      }
    });
  }

  /** Waits for every queued write; throws the first failure. */
  async drain(): Promise<void> {
    await this.tail;
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
