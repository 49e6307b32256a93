/**
 * Where a corpus in S3 is indexed and searched, read with the rest of the configuration by
 * loadConfig and checked the same way. The CDK stack sets these on the index job and Execute.
 *
 *   CAIRN_RETRIEVAL_ENGINE     memory (default): an `s3://` corpus is read and indexed in memory
 *                              by each container, as on one machine; local: the index job's index
 *                              of the local engine, stored under CAIRN_INDEX_LOCATION, is opened;
 *                              opensearch: the OpenSearch Serverless collection at
 *                              CAIRN_OPENSEARCH_ENDPOINT holds the index
 *   CAIRN_INDEX_LOCATION       s3://bucket/prefix/ under which the index job stores indexes
 *   CAIRN_OPENSEARCH_ENDPOINT  the collection's https endpoint
 *   CAIRN_INDEX_CACHE_DIR      where an opened index's files are kept (default: the temp folder)
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const RETRIEVAL_ENGINES = ['memory', 'local', 'opensearch'] as const;
export type RetrievalEngineName = (typeof RETRIEVAL_ENGINES)[number];

export interface EngineSettings {
  engine: RetrievalEngineName;
  /** `s3://bucket/prefix/`: required by the index job, and by Execute with the local engine. */
  indexLocation: string | undefined;
  opensearchEndpoint: string | undefined;
  cacheDir: string;
}

type Env = Record<string, string | undefined>;

export function loadEngineSettings(env: Env, problems: string[]): EngineSettings {
  const engine = (env.CAIRN_RETRIEVAL_ENGINE || 'memory').toLowerCase();
  if (!(RETRIEVAL_ENGINES as readonly string[]).includes(engine))
    problems.push(`CAIRN_RETRIEVAL_ENGINE must be one of ${RETRIEVAL_ENGINES.join(', ')}, got ${JSON.stringify(env.CAIRN_RETRIEVAL_ENGINE)}`);
  const indexLocation = env.CAIRN_INDEX_LOCATION || undefined;
  if (indexLocation !== undefined && !/^s3:\/\/[^/\s]+\/(\S*\/)?$/.test(indexLocation))
    problems.push(`CAIRN_INDEX_LOCATION must be an s3://bucket/prefix/ ending in /, got ${JSON.stringify(indexLocation)}`);
  if (engine === 'local' && indexLocation === undefined) problems.push('CAIRN_INDEX_LOCATION is required with CAIRN_RETRIEVAL_ENGINE=local');
  const opensearchEndpoint = env.CAIRN_OPENSEARCH_ENDPOINT || undefined;
  if (engine === 'opensearch' && (opensearchEndpoint === undefined || !/^https?:\/\/\S+$/.test(opensearchEndpoint)))
    problems.push(
      `CAIRN_OPENSEARCH_ENDPOINT must be the collection's https URL with CAIRN_RETRIEVAL_ENGINE=opensearch, got ${JSON.stringify(opensearchEndpoint ?? '')}`,
    );
  return {
    engine: (RETRIEVAL_ENGINES as readonly string[]).includes(engine) ? (engine as RetrievalEngineName) : 'memory',
    indexLocation,
    opensearchEndpoint,
    cacheDir: env.CAIRN_INDEX_CACHE_DIR || join(tmpdir(), 'cairn-indexes'),
  };
}
