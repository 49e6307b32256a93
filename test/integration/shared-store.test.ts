/**
 * Several `cairn` processes on one CAIRN_HOME: the one holding the local store serves it and the
 * others connect to it, so a plan run from the command line while `serve` runs shows on its page.
 * Every other process of the machine is a stranger: the store and serve's mutating routes refuse it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { tokenFileOf } from '../../cli/serve/owner-token.js';
import { createDynamoClient } from '../../functions/adapters/dynamodb/client.js';
import { endpointFileOf, secretFileOf } from '../../local/store/shared-store.js';
import { cairnCommand, cairnEnvironment, runCairn } from '../support/cairn-process.js';
import { tempDir } from '../support/temp-dir.js';

const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
});

/** `cairn serve --port 0` on `home`, until it says where it listens; `out` is what it printed so far. */
function serve(home: string): Promise<{ url: string; child: ChildProcess; out: () => string }> {
  const [file, args] = cairnCommand(['serve', '--port', '0']);
  const child = spawn(file, args, { env: cairnEnvironment(home), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /serving on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1];
      if (url) resolve({ url, child, out: () => out });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

describe('cairn: one local store, several processes', () => {
  it('runs a task from the command line while serve holds the store, prints its page there, and serve lists its plan', async () => {
    // Prepare
    const home = tempDir('shared-store');
    const { url } = await serve(home);

    // Act
    const run = await runCairn(['run', 'Compare the populations of Lyon and Marseille', '--json'], cairnEnvironment(home));
    const trace = run.code === 0 ? await runCairn(['trace', (JSON.parse(run.stdout) as { planId: string }).planId], cairnEnvironment(home)) : undefined;
    const listed = (await (await fetch(new URL('plans', url))).json()) as { plans: Array<{ planId: string; status: string }> };

    // Assess
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const { planId } = JSON.parse(run.stdout) as { planId: string };
    expect(trace?.code).toBe(0);
    expect(listed.plans).toContainEqual(expect.objectContaining({ planId, status: 'succeeded' }));
    // run names the plan's page on the serve of its home.
    expect((JSON.parse(run.stdout) as { page?: string }).page).toBe(`${url}ui/plans/${planId}`);
  });

  it('ignores the endpoint file of a process that has ended', async () => {
    // Prepare: a pid that no longer runs, announcing a port nobody listens on.
    const home = tempDir('stale-store');
    const ended = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => ended.once('exit', resolve));
    writeFileSync(endpointFileOf(join(home, 'db')), JSON.stringify({ pid: ended.pid, endpoint: 'http://127.0.0.1:9' }));

    // Act
    const run = await runCairn(['run', 'What is a bouchon?', '--json'], cairnEnvironment(home));

    // Assess
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it("keeps the home, its store and serve's mutating routes to their owner", async () => {
    // Prepare: serve makes a home that does not exist yet
    const home = join(tempDir('owner'), 'home');
    const dataDir = join(home, 'db');
    const { url, out } = await serve(home);
    const token = readFileSync(tokenFileOf(home), 'utf8');
    const secret = readFileSync(secretFileOf(dataDir), 'utf8');
    const { endpoint } = JSON.parse(readFileSync(endpointFileOf(dataDir), 'utf8')) as { endpoint: string };
    const post = (authorization?: string) =>
      fetch(new URL('plans', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ task: 'What is a bouchon?' }),
      });
    const stranger = new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      maxAttempts: 1,
      credentials: { accessKeyId: 'AKIASTRANGER', secretAccessKey: 'guess' },
    });
    const unsigned = createDynamoClient({ endpoint, maxAttempts: 1 });
    const owner = createDynamoClient({ endpoint, maxAttempts: 1, secret });

    // Act
    const refused = await Promise.all([
      stranger.send(new ScanCommand({ TableName: 'cairn-traces' })).then(
        () => 'served',
        (error: Error) => error.name,
      ),
      unsigned.send(new ScanCommand({ TableName: 'cairn-traces' })).then(
        () => 'served',
        (error: Error) => error.name,
      ),
      stranger
        .send(new PutItemCommand({ TableName: 'cairn-traces', Item: { pk: { S: 'TOOL#learned.forged' }, sk: { S: 'META' }, status: { S: 'PROMOTED' } } }))
        .then(
          () => 'served',
          (error: Error) => error.name,
        ),
    ]);
    const tables = (await owner.send(new ListTablesCommand({}))).TableNames;
    const without = await post();
    const started = await post(`Bearer ${token}`);
    for (const client of [stranger, unsigned, owner]) client.destroy();

    // Assess
    expect(statSync(home).mode & 0o777).toBe(0o700);
    for (const file of [secretFileOf(dataDir), endpointFileOf(dataDir), tokenFileOf(home)]) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(token).not.toBe(secret);
    expect(out()).toContain(`plans: ${url}#token=${token}`);
    expect(refused).toEqual(['UnrecognizedClientException', 'UnrecognizedClientException', 'UnrecognizedClientException']);
    expect(tables).toContain('cairn-traces');
    expect(without.status).toBe(401);
    expect(Object.keys((await without.json()) as object)).toEqual(['message']);
    expect(started.status).toBe(202);
  });
});
