import { describe, expect, it } from 'vitest';
import { evalTable, HEADER, tableRow } from '../../../bench/eval-table.js';
import type { AnswerScores, EvaluationReport } from '../../../cli/eval.js';

const answers = (over: Partial<AnswerScores> = {}): AnswerScores => ({
  questions: 75,
  answerable: 52,
  em: 0.3846,
  f1: 0.4951,
  goldInShortAnswer: 0.5,
  goldInAnswer: 0.6,
  answerableRefused: 8,
  answerableRefusedRate: 0.154,
  unanswerable: 23,
  unanswerableRefused: 20,
  unanswerableRefusedRate: 0.87,
  withShortAnswerField: 75,
  meanLlmCalls: 2,
  meanInputTokens: 808,
  meanOutputTokens: 544,
  ...over,
});

const report = (over: Partial<EvaluationReport>): EvaluationReport => ({
  questions: 75,
  recallQuestions: 52,
  baseline: { r2: 0.952, r5: 1, r10: 1 },
  plan: { r2: 0.942, r5: 1, r10: 1 },
  planWorse: { r2: 1, r5: 0, r10: 0 },
  byType: {},
  answers: answers(),
  answersByKind: {},
  bySplit: {},
  failed: 0,
  failures: [],
  losses: [],
  meanPlanMs: 100,
  meanLlmCalls: 2,
  meanInputTokens: 808,
  meanOutputTokens: 544,
  perQuestion: [],
  ...over,
});

describe('bench:eval-table', () => {
  it("writes a set's row from its one-shot report and its iterative run's recall and calls", () => {
    // Prepare
    const oneShot = report({});
    const iterative = report({ plan: { r2: 0.95, r5: 1, r10: 1 }, meanLlmCalls: 2.853, meanRounds: 1.2 });

    // Act
    const row = tableRow({ name: 'sample corpus', oneShot, iterative });

    // Assess
    expect(row).toEqual([
      'sample corpus',
      '52 + 23 off/near',
      '0.952/1.000/1.000',
      '0.942/1.000/1.000',
      '1/0/0',
      '0.950/1.000/1.000',
      '0.500',
      '0.385',
      '0.495',
      '8 (15.4%)',
      '20 of 23 (87.0%)',
      '2 / 2.853; 808/544',
    ]);
  });

  it('counts the questions alone and leaves the off-corpus cell empty for a set without off-corpus tasks', () => {
    // Prepare
    const oneShot = report({ questions: 61, answers: answers({ answerable: 61, unanswerable: 0, unanswerableRefused: 0, unanswerableRefusedRate: 0 }) });

    // Act
    const table = evalTable([{ name: 'hotpotqa-100', oneShot, iterative: report({ meanRounds: 1 }) }]);

    // Assess
    const [header, rule, row] = table.split('\n');
    expect(header).toBe(`| ${HEADER.join(' | ')} |`);
    expect(rule).toBe(`| ${HEADER.map(() => '---').join(' | ')} |`);
    expect(row).toMatch(/^\| hotpotqa-100 \| 61 \| .* \| — \| 2 \/ 2; 808\/544 \|$/);
  });
});
