import { describe, expect, it } from 'vitest';
import { WriteBehind } from '../../../functions/core/workflow/write-behind.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A queue with one item `first` whose batch write (10 ms each) has started: the batches written
 * are kept in order. A batch waits a turn of the event loop before it goes; the tests wait for it
 * to start, since a fixed 1 ms wait raced that on a loaded machine (the timer may fire first).
 */
async function withBatchInFlight(first: string) {
  const queue = new WriteBehind();
  const batches: string[][] = [];
  const write = async (items: string[]) => {
    batches.push([...items]);
    await tick(10);
  };
  queue.enqueueBatched(first, write);
  while (batches.length === 0) await new Promise((resolve) => setImmediate(resolve));
  return { queue, batches, write };
}

describe('WriteBehind', () => {
  it('runs queued writes one after another, in the order they were queued, without making the caller wait', async () => {
    const queue = new WriteBehind();
    const done: string[] = [];
    const running: string[] = [];
    for (const [name, ms] of [
      ['a', 20],
      ['b', 1],
      ['c', 5],
    ] as const) {
      queue.enqueue(async () => {
        running.push(name);
        expect(running).toHaveLength(1);
        await tick(ms);
        running.pop();
        done.push(name);
      });
    }
    expect(done).toEqual([]);
    await queue.drain();
    expect(done).toEqual(['a', 'b', 'c']);
  });

  it('drops the writes after a failure, refuses new ones and throws the first failure on drain', async () => {
    const queue = new WriteBehind();
    const done: string[] = [];
    queue.enqueue(async () => done.push('a'));
    queue.enqueue(async () => {
      throw new Error('store unavailable');
    });
    queue.enqueue(async () => done.push('c'));
    await expect(queue.drain()).rejects.toThrow('store unavailable');
    expect(done).toEqual(['a']);
    expect(() => queue.enqueue(async () => done.push('d'))).toThrow('store unavailable');
  });

  it('sends the items queued while a write is in flight together in the next write, in the order they were queued', async () => {
    // Prepare: one item alone, its write in flight.
    const { queue, batches, write } = await withBatchInFlight('a');

    // Act: three while it is written, then a plain write, then two more.
    queue.enqueueBatched('b', write);
    queue.enqueueBatched('c', write);
    queue.enqueueBatched('d', write);
    queue.enqueue(async () => batches.push(['plain']));
    queue.enqueueBatched('e', write);
    queue.enqueueBatched('f', write);
    await queue.drain();

    // Assess: a plain write keeps its place: what is queued after it goes after it.
    expect(batches).toEqual([['a'], ['b', 'c', 'd'], ['plain'], ['e', 'f']]);
  });

  it('refuses batched items after a failed write, and drops the ones still waiting', async () => {
    const queue = new WriteBehind();
    const written: string[] = [];
    const write = async (items: string[]) => {
      if (items.includes('bad')) throw new Error('store unavailable');
      written.push(...items);
    };
    queue.enqueueBatched('bad', write);
    queue.enqueue(async () => written.push('after'));
    await expect(queue.drain()).rejects.toThrow('store unavailable');
    expect(written).toEqual([]);
    expect(() => queue.enqueueBatched('late', write)).toThrow('store unavailable');
  });

  it('hands the items whose turn has not come to a caller that writes them with its own, and never writes them twice', async () => {
    // Prepare: a batch in flight, then two items waiting behind it.
    const { queue, batches, write } = await withBatchInFlight('a');
    queue.enqueueBatched('b', write);
    queue.enqueueBatched('c', write);

    // Act
    const taken = queue.takeBatched(write);
    queue.enqueueBatched('d', write);
    await queue.drain();

    // Assess: b and c are the caller's; d, queued after, goes on its own.
    expect(taken).toEqual(['b', 'c']);
    expect(batches).toEqual([['a'], ['d']]);
    expect(queue.takeBatched(write)).toEqual([]);
  });
});
