/**
 * The launcher of `cairn` (cli/launch.mjs): it runs the CLI from a bundle and makes the bundle again
 * when a source changes. Exercised on a small project of its own in a temporary folder, so that
 * building it is quick and nothing touches the real bundle.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { INPUTS_FILE, LOADED_ON_FIRST_USE } from '../../../cli/build.mjs';
import { buildRoot, currentFile, ensureBundle, sourceStamp } from '../../../cli/launch.mjs';

const roots: string[] = [];

/** A project shaped like this one: cli/cairn.ts exports `main`, and reads a file found from its own location. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'cairn-launch-'));
  roots.push(root);
  mkdirSync(join(root, 'cli'));
  mkdirSync(join(root, 'functions', 'core'), { recursive: true });
  mkdirSync(join(root, 'infra'));
  writeFileSync(join(root, 'infra', 'answer.txt'), '42');
  writeFileSync(join(root, 'functions', 'core', 'twice.ts'), 'export const twice = (n: number): number => n * 2;\n');
  writeFileSync(
    join(root, 'cli', 'cairn.ts'),
    [
      "import { readFileSync } from 'node:fs';",
      "import { fileURLToPath } from 'node:url';",
      "import { twice } from '../functions/core/twice.js';",
      "const answer = fileURLToPath(new URL('../infra/answer.txt', import.meta.url));",
      'export async function main(argv: string[]): Promise<number> {',
      "  return twice(Number(readFileSync(answer, 'utf8'))) + argv.length;",
      '}',
      '',
    ].join('\n'),
  );
  writeFileSync(join(root, 'package.json'), '{"type": "module"}\n');
  return root;
}

/** Moves a file's modification time, as an edit would (two edits can fall within the same millisecond). */
function touch(path: string, text: string): void {
  writeFileSync(path, text);
  const later = new Date(Date.now() + 5_000);
  utimesSync(path, later, later);
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('Launcher: the stamp of the sources', () => {
  it('stays the same while nothing changes, and changes on an edit, a new file and a deleted file', () => {
    // Prepare
    const root = project();
    const first = sourceStamp(root);

    // Act
    const again = sourceStamp(root);
    touch(join(root, 'functions', 'core', 'twice.ts'), 'export const twice = (n: number): number => n + n;\n');
    const edited = sourceStamp(root);
    writeFileSync(join(root, 'functions', 'core', 'extra.ts'), 'export {};\n');
    const added = sourceStamp(root);
    rmSync(join(root, 'functions', 'core', 'extra.ts'));
    const removed = sourceStamp(root);
    touch(join(root, 'package.json'), '{"type": "module", "private": true}\n');
    const dependencies = sourceStamp(root);

    // Assess
    expect(again).toBe(first);
    expect(new Set([first, edited, added, dependencies]).size).toBe(4);
    expect(removed).toBe(edited);
  });

  it("changes on an edit under local/, the laptop's store that the CLI bundles beside functions/", () => {
    // Prepare
    const root = project();
    mkdirSync(join(root, 'local', 'store'), { recursive: true });
    writeFileSync(join(root, 'local', 'store', 'embedded.ts'), 'export const port = 0;\n');
    const first = sourceStamp(root);

    // Act
    touch(join(root, 'local', 'store', 'embedded.ts'), 'export const port = 1;\n');
    const edited = sourceStamp(root);

    // Assess
    expect(edited).not.toBe(first);
  });
});

describe('Launcher: the bundle', () => {
  it('builds a bundle whose sources still find the files beside them, and reuses it until a source changes', async () => {
    // Prepare
    const root = project();
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);

    // Act
    const entry = await ensureBundle({ root, log });
    const { main } = (await import(pathToFileURL(entry).href)) as { main: (argv: string[]) => Promise<number> };
    const result = await main(['a', 'b']);
    const reused = await ensureBundle({ root, log });
    touch(join(root, 'functions', 'core', 'twice.ts'), 'export const twice = (n: number): number => n * 3;\n');
    const rebuilt = await ensureBundle({ root, log });
    const { main: changed } = (await import(pathToFileURL(rebuilt).href)) as { main: (argv: string[]) => Promise<number> };

    // Assess
    expect(result).toBe(86);
    expect(reused).toBe(entry);
    expect(lines).toHaveLength(2);
    expect(rebuilt).not.toBe(entry);
    expect(await changed([])).toBe(126);
  });

  it('takes the bundle used last while its files are unchanged: a file nothing imports keeps it, an edit or a lock file rebuilds', async () => {
    // Prepare
    const root = project();
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const entry = await ensureBundle({ root, log });

    // Act
    writeFileSync(join(root, 'functions', 'core', 'unused.ts'), 'export const unused = 1;\n');
    const withNewFile = await ensureBundle({ root, log });
    touch(join(root, 'functions', 'core', 'twice.ts'), 'export const twice = (n: number): number => n * 4;\n');
    const afterEdit = await ensureBundle({ root, log });
    const { main } = (await import(pathToFileURL(afterEdit).href)) as { main: (argv: string[]) => Promise<number> };
    touch(join(root, 'package.json'), '{"type": "module", "private": true}\n');
    const afterInstall = await ensureBundle({ root, log });

    // Assess
    expect(withNewFile).toBe(entry);
    expect(afterEdit).not.toBe(entry);
    expect(await main([])).toBe(168);
    expect(afterInstall).not.toBe(afterEdit);
    expect(lines).toHaveLength(3);
    expect(Object.keys(JSON.parse(readFileSync(currentFile(root), 'utf8')).files)).toEqual(
      expect.arrayContaining(['functions/core/twice.ts', 'package.json', 'cli/build.mjs']),
    );
  });

  it('does not trust a record of another shape, such as one written by an older launcher', async () => {
    // Prepare: a record without its version, pointing at another bundle whose files all match.
    const root = project();
    const entry = await ensureBundle({ root, log: () => undefined });
    const record = JSON.parse(readFileSync(currentFile(root), 'utf8')) as { version?: number; stamp: string; files: object };
    const other = join(buildRoot(root), '0000000000000000');
    mkdirSync(other);
    writeFileSync(join(other, 'cairn.mjs'), 'export const main = async () => -1;\n');
    writeFileSync(currentFile(root), JSON.stringify({ stamp: '0000000000000000', files: record.files }));

    // Act
    const taken = await ensureBundle({ root, log: () => undefined });

    // Assess
    expect(record.version).toBe(1);
    expect(taken).toBe(entry);
  });

  it('lets processes that start together all get a whole bundle, leaving one folder and no half-built one', async () => {
    // Prepare
    const root = project();

    // Act: as parallel test workers do on a fresh checkout.
    const entries = await Promise.all([1, 2, 3, 4].map(() => ensureBundle({ root, log: () => undefined })));
    const results = await Promise.all(
      entries.map(async (entry) => ((await import(pathToFileURL(entry).href)) as { main: (argv: string[]) => Promise<number> }).main([])),
    );

    // Assess
    expect(new Set(entries).size).toBe(1);
    expect(results).toEqual([84, 84, 84, 84]);
    expect(readdirSync(buildRoot(root))).toEqual([sourceStamp(root)]);
  });
});

describe('Launcher: packages loaded on first use', () => {
  it('leaves them out of the bundle, and loads the real package from node_modules when one is called', async () => {
    // Prepare: the project's node_modules, and an entry that calls the definition checker on a bad definition.
    const root = project();
    symlinkSync(join(process.cwd(), 'node_modules'), join(root, 'node_modules'));
    writeFileSync(
      join(root, 'cli', 'cairn.ts'),
      [
        "import aslValidator from 'asl-validator';",
        'export async function main(): Promise<number> {',
        "  const ok = aslValidator({ StartAt: 'A', States: { A: { Type: 'Succeed' } } }).isValid;",
        "  const bad = aslValidator({ StartAt: 'Missing', States: {} }).isValid;",
        '  return (ok ? 1 : 0) + (bad ? 10 : 0);',
        '}',
        '',
      ].join('\n'),
    );

    // Act
    const entry = await ensureBundle({ root, log: () => undefined });
    const { main } = (await import(pathToFileURL(entry).href)) as { main: () => Promise<number> };
    const result = await main();

    // Assess
    expect(LOADED_ON_FIRST_USE).toContain('asl-validator');
    expect(readdirSync(join(entry, '..'))).toContain(INPUTS_FILE);
    expect(readFileSync(entry, 'utf8')).not.toContain('asl-validator.cloud');
    expect(result).toBe(1);
  });
});
