/**
 * No plan left at work by a dead process: a real process starts a plan and is killed with
 * SIGKILL while the plan executes; the next process that opens the store, or serve's periodic
 * look, marks it failed with the reason. Real processes, the real embedded store in a folder.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStack } from '../../../cli/local-runner.js';
import { loadConfig } from '../../../functions/shared/config.js';
import { HOLDER_ENDED } from '../../../local/trace/abandoned-plans.js';
import { killHard as kill, holdPlan as startHeldPlan } from '../../support/held-plan-process.js';
import { tempDir } from '../../support/temp-dir.js';

const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

async function holdPlan(dataDir: string): Promise<{ child: ChildProcess; planId: string }> {
  const held = await startHeldPlan(dataDir);
  children.push(held.child);
  return held;
}

const localConfig = () => loadConfig({ ...process.env, CAIRN_DYNAMODB_ENDPOINT: '' });

describe('abandoned plans', () => {
  it('marks failed, on the next open of the store, a plan whose process was killed while it held the store', async () => {
    // Prepare
    const dataDir = tempDir('abandoned');
    const { child, planId } = await holdPlan(dataDir);
    await kill(child);

    // Act
    const stack = await LocalStack.open({ config: localConfig(), dataDir });
    try {
      const record = await stack.runtime.store.getPlan(planId);
      const events = await stack.runtime.store.listEvents(planId);

      // Assess
      expect(record?.status).toBe('failed');
      expect(record?.error).toMatchObject({ name: 'ProcessEnded', phase: 'executing' });
      expect(record?.error?.message).toContain(HOLDER_ENDED);
      expect(record?.lease?.pid).toBe(child.pid);
      expect(events.at(-1)).toMatchObject({ type: 'plan.status', data: { from: 'executing', to: 'failed' } });
      expect(events.some((e) => e.type === 'plan.failed')).toBe(true);
    } finally {
      await stack.close();
    }
  }, 60_000);

  it('leaves a live client process its plan, and marks it failed once that process is killed', async () => {
    // Prepare: this process holds the store; the child is its client.
    const dataDir = tempDir('abandoned');
    const stack = await LocalStack.open({ config: localConfig(), dataDir });
    try {
      const { child, planId } = await holdPlan(dataDir);

      // Act
      const whileAlive = await stack.failAbandonedPlans();
      const statusWhileAlive = (await stack.runtime.store.getPlan(planId))?.status;
      await kill(child);
      const afterKill = await stack.failAbandonedPlans();

      // Assess
      expect(whileAlive).toEqual([]);
      expect(statusWhileAlive).toBe('executing');
      expect(afterKill).toEqual([planId]);
      expect((await stack.runtime.store.getPlan(planId))?.status).toBe('failed');
      // Marked once: a second look finds nothing more to do.
      expect(await stack.failAbandonedPlans()).toEqual([]);
    } finally {
      await stack.close();
    }
  }, 60_000);
});
