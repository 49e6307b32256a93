/**
 * A question's misspelt word read as the passages' word a letter away, only when the lexicon does
 * not know it and no passage says it as written.
 */
import { describe, expect, it } from 'vitest';

import { wordNet } from '../../../functions/adapters/lexicon/wordnet.js';
import { answerStructured } from '../../../functions/adapters/llm/rule-based/answer/index.js';
import { checkEvidence } from '../../../functions/core/answer/evidence.js';
import { oneEditApart, respelling, respeltQuestion } from '../../../functions/core/answer/spelling.js';

describe('Function: oneEditApart', () => {
  it('holds for a letter left out, added, changed or two neighbours swapped, and for nothing else', () => {
    // Act
    const pairs = [
      ['aquire', 'acquire'],
      ['acquire', 'aquire'],
      ['infanty', 'infantry'],
      ['tributory', 'tributary'],
      ['recieve', 'receive'],
      ['acquire', 'acquire'],
      ['acquire', 'inquire'],
      ['tidal', 'total'],
    ].map(([a, b]) => oneEditApart(a!, b!));

    // Assess
    expect(pairs).toEqual([true, true, true, true, true, false, false, false]);
  });
});

describe('Function: respelling', () => {
  const passages = ['In 1978 Rex Moran acquired the firm Aloe Group.', 'The company was founded in 1978.'];

  it("adds the passages' word a letter away from a word the lexicon does not know", () => {
    // Act
    const related = respelling(() => ['aquire'], passages);

    // Assess
    expect(related('aquire')).toEqual(['aquire', 'acquired']);
  });

  it('leaves a word the lexicon knows, a word the passages say, a short word, and a word two passages words are near', () => {
    // Act
    const related = respelling((w) => (w === 'found' ? ['found', 'establish'] : [w]), [...passages, 'The firm was ranked 1st.', 'It was banked.']);

    // Assess
    expect(related('found')).toEqual(['found', 'establish']);
    expect(related('company')).toEqual(['company']);
    expect(related('firn')).toEqual(['firn']);
    expect(related('manked')).toEqual(['manked']);
  });

  it('lets the relevance rule find a misspelt relation in the evidence', () => {
    // Arrange
    const rex = { id: 'rex', title: 'Rex Moran', text: passages[0]! };

    // Act
    const check = checkEvidence('When did Rex Moran aquire Aloe Group?', [rex], { shortAnswer: '1978' }, wordNet());

    // Assess
    expect(check.covered).toBe(true);
  });
});

describe('Function: respeltQuestion', () => {
  const passages = ['Tolosa is the fourth-largest city of Verania, with a population of about 493,000 in 2020.', 'Berlinn is a village.'];

  it("writes a word no passage says and the lexicon does not know as the passages' word a letter away, a name with its capital", () => {
    // Act
    const respelt = respeltQuestion('What is the populaton of Tollosa?', passages, wordNet());

    // Assess
    expect(respelt).toBe('What is the population of Tolosa?');
  });

  it('reads a first word the lexicon does not know as the question word a letter away, and leaves a known word first', () => {
    // Act
    const which = respeltQuestion('wich rivers flow through Tolosa?', passages, wordNet());
    const what = respeltQuestion('Waht is Tolosa?', passages, wordNet());
    const wheat = respeltQuestion('wheat farms near Tolosa', passages, wordNet());

    // Assess
    expect([which, what, wheat]).toEqual(['which rivers flow through Tolosa?', 'What is Tolosa?', 'wheat farms near Tolosa']);
  });

  it("reads a word of four or five letters as the passages' word with two neighbouring letters swapped, and only so", () => {
    // Act: "Wein" is "Wien" with two letters swapped; "Wienn" and "Wen" are a letter added and left out.
    const swapped = respeltQuestion('Who developed the Wein filter?', ['A Wien filter is a velocity selector.'], wordNet());
    const other = respeltQuestion('Who developed the Wienn or the Wen filter?', ['A Wien filter is a velocity selector.'], wordNet());

    // Assess
    expect([swapped, other]).toEqual(['Who developed the Wien filter?', 'Who developed the Wienn or the Wen filter?']);
  });

  it('leaves a word the lexicon knows, a word the passages say and a word of five letters or fewer', () => {
    // Act: "Berlin" is a name WordNet knows; "Verania" is said; "Tolos" is short.
    const respelt = respeltQuestion('Is Berlin in Verania, near Tolos?', passages, wordNet());

    // Assess
    expect(respelt).toBe('Is Berlin in Verania, near Tolos?');
  });

  it('respells nothing without a lexicon that knows words from names ("Berlinn" is not "Berlin" then)', () => {
    // Act
    const respelt = respeltQuestion('Is Berlin a village?', passages, { related: (w) => [w] });

    // Assess
    expect(respelt).toBe('Is Berlin a village?');
  });

  it('lets the answerer and the relevance rule read a misspelt name and a misspelt word of a keyword query', () => {
    // Arrange
    const tolosa = { id: 'tolosa', title: 'Tolosa', text: passages[0]! };

    // Act
    const answer = answerStructured({ question: 'populaton of tollosa 2020', instruction: 'Answer.', documents: [tolosa] }, wordNet());
    const check = checkEvidence('How many people live in Tollosa?', [tolosa], { shortAnswer: answer.shortAnswer ?? '' }, wordNet());

    // Assess
    expect(answer.shortAnswer).toBe('about 493,000 (2020)');
    expect(check.covered).toBe(true);
  });
});
