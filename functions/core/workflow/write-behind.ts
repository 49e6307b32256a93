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
  /** The batch queued last, while it has not started: what enqueueBatched adds to. */
  private open: { items: unknown[]; write: (items: never[]) => Promise<unknown>; taken?: true } | undefined;

  /** Queues `write` after the writes queued before it. Throws the first failed write's error, if any. */
  enqueue(write: () => Promise<unknown>): void {
    this.throwIfFailed();
    this.open = undefined;
    this.chain(write);
  }

  /**
   * Queues `item` for `write`, which takes a list. Items queued while the writes before them run
   * wait together and go in one call when their turn comes, in the order they were queued: a
   * step's events ride with whatever else happened during the request before them, so the trace
   * takes a request per burst of steps, not one or two per step, and each item still waits at most
   * for the write in flight. `write` must be the same function for items meant to go together.
   */
  enqueueBatched<T>(item: T, write: (items: T[]) => Promise<unknown>): void {
    this.throwIfFailed();
    if (this.open?.write === write) {
      this.open.items.push(item);
      return;
    }
    const batch: NonNullable<WriteBehind['open']> = { items: [item], write: write as (items: never[]) => Promise<unknown> };
    this.open = batch;
    this.chain(async () => {
      // Its turn comes a turn of the event loop later, so that what the same burst of work adds
      // joins it, and a phase that ends meanwhile may take it into its closing write (takeBatched).
      await new Promise((resolve) => setImmediate(resolve));
      // A batch the caller took is written by the caller.
      if (batch.taken) return;
      if (this.open === batch) this.open = undefined;
      await write(batch.items as T[]);
    });
  }

  /**
   * The items queued for `write` whose turn has not come, taken out of the queue: the caller
   * writes them itself, with what it writes next (a phase's closing write), saving a request.
   * Empty when that batch has started or there is none.
   */
  takeBatched<T>(write: (items: T[]) => Promise<unknown>): T[] {
    this.throwIfFailed();
    const batch = this.open;
    if (batch === undefined || batch.write !== write) return [];
    this.open = undefined;
    batch.taken = true;
    return batch.items as T[];
  }

  private chain(write: () => Promise<unknown>): void {
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

  /** Waits for every queued write, failed or not (a phase failing for another reason). */
  async idle(): Promise<void> {
    await this.tail;
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}

/**
 * Runs `work` with a queue of writes beside it: a phase queues its opening writes (its status)
 * and goes on with its work (the model call) while they land, then drains the queue before its
 * closing write. On success the queue is drained (a failed write fails the phase); on failure the
 * phase's own error goes on once the queued writes have landed or failed, so nothing the phase
 * started still writes while the workflow records the failure.
 */
export async function withWrites<T>(work: (writes: WriteBehind) => Promise<T>): Promise<T> {
  const writes = new WriteBehind();
  let result: T;
  try {
    result = await work(writes);
  } catch (error) {
    await writes.idle();
    throw error;
  }
  await writes.drain();
  return result;
}

/** Writes made at once: waits for all of them, then throws the first failure, if any. */
export async function allWritten<T extends readonly unknown[]>(writes: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(writes);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
