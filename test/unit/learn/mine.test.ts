import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../functions/core/errors.js';
import { mineChains } from '../../../functions/core/learn/mine.js';
import { DEFAULT_LEARNING_SETTINGS } from '../../../functions/core/learn/types.js';
import { fixtureSessions } from '../../support/learn.js';

const settings = { ...DEFAULT_LEARNING_SETTINGS, min_support: 0.2, min_length: 2, max_length: 4, max_samples: 3 };

describe('Function: mineChains', () => {
  it('finds the fixture chains with the support, confidence and latency counted by hand', () => {
    // Act
    const result = mineChains(fixtureSessions(), settings);

    // Assess
    expect(result.sessions).toBe(10);
    const byKey = Object.fromEntries(result.chains.map((c) => [c.key, c]));
    // Closed chains only: rerank → llm_call (6 sessions) is inside the full chain (6), so it goes.
    expect(result.chains.map((c) => c.key)).toEqual([
      'keyword_search → rerank',
      'vector_search → keyword_search',
      'vector_search → keyword_search → rerank → llm_call',
      'corpus.search → corpus.get → llm_call',
    ]);
    // keyword_search → rerank: s01-s06 and s10 = 7 of 10; keyword_search alone is in 8 (s09 too).
    expect(byKey['keyword_search → rerank']).toMatchObject({ sessionCount: 7, support: 0.7, confidence: 7 / 8, avgLatencyMs: 80 });
    // vector_search → keyword_search: s01-s06 and s09 = 7; vector_search alone is in the same 7.
    expect(byKey['vector_search → keyword_search']).toMatchObject({ sessionCount: 7, support: 0.7, confidence: 1, avgLatencyMs: 150 });
    // The full chain: s01-s06 = 6; its prefix (three steps) is in the same 6.
    expect(byKey['vector_search → keyword_search → rerank → llm_call']).toMatchObject({ sessionCount: 6, support: 0.6, confidence: 1, avgLatencyMs: 580 });
    expect(byKey['corpus.search → corpus.get → llm_call']).toMatchObject({ sessionCount: 2, support: 0.2, confidence: 1, avgLatencyMs: 430 });
  });

  it('lists occurrences and sample event ids newest first, at most max_samples of them', () => {
    // Act
    const chain = mineChains(fixtureSessions(), settings).chains.find((c) => c.symbols.length === 4)!;

    // Assess
    expect(chain.sampleEventIds).toEqual(['s06#10', 's05#10', 's04#10']);
    expect(chain.occurrences.map((o) => o.sessionId)).toEqual(['s06', 's05', 's04', 's03', 's02', 's01']);
  });

  it('computes confidence against the prefix: a chain that is often cut short has low confidence', () => {
    // Prepare: rerank → llm_call, kept when closed chains are not in the way (max_length 2).
    const result = mineChains(fixtureSessions(), { ...settings, max_length: 2 });

    // Assess: rerank is in 7 sessions (s01-s06, s10); rerank → llm_call in 6.
    const chain = result.chains.find((c) => c.key === 'rerank → llm_call')!;
    expect(chain.confidence).toBeCloseTo(6 / 7, 10);
  });

  it('drops chains under min_support and chains seen in one session only', () => {
    // Act
    const strict = mineChains(fixtureSessions(), { ...settings, min_support: 0.5 });
    const loose = mineChains(fixtureSessions(), { ...settings, min_support: 0.01 });

    // Assess
    expect(strict.chains.map((c) => c.key)).not.toContain('corpus.search → corpus.get → llm_call');
    // keyword_search → llm_call occurs in s09 alone.
    expect(loose.chains.map((c) => c.key)).not.toContain('keyword_search → llm_call');
  });

  it('counts a chain once per session even when it repeats inside it', () => {
    // Prepare
    const [one] = fixtureSessions();
    const twice = { ...one!, sessionId: 'twice', steps: [...one!.steps, ...one!.steps].map((s, position) => ({ ...s, position })) };

    // Act
    const result = mineChains([twice, fixtureSessions()[1]!], { ...settings, min_support: 0.5 });

    // Assess
    expect(result.chains.find((c) => c.symbols.length === 4)?.sessionCount).toBe(2);
  });

  it('refuses to mine no sessions, with one line saying so', () => {
    // Act + Assess
    expect(() => mineChains([], settings)).toThrow(InvalidInputError);
    expect(() => mineChains([], settings)).toThrow(/no sessions to mine/);
  });
});
