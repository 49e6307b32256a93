/** Where corpora in S3 are indexed and searched, from the environment: the values the stack sets, and wrong ones refused in words. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../functions/shared/config.js';

describe('Function: loadEngineSettings (through loadConfig)', () => {
  it('reads the local engine and the OpenSearch endpoint as the stack sets them', () => {
    expect(loadConfig({ CAIRN_RETRIEVAL_ENGINE: 'local', CAIRN_INDEX_LOCATION: 's3://cairn-bucket/indexes/' }).engine).toMatchObject({
      engine: 'local',
      indexLocation: 's3://cairn-bucket/indexes/',
    });
    expect(loadConfig({ CAIRN_RETRIEVAL_ENGINE: 'opensearch', CAIRN_OPENSEARCH_ENDPOINT: 'https://abc.eu-west-1.aoss.amazonaws.com' }).engine).toMatchObject({
      engine: 'opensearch',
      opensearchEndpoint: 'https://abc.eu-west-1.aoss.amazonaws.com',
    });
  });

  it('refuses an unknown engine, a local engine without its location, and OpenSearch without its endpoint', () => {
    expect(() => loadConfig({ CAIRN_RETRIEVAL_ENGINE: 'faiss' })).toThrow('CAIRN_RETRIEVAL_ENGINE must be one of memory, local, opensearch, got "faiss"');
    expect(() => loadConfig({ CAIRN_RETRIEVAL_ENGINE: 'local' })).toThrow('CAIRN_INDEX_LOCATION is required with CAIRN_RETRIEVAL_ENGINE=local');
    expect(() => loadConfig({ CAIRN_RETRIEVAL_ENGINE: 'local', CAIRN_INDEX_LOCATION: 's3://bucket/no-slash' })).toThrow(
      'CAIRN_INDEX_LOCATION must be an s3://bucket/prefix/ ending in /',
    );
    expect(() => loadConfig({ CAIRN_RETRIEVAL_ENGINE: 'opensearch' })).toThrow(
      /^invalid configuration: CAIRN_OPENSEARCH_ENDPOINT must be the collection's https URL/,
    );
  });
});
