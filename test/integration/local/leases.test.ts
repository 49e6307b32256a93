/**
 * Leases over the real trace store on DynamoDB Local: what the leasing store writes, and which
 * plans the sweep marks failed (the holders' fates told by the test; the kernel is asked in
 * abandoned-plans.test.ts and process-lease.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { DynamoTraceStore } from '../../../functions/adapters/dynamodb/trace-store.js';
import { FilePayloadStore } from '../../../functions/adapters/payloads/file-payload-store.js';
import type { PlanLease, PlanRecord } from '../../../functions/core/types.js';
import { failAbandonedPlans, HOLDER_ENDED } from '../../../local/trace/abandoned-plans.js';
import { LeasingTraceStore } from '../../../local/trace/leasing-trace-store.js';
import { useTraceTable } from '../../support/dynamo.js';
import { receivedPlan } from '../../support/plans.js';
import { tempDir } from '../../support/temp-dir.js';

const { client, tableName } = useTraceTable('leases');
const store = () => new DynamoTraceStore({ client, tableName, payloads: new FilePayloadStore({ root: tempDir('leases') }) });

const here: PlanLease = { pid: 4242, host: 'this-host', process: 'boot/1' };
const gone: PlanLease = { pid: 4343, host: 'this-host', process: 'boot/2' };
const NOW = new Date('2031-05-06T07:08:09.000Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();

describe('LeasingTraceStore', () => {
  it('writes the lease into a created plan and into moves to a status of work, not into settled ones', async () => {
    // Prepare
    const inner = store();
    const leasing = new LeasingTraceStore(inner, here);
    const record = receivedPlan();

    // Act
    await leasing.createPlan(record);
    const created = await inner.getPlan(record.planId);
    await inner.updatePlan(record.planId, { status: 'executing', lease: gone });
    const resumed = await leasing.updatePlan(record.planId, { status: 'finalizing' });
    const ended = await leasing.updatePlanWithEvents(record.planId, { status: 'succeeded', answer: 'done' }, []);
    // A retried final patch is the no-op it was before leases.
    const retried = await leasing.updatePlan(record.planId, { status: 'succeeded', answer: 'done' });

    // Assess
    expect(created?.lease).toEqual(here);
    expect(resumed.lease).toEqual(here);
    expect(ended.record.lease).toEqual(here);
    expect(retried.version).toBe(ended.record.version);
  });
});

describe('failAbandonedPlans', () => {
  it('fails the plans at work whose holder ended, and leaves waiting, ended, live and recent unleased plans alone', async () => {
    // Prepare
    const s = store();
    const plans: Record<string, PlanRecord> = {
      dead: receivedPlan({ status: 'executing', lease: gone, updatedAt: hoursAgo(0) }),
      deadPlanning: receivedPlan({ status: 'planning', lease: gone, updatedAt: hoursAgo(0) }),
      waiting: receivedPlan({ status: 'waiting_for_input', lease: gone, updatedAt: hoursAgo(0) }),
      ended: receivedPlan({ status: 'succeeded', lease: gone, updatedAt: hoursAgo(0) }),
      live: receivedPlan({ status: 'executing', lease: here, updatedAt: hoursAgo(0) }),
      oldUnleased: receivedPlan({ status: 'executing', updatedAt: hoursAgo(2) }),
      newUnleased: receivedPlan({ status: 'executing', updatedAt: hoursAgo(0.1) }),
    };
    for (const record of Object.values(plans)) await s.createPlan(record);

    // Act
    const failed = await failAbandonedPlans(s, { ended: (lease) => lease.pid === gone.pid, now: () => NOW });
    const status = async (name: string) => (await s.getPlan(plans[name]!.planId))?.status;

    // Assess
    expect(failed.sort()).toEqual([plans.dead!.planId, plans.deadPlanning!.planId, plans.oldUnleased!.planId].sort());
    expect(await status('dead')).toBe('failed');
    expect((await s.getPlan(plans.dead!.planId))?.error).toEqual({ name: 'ProcessEnded', message: `${HOLDER_ENDED} (pid 4343)`, phase: 'executing' });
    expect((await s.getPlan(plans.oldUnleased!.planId))?.error?.message).toContain('no lease');
    expect(await status('waiting')).toBe('waiting_for_input');
    expect(await status('ended')).toBe('succeeded');
    expect(await status('live')).toBe('executing');
    expect(await status('newUnleased')).toBe('executing');
  });
});
