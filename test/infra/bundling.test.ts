/**
 * The bundling of every function (infra/constructs/cairn-function.ts BUNDLING), checked on what it
 * must keep: the error names the workflow's Retry clauses match. esbuild builds a small entry with
 * the same minification as the deployed bundles; the bench (npm run bench:bundles) builds the real ones.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BUNDLING } from '../../infra/constructs/cairn-function.js';
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

/** The error names the definition retries on, besides Lambda's own. */
function retriedErrorNames(): string[] {
  const definition = JSON.parse(readFileSync(WORKFLOW_FILE, 'utf8')) as { States: Record<string, { Retry?: Array<{ ErrorEquals: string[] }> }> };
  const names = Object.values(definition.States).flatMap((s) => (s.Retry ?? []).flatMap((r) => r.ErrorEquals));
  return [...new Set(names.filter((n) => !n.startsWith('Lambda.') && !n.startsWith('States.')))].sort();
}

describe("Bundling: the functions' esbuild options", () => {
  it('builds minified ESM for Node 24 with source maps, the AWS SDK left to the runtime, on this machine', () => {
    expect(BUNDLING).toMatchObject({
      format: 'esm',
      target: 'node24',
      minify: true,
      sourceMap: true,
      externalModules: ['@aws-sdk/*'],
      forceDockerBundling: false,
    });
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
