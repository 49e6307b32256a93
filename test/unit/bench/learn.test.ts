/** The learning benchmark: its workload, and a small run of the whole loop on the sample corpus. */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTasks, heldOut, runLearnBench } from '../../../bench/learn.js';
import { tempDir } from '../../support/temp-dir.js';

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

  it('with --questions, saves held-out comparisons their second round and its call, and leaves the other tasks’ calls and tokens as they were', {
    timeout: 180_000,
  }, async () => {
    // Prepare: films each directed by someone whose own page round one does not rank (fillers share
    // the question's words), asked about in pairs, and lookups, which never make a second round.
    const films = ['Harbour Lights', 'The Tin Kettle', 'Salt Meadow', 'Copper Bay', 'The Glass Orchard', 'Night Ferry', 'Blue Quarry', 'The Lantern Year'];
    const directors = ['Orla Venn', 'Marek Dorr', 'Ilse Tarn', 'Bram Holt', 'Nina Sorel', 'Ugo Brisk', 'Tova Rell', 'Emil Sand'];
    const dir = tempDir('bench-learn-questions');
    const corpus = join(dir, 'corpus.jsonl');
    const questions = join(dir, 'questions.jsonl');
    const docs = [
      ...films.map((film, i) => ({ id: `film-${i}`, title: film, text: `${film} is a 19${50 + i} drama film directed by ${directors[i]}.` })),
      ...directors.map((name, i) => ({ id: `director-${i}`, title: name, text: `${name} (born 19${10 + i}) was a painter before turning to cinema.` })),
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ id: `filler-${n}`, title: `Filler ${n}`, text: `Filler ${n}: a film director born later than the film.` })),
    ];
    writeFileSync(corpus, `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`);
    const asked = [
      ...films.flatMap((a, i) =>
        films
          .slice(i + 1)
          .map((b, j) => ({ question: `Which film has the director who was born later, ${a} or ${b}?`, gold_ids: [`director-${i}`, `director-${i + 1 + j}`] })),
      ),
      ...films.map((film) => ({ question: `What is ${film}?` })),
    ];
    writeFileSync(questions, `${asked.map((q) => JSON.stringify(q)).join('\n')}\n`);

    // Act
    const figures = await runLearnBench({ corpus, questions, tasks: asked.length, learning: { min_replay_sessions: 3 }, maxTools: 1, claudeIterative: true });

    // Assess
    expect(figures.tools.map((t) => [t.id, t.status])).toEqual([['learned.round2_graph_query_filter', 'PROMOTED']]);
    const { before, after } = figures;
    expect(before.matching!.tasks).toBeGreaterThan(0);
    expect(before.other!.tasks).toBeGreaterThan(0);
    expect(before.matching!.rounds).toBeGreaterThan(1);
    expect(after.matching!.rounds).toBe(1);
    expect(after.matching!.calls).toBeLessThan(before.matching!.calls);
    expect(after.other).toEqual(before.other);
    expect(after.recallAt5).toBeGreaterThanOrEqual(before.recallAt5!);
    expect(before.failed + after.failed).toBe(0);
  });
});
