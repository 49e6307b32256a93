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

/** The embedder and the corpus's vectors, computed before the index is built. */
interface Embedded {
  embedder: Embedder;
  vectors: Float32Array[];
}

/** Each document's position by id; a missing or repeated id is refused, naming the document's position. */
export function positionsById(documents: readonly CorpusDocument[]): Map<string, number> {
  const byId = new Map<string, number>();
  documents.forEach((doc, index) => {
    if (typeof doc.id !== 'string' || doc.id === '') throw new InvalidInputError(`document ${index + 1}: id must be a non-empty string`);
    if (byId.has(doc.id)) throw new InvalidInputError(`document ${index + 1}: duplicate id "${doc.id}"`);
    byId.set(doc.id, index);
  });
  return byId;
}

/** What a document is indexed and embedded as: its title matters, so it leads. */
export function searchableText(doc: CorpusDocument): string {
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
  /** The keyword method, for a search step's `search_method`. */
  readonly keywordMethod: string;
  readonly graphMethod = ENTITY_GRAPH_METHOD;
  private readonly graph: EntityGraph;
  private readonly docs: ReadonlyArray<CorpusDocument & { modality: Modality }>;
  private readonly byId: Map<string, number>;
  private readonly bm25: Bm25Index;
  private readonly embedder: Embedder;
  /** Row-major matrix of document vectors, one row of `dimensions` per document. */
  private readonly vectors: Float32Array;
  private readonly vectorNorms: Float64Array;

  /** Use `createCorpusIndex` (lexical vectors) or `buildCorpusIndex` (any embedder). */
  constructor(documents: readonly CorpusDocument[], options: { bm25?: Bm25Options; embedded?: Embedded } = {}) {
    this.docs = Object.freeze(documents.map(normalizeDocument));
    this.byId = positionsById(this.docs);
    this.size = this.docs.length;

    this.bm25 = new Bm25Index(this.docs, options.bm25);
    this.graph = new EntityGraph(this.docs);
    this.keywordMethod = 'bm25';

    let embedded: Float32Array[];
    if (options.embedded) {
      this.embedder = options.embedded.embedder;
      embedded = options.embedded.vectors;
    } else {
      const vectorizer = new LexicalVectorizer();
      embedded = vectorizer.fitAndEmbed(this.docs.map(searchableText));
      this.embedder = vectorizer;
    }
    this.vectorMethod = this.embedder.name;
    const dimensions = this.embedder.dimensions;
    if (embedded.length !== this.size)
      throw new InvalidInputError(`embedder ${this.embedder.name} returned ${embedded.length} vectors for ${this.size} documents`);
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

  async get(id: string): Promise<CorpusDocument | undefined> {
    return this.document(id);
  }

  /** The document of `id`, without a promise (for code that holds this class, not the port). */
  document(id: string): CorpusDocument | undefined {
    const index = this.byId.get(id);
    return index === undefined ? undefined : this.docs[index];
  }

  async findDocument(reference: string): Promise<CorpusDocument | undefined> {
    const direct = this.document(reference);
    if (direct) return direct;
    const base = referenceName(reference);
    return this.docs.find((d) => documentNames(d).includes(base));
  }

  async linkedDocuments(id: string): Promise<readonly string[]> {
    return this.graph.neighbors(id);
  }

  async documentsNamedIn(text: string): Promise<readonly string[]> {
    return this.graph.namedIn(text);
  }

  /** Every document, in corpus order (what an on-disk index is built from). */
  documents(): readonly CorpusDocument[] {
    return this.docs;
  }

  async keywordSearch(query: string, options: SearchOptions): Promise<SearchHit[]> {
    const filter = options.modality === undefined ? undefined : (index: number): boolean => this.docs[index]?.modality === options.modality;
    return this.bm25.search(query, options.topK, filter).flatMap((hit) => {
      const doc = this.docs[hit.index];
      return doc ? [{ doc, score: hit.score }] : [];
    });
  }

  /** Cosine similarity against every document of the modality; only positive similarities are hits. */
  async vectorSearch(query: string, options: SearchOptions): Promise<SearchHit[]> {
    if (options.topK <= 0 || this.size === 0) return [];
    const [queryVector] = await this.embedder.embed([query]);
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

/** Indexes `documents` once with lexical vectors: BM25 postings and one vector per document. Documents without a modality are `text`. */
export function createCorpusIndex(documents: readonly CorpusDocument[], options: { bm25?: Bm25Options } = {}): InMemoryCorpusIndex {
  return new InMemoryCorpusIndex(documents, options);
}

/** Indexes `documents` once with `options.embedder` (asked for every document's vector first), or lexical vectors without one. */
export async function buildCorpusIndex(documents: readonly CorpusDocument[], options: CorpusIndexOptions = {}): Promise<InMemoryCorpusIndex> {
  const { embedder, ...rest } = options;
  if (!embedder) return new InMemoryCorpusIndex(documents, rest);
  positionsById(documents);
  const vectors = await embedder.embed(documents.map((doc) => searchableText(normalizeDocument(doc))));
  return new InMemoryCorpusIndex(documents, { ...rest, embedded: { embedder, vectors } });
}

/** The last path segment of a reference, lower-cased: what `findDocument` compares. */
export function referenceName(reference: string): string {
  return reference.split('/').pop()?.toLowerCase() ?? '';
}

/**
 * The names a reference can find a document by: the last path segment of its `metadata.file`,
 * `metadata.source`, id and title, lower-cased (a name that ends with `/<segment>` or equals it).
 */
export function documentNames(doc: CorpusDocument): string[] {
  return [doc.metadata?.file, doc.metadata?.source, doc.id, doc.title].filter((v): v is string => typeof v === 'string').map(referenceName);
}

export { RRF_K, reciprocalRankFusion } from './fusion.js';
