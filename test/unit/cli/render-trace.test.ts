/** What `trace` prints of a plan's LLM calls: an answered call with its tokens, one that got no answer with why. */
import { describe, expect, it } from 'vitest';
import { renderTrace } from '../../../cli/render.js';
import type { PlanRecord, TraceEvent } from '../../../functions/core/types.js';

const record: PlanRecord = {
  planId: 'p-1',
  status: 'failed',
  version: 5,
  request: { task: 'Tell me about Lyon', options: { maxLlmCalls: 3 } },
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:00:01.000Z',
  eventCount: 2,
  error: { name: 'BudgetExceededError', phase: 'finalizing', message: 'budget maxLlmCalls 3 reached: 3 LLM call(s) made; the answer call was not made' },
};

const llmCall = (seq: number, data: Record<string, unknown>): TraceEvent => ({
  planId: 'p-1',
  seq,
  at: `2026-03-01T12:00:00.${String(seq).padStart(3, '0')}Z`,
  type: 'llm.call',
  phase: 'executing',
  data: { purpose: 'answer', provider: 'anthropic', model: 'claude-sonnet-4-6', promptHash: 'abc', stopReason: 'end_turn', ...data },
});

describe('Function: renderTrace', () => {
  it('prints a call that got no answer with its attempts, time and reason, and the budget failure last', () => {
    // Prepare
    const events = [
      llmCall(1, { inputTokens: 120, outputTokens: 40, durationMs: 310 }),
      llmCall(2, { inputTokens: 0, outputTokens: 0, durationMs: 42, attempts: 1, stopReason: 'error', error: 'anthropic/claude-sonnet-4-6: overloaded (529)' }),
    ];

    // Act
    const lines = renderTrace(record, events).split('\n');

    // Assess
    expect(lines.find((l) => l.includes('#001'))).toContain('answer via anthropic/claude-sonnet-4-6: 120 in, 40 out, 310 ms, prompt abc');
    expect(lines.find((l) => l.includes('#002'))).toContain(
      'answer via anthropic/claude-sonnet-4-6: no answer after 1 attempt(s), 42 ms: anthropic/claude-sonnet-4-6: overloaded (529)',
    );
    expect(lines.at(-1)).toBe('Failed in finalizing: budget maxLlmCalls 3 reached: 3 LLM call(s) made; the answer call was not made');
  });
});
