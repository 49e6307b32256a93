/**
 * The bundling of every function (infra/constructs/cairn-function.ts BUNDLING), checked on what it
 * must keep: the error names the workflow's Retry clauses match, and the LLM SDKs out of what a
 * cold start loads. esbuild builds a small entry with the same minification as the deployed
 * bundles, and one real handler; the bench (npm run bench:bundles) builds and times them all.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BUNDLING, bundleFunction } from '../../infra/constructs/cairn-function.js';
import { WORKFLOW_FILE } from '../../infra/constructs/workflow.js';
import { tempDir } from '../support/temp-dir.js';

const work = tempDir('bundling');

/** Bundles the error classes as the functions' bundles do (or without keepNames) and loads them. */
async function bundledErrors(keepNames: boolean): Promise<Record<string, new (message: string) => Error>> {
  const entry = join(work, `entry-${keepNames}.ts`);
  writeFileSync(
    entry,
    ['functions/core/errors.ts', 'functions/adapters/dynamodb/errors.ts', 'functions/adapters/sfn/errors.ts']
      .map((file) => `export * from '${join(process.cwd(), file)}';`)
      .join('\n'),
  );
  const outfile = join(work, `errors-${keepNames}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLING.target!,
    minify: BUNDLING.minify!,
    keepNames,
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

/** The error names the definition retries on, besides Lambda's own. */
function retriedErrorNames(): string[] {
  const definition = JSON.parse(readFileSync(WORKFLOW_FILE, 'utf8')) as { States: Record<string, { Retry?: Array<{ ErrorEquals: string[] }> }> };
  const names = Object.values(definition.States).flatMap((s) => (s.Retry ?? []).flatMap((r) => r.ErrorEquals));
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

  it('keeps the names of the errors the workflow retries, which plain minification loses', async () => {
    // Prepare
    const retried = retriedErrorNames();
    expect(retried.length).toBeGreaterThan(0);

    // Act
    const kept = await bundledErrors(BUNDLING.keepNames === true);
    const mangled = await bundledErrors(false);

    // Assess
    for (const name of retried) {
      expect(kept[name], `${name} is an error class of the functions`).toBeTypeOf('function');
      expect(new kept[name]!('x').name).toBe(name);
    }
    expect(retried.map((name) => new mangled[name]!('x').name)).not.toEqual(retried);
  });
});
