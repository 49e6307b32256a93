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

/** Lets a refresh's read start (it waits for the next turn of the event loop) and settle. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Plans whose first listing (`first`) has been read; the clock stays within its age limit. */
async function listedOnce(...first: string[]) {
  const hand = handStore();
  const recent = new RecentPlans(hand.store, 60_000, () => 1_000);
  const listing = recent.succeeded();
  hand.answer(plans(...first));
  await listing;
  return { ...hand, recent };
}

describe('Class: RecentPlans', () => {
  it('waits for the first listing, answers from it at once, and reads the next one only when refreshed', async () => {
    // Prepare
    let now = 1_000;
    const { store, queries, answer } = handStore();
    const recent = new RecentPlans(store, 60_000, () => now);

    // Act: the first call waits; the second, 5 s later, reads nothing; a refresh reads in the background.
    const first = recent.succeeded();
    answer(plans('p-1'));
    const firstPlans = await first;
    now += 5_000;
    const secondPlans = await recent.succeeded();
    const readsBeforeRefresh = queries.length;
    recent.refresh();
    const readsAtOnce = queries.length;
    await nextTurn();
    answer(plans('p-1', 'p-2'));
    await nextTurn();
    const thirdPlans = await recent.succeeded();

    // Assess
    expect(ids(firstPlans)).toEqual(['p-1']);
    expect(ids(secondPlans)).toEqual(['p-1']);
    expect(readsBeforeRefresh).toBe(1);
    expect(readsAtOnce).toBe(1);
    expect(ids(thirdPlans)).toEqual(['p-1', 'p-2']);
    expect(queries).toHaveLength(2);
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
    await nextTurn();
    const settledBeforeAnswer = settled;
    answer(plans('p-new'));

    // Assess
    expect(settledBeforeAnswer).toBe(false);
    expect(ids(await later)).toEqual(['p-new']);
  });

  it('keeps the last listing when a refresh fails, and the next refresh reads again', async () => {
    // Prepare
    const { recent, queries, answer, fail } = await listedOnce('p-1');

    // Act
    recent.refresh();
    await nextTurn();
    fail(new Error('the trace table is unavailable'));
    await nextTurn();
    const afterFailure = await recent.succeeded();
    recent.refresh();
    await nextTurn();
    answer(plans('p-1', 'p-2'));
    await nextTurn();

    // Assess
    expect(ids(afterFailure)).toEqual(['p-1']);
    expect(ids(await recent.succeeded())).toEqual(['p-1', 'p-2']);
    expect(queries).toHaveLength(3);
  });

  it('reads once however many refreshes come while a read is under way', async () => {
    // Prepare
    const { recent, queries, answer } = await listedOnce('p-1');

    // Act
    recent.refresh();
    recent.refresh();
    await nextTurn();
    recent.refresh();
    await nextTurn();
    const reads = queries.length;
    answer(plans('p-1', 'p-2'));
    await nextTurn();

    // Assess
    expect(reads).toBe(2);
    expect(ids(await recent.succeeded())).toEqual(['p-1', 'p-2']);
  });
});
