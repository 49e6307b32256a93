/**
 * The AWS SDK clients Cairn creates (adapters/*\/client.ts) share their settings: here, that none
 * carries the SDK's logger middleware, which filters each request and response for a no-op logger.
 */
import { describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../../functions/adapters/dynamodb/client.js';
import { createS3Client } from '../../../functions/adapters/s3/client.js';
import { createSfnClient } from '../../../functions/adapters/sfn/client.js';

describe('The AWS clients', () => {
  it.each([
    ['DynamoDB, local', () => createDynamoClient({ endpoint: 'http://127.0.0.1:8000' })],
    ['DynamoDB, regional', () => createDynamoClient({ region: 'eu-west-1' })],
    ['S3', () => createS3Client({ region: 'eu-west-1' })],
    ['Step Functions', () => createSfnClient({ region: 'eu-west-1' })],
  ])('%s has no logger middleware, and keeps the others', (_name, create) => {
    // Act
    const client = create();
    const stack = client.middlewareStack.identify();

    // Assess
    expect(stack.filter((entry) => entry.startsWith('loggerMiddleware'))).toEqual([]);
    expect(stack.some((entry) => entry.startsWith('retryMiddleware'))).toBe(true);
    client.destroy();
  });
});
