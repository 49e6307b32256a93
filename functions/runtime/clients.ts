/**
 * The AWS clients every runtime builds from its configuration, once, traced by Powertools when
 * tracing is on. The adapters (adapters.ts) and the engines behind stored indexes
 * (index-engines.ts) are made over them.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import { createDynamoClient, type DynamoClientOptions } from '../adapters/dynamodb/client.js';
import { createS3Client } from '../adapters/s3/client.js';
import type { CairnConfig } from '../shared/config.js';
import type { Observability } from './observability.js';

export interface Clients {
  dynamo: DynamoDBClient;
  /** Built on first use: a function that never touches S3 never pays for the client. */
  s3: () => S3Client;
}

/** How requests reach DynamoDB in place of the SDK's HTTP handler (the local runner's embedded store, in process). */
export type DynamoRequestHandler = DynamoClientOptions['requestHandler'];

export function createClients(config: CairnConfig, obs: Observability, dynamoRequestHandler?: DynamoRequestHandler, dynamoSecret?: string): Clients {
  const dynamo = obs.tracer.captureAWSv3Client(
    createDynamoClient({
      ...(config.dynamoEndpoint ? { endpoint: config.dynamoEndpoint } : {}),
      ...(config.region ? { region: config.region } : {}),
      ...(dynamoRequestHandler !== undefined ? { requestHandler: dynamoRequestHandler } : {}),
      ...(dynamoSecret !== undefined ? { secret: dynamoSecret } : {}),
    }),
  );
  let s3: S3Client | undefined;
  return {
    dynamo,
    s3: () => (s3 ??= obs.tracer.captureAWSv3Client(createS3Client({ region: config.region }))),
  };
}
