/**
 * Finalize, without a database: the in-memory trace store of test/support (patches applied by the
 * core's own rules), and an LLM that answers with a fixed text and records what it was asked.
 */
import { describe, expect, it } from 'vitest';
import { BudgetExceededError, LlmFatalError } from '../../../functions/core/errors.js';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../../functions/core/ports.js';
import type { DecompositionPlan, PlanRecord, StepOutput } from '../../../functions/core/types.js';
import { finalizePhase } from '../../../functions/core/workflow/finalize.js';
import { memoryTraceStore } from '../../support/memory-store.js';
import { phaseDeps } from '../../support/phase-deps.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');

const PLAN: DecompositionPlan = {
  plan: [
    { step_id: 1, type: 'keyword_search', parameters: { query: 'Lyon population' }, dependencies: [] },
    { step_id: 2, type: 'keyword_search', parameters: { query: 'Marseille population' }, dependencies: [] },
  ],
} as unknown as DecompositionPlan;

function searchOutput(stepId: number, ids: string[]): StepOutput {
  const documents = ids.map((id, i) => ({ id, title: id.toUpperCase(), text: `about ${id}`, modality: 'text', score: 1 - i / 10, rank: i + 1 }));
  return {
    step_id: stepId,
    type: 'keyword_search',
    status: 'succeeded',
    result: { documents, count: documents.length },
    startedAt: '',
    endedAt: '',
    durationMs: 3,
    attempts: 1,
  };
}

/** A plan at Finalize whose model answers `answerText` (or fails with it); `earlier` is what the record already holds. */
function world(answerText: string | Error, outputs: StepOutput[], earlier: Partial<PlanRecord> = {}) {
  const record: PlanRecord = {
    planId: 'p-1',
    status: 'executing',
    version: 7,
    request: { task: 'Compare the populations of Lyon and Marseille' },
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    eventCount: 0,
    plan: PLAN,
    ...earlier,
  };
  const { store, events, current } = memoryTraceStore(record, { now: NOW, outputs });
  const asked: LlmRequest[] = [];
  const llm: LlmProvider = {
    name: 'scripted',
    model: 'fixed',
    source: 'scripted',
    complete: async (request): Promise<LlmResponse> => {
      asked.push(request);
      if (answerText instanceof Error) throw answerText;
      return { text: answerText, provider: 'scripted', model: 'fixed', inputTokens: 10, outputTokens: 5, stopReason: 'end_turn' };
    },
  };
  const deps = phaseDeps(NOW, { store, llm }, { budgets: { answer: 333 } });
  return { deps, events, asked, current };
}

describe('Function: finalizePhase', () => {
  it('composes the answer from the kept sources when the plan has no answer step, citing each source once', async () => {
    // Prepare: the model cites lyon twice and a document it was never given.
    const { deps, events, asked, current } = world('Lyon [lyon] is smaller than Marseille [marseille]; see [lyon] and [nowhere].', [
      searchOutput(1, ['lyon']),
      searchOutput(2, ['marseille']),
    ]);

    // Act
    const result = await finalizePhase(deps, { planId: 'p-1', maxIterations: 3 });

    // Assess
    expect(result).toEqual({ planId: 'p-1', status: 'succeeded' });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      purpose: 'answer',
      maxTokens: 333,
      intent: { kind: 'answer', question: 'Compare the populations of Lyon and Marseille' },
    });
    const record = current();
    expect(record.status).toBe('succeeded');
    expect(record.answer).toBe('Lyon [lyon] is smaller than Marseille [marseille]; see [lyon] and [nowhere].');
    expect(record.results?.citations).toEqual(['lyon', 'marseille']);
    expect(record.results?.sources.map((s) => s.id)).toEqual(['lyon', 'marseille']);
    expect(record.metadata?.llmCalls).toHaveLength(1);
    expect(events.filter((e) => e.type === 'llm.call').map((e) => e.phase)).toEqual(['finalizing']);
    expect(events.find((e) => e.type === 'plan.finalized')?.data).toMatchObject({ citations: ['lyon', 'marseille'], sources: 2 });
  });

  it('asks no model when the request was plan-only', async () => {
    const { deps, asked, current } = world('unused', []);
    await finalizePhase(deps, { planId: 'p-1', maxIterations: 3, planOnly: true });
    expect(asked).toEqual([]);
    expect(current()).toMatchObject({ status: 'succeeded' });
    expect(current().answer).toBeUndefined();
  });

  it('traces the answer call that got no answer, with its time, before its error fails the plan', async () => {
    // Prepare
    const { deps, events, current } = world(new LlmFatalError('anthropic/claude: 401 invalid x-api-key'), [
      searchOutput(1, ['lyon']),
      searchOutput(2, ['marseille']),
    ]);

    // Act
    const failure = await finalizePhase(deps, { planId: 'p-1', maxIterations: 3 }).catch((e: unknown) => e);

    // Assess
    expect(failure).toBeInstanceOf(LlmFatalError);
    expect(current().metadata?.llmCalls).toEqual([
      expect.objectContaining({ purpose: 'answer', inputTokens: 0, outputTokens: 0, attempts: 1, error: 'anthropic/claude: 401 invalid x-api-key' }),
    ]);
    expect(events.filter((e) => e.type === 'llm.call')).toEqual([
      expect.objectContaining({ phase: 'finalizing', data: expect.objectContaining({ error: 'anthropic/claude: 401 invalid x-api-key' }) }),
    ]);
  });

  it('asks no model when the calls of earlier phases, failed ones and their retries included, used up maxLlmCalls', async () => {
    // Prepare: an earlier call answered; another got no answer after two attempts.
    const call = {
      purpose: 'answer' as const,
      provider: 'scripted',
      model: 'fixed',
      inputTokens: 10,
      outputTokens: 5,
      durationMs: 40,
      promptHash: '',
      stopReason: 'end_turn',
    };
    const { deps, asked } = world('unused', [searchOutput(1, ['lyon']), searchOutput(2, ['marseille'])], {
      request: { task: 'Compare the populations of Lyon and Marseille', options: { maxLlmCalls: 3 } },
      metadata: {
        provider: 'scripted',
        model: 'fixed',
        iterations: 1,
        llmCalls: [call, { ...call, inputTokens: 0, outputTokens: 0, attempts: 2, stopReason: 'error', error: '529 overloaded' }],
        inputTokens: 10,
        outputTokens: 5,
        durationsMs: {},
        source: 'scripted',
      },
    });

    // Act
    const failure = await finalizePhase(deps, { planId: 'p-1', maxIterations: 3 }).catch((e: unknown) => e);

    // Assess
    expect(asked).toEqual([]);
    expect(failure).toBeInstanceOf(BudgetExceededError);
    expect((failure as Error).message).toBe('budget maxLlmCalls 3 reached: 3 LLM call(s) made; the answer call was not made');
  });
});
