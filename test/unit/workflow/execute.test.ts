/**
 * Execute, without a database: the in-memory trace store of test/support (its step-output write
 * made to fail in one test) and the mini corpus. The steps' trace writes
 * run beside the steps (write-behind); these tests hold what that must not change: every write
 * lands, in order, before the phase reports, and a failed write fails the phase.
 */
import { describe, expect, it } from 'vitest';
import type { LlmProvider } from '../../../functions/core/ports.js';
import { executePhase } from '../../../functions/core/workflow/execute.js';
import { miniCorpusIndex } from '../../support/corpus.js';
import { noLlm } from '../../support/executor.js';
import { memoryTraceStore } from '../../support/memory-store.js';
import { phaseDeps } from '../../support/phase-deps.js';
import { llmStep, planOf, receivedPlan, searchStep, stepOf } from '../../support/plans.js';
import { localTools } from '../../support/tools.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');

// Two searches feeding an aggregate: the aggregate may start only after both searches have ended.
const PLAN = planOf(searchStep(1, 'highest mountain'), searchStep(2, 'largest river'), stepOf(3, 'aggregate', { operation: 'union' }, [1, 2]));

async function world(options: { failOutputOf?: number; corpusWaitMs?: number } = {}) {
  const { store, events, outputs, current } = memoryTraceStore(
    receivedPlan({ planId: 'p-1', status: 'validating', plan: PLAN, request: { task: 'mountains and rivers' } }),
    // A store round trip takes a moment: the steps must not wait for it.
    { now: NOW, eventDelayMs: 5, ...options },
  );
  const log = () => events.map((e) => `${e.type}${e.data?.step_id !== undefined ? ` ${e.data.step_id}` : ''}`);
  const index = await miniCorpusIndex();
  // Finding the corpus may wait on the file system, as the file provider's realpath does.
  const load = async () => {
    if (options.corpusWaitMs) await new Promise((resolve) => setTimeout(resolve, options.corpusWaitMs));
    return index;
  };
  const deps = phaseDeps(NOW, { store, llm: noLlm, corpora: { load }, tools: localTools() }, { defaults: { topK: 3 } });
  return { deps, store, log, outputs, current };
}

describe('Function: executePhase', () => {
  it('writes every step start, end and output, in the order they happened, before it reports', async () => {
    const { deps, log, outputs, current } = await world();

    const summary = await executePhase(deps, { planId: 'p-1', maxIterations: 3 });

    expect(summary).toMatchObject({ status: 'succeeded', steps: 3 });
    expect(outputs.map((o) => o.step_id).sort()).toEqual([1, 2, 3]);
    const stepLog = log().filter((l) => l.startsWith('step.'));
    expect(stepLog).toHaveLength(6);
    expect(stepLog.indexOf('step.started 3')).toBeGreaterThan(stepLog.indexOf('step.completed 1'));
    expect(stepLog.indexOf('step.started 3')).toBeGreaterThan(stepLog.indexOf('step.completed 2'));
    expect(log().at(-1)).toBe('execution.completed');
    expect(current().metadata?.durationsMs?.execute).toBeGreaterThanOrEqual(0);
  });

  it('fails the phase with the store error when a step output cannot be written, and reports no completed execution', async () => {
    const { deps, log } = await world({ failOutputOf: 1 });

    await expect(executePhase(deps, { planId: 'p-1', maxIterations: 3 })).rejects.toThrow('the trace table is unavailable');
    expect(log()).not.toContain('execution.completed');
  });

  it('writes the move to executing with the first steps, not alone while it finds the corpus', async () => {
    // Prepare: finding the corpus waits 10 ms; each write is recorded with what it carries.
    const { deps, store } = await world({ corpusWaitMs: 10 });
    const batches: string[][] = [];
    const updatePlanWithEvents = store.updatePlanWithEvents.bind(store);
    store.updatePlanWithEvents = async (id, patch, events, records) => {
      batches.push(events.map((e) => e.type));
      return updatePlanWithEvents(id, patch, events, records);
    };

    // Act
    await executePhase(deps, { planId: 'p-1', maxIterations: 3 });

    // Assess: the first write holds the status and the steps' first events.
    expect(batches[0]?.[0]).toBe('plan.status');
    expect(batches[0]).toContain('step.started');
  });

  it('records an llm_call its step’s timeout let go of, once its abort has unwound, with the time it took', async () => {
    // Prepare: a model that answers never, and takes 120 ms to unwind once aborted; the step gives up at 50 ms.
    const unwinding: LlmProvider = {
      name: 'slow',
      model: 'slow-1',
      source: 'test',
      complete: (_request, signal) =>
        new Promise((_, reject) => signal?.addEventListener('abort', () => setTimeout(() => reject(new Error('slow/slow-1: aborted')), 120))),
    };
    const plan = planOf(llmStep(1, 'Say something about Lyon', [], { timeout_ms: 50, retry: { max_attempts: 1 }, on_error: 'skip' }));
    const { store, current } = memoryTraceStore(
      receivedPlan({ planId: 'p-1', status: 'validating', plan, request: { task: 'Lyon', options: { maxLlmCalls: 5 } } }),
      {
        now: NOW,
      },
    );
    const deps = phaseDeps(NOW, { store, llm: unwinding, corpora: { load: miniCorpusIndex }, tools: localTools() });

    // Act
    const summary = await executePhase(deps, { planId: 'p-1', maxIterations: 3 });

    // Assess
    expect(summary).toMatchObject({ status: 'succeeded', skipped: 1 });
    const calls = current().metadata?.llmCalls ?? [];
    expect(calls).toEqual([expect.objectContaining({ purpose: 'answer', attempts: 1, error: 'slow/slow-1: aborted' })]);
    // At least the unwinding: a call recorded when the timeout fired would have taken 50 ms or less,
    // however late the step started its clock on a loaded machine.
    expect(calls[0]!.durationMs).toBeGreaterThanOrEqual(120);
  });
});
