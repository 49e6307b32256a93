import { describe, expect, it } from 'vitest';

import { checkEvidence, evidenceOf, noAnswer } from '../../../functions/core/answer/evidence.js';

const TRANSPORT = {
  id: 'lyon-transport',
  title: 'Public transport in Lyon',
  text: "Lyon's public transport network, TCL, includes four metro lines, seven tram lines, two funiculars and over a hundred bus routes.",
};
const VELOV = { id: 'velov', title: "Vélo'v", text: "Vélo'v is the bicycle sharing system of Lyon, launched in 2005 with about 4,000 bicycles." };

describe('Function: checkEvidence', () => {
  it('holds the evidence below the floor when it says nothing of what the task asks', () => {
    // Act
    const check = checkEvidence('Explain how vaccines train the immune system', [VELOV, TRANSPORT]);

    // Assess: "system" is shared, "explain" says what to do, and the rest is missing.
    expect(check.covered).toBe(false);
    expect(check.missing).toEqual(['vaccines', 'train', 'immune']);
    expect(noAnswer(check)).toBe('The corpus does not answer this: no retrieved passage speaks of "vaccines", "train", "immune".');
  });

  it('does not count instruction words as evidence', () => {
    // Act
    const check = checkEvidence('Compare the prices of the two phones in the brochure', [TRANSPORT]);

    // Assess
    expect(check).toEqual({ covered: false, share: 0, missing: ['prices', 'phones', 'brochure'] });
  });

  it('holds it below the floor when a name the task mentions is missing, even if most words are there', () => {
    // Act
    const check = checkEvidence('How many metro lines does Marseille have?', [TRANSPORT]);

    // Assess
    expect(check.share).toBeGreaterThanOrEqual(0.5);
    expect(check.covered).toBe(false);
    expect(check.missing).toEqual(['Marseille']);
  });

  it('lets evidence that speaks of the task through', () => {
    // Act
    const check = checkEvidence('How many tram lines does Lyon have?', [TRANSPORT, VELOV]);

    // Assess
    expect(check).toEqual({ covered: true, share: 1, missing: [] });
  });

  it('holds no evidence at all below the floor', () => {
    // Act
    const check = checkEvidence('How many tram lines does Lyon have?', []);

    // Assess
    expect(check.covered).toBe(false);
    expect(noAnswer({ covered: false, share: 0, missing: [] })).toBe('The corpus does not answer this: nothing relevant was retrieved.');
  });
});

describe('Function: evidenceOf', () => {
  const outputs = [
    { step_id: 1, result: { documents: [TRANSPORT, VELOV] } },
    { step_id: 2, result: { text: 'An earlier answer about trams.' } },
    { step_id: 3, result: { text: 'The answer.', read_documents: ['velov', 'step-2'] } },
  ];
  const sources = [{ id: 'lyon-transport', text: 'snippet' }];

  it('gives the whole texts of the documents the answer step read, earlier answers included', () => {
    // Act
    const evidence = evidenceOf(outputs[2], outputs, sources);

    // Assess
    expect(evidence).toEqual([VELOV, { id: 'step-2', text: 'An earlier answer about trams.' }]);
  });

  it('falls back to the kept sources when there is no answer step or it does not say what it read', () => {
    // Act + Assess
    expect(evidenceOf(undefined, outputs, sources)).toEqual(sources);
    expect(evidenceOf(outputs[1], outputs, sources)).toEqual(sources);
  });
});
