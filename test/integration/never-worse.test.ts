/**
 * The plan never ranks below one search of the whole question (issue 24, item 7), end to end over
 * a corpus of its own: a bridge whose first hop BM25 and vectors agree on keeps those two first,
 * and the second hop's document, linked from the first hop's best, comes after them.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvaluationReport, runEvaluation } from '../../cli/eval.js';
import type { LocalStack } from '../../cli/local-runner.js';
import { openLocalStack } from '../support/local-workflow.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * Both retrievers rank Brisk and the mill first; Brisk names the Zorblat, so the entity graph's
 * hop ranks the Zorblat first of its list (a link bonus the mill, which Brisk does not name by its
 * title, lacks). Before the guard, the plan's second source was the Zorblat and the mill third.
 */
const CORPUS = [
  { id: 'mill', title: 'Old water mill', text: 'The old water mill still grinds wheat for the town where it stands.' },
  { id: 'brisk', title: 'Brisk', text: 'Brisk is the town where the water mill, very old, stands; the Zorblat flows through the town.' },
  { id: 'zorblat', title: 'Zorblat', text: 'The Zorblat is a river of the Vesk hills that reaches the sea.' },
  { id: 'vesk', title: 'Vesk hills', text: 'The Vesk hills are low hills known for their sheep and slate quarries.' },
  { id: 'amber-sea', title: 'Amber Sea', text: 'The Amber Sea is a shallow sea that three rivers reach.' },
  { id: 'harrow', title: 'Harrow family', text: 'The Harrow family built bridges in the Vesk hills.' },
];
const QUESTIONS = [
  {
    id: 'm1',
    question: 'Which river flows through the town where the old water mill stands?',
    gold_ids: ['mill', 'brisk'],
    answer: 'Zorblat',
    kind: 'bridge',
    split: 'test',
  },
];

let stack: LocalStack;
let report: EvaluationReport;
let ranked: string[];
let shortAnswer: string | null | undefined;

beforeAll(async () => {
  const dir = tempDir('never-worse');
  const corpus = join(dir, 'corpus.jsonl');
  const questions = join(dir, 'questions.jsonl');
  writeFileSync(corpus, `${CORPUS.map((d) => JSON.stringify(d)).join('\n')}\n`);
  writeFileSync(questions, `${QUESTIONS.map((q) => JSON.stringify(q)).join('\n')}\n`);
  stack = await openLocalStack('never-worse');
  report = await runEvaluation(stack, { corpus, questions });
  const record = await stack.run({ task: QUESTIONS[0]!.question, corpus });
  const results = record.results!;
  ranked = [...results.sources, ...(results.alsoRetrieved ?? [])].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)).map((s) => s.id);
  shortAnswer = results.shortAnswer;
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('the plan against one search of the whole question', () => {
  it('keeps the first hop the retrievers agree on in the first two, where one search has them', () => {
    // Assess
    const [row] = report.perQuestion;
    expect(row!.baseline).toEqual({ r2: 1, r5: 1, r10: 1 });
    expect(row!.plan).toEqual({ r2: 1, r5: 1, r10: 1 });
    expect(report.planWorse).toEqual({ r2: 0, r5: 0, r10: 0 });
  });

  it("still ranks the second hop's document right after them, and answers from it", () => {
    // Assess: sources and the other documents retrieved, in ranking order.
    expect(ranked.slice(0, 3)).toEqual(['brisk', 'mill', 'zorblat']);
    expect(shortAnswer).toBe('Zorblat');
  });
});
