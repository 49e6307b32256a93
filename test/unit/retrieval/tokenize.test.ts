import { describe, expect, it } from 'vitest';
import { porterStem } from '../../../functions/core/retrieval/porter-stemmer.js';
import { contentTerms, normalizeText, sharesContentTerm, stem, tokenize } from '../../../functions/core/retrieval/tokenize.js';

describe('Function: porterStem', () => {
  // Pairs from Porter's 1980 paper and the reference implementation's vocabulary.
  const pairs: Array<[string, string]> = [
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['ties', 'ti'],
    ['cats', 'cat'],
    ['feed', 'feed'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['motoring', 'motor'],
    ['sing', 'sing'],
    ['conflated', 'conflat'],
    ['troubled', 'troubl'],
    ['sized', 'size'],
    ['hopping', 'hop'],
    ['falling', 'fall'],
    ['hissing', 'hiss'],
    ['filing', 'file'],
    ['happy', 'happi'],
    ['sky', 'sky'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['rational', 'ration'],
    ['digitizer', 'digit'],
    ['operator', 'oper'],
    ['feudalism', 'feudal'],
    ['hopefulness', 'hope'],
    ['callousness', 'callous'],
    ['formative', 'form'],
    ['electrical', 'electr'],
    ['goodness', 'good'],
    ['allowance', 'allow'],
    ['inference', 'infer'],
    ['adjustable', 'adjust'],
    ['replacement', 'replac'],
    ['adoption', 'adopt'],
    ['communism', 'commun'],
    ['effective', 'effect'],
    ['generalizations', 'gener'],
    ['oscillators', 'oscil'],
    ['controlling', 'control'],
    ['archaeology', 'archaeolog'],
    ['directed', 'direct'],
    ['director', 'director'],
    ['youth', 'youth'],
  ];

  it.each(pairs)('stems %s to %s', (word, expected) => {
    // Act
    const stemmed = porterStem(word);

    // Assess
    expect(stemmed).toBe(expected);
  });

  it('leaves short words, digits and non-ASCII words alone', () => {
    // Act & Assess
    expect(porterStem('is')).toBe('is');
    expect(porterStem('2010')).toBe('2010');
    expect(porterStem('東京')).toBe('東京');
  });
});

describe('Function: tokenize', () => {
  it('lower-cases, folds diacritics and splits on punctuation', () => {
    // Act
    const tokens = tokenize('Café Zürich—naïve, RÉSUMÉ! 8849 m');

    // Assess
    expect(tokens).toEqual(['cafe', 'zurich', 'naive', 'resume', '8849', 'm']);
  });

  it('joins words across inner apostrophes and keeps other scripts', () => {
    // Act
    const tokens = tokenize("O'Brien's Δελφοί don’t 東京");

    // Assess
    expect(tokens).toEqual(['obriens', 'δελφοι', 'dont', '東', '京']);
  });

  it('folds compatibility characters (ligatures, full-width letters)', () => {
    // Act & Assess
    expect(normalizeText('ﬁle ＡＢＣ')).toBe('file abc');
  });
});

describe('Function: contentTerms', () => {
  it('drops stopwords and single letters and stems the rest, in order', () => {
    // Act
    const terms = contentTerms('Who directed the films of Christopher Nolan in the U.S.?');

    // Assess
    expect(terms).toEqual(['direct', 'film', 'christoph', 'nolan']);
  });

  it('keeps repeats, which term frequency needs', () => {
    // Act & Assess
    expect(contentTerms('river rivers River')).toEqual(['river', 'river', 'river']);
  });

  it('returns nothing for a text of stopwords only', () => {
    // Act & Assess
    expect(contentTerms('What is it that they were about to do?')).toEqual([]);
  });

  it('stems "died" and "dies" as "die", which Porter\'s own rule leaves apart ("di")', () => {
    // Act & Assess: a one-letter stem before -ied/-ies keeps its "ie"; longer ones lose it as before.
    expect(['die', 'died', 'dies'].map(stem)).toEqual(['die', 'die', 'die']);
    expect(['tied', 'lies'].map(stem)).toEqual(['tie', 'lie']);
    expect(['cried', 'cities'].map(stem)).toEqual(['cri', 'citi']);
  });

  it('keeps "succeed", "proceed" and "exceed" whole, as Porter2 does, so their forms meet', () => {
    // Act & Assess
    expect(['succeed', 'succeeded', 'succeeds'].map(stem)).toEqual(['succeed', 'succeed', 'succeed']);
    expect(['proceed', 'proceeded', 'exceed', 'exceeds'].map(stem)).toEqual(['proceed', 'proceed', 'exceed', 'exceed']);
  });

  it('memoizes stems without changing them', () => {
    // Act & Assess
    expect(stem('running')).toBe('run');
    expect(stem('running')).toBe('run');
  });
});

describe('Function: sharesContentTerm', () => {
  it('matches a sub-query that shares a stemmed content word with the task', () => {
    // Act & Assess
    expect(sharesContentTerm('Which films did Nolan direct?', 'director of the film Inception')).toBe(true);
  });

  it('rejects a sub-query that shares only stopwords', () => {
    // Act & Assess
    expect(sharesContentTerm('Which films did Nolan direct?', 'what is the weather like')).toBe(false);
  });
});
