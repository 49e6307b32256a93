/**
 * The learned-tool store on DynamoDB Local: saving what a learning run found, listing by status,
 * and the one move a person makes (TESTING -> PROMOTED or REJECTED), with the refusals that keep
 * anything half-promoted from reaching the planner.
 */
import { describe, expect, it } from 'vitest';
import { DynamoLearnedToolStore } from '../../../functions/adapters/dynamodb/learned-tools.js';
import { DynamoTraceStore } from '../../../functions/adapters/dynamodb/trace-store.js';
import { FilePayloadStore } from '../../../functions/adapters/payloads/file-payload-store.js';
import { LearnedToolNotFoundError, LearnedToolStateError } from '../../../functions/core/tools/learned.js';
import { useTraceTable } from '../../support/dynamo.js';
import { learnedRecord, searchThenGet } from '../../support/learned.js';
import { receivedPlan } from '../../support/plans.js';
import { tempDir } from '../../support/temp-dir.js';

const table = useTraceTable('learned-tools');
const store = () =>
  new DynamoLearnedToolStore({ client: table.client, tableName: table.tableName, clock: { now: () => new Date('2030-02-03T04:05:06.000Z') } });
let n = 0;
const fresh = (name: string) => searchThenGet({ tool_id: `learned.${name}${++n}` });

describe('DynamoLearnedToolStore', () => {
  it('promotes a TESTING tool once, and says so when asked again', async () => {
    const tool = fresh('promote');
    await store().save(learnedRecord('TESTING', tool));
    const promoted = await store().decide(tool.tool_id, 'promote');
    expect(promoted).toMatchObject({ id: tool.tool_id, status: 'PROMOTED', decidedAt: '2030-02-03T04:05:06.000Z' });
    expect(promoted.definition).toEqual(tool);
    await expect(store().decide(tool.tool_id, 'promote')).rejects.toThrow(
      new LearnedToolStateError(`tool ${tool.tool_id} is already PROMOTED: demote it first (npm start -- approve ${tool.tool_id} --demote)`),
    );
    await expect(store().decide(tool.tool_id, 'reject')).rejects.toThrow(LearnedToolStateError);
    expect((await store().get(tool.tool_id))?.status).toBe('PROMOTED');
  });

  it('refuses to promote a DRAFT tool or an unknown one, changing nothing', async () => {
    const tool = fresh('draft');
    await store().save({ ...learnedRecord('DRAFT', tool), problems: ['mean similarity 0.41 < 0.95'] });
    await expect(store().decide(tool.tool_id, 'promote')).rejects.toThrow(/is DRAFT: it did not pass validation, so it cannot be promoted/);
    expect(await store().get(tool.tool_id)).toMatchObject({ status: 'DRAFT', problems: ['mean similarity 0.41 < 0.95'] });
    await expect(store().decide('learned.never_seen', 'promote')).rejects.toThrow(new LearnedToolNotFoundError('no learned tool learned.never_seen'));
  });

  it('keeps a person’s decision when a later learning run finds the same tool', async () => {
    const tool = fresh('kept');
    await store().save(learnedRecord('TESTING', tool));
    await store().decide(tool.tool_id, 'reject');
    const again = await store().save(learnedRecord('TESTING', tool, '2030-03-01T00:00:00.000Z'));
    expect(again.stored).toBe(false);
    expect(again.record.status).toBe('REJECTED');
    // A tool still waiting for a person is refreshed by the newer run.
    const waiting = fresh('refreshed');
    await store().save(learnedRecord('TESTING', waiting));
    const refreshed = await store().save({ ...learnedRecord('TESTING', waiting, '2030-03-01T00:00:00.000Z'), figures: { meanSimilarity: 0.99 } });
    expect(refreshed.stored).toBe(true);
    expect((await store().get(waiting.tool_id))?.figures).toEqual({ meanSimilarity: 0.99 });
  });

  it('lists by status through the index, and every tool newest first, without any plan', async () => {
    const payloads = new FilePayloadStore({ root: tempDir('learned-payloads') });
    const traces = new DynamoTraceStore({ client: table.client, tableName: table.tableName, payloads });
    await traces.createPlan(receivedPlan());
    const a = fresh('listed');
    const b = fresh('listed');
    await store().save(learnedRecord('TESTING', a, '2031-01-01T00:00:00.000Z'));
    await store().save(learnedRecord('TESTING', b, '2031-01-02T00:00:00.000Z'));
    await store().decide(b.tool_id, 'promote');
    const promoted = (await store().list('PROMOTED')).map((r) => r.id);
    expect(promoted).toContain(b.tool_id);
    expect(promoted).not.toContain(a.tool_id);
    const all = await store().list();
    expect(all.map((r) => r.id).slice(0, 2)).toEqual([b.tool_id, a.tool_id]);
    expect(all.every((r) => r.id.startsWith('learned.'))).toBe(true);
    // And the plans' own listing never sees a tool.
    expect((await traces.listPlans()).every((p) => p.planId.startsWith('plan-'))).toBe(true);
  });
});
