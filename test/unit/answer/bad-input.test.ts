/**
 * Questions no answerer should pretend to answer: one in another language, one that is only a
 * name the corpus does not hold, one with nothing to look for, a very long one. Each gets an honest
 * refusal citing nothing, never a crash or the nearest unrelated passage.
 */
import { describe, expect, it } from 'vitest';
import { wordNet } from '../../../functions/adapters/lexicon/wordnet.js';
import { answerStructured } from '../../../functions/adapters/llm/rule-based/answer/index.js';
import { checkEvidence, noAnswer } from '../../../functions/core/answer/evidence.js';

const TOULOUSE = { id: 'toulouse', title: 'Toulouse', text: 'Toulouse is a city of southern France. It lies on the Garonne river.' };
const NUCLEAR = { id: 'nuclear', title: 'Nuclear power', text: 'Nuclear power is the largest source of electricity in France.' };

/** The rule as Finalize applies it: the keyless answer's claim judged against the same evidence. */
function judged(task: string, documents: Array<typeof TOULOUSE>) {
  const answer = answerStructured({ question: task, instruction: 'Answer.', documents }, wordNet());
  return { answer, check: checkEvidence(task, documents, { shortAnswer: answer.shortAnswer }, wordNet()) };
}

describe('Bad input', () => {
  it('refuses a question in another language whose words no passage holds', () => {
    // Act
    const { check } = judged('Welche Museen gibt es in Toulouse?', [TOULOUSE, NUCLEAR]);

    // Assess
    expect(check.covered).toBe(false);
    expect(noAnswer(check)).toMatch(/^The corpus does not answer this: no retrieved passage speaks of /);
  });

  it('refuses a question that is only a name the corpus does not hold, and describes one it holds', () => {
    // Act
    const unknown = judged('Gustave Eiffel', [TOULOUSE, NUCLEAR]);
    const known = judged('Toulouse', [TOULOUSE, NUCLEAR]);

    // Assess
    expect(unknown.check).toMatchObject({ covered: false, missing: ['Gustave Eiffel'] });
    expect(known.check.covered).toBe(true);
    expect(known.answer.answer).toContain('[toulouse]');
    expect(known.answer.answer).not.toContain('[nuclear]');
  });

  it('refuses a question with nothing to look for', () => {
    // Act
    const { check } = judged('What is it?', [TOULOUSE]);

    // Assess
    expect(check).toMatchObject({ covered: false, reason: 'the task names nothing to look for' });
  });

  it('reads a question of 5,000 words without failing, and refuses what no passage speaks of together', () => {
    // Prepare: the words of a real question, shuffled into nonsense and repeated.
    const words = 'which river tidal museum flows through opened station bicycle people live in'.split(' ');
    const long = Array.from({ length: 5000 }, (_, i) => words[(i * 7) % words.length]).join(' ');

    // Act
    const { check } = judged(`${long}?`, [TOULOUSE, NUCLEAR]);

    // Assess
    expect(check.covered).toBe(false);
  });
});
