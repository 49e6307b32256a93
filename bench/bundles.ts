/**
 * `npm run bench:bundles [-- --json] [-- --runs N]`: for every Lambda of the stack, the size of
 * the code CDK deploys and its module initialization time, measured by loading that bundle in a
 * fresh Node process (this Node, 24) with the environment the function gets on AWS: the stack's
 * variables (tokens replaced by plausible values) and the ones Lambda sets. Nothing is stubbed; the
 * handlers build their clients and read their configuration as they do at a cold start.
 *
 * The bundles come from a real synth of the app (infra/cairn-app.ts) into a temporary folder, so
 * they are exactly what `cdk deploy` uploads. Targets: under 1 MiB and under 150 ms each.
 *
 * The bundles are split at dynamic imports (infra/constructs/cairn-function.ts), so two sizes are
 * reported: `bytes`, what a cold start loads (index.mjs and the chunks it imports statically, one
 * after another), which the 1 MiB target is about; and `totalBytes`, every .mjs file deployed,
 * the chunks loaded on first use (an LLM SDK, the clients of a rarely used service) included.
 *
 * Some packages a function imports at its top are deferred until first used (the S3 client,
 * semver; see LOADED_ON_FIRST_USE in infra/constructs/cairn-function.ts). `firstUseMs` is what loading all of
 * them costs once init is done: paid by the first invocation that needs them (every invocation of
 * the S3 task trigger and the index job, a large payload or an S3 task file elsewhere), never again
 * in that process. It is printed beside init so that no deferral passes for a saving unseen.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { App } from 'aws-cdk-lib';
import { buildCairnApp } from '../infra/cairn-app.js';

const run = promisify(execFile);
const PROBE = new URL('./bundles-probe.mjs', import.meta.url).pathname;
const BENCH_DIR = new URL('../.cairn/bench', import.meta.url).pathname;
const MAX_BYTES = 1024 * 1024;
const MAX_INIT_MS = 150;

/** Values for the variables the stack fills with tokens (names, ARNs known only at deploy time). */
const DEPLOY_TIME_VALUES: Record<string, string> = {
  CAIRN_TABLE: 'Cairn-TracesTable-BENCH',
  CAIRN_PAYLOAD_BUCKET: 'cairn-storagebucket-bench',
  CAIRN_STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:123456789012:stateMachine:WorkflowStateMachine-BENCH',
  CAIRN_LLM_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:LlmApiKey-BENCH',
  CAIRN_INDEX_LOCATION: 's3://cairn-storagebucket-bench/indexes/',
};

export interface BundleFigures {
  function: string;
  /** What a cold start loads: index.mjs and the chunks it imports statically. */
  bytes: number;
  /** Every .mjs file of the function's code, lazily loaded chunks included. */
  totalBytes: number;
  initMs: number;
  /** Loading the packages deferred until first use, after init (0 when there are none). */
  firstUseMs: number;
}

/** `import{a}from"./chunks/x.mjs"` or `import"./chunks/x.mjs"` in esbuild's minified output; `import("...")` is not static. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"(\.\.?\/[^"]+\.mjs)"/g;

/** The bytes of `entry` and of every file it imports statically, transitively. */
export function loadedAtInit(entry: string): number {
  const seen = new Set<string>();
  const pending = [entry];
  let bytes = 0;
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    bytes += Buffer.byteLength(code);
    for (const match of code.matchAll(STATIC_IMPORT)) pending.push(join(dirname(file), match[1]!));
  }
  return bytes;
}

function totalBytes(dir: string): number {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.mjs'))
    .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
}

interface LambdaBundle {
  name: string;
  file: string;
  environment: Record<string, string>;
  memory: number;
}

interface TemplateResource {
  Type: string;
  Metadata?: Record<string, string>;
  Properties: { Environment?: { Variables?: Record<string, unknown> }; MemorySize?: number; Runtime?: string };
}

function synthBundles(outdir: string): LambdaBundle[] {
  const context = (JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> }).context;
  const app = new App({ outdir, context: { ...context, 'aws:cdk:enable-asset-metadata': true, 'aws:cdk:enable-path-metadata': true } });
  const stack = buildCairnApp(app);
  app.synth();
  const template = JSON.parse(readFileSync(join(outdir, stack.templateFile), 'utf8')) as { Resources: Record<string, TemplateResource> };
  return Object.values(template.Resources)
    .filter((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime?.startsWith('nodejs') && r.Metadata?.['aws:asset:path'])
    .map((r) => {
      // Cairn/Workflow/AnalyzeFunction/Resource -> Analyze; Cairn/IndexJob/Function/Resource -> IndexJob
      const parts = (r.Metadata!['aws:cdk:path'] ?? '').split('/');
      const name = parts.at(-2)!.replace(/Function$/, '') || parts.at(-3)!;
      const variables = r.Properties.Environment?.Variables ?? {};
      const environment = Object.fromEntries(
        Object.entries(variables).map(([key, value]) => {
          if (typeof value === 'string') return [key, value];
          const known = DEPLOY_TIME_VALUES[key];
          if (known === undefined) throw new Error(`${name}: no bench value for ${key}, which is only known at deploy time`);
          return [key, known];
        }),
      );
      return { name, file: join(outdir, r.Metadata!['aws:asset:path']!, 'index.mjs'), environment, memory: r.Properties.MemorySize ?? 128 };
    });
}

/** What Lambda itself sets in a function's environment (the documented reserved variables). */
function lambdaEnvironment(bundle: LambdaBundle): Record<string, string> {
  const taskRoot = bundle.file.slice(0, bundle.file.lastIndexOf('/'));
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    TZ: ':UTC',
    LANG: 'en_US.UTF-8',
    _HANDLER: 'index.handler',
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    AWS_LAMBDA_FUNCTION_NAME: `Cairn-${bundle.name}Function-BENCH`,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(bundle.memory),
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/Cairn-${bundle.name}Function-BENCH`,
    AWS_LAMBDA_LOG_STREAM_NAME: '2026/01/01/[$LATEST]bench',
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_ACCESS_KEY_ID: 'ASIABENCHBENCHBENCH0',
    AWS_SECRET_ACCESS_KEY: 'bench-secret-access-key-bench-secret-access',
    AWS_SESSION_TOKEN: 'bench-session-token',
    AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
    AWS_XRAY_DAEMON_ADDRESS: '169.254.79.129:2000',
    LAMBDA_TASK_ROOT: taskRoot,
    LAMBDA_RUNTIME_DIR: '/var/runtime',
    ...bundle.environment,
  };
}

async function probe(bundle: LambdaBundle): Promise<{ initMs: number; firstUseMs: number }> {
  const { stdout } = await run(process.execPath, [PROBE, bundle.file], { env: lambdaEnvironment(bundle), timeout: 30_000 });
  return JSON.parse(stdout) as { initMs: number; firstUseMs: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const asJson = args.includes('--json');
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a positive integer');

  // Inside the project, so that a package a bundle left out would still resolve from node_modules,
  // as from the Lambda runtime's own copy on AWS (today every bundle holds all it loads).
  mkdirSync(BENCH_DIR, { recursive: true });
  const outdir = mkdtempSync(join(BENCH_DIR, 'bundles-'));
  try {
    if (!asJson) process.stderr.write('synthesizing the stack (bundles every function with esbuild)...\n');
    const bundles = synthBundles(outdir);
    // One warm-up load each: the first spawn also pays for the file system cache.
    for (const bundle of bundles) await probe(bundle);
    // Round by round, every function once a round: a machine has slower spells (the same bundle
    // loading markedly slower for a minute), and one then falls on every function alike instead
    // of on the few measured during it.
    const times = bundles.map((): number[] => []);
    const firstUse = bundles.map((): number[] => []);
    for (let round = 0; round < runs; round++) {
      for (const [i, bundle] of bundles.entries()) {
        const measured = await probe(bundle);
        times[i]!.push(measured.initMs);
        firstUse[i]!.push(measured.firstUseMs);
      }
    }
    const rows: Array<BundleFigures & { minMs: number; maxMs: number }> = bundles.map((bundle, i) => ({
      function: bundle.name,
      bytes: loadedAtInit(bundle.file),
      totalBytes: totalBytes(dirname(bundle.file)),
      initMs: Math.round(median(times[i]!) * 10) / 10,
      firstUseMs: Math.round(median(firstUse[i]!) * 10) / 10,
      minMs: Math.round(Math.min(...times[i]!) * 10) / 10,
      maxMs: Math.round(Math.max(...times[i]!) * 10) / 10,
    }));
    if (asJson) {
      process.stdout.write(
        `${JSON.stringify(rows.map(({ function: fn, bytes, totalBytes, initMs, firstUseMs }) => ({ function: fn, bytes, totalBytes, initMs, firstUseMs })))}\n`,
      );
      return;
    }
    const header = ['function', 'loaded at init', 'all chunks', `init ms (median of ${runs})`, 'min-max ms', 'first use ms', 'targets'];
    const lines = rows.map((r) => [
      r.function,
      `${(r.bytes / 1024).toFixed(1)} KiB`,
      `${(r.totalBytes / 1024).toFixed(1)} KiB`,
      r.initMs.toFixed(1),
      `${r.minMs.toFixed(1)}-${r.maxMs.toFixed(1)}`,
      r.firstUseMs.toFixed(1),
      r.bytes < MAX_BYTES && r.initMs < MAX_INIT_MS ? 'ok' : `MISSED (${r.bytes >= MAX_BYTES ? '>= 1 MiB' : ''}${r.initMs >= MAX_INIT_MS ? ' >= 150 ms' : ''})`,
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
    const format = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    process.stdout.write(`${[format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n')}\n`);
    process.stdout.write(
      `\nNode ${process.version}, ${rows.length} functions. "loaded at init" is index.mjs and the chunks it imports statically (the 1 MiB target);\n` +
        `"all chunks" adds those loaded on first use. Source maps ship beside each file and are not counted.\n` +
        `"first use ms" is loading, after init, every package deferred until first used (the S3 client, and semver, which only the\n` +
        `X-Ray SDK's v2 patcher calls): paid once per process by the first invocation that needs them (the S3 client: every one of\n` +
        `S3Task's and IndexJob's; elsewhere a large payload or an S3 task file).\n`,
    );
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

await main();
