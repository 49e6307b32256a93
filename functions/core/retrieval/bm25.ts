/**
 * Okapi BM25 over an inverted index built once. The title is a second field folded into the body
 * the simple BM25F way: each title term counts `titleWeight` times in the term frequency and in the
 * document length, so a query word in a title weighs more than the same word in passing.
 */
import { contentTerms } from './tokenize.js';

export interface Bm25Document {
  id: string;
  title?: string | undefined;
  text: string;
}

export interface Bm25Options {
  /** Term-frequency saturation. Default 1.2. */
  k1?: number;
  /** Length normalization. Default 0.75. */
  b?: number;
  /** How many body occurrences one title occurrence is worth. Default 2. */
  titleWeight?: number;
}

export interface Bm25Hit {
  /** Position of the document in the array the index was built from. */
  index: number;
  id: string;
  score: number;
}

/** Which documents a search may return, by position and id. */
export type Bm25Filter = (index: number, id: string) => boolean;

interface Postings {
  docs: Int32Array;
  tfs: Float32Array;
}

export const BM25_DEFAULTS = { k1: 1.2, b: 0.75, titleWeight: 2 } as const;

export class Bm25Index {
  readonly size: number;
  readonly k1: number;
  readonly b: number;
  readonly titleWeight: number;
  private readonly ids: string[];
  private readonly lengths: Float64Array;
  private readonly averageLength: number;
  private readonly postings = new Map<string, Postings>();

  constructor(documents: readonly Bm25Document[], options: Bm25Options = {}) {
    this.k1 = options.k1 ?? BM25_DEFAULTS.k1;
    this.b = options.b ?? BM25_DEFAULTS.b;
    this.titleWeight = options.titleWeight ?? BM25_DEFAULTS.titleWeight;
    this.size = documents.length;
    this.ids = documents.map((doc) => doc.id);
    this.lengths = new Float64Array(documents.length);

    // Growable postings while building, frozen into typed arrays afterwards (compact, fast to scan).
    const building = new Map<string, { docs: number[]; tfs: number[] }>();
    let totalLength = 0;
    documents.forEach((doc, index) => {
      const counts = new Map<string, number>();
      const add = (terms: string[], weight: number): void => {
        for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + weight);
      };
      const titleTerms = doc.title ? contentTerms(doc.title) : [];
      const bodyTerms = contentTerms(doc.text);
      add(titleTerms, this.titleWeight);
      add(bodyTerms, 1);
      const length = bodyTerms.length + this.titleWeight * titleTerms.length;
      this.lengths[index] = length;
      totalLength += length;
      for (const [term, tf] of counts) {
        let list = building.get(term);
        if (!list) {
          list = { docs: [], tfs: [] };
          building.set(term, list);
        }
        list.docs.push(index);
        list.tfs.push(tf);
      }
    });
    this.averageLength = documents.length > 0 ? totalLength / documents.length : 0;
    for (const [term, list] of building) {
      this.postings.set(term, { docs: Int32Array.from(list.docs), tfs: Float32Array.from(list.tfs) });
    }
  }

  /** Number of documents holding `term` (a stemmed content term). */
  documentFrequency(term: string): number {
    return this.postings.get(term)?.docs.length ?? 0;
  }

  /** The Lucene form of BM25's IDF, `ln(1 + (N - df + 0.5) / (df + 0.5))`: never negative, so a very common word cannot lower a score. */
  idf(term: string): number {
    const df = this.documentFrequency(term);
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /** The BM25 score of every document for `query` (zero where no query term occurs). */
  scoreAll(query: string): Float64Array {
    const scores = new Float64Array(this.size);
    this.accumulate(query, scores, undefined);
    return scores;
  }

  /**
   * The `topK` best documents for `query`, best first; only documents with a positive score (at
   * least one query term) and accepted by `filter`. Ties keep corpus order, so results are stable.
   */
  search(query: string, topK: number, filter?: Bm25Filter): Bm25Hit[] {
    if (topK <= 0 || this.size === 0) return [];
    const scores = new Float64Array(this.size);
    const touched: number[] = [];
    this.accumulate(query, scores, touched);
    const hits: Bm25Hit[] = [];
    for (const index of touched) {
      const id = this.ids[index] ?? '';
      if (filter && !filter(index, id)) continue;
      hits.push({ index, id, score: scores[index] ?? 0 });
    }
    hits.sort((a, b) => b.score - a.score || a.index - b.index);
    return hits.slice(0, topK);
  }

  private accumulate(query: string, scores: Float64Array, touched: number[] | undefined): void {
    // Each distinct query term counts once: repeating a word in a question should not double it.
    const terms = new Set(contentTerms(query));
    const { k1, b } = this;
    const average = this.averageLength || 1;
    for (const term of terms) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = this.idf(term);
      for (let i = 0; i < list.docs.length; i++) {
        const doc = list.docs[i] ?? 0;
        const tf = list.tfs[i] ?? 0;
        const norm = k1 * (1 - b + (b * (this.lengths[doc] ?? 0)) / average);
        if (touched && scores[doc] === 0) touched.push(doc);
        scores[doc] = (scores[doc] ?? 0) + (idf * (tf * (k1 + 1))) / (tf + norm);
      }
    }
  }
}
