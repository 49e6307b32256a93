/**
 * Vitest globalSetup: one DynamoDB Local for the whole run. Tests read its endpoint with
 * `inject('dynamoEndpoint')` and create their own tables, so files never collide.
 */
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from './dynamodb-local.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const local = await startDynamoDbLocal();
  project.provide('dynamoEndpoint', local.endpoint);
  return async () => {
    await local.stop();
  };
}
