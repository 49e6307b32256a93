/**
 * `eval` end to end over a corpus and a question file of its own: every question planned and run
 * through the local workflow, its sources scored for recall and its answer against the gold.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvaluationReport, renderEvaluation, runEvaluation } from '../../cli/eval.js';
import { bestOver, exactMatch, f1Score } from '../../cli/eval-scores.js';
import type { LocalStack } from '../../cli/local-runner.js';
import { openLocalStack } from '../support/local-workflow.js';
import { tempDir } from '../support/temp-dir.js';

const CORPUS = [
  { id: 'quenton', title: 'Quenton', text: 'Quenton is a market town of about 41,000 people. The Zorblat river flows through Quenton.' },
  { id: 'zorblat', title: 'Zorblat', text: 'The Zorblat is a river that rises in the Vesk hills and reaches the Amber Sea.' },
  { id: 'quenton-mill', title: 'Quenton mill', text: 'The Quenton mill, a water mill on the Zorblat, was built in 1820 by the Harrow family.' },
  { id: 'vesk', title: 'Vesk hills', text: 'The Vesk hills are a range of low hills known for their sheep and their slate quarries.' },
];

const QUESTIONS = [
  {
    id: 'a1',
    question: 'Which river flows through Quenton?',
    gold_ids: ['quenton'],
    answer: 'Zorblat',
    aliases: ['the Zorblat river'],
    kind: 'place',
    split: 'test',
  },
  { id: 'a2', question: 'When was the Quenton mill built?', gold_ids: ['quenton-mill'], answer: '1820', kind: 'date', split: 'test' },
  { id: 'o1', question: 'Who won the 2018 FIFA World Cup?', gold_ids: [], answer: null, kind: 'off-corpus', split: 'test' },
  { id: 'd1', question: 'How many people live in Quenton?', gold_ids: ['quenton'], answer: '41,000', kind: 'number', split: 'dev' },
];

let stack: LocalStack;
let report: EvaluationReport;

beforeAll(async () => {
  const dir = tempDir('eval');
  const corpus = join(dir, 'corpus.jsonl');
  const questions = join(dir, 'questions.jsonl');
  writeFileSync(corpus, `${CORPUS.map((d) => JSON.stringify(d)).join('\n')}\n`);
  writeFileSync(questions, `${QUESTIONS.map((q) => JSON.stringify(q)).join('\n')}\n`);
  stack = await openLocalStack('eval');
  report = await runEvaluation(stack, { corpus, questions, split: 'test' });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('eval over the local workflow', () => {
  it('runs only the questions of the split asked for', () => {
    expect(report.split).toBe('test');
    expect(report.perQuestion.map((r) => r.id)).toEqual(['a1', 'a2', 'o1']);
    expect(report.failed).toBe(0);
  });

  it('scores recall over the questions with gold documents only', () => {
    expect(report.recallQuestions).toBe(2);
    expect(report.perQuestion.find((r) => r.id === 'o1')!.plan).toBeUndefined();
    // One search of "Which river flows through Quenton?" ranks Quenton's own passage in its first two.
    expect(report.perQuestion.find((r) => r.id === 'a1')!.baseline!.r2).toBe(1);
  });

  it('says whether the answer step read each question’s gold documents, and over how many questions', () => {
    // Assess: the corpus is small enough for the answer to read every passage, gold among them
    expect(report.perQuestion.find((r) => r.id === 'a1')!.goldRead).toBe(1);
    expect(report.perQuestion.find((r) => r.id === 'a2')!.goldRead).toBe(1);
    expect(report.perQuestion.find((r) => r.id === 'o1')!.goldRead).toBeUndefined();
    expect(report.goldRead).toEqual({ questions: 2, share: 1, all: 1 });
    expect(renderEvaluation(report)).toContain('gold read by the answer      100.0% of gold documents; all of them for 100.0% of 2 questions');
  });

  it('counts the off-corpus task as refused and apart from the answerable questions', () => {
    expect(report.answers.answerable).toBe(2);
    expect(report.answers.unanswerable).toBe(1);
    expect(report.answers.unanswerableRefused).toBe(1);
    expect(report.answers.unanswerableRefusedRate).toBe(1);
    expect(report.answersByKind['off-corpus']!.unanswerableRefused).toBe(1);
  });

  it('finds the gold answer in the long answer that quotes the passage holding it', () => {
    const a1 = report.perQuestion.find((r) => r.id === 'a1')!;
    expect(a1.refused).toBe(false);
    expect(a1.goldInAnswer).toBe(true);
  });

  it("scores each answer from the plan's own results, and the summary from the questions' scores", () => {
    for (const row of report.perQuestion.filter((r) => typeof r.gold === 'string')) {
      const golds = [row.gold as string, ...(QUESTIONS.find((q) => q.id === row.id)!.aliases ?? [])];
      const predicted = row.refused ? '' : (row.shortAnswer ?? '');
      expect(row.em).toBe(bestOver(exactMatch, predicted, golds));
      expect(row.f1).toBeCloseTo(bestOver(f1Score, predicted, golds), 3);
    }
    const answerable = report.perQuestion.filter((r) => r.em !== undefined);
    expect(report.answers.em).toBeCloseTo(answerable.reduce((s, r) => s + r.em!, 0) / answerable.length, 3);
    expect(report.answers.goldInAnswer).toBeCloseTo(answerable.filter((r) => r.goldInAnswer).length / answerable.length, 3);
    expect(report.answers.withShortAnswerField).toBe(report.perQuestion.filter((r) => r.shortAnswerField).length);
  });

  it('counts model calls and tokens per question from the calls the plans recorded', () => {
    const calls = report.perQuestion.map((r) => r.llmCalls);
    expect(calls.every((n) => n >= 1)).toBe(true);
    expect(report.meanLlmCalls).toBeCloseTo(calls.reduce((a, b) => a + b, 0) / calls.length, 3);
    expect(report.answers.meanLlmCalls).toBe(report.meanLlmCalls);
  });

  it('prints the split, the recall table and the answers', () => {
    const text = renderEvaluation(report);
    expect(text).toContain('3 questions of the test split');
    expect(text).toContain('recall over the 2 questions with gold documents');
    expect(text).toMatch(/2 answerable: EM \d\.\d{3} {2}F1 \d\.\d{3}/);
    expect(text).toContain('1 off-corpus/near-miss: refused 1 (100.0%)');
  });
});
