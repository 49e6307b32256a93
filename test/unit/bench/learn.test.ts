/** The learning benchmark: its workload, and a small run of the whole loop on the sample corpus. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTasks, heldOut, runLearnBench } from '../../../bench/learn.js';

const entries = ['Lyon', 'Marseille', 'Paris', 'Nice', 'Rhône', 'Saône'].map((title, i) => ({
  id: title.toLowerCase(),
  title,
  topic: i < 4 ? 'city' : 'river',
}));

describe('Function: generateTasks', () => {
  it('fills every template with the corpus titles, pairs within a topic, and holds some of each shape apart', () => {
    // Act
    const tasks = generateTasks(entries, 60);

    // Assess
    expect(tasks).toHaveLength(60);
    for (const start of ['What is ', 'Tell me about ', 'What does the corpus say about ', 'Which documents say the most about ', 'Compare ', 'How does ']) {
      expect(tasks.some((t) => t.startsWith(start))).toBe(true);
    }
    expect(tasks).toContain('Compare Rhône and Saône');
    const held = tasks.filter(heldOut);
    expect(held.length).toBeGreaterThan(5);
    expect(held.length).toBeLessThan(30);
    expect(new Set(held.map((t) => t.split(' ')[0])).size).toBeGreaterThan(1);
  });
});

describe('Function: runLearnBench', () => {
  it('learns a tool from the mined plans, promotes it, and the held-out plans call it with fewer steps', { timeout: 180_000 }, async () => {
    // Act
    const figures = await runLearnBench({ corpus: resolve('examples/corpus.jsonl'), tasks: 24, learning: { min_replay_sessions: 4 } });

    // Assess
    expect(figures.sessions).toBe(figures.mined);
    expect(figures.promoted).toBeGreaterThan(0);
    expect(figures.meanSimilarity).toBeGreaterThanOrEqual(0.95);
    expect(figures.before.usingLearned).toBe(0);
    expect(figures.after.usingLearned).toBeGreaterThan(0);
    expect(figures.after.steps).toBeLessThan(figures.before.steps);
    expect(figures.before.failed + figures.after.failed).toBe(0);
  });

  it('counts each held-out task’s model calls, rounds and tokens on the iterative Claude path, before and after promotion', { timeout: 180_000 }, async () => {
    // Act
    const figures = await runLearnBench({ corpus: resolve('examples/corpus.jsonl'), tasks: 24, learning: { min_replay_sessions: 4 }, claudeIterative: true });

    // Assess: what the loopback server saw agrees with the calls each plan accounted for itself.
    for (const phase of [figures.before, figures.after]) {
      expect(phase.wire).toBeDefined();
      expect(phase.wire!.calls).toBeCloseTo(phase.llmCalls, 2);
      expect(phase.wire!.calls).toBeGreaterThanOrEqual(2);
      expect(phase.wire!.rounds).toBeGreaterThanOrEqual(1);
      expect(phase.wire!.inputTokens).toBeGreaterThan(0);
      expect(phase.wire!.outputTokens).toBeGreaterThan(0);
      expect(phase.failed).toBe(0);
    }
    expect(figures.promoted).toBeGreaterThan(0);
  });
});
