import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type EvalQuestion, loadQuestions, questionSplit, scoreQuestion, summariseAnswers } from '../../../cli/eval.js';
import { splitOf } from '../../../cli/eval-scores.js';
import type { FinalResults, PlanMetadata, PlanRecord } from '../../../functions/core/types.js';
import { tempDir } from '../../support/temp-dir.js';

function questionsFile(lines: string[]): string {
  const path = join(tempDir('eval-questions'), 'questions.jsonl');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

type Scored = Pick<PlanRecord, 'status' | 'results' | 'metadata'>;

function record(answer: string, extra: Record<string, unknown> = {}, status: PlanRecord['status'] = 'succeeded'): Scored {
  const results = { answer, citations: [], sources: [], steps: [], coverage: { subquery_count: 1, covered_count: 1, coverage_ratio: 1 }, ...extra };
  const call = {
    purpose: 'plan',
    provider: 'rule-based',
    model: 'keyless',
    inputTokens: 120,
    outputTokens: 30,
    durationMs: 1,
    promptHash: 'h',
    stopReason: 'end',
  };
  return { status, results: results as FinalResults, metadata: { llmCalls: [call, { ...call, purpose: 'answer' }] } as unknown as PlanMetadata };
}

describe('loadQuestions', () => {
  it('reads ids, answers, aliases, kinds and splits, and keeps the older type field', async () => {
    // Prepare
    const path = questionsFile([
      JSON.stringify({ id: 'q1', question: 'Which river?', gold_ids: ['a'], answer: 'Garonne', aliases: ['the Garonne'], kind: 'place', split: 'test' }),
      '',
      JSON.stringify({ question: 'Old style?', gold_ids: ['b'], type: 'bridge' }),
      JSON.stringify({ id: 'n1', question: 'Tidal power?', gold_ids: [], answer: null, kind: 'near-miss' }),
    ]);
    // Act
    const questions = await loadQuestions(path);
    // Assess
    expect(questions).toEqual([
      { id: 'q1', question: 'Which river?', gold_ids: ['a'], answer: 'Garonne', aliases: ['the Garonne'], kind: 'place', split: 'test' },
      { question: 'Old style?', gold_ids: ['b'], type: 'bridge' },
      { id: 'n1', question: 'Tidal power?', gold_ids: [], answer: null, kind: 'near-miss' },
    ]);
    expect(questions.map(questionSplit)).toEqual(['test', splitOf('Old style?'), splitOf('n1')]);
  });

  it('reads lines without gold documents only when asked to (the learning benchmark asks the questions alone)', async () => {
    // Prepare
    const path = questionsFile([JSON.stringify({ question: 'Which river?' }), JSON.stringify({ question: 'Which city?', gold_ids: ['lyon'] })]);

    // Act
    const asked = await loadQuestions(path, { goldOptional: true });

    // Assess
    expect(asked).toEqual([{ question: 'Which river?' }, { question: 'Which city?', gold_ids: ['lyon'] }]);
    await expect(loadQuestions(path)).rejects.toThrow('line 1: expected {question: string, gold_ids: string[]}');
    await expect(loadQuestions(questionsFile(['{"question":"x","gold_ids":"a"}']), { goldOptional: true })).rejects.toThrow('line 1: expected');
  });

  it('names the line and the field of a bad question', async () => {
    await expect(loadQuestions(questionsFile(['{"question":"x","gold_ids":[],"split":"train"}']))).rejects.toThrow('line 1: split must be "dev" or "test"');
    await expect(loadQuestions(questionsFile(['{"question":"x","gold_ids":[]}', '{"question":"y","gold_ids":[],"answer":5}']))).rejects.toThrow(
      'line 2: answer must be a string or null',
    );
    await expect(loadQuestions(questionsFile(['{"question":"x","gold_ids":[],"aliases":"a"}']))).rejects.toThrow('aliases must be a list of strings');
    await expect(loadQuestions(questionsFile(['{"question":"  ","gold_ids":[]}']))).rejects.toThrow('line 1: the question is empty');
    await expect(loadQuestions(questionsFile(['{"id":"a","question":"x","gold_ids":[]}', '{"id":"a","question":"y","gold_ids":[]}']))).rejects.toThrow(
      'line 2: id a is used twice',
    );
    await expect(loadQuestions(questionsFile(['not json']))).rejects.toThrow('line 1: not JSON');
    await expect(loadQuestions('/nonexistent/questions.jsonl')).rejects.toThrow('questions file not found');
  });
});

describe('scoreQuestion', () => {
  const river: EvalQuestion = {
    id: 'q1',
    question: 'Which river flows through Toulouse?',
    gold_ids: ['toulouse'],
    answer: 'Garonne',
    aliases: ['the Garonne river'],
    kind: 'place',
  };

  it('scores the short answer, and finds the gold in the short and the long answer', () => {
    // Act
    const row = scoreQuestion(river, record('Toulouse lies on the Garonne river [1].', { shortAnswer: 'the Garonne' }), { fold: 'A' });
    // Assess
    expect(row).toMatchObject({
      shortAnswer: 'the Garonne',
      shortAnswerField: true,
      refused: false,
      em: 1,
      f1: 1,
      goldInShortAnswer: true,
      goldInAnswer: true,
    });
    expect(row).toMatchObject({ llmCalls: 2, inputTokens: 240, outputTokens: 60, kind: 'place', fold: 'A' });
  });

  it('scores results without a short answer field as no short answer, and judges refusal by the long answer', () => {
    const row = scoreQuestion(river, record('Toulouse lies on the Garonne river [1].'), { fold: 'A' });
    expect(row).toMatchObject({ shortAnswer: null, shortAnswerField: false, refused: false, em: 0, f1: 0, goldInShortAnswer: false, goldInAnswer: true });
  });

  it('gives a refusal nothing even when its text names the gold', () => {
    const row = scoreQuestion(river, record('The corpus does not answer this: no retrieved passage speaks of "Garonne".'), { fold: 'A' });
    expect(row).toMatchObject({ refused: true, em: 0, goldInShortAnswer: false });
  });

  it('does not count a failed plan as a refusal', () => {
    const row = scoreQuestion({ ...river, answer: null, kind: 'off-corpus' }, record('', {}, 'failed'), { fold: 'A' });
    expect(row.refused).toBe(false);
    expect(row.em).toBeUndefined();
  });
});

describe('summariseAnswers', () => {
  it('rates answers over the answerable questions and refusals over each side apart', () => {
    // Prepare
    const q = (id: string, answer: string | null): EvalQuestion => ({ id, question: id, gold_ids: [], answer });
    const rows = [
      scoreQuestion(q('a', 'Lyon'), record('Lyon [1].', { shortAnswer: 'Lyon' }), { fold: 'A' }),
      scoreQuestion(q('b', 'Paris'), record('Nice [1].', { shortAnswer: 'Nice' }), { fold: 'A' }),
      scoreQuestion(q('c', 'Seine'), record('The corpus does not answer this.', { shortAnswer: null }), { fold: 'A' }),
      scoreQuestion(q('d', null), record('The corpus does not answer this.', { shortAnswer: null }), { fold: 'A' }),
      scoreQuestion(q('e', null), record('Lyon [1].', { shortAnswer: 'Lyon' }), { fold: 'A' }),
      scoreQuestion({ id: 'f', question: 'f', gold_ids: ['x'] }, record('Anything [1].'), { fold: 'A' }),
    ];
    // Act
    const s = summariseAnswers(rows);
    // Assess
    expect(s).toMatchObject({ questions: 6, answerable: 3, em: 0.333, goldInShortAnswer: 0.333, answerableRefused: 1, answerableRefusedRate: 0.333 });
    expect(s).toMatchObject({
      unanswerable: 2,
      unanswerableRefused: 1,
      unanswerableRefusedRate: 0.5,
      withShortAnswerField: 5,
      meanLlmCalls: 2,
      meanInputTokens: 240,
    });
  });
});
