/**
 * The bundling of every function (infra/constructs/cairn-function.ts BUNDLING), checked on what it
 * must keep: the error names the workflow's Retry clauses match, and the LLM SDKs out of what a
 * cold start loads. esbuild builds a small entry with the same minification as the deployed
 * bundles, and one real handler; the bench (npm run bench:bundles) builds and times them all.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BUNDLING, bundleFunction, LOADED_ON_FIRST_USE } from '../../infra/constructs/cairn-function.js';
import { WORKFLOW_FILE } from '../../infra/constructs/workflow.js';
import { closedPortUrl } from '../support/net.js';
import { S3Loopback } from '../support/s3-loopback.js';
import { tempDir } from '../support/temp-dir.js';

const work = tempDir('bundling');

/** Bundles the error classes with the functions' own esbuild options (no keepNames) and loads them. */
async function bundledErrors(): Promise<Record<string, new (message: string) => Error>> {
  const entry = join(work, 'errors-entry.ts');
  writeFileSync(
    entry,
    ['functions/core/errors.ts', 'functions/adapters/dynamodb/errors.ts', 'functions/adapters/sfn/errors.ts', 'functions/adapters/sfn/task-tokens.ts']
      .map((file) => `export * from '${join(process.cwd(), file)}';`)
      .join('\n'),
  );
  const outfile = join(work, 'errors.mjs');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLING.target,
    minify: BUNDLING.minify,
    keepNames: (BUNDLING as { keepNames?: boolean }).keepNames ?? false,
    logLevel: 'error',
  });
  return (await import(pathToFileURL(outfile).href)) as Record<string, new (message: string) => Error>;
}

/** `entry` and every output it imports statically, transitively (what loading `entry` loads). */
function staticClosure(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const output = pending.pop()!;
    if (seen.has(output)) continue;
    seen.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) pending.push(imported.path);
  }
  return seen;
}

/** The error names the definition retries on or catches, besides Lambda's and Step Functions' own. */
function workflowErrorNames(): string[] {
  const definition = JSON.parse(readFileSync(WORKFLOW_FILE, 'utf8')) as {
    States: Record<string, { Retry?: Array<{ ErrorEquals: string[] }>; Catch?: Array<{ ErrorEquals: string[] }> }>;
  };
  const names = Object.values(definition.States).flatMap((s) => [...(s.Retry ?? []), ...(s.Catch ?? [])].flatMap((r) => r.ErrorEquals));
  return [...new Set(names.filter((n) => !n.startsWith('Lambda.') && !n.startsWith('States.')))].sort();
}

describe("Bundling: the functions' esbuild options", () => {
  it('builds minified ESM for Node 24 with source maps, split into chunks at dynamic imports', () => {
    expect(BUNDLING).toMatchObject({
      format: 'esm',
      target: 'node24',
      minify: true,
      sourcemap: true,
      splitting: true,
      outExtension: { '.js': '.mjs' },
    });
  });

  it('keeps the Anthropic SDK and the OpenAI-compatible client out of what a workflow function loads at init', () => {
    // Act
    const outdir = join(work, 'generate');
    const metafile = bundleFunction(join(process.cwd(), 'functions/handlers/generate.ts'), outdir, ['examples/corpus.jsonl']);

    // Assess
    const inputsOf = (predicate: (output: string) => boolean) =>
      Object.entries(metafile.outputs)
        .filter(([output]) => predicate(output) && output.endsWith('.mjs'))
        .flatMap(([, o]) => Object.keys(o.inputs));
    const atInit = staticClosure(metafile, Object.keys(metafile.outputs).find((o) => o.endsWith('/index.mjs'))!);
    const loadedAtInit = inputsOf((o) => atInit.has(o));
    const later = inputsOf((o) => !atInit.has(o));
    expect(loadedAtInit.some((i) => i.includes('functions/core/'))).toBe(true);
    expect(loadedAtInit.filter((i) => i.includes('@anthropic-ai/sdk') || i.includes('openai-compatible/'))).toEqual([]);
    expect(later.some((i) => i.includes('@anthropic-ai/sdk'))).toBe(true);
    expect(later.some((i) => i.includes('openai-compatible/chat-client.ts'))).toBe(true);
    // The laptop's store and its machinery (local/, dynalite, LevelDB) are in no Lambda bundle.
    expect(Object.keys(metafile.inputs).filter((i) => /^local\/|node_modules\/(dynalite|level|classic-level)\//.test(i))).toEqual([]);
    // Generate checks plans, and the analysis a short task gets in the same model call: it carries
    // the plan's and the analysis's compiled validators, and not the request's.
    const validators = loadedAtInit.filter((i) => i.includes('core/plan/validators/')).map((i) => i.replace(/^.*\//, ''));
    expect(validators.sort()).toEqual(['analysis.generated.ts', 'plan.generated.ts', 'tools.generated.ts']);
    expect(existsSync(join(outdir, 'corpus.jsonl'))).toBe(true);
    // Built-ins are reached through CommonJS: an ES import of node:http would load undici at init.
    const code = readdirSync(outdir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => readFileSync(join(outdir, f), 'utf8'))
      .join('\n');
    expect(code).toContain('getBuiltinModule("node:http")');
    expect(code).not.toMatch(/from\s*"(node:)?https?"/);
  });

  it('keeps the names of the errors the workflow retries and catches, minified without keepNames', async () => {
    // Prepare
    const matched = workflowErrorNames();
    expect(matched.length).toBeGreaterThan(0);

    // Act
    const bundled = await bundledErrors();

    // Assess
    expect((BUNDLING as { keepNames?: boolean }).keepNames).toBeUndefined();
    for (const name of matched) {
      expect(bundled[name], `${name} is an error class of the functions`).toBeTypeOf('function');
      expect(new bundled[name]!('x').name).toBe(name);
    }
    // The classes themselves are renamed: the names above come from the literals, not from them.
    expect(matched.filter((name) => bundled[name]!.name === name)).toEqual([]);
  });

  it("keeps the error's name in a bundled workflow Lambda: Analyze with its trace table unreachable throws TraceStoreTransientError", async () => {
    // Prepare: the real Analyze function, bundled as deployed, run in a process of its own as Lambda does
    const outdir = join(work, 'analyze');
    bundleFunction(join(process.cwd(), 'functions/handlers/analyze.ts'), outdir);
    const invoke = join(work, 'invoke-analyze.mjs');
    writeFileSync(
      invoke,
      [
        `const { handler } = await import(${JSON.stringify(pathToFileURL(join(outdir, 'index.mjs')).href)});`,
        "const context = { awsRequestId: 'req-1', functionName: 'Analyze', getRemainingTimeInMillis: () => 10000 };",
        "try { await handler({ planId: 'p1' }, context); process.stdout.write('no error'); }",
        'catch (error) { process.stdout.write(JSON.stringify({ name: error.name, message: error.message })); }',
      ].join('\n'),
    );
    const dynamo = await closedPortUrl();

    // Act
    const child = spawnSync(process.execPath, [invoke], {
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH ?? '',
        AWS_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: 'AKIDLOOPBACK',
        AWS_SECRET_ACCESS_KEY: 'loopback-secret',
        AWS_ENDPOINT_URL_DYNAMODB: dynamo,
        AWS_LAMBDA_FUNCTION_NAME: 'Cairn-AnalyzeFunction-TEST',
        AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
        POWERTOOLS_LOG_LEVEL: 'SILENT',
        CAIRN_TABLE: 'Cairn-TracesTable-TEST',
        CAIRN_PAYLOAD_BUCKET: 'cairn-payloads-test',
      },
    });

    // Assess
    expect(child.status, child.stderr).toBe(0);
    const thrown = JSON.parse(child.stdout) as { name: string; message: string };
    expect(thrown.name).toBe('TraceStoreTransientError');
    expect(thrown.message).toContain('ECONNREFUSED');
  });

  it('fails in one line naming the entry when esbuild cannot bundle it', () => {
    // Prepare: an entry importing a file that does not exist
    const entry = join(work, 'broken-entry.ts');
    writeFileSync(entry, "import { missing } from './not-there.js';\nexport const handler = missing;\n");

    // Act and assess: esbuild's own message goes to stderr; the error names the entry
    expect(() => bundleFunction(entry, join(work, 'broken'))).toThrow(/^esbuild could not bundle .*broken-entry\.ts: see its messages above$/);
  });

  it('loads the S3 client from its own file on first use, not at init, and it then works', async () => {
    // Prepare: an entry that builds the S3 client and the payload store as the runtime does
    const entry = join(work, 'uses-s3.ts');
    writeFileSync(
      entry,
      [
        "import { S3Client } from '@aws-sdk/client-s3';",
        `import { S3PayloadStore } from '${join(process.cwd(), 'functions/adapters/payloads/s3-payload-store.ts')}';`,
        'export async function handler(endpoint: string) {',
        "  const client = new S3Client({ endpoint, region: 'eu-west-1', forcePathStyle: true, credentials: { accessKeyId: 'AKIDLOOPBACK', secretAccessKey: 'loopback-secret' } });",
        "  const store = new S3PayloadStore({ client: () => client, bucket: 'payloads' });",
        "  return store.get(await store.put('plans/p1/big.json', 'a large payload'));",
        '}',
      ].join('\n'),
    );
    const outdir = join(work, 'uses-s3');
    const s3 = await S3Loopback.start();
    try {
      // Act
      const metafile = bundleFunction(entry, outdir);
      const { handler } = (await import(pathToFileURL(join(outdir, 'index.mjs')).href)) as { handler: (endpoint: string) => Promise<string> };
      const body = await handler(s3.endpoint);

      // Assess: the client's code is in first-use-aws-sdk-client-s3.mjs only, which index.mjs does not import
      const atInit = staticClosure(metafile, Object.keys(metafile.outputs).find((o) => o.endsWith('/index.mjs'))!);
      const s3Inputs = (output: string) => Object.keys(metafile.outputs[output]!.inputs).filter((i) => i.includes('@aws-sdk/client-s3/'));
      expect([...atInit].flatMap(s3Inputs)).toEqual([]);
      const firstUse = Object.keys(metafile.outputs).find((o) => o.endsWith('/first-use-aws-sdk-client-s3.mjs'))!;
      expect(s3Inputs(firstUse).length).toBeGreaterThan(0);
      expect(body).toBe('a large payload');
      expect(s3.requests.map((r) => r.method)).toEqual(['PUT', 'GET']);
    } finally {
      await s3.close();
    }
  });

  it("loads semver, which only the X-Ray SDK's v2 patcher calls, on first use, and it then answers", async () => {
    // Prepare: what the X-Ray SDK's patcher does with it, a version check
    const entry = join(work, 'uses-semver.ts');
    writeFileSync(entry, "import semver from 'semver';\nexport const handler = async (version: string) => semver.gte(version, '3.6.0');\n");
    const outdir = join(work, 'uses-semver');

    // Act
    const metafile = bundleFunction(entry, outdir);
    const { handler } = (await import(pathToFileURL(join(outdir, 'index.mjs')).href)) as { handler: (version: string) => Promise<boolean> };

    // Assess
    const atInit = staticClosure(metafile, Object.keys(metafile.outputs).find((o) => o.endsWith('/index.mjs'))!);
    expect([...atInit].flatMap((o) => Object.keys(metafile.outputs[o]!.inputs)).filter((i) => i.includes('node_modules/semver/'))).toEqual([]);
    expect(await handler('3.1169.0')).toBe(true);
    expect(await handler('2.1.0')).toBe(false);
  });

  it("keeps HTTP/2 unloaded until used: the AWS SDK's handler imports it, its clients speak HTTP/1.1", () => {
    const outdir = join(work, 'get-plan');
    bundleFunction(join(process.cwd(), 'functions/handlers/get-plan.ts'), outdir);
    const probe = [
      "const { pathToFileURL } = await import('node:url');",
      `await import(pathToFileURL(${JSON.stringify(join(outdir, 'index.mjs'))}).href);`,
      'process.stdout.write(JSON.stringify(process.moduleLoadList.filter((m) => /^NativeModule (http2|https)$/.test(m))));',
    ].join('\n');
    const environment = { PATH: process.env.PATH, AWS_REGION: 'us-east-1', AWS_LAMBDA_FUNCTION_NAME: 'bundling-test', CAIRN_TABLE: 'Traces' };
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { env: environment, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(['NativeModule https']);
  });

  it('has no CommonJS module import an ES module, which would make esbuild wrap the ES module and all it imports', () => {
    // A wrapped module runs inside a function called on first use: V8 compiles its code twice, and
    // the AWS SDK, wrapped this way through the OpenSearch signer's import(), slowed every cold start.
    const metafile = bundleFunction(join(process.cwd(), 'functions/handlers/execute.ts'), join(work, 'execute'));
    const crossings = Object.entries(metafile.inputs).flatMap(([file, input]) =>
      input.format === 'cjs'
        ? input.imports
            .filter((i) => i.kind !== 'import-statement' && metafile.inputs[i.path]?.format === 'esm')
            .map((i) => [file, i.path].map((path) => path.replace(/^.*node_modules\//, '')).join(' -> '))
        : [],
    );
    // The X-Ray SDK requires one small module of the AWS SDK (its error classification), which imports nothing but its constants.
    expect(crossings).toEqual(['aws-xray-sdk-core/dist/lib/patchers/aws3_p.js -> @smithy/service-error-classification/dist-es/index.js']);
  });

  it('stands in for every name the functions import from a package loaded on first use', () => {
    // A name missing from the stand-in would read as undefined at run time, not fail the build.
    const sources = readdirSync('functions', { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(join('functions', f), 'utf8'));
    for (const [name, names] of Object.entries(LOADED_ON_FIRST_USE)) {
      // A CommonJS package's stand-in has every export name of the real one.
      if (names === 'commonjs') continue;
      const imported = new Set<string>();
      const from = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${name.replaceAll('/', '\\/')}'`, 'g');
      for (const source of sources) {
        expect(source, `${name} is imported by name`).not.toMatch(new RegExp(`import\\s+(?!type\\s)(\\*|\\w+)[^;]*from\\s+'${name.replaceAll('/', '\\/')}'`));
        for (const match of source.matchAll(from)) {
          if (match[1]) continue;
          for (const specifier of match[2]!.split(',').map((s) => s.trim()))
            if (specifier && !specifier.startsWith('type ')) imported.add(specifier.split(/\s+as\s+/)[0]!);
        }
      }
      expect(imported.size, name).toBeGreaterThan(0);
      expect(
        [...imported].filter((n) => !names.includes(n)),
        name,
      ).toEqual([]);
    }
  });
});
