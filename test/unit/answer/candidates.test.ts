/**
 * The spans of a sentence that may answer a question of a given type.
 */
import { describe, expect, it } from 'vitest';

import { wordNet } from '../../../functions/adapters/lexicon/wordnet.js';
import { answerStructured } from '../../../functions/adapters/llm/rule-based/answer/index.js';

import { convertedTo, datesIn, measureIn, namesIn, numbersIn } from '../../../functions/core/answer/candidates.js';
import { sentences } from '../../../functions/core/answer/text.js';

describe('Function: numbersIn', () => {
  it('keeps the qualifier of a count written in words, as it does for figures', () => {
    // Act
    const spans = (sentence: string) => numbersIn(sentence).map((c) => [c.text, c.value]);

    // Assess: "more than two decades" is not "two decades"; a count without a qualifier stays as written.
    expect(spans('He is known for an acting career spanning more than two decades.')).toEqual([['more than two decades', 2]]);
    expect(spans('The network includes four metro lines and about 873,000 riders.')).toEqual([
      ['four metro lines', 4],
      ['about 873,000 riders', 873000],
    ]);
    // A plural already counted ends the noun, written in words or figures; "glass" is no plural.
    expect(spans('Two teams of seven players pass the ball; 400 stations across the city.')).toEqual([
      ['Two teams', 2],
      ['seven players', 7],
      ['400 stations', 400],
    ]);
    expect(spans('It has three glass domes.')).toEqual([['three glass domes', 3]]);
  });

  it('dates a year or century before the era before every year of it ("600 BC" before "120 BC")', () => {
    // Act
    const values = (sentence: string) => datesIn(sentence).map((c) => c.value);

    // Assess
    expect(values('Essin was founded around 600 BC; Calder in 120 BC.')).toEqual([-600, -120]);
    expect(values('It was built in the 5th century BC and rebuilt in the 2nd century.')).toEqual([-500, 100]);
  });

  it('reads "the only species" as a count of one, and a century written with a capital as a date, not 19', () => {
    // Act
    const only = numbersIn('It is the only species in the genus Xanthoceras.');
    const century = 'It was imported there in the 19th Century.';

    // Assess
    expect(only.map((c) => [c.text, c.value])).toEqual([['the only species', 1]]);
    expect(numbersIn(century)).toEqual([]);
    expect(datesIn(century).map((c) => c.text)).toEqual(['19th Century']);
  });

  it('reads the noun a figure counts as a modifier and a plural, and stops after a plural', () => {
    // Act
    const spans = (sentence: string) => numbersIn(sentence).map((c) => c.text);

    // Assess
    expect(spans('She recorded 24 studio albums in all.')).toEqual(['24 studio albums']);
    expect(spans('It has 400 stations across the city and 56 reactors operated by EDF.')).toEqual(['400 stations', '56 reactors']);
  });

  it('reads a measure whole: its units, a smaller unit after it and its conversion, never "in" alone', () => {
    // Act
    const spans = (sentence: string) => numbersIn(sentence).map((c) => [c.text, c.value]);

    // Assess
    expect(spans('He is 6 ft 7 in (2.01 m) tall.')).toEqual([['6 ft 7 in (2.01 m)', 6]]);
    expect(spans('The mast is 212 m (696 ft) tall.')).toEqual([['212 m (696 ft)', 212]]);
    expect(spans('She stands 1.81 m tall.')).toEqual([['1.81 m', 1.81]]);
    expect(spans('The town covers 12.4 square miles (32 km2).')).toEqual([['12.4 square miles (32 km2)', 12.4]]);
    expect(spans('It had 4,210 in 2010.')).toEqual([['4,210', 4210]]);
    expect(spans('The fund raised $5 m in a year.')).toEqual([['$5', 5]]);
  });

  it('reads no count in a catalogue number ("Op. 85", "No. 5"), and no comma after a figure', () => {
    // Act
    const opera = numbersIn('Owen Wingrave, Op. 85, is an opera in two acts.').map((c) => [c.text, c.value]);
    const sentence = sentences('Owen Wingrave, Op. 85, is an opera in two acts. It was televised.');
    const symphony = numbersIn('Symphony No. 5 lasts 30 minutes, in four movements.').map((c) => [c.text, c.value]);

    // Assess: "Op." ends no sentence either.
    expect(opera).toEqual([['two acts', 2]]);
    expect(sentence).toHaveLength(2);
    expect(symphony).toEqual([
      ['30 minutes', 30],
      ['four movements', 4],
    ]);
  });
});

describe('Function: answerStructured on measures', () => {
  const documents = [
    { id: 'quist', title: 'Dara Quist', text: 'Dara Quist is a Norvian basketball player. He is 6 ft 7 in (2.01 m) tall and plays as a forward.' },
    { id: 'mast', title: 'Vesk Mast', text: 'The Vesk Mast is a lattice tower in Essin. It is 212 m (696 ft) tall and was completed in 1961.' },
    { id: 'peak', title: 'Mount Orla', text: 'Mount Orla is a mountain in Norvia with an elevation of 1,103 metres (3,619 ft).' },
    { id: 'town', title: 'Kelm', text: 'Kelm is a town in Norvia. It covers an area of 12.4 square miles (32 km2).' },
    { id: 'brill', title: 'Jana Brill', text: 'Jana Brill is a Norvian high jumper. She stands 1.81 m tall.' },
  ];
  const ask = (question: string) => answerStructured({ question, instruction: 'Answer.', documents }, wordNet()).shortAnswer;

  it('answers "how tall", "the height of" and "the elevation of" with the whole measure a sentence gives', () => {
    // Act
    const player = ask('How tall is Dara Quist?');
    const mast = ask('What is the height of the Vesk Mast?');
    const peak = ask('What is the elevation of Mount Orla?');

    // Assess
    expect(player).toBe('6 ft 7 in (2.01 m)');
    expect(mast).toBe('212 m (696 ft)');
    expect(peak).toBe('1,103 metres (3,619 ft)');
  });

  it('gives the part of a measure in the unit the question asks in, else the measure converted into it', () => {
    // Act
    const metres = ask('How tall is Dara Quist in metres?');
    const area = ask('What is the area of Kelm in square kilometres?');
    const feet = ask('How tall is Jana Brill in feet?');

    // Assess: the part in the unit asked, else the measure converted (1.81 m is 5.94 feet).
    expect(metres).toBe('2.01 m');
    expect(area).toBe('32 km2');
    expect(feet).toBe('about 5.94 feet');
    expect(convertedTo('1.81 m', 'feet')).toBe('about 5.94 feet');
    expect(convertedTo('2,469 metres', 'ft')).toBe('about 8,100 feet');
    expect(convertedTo('1.81 m', 'kilograms')).toBeUndefined();
    expect(measureIn('1.81 m', 'feet')).toBeUndefined();
    expect(measureIn('6 ft 7 in (2.01 m)', 'ft')).toBe('6 ft 7 in');
  });
});

describe('Function: answerStructured on counts', () => {
  it('compares "the only species" of one genus with "about 50 species" of another', () => {
    // Prepare
    const one = {
      id: 'x',
      title: 'Xantho',
      text: 'Xantho sorbi is a shrub, and the only species in the genus Xantho.',
    };
    const many = { id: 'e', title: 'Ereta', text: 'Ereta is a genus of flowering plants. It contains about 50 species.' };

    // Act
    const answer = answerStructured({ question: 'Which genus has more species, Xantho or Ereta?', instruction: 'Answer.', documents: [one, many] }, wordNet());

    // Assess
    expect(answer.shortAnswer).toBe('Ereta');
  });
});

describe('Function: namesIn', () => {
  it("leaves a match's score off the side named before it, and keeps a number that is part of a name", () => {
    // Act
    const beaten = namesIn('Elmbury Rovers beat Daleford United 2–1 in the final.').map((c) => c.text);
    const craft = namesIn('The crew flew Apollo 11 to the Moon.').map((c) => c.text);

    // Assess
    expect(beaten).toContain('Daleford United');
    expect(craft).toContain('Apollo 11');
  });

  it('places a name said twice where it is said the second time, not at the first letters of a longer name', () => {
    // Act
    const names = namesIn('The Tarn Autumn Fair is held each October on Market Square in Tarn, Valdesia.');

    // Assess
    expect(names.find((c) => c.text === 'Tarn')?.at).toBe(62);
  });
});

describe('Function: numbersIn on figures written into names', () => {
  it('takes no figure from "52P/Sarka" or "F-16", and keeps a price after a currency', () => {
    // Act
    const figures = numbersIn('Comet 52P/Sarka has an orbital period of 6.4 years. The F-16 flew 3 missions, costing US$ 4 million.').map((c) => c.text);

    // Assess
    expect(figures).toEqual(['6.4 years', '3 missions', '$ 4 million']);
  });
});
