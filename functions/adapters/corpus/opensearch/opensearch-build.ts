/**
 * Builds a corpus's index in OpenSearch once, and opens it in every run after. A build writes its
 * documents (vector, entity-graph links and title key computed here, once) into a fresh index and
 * only then a manifest naming that index: a build that stops half-way leaves no manifest, so
 * nothing half-indexed is ever opened. Opening reads the newest manifest of the corpus and refuses
 * it, with one line saying what to do, when it is missing, of another format version, built with
 * another embedder, or older than the corpus (the corpus object's ETag has changed).
 */
import type { Client } from '@opensearch-project/opensearch';
import { InvalidInputError } from '../../../core/errors.js';
import type { Embedder } from '../../../core/ports.js';
import { searchableText } from '../../../core/retrieval/corpus-index.js';
import { ENTITY_GRAPH_METHOD, EntityGraph } from '../../../core/retrieval/entity-graph.js';
import type { CorpusDocument } from '../../../core/types.js';
import { engineError, OpenSearchCorpusIndex } from './opensearch-index.js';
import {
  documentIndexBody,
  MANIFEST_INDEX,
  MANIFEST_INDEX_BODY,
  normalized,
  OPENSEARCH_FORMAT_VERSION,
  type OpenSearchManifest,
  refsOf,
  type StoredDocument,
} from './schema.js';

/** Documents per bulk request and per embedding call: requests of a few MB at 1024 dimensions. */
const BATCH = 256;

export interface OpenSearchBuildInput {
  client: Client;
  /** The corpus reference, the key its manifest is found by (`s3://bucket/key`). */
  corpus: string;
  documents: readonly CorpusDocument[];
  corpusSha256: string;
  corpusEtag: string;
  embedder: Embedder;
  now?: () => Date;
  /** Where the embedder's state is stored (`s3://...`), for an embedder fitted on the corpus. */
  embedderState?: string;
  /** Runs after every document is written and before the manifest: a failure here leaves no manifest. */
  beforeManifest?: () => Promise<void>;
}

/** Builds the index of `documents` and then writes its manifest; returns the manifest. */
export async function buildOpenSearchIndex(input: OpenSearchBuildInput): Promise<OpenSearchManifest> {
  const { client, documents, embedder } = input;
  const builtAt = (input.now ?? (() => new Date()))();
  const index = `cairn-docs-${input.corpusSha256.slice(0, 16)}-${builtAt.getTime()}`;
  const graph = new EntityGraph(documents);
  const keyOf = new Map<string, string>();
  for (const [key, ids] of graph.titleKeys()) for (const id of ids) keyOf.set(id, key);

  await call(`create index ${index}`, () => client.indices.create({ index, body: documentIndexBody(embedder.dimensions) as never }));
  for (let start = 0; start < documents.length; start += BATCH) {
    const batch = documents.slice(start, start + BATCH);
    const vectors = await embedder.embed(batch.map(searchableText));
    if (vectors.length !== batch.length)
      throw new InvalidInputError(`embedder ${embedder.name} returned ${vectors.length} vectors for ${batch.length} documents`);
    const body: unknown[] = [];
    batch.forEach((doc, i) => {
      const vector = vectors[i]!;
      if (vector.length !== embedder.dimensions)
        throw new InvalidInputError(`embedder ${embedder.name} returned a vector of ${vector.length} dimensions, expected ${embedder.dimensions}`);
      const key = keyOf.get(doc.id);
      const stored: StoredDocument = {
        doc_id: doc.id,
        ord: start + i,
        text: doc.text,
        modality: doc.modality ?? 'text',
        vector: normalized(vector),
        links: graph.neighbors(doc.id),
        refs: refsOf(doc),
        ...(doc.title !== undefined ? { title: doc.title } : {}),
        ...(doc.metadata !== undefined ? { metadata: doc.metadata } : {}),
        ...(key !== undefined ? { entity_key: key } : {}),
      };
      // No _id: vector collections of OpenSearch Serverless assign their own; doc_id is the key.
      body.push({ index: { _index: index } }, stored);
    });
    const response = await call(`bulk write to ${index}`, () => client.bulk({ body: body as never }));
    const result = response.body as { errors?: boolean; items?: Array<{ index?: { error?: { reason?: string } } }> };
    if (result.errors) {
      const reason = result.items?.find((item) => item.index?.error !== undefined)?.index?.error?.reason ?? 'unknown';
      throw engineError(`OpenSearch bulk write to ${index}`, new Error(`some documents were refused: ${reason}`));
    }
  }

  const manifest: OpenSearchManifest = {
    formatVersion: OPENSEARCH_FORMAT_VERSION,
    corpus: input.corpus,
    corpusSha256: input.corpusSha256,
    corpusEtag: input.corpusEtag,
    index,
    documents: documents.length,
    embedder: { name: embedder.name, dimensions: embedder.dimensions, ...(input.embedderState !== undefined ? { state: input.embedderState } : {}) },
    graphMethod: ENTITY_GRAPH_METHOD,
    maxTitleTokens: graph.maxTitleTokens,
    builtAt: builtAt.toISOString(),
  };
  await input.beforeManifest?.();
  const exists = await call(`look for ${MANIFEST_INDEX}`, () => client.indices.exists({ index: MANIFEST_INDEX }));
  if (exists.body !== true) await call(`create ${MANIFEST_INDEX}`, () => client.indices.create({ index: MANIFEST_INDEX, body: MANIFEST_INDEX_BODY as never }));
  await call('write the manifest', () => client.index({ index: MANIFEST_INDEX, body: { corpus: input.corpus, builtAt: manifest.builtAt, manifest } as never }));
  return manifest;
}

/** The newest manifest of `corpus`, or undefined when it was never indexed. */
export async function readOpenSearchManifest(client: Client, corpus: string): Promise<OpenSearchManifest | undefined> {
  const exists = await call(`look for ${MANIFEST_INDEX}`, () => client.indices.exists({ index: MANIFEST_INDEX }));
  if (exists.body !== true) return undefined;
  const response = await call(`read the manifest of ${corpus}`, () =>
    client.search({ index: MANIFEST_INDEX, body: { size: 1, query: { term: { corpus } }, sort: [{ builtAt: 'desc' }] } as never }),
  );
  const hit = (response.body as { hits?: { hits?: Array<{ _source?: { manifest?: OpenSearchManifest } }> } }).hits?.hits?.[0];
  return hit?._source?.manifest;
}

export interface OpenSearchOpenInput {
  client: Client;
  corpus: string;
  /** The corpus object's ETag now: an index built from another version of it is stale. */
  corpusEtag: string;
  /** The embedder that embeds queries; it must be the one the index was built with. */
  embedder: Embedder;
}

/** Opens the current index of `corpus`, or says in one line why it cannot be used. */
export async function openOpenSearchIndex(input: OpenSearchOpenInput): Promise<OpenSearchCorpusIndex> {
  const manifest = await readOpenSearchManifest(input.client, input.corpus);
  const rebuild = 'run the index job on it again (docs/deploy.md: Retrieval on AWS)';
  if (manifest === undefined)
    throw new InvalidInputError(`no index of ${input.corpus} in OpenSearch: run the index job on it first (docs/deploy.md: Retrieval on AWS)`);
  if (manifest.formatVersion !== OPENSEARCH_FORMAT_VERSION)
    throw new InvalidInputError(
      `the index of ${input.corpus} has format version ${manifest.formatVersion}, this Cairn reads ${OPENSEARCH_FORMAT_VERSION}: ${rebuild}`,
    );
  if (manifest.corpusEtag !== input.corpusEtag)
    throw new InvalidInputError(`the index of ${input.corpus} is stale: the corpus changed since it was indexed at ${manifest.builtAt}: ${rebuild}`);
  if (manifest.embedder.name !== input.embedder.name || manifest.embedder.dimensions !== input.embedder.dimensions)
    throw new InvalidInputError(
      `the index of ${input.corpus} was embedded with ${manifest.embedder.name} (${manifest.embedder.dimensions} dimensions), queries would be embedded with ${input.embedder.name} (${input.embedder.dimensions}): ${rebuild}`,
    );
  return new OpenSearchCorpusIndex(input.client, manifest, input.embedder);
}

async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw engineError(`OpenSearch ${what}`, error);
  }
}
