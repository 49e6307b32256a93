/**
 * The rewrite of the AWS SDK clients' schema modules at bundling time (build/sdk-schemas.mjs): the
 * same values, and unused operation shapes dropped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { literalSchemaKeys, sdkSchemaKeys } from '../../build/sdk-schemas.mjs';
import { tempDir } from '../support/temp-dir.js';

const work = tempDir('sdk-schemas');

/** Every installed AWS SDK client's generated schema module. */
const SCHEMA_MODULES = readdirSync(join(process.cwd(), 'node_modules/@aws-sdk'))
  .filter((name) => name.startsWith('client-'))
  .flatMap((name) => {
    const dir = join(process.cwd(), 'node_modules/@aws-sdk', name, 'dist-es/schemas');
    return readdirSync(dir)
      .filter((file) => /^schemas_\d+\.js$/.test(file))
      .map((file) => join(dir, file));
  });

/** Bundles `source` (an entry's text) into one ES module, with or without the plugin, and returns its path and text. */
async function bundle(name: string, source: string, withPlugin: boolean): Promise<{ file: string; code: string }> {
  const file = join(work, `${name}.mjs`);
  const result = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'js' },
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    logLevel: 'error',
    write: true,
    plugins: withPlugin ? [sdkSchemaKeys()] : [],
  });
  expect(result.errors).toEqual([]);
  return { file, code: readFileSync(file, 'utf8') };
}

/**
 * A module's schemas (exports named `X$`) as plain data: a thunk `() => Y$` is written as the name
 * of the schema it returns, so two modules compare by content, not by function identity.
 */
function schemaData(exports: Record<string, unknown>): Record<string, unknown> {
  const names = new Map<unknown, string>();
  for (const [name, value] of Object.entries(exports)) if (name.endsWith('$')) names.set(value, name);
  const data = (value: unknown, top: boolean): unknown => {
    if (!top && names.has(value)) return `ref:${names.get(value)}`;
    if (typeof value === 'function') return `thunk:${String(data((value as () => unknown)(), false))}`;
    if (Array.isArray(value)) return value.map((item) => data(item, false));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, data(v, false)]));
    return value;
  };
  return Object.fromEntries([...names].map(([value, name]) => [name, data(value, true)]));
}

describe('Function: literalSchemaKeys', () => {
  it("writes a computed key naming a module's string constant as that string, and leaves every other bracket alone", () => {
    // Prepare
    const source = [
      'const _hH = "httpHeader";',
      'const _q = "say \\"hi\\"";',
      'export var A$ = [3, n0, _hH, { [_hH]: _q, [_q]: 1 }, [list[_hH]], { [other]: 2 }];',
      'export var B$ = [3, n0, _q,',
      '    0,',
      '    { [_q]: 0 }];',
    ].join('\n');

    // Act
    const rewritten = literalSchemaKeys(source);

    // Assess
    expect(rewritten).toBe(
      [
        'const _hH = "httpHeader";',
        'const _q = "say \\"hi\\"";',
        'export var A$ = [3, n0, _hH, { "httpHeader": _q, "say \\"hi\\"": 1 }, [list[_hH]], { [other]: 2 }];',
        'export var B$ = [3, n0, _q,',
        '    0,',
        '    { "say \\"hi\\"": 0 }];',
      ].join('\n'),
    );
  });
});

describe('Plugin: sdkSchemaKeys', () => {
  it('finds the schema modules of the installed clients', () => {
    expect(SCHEMA_MODULES.some((file) => file.includes('/client-s3/'))).toBe(true);
    expect(SCHEMA_MODULES.some((file) => file.includes('/client-dynamodb/'))).toBe(true);
  });

  it.each(SCHEMA_MODULES.map((file) => [file.split('/node_modules/')[1]!, file]))('leaves every schema of %s with the same value', async (_name, file) => {
    // Prepare
    const entry = `export * from ${JSON.stringify(file)};`;
    const slug = file.split('/@aws-sdk/')[1]!.split('/')[0]!;

    // Act
    const original = await bundle(`${slug}-original`, entry, false);
    const rewritten = await bundle(`${slug}-rewritten`, entry, true);
    const before = schemaData((await import(pathToFileURL(original.file).href)) as Record<string, unknown>);
    const after = schemaData((await import(pathToFileURL(rewritten.file).href)) as Record<string, unknown>);

    // Assess
    expect(Object.keys(after).length).toBeGreaterThan(10);
    expect(after).toEqual(before);
  });

  it("drops the shapes of S3's operations an entry does not use", async () => {
    // Prepare: the two operations the S3 task trigger sends
    const file = SCHEMA_MODULES.find((f) => f.includes('/client-s3/'))!;
    const entry = `export { GetObject$, PutObject$ } from ${JSON.stringify(file)};`;

    // Act
    const { code } = await bundle('s3-two-operations', entry, true);

    // Assess
    expect(code).toContain('"GetObjectRequest"');
    expect(code).not.toContain('"PutBucketLifecycleConfigurationRequest"');
    expect(code).not.toContain('"ListBucketsOutput"');
  });
});
