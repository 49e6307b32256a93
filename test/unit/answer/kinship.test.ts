/**
 * Kinship questions as paths of single relations, and the relations read from small passages of
 * their own (invented people, so no answer can come from anywhere but the text).
 */
import { describe, expect, it } from 'vitest';

import { followPath, kinQuestion, ownPassage, relativesIn } from '../../../functions/core/answer/kinship.js';

const doc = (id: string, text: string) => ({ id, title: id, text });

const ALDRIC = doc(
  'Aldric Venn',
  'Aldric Venn (1801–1870) was a Scottish judge. He was the eldest son of Bertram Venn, 2nd Baron Orrin, and his wife Celia Marsh.',
);
const BERTRAM = doc(
  'Bertram Venn, 2nd Baron Orrin',
  'Bertram Venn, 2nd Baron Orrin (1770–1840) was a landowner. He was the son and heir of Sir Edmund Venn of Hale, by Ruth Oakes.',
);
const CELIA = doc('Celia Marsh', 'Celia Marsh (1775–1850) was a poet, the daughter of the merchant Osric Marsh and Ada Pell.');
const DORA = doc('Dora Quill', 'Dora Quill (1790–1860) was a painter. She was the wife of the Roman consul and censor Tiber Aulo.');
const TIBER = doc('Tiber Aulo', 'Tiber Aulo (1785–1850) was a statesman born in Velmora. He was the son of Gaius Aulo.');
const MIRA = doc('Mira Stone', 'Mira Stone was a queen. She was a sister of Brak, khagan of the plains.');
const PRINCE = doc('Prince Olm', 'Prince Olm (705–711) was the son of Emperor Harl II and Mira Stone.');

describe('Function: kinQuestion', () => {
  it('reads a composed kinship term as the single relations it is made of, from the person asked about', () => {
    // Act
    const grandfather = kinQuestion("Who is Aldric Venn's paternal grandfather?");
    const grandmother = kinQuestion('Who is the maternal grandmother of Aldric Venn?');
    const inLaw = kinQuestion('Who is the father-in-law of Dora Quill?');
    const uncle = kinQuestion("Who is Prince Olm's uncle?");

    // Assess
    expect(grandfather).toMatchObject({ path: ['father', 'father'], subject: 'Aldric Venn', asksWho: true });
    expect(grandmother).toMatchObject({ path: ['mother', 'mother'], subject: 'Aldric Venn', asksWho: true });
    expect(inLaw).toMatchObject({ path: ['spouse', 'father'], subject: 'Dora Quill', asksWho: true });
    expect(uncle).toMatchObject({ path: ['parent', 'brother'], subject: 'Prince Olm' });
  });

  it('tells a relative asked about from a relative who is the answer, and keeps the verb out of the subject', () => {
    // Act
    const born = kinQuestion('Where was the husband of Dora Quill born?');
    const possessive = kinQuestion("What is the place of birth of Dora Quill's husband?");
    const fronted = kinQuestion("Which country Dora Quill's husband is from?");

    // Assess
    expect(fronted).toMatchObject({ path: ['spouse'], subject: 'Dora Quill', phrase: "Dora Quill's husband", asksWho: false });
    expect(born).toMatchObject({ path: ['spouse'], subject: 'Dora Quill', phrase: 'the husband of Dora Quill', asksWho: false });
    expect(possessive).toMatchObject({ path: ['spouse'], subject: 'Dora Quill', phrase: "Dora Quill's husband", asksWho: false });
  });

  it('reads no kinship in a title that holds a kinship word, nor in a question without one', () => {
    // Act
    const title = kinQuestion('When was Prince Olm (Son Of Harl Ii) born?');
    const plain = kinQuestion('Who directed Inception?');

    // Assess
    expect(title).toBeUndefined();
    expect(plain).toBeUndefined();
  });
});

describe('Function: relativesIn', () => {
  it('reads "the son of A and B" as A the father and B the mother, past the titles between them', () => {
    // Arrange
    const sentence = 'He was the eldest son of Bertram Venn, 2nd Baron Orrin, and his wife Celia Marsh.';

    // Act
    const father = relativesIn(sentence, 'father', [BERTRAM.title]);
    const mother = relativesIn(sentence, 'mother', [BERTRAM.title]);

    // Assess
    expect(father).toEqual(['Bertram Venn, 2nd Baron Orrin']);
    expect(mother).toEqual(['Celia Marsh']);
  });

  it('reads "the son of A and her husband B" as B the father and A the mother', () => {
    // Arrange
    const sentence = 'Hal Venn, 5th Baron Orrin, son of Celia Marsh and her husband Bertram Venn, 4th Baron Orrin, was a soldier.';

    // Act
    const father = relativesIn(sentence, 'father', []);
    const mother = relativesIn(sentence, 'mother', []);

    // Assess
    expect([father, mother]).toEqual([['Bertram Venn'], ['Celia Marsh']]);
  });

  it('reads no mother in "the son of A and thus nephew of B"', () => {
    // Prepare
    const sentence = 'He was the son of Harald Vell and thus nephew of King Eric II of Brask.';

    // Act
    const mother = relativesIn(sentence, 'mother', []);
    const father = relativesIn(sentence, 'father', []);

    // Assess
    expect([mother, father]).toEqual([[], ['Harald Vell']]);
  });

  it("skips the offices written before a relative's name, and keeps a king's title with his", () => {
    // Act
    const senator = relativesIn('She is the daughter of former United States Senator from Fife, Bertram Venn.', 'father', []);
    const governor = relativesIn('She was the daughter of Governor and U.S. Senator Osric Marsh and the mother of Ada Pell.', 'father', []);
    const king = relativesIn('He was the son of King Harl II.', 'father', []);

    // Assess
    expect([senator, governor, king]).toEqual([['Bertram Venn'], ['Osric Marsh'], ['King Harl II']]);
  });

  it('keeps a title of two places with the name when the second parent follows ("of Thurn and Taxis and his wife")', () => {
    // Act
    const father = relativesIn('She was the sixth child of Albert, 8th Prince of Orla and Vell and his wife Ada of Brask.', 'father', []);
    const mother = relativesIn('He was the son of Guy, Count of Orla and Margaret of Vell.', 'mother', []);

    // Assess: "and" a person after a single place is the second parent.
    expect(father).toEqual(['Albert, 8th Prince of Orla and Vell']);
    expect(mother).toEqual(['Margaret of Vell']);
  });

  it('skips the words describing a relative and keeps a name aside in parentheses', () => {
    // Act
    const spouse = relativesIn(DORA.text, 'spouse', []);
    const mother = relativesIn('She was the daughter of Peter of Lenz and his wife Margaret of Baux (Margherita del Balzo).', 'mother', []);

    // Assess
    expect(spouse).toEqual(['Tiber Aulo']);
    expect(mother).toEqual(['Margaret of Baux (Margherita del Balzo)']);
  });

  it('reads "his wives include X" as a spouse, the first named', () => {
    // Act
    const spouse = relativesIn('His wives include actress Mara Vell, actress Ina Rosk, and screenwriter Ada Brill.', 'spouse', []);

    // Assess
    expect(spouse).toEqual(['Mara Vell']);
  });

  it('reads "the wife and Queen Consort of X" as a spouse, and "his mother was X" as a mother', () => {
    // Act
    const spouse = relativesIn('Queen Insa (1514 – 1578) was the wife and Queen Consort of King Injo of Jusa, the 12th monarch.', 'spouse', []);
    const mother = relativesIn('His father was King Jungo, and his mother was Queen Jangga, whose brother was Yun Im.', 'mother', []);
    const father = relativesIn('His father was King Jungo, and his mother was Queen Jangga.', 'father', []);

    // Assess
    expect([spouse, mother, father]).toEqual([['King Injo of Jusa'], ['Queen Jangga'], ['King Jungo']]);
  });

  it('keeps a title of a place after the comma as part of the name, with a second place only where the sentence ends', () => {
    // Act: no passage is titled after them, so only the sentence says where each name ends.
    const father = relativesIn('He was the son of Gwin I, Count of Orla and Mara of Vell, and ruled Orla.', 'father', []);
    const mother = relativesIn('He was the son of Gwin I, Count of Orla and Mara of Vell, and ruled Orla.', 'mother', []);
    const grandmother = relativesIn('She was the daughter of Ansel of Lune and his wife, Jeanne de Barr, Countess of Marle and Soyn.', 'mother', []);

    // Assess
    expect(father).toEqual(['Gwin I, Count of Orla']);
    expect(mother).toEqual(['Mara of Vell']);
    expect(grandmother).toEqual(['Jeanne de Barr, Countess of Marle and Soyn']);
  });
});

describe('Function: followPath', () => {
  it('follows a father to his own passage and reads his father there (a paternal grandfather)', () => {
    // Act
    const path = followPath(ALDRIC, ['father', 'father'], [ALDRIC, BERTRAM, CELIA]);

    // Assess
    expect(path?.map((step) => step.name)).toEqual(['Bertram Venn, 2nd Baron Orrin', 'Sir Edmund Venn of Hale']);
    expect(path?.[0]?.own?.id).toBe(BERTRAM.id);
  });

  it('follows a mother and reads her mother (a maternal grandmother)', () => {
    // Act
    const path = followPath(ALDRIC, ['mother', 'mother'], [ALDRIC, BERTRAM, CELIA]);

    // Assess
    expect(path?.map((step) => step.name)).toEqual(['Celia Marsh', 'Ada Pell']);
  });

  it("finds an uncle as a parent's sibling, through the parent that has a passage", () => {
    // Act
    const path = followPath(PRINCE, ['parent', 'brother'], [PRINCE, MIRA]);

    // Assess
    expect(path?.map((step) => step.name)).toEqual(['Mira Stone', 'Brak']);
  });

  it('stops when a step in the middle has no passage of its own to go on from', () => {
    // Act: Celia's father Osric has no passage, so his father cannot be read.
    const path = followPath(CELIA, ['father', 'father'], [CELIA, ALDRIC]);

    // Assess
    expect(path).toBeUndefined();
  });
});

describe('Function: ownPassage', () => {
  it('finds the passage of a name given with an honorific, or with a title after a comma', () => {
    // Act
    const bare = ownPassage('Emperor Tiber Aulo', [DORA, TIBER]);
    const titled = ownPassage('Bertram Venn', [ALDRIC, BERTRAM]);

    // Assess
    expect(bare?.id).toBe(TIBER.id);
    expect(titled?.id).toBe(BERTRAM.id);
  });
});
