/**
 * Every shell block of README.md and docs/*.md, run as a reader would type it, so no command in the
 * documentation goes stale. A block is marked in its info string (test/support/doc-blocks.ts):
 * `sh runnable [marks]` is run here, `sh not-runnable <why>` never is, and a shell block marked
 * neither fails the first test, so a new command cannot go unmarked.
 *
 * The blocks run in a copy of the project (its files copied, so what a block writes, such as
 * `bench:readme --write` into docs/, stays in the copy; node_modules linked), with an empty `.cairn/`
 * as CAIRN_HOME and `../shared/data` beside it linked to the shared data when there is some
 * (CAIRN_DOCS_SHARED_DATA, default ../shared/data from the project). The blocks of a page run in
 * order (a later one may read what an earlier one wrote); the pages run side by side. The
 * environment is a fresh machine's: no CAIRN_, ANTHROPIC_, OPENAI_ or AWS_ variable, and no
 * node_modules/.bin on the PATH, so a bare `node` is the system's. Each block must exit 0 and
 * print something besides npm's own lines.
 *
 * Skipped, with the reason in the test's name: blocks that need ../shared/data when it is not
 * there, blocks piping into Graphviz's `dot` when it is not installed, and `slow` blocks (over a
 * minute each) unless CAIRN_DOCS_SLOW=1.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocBlock, docBlocks, looksLikeCommand, markingFault, SHELL_LANGS } from '../support/doc-blocks.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const SHARED_DATA = resolve(process.env.CAIRN_DOCS_SHARED_DATA ?? join(ROOT, '../shared/data'));
const HAS_SHARED_DATA = existsSync(join(SHARED_DATA, 'hotpotqa-100'));
const SLOW = process.env.CAIRN_DOCS_SLOW === '1';
/** The port `serve` takes by default, which the pages' addresses name. */
const SERVE_PORT = 8787;
const BLOCK_LIMIT_MS = 240_000;
/** Pages whose blocks read nothing an earlier block wrote: the benches work in folders of their own. */
const INDEPENDENT_PAGES = new Set(['docs/benchmarks.md']);
const SLOW_BLOCK_LIMIT_MS = 900_000;

const hasDot = (() => {
  try {
    execFileSync('dot', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const blocks = PAGES.flatMap((page) => docBlocks(ROOT, page));
const shellBlocks = blocks.filter((b) => SHELL_LANGS.has(b.lang));
const runnable = shellBlocks.filter((b) => b.marks[0] === 'runnable' && markingFault(b) === undefined);

/** Why `block` is not run on this machine, or undefined when it is. */
function skipReason(block: DocBlock): string | undefined {
  if (block.marks.includes('needs=shared-data') && !HAS_SHARED_DATA) return `no hotpotqa-100 in ${SHARED_DATA} (CAIRN_DOCS_SHARED_DATA names another folder)`;
  if (block.marks.includes('needs=graphviz') && !hasDot) return "Graphviz's dot is not installed";
  if (block.marks.includes('slow') && !SLOW) return 'slow: CAIRN_DOCS_SLOW=1 runs it';
  return undefined;
}

/** A fresh machine's environment around a home: nothing of this project's or this shell's settings. */
function freshEnvironment(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // The test runner's own (VITEST*, TEST, MODE, NODE_ENV) would change how the programs behave.
    if (/^(CAIRN_|ANTHROPIC_|OPENAI_|AWS_|npm_|VITEST|(TEST|MODE|NODE_ENV|INIT_CWD)$)/.test(key)) continue;
    env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .join(delimiter);
  env.CAIRN_HOME = home;
  return env;
}

interface Workspace {
  base: string;
  dir: string;
  env: NodeJS.ProcessEnv;
}

/**
 * A copy of the project, files copied rather than linked: a script reached through a link would
 * not know itself as the main module, and a write to a linked file would reach the checkout.
 */
function workspace(): Workspace {
  const base = mkdtempSync(join(tmpdir(), 'cairn-docs-'));
  const dir = join(base, 'project');
  mkdirSync(join(dir, '.cairn'), { recursive: true });
  for (const entry of readdirSync(ROOT)) {
    if (['.cairn', '.git'].includes(entry)) continue;
    if (entry === 'node_modules') symlinkSync(join(ROOT, entry), join(dir, entry));
    else cpSync(join(ROOT, entry), join(dir, entry), { recursive: true, preserveTimestamps: true });
  }
  if (HAS_SHARED_DATA) {
    mkdirSync(join(base, 'shared'));
    symlinkSync(SHARED_DATA, join(base, 'shared', 'data'));
  }
  return { base, dir, env: freshEnvironment(join(dir, '.cairn')) };
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** For a server: the status of the page at the address it printed. */
  pageStatus?: number;
  skipped?: string;
}

function start(script: string, ws: Workspace): { child: ChildProcess; output: () => { stdout: string; stderr: string } } {
  const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: ws.dir, env: ws.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { child, output: () => ({ stdout, stderr }) };
}

/** Stops a process started by `start` and everything it started, and waits for its end. */
function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolveExit) => {
    const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(force);
      resolveExit(code);
    });
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  });
}

function runScript(script: string, ws: Workspace, limitMs: number): Promise<Outcome> {
  const started = performance.now();
  const { child, output } = start(script, ws);
  return new Promise((resolveRun) => {
    const timer = setTimeout(() => void stop(child, 'SIGKILL'), limitMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolveRun({ code, ...output(), ms: Math.round(performance.now() - started) });
    });
  });
}

const ADDRESS = /http:\/\/127\.0\.0\.1:\d+\/\S*/;

/** Starts a server, waits for the address it prints and opens it; the server is left running. */
async function startServer(script: string, ws: Workspace): Promise<{ child: ChildProcess; output: () => { stdout: string; stderr: string }; status: number }> {
  const server = start(script, ws);
  const deadline = Date.now() + 60_000;
  while (!ADDRESS.test(server.output().stdout)) {
    if (server.child.exitCode !== null || Date.now() > deadline) {
      await stop(server.child, 'SIGKILL');
      const { stdout, stderr } = server.output();
      throw new Error(`the server printed no address: ${stdout}${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const response = await fetch(ADDRESS.exec(server.output().stdout)![0]);
  return { ...server, status: response.status };
}

/** Whether nothing listens on the loopback port. */
const portFree = (port: number): Promise<boolean> =>
  new Promise((resolveFree) => {
    const probe = createServer();
    probe.once('error', () => resolveFree(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolveFree(true)));
  });

// Blocks that serve use the one default port: they take turns across pages.
let portTurn: Promise<unknown> = Promise.resolve();
function onThePort<T>(work: () => Promise<T>): Promise<T> {
  const turn = portTurn.then(work, work);
  portTurn = turn.catch(() => undefined);
  return turn;
}

async function runBlock(block: DocBlock, ws: Workspace): Promise<Outcome> {
  const limit = block.marks.includes('slow') ? SLOW_BLOCK_LIMIT_MS : BLOCK_LIMIT_MS;
  if (!block.marks.includes('server') && !block.marks.includes('with-server')) return runScript(block.text, ws, limit);
  return onThePort(async () => {
    if (!(await portFree(SERVE_PORT))) return { code: null, stdout: '', stderr: '', ms: 0, skipped: `port ${SERVE_PORT} is in use by another process` };
    const started = performance.now();
    if (block.marks.includes('server')) {
      const server = await startServer(block.text, ws);
      const code = await stop(server.child);
      return { code, ...server.output(), ms: Math.round(performance.now() - started), pageStatus: server.status };
    }
    const server = await startServer('npm start -- serve', ws);
    try {
      return await runScript(block.text, ws, limit);
    } finally {
      await stop(server.child);
    }
  });
}

/** The files a block writes with `>` (not /dev/null, not a variable). */
const redirectTargets = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.replace(/\s#.*$/, ''))
    .flatMap((line) => [...line.matchAll(/(?<![\d&>])>\s*([^\s&|;<>]+)/g)].map((m) => m[1]!))
    .filter((target) => target !== '/dev/null' && !target.includes('$'));

const outcomes = new Map<DocBlock, Promise<Outcome>>();
let ws: Workspace;

beforeAll(async () => {
  // The default reporter does not name skipped tests: the blocks not run here are said once.
  const skipped = runnable.flatMap((b) => {
    const reason = skipReason(b);
    return reason ? [`  ${b.page}:${b.line}: ${reason}`] : [];
  });
  if (skipped.length > 0) console.warn(`docs blocks not run on this machine:\n${skipped.join('\n')}`);
  ws = workspace();
  // The copy's CLI bundle, made once before the lanes start rather than by each lane's first command.
  const built = await runScript('npm run --silent prepare', ws, BLOCK_LIMIT_MS);
  if (built.code !== 0) throw new Error(`the copy's CLI bundle was not built: ${built.stderr}`);
  // One lane a page, the lanes side by side; each block waits for the one before it on its page,
  // except on the pages of independent blocks, where each block is a lane.
  for (const page of PAGES) {
    const mine = runnable.filter((b) => b.page === page && skipReason(b) === undefined);
    let previous: Promise<unknown> = Promise.resolve();
    for (const block of mine) {
      if (INDEPENDENT_PAGES.has(page)) previous = Promise.resolve();
      const outcome = previous.then(() => runBlock(block, ws).catch((error: unknown): Outcome => ({ code: null, stdout: '', stderr: String(error), ms: 0 })));
      outcomes.set(block, outcome);
      previous = outcome;
    }
  }
}, BLOCK_LIMIT_MS);

afterAll(async () => {
  await Promise.allSettled(outcomes.values());
  if (ws) rmSync(ws.base, { recursive: true, force: true });
});

describe('the commands of README.md and docs/', () => {
  it('marks every shell block runnable, or not-runnable with a reason', () => {
    // Act
    const faults = shellBlocks.flatMap((b) => {
      const fault = markingFault(b);
      return fault ? [`${b.page}:${b.line}: ${fault}`] : [];
    });

    // Assess
    expect(shellBlocks.length).toBeGreaterThan(20);
    expect(faults).toEqual([]);
  });

  it('holds no command in a block that names no language', () => {
    // Act
    const unmarked = blocks
      .filter((b) => b.lang === '')
      .flatMap((b) =>
        b.text
          .split('\n')
          .filter(looksLikeCommand)
          .map((line) => `${b.page}:${b.line}: ${line.trim()}`),
      );

    // Assess
    expect(unmarked).toEqual([]);
  });

  it('keeps README.md within 300 lines', () => {
    // Act
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;

    // Assess
    expect(lines).toBeLessThanOrEqual(300);
  });

  it('runs most of what the pages show', () => {
    // Assess: a page of commands marked not-runnable wholesale would pass everything else.
    expect(runnable.length).toBeGreaterThan(shellBlocks.length / 2);
    expect(new Set(runnable.map((b) => b.page))).toEqual(new Set(['README.md', 'docs/benchmarks.md', 'docs/evaluation.md', 'docs/guide.md']));
  });

  it('leaves out only blocks whose need this machine does not meet, each marked with that need', () => {
    // Act: the blocks not run here, with the mark their reason rests on.
    const leftOut = runnable.filter((b) => skipReason(b) !== undefined);
    const unmet = (b: DocBlock) =>
      (b.marks.includes('needs=shared-data') && !HAS_SHARED_DATA) || (b.marks.includes('needs=graphviz') && !hasDot) || (b.marks.includes('slow') && !SLOW);

    // Assess: a block is never left out on a need it does not declare, nor one this machine meets.
    expect(leftOut.filter((b) => !unmet(b)).map((b) => `${b.page}:${b.line}`)).toEqual([]);
    expect(leftOut.length).toBeLessThan(runnable.length);
  });

  for (const block of runnable) {
    const first = block.text.split('\n').find((line) => line.trim() && !line.trim().startsWith('#')) ?? '';
    const name = `${block.page}:${block.line} ${first.trim().slice(0, 90)}`;
    // Not run here: said once before the lanes start, and held to its declared need by the test above.
    if (skipReason(block)) continue;
    it(`runs ${name}`, { timeout: 1_500_000 }, async (ctx) => {
      // Act
      const outcome = await outcomes.get(block)!;
      if (outcome.skipped) return ctx.skip(outcome.skipped);

      // Assess
      const shown = `exit ${outcome.code} after ${outcome.ms} ms\n--- stdout\n${outcome.stdout.slice(-3000)}\n--- stderr\n${outcome.stderr.slice(-3000)}`;
      if (block.marks.includes('server')) {
        expect(outcome.pageStatus, shown).toBe(200);
        expect(outcome.stdout, shown).toMatch(ADDRESS);
        return;
      }
      expect(outcome.code, shown).toBe(0);
      const targets = redirectTargets(block.text);
      const printed = `${outcome.stdout}\n${outcome.stderr}`.split('\n').filter((line) => line.trim() && !line.startsWith('> '));
      if (targets.length === 0) expect(printed.length, `printed nothing of its own\n${shown}`).toBeGreaterThan(0);
      for (const target of targets) {
        const path = resolve(ws.dir, target);
        expect(existsSync(path) && statSync(path).size > 0, `${target} was written\n${shown}`).toBe(true);
        const text = readFileSync(path, 'utf8');
        if (target.endsWith('.mmd')) expect(text, target).toMatch(/^(flowchart|graph) /);
        if (target.endsWith('.svg')) expect(text, target).toContain('<svg');
        if (target.endsWith('.json')) expect(() => JSON.parse(text.trim().split('\n').at(-1)!), target).not.toThrow();
      }
      if (/npm start -- run "[^"]+"(?![^\n]*--(format|json))/.test(block.text)) expect(outcome.stdout, shown).toMatch(/^Answer: /m);
    });
  }
});
