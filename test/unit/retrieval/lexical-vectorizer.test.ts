import { describe, expect, it } from 'vitest';
import { LEXICAL_VECTORIZER_NAME, LexicalVectorizer } from '../../../functions/core/retrieval/lexical-vectorizer.js';

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

const corpus = [
  'Mount Everest is the highest mountain on Earth.',
  'The Amazon River carries more water than any other river.',
  'Christopher Nolan directed the film Inception.',
  'The Nile river flows north through Africa.',
];

describe('Class: LexicalVectorizer', () => {
  it('is named for what it is and has the requested dimension', async () => {
    // Act
    const vectorizer = LexicalVectorizer.fit(corpus, { dimensions: 256 });
    const [vector] = await vectorizer.embed(['Everest']);

    // Assess
    expect(vectorizer.name).toBe(LEXICAL_VECTORIZER_NAME);
    expect(vectorizer.name).toBe('lexical-hashing-tfidf-v2');
    expect(vector).toBeInstanceOf(Float32Array);
    expect(vector).toHaveLength(256);
  });

  it('makes L2-normalised vectors, and a zero vector for text with no content words', async () => {
    // Prepare
    const vectorizer = LexicalVectorizer.fit(corpus);

    // Act
    const [vector, empty] = await vectorizer.embed(['Everest is a mountain', 'the of and']);

    // Assess
    expect(cosine(vector!, vector!)).toBeCloseTo(1, 5);
    expect(cosine(empty!, empty!)).toBe(0);
  });

  it('is deterministic across instances fitted on the same corpus', async () => {
    // Act
    const [a] = await LexicalVectorizer.fit(corpus).embed(['films by Nolan']);
    const [b] = await LexicalVectorizer.fit(corpus).embed(['films by Nolan']);

    // Assess
    expect([...a!]).toEqual([...b!]);
  });

  it('puts a query nearest to the document sharing its words', async () => {
    // Prepare
    const vectorizer = LexicalVectorizer.fit(corpus);
    const docs = await vectorizer.embed(corpus);

    // Act
    const [query] = await vectorizer.embed(['which film did Nolan direct']);
    const similarities = docs.map((doc) => cosine(query!, doc));

    // Assess
    const best = similarities.indexOf(Math.max(...similarities));
    expect(best).toBe(2);
  });

  it('finds a misspelt name through character 3-grams', async () => {
    // Prepare
    const vectorizer = LexicalVectorizer.fit(corpus);
    const docs = await vectorizer.embed(corpus);

    // Act: "Everst" shares no word with any document, only character grams.
    const [query] = await vectorizer.embed(['Everst']);
    const similarities = docs.map((doc) => cosine(query!, doc));

    // Assess
    expect(similarities.indexOf(Math.max(...similarities))).toBe(0);
    expect(similarities[0]!).toBeGreaterThan(0);
  });

  it('weighs a rare word more than a common one (fitted IDF)', async () => {
    // Prepare
    const vectorizer = LexicalVectorizer.fit(corpus);

    // Act & Assess: "river" is in two documents, "inception" in one, "zebra" in none.
    expect(vectorizer.idf('w:incept')).toBeGreaterThan(vectorizer.idf('w:river'));
    expect(vectorizer.idf('w:zebra')).toBeGreaterThan(vectorizer.idf('w:incept'));
  });

  it('is restored from its state, as JSON or as bytes, to make the same vectors', async () => {
    // Prepare
    const fitted = LexicalVectorizer.fit(corpus, { dimensions: 128, charWeight: 0.25 });
    const [expected] = await fitted.embed(['the Amazon and the Nile']);

    // Act
    const fromJson = LexicalVectorizer.fromState(JSON.parse(JSON.stringify(fitted.state())));
    const fromBytes = LexicalVectorizer.fromStateBytes(fitted.stateBytes());

    // Assess
    expect([...(await fromJson.embed(['the Amazon and the Nile']))[0]!]).toEqual([...expected!]);
    expect([...(await fromBytes.embed(['the Amazon and the Nile']))[0]!]).toEqual([...expected!]);
    expect(fromBytes.dimensions).toBe(128);
  });

  it('refuses the state of the previous version, or bytes that are not a state, saying to re-index', () => {
    // Prepare: v1 kept the features' text, not their hashes.
    const older = { dimensions: 1024, charWeight: 0.5, documentCount: 1, documentFrequency: [['w:river', 1]] };

    // Act & Assess
    expect(() => LexicalVectorizer.fromState(older as never)).toThrow(/written by an older version.*re-index/);
    expect(() => LexicalVectorizer.fromStateBytes(new TextEncoder().encode('{"dimensions":1024}'))).toThrow(/re-index/);
  });

  it('rejects a dimension too small to be useful', async () => {
    // Act & Assess
    expect(() => new LexicalVectorizer({ dimensions: 4 })).toThrow(RangeError);
  });
});
