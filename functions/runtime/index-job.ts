/**
 * The index job's runtime, built once per process from the configuration: S3, the engine the
 * deployment chose (the local engine's builder, or the OpenSearch collection) and Powertools.
 * The stored indexes Execute opens are built here too (`createStoredIndexes`), from the same
 * settings, so the job and Execute cannot disagree on where an index lives.
 */
import type { Client } from '@opensearch-project/opensearch';
import { createOpenSearchClient } from '../adapters/corpus/opensearch/client.js';
import type { IndexJobDeps, LocalIndexEngine } from '../adapters/corpus/s3-index/index-job.js';
import { StoredIndexes } from '../adapters/corpus/s3-index/stored-index.js';
import { ConfigError } from '../core/errors.js';
import { createObservability, type Observability } from '../handlers/middleware.js';
import { type CairnConfig, loadConfig } from '../shared/config.js';
import { type Clients, createClients } from './adapters.js';
import { localIndexEngine } from './index-engines.js';

export interface IndexJobRuntime {
  config: CairnConfig;
  observability: Observability;
  deps: IndexJobDeps;
}

export interface IndexJobOverrides {
  localEngine?: LocalIndexEngine;
  opensearch?: () => Client;
  clients?: Clients;
}

/** One OpenSearch client per process, made on first use. */
function openSearchOf(config: CairnConfig): () => Client {
  let client: Client | undefined;
  return () => {
    client ??= createOpenSearchClient({ endpoint: config.engine.opensearchEndpoint ?? '', region: config.region ?? 'us-east-1' });
    return client;
  };
}

export function createIndexJobRuntime(config: CairnConfig, overrides: IndexJobOverrides = {}): IndexJobRuntime {
  const observability = createObservability(config);
  const clients = overrides.clients ?? createClients(config, observability);
  const { engine, indexLocation } = config.engine;
  if (indexLocation === undefined) throw new ConfigError('the index job needs CAIRN_INDEX_LOCATION (s3://bucket/prefix/)');
  const deps: IndexJobDeps = {
    s3: clients.s3,
    indexLocation,
    engine:
      engine === 'opensearch'
        ? { kind: 'opensearch', client: overrides.opensearch ?? openSearchOf(config) }
        : { kind: 'local', local: overrides.localEngine ?? localIndexEngine() },
  };
  return { config, observability, deps };
}

/** The stored indexes Execute opens, or undefined when `s3://` corpora are indexed in memory. */
export function createStoredIndexes(config: CairnConfig, clients: Clients, overrides: IndexJobOverrides = {}): StoredIndexes | undefined {
  const { engine, indexLocation, cacheDir } = config.engine;
  if (engine === 'memory') return undefined;
  if (engine === 'opensearch') return new StoredIndexes(clients.s3, { kind: 'opensearch', client: overrides.opensearch ?? openSearchOf(config) });
  return new StoredIndexes(clients.s3, { kind: 'local', local: overrides.localEngine ?? localIndexEngine(), indexLocation: indexLocation ?? '', cacheDir });
}

let current: IndexJobRuntime | undefined;

/** The Lambda process's index job runtime, built from the environment on first use and kept. */
export function indexJobRuntime(): IndexJobRuntime {
  current ??= createIndexJobRuntime(loadConfig());
  return current;
}
