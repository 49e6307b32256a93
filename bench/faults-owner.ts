/**
 * The owner fault scenarios: another process of this machine tries the doors of a CAIRN_HOME.
 * `cairn serve` runs as a real process on a fresh home; the rows then read its files' modes, talk
 * to its store's loopback port as a foreign client (the real AWS SDK client, with guessed keys and
 * with the project's own unsigned local client), and call serve's mutating routes without its
 * token, with a wrong one, with a body that is not JSON and with a foreign Host.
 *
 *   node --import tsx bench/faults-owner.ts --json   the rows as a JSON array on the last line
 *
 * `ownerFaultRows()` gives the same rows to a benchmark that gathers every fault scenario. Each
 * row's `ok` is computed from its figures.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { tokenFileOf } from '../cli/serve/owner-token.js';
import { createDynamoClient } from '../functions/adapters/dynamodb/client.js';
import { DynamoLearnedToolStore } from '../functions/adapters/dynamodb/learned-tools.js';
import { DynamoTraceStore } from '../functions/adapters/dynamodb/trace-store.js';
import { FilePayloadStore } from '../functions/adapters/payloads/file-payload-store.js';
import { endpointFileOf, secretFileOf } from '../local/store/shared-store.js';
import { learnedRecord, searchThenGet } from '../test/support/learned.js';
import { tempDir } from '../test/support/temp-dir.js';
import type { FaultRow } from './faults-llm.js';

const TABLE = 'cairn-traces';
const CLI = ['cli/launch.mjs'];

/** The environment of `cairn` on `home`: its embedded store, never a DynamoDB endpoint of this environment. */
const envOf = (home: string): NodeJS.ProcessEnv => ({ ...process.env, CAIRN_HOME: home, CAIRN_DYNAMODB_ENDPOINT: '', CAIRN_DEBUG: '' });

/** The permission bits of `path`, as `0o700`; undefined when it does not exist. */
function modeOf(path: string): string | undefined {
  try {
    return `0o${(statSync(path).mode & 0o777).toString(8)}`;
  } catch {
    return undefined;
  }
}

function readOptional(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** `cairn serve --port 0` on `home`, once it says where it listens. */
async function startServe(home: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...CLI, 'serve', '--port', '0'], { env: envOf(home), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no address in 60 s: ${out}${err}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /serving on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${err}`));
    });
  });
  return { child, url };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One request to serve; `headers` replace the JSON content type when given. */
async function call(
  url: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<Answer> {
  const response = await fetch(new URL(path, url), { method, headers, ...(body !== undefined ? { body } : {}), signal: AbortSignal.timeout(20_000) });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return { status: response.status, body: parsed };
}

/** A request with a Host header of our choosing (fetch sends its own). */
function withHost(url: string, method: string, host: string): Promise<number> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/plans', method, headers: { host, 'content-type': 'application/json' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(method === 'POST' ? JSON.stringify({ task: 'What is a bouchon?' }) : undefined);
  });
}

async function statusOf(url: string, planId: string, want: readonly string[], timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = String((await call(url, 'GET', `/plans/${planId}`)).body.status);
    if (want.includes(status) || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function planCount(url: string): Promise<number> {
  return ((await call(url, 'GET', '/plans?limit=200')).body.plans as unknown[]).length;
}

/** What `work` met: the name of the store's error under any wrapping, or undefined when it was served. */
async function refusal(work: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await work();
    return undefined;
  } catch (error) {
    let root = error as Error & { cause?: unknown };
    while (root.cause instanceof Error) root = root.cause;
    return root.name;
  }
}

/** A client of another process: the real SDK client, really signing with keys it guessed. */
const guessingClient = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: 'us-east-1', maxAttempts: 1, credentials: { accessKeyId: 'AKIAFOREIGNPROCESS00', secretAccessKey: 'a-guess' } });

export async function ownerFaultRows(): Promise<FaultRow[]> {
  const rows: FaultRow[] = [];
  const root = tempDir('bench-owner');
  // A home that does not exist yet: serve makes it.
  const home = join(root, 'home');
  const dataDir = join(home, 'db');
  let serve: ChildProcess | undefined;
  try {
    const started = await startServe(home);
    serve = started.child;
    const { url } = started;
    const token = readOptional(tokenFileOf(home));
    const owner: Record<string, string> = { 'content-type': 'application/json', ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}) };
    const endpoint = String((JSON.parse(readFileSync(endpointFileOf(dataDir), 'utf8')) as { endpoint: string }).endpoint);
    const secret = readOptional(secretFileOf(dataDir));

    // The owner's work: a plan that ran, and one that waits on a question (its token in the store).
    const ran = String((await call(url, 'POST', '/plans', JSON.stringify({ task: 'Compare the populations of Lyon and Marseille' }), owner)).body.planId);
    const elicitation = JSON.parse(readFileSync('examples/plans/elicitation.json', 'utf8')) as unknown;
    const waiting = String(
      (
        await call(
          url,
          'POST',
          '/plans',
          JSON.stringify({ task: 'What is the population of the city?', options: { plan: elicitation, analyze: false } }),
          owner,
        )
      ).body.planId,
    );
    const ranStatus = await statusOf(url, ran, ['succeeded', 'failed']);
    const waitingStatus = await statusOf(url, waiting, ['waiting_for_input', 'failed']);

    rows.push(await viewsWithoutTaskToken(url, home, endpoint, secret, waiting));
    rows.push(await foreignRead(endpoint));
    rows.push(await foreignWrite(url, endpoint));
    rows.push(ownerModes(home, dataDir));
    rows.push(await postWithout(url));
    rows.push(await inputWithout(url, waiting, waitingStatus));
    rows.push(await approveWithout(url, endpoint, secret, owner));
    rows.push(await wrongToken(url));
    rows.push(await notJson(url, owner));
    rows.push(await foreignHost(url));
    rows.push(await ownerServed(url, endpoint, secret, owner, ranStatus));
  } finally {
    if (serve && serve.exitCode === null) {
      serve.kill('SIGTERM');
      await once(serve, 'exit');
    }
  }
  rows.push(await existingHome(root));
  rmSync(root, { recursive: true, force: true });
  return rows;
}

/** The open reading routes, searched for the task token of a plan waiting on its question (the owner reads it from the store). */
async function viewsWithoutTaskToken(url: string, home: string, endpoint: string, secret: string | undefined, planId: string): Promise<FaultRow> {
  const client = createDynamoClient({ endpoint, maxAttempts: 1, ...(secret !== undefined ? { secret } : {}) });
  const store = new DynamoTraceStore({ client, tableName: TABLE, payloads: new FilePayloadStore({ root: join(home, 'payloads') }) });
  const taskToken = (await store.getPlan(planId))?.inputToken?.token;
  client.destroy();
  const paths = [`/plans/${planId}`, `/plans/${planId}/trace`, '/plans', '/tools', `/ui/plans/${planId}`];
  const showing: string[] = [];
  for (const path of paths) {
    const response = await fetch(new URL(path, url), { signal: AbortSignal.timeout(20_000) });
    if (taskToken !== undefined && (await response.text()).includes(taskToken)) showing.push(path);
  }
  return {
    scenario: 'the open GET routes show no task token',
    ok: taskToken !== undefined && showing.length === 0,
    taskTokenStored: taskToken !== undefined,
    paths,
    showing,
  };
}

/** Every trace item, read through the store's port by a process that has no secret. */
async function foreignRead(endpoint: string): Promise<FaultRow> {
  const counts = { items: 0, inputTokens: 0, tasks: 0 };
  const refusedWith: Record<string, string | null> = {};
  for (const [name, client] of [
    ['signed with guessed keys', guessingClient(endpoint)],
    ['unsigned local client', createDynamoClient({ endpoint, maxAttempts: 1 })],
  ] as const) {
    refusedWith[name] =
      (await refusal(async () => {
        const tables = (await client.send(new ListTablesCommand({}))).TableNames ?? [];
        for (const TableName of tables) {
          const { Items = [] } = await client.send(new ScanCommand({ TableName }));
          counts.items += Items.length;
          counts.inputTokens += Items.filter((i) => /inputToken\\?"/.test(JSON.stringify(i))).length;
          counts.tasks += Items.filter((i) => JSON.stringify(i).includes('populations of Lyon')).length;
        }
      })) ?? null;
    client.destroy();
  }
  return {
    scenario: 'foreign client reads the trace',
    ok: Object.values(refusedWith).every((name) => name === 'UnrecognizedClientException') && counts.items === 0,
    refusedWith,
    itemsRead: counts.items,
    inputTokensRead: counts.inputTokens,
    itemsWithAnotherPlansTask: counts.tasks,
  };
}

/** A PROMOTED learned tool written through the store's port by a process that has no secret. */
async function foreignWrite(url: string, endpoint: string): Promise<FaultRow> {
  const forged = learnedRecord('PROMOTED', searchThenGet({ tool_id: 'learned.forged' }));
  const client = guessingClient(endpoint);
  const refusedWith = await refusal(() => new DynamoLearnedToolStore({ client, tableName: TABLE }).save(forged));
  client.destroy();
  const listed = ((await call(url, 'GET', '/tools')).body.tools as Array<{ id: string; status: string }>).filter((t) => t.id === forged.id);
  return {
    scenario: 'foreign client writes a PROMOTED tool',
    ok: refusedWith === 'UnrecognizedClientException' && listed.length === 0,
    refusedWith: refusedWith ?? null,
    listedByGetTools: listed.map((t) => t.status),
  };
}

/** The modes of the home serve made, and of the files in it that say how to reach its store and serve. */
function ownerModes(home: string, dataDir: string): FaultRow {
  const files = { endpoint: modeOf(endpointFileOf(dataDir)), secret: modeOf(secretFileOf(dataDir)), token: modeOf(tokenFileOf(home)) };
  const folders = { home: modeOf(home), data: modeOf(dataDir) };
  return {
    scenario: 'home folder and its files are the owner’s',
    ok: Object.values(folders).every((m) => m === '0o700') && Object.values(files).every((m) => m === '0o600'),
    folders,
    files,
  };
}

async function postWithout(url: string): Promise<FaultRow> {
  const before = await planCount(url);
  const answer = await call(url, 'POST', '/plans', JSON.stringify({ task: 'What is a bouchon?' }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const started = (await planCount(url)) - before;
  return { scenario: 'POST /plans without the token', ok: answer.status === 401 && started === 0, status: answer.status, plansStarted: started };
}

async function inputWithout(url: string, planId: string, statusBefore: string): Promise<FaultRow> {
  const answer = await call(url, 'POST', `/plans/${planId}/input`, JSON.stringify({ answer: { city: 'Lyon' } }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const after = String((await call(url, 'GET', `/plans/${planId}`)).body.status);
  return {
    scenario: 'POST /plans/{id}/input without the token',
    ok: statusBefore === 'waiting_for_input' && answer.status === 401 && after === 'waiting_for_input',
    planBefore: statusBefore,
    status: answer.status,
    planAfter: after,
  };
}

/** A tool waiting in TESTING, put there by the owner, then approved by a process without the token. */
async function approveWithout(url: string, endpoint: string, secret: string | undefined, owner: Record<string, string>): Promise<FaultRow> {
  const testing = learnedRecord('TESTING', searchThenGet({ tool_id: 'learned.waiting' }));
  const client = createDynamoClient({ endpoint, maxAttempts: 1, ...(secret !== undefined ? { secret } : {}) });
  await new DynamoLearnedToolStore({ client, tableName: TABLE }).save(testing);
  client.destroy();
  const answer = await call(url, 'POST', `/tools/${testing.id}/approve`, JSON.stringify({ decision: 'promote' }));
  const after = ((await call(url, 'GET', '/tools', undefined, owner)).body.tools as Array<{ id: string; status: string }>).find(
    (t) => t.id === testing.id,
  )?.status;
  return { scenario: 'POST /tools/{id}/approve without the token', ok: answer.status === 401 && after === 'TESTING', status: answer.status, toolAfter: after };
}

async function wrongToken(url: string): Promise<FaultRow> {
  const before = await planCount(url);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${'0'.repeat(64)}` };
  const plans = await call(url, 'POST', '/plans', JSON.stringify({ task: 'What is a bouchon?' }), headers);
  const approve = await call(url, 'POST', '/tools/learned.waiting/approve', JSON.stringify({ decision: 'reject' }), headers);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const started = (await planCount(url)) - before;
  return {
    scenario: 'a wrong token',
    ok: plans.status === 401 && approve.status === 401 && started === 0,
    statuses: [plans.status, approve.status],
    plansStarted: started,
  };
}

async function notJson(url: string, owner: Record<string, string>): Promise<FaultRow> {
  const answer = await call(url, 'POST', '/plans', 'task=hello', { ...owner, 'content-type': 'application/x-www-form-urlencoded' });
  return { scenario: 'a body not declared JSON, with the token', ok: answer.status === 415, status: answer.status };
}

async function foreignHost(url: string): Promise<FaultRow> {
  const statuses = [await withHost(url, 'GET', 'attacker.example:80'), await withHost(url, 'POST', 'attacker.example:80')];
  return { scenario: 'a Host that is not this machine', ok: statuses.every((s) => s === 421), statuses };
}

/** The owner still gets through: serve with its token, the store with its secret. */
async function ownerServed(url: string, endpoint: string, secret: string | undefined, owner: Record<string, string>, ranStatus: string): Promise<FaultRow> {
  const answer = await call(url, 'POST', '/plans', JSON.stringify({ task: 'What is a bouchon?' }), owner);
  const status = await statusOf(url, String(answer.body.planId), ['succeeded', 'failed']);
  const client = createDynamoClient({ endpoint, maxAttempts: 1, ...(secret !== undefined ? { secret } : {}) });
  const storeRefusal = await refusal(() => client.send(new ListTablesCommand({})));
  client.destroy();
  return {
    scenario: 'the owner, with the token and the secret',
    ok: answer.status === 202 && status === 'succeeded' && ranStatus === 'succeeded' && storeRefusal === undefined,
    status: answer.status,
    plans: [ranStatus, status],
    storeRefusal: storeRefusal ?? null,
  };
}

/** A home made before, open to everyone (0755): a command on it makes it the owner's. */
async function existingHome(root: string): Promise<FaultRow> {
  const home = join(root, 'open-home');
  mkdirSync(home, { mode: 0o755 });
  const before = modeOf(home);
  const code = await new Promise<number>((resolve) => {
    execFile(process.execPath, [...CLI, 'run', 'What is a bouchon?', '--json'], { env: envOf(home), timeout: 60_000 }, (error) =>
      resolve(error ? Number((error as { code?: number }).code ?? 1) : 0),
    );
  });
  const after = modeOf(home);
  return { scenario: 'an existing home open to others', ok: code === 0 && after === '0o700', before, after, exitCode: code };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await ownerFaultRows();
  if (!process.argv.includes('--json')) for (const row of rows) console.log(JSON.stringify(row));
  console.log(JSON.stringify(rows));
}
