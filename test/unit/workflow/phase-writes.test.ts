/**
 * How the phases write their trace, without a database (the in-memory store of test/support, its
 * updates slowed or failed on demand): the status lands while the model answers, a write that
 * fails fails the phase once the model has answered, and a plan reads as succeeded only after its
 * last events are stored.
 */
import { describe, expect, it } from 'vitest';
import { RecentPlans } from '../../../functions/core/planner/recent-plans.js';
import type { PlanRecord, StepOutput } from '../../../functions/core/types.js';
import { analyzePhase } from '../../../functions/core/workflow/analyze.js';
import { finalizePhase } from '../../../functions/core/workflow/finalize.js';
import { generatePhase } from '../../../functions/core/workflow/generate.js';
import { RuleBasedWithOverrides } from '../../support/llm.js';
import { type MemoryStoreOptions, memoryTraceStore } from '../../support/memory-store.js';
import { phaseDeps } from '../../support/phase-deps.js';
import { catalog } from '../../support/planner.js';
import { planOf, searchStep } from '../../support/plans.js';
import { localTools } from '../../support/tools.js';

const NOW = new Date('2026-11-24T09:00:00.000Z');

function world(status: PlanRecord['status'], options: Omit<MemoryStoreOptions, 'now'>, extra: Partial<PlanRecord> = {}) {
  const record: PlanRecord = {
    planId: 'p-writes',
    status,
    version: 3,
    request: { task: 'Compare the populations of Lyon and Marseille' },
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    eventCount: 1,
    ...extra,
  };
  const memory = memoryTraceStore(record, { now: NOW, ...options });
  /** When the model was asked, and when each status update landed (performance.now()). */
  const times = { modelAsked: [] as number[], statusLanded: [] as number[] };
  const updatePlan = memory.store.updatePlan.bind(memory.store);
  memory.store.updatePlan = async (id, patch) => {
    const updated = await updatePlan(id, patch);
    if (patch.status !== undefined) times.statusLanded.push(performance.now());
    return updated;
  };
  // The keyless planner, answering after 40 ms as a remote model would.
  const llm = new RuleBasedWithOverrides(async () => {
    times.modelAsked.push(performance.now());
    await new Promise((resolve) => setTimeout(resolve, 40));
    return undefined;
  });
  const deps = phaseDeps(NOW, { store: memory.store, llm, catalog }, { defaults: { analyze: true } });
  return { deps, times, ...memory };
}

/** A task with context to read beside it: its analysis is asked on its own, in the Analyze phase. */
const ANALYSED_ALONE = { request: { task: 'Compare the populations of Lyon and Marseille', context: 'Figures of the latest census.' } };

describe('Phases: trace writes beside the work', () => {
  it('writes the status while the model answers, then the call, the analysis and the metadata in one update', async () => {
    // Prepare: each plan update takes 25 ms.
    const { deps, times, events, updates, current } = world('received', { updateDelayMs: 25 }, ANALYSED_ALONE);

    // Act
    const result = await analyzePhase(deps, { planId: 'p-writes', maxIterations: 3 });

    // Assess: the model was asked before the status had landed.
    expect(result.analyzed).toBe(true);
    expect(times.modelAsked).toHaveLength(1);
    expect(times.modelAsked[0]!).toBeLessThan(times.statusLanded[0]!);
    expect(events.map((e) => e.type)).toEqual(['plan.status', 'llm.call', 'analysis.completed']);
    expect(updates.map((u) => Object.keys(u.patch).sort())).toEqual([['status'], ['analysis', 'metadata']]);
    expect(current()).toMatchObject({ status: 'analyzing', metadata: { llmCalls: [expect.objectContaining({ purpose: 'analysis' })] } });
  });

  it('fails the phase when its status cannot be written, once the model has answered, and writes nothing after', async () => {
    // Prepare: the move to analyzing fails.
    const { deps, times, events, current } = world('received', { failUpdateTo: 'analyzing' }, ANALYSED_ALONE);

    // Act
    const analyzing = analyzePhase(deps, { planId: 'p-writes', maxIterations: 3 });

    // Assess
    await expect(analyzing).rejects.toThrow('the trace table is unavailable');
    expect(times.modelAsked).toHaveLength(1);
    expect(events.map((e) => e.type)).not.toContain('analysis.completed');
    expect(current().analysis).toBeUndefined();
    expect(current().status).toBe('received');
  });

  it('passes a simple task through Analyze with no model call, and Generate writes the analysis its one call brought', async () => {
    // Prepare: one sentence, no context.
    const { deps, times, events, current } = world('received', {});

    // Act
    const analyzed = await analyzePhase(deps, { planId: 'p-writes', maxIterations: 3 });
    await generatePhase({ ...deps, tools: localTools() }, { planId: 'p-writes', maxIterations: 3 });

    // Assess
    expect(analyzed).toEqual({ analyzed: false, version: 4 });
    expect(times.modelAsked).toHaveLength(1);
    expect(events.map((e) => [e.type, e.phase])).toEqual([
      ['plan.status', 'analyzing'],
      ['plan.status', 'planning'],
      ['llm.call', 'planning'],
      ['analysis.completed', 'planning'],
      ['plan.generated', 'planning'],
    ]);
    expect(events.find((e) => e.type === 'analysis.completed')!.data).toMatchObject({ withPlan: true, issues: [], analysis: { task_kind: 'comparison' } });
    expect(current().analysis).toMatchObject({ task_kind: 'comparison', key_entities: ['Lyon', 'Marseille'] });
    expect(current().metadata!.llmCalls.map((c) => c.purpose)).toEqual(['plan']);
  });

  it('finishes a plan whose answer needs no model in one update, written after its events', async () => {
    // Prepare: the plan's search found sources; it has no answer step, but the evidence does not cover the task, so no model is asked.
    const output: StepOutput = {
      step_id: 1,
      type: 'keyword_search',
      status: 'succeeded',
      result: { documents: [{ id: 'tram', title: 'Trams', text: 'about trams', modality: 'text', score: 0.9, rank: 1 }], count: 1 },
      startedAt: NOW.toISOString(),
      endedAt: NOW.toISOString(),
      durationMs: 2,
      attempts: 1,
    };
    const { deps, times, events, updates, current } = world('executing', { outputs: [output] }, { plan: planOf(searchStep(1, 'trams')) });

    // Act
    await finalizePhase(deps, { planId: 'p-writes', maxIterations: 3 });

    // Assess: one update, to succeeded, after every event of the phase.
    expect(times.modelAsked).toHaveLength(0);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.patch.status).toBe('succeeded');
    expect(updates[0]!.eventsBefore).toBe(events.length);
    expect(events.map((e) => [e.type, e.data?.to ?? null])).toEqual([
      ['plan.status', 'finalizing'],
      ['plan.finalized', null],
      ['plan.status', 'succeeded'],
    ]);
    expect(current().status).toBe('succeeded');
  });

  it('leaves the plan unfinished when its closing write fails', async () => {
    // Prepare
    const { deps, current } = world('executing', { failUpdateTo: 'succeeded' }, { plan: planOf(searchStep(1, 'trams')) });

    // Act
    const finalizing = finalizePhase(deps, { planId: 'p-writes', maxIterations: 3 });

    // Assess
    await expect(finalizing).rejects.toThrow('the trace table is unavailable');
    expect(current().status).toBe('executing');
  });
});

describe('Generate: the listing of example plans', () => {
  /** A listing of successful plans that counts its reads. */
  function countedListing() {
    const reads: number[] = [];
    const recentPlans = new RecentPlans({
      listPlans: async () => {
        reads.push(reads.length + 1);
        return [];
      },
    });
    return { recentPlans, reads };
  }
  const afterRefresh = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('reads it once when it has none: the listing just read serves the next plan too', async () => {
    // Prepare
    const { deps } = world('analyzing', {});
    const { recentPlans, reads } = countedListing();

    // Act
    await generatePhase({ ...deps, tools: localTools(), fewShotExamples: 2, recentPlans }, { planId: 'p-writes', maxIterations: 3 });
    await afterRefresh();

    // Assess
    expect(reads).toHaveLength(1);
  });

  it('lists the next plan examples while the model answers, when it had a listing already', async () => {
    // Prepare
    const { deps } = world('analyzing', {});
    const { recentPlans, reads } = countedListing();
    await recentPlans.succeeded();

    // Act
    await generatePhase({ ...deps, tools: localTools(), fewShotExamples: 2, recentPlans }, { planId: 'p-writes', maxIterations: 3 });
    await afterRefresh();

    // Assess
    expect(reads).toHaveLength(2);
  });
});
