import { beforeAll, describe, expect, it } from 'vitest';

import { createDuplicateGuard } from '../../../functions/core/executor/duplicate-guard.js';
import { executePlan } from '../../../functions/core/executor/run-plan.js';
import type { CorpusIndex } from '../../../functions/core/ports.js';
import { miniCorpusIndex } from '../../support/corpus.js';
import { executionContext } from '../../support/executor.js';
import { outputOfStep, planOf, toolStep } from '../../support/plans.js';
import { testTools } from '../../support/tools.js';

describe('Function: executePlan with a duplicate-call guard', () => {
  let index: CorpusIndex;
  beforeAll(async () => {
    index = await miniCorpusIndex();
  });

  it('does not run the third and fourth identical calls, and hands them the last output', async () => {
    // Arrange: four calls in a chain, so each runs after the one before.
    const { tools, counts } = testTools();
    const plan = planOf(...[1, 2, 3, 4].map((id) => toolStep(id, 'test.spy', { city: 'Lyon' }, id > 1 ? { dependencies: [id - 1] } : {})));
    const guard = createDuplicateGuard();

    // Act
    const outcome = await executePlan(plan, executionContext({ task: 'Lyon', index, tools, guard }));

    // Assert
    expect(outcome.status).toBe('succeeded');
    expect(counts.spy).toBe(2);
    expect(outcome.outputs.map((o) => `${o.step_id}:${o.status}:${o.error ?? ''}`)).toEqual([
      '1:succeeded:',
      '2:succeeded:',
      '3:skipped:duplicate_call_blocked',
      '4:skipped:duplicate_call_blocked',
    ]);
    expect(outputOfStep(outcome.outputs, 4).result).toMatchObject({ tool: 'test.spy', rule: 'consecutive', blocked: true, output: { city: 'Lyon' } });
    expect(guard.blockedCount().blocked).toBe(2);
  });

  it('blocks independent identical calls that start together, in step order, once the first have ended', async () => {
    const { tools, counts } = testTools();
    const plan = planOf(...[1, 2, 3, 4].map((id) => toolStep(id, 'test.spy', { city: 'Lyon' })));
    const outcome = await executePlan(plan, executionContext({ task: 'Lyon', index, tools, guard: createDuplicateGuard() }));
    expect(counts.spy).toBe(2);
    expect(outcome.outputs.filter((o) => o.error === 'duplicate_call_blocked').map((o) => o.step_id)).toEqual([3, 4]);
    expect(outputOfStep(outcome.outputs, 3).result.output).toEqual({ city: 'Lyon' });
  });

  it('runs every call when no guard is given, and calls with other arguments are not repeats', async () => {
    const { tools, counts } = testTools();
    const unguarded = planOf(...[1, 2, 3].map((id) => toolStep(id, 'test.spy', { city: 'Lyon' })));
    await executePlan(unguarded, executionContext({ task: 'Lyon', index, tools }));
    expect(counts.spy).toBe(3);

    const varied = planOf(...['Lyon', 'Paris', 'Lyon', 'Nice'].map((city, i) => toolStep(i + 1, 'test.spy', { city })));
    const outcome = await executePlan(varied, executionContext({ task: 'Lyon', index, tools, guard: createDuplicateGuard() }));
    expect(outcome.outputs.every((o) => o.status === 'succeeded')).toBe(true);
    expect(counts.spy).toBe(7);
  });

  it('a blocked call that never succeeded before has no output, and its dependents are skipped', async () => {
    const { tools } = testTools();
    const plan = planOf(
      toolStep(1, 'test.flaky', { key: 'k', failures: 99 }, { on_error: 'skip', retry: { max_attempts: 1 } }),
      toolStep(2, 'test.flaky', { key: 'k', failures: 99 }, { on_error: 'skip', retry: { max_attempts: 1 } }),
      toolStep(3, 'test.flaky', { key: 'k', failures: 99 }, { on_error: 'skip', retry: { max_attempts: 1 } }),
      toolStep(4, 'test.spy', { city: 'Lyon' }, { dependencies: [3] }),
    );
    const outcome = await executePlan(plan, executionContext({ task: 'Lyon', index, tools, guard: createDuplicateGuard() }));
    const third = outputOfStep(outcome.outputs, 3);
    expect(third.error).toBe('duplicate_call_blocked');
    expect(third.result.output).toBeUndefined();
    expect(outputOfStep(outcome.outputs, 4).reason).toMatch(/dependency step 3 was skipped/);
  });
});
