/**
 * The `CorpusIndex` port over an OpenSearch index built by `buildOpenSearchIndex` (opensearch-build.ts):
 * keyword search is the engine's BM25, vector search its k-NN over the vectors stored at build time,
 * and the entity graph is read from the documents (their links and title keys), never rebuilt. The
 * query's vector comes from the embedder the index was built with (the manifest names it).
 */
import type { Client } from '@opensearch-project/opensearch';
import { CairnError } from '../../../core/errors.js';
import type { CorpusIndex, Embedder, SearchHit, SearchOptions } from '../../../core/ports.js';
import { referenceName } from '../../../core/retrieval/corpus-index.js';
import { mentionKeys } from '../../../core/retrieval/entity-graph.js';
import { isTransient } from '../../../core/transient.js';
import type { CorpusDocument } from '../../../core/types.js';
import { normalized, type OpenSearchManifest, type StoredDocument } from './schema.js';

/** Fields a search returns: the document, not its vector or graph fields. */
const DOCUMENT_FIELDS = ['doc_id', 'title', 'text', 'modality', 'metadata'];

/** Most title keys one `documentsNamedIn` look-up asks for; a longer text is asked in several. */
const KEYS_PER_LOOKUP = 4096;

export class RetrievalEngineError extends CairnError {
  static override readonly errorName: string = 'RetrievalEngineError';
}
/** The engine could not be reached or was busy: another attempt may succeed. */
export class RetrievalEngineTransientError extends RetrievalEngineError {
  static override readonly errorName: string = 'RetrievalEngineTransientError';
  static override transient = true;
}

interface Hit {
  _score?: number | null;
  _source?: Partial<StoredDocument>;
}

export class OpenSearchCorpusIndex implements CorpusIndex {
  readonly size: number;
  readonly keywordMethod = 'opensearch-bm25(title^2,text)';
  readonly vectorMethod: string;
  readonly graphMethod: string;
  private readonly index: string;

  constructor(
    private readonly client: Client,
    readonly manifest: OpenSearchManifest,
    private readonly embedder: Embedder,
  ) {
    this.size = manifest.documents;
    this.index = manifest.index;
    this.vectorMethod = `${embedder.name}+opensearch-knn(hnsw)`;
    this.graphMethod = manifest.graphMethod;
  }

  async get(id: string): Promise<CorpusDocument | undefined> {
    const [hit] = await this.search('get', { size: 1, query: { term: { doc_id: id } }, _source: DOCUMENT_FIELDS });
    return hit === undefined ? undefined : toDocument(hit);
  }

  async findDocument(reference: string): Promise<CorpusDocument | undefined> {
    const direct = await this.get(reference);
    if (direct !== undefined) return direct;
    const [hit] = await this.search('findDocument', {
      size: 1,
      query: { term: { refs: referenceName(reference) } },
      sort: [{ ord: 'asc' }],
      _source: DOCUMENT_FIELDS,
    });
    return hit === undefined ? undefined : toDocument(hit);
  }

  async keywordSearch(query: string, options: SearchOptions): Promise<SearchHit[]> {
    if (options.topK <= 0 || query.trim() === '') return [];
    const hits = await this.search('keywordSearch', {
      size: options.topK,
      query: { bool: { must: [{ multi_match: { query, fields: ['title^2', 'text'] } }], filter: modalityFilter(options) } },
      _source: DOCUMENT_FIELDS,
    });
    return toSearchHits(hits);
  }

  async vectorSearch(query: string, options: SearchOptions): Promise<SearchHit[]> {
    if (options.topK <= 0 || this.size === 0) return [];
    const [raw] = await this.embedder.embed([query]);
    if (raw === undefined) return [];
    if (raw.length !== this.manifest.embedder.dimensions)
      throw new CairnError(
        `embedder ${this.embedder.name} returned a vector of ${raw.length} dimensions; the index holds ${this.manifest.embedder.dimensions}`,
      );
    const vector = normalized(raw);
    if (vector.every((value) => value === 0)) return [];
    const filter = modalityFilter(options);
    const hits = await this.search('vectorSearch', {
      size: options.topK,
      query: { knn: { vector: { vector, k: options.topK, ...(filter.length > 0 ? { filter: { bool: { filter } } } : {}) } } },
      _source: DOCUMENT_FIELDS,
    });
    // The engine ranks unit vectors by inner product and scores it as `ip + 1` (or `1 / (1 - ip)`
    // below zero): turned back into the cosine, the scale the in-memory index reports, and only
    // positive similarities are hits, as there.
    return toSearchHits(hits.map((hit) => ({ ...hit, _score: cosineOf(hit._score ?? 0) })));
  }

  async linkedDocuments(id: string): Promise<readonly string[]> {
    const [hit] = await this.search('linkedDocuments', { size: 1, query: { term: { doc_id: id } }, _source: ['links'] });
    return hit?._source?.links ?? [];
  }

  /** Every run of the text's tokens that could be a title, asked of the stored title keys; ordered by first mention. */
  async documentsNamedIn(text: string): Promise<readonly string[]> {
    const keys = [...new Set(mentionKeys(text, this.manifest.maxTitleTokens))];
    const position = new Map(keys.map((key, i) => [key, i]));
    const found: Array<{ id: string; at: number }> = [];
    for (let start = 0; start < keys.length; start += KEYS_PER_LOOKUP) {
      const batch = keys.slice(start, start + KEYS_PER_LOOKUP);
      const hits = await this.search('documentsNamedIn', {
        size: 10_000,
        query: { terms: { entity_key: batch } },
        sort: [{ ord: 'asc' }],
        _source: ['doc_id', 'entity_key'],
      });
      for (const hit of hits) {
        const id = hit._source?.doc_id;
        const key = hit._source?.entity_key;
        if (id !== undefined && key !== undefined) found.push({ id, at: position.get(key) ?? Number.MAX_SAFE_INTEGER });
      }
    }
    found.sort((a, b) => a.at - b.at);
    return [...new Set(found.map((f) => f.id))];
  }

  private async search(what: string, body: Record<string, unknown>): Promise<Hit[]> {
    try {
      const response = await this.client.search({ index: this.index, body: body as never });
      return ((response.body as { hits?: { hits?: Hit[] } }).hits?.hits ?? []) as Hit[];
    } catch (error) {
      throw engineError(`OpenSearch ${what} on ${this.index}`, error);
    }
  }
}

/** An engine failure as Cairn's error: transient when another attempt may succeed. */
export function engineError(what: string, error: unknown): RetrievalEngineError {
  const status = (error as { meta?: { statusCode?: number } }).meta?.statusCode;
  const words = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const transient =
    isTransient(error) ||
    status === 429 ||
    (status !== undefined && status >= 500) ||
    (error as Error)?.name === 'ConnectionError' ||
    (error as Error)?.name === 'TimeoutError';
  const message = `${what} failed${status !== undefined ? ` (HTTP ${status})` : ''}: ${words}`;
  return transient ? new RetrievalEngineTransientError(message, { cause: error }) : new RetrievalEngineError(message, { cause: error });
}

function cosineOf(score: number): number {
  return score >= 1 ? score - 1 : 1 - 1 / score;
}

function modalityFilter(options: SearchOptions): Array<Record<string, unknown>> {
  return options.modality === undefined ? [] : [{ term: { modality: options.modality } }];
}

function toDocument(hit: Hit): CorpusDocument | undefined {
  const source = hit._source;
  if (source?.doc_id === undefined || typeof source.text !== 'string') return undefined;
  const doc: CorpusDocument = { id: source.doc_id, text: source.text, modality: source.modality ?? 'text' };
  if (source.title !== undefined) doc.title = source.title;
  if (source.metadata !== undefined) doc.metadata = source.metadata;
  return doc;
}

function toSearchHits(hits: readonly Hit[]): SearchHit[] {
  return hits.flatMap((hit) => {
    const doc = toDocument(hit);
    const score = hit._score ?? 0;
    return doc !== undefined && score > 1e-9 ? [{ doc, score }] : [];
  });
}
