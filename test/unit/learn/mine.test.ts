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
    // Counted by hand over self-contained runs only (every step reads only steps of the run).
    // Closed chains only: vector_search → keyword_search → rerank (6 sessions) is inside the full
    // chain (6), and corpus.search → corpus.get (2) inside the tool chain (2), so they go.
    expect(result.chains.map((c) => c.key)).toEqual([
      'vector_search → keyword_search',
      'vector_search → keyword_search → rerank → llm_call',
      'corpus.search → corpus.get → llm_call',
    ]);
    // vector_search → keyword_search: s01-s06 and s09 = 7; vector_search alone is in the same 7.
    expect(byKey['vector_search → keyword_search']).toMatchObject({ sessionCount: 7, support: 0.7, confidence: 1, avgLatencyMs: 150 });
    // The full chain: s01-s06 = 6; its prefix (three steps) is in the same 6.
    expect(byKey['vector_search → keyword_search → rerank → llm_call']).toMatchObject({ sessionCount: 6, support: 0.6, confidence: 1, avgLatencyMs: 580 });
    expect(byKey['corpus.search → corpus.get → llm_call']).toMatchObject({ sessionCount: 2, support: 0.2, confidence: 1, avgLatencyMs: 430 });
  });

  it('counts only self-contained runs: a run whose step reads a step from before it is not a chain there', () => {
    // Act: everything from one session up, kept or not by closedness (max_length 2).
    const result = mineChains(fixtureSessions(), { ...settings, min_support: 0.01, max_length: 2 });
    const keys = result.chains.map((c) => c.key);

    // Assess: in s01-s06 the rerank reads the vector search (step 1) from before keyword_search →
    // rerank, so that run counts in s10 alone (one session: no chain); rerank → llm_call reads
    // the searches before it in every session; the tool chain's corpus.get → llm_call reads the search.
    expect(keys).not.toContain('keyword_search → rerank');
    expect(keys).not.toContain('rerank → llm_call');
    expect(keys).not.toContain('corpus.get → llm_call');
    expect(keys).toEqual(['vector_search → keyword_search', 'corpus.search → corpus.get']);
  });

  it('lists occurrences and sample event ids newest first, at most max_samples of them', () => {
    // Act
    const chain = mineChains(fixtureSessions(), settings).chains.find((c) => c.symbols.length === 4)!;

    // Assess
    expect(chain.sampleEventIds).toEqual(['s06#10', 's05#10', 's04#10']);
    expect(chain.occurrences.map((o) => o.sessionId)).toEqual(['s06', 's05', 's04', 's03', 's02', 's01']);
  });

  it("leaves a plan's answer out of every chain: the llm_call nothing reads", () => {
    // Prepare: the retrieval sessions without their answer step, so their llm_call is the answer.
    const sessions = fixtureSessions().map((x) => (x.sessionId <= 's06' ? { ...x, steps: x.steps.filter((step) => step.stepId !== 5) } : x));

    // Act
    const keys = mineChains(sessions, settings).chains.map((c) => c.key);

    // Assess: the chain now stops before the answer (s01-s06: 6 sessions, vector_search → keyword_search in 7).
    expect(keys).not.toContain('vector_search → keyword_search → rerank → llm_call');
    expect(keys).toContain('vector_search → keyword_search → rerank');
  });

  it('computes confidence against the prefix: a chain that is often cut short has low confidence', () => {
    // Prepare: the three-step retrieval chain, kept when closed chains are not in the way (max_length 3).
    const result = mineChains(fixtureSessions(), { ...settings, max_length: 3 });

    // Assess: vector_search → keyword_search is in 7 sessions (s01-s06, s09); the rerank follows in 6.
    const chain = result.chains.find((c) => c.key === 'vector_search → keyword_search → rerank')!;
    expect(chain.confidence).toBeCloseTo(6 / 7, 10);
  });

  it('drops chains under min_support and chains seen in one session only', () => {
    // Act
    const strict = mineChains(fixtureSessions(), { ...settings, min_support: 0.5 });
    const loose = mineChains(fixtureSessions(), { ...settings, min_support: 0.01 });

    // Assess
    expect(strict.chains.map((c) => c.key)).not.toContain('corpus.search → corpus.get → llm_call');
    // vector_search → keyword_search → llm_call occurs in s09 alone, and its llm_call is s09's answer.
    expect(loose.chains.map((c) => c.key)).not.toContain('vector_search → keyword_search → llm_call');
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
