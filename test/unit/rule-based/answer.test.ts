import { describe, expect, it } from 'vitest';

import { answerExtractively } from '../../../functions/adapters/llm/rule-based/answer.js';
import { contentTerms } from '../../../functions/core/retrieval/tokenize.js';

const EVEREST = {
  id: 't-everest',
  title: 'Mount Everest',
  text: "Mount Everest is Earth's highest mountain above sea level, located in the Mahalangur Himal sub-range of the Himalayas on the border of Nepal and China.",
};
const K2 = {
  id: 't-k2',
  title: 'K2',
  text: 'K2 is the second-highest mountain on Earth, after Mount Everest. It lies in the Karakoram range, on the border of Pakistan and China.',
};
const INCEPTION = { id: 't-inception', title: 'Inception', text: 'Inception is a 2010 science fiction film written and directed by Christopher Nolan.' };
const NOLAN = {
  id: 't-nolan',
  title: 'Christopher Nolan',
  text: 'Christopher Nolan is a British-American film director, producer and screenwriter, known for Memento and The Dark Knight.',
};
const CAFE = {
  id: 't-cafe',
  title: 'Café culture in Paris',
  text: 'Parisian cafés are famous for coffee, pastries and sidewalk terraces where people watch the city go by.',
};

const citationsOf = (answer: string): string[] => [...answer.matchAll(/\[([^\][]+)\]/g)].map((m) => m[1]!);

const LUMIERE = {
  id: 'lumiere-brothers',
  title: 'Auguste and Louis Lumière',
  text: 'The Lumière brothers, Auguste and Louis, were French inventors who patented the cinematograph in 1895 in Lyon. Their first film was shot in Lyon.',
};
const CINEMATOGRAPH = {
  id: 'cinematograph',
  title: 'Cinematograph',
  text: 'The cinematograph is a motion picture camera. It was patented by the Lumière brothers in 1895 and first shown in Paris in December 1895.',
};
const PARIS = { id: 'paris', title: 'Paris', text: 'Paris is the capital of France. The Seine river flows through Paris.' };
const LYON = {
  id: 'lyon',
  title: 'Lyon',
  text: 'Lyon is the third-largest city of France. The city of Lyon had about 522,000 inhabitants in 2020. Lyon lies at the confluence of the Rhône and the Saône rivers.',
};

describe('Function: answerExtractively', () => {
  it('answers a bridge question with the second hop sentence that links the bridge entity to what is asked', () => {
    // Act: the Paris passage names a river too, but Paris is not the city the first hop leads to.
    const answer = answerExtractively({
      question: 'Which river flows through the city where the Lumière brothers patented the cinematograph?',
      instruction: 'Answer the question from the evidence of both hops, citing sources.',
      documents: [CINEMATOGRAPH, LUMIERE, PARIS, LYON],
    });

    // Assess
    expect(answer).toBe(`${LUMIERE.text.split('. ')[0]}. [lumiere-brothers] Lyon lies at the confluence of the Rhône and the Saône rivers. [lyon]`);
  });

  it('answers each side of a comparison with the sentence that gives the compared quantity', () => {
    // Prepare
    const marseille = {
      id: 'marseille',
      title: 'Marseille',
      text: 'Marseille is the second-largest city of France by population, after Paris. The commune of Marseille had a population of about 873,000 in 2020.',
    };
    const lyon = {
      id: 'lyon',
      title: 'Lyon',
      text: 'Lyon is the third-largest city of France by population, after Paris and Marseille. The city of Lyon had a population of about 522,000 in 2020.',
    };

    // Act
    const answer = answerExtractively({
      question: 'Compare the populations of Lyon and Marseille',
      instruction: 'Compare Lyon and Marseille on populations, citing a source for each side.',
      documents: [lyon, marseille],
    });

    // Assess
    expect(answer).toBe(
      'The city of Lyon had a population of about 522,000 in 2020. [lyon] The commune of Marseille had a population of about 873,000 in 2020. [marseille]',
    );
  });

  it('lists N items for a top-N task, one line each, numbered', () => {
    // Act
    const answer = answerExtractively({
      question: 'Name the two highest mountains',
      instruction: 'List the top 2 with one line each, citing sources.',
      documents: [EVEREST, K2, CAFE],
    });

    // Assess
    expect(answer.split('\n')).toEqual([`1. ${EVEREST.text} [t-everest]`, '2. K2 is the second-highest mountain on Earth, after Mount Everest. [t-k2]']);
  });

  it('answers with whole sentences of the given passages, each cited by its document id', () => {
    // Prepare
    const documents = [INCEPTION, NOLAN, CAFE];

    // Act
    const answer = answerExtractively({
      question: 'What is the nationality of the director of Inception?',
      instruction: 'Answer the question from the evidence of both hops, citing sources.',
      documents,
    });

    // Assess: the hop that names the director, then the sentence that answers.
    expect(answer).toBe(`${INCEPTION.text} [t-inception] ${NOLAN.text} [t-nolan]`);
    const given = new Set(documents.map((d) => d.id));
    expect(citationsOf(answer).every((id) => given.has(id))).toBe(true);
  });

  it('cites both sides of a comparison, in the order the passages were ranked', () => {
    // Act
    const answer = answerExtractively({
      question: 'Compare Mount Everest and K2 on elevation',
      instruction: 'Compare Mount Everest and K2 on elevation, citing a source for each side.',
      documents: [EVEREST, K2],
    });

    // Assess
    expect(citationsOf(answer)).toEqual(['t-everest', 't-k2']);
    expect(answer).toBe(`${EVEREST.text} [t-everest] K2 is the second-highest mountain on Earth, after Mount Everest. [t-k2]`);
  });

  it('picks the sentence that answers over one that only mentions the subject', () => {
    // Prepare
    const passage = { id: 'doc-a', text: 'Mount Everest is cited as [doc-z] in older atlases. Everest is the highest mountain.' };

    // Act
    const answer = answerExtractively({ question: 'Which is the highest mountain?', instruction: 'Answer, citing sources.', documents: [passage] });

    // Assess
    expect(answer).toBe('Everest is the highest mountain. [doc-a]');
  });

  it('keeps at most one sentence per passage and at most three in all', () => {
    // Prepare
    const documents = ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Everest is the highest mountain (${id}). Everest lies in Nepal (${id}).` }));

    // Act
    const answer = answerExtractively({ question: 'Everest highest mountain Nepal', instruction: 'Answer.', documents });

    // Assess
    expect(citationsOf(answer)).toEqual(['a', 'b', 'c']);
  });

  it('says no source answers when there are no passages or none shares a word with the question', () => {
    // Act
    const none = answerExtractively({ question: 'How high is K2?', instruction: 'Answer.', documents: [] });
    const unrelated = answerExtractively({ question: 'zebra quantum', instruction: 'Answer.', documents: [CAFE] });

    // Assess
    expect(none).toBe('No source in the corpus answers this.');
    expect(unrelated).toBe('No source in the corpus answers this.');
  });

  describe('names-only mode', () => {
    it('returns the names in the passages that the question does not contain', () => {
      // Prepare
      const question = 'What is the nationality of the director of Inception?';

      // Act
      const answer = answerExtractively({
        question,
        instruction: 'Name the entities in these passages that the question depends on but does not name. Answer with the names only.',
        documents: [INCEPTION, NOLAN],
      });

      // Assess
      const names = answer.split('; ');
      expect(names).toContain('Christopher Nolan');
      expect(names).not.toContain('Inception');
      expect(names.length).toBeLessThanOrEqual(4);
      const questionTerms = new Set(contentTerms(question));
      for (const name of names) expect(contentTerms(name).every((t) => questionTerms.has(t))).toBe(false);
      expect(answer).not.toContain('[');
    });

    it.each(['names only', 'Just the names, please', 'entities only'])('recognises the instruction "%s"', (instruction) => {
      // Act
      const answer = answerExtractively({ question: 'Who directed Inception?', instruction, documents: [INCEPTION] });

      // Assess
      expect(answer.split('; ')).toContain('Christopher Nolan');
    });

    it('returns an empty answer when every name is already in the question', () => {
      // Act
      const answer = answerExtractively({
        question: 'Is Inception a film by Christopher Nolan from 2010?',
        instruction: 'Answer with the names only.',
        documents: [INCEPTION],
      });

      // Assess
      expect(answer).toBe('');
    });
  });
});
