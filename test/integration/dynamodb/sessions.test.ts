/**
 * Stored plans read back by time for learning, on DynamoDB Local: the byCreated index with a time
 * window and a page budget, only plans that ran, each with its record, events and step outputs.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { DynamoSessionSource, parseSince } from '../../../functions/adapters/dynamodb/sessions.js';
import { DynamoTraceStore } from '../../../functions/adapters/dynamodb/trace-store.js';
import { FilePayloadStore } from '../../../functions/adapters/payloads/file-payload-store.js';
import type { PlanRecord } from '../../../functions/core/types.js';
import { useTraceTable } from '../../support/dynamo.js';
import { planOf, receivedPlan, searchStep, stepOutput } from '../../support/plans.js';
import { tempDir } from '../../support/temp-dir.js';

const table = useTraceTable('sessions');
const traces = new DynamoTraceStore({ client: table.client, tableName: table.tableName, payloads: new FilePayloadStore({ root: tempDir('sessions') }) });
const source = () => new DynamoSessionSource({ client: table.client, tableName: table.tableName, store: traces });

/** A plan created at `at` that ran one search step to `status`, with its start and end events. */
async function ranPlan(at: string, status: PlanRecord['status'] = 'succeeded'): Promise<string> {
  const record = receivedPlan({ createdAt: at, updatedAt: at, status, plan: planOf(searchStep(1, 'rivers')) });
  await traces.createPlan(record);
  if (status === 'succeeded' || status === 'failed') {
    await traces.appendEvent(record.planId, {
      type: 'step.started',
      phase: 'executing',
      data: { step_id: 1, type: 'keyword_search', parameters: { query: 'rivers', top_k: 5 } },
    });
    await traces.putStepOutput(record.planId, { ...stepOutput(1, 'keyword_search', { documents: [] }), startedAt: at, endedAt: at, durationMs: 12 });
    await traces.appendEvent(record.planId, { type: 'step.completed', phase: 'executing', data: { step_id: 1, type: 'keyword_search' } });
  }
  return record.planId;
}

describe('DynamoSessionSource', () => {
  it('reads the plans of a time window that ran, newest first, by the index', async () => {
    const old = await ranPlan('2040-01-01T00:00:00.000Z');
    const a = await ranPlan('2040-02-01T00:00:00.000Z');
    const b = await ranPlan('2040-02-02T00:00:00.000Z', 'failed');
    const underWay = await ranPlan('2040-02-03T00:00:00.000Z', 'executing');
    const page = await source().traces({ since: '2040-01-15T00:00:00.000Z', until: '2040-03-01T00:00:00.000Z' });
    expect(page.traces.map((t) => t.record.planId)).toEqual([b, a]);
    expect(page.plansListed).toBe(3);
    expect(page.truncated).toBe(false);
    const [first] = page.traces;
    expect(first!.outputs.map((o) => o.step_id)).toEqual([1]);
    expect(first!.events.map((e) => e.type)).toEqual(['step.started', 'step.completed']);
    expect([old, underWay]).not.toContain(first!.record.planId);
  });

  it('stops at its page budget and says the index had more', async () => {
    for (const day of ['01', '02', '03', '04', '05']) await ranPlan(`2041-01-${day}T00:00:00.000Z`);
    const send = vi.spyOn(DynamoDBDocumentClient.prototype, 'send');
    const page = await source().traces({ since: '2041-01-01T00:00:00.000Z', until: '2041-02-01T00:00:00.000Z', pageSize: 2, maxPages: 2 });
    expect(page.pagesRead).toBe(2);
    expect(page.plansListed).toBe(4);
    expect(page.truncated).toBe(true);
    expect(page.traces.map((t) => t.record.createdAt)).toEqual([
      '2041-01-05T00:00:00.000Z',
      '2041-01-04T00:00:00.000Z',
      '2041-01-03T00:00:00.000Z',
      '2041-01-02T00:00:00.000Z',
    ]);
    // Every index read is a Query on byCreated: no Scan.
    const names = send.mock.calls.map(([command]) => (command as object).constructor.name);
    expect(names).not.toContain('ScanCommand');
    const indexQueries = send.mock.calls.filter(([command]) => (command as { input: { IndexName?: string } }).input.IndexName === 'byCreated');
    expect(indexQueries.map(([command]) => (command as object).constructor.name)).toEqual(['QueryCommand', 'QueryCommand']);
    send.mockRestore();
  });

  it('reads nothing from an empty window', async () => {
    expect(await source().traces({ since: '2099-01-01T00:00:00.000Z' })).toEqual({ traces: [], plansListed: 0, pagesRead: 1, truncated: false });
  });
});

describe('parseSince', () => {
  const now = new Date('2030-01-10T00:00:00.000Z');
  it.each([
    ['7d', '2030-01-03T00:00:00.000Z'],
    ['12h', '2030-01-09T12:00:00.000Z'],
    ['2030-01-01', '2030-01-01T00:00:00.000Z'],
  ])('%s', (value, expected) => {
    expect(parseSince(value, now)).toBe(expected);
  });
  it('names a bad value in one line', () => {
    expect(() => parseSince('last tuesday', now)).toThrow('--since must be an ISO time or a duration like 7d, 12h, 30m; got "last tuesday"');
  });
});
