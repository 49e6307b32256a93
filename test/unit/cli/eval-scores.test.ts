import { describe, expect, it } from 'vitest';
import { bestOver, containsAnyGold, containsGold, exactMatch, f1Score, isRefusal, normalizeAnswer, splitOf } from '../../../cli/eval-scores.js';

describe('normalizeAnswer', () => {
  it('lower-cases, drops ASCII punctuation and the articles, and squeezes white space', () => {
    expect(normalizeAnswer('  The  Garonne, river! ')).toBe('garonne river');
    expect(normalizeAnswer('An apple a day')).toBe('apple day');
    expect(normalizeAnswer('873,000')).toBe('873000');
    expect(normalizeAnswer("Vélo'v")).toBe('vélov');
  });

  it('keeps an article inside a word and punctuation outside ASCII, as the official script does', () => {
    expect(normalizeAnswer('theatre and anatomy')).toBe('theatre and anatomy');
    expect(normalizeAnswer('Lyon–Saint-Exupéry')).toBe('lyon–saintexupéry');
    // Python's \b counts é as a letter: the "a" of "éa" is not an article.
    expect(normalizeAnswer('éa a')).toBe('éa');
  });
});

describe('exactMatch and f1Score', () => {
  it('matches answers that differ only by case, punctuation and articles', () => {
    expect(exactMatch('the Seine.', 'Seine')).toBe(1);
    expect(exactMatch('Seine river', 'Seine')).toBe(0);
  });

  it('scores F1 over shared tokens, counting a repeated token only as often as both have it', () => {
    expect(f1Score('Seine river', 'Seine')).toBeCloseTo(2 / 3);
    expect(f1Score('about 873,000 people', '873,000')).toBeCloseTo(0.5);
    expect(f1Score('paris paris', 'paris')).toBeCloseTo(2 / 3);
    expect(f1Score('Lyon', 'Marseille')).toBe(0);
    expect(f1Score('', 'Marseille')).toBe(0);
  });

  it('gives no partial credit when either side is yes, no or noanswer and they differ', () => {
    expect(f1Score('yes', 'yes indeed')).toBe(0);
    expect(f1Score('no it is not', 'no')).toBe(0);
    expect(f1Score('Yes.', 'yes')).toBe(1);
    expect(f1Score('noanswer', 'no answer')).toBe(0);
  });

  it('takes the best score over the gold answer and its aliases', () => {
    expect(bestOver(exactMatch, 'about 522,000', ['522,000', 'about 522,000'])).toBe(1);
    expect(bestOver(f1Score, 'Rhône Glacier', ['Swiss Alps', 'the Rhône Glacier'])).toBe(1);
    expect(bestOver(exactMatch, 'anything', [])).toBe(0);
  });
});

describe('containsGold', () => {
  it('finds the normalised gold answer as whole words of the text', () => {
    expect(containsGold('Toulouse lies on the Garonne river.', 'the Garonne')).toBe(true);
    expect(containsGold('about 873,000 in 2020', '873,000')).toBe(true);
    expect(containsGold('It lies in the north.', 'no')).toBe(false);
    expect(containsGold('anything', '')).toBe(false);
  });

  it('wants every item of a list answer and every fact of a summary, in any order', () => {
    expect(containsGold('Wind, hydroelectricity and nuclear power', 'nuclear, hydroelectricity, wind', 'list')).toBe(true);
    expect(containsGold('nuclear power and hydroelectricity', 'nuclear, hydroelectricity, wind', 'list')).toBe(false);
    // A summary's gold is the facts it must say, each of them.
    expect(containsGold('Essin has two metro lines. Its trams reopened in 2001.', 'two metro lines, 2001', 'summary')).toBe(true);
    expect(containsGold('Essin has two metro lines.', 'two metro lines, 2001', 'summary')).toBe(false);
    expect(containsGold('Vell has about 4,000 bicycles since 2005.', 'bicycles, 4,000 bicycles, 2005', 'summary')).toBe(true);
    expect(containsGold('Vell has about 4,000 bicycles.', 'bicycles, 4,000 bicycles, 2005', 'summary')).toBe(false);
    // Outside kinds list and summary a comma is part of the answer.
    expect(containsGold('Wind, hydroelectricity and nuclear power', 'nuclear, hydroelectricity, wind')).toBe(false);
  });

  it('accepts any alias', () => {
    expect(containsAnyGold('They are the Greeks.', ['Greek settlers', 'Greeks'])).toBe(true);
    expect(containsAnyGold('Romans', ['Greek settlers', 'Greeks'])).toBe(false);
  });
});

describe('isRefusal', () => {
  it('counts a null or empty short answer as a refusal when the results carry the field', () => {
    expect(isRefusal({ answer: 'Lyon has 522,000 people [1].', shortAnswer: null }, true)).toBe(true);
    expect(isRefusal({ answer: 'Lyon has 522,000 people [1].', shortAnswer: '  ' }, true)).toBe(true);
    expect(isRefusal({ answer: 'Lyon has 522,000 people [1].', shortAnswer: '522,000' }, true)).toBe(false);
  });

  it('judges results without the field by their long answer alone', () => {
    expect(isRefusal({ answer: 'The corpus does not answer this: nothing relevant was retrieved.' }, false)).toBe(true);
    expect(isRefusal({ answer: 'Lyon has 522,000 people [1].' }, false)).toBe(false);
    expect(isRefusal(undefined, false)).toBe(true);
  });

  it('counts a refusing long answer even beside a short answer', () => {
    expect(isRefusal({ answer: 'The corpus does not answer this.', shortAnswer: 'Lyon' }, true)).toBe(true);
  });
});

describe('splitOf', () => {
  it('deals by the first byte of SHA-256 of the key: even to dev, odd to test', () => {
    // sha256("s001") starts with 0x7e (even), sha256("s002") with 0xfb (odd).
    expect(splitOf('s001')).toBe('dev');
    expect(splitOf('s002')).toBe('test');
  });

  it('deals about half of many keys to each split, the same way every time', () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `q${i}`);
    const dev = keys.filter((k) => splitOf(k) === 'dev').length;
    expect(dev).toBeGreaterThan(430);
    expect(dev).toBeLessThan(570);
    expect(keys.map(splitOf)).toEqual(keys.map(splitOf));
  });
});
