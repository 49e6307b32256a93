/**
 * The DynamoDB servers a behavioural suite runs against: AWS's DynamoDB Local (the reference) and
 * the embedded dynalite (`cairn run`'s default), so the local default is proven equivalent.
 */
import { inject } from 'vitest';
import { startEmbeddedDynamo } from '../../../local/store/embedded.js';
import { startDynamoDbLocal } from './dynamodb-local.js';

export interface RunningDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

export interface DynamoBackend {
  name: string;
  /** dynalite has no UpdateTimeToLive: items carry expiresAt but the table reports TTL disabled. */
  enablesTtl: boolean;
  start(): Promise<RunningDynamo>;
}

export const dynamoBackends: DynamoBackend[] = [
  {
    name: 'DynamoDB Local',
    enablesTtl: true,
    async start() {
      // The globalSetup's shared server; a file run without it starts its own.
      const shared = inject('dynamoEndpoint') as string | undefined;
      if (shared !== undefined) return { endpoint: shared, stop: async () => {} };
      const local = await startDynamoDbLocal();
      return { endpoint: local.endpoint, stop: local.stop };
    },
  },
  {
    name: 'dynalite (embedded)',
    enablesTtl: false,
    async start() {
      const embedded = await startEmbeddedDynamo();
      return { endpoint: embedded.endpoint, stop: embedded.close };
    },
  },
];
