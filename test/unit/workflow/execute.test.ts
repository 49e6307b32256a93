/**
 * Execute, without a database: a store held in memory that applies patches by the core's own rules,
 * the mini corpus, and a store whose step-output write can be made to fail. The steps' trace writes
 * run beside the steps (write-behind); these tests hold what that must not change: every write
 * lands, in order, before the phase reports, and a failed write fails the phase.
 */
import { describe, expect, it } from 'vitest';
import type { TraceStore } from '../../../functions/core/ports.js';
import { applyPlanPatch } from '../../../functions/core/trace/plan-patch.js';
import type { PlanRecord, StepOutput, TraceEventInput } from '../../../functions/core/types.js';
import type { PhaseDeps } from '../../../functions/core/workflow/deps.js';
import { executePhase } from '../../../functions/core/workflow/execute.js';
import { miniCorpusIndex } from '../../support/corpus.js';
import { noLlm } from '../../support/executor.js';
import { planOf, receivedPlan, searchStep, stepOf } from '../../support/plans.js';
import { localTools } from '../../support/tools.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');

// Two searches feeding an aggregate: the aggregate may start only after both searches have ended.
const PLAN = planOf(searchStep(1, 'highest mountain'), searchStep(2, 'largest river'), stepOf(3, 'aggregate', { operation: 'union' }, [1, 2]));

async function world(options: { failOutputOf?: number } = {}) {
  let record: PlanRecord = receivedPlan({ planId: 'p-1', status: 'validating', plan: PLAN, request: { task: 'mountains and rivers' } });
  const log: string[] = [];
  const events: TraceEventInput[] = [];
  const outputs: StepOutput[] = [];
  const store = {
    getPlan: async () => record,
    updatePlan: async (_id: string, patch: Parameters<TraceStore['updatePlan']>[1]) => {
      record = applyPlanPatch(record, patch, NOW);
      return record;
    },
    appendEvent: async (_id: string, event: TraceEventInput) => {
      // A store round trip takes a moment: the steps must not wait for it.
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push(event);
      log.push(`${event.type}${event.data?.step_id !== undefined ? ` ${event.data.step_id}` : ''}`);
      return { ...event, planId: 'p-1', seq: events.length, at: NOW.toISOString() };
    },
    putStepOutput: async (_id: string, output: StepOutput) => {
      if (output.step_id === options.failOutputOf) throw new Error('the trace table is unavailable');
      outputs.push(output);
    },
  } as unknown as TraceStore;
  const index = await miniCorpusIndex();
  const deps = {
    store,
    llm: noLlm,
    corpora: { load: async () => index },
    clock: { now: () => NOW },
    tools: localTools(),
    defaults: { analyze: false, maxSteps: 10, topK: 3, attributionTopN: 1, concurrency: 4, maxSources: 10 },
  } as unknown as PhaseDeps;
  return { deps, log, outputs, current: () => record };
}

describe('Function: executePhase', () => {
  it('writes every step start, end and output, in the order they happened, before it reports', async () => {
    const { deps, log, outputs, current } = await world();

    const summary = await executePhase(deps, { planId: 'p-1', maxIterations: 3 });

    expect(summary).toMatchObject({ status: 'succeeded', steps: 3 });
    expect(outputs.map((o) => o.step_id).sort()).toEqual([1, 2, 3]);
    const stepLog = log.filter((l) => l.startsWith('step.'));
    expect(stepLog).toHaveLength(6);
    expect(stepLog.indexOf('step.started 3')).toBeGreaterThan(stepLog.indexOf('step.completed 1'));
    expect(stepLog.indexOf('step.started 3')).toBeGreaterThan(stepLog.indexOf('step.completed 2'));
    expect(log.at(-1)).toBe('execution.completed');
    expect(current().metadata?.durationsMs?.execute).toBeGreaterThanOrEqual(0);
  });

  it('fails the phase with the store error when a step output cannot be written, and reports no completed execution', async () => {
    const { deps, log } = await world({ failOutputOf: 1 });

    await expect(executePhase(deps, { planId: 'p-1', maxIterations: 3 })).rejects.toThrow('the trace table is unavailable');
    expect(log).not.toContain('execution.completed');
  });
});
