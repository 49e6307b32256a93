/**
 * The local, deterministic stand-in for a neural embedder, and named for what it is: a *lexical*
 * vectorizer. Each text becomes a hashed TF-IDF vector of two feature blocks,
 *   - word unigrams (stemmed content terms), and
 *   - character 3-grams of the content words (catch spelling variants and partial names),
 * each block L2-normalised and then mixed, so the many character grams cannot drown the words.
 * Features are hashed (signed, to cancel collisions on average) into a fixed dimension; IDF is
 * fitted on the corpus. It knows no synonyms: "film" does not come near "movie".
 */
import type { Embedder } from '../ports.js';
import { contentTermsOfTokens, isStopword, tokenize } from './tokenize.js';

export const LEXICAL_VECTORIZER_NAME = 'lexical-hashing-tfidf-v1';

export interface LexicalVectorizerOptions {
  /** Vector size. Default 1024. */
  dimensions?: number;
  /** Weight of the character 3-gram block against the word block (1). Default 0.5. */
  charWeight?: number;
}

type FeatureCounts = Map<string, number>;

interface TextFeatures {
  words: FeatureCounts;
  chars: FeatureCounts;
}

const CHAR_GRAM = 3;

function count(map: FeatureCounts, feature: string): void {
  map.set(feature, (map.get(feature) ?? 0) + 1);
}

/** FNV-1a over UTF-16 code units, then murmur3's finalizer so low and high bits both mix well. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function extractFeatures(text: string): TextFeatures {
  const words: FeatureCounts = new Map();
  const chars: FeatureCounts = new Map();
  const tokens = tokenize(text);
  for (const term of contentTermsOfTokens(tokens)) count(words, `w:${term}`);
  for (const token of tokens) {
    if (isStopword(token)) continue;
    const padded = `#${token}#`;
    for (let i = 0; i + CHAR_GRAM <= padded.length; i++) count(chars, `c:${padded.slice(i, i + CHAR_GRAM)}`);
  }
  return { words, chars };
}

export interface LexicalVectorizerState {
  dimensions: number;
  charWeight: number;
  documentCount: number;
  documentFrequency: Array<[string, number]>;
}

export class LexicalVectorizer implements Embedder {
  readonly name = LEXICAL_VECTORIZER_NAME;
  readonly dimensions: number;
  private readonly charWeight: number;
  private readonly documentFrequency = new Map<string, number>();
  private documentCount = 0;

  constructor(options: LexicalVectorizerOptions = {}) {
    const dimensions = options.dimensions ?? 1024;
    if (!Number.isInteger(dimensions) || dimensions < 16) throw new RangeError(`dimensions must be an integer >= 16, got ${dimensions}`);
    this.dimensions = dimensions;
    this.charWeight = options.charWeight ?? 0.5;
  }

  /** A vectorizer whose IDF is fitted on `corpus` (the texts that will be searched). */
  static fit(corpus: readonly string[], options: LexicalVectorizerOptions = {}): LexicalVectorizer {
    return new LexicalVectorizer(options).fit(corpus);
  }

  /** What the vectorizer learnt from its corpus, to be stored beside an index and restored with `fromState`. */
  state(): LexicalVectorizerState {
    return { dimensions: this.dimensions, charWeight: this.charWeight, documentCount: this.documentCount, documentFrequency: [...this.documentFrequency] };
  }

  /** A vectorizer that makes the vectors the one whose `state()` this is made. */
  static fromState(state: LexicalVectorizerState): LexicalVectorizer {
    const vectorizer = new LexicalVectorizer({ dimensions: state.dimensions, charWeight: state.charWeight });
    for (const [feature, count] of state.documentFrequency) vectorizer.documentFrequency.set(feature, count);
    vectorizer.documentCount = state.documentCount;
    return vectorizer;
  }

  /** Adds `corpus` to the document frequencies. Vectors made before and after a fit differ. */
  fit(corpus: readonly string[]): this {
    for (const text of corpus) this.count(extractFeatures(text));
    return this;
  }

  /**
   * Fits on `corpus` and returns the corpus's own vectors, analysing each text once (indexing a
   * corpus needs both, and feature extraction is most of the cost).
   */
  fitAndEmbed(corpus: readonly string[]): Float32Array[] {
    const features = corpus.map(extractFeatures);
    for (const item of features) this.count(item);
    return features.map((item) => this.vectorOf(item));
  }

  private count({ words, chars }: TextFeatures): void {
    for (const feature of words.keys()) this.documentFrequency.set(feature, (this.documentFrequency.get(feature) ?? 0) + 1);
    for (const feature of chars.keys()) this.documentFrequency.set(feature, (this.documentFrequency.get(feature) ?? 0) + 1);
    this.documentCount++;
  }

  /** Smoothed IDF, `ln((1 + N) / (1 + df)) + 1`: a feature never seen in the corpus gets the highest weight. */
  idf(feature: string): number {
    return Math.log((1 + this.documentCount) / (1 + (this.documentFrequency.get(feature) ?? 0))) + 1;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return this.vectorize(texts);
  }

  /** The vectors of `texts`, computed in this thread (the port's `embed` without the promise). */
  vectorize(texts: readonly string[]): Float32Array[] {
    return texts.map((text) => this.vectorOf(extractFeatures(text)));
  }

  private vectorOf({ words, chars }: TextFeatures): Float32Array {
    const vector = new Float32Array(this.dimensions);
    this.addBlock(vector, words, 1);
    this.addBlock(vector, chars, this.charWeight);
    let norm = 0;
    for (const value of vector) norm += value * value;
    norm = Math.sqrt(norm);
    if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) / norm;
    return vector;
  }

  /** Adds one block's sublinear TF-IDF weights, normalised to length `weight`, into `vector`. */
  private addBlock(vector: Float32Array, features: FeatureCounts, weight: number): void {
    if (features.size === 0 || weight <= 0) return;
    const weighted: Array<[string, number]> = [];
    let norm = 0;
    for (const [feature, tf] of features) {
      const value = (1 + Math.log(tf)) * this.idf(feature);
      weighted.push([feature, value]);
      norm += value * value;
    }
    const scale = weight / Math.sqrt(norm);
    for (const [feature, value] of weighted) {
      const h = hash32(feature);
      const slot = h % this.dimensions;
      const sign = h & 0x80000000 ? -1 : 1;
      vector[slot] = (vector[slot] ?? 0) + sign * value * scale;
    }
  }
}
