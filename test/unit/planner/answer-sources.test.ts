import { describe, expect, it } from 'vitest';
import { wordNet } from '../../../functions/adapters/lexicon/wordnet.js';
import { answerSources, MAX_SENTENCES_PER_SOURCE, SOURCES_BUDGET_CHARS } from '../../../functions/core/planner/answer-sources.js';
import { answerPrompt } from '../../../functions/core/planner/prompts.js';

const lyon = {
  id: 'lyon',
  title: 'Lyon',
  text: 'Lyon is a city in France. It stands where the Rhône and the Saône meet. Its old town is listed by UNESCO. Olympique Lyonnais plays football in Décines. The city hosts a festival of lights in December.',
};
const lumiere = {
  id: 'lumiere',
  title: 'Auguste and Louis Lumière',
  text: 'The Lumière brothers were French inventors. They patented the cinematograph in 1895 in Lyon. The family lived in Monplaisir.',
};
const dice = { id: 'dice', title: 'Demon Dice', text: 'Demon Dice is a collectible dice game. It was published twice.' };

describe('Function: answerSources', () => {
  it('keeps of each passage its first sentence and the sentences sharing a word with the question or naming another source, in order', () => {
    // Act
    const kept = answerSources('Which river flows through the city where the Lumière brothers patented the cinematograph?', 'Answer, citing sources.', [
      lumiere,
      lyon,
    ]);

    // Assess: the family's home and the football club go; Lyon, which the patent's sentence leads
    // to, keeps its first sentences (the rivers among them) and the one about a city.
    expect(kept.map((d) => [d.id, d.text])).toEqual([
      ['lumiere', 'The Lumière brothers were French inventors. They patented the cinematograph in 1895 in Lyon.'],
      [
        'lyon',
        'Lyon is a city in France. It stands where the Rhône and the Saône meet. Its old town is listed by UNESCO. The city hosts a festival of lights in December.',
      ],
    ]);
  });

  it('follows a link named in a sentence that goes on about the question\'s subject ("He was son of ...")', () => {
    // Prepare: the link shares no word with the question; the mother's passage neither.
    const prince = { id: 'vy', title: 'Vesko Yarvich', text: 'Vesko Yarvich was the Prince of Smolen. He was son of Yarro the Wise and Inga Olofsdotter.' };
    const mother = { id: 'inga', title: 'Inga Olofsdotter', text: 'Inga Olofsdotter was a princess. She was the daughter of King Olof Skot and Estrid.' };
    const other = { id: 'duke', title: 'Duke Aldo', text: 'Duke Aldo inherited the title of his maternal grandfather.' };

    // Act
    const kept = answerSources('Who is the maternal grandfather of Vesko Yarvich?', '', [prince, other, mother]);

    // Assess: the mother's passage is reached through the sentence after the one naming the prince.
    expect(kept.map((d) => d.id)).toEqual(['vy', 'duke', 'inga']);
    expect(kept[2]!.text).toContain('She was the daughter of King Olof Skot');
  });

  it('keeps the sentence giving a year for a question about time, whatever words it shares', () => {
    // Prepare: the date is in a sentence that shares no word with the question.
    const murray = {
      id: 'murray',
      title: "Murray's Magazine",
      text: "Murray's Magazine was a monthly magazine. It printed some fiction. Its covers were blue. Sixty issues were published, from January 1887 to December 1891.",
    };

    // Act
    const first = answerSources("Which magazine came out first, Babele or Murray's Magazine?", '', [murray]);
    const what = answerSources("What is Murray's Magazine?", '', [murray]);

    // Assess
    expect(first[0]!.text).toContain('from January 1887');
    expect(what[0]!.text).not.toContain('from January 1887');
  });

  it('keeps the sentence naming a relative of the kind a family question asks for, whatever words it shares', () => {
    // Prepare: the film leads to its director, whose wives are named late, in words the question does not use.
    const film = { id: 'film', title: 'Gray Harbour', text: 'Gray Harbour is a 1919 Vellish film directed by Tomasz Orel.' };
    const orel = {
      id: 'orel',
      title: 'Tomasz Orel',
      text: 'Tomasz Orel (1892 – 1974) was a Vellish actor. He appeared in 166 works. He was born in Essin. Orel was married several times. His wives include actress Mara Vell and screenwriter Ada Brill.',
    };

    // Act
    const spouse = answerSources('Who is the spouse of the director of film Gray Harbour?', '', [film, orel]);
    const born = answerSources('Where was the director of film Gray Harbour born?', '', [film, orel]);

    // Assess
    expect(spouse[1]!.text).toContain('His wives include actress Mara Vell');
    expect(born[1]!.text).not.toContain('His wives include');
  });

  it('keeps that sentence over five that share only the film and the director with the question', () => {
    // Prepare: a director's long passage, the marriage said last and in other words.
    const film = { id: 'film', title: 'Low Harbour', text: 'Low Harbour is a 1995 Vellish film directed by Jan Ravel.' };
    const ravel = {
      id: 'ravel',
      title: 'Jan Ravel',
      text: 'Jan Ravel (1928 – 2016) was a Vellish film director and film critic. He made twenty films, including the film Out. His films are noted for their length. He shot his first film at twenty. He moved to Essin to direct films. He was a film critic for a film magazine. Ravel was briefly married to the photographer Mila Parin.',
    };

    // Act
    const spouse = answerSources('Who is the spouse of the director of film Low Harbour?', '', [film, ravel]);

    // Assess
    expect(spouse[1]!.text).toContain('married to the photographer Mila Parin');
  });

  it('keeps with a sentence that matters the one after it that goes on about the same thing', () => {
    // Prepare: "headquarters" shares no word with "head office".
    const toulouse = {
      id: 'toulouse',
      title: 'Toulouse',
      text: 'Toulouse is a city of France. It is home to the headquarters of Airbus. Its mayor is elected.',
    };

    // Act
    const kept = answerSources('Which aircraft maker has its head office in Toulouse?', '', [toulouse]);

    // Assess: one sentence on, not a chain of them.
    expect(kept[0]!.text).toBe('Toulouse is a city of France. It is home to the headquarters of Airbus.');
  });

  it('leaves out a passage with no sentence that matters, unless none has one', () => {
    // Act
    const some = answerSources('Who patented the cinematograph?', '', [lumiere, dice]);
    const none = answerSources('What is the weather tomorrow?', '', [lumiere, dice]);

    // Assess
    expect(some.map((d) => d.id)).toEqual(['lumiere']);
    expect(none.map((d) => d.text)).toEqual(['The Lumière brothers were French inventors.', 'Demon Dice is a collectible dice game.']);
  });

  it('looks for neither the instruction’s words of answering nor the words of a file the question names', () => {
    // Prepare: a table with a "source" column, a transcript named by the question's file, and a passage saying "Lyon".
    const table = { id: 'energy', title: 'Electricity by source', text: 'source,share\nnuclear,65' };
    const transcript = { id: 'interview-lyon', title: 'Interview (audio)', text: 'We want more bike lanes. Trams run late.' };

    // Act
    const kept = answerSources('What does the mayor say about cycling in interview-lyon.mp3?', 'Answer from the sources, citing them.', [
      transcript,
      table,
      lumiere,
    ]);

    // Assess: the transcript, read from its start; neither the table nor the passage about Lyon.
    expect(kept.map((d) => [d.id, d.text])).toEqual([['interview-lyon', 'We want more bike lanes. Trams run late.']]);
  });

  it('keeps a passage kept whole as it was written, line breaks included', () => {
    // Prepare: a table, one row a line.
    const table = { id: 'energy', title: 'Electricity by source', text: 'source,share\nnuclear,65\nhydro,12' };

    // Act
    const kept = answerSources('What are the top sources of electricity?', '', [table]);

    // Assess
    expect(kept).toEqual([table]);
  });

  it('keeps at most a few sentences a passage and bounds the whole', () => {
    // Prepare: long passages, every sentence about the question.
    const long = (id: string) => ({
      id,
      text: Array.from({ length: 40 }, (_, i) => `Lyon fact number ${i} is about Lyon and ${'words '.repeat(20)}.`).join(' '),
    });

    // Act
    const kept = answerSources('What about Lyon?', '', [long('a'), long('b'), long('c'), long('d'), long('e')]);

    // Assess
    const size = kept.reduce((n, d) => n + d.text.length, 0);
    expect(size).toBeLessThanOrEqual(SOURCES_BUDGET_CHARS);
    for (const d of kept) expect(d.text.split(/(?<=\.) (?=Lyon)/).length).toBeLessThanOrEqual(MAX_SENTENCES_PER_SOURCE);
    expect(kept[0]!.text.startsWith('Lyon fact number 0 ')).toBe(true);
  });
});

describe('Function: answerPrompt', () => {
  it('writes a title only when the id does not already say it, and leaves out of the instruction the question the prompt ends with', () => {
    // Act
    const text = answerPrompt({
      question: 'Who patented the cinematograph?',
      instruction: 'Answer from the sources, citing them. Question: Who patented the cinematograph?',
      documents: [lumiere, { id: 'Lyon', title: 'Lyon', text: 'Lyon is a city.' }],
    });

    // Assess
    expect(text.startsWith('Answer from the sources, citing them.\n\n')).toBe(true);
    expect(text).toContain('[lumiere] Auguste and Louis Lumière\n');
    expect(text).toContain('[Lyon]\nLyon is a city.');
    expect(text.endsWith('Question: Who patented the cinematograph?')).toBe(true);
    expect(text.split('Who patented the cinematograph?')).toHaveLength(2);
  });

  it('keeps a sentence saying the question\'s verb in an irregular form ("won" for "win") when given a lexicon', () => {
    // Prepare
    const film = {
      id: 'film',
      title: 'Grey Harbour',
      text: 'Grey Harbour is a 1964 drama film. It is based on a novel. The film was shot in Pennick. Its score was written by Lena Varga. The film won the Silver Gull at the Tallinn festival in 1965.',
    };
    const question = 'Which award did Grey Harbour win?';

    // Act
    const plain = answerSources(question, 'Answer, citing sources.', [film]);
    const read = answerSources(question, 'Answer, citing sources.', [film], wordNet());

    // Assess
    expect(plain[0]?.text).not.toContain('Silver Gull');
    expect(read[0]?.text).toContain('The film won the Silver Gull');
  });
});
