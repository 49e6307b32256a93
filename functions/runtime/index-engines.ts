/**
 * The engines behind corpora in S3, from the configuration, for the index job and for Execute:
 * the local engine (LanceDB, functions/adapters/corpus/lance/) as a folder built from a corpus file
 * and opened from a folder, or the OpenSearch collection.
 */
import type { Client } from '@opensearch-project/opensearch';
import { INDEX_FORMAT_VERSION } from '../adapters/corpus/lance/manifest.js';
import type { LocalIndexEngine, OpenSearchClientSource } from '../adapters/corpus/s3-index/index-job.js';
import { StoredIndexes } from '../adapters/corpus/s3-index/stored-index.js';
import type { Embedder } from '../core/ports.js';
import type { CairnConfig } from '../shared/config.js';
import type { Clients } from './clients.js';

/** The LanceDB engine; the embedder, when given, embeds documents and queries (else the lexical vectorizer fitted on the corpus). */
export function localIndexEngine(embedder?: Embedder): LocalIndexEngine {
  // LanceDB is a native module: loaded on the first build or open, never by a function that does neither.
  const lance = () => import('../adapters/corpus/lance/lance-index.js');
  return {
    name: `lancedb-index-v${INDEX_FORMAT_VERSION}`,
    build: async (corpusFile, outDir) => {
      const manifest = await (await lance()).buildIndex(corpusFile, outDir, embedder ? { embedder } : {});
      return { documents: manifest.documents };
    },
    open: async (dir) => (await lance()).openIndex(dir, embedder ? { embedder } : {}),
  };
}

/**
 * One OpenSearch client per process, made on first use. Its package (about 260 KiB minified) is
 * loaded then too: every function and the CLI build this runtime, only an OpenSearch deployment
 * calls it.
 */
export function openSearchOf(config: CairnConfig): () => Promise<Client> {
  let client: Promise<Client> | undefined;
  return () => {
    client ??= import('../adapters/corpus/opensearch/client.js').then(({ createOpenSearchClient }) =>
      createOpenSearchClient({ endpoint: config.engine.opensearchEndpoint ?? '', region: config.region ?? 'us-east-1' }),
    );
    return client;
  };
}

export interface EngineOverrides {
  localEngine?: LocalIndexEngine;
  opensearch?: OpenSearchClientSource;
}

/**
 * The stored indexes Execute opens, or undefined when `s3://` corpora are indexed in memory. The
 * embedder is the configured one (CAIRN_EMBEDDINGS), the one the index job embedded the documents with.
 */
export function createStoredIndexes(config: CairnConfig, clients: Clients, overrides: EngineOverrides = {}, embedder?: Embedder): StoredIndexes | undefined {
  const { engine, indexLocation, cacheDir } = config.engine;
  if (engine === 'memory') return undefined;
  if (engine === 'opensearch')
    return new StoredIndexes(clients.s3, { kind: 'opensearch', client: overrides.opensearch ?? openSearchOf(config), ...(embedder ? { embedder } : {}) });
  return new StoredIndexes(clients.s3, {
    kind: 'local',
    local: overrides.localEngine ?? localIndexEngine(embedder),
    indexLocation: indexLocation ?? '',
    cacheDir,
  });
}
