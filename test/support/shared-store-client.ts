/**
 * A process that uses a shared local store as a client, for the tests of openSharedDynamo:
 * `node --import tsx test/support/shared-store-client.ts <dataDir>` opens the store, prints
 * `{"shared":..,"endpoint":..}`, waits for a line on stdin, then lists the tables through the real
 * SDK client (presenting the store's secret), prints `{"tables":[...]}` (or `{"error":...}`), closes the store and ends.
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createDynamoClient } from '../../functions/adapters/dynamodb/client.js';
import { openSharedDynamo } from '../../local/store/shared-store.js';

const store = await openSharedDynamo(process.argv[2]!);
process.stdout.write(`${JSON.stringify({ shared: store.shared === true, endpoint: store.endpoint })}\n`);
const lines = createInterface({ input: process.stdin });
await once(lines, 'line');
const client = createDynamoClient({ endpoint: store.endpoint, maxAttempts: 1, ...(store.secret !== undefined ? { secret: store.secret } : {}) });
try {
  const { TableNames } = await client.send(new ListTablesCommand({}));
  process.stdout.write(`${JSON.stringify({ tables: TableNames ?? [] })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`);
} finally {
  client.destroy();
  lines.close();
  await store.close();
}
