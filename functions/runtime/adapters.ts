/**
 * The adapters every runtime builds from its configuration and its AWS clients (clients.ts), once:
 * the trace store and where its large payloads go, and the corpus provider. workflow.ts (the
 * workflow's functions) and intake.ts (the API and triggers) share them.
 */

import { FileCorpusProvider } from '../adapters/corpus/file-corpus-provider.js';
import { S3CorpusProvider } from '../adapters/corpus/s3-corpus-provider.js';
import type { StoredIndexes } from '../adapters/corpus/s3-index/stored-index.js';
import { DynamoTraceStore } from '../adapters/dynamodb/trace-store.js';
import { createEmbedder } from '../adapters/embeddings/select.js';
import { FilePayloadStore } from '../adapters/payloads/file-payload-store.js';
import type { PayloadStore } from '../adapters/payloads/payload-store.js';
import { S3PayloadStore } from '../adapters/payloads/s3-payload-store.js';
import type { CorpusProvider } from '../core/ports.js';
import type { CairnConfig } from '../shared/config.js';
import type { Clients } from './clients.js';
import { createStoredIndexes } from './index-engines.js';

/** Large payloads: S3 on AWS (CAIRN_PAYLOAD_BUCKET), files under the payload folder locally. */
export function createPayloadStore(config: CairnConfig, clients: Clients): PayloadStore {
  const bucket = config.aws.payloadBucket;
  return bucket !== undefined ? new S3PayloadStore({ client: clients.s3, bucket }) : new FilePayloadStore({ root: config.payloadDir });
}

export function createTraceStore(config: CairnConfig, clients: Clients, payloads: PayloadStore = createPayloadStore(config, clients)): DynamoTraceStore {
  return new DynamoTraceStore({
    client: clients.dynamo,
    tableName: config.tableName,
    payloads,
    ttlDays: config.ttlDays,
  });
}

function withStored(stored: StoredIndexes | undefined): { stored?: StoredIndexes } {
  return stored === undefined ? {} : { stored };
}

/** `s3://` corpus references from S3, anything else from disk; in Lambda a request may name S3 only. */
export function createCorpusProvider(config: CairnConfig, clients: Clients): CorpusProvider {
  // The configured embedding model, or the lexical vectorizer when none is (no key, no network).
  const embedder = createEmbedder(config.retrieval, { region: config.region });
  const indexOptions = embedder ? { embedder } : {};
  return new S3CorpusProvider({
    client: clients.s3,
    files: new FileCorpusProvider(config.defaultCorpus, {
      roots: config.corpusRoots,
      indexRoot: config.indexRoot,
      maxFileBytes: config.corpusMaxFileBytes,
      ...indexOptions,
    }),
    defaultRef: config.defaultCorpus,
    requestPaths: !config.aws.inLambda,
    indexOptions,
    // With an engine configured, an s3:// corpus is opened from the index the index job built.
    ...withStored(createStoredIndexes(config, clients, {}, embedder)),
  });
}
