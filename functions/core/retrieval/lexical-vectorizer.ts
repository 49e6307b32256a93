/**
 * The local, deterministic stand-in for a neural embedder, and named for what it is: a *lexical*
 * vectorizer. Each text becomes a hashed TF-IDF vector of two feature blocks,
 *   - word unigrams (stemmed content terms), and
 *   - character 3-grams of the content words (catch spelling variants and partial names),
 * each block L2-normalised and then mixed, so the many character grams cannot drown the words.
 * Features are hashed (signed, to cancel collisions on average) into a fixed dimension; IDF is
 * fitted on the corpus. It knows no synonyms: "film" does not come near "movie".
 */
import { InvalidInputError } from '../errors.js';
import type { Embedder } from '../ports.js';
import { contentTermsOfTokens, isStopword, tokenize } from './tokenize.js';

/**
 * v2 keys the fitted document frequencies by each feature's 32-bit hash instead of its text: the
 * vectors are those of v1 except where two features share a hash (they already shared a slot and
 * a sign), and fitting and storing the state cost a fraction.
 */
export const LEXICAL_VECTORIZER_NAME = 'lexical-hashing-tfidf-v2';

export interface LexicalVectorizerOptions {
  /** Vector size. Default 1024. */
  dimensions?: number;
  /** Weight of the character 3-gram block against the word block (1). Default 0.5. */
  charWeight?: number;
}

/** One text's features: distinct feature hashes in ascending order, and their counts. */
interface FeatureBlock {
  hashes: Uint32Array;
  counts: Uint16Array;
}

/** What a text is reduced to before it is weighed: its word block and its character-gram block. */
export interface TextFeatures {
  words: FeatureBlock;
  chars: FeatureBlock;
}

const CHAR_GRAM = 3;
const HASH_CODE = 0x23; // '#', the padding of a word before its character grams are taken

// FNV-1a over UTF-16 code units, then murmur3's finalizer so low and high bits both mix well. The
// hash of a feature is computed from its prefix and its characters where they lie, without making
// the feature's string: FNV-1a is incremental, so the value is that of the string `w:term`.
const FNV_OFFSET = 0x811c9dc5;
const step = (h: number, code: number): number => Math.imul(h ^ code, 0x01000193);
function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
const WORD_PREFIX = step(step(FNV_OFFSET, 0x77), 0x3a); // "w:"
const CHAR_PREFIX = step(step(FNV_OFFSET, 0x63), 0x3a); // "c:"

/** The hash of a feature given as text (`w:term`, `c:abc`). */
export function featureHash(feature: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < feature.length; i++) h = step(h, feature.charCodeAt(i));
  return finish(h);
}

function wordHash(term: string): number {
  let h = WORD_PREFIX;
  for (let i = 0; i < term.length; i++) h = step(h, term.charCodeAt(i));
  return finish(h);
}

// Scratch space for one text's feature hashes, grown as needed and reused across texts.
let scratch = new Uint32Array(1024);

function push(at: number, value: number): number {
  if (at === scratch.length) {
    const grown = new Uint32Array(scratch.length * 2);
    grown.set(scratch);
    scratch = grown;
  }
  scratch[at] = value;
  return at + 1;
}

/** The first `length` scratch hashes as a block: sorted, repeats counted. */
function blockOf(length: number): FeatureBlock {
  const sorted = scratch.subarray(0, length).sort();
  let distinct = 0;
  for (let i = 0; i < length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
  const hashes = new Uint32Array(distinct);
  const counts = new Uint16Array(distinct);
  let at = -1;
  for (let i = 0; i < length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) hashes[++at] = sorted[i]!;
    if (counts[at]! < 0xffff) counts[at]!++;
  }
  return { hashes, counts };
}

/**
 * The text's features: stemmed content words, and character 3-grams of its non-stopword tokens
 * padded with `#`. `terms`, when given, receives the content words (what BM25 indexes), so a
 * caller needing both analyses the text once.
 */
export function extractFeatures(text: string, terms?: (terms: string[]) => void): TextFeatures {
  const tokens = tokenize(text);
  let length = 0;
  const words = contentTermsOfTokens(tokens);
  terms?.(words);
  for (const term of words) length = push(length, wordHash(term));
  const wordBlock = blockOf(length);
  length = 0;
  for (const token of tokens) {
    if (isStopword(token)) continue;
    // The grams of `#token#`: position 0 and position token.length + 1 are the padding.
    const last = token.length + 2 - CHAR_GRAM;
    for (let i = 0; i <= last; i++) {
      let h = CHAR_PREFIX;
      for (let p = i; p < i + CHAR_GRAM; p++) h = step(h, p === 0 || p === token.length + 1 ? HASH_CODE : token.charCodeAt(p - 1));
      length = push(length, finish(h));
    }
  }
  return { words: wordBlock, chars: blockOf(length) };
}

/** Counts per 32-bit key in an open-addressing table: the corpus's document frequencies. */
class HashCounts {
  private keys = new Uint32Array(1 << 16);
  private counts = new Uint32Array(1 << 16);
  size = 0;

  add(key: number, by = 1): void {
    const mask = this.keys.length - 1;
    let slot = key & mask;
    while (this.counts[slot] !== 0 && this.keys[slot] !== key) slot = (slot + 1) & mask;
    if (this.counts[slot] === 0) {
      this.keys[slot] = key;
      this.size++;
    }
    this.counts[slot]! += by;
    if (this.size * 2 > this.keys.length) this.grow();
  }

  get(key: number): number {
    const mask = this.keys.length - 1;
    let slot = key & mask;
    while (this.counts[slot] !== 0) {
      if (this.keys[slot] === key) return this.counts[slot]!;
      slot = (slot + 1) & mask;
    }
    return 0;
  }

  *entries(): IterableIterator<[number, number]> {
    for (let i = 0; i < this.keys.length; i++) if (this.counts[i] !== 0) yield [this.keys[i]!, this.counts[i]!];
  }

  private grow(): void {
    const { keys, counts } = this;
    this.keys = new Uint32Array(keys.length * 2);
    this.counts = new Uint32Array(keys.length * 2);
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (counts[i] !== 0) this.add(keys[i]!, counts[i]!);
  }
}

export interface LexicalVectorizerState {
  name: string;
  dimensions: number;
  charWeight: number;
  documentCount: number;
  /** [feature hash, number of documents holding it]. */
  documentFrequency: Array<[number, number]>;
}

const STATE_MAGIC = 0x4c585632; // "LXV2"

export class LexicalVectorizer implements Embedder {
  readonly name = LEXICAL_VECTORIZER_NAME;
  readonly dimensions: number;
  private readonly charWeight: number;
  private readonly documentFrequency = new HashCounts();
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
    return {
      name: this.name,
      dimensions: this.dimensions,
      charWeight: this.charWeight,
      documentCount: this.documentCount,
      documentFrequency: [...this.documentFrequency.entries()],
    };
  }

  /** A vectorizer that makes the vectors the one whose `state()` this is made; an older state is refused in one line. */
  static fromState(state: LexicalVectorizerState): LexicalVectorizer {
    if (state.name !== LEXICAL_VECTORIZER_NAME)
      throw new InvalidInputError(
        `the lexical vectorizer's state was written by ${state.name ?? 'an older version'}, this Cairn reads ${LEXICAL_VECTORIZER_NAME}: re-index`,
      );
    const vectorizer = new LexicalVectorizer({ dimensions: state.dimensions, charWeight: state.charWeight });
    for (const [hash, count] of state.documentFrequency) vectorizer.documentFrequency.add(hash, count);
    vectorizer.documentCount = state.documentCount;
    return vectorizer;
  }

  /**
   * The state as bytes (little-endian 32-bit words: magic, dimensions, document count, entries,
   * the char weight as a float, then hash and count pairs): an index opens it without parsing JSON.
   */
  stateBytes(): Uint8Array {
    const entries = [...this.documentFrequency.entries()];
    const words = new Uint32Array(5 + entries.length * 2);
    words.set([STATE_MAGIC, this.dimensions, this.documentCount, entries.length]);
    new Float32Array(words.buffer, 16, 1)[0] = this.charWeight;
    entries.forEach(([hash, count], i) => {
      words[5 + i * 2] = hash;
      words[6 + i * 2] = count;
    });
    return new Uint8Array(words.buffer);
  }

  /** The vectorizer of `stateBytes()`; bytes of another kind are refused in one line. */
  static fromStateBytes(bytes: Uint8Array): LexicalVectorizer {
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
    const words = new Uint32Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.byteLength / 4));
    if (words.length < 5 || words[0] !== STATE_MAGIC || words.length !== 5 + words[3]! * 2)
      throw new InvalidInputError(`the lexical vectorizer's state is not ${LEXICAL_VECTORIZER_NAME}'s: re-index`);
    const vectorizer = new LexicalVectorizer({ dimensions: words[1]!, charWeight: new Float32Array(words.buffer, words.byteOffset + 16, 1)[0]! });
    for (let i = 5; i < words.length; i += 2) vectorizer.documentFrequency.add(words[i]!, words[i + 1]!);
    vectorizer.documentCount = words[2]!;
    return vectorizer;
  }

  /** Adds `corpus` to the document frequencies. Vectors made before and after a fit differ. */
  fit(corpus: readonly string[]): this {
    for (const text of corpus) this.count(extractFeatures(text));
    return this;
  }

  /** Adds texts already analysed (`extractFeatures`) to the document frequencies. */
  fitFeatures(features: readonly TextFeatures[]): this {
    for (const item of features) this.count(item);
    return this;
  }

  /**
   * Fits on `corpus` and returns the corpus's own vectors, analysing each text once (indexing a
   * corpus needs both, and feature extraction is most of the cost).
   */
  fitAndEmbed(corpus: readonly string[]): Float32Array[] {
    const features = corpus.map((text) => extractFeatures(text));
    this.fitFeatures(features);
    return features.map((item) => this.vectorOf(item));
  }

  private count({ words, chars }: TextFeatures): void {
    for (const hash of words.hashes) this.documentFrequency.add(hash);
    for (const hash of chars.hashes) this.documentFrequency.add(hash);
    this.documentCount++;
  }

  /** Smoothed IDF, `ln((1 + N) / (1 + df)) + 1`: a feature never seen in the corpus gets the highest weight. */
  idf(feature: string): number {
    return this.idfOf(featureHash(feature));
  }

  private idfOf(hash: number): number {
    return Math.log((1 + this.documentCount) / (1 + this.documentFrequency.get(hash))) + 1;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return this.vectorize(texts);
  }

  /** The vectors of `texts`, computed in this thread (the port's `embed` without the promise). */
  vectorize(texts: readonly string[]): Float32Array[] {
    return texts.map((text) => this.vectorOf(extractFeatures(text)));
  }

  /** The vector of a text already analysed. */
  vectorOf({ words, chars }: TextFeatures): Float32Array {
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
  private addBlock(vector: Float32Array, { hashes, counts }: FeatureBlock, weight: number): void {
    if (hashes.length === 0 || weight <= 0) return;
    const values = new Float64Array(hashes.length);
    let norm = 0;
    for (let i = 0; i < hashes.length; i++) {
      const value = (1 + Math.log(counts[i]!)) * this.idfOf(hashes[i]!);
      values[i] = value;
      norm += value * value;
    }
    const scale = weight / Math.sqrt(norm);
    for (let i = 0; i < hashes.length; i++) {
      const h = hashes[i]!;
      const slot = h % this.dimensions;
      const sign = h & 0x80000000 ? -1 : 1;
      vector[slot] = (vector[slot] ?? 0) + sign * values[i]! * scale;
    }
  }
}
