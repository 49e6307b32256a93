/**
 * The spans of a sentence that may answer a question of a given type.
 */
import { describe, expect, it } from 'vitest';

import { numbersIn } from '../../../functions/core/answer/candidates.js';

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
  });
});
