/**
 * The index job's runtime, built once per process from the configuration: S3, the engine the
 * deployment chose (the local engine's builder, or the OpenSearch collection) and Powertools.
 * Execute's stored indexes come from the same settings (index-engines.ts), so the job and Execute
 * cannot disagree on where an index lives.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { IndexJobDeps } from '../adapters/corpus/s3-index/index-job.js';
import { createEmbedder } from '../adapters/embeddings/select.js';
import { ConfigError } from '../core/errors.js';
import { type CairnConfig, loadConfig } from '../shared/config.js';
import { createClients } from './clients.js';
import { type EngineOverrides, localIndexEngine, openSearchOf } from './index-engines.js';
import { createObservability, type Observability, type Tracing } from './observability.js';
import { powertoolsTracing } from './tracing.js';

export interface IndexJobRuntime {
  config: CairnConfig;
  observability: Observability;
  deps: IndexJobDeps;
}

export interface IndexJobOverrides extends EngineOverrides {
  /** X-Ray in Lambda; off when absent. */
  tracing?: Tracing;
  /** S3 elsewhere than the configuration's (a loopback server in tests). */
  s3?: () => S3Client;
}

export function createIndexJobRuntime(config: CairnConfig, overrides: IndexJobOverrides = {}): IndexJobRuntime {
  const observability = createObservability(config, overrides.tracing);
  const s3 = overrides.s3 ?? createClients(config, observability).s3;
  const { engine, indexLocation } = config.engine;
  if (indexLocation === undefined) throw new ConfigError('the index job needs CAIRN_INDEX_LOCATION (s3://bucket/prefix/)');
  // The embedder CAIRN_EMBEDDINGS names, as Execute has it: the documents are embedded by the model
  // that will embed the queries (none: the lexical vectorizer, fitted on the corpus).
  const embedder = createEmbedder(config.retrieval, { region: config.region });
  const deps: IndexJobDeps = {
    s3,
    indexLocation,
    engine:
      engine === 'opensearch'
        ? { kind: 'opensearch', client: overrides.opensearch ?? openSearchOf(config), ...(embedder ? { embedder } : {}) }
        : { kind: 'local', local: overrides.localEngine ?? localIndexEngine(embedder) },
  };
  return { config, observability, deps };
}

let current: IndexJobRuntime | undefined;

/** The Lambda process's index job runtime, built from the environment on first use and kept. */
export function indexJobRuntime(): IndexJobRuntime {
  current ??= createIndexJobRuntime(loadConfig(), { tracing: powertoolsTracing() });
  return current;
}
