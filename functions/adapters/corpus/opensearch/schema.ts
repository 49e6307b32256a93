/**
 * How a corpus is laid out in OpenSearch: one index of documents per build, and one manifest index
 * that says, per corpus, which build is current. Each document carries what the in-memory index
 * computes per run: its vector, its links in the entity graph and its title's entity key, so that
 * Execute asks the engine and never rebuilds any of it.
 */
import { documentNames } from '../../../core/retrieval/corpus-index.js';
import type { CorpusDocument, Modality } from '../../../core/types.js';

/** Bumped when the layout below changes: an index of another version is refused, to be rebuilt. */
export const OPENSEARCH_FORMAT_VERSION = 1;

/** The index that holds one manifest per corpus. */
export const MANIFEST_INDEX = 'cairn-manifests';

/** The manifest of a finished build; written after every document, so a half-built index has none. */
export interface OpenSearchManifest {
  formatVersion: number;
  /** The corpus reference the index was built from (`s3://bucket/key`). */
  corpus: string;
  /** SHA-256 of the corpus bytes that were indexed. */
  corpusSha256: string;
  /** The corpus object's ETag when it was read, compared with the object's ETag at open. */
  corpusEtag: string;
  /** The index that holds this build's documents. */
  index: string;
  documents: number;
  /** The embedder of the documents; `state` the S3 object holding what it was fitted on, when it was. */
  embedder: { name: string; dimensions: number; state?: string };
  graphMethod: string;
  /** Longest title key, in tokens: how long a run of a text's tokens can name a document. */
  maxTitleTokens: number;
  builtAt: string;
}

/** A document as it is stored. */
export interface StoredDocument {
  doc_id: string;
  /** Position in the corpus: "first in corpus order" look-ups sort on it. */
  ord: number;
  title?: string;
  text: string;
  modality: Modality;
  metadata?: Record<string, unknown>;
  vector: number[];
  /** The entity graph's neighbours of this document: those it mentions, then those that mention it. */
  links: string[];
  /** Its title's entity key, when the title is linked. */
  entity_key?: string;
  /** Lowercased last path segments of its id, title, `metadata.file` and `metadata.source`. */
  refs: string[];
}

/** The mapping of a document index: BM25 on title and text, HNSW k-NN on the vector. */
export function documentIndexBody(dimensions: number): Record<string, unknown> {
  return {
    settings: { index: { knn: true } },
    mappings: {
      properties: {
        doc_id: { type: 'keyword' },
        ord: { type: 'integer' },
        title: { type: 'text' },
        text: { type: 'text' },
        modality: { type: 'keyword' },
        metadata: { type: 'object', enabled: false },
        vector: { type: 'knn_vector', dimension: dimensions, method: { name: 'hnsw', engine: 'faiss', space_type: 'innerproduct' } },
        links: { type: 'keyword', index: false },
        entity_key: { type: 'keyword' },
        refs: { type: 'keyword' },
      },
    },
  };
}

export const MANIFEST_INDEX_BODY = {
  mappings: {
    properties: {
      corpus: { type: 'keyword' },
      builtAt: { type: 'date' },
      manifest: { type: 'object', enabled: false },
    },
  },
};

/** The names `findDocument` finds a document by: the last path segments of its file, source, id and title. */
export function refsOf(doc: CorpusDocument): string[] {
  return [...new Set(documentNames(doc))];
}

/** Unit length, so that the inner product the index ranks by is the cosine. */
export function normalized(vector: Float32Array): number[] {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  return Array.from(vector, (value) => (norm === 0 ? 0 : value / norm));
}
