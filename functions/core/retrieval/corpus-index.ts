/**
 * The in-memory corpus index behind the `CorpusIndex` port: BM25 for keyword search and cosine
 * similarity over vectors computed once at build time for vector search. Built once per container
 * (DESIGN.md); every search afterwards is pure arithmetic over what was built here.
 */
import { InvalidInputError } from '../errors.js';
import type { CorpusIndex, Embedder, SearchHit, SearchOptions } from '../ports.js';
import type { CorpusDocument, Modality } from '../types.js';
import { Bm25Index, type Bm25Options } from './bm25.js';
import { ENTITY_GRAPH_METHOD, EntityGraph } from './entity-graph.js';
import { LexicalVectorizer } from './lexical-vectorizer.js';

export interface CorpusIndexOptions {
  /** The embedder for vector search. Default: a `LexicalVectorizer` fitted on the corpus. */
  embedder?: Embedder;
  bm25?: Bm25Options;
}

/** What a document is indexed and embedded as: its title matters, so it leads. */
function searchableText(doc: CorpusDocument): string {
  return doc.title ? `${doc.title}. ${doc.text}` : doc.text;
}

function normalizeDocument(doc: CorpusDocument): CorpusDocument & { modality: Modality } {
  const normalized: CorpusDocument & { modality: Modality } = { id: doc.id, text: doc.text, modality: doc.modality ?? 'text' };
  if (doc.title !== undefined) normalized.title = doc.title;
  if (doc.metadata !== undefined) normalized.metadata = doc.metadata;
  return Object.freeze(normalized);
}

export class InMemoryCorpusIndex implements CorpusIndex {
  readonly size: number;
  readonly vectorMethod: string;
  /** The keyword method with its parameters, for a search step's `search_method`. */
  readonly keywordMethod: string;
  readonly graphMethod = ENTITY_GRAPH_METHOD;
  private readonly graph: EntityGraph;
  private readonly docs: ReadonlyArray<CorpusDocument & { modality: Modality }>;
  private readonly byId = new Map<string, number>();
  private readonly bm25: Bm25Index;
  private readonly embedder: Embedder;
  /** Row-major matrix of document vectors, one row of `dimensions` per document. */
  private readonly vectors: Float32Array;
  private readonly vectorNorms: Float64Array;

  constructor(documents: readonly CorpusDocument[], options: CorpusIndexOptions = {}) {
    this.docs = Object.freeze(documents.map(normalizeDocument));
    this.docs.forEach((doc, index) => {
      if (typeof doc.id !== 'string' || doc.id === '') throw new InvalidInputError(`document ${index + 1}: id must be a non-empty string`);
      if (this.byId.has(doc.id)) throw new InvalidInputError(`document ${index + 1}: duplicate id "${doc.id}"`);
      this.byId.set(doc.id, index);
    });
    this.size = this.docs.length;

    this.bm25 = new Bm25Index(this.docs, options.bm25);
    this.graph = new EntityGraph(this.docs);
    this.keywordMethod = `bm25(k1=${this.bm25.k1},b=${this.bm25.b},title_weight=${this.bm25.titleWeight})`;

    const texts = this.docs.map(searchableText);
    let embedded: Float32Array[];
    if (options.embedder) {
      this.embedder = options.embedder;
      embedded = this.embedder.embed(texts);
    } else {
      const vectorizer = new LexicalVectorizer();
      embedded = vectorizer.fitAndEmbed(texts);
      this.embedder = vectorizer;
    }
    this.vectorMethod = this.embedder.name;
    const dimensions = this.embedder.dimensions;
    if (embedded.length !== texts.length)
      throw new InvalidInputError(`embedder ${this.embedder.name} returned ${embedded.length} vectors for ${texts.length} documents`);
    this.vectors = new Float32Array(this.size * dimensions);
    this.vectorNorms = new Float64Array(this.size);
    embedded.forEach((vector, row) => {
      if (vector.length !== dimensions)
        throw new InvalidInputError(`embedder ${this.embedder.name} returned a vector of ${vector.length} dimensions, expected ${dimensions}`);
      this.vectors.set(vector, row * dimensions);
      let norm = 0;
      for (const value of vector) norm += value * value;
      this.vectorNorms[row] = Math.sqrt(norm);
    });
  }

  get(id: string): CorpusDocument | undefined {
    const index = this.byId.get(id);
    return index === undefined ? undefined : this.docs[index];
  }

  linkedDocuments(id: string): readonly string[] {
    return this.graph.neighbors(id);
  }

  documentsNamedIn(text: string): readonly string[] {
    return this.graph.namedIn(text);
  }

  documents(): readonly CorpusDocument[] {
    return this.docs;
  }

  keywordSearch(query: string, options: SearchOptions): SearchHit[] {
    const filter = options.modality === undefined ? undefined : (index: number): boolean => this.docs[index]?.modality === options.modality;
    return this.bm25.search(query, options.topK, filter).flatMap((hit) => {
      const doc = this.docs[hit.index];
      return doc ? [{ doc, score: hit.score }] : [];
    });
  }

  /** Cosine similarity against every document of the modality; only positive similarities are hits. */
  vectorSearch(query: string, options: SearchOptions): SearchHit[] {
    if (options.topK <= 0 || this.size === 0) return [];
    const [queryVector] = this.embedder.embed([query]);
    if (!queryVector) return [];
    let queryNorm = 0;
    for (const value of queryVector) queryNorm += value * value;
    queryNorm = Math.sqrt(queryNorm);
    if (queryNorm === 0) return [];

    const dimensions = this.embedder.dimensions;
    const scored: Array<{ index: number; score: number }> = [];
    for (let row = 0; row < this.size; row++) {
      if (options.modality !== undefined && this.docs[row]?.modality !== options.modality) continue;
      const norm = this.vectorNorms[row] ?? 0;
      if (norm === 0) continue;
      // The hot loop: a brute-force scan is exact and fast enough for corpora of this size.
      const vector = this.vectors.subarray(row * dimensions, (row + 1) * dimensions);
      let dot = 0;
      for (let i = 0; i < dimensions; i++) dot += queryVector[i]! * vector[i]!;
      const score = dot / (queryNorm * norm);
      if (score > 1e-9) scored.push({ index: row, score });
    }
    scored.sort((a, b) => b.score - a.score || a.index - b.index);
    return scored.slice(0, options.topK).flatMap(({ index, score }) => {
      const doc = this.docs[index];
      return doc ? [{ doc, score }] : [];
    });
  }
}

/** Indexes `documents` once: BM25 postings and one vector per document. Documents without a modality are `text`. */
export function createCorpusIndex(documents: readonly CorpusDocument[], options: CorpusIndexOptions = {}): InMemoryCorpusIndex {
  return new InMemoryCorpusIndex(documents, options);
}

export { RRF_K, reciprocalRankFusion } from './fusion.js';
