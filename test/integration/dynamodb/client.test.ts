import { createServer, type Server, type Socket } from 'node:net';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { createDynamoClient, isLocalEndpoint } from '../../../functions/adapters/dynamodb/client.js';

describe('Function: createDynamoClient', () => {
  let blackHole: Server | undefined;
  const sockets: Socket[] = [];

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise<void>((resolve) => (blackHole ? blackHole.close(() => resolve()) : resolve()));
    blackHole = undefined;
  });

  it('gives a local endpoint fixed credentials and region, so nothing is looked up', async () => {
    const client = createDynamoClient({ endpoint: 'http://127.0.0.1:8000' });

    expect(await client.config.region()).toBe('us-east-1');
    expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'local', secretAccessKey: 'local' });
    expect(await client.config.maxAttempts()).toBe(3);
    client.destroy();
  });

  it('recognises loopback endpoints only', () => {
    expect(isLocalEndpoint('http://localhost:8000')).toBe(true);
    expect(isLocalEndpoint('http://[::1]:8000')).toBe(true);
    expect(isLocalEndpoint('https://dynamodb.eu-west-1.amazonaws.com')).toBe(false);
    expect(isLocalEndpoint(undefined)).toBe(false);
  });

  it('times a request out instead of hanging on a server that never answers', async () => {
    // Prepare: accepts connections, never responds
    blackHole = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blackHole?.listen(0, '127.0.0.1', resolve));
    const { port } = blackHole.address() as { port: number };
    const client = createDynamoClient({ endpoint: `http://127.0.0.1:${port}`, maxAttempts: 1, requestTimeoutMs: 300 });

    // Act
    const started = Date.now();
    const sent = client.send(new ListTablesCommand({}));

    // Assess
    await expect(sent).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2_000);
    client.destroy();
  });
});
