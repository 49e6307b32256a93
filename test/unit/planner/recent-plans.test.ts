/** The listing of successful plans the planner draws its examples from, read in the background. */
import { describe, expect, it } from 'vitest';
import { RecentPlans } from '../../../functions/core/planner/recent-plans.js';
import type { ListPlansQuery } from '../../../functions/core/ports.js';
import type { PlanRecord } from '../../../functions/core/types.js';
import { receivedPlan } from '../../support/plans.js';

/** A store whose listings are answered by hand, in order; it keeps the queries it was asked. */
function handStore() {
  const pending: Array<{ resolve: (plans: PlanRecord[]) => void; reject: (error: Error) => void }> = [];
  const queries: ListPlansQuery[] = [];
  const store = {
    listPlans: (query: ListPlansQuery = {}) =>
      new Promise<PlanRecord[]>((resolve, reject) => {
        queries.push(query);
        pending.push({ resolve, reject });
      }),
  };
  return { store, queries, answer: (plans: PlanRecord[]) => pending.shift()!.resolve(plans), fail: (error: Error) => pending.shift()!.reject(error) };
}

const plans = (...ids: string[]) => ids.map((planId) => receivedPlan({ planId, status: 'succeeded' }));
const ids = (records: PlanRecord[]) => records.map((r) => r.planId);

describe('Class: RecentPlans', () => {
  it('waits for the first listing, then answers from it at once while the next one is read', async () => {
    // Prepare
    let now = 1_000;
    const { store, queries, answer } = handStore();
    const recent = new RecentPlans(store, 60_000, () => now);

    // Act: the first call waits; the second, 5 s later, is answered before its read comes back.
    const first = recent.succeeded();
    answer(plans('p-1'));
    const firstPlans = await first;
    now += 5_000;
    const secondPlans = await recent.succeeded();
    answer(plans('p-1', 'p-2'));
    await new Promise((resolve) => setImmediate(resolve));
    const thirdPlans = await recent.succeeded();

    // Assess
    expect(ids(firstPlans)).toEqual(['p-1']);
    expect(ids(secondPlans)).toEqual(['p-1']);
    expect(ids(thirdPlans)).toEqual(['p-1', 'p-2']);
    expect(queries).toHaveLength(3);
    expect(queries[0]).toEqual({ status: 'succeeded', limit: 20 });
  });

  it('waits for a fresh listing when the last one is older than its age limit', async () => {
    // Prepare
    let now = 0;
    const { store, answer } = handStore();
    const recent = new RecentPlans(store, 60_000, () => now);
    const first = recent.succeeded();
    answer(plans('p-old'));
    await first;

    // Act
    now += 61_000;
    const later = recent.succeeded();
    let settled = false;
    void later.then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    const settledBeforeAnswer = settled;
    answer(plans('p-new'));

    // Assess
    expect(settledBeforeAnswer).toBe(false);
    expect(ids(await later)).toEqual(['p-new']);
  });

  it('answers from the last listing when the background read fails, and the next call reads again', async () => {
    // Prepare
    let now = 0;
    const { store, queries, answer, fail } = handStore();
    const recent = new RecentPlans(store, 60_000, () => now);
    const first = recent.succeeded();
    answer(plans('p-1'));
    await first;

    // Act
    now += 1_000;
    const fromLast = await recent.succeeded();
    fail(new Error('the trace table is unavailable'));
    await new Promise((resolve) => setImmediate(resolve));
    const next = recent.succeeded();

    // Assess
    expect(ids(fromLast)).toEqual(['p-1']);
    expect(ids(await next)).toEqual(['p-1']);
    expect(queries).toHaveLength(3);
  });

  it('reads the next listing a moment after answering from the last one, once however many calls come meanwhile', async () => {
    // Prepare
    let now = 0;
    const { store, queries, answer } = handStore();
    const recent = new RecentPlans(store, 60_000, () => now, 20);
    const first = recent.succeeded();
    answer(plans('p-1'));
    await first;

    // Act: two calls answered from the listing; no read beside them, one a moment later.
    now += 1_000;
    const a = await recent.succeeded();
    const b = await recent.succeeded();
    const readAtOnce = queries.length;
    await new Promise((resolve) => setTimeout(resolve, 40));
    const readLater = queries.length;
    answer(plans('p-1', 'p-2'));
    await new Promise((resolve) => setImmediate(resolve));

    // Assess
    expect(ids(a)).toEqual(['p-1']);
    expect(ids(b)).toEqual(['p-1']);
    expect(readAtOnce).toBe(1);
    expect(readLater).toBe(2);
    expect(ids(await recent.succeeded())).toEqual(['p-1', 'p-2']);
  });
});
