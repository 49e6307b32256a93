import { describe, expect, it } from 'vitest';
import { WriteBehind } from '../../../functions/core/workflow/write-behind.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
});
