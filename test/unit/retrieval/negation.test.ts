import { describe, expect, it } from 'vitest';

import { conditionSupport, negatesAny } from '../../../functions/core/retrieval/negation.js';
import { contentTerms } from '../../../functions/core/retrieval/tokenize.js';

const HAS_TRAM = {
  id: 'lyon-transport',
  title: 'Public transport in Lyon',
  text: 'Lyon has four metro lines. The tram network reopened in 2001 and now has seven lines.',
};
const NO_TRAM = { id: 'nice-transport', title: 'Public transport in Nice', text: 'Nice has no metro. Buses serve the whole city.' };
const DENIES = { id: 'lyon-denial', title: 'Lyon', text: 'Lyon has never had a tram network.' };

describe('Function: negatesAny', () => {
  it.each([
    ['Lyon has no tram', true],
    ['Lyon has never had a tram', true],
    ['Lyon is without a tram', true],
    ["Lyon doesn't have a tram", true],
    ['Lyon has a tram', false],
    // Too far from the term to govern it.
    ['No one in the city of Lyon ever stopped using the tram', false],
  ])('reads "%s" as negating the tram: %s', (text, negated) => {
    expect(negatesAny(text, new Set(contentTerms('tram')))).toBe(negated);
  });
});

describe('Function: conditionSupport', () => {
  it('supports a condition a passage affirms, and says where', () => {
    // Act
    const support = conditionSupport('a tram network in Lyon', [HAS_TRAM]);

    // Assess
    expect(support).toMatchObject({ supported: true, verdict: 'supported', coverage: 1, doc_id: 'lyon-transport' });
    expect(support.reason).toBe('[lyon-transport] says so: "The tram network reopened in 2001 and now has seven lines."');
  });

  it('does not support a condition the best passage denies, though it shares every word', () => {
    // Act
    const support = conditionSupport('a tram network in Lyon', [DENIES, HAS_TRAM]);

    // Assess
    expect(support).toMatchObject({ supported: false, verdict: 'denied', doc_id: 'lyon-denial' });
    expect(support.reason).toBe('[lyon-denial] says the opposite (negated): "Lyon has never had a tram network."');
  });

  it('supports a negated condition that a passage negates too', () => {
    // Act
    const support = conditionSupport('Nice has no metro', [NO_TRAM]);

    // Assess
    expect(support).toMatchObject({ supported: true, verdict: 'supported', doc_id: 'nice-transport' });
  });

  it('finds a condition absent when no sentence covers enough of its words', () => {
    // Act
    const support = conditionSupport('a cable car in Toulouse', [HAS_TRAM, NO_TRAM]);

    // Assess
    expect(support.supported).toBe(false);
    expect(support.verdict).toBe('absent');
    expect(support.reason).toMatch(/^no passage covers "a cable car in Toulouse"/);
  });
});
