#!/usr/bin/env node
/**
 * `cairn` as `npm start` runs it: plain JavaScript, so no TypeScript loader sits on the path of
 * every command. It runs the CLI from a bundle that esbuild makes from the sources (one file per
 * chunk, under .cairn/build/<stamp>/), and makes that bundle again whenever the sources change.
 *
 * The stamp is a hash of the path, size and modification time of every source file, so a stale
 * bundle is found by a few hundred stat calls, not by reading or compiling anything. Each stamp
 * has its own folder, written under a temporary name and renamed into place: processes that
 * start together (parallel tests) never see half a bundle, and the first rename wins.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Folders whose files go into the bundle, and single files it depends on. */
const SOURCE_DIRS = ['cli', 'functions', 'schemas'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'node_modules/.package-lock.json'];

/** Where bundles live; `.cairn/` is git-ignored. */
export function buildRoot(root = ROOT) {
  return join(root, '.cairn', 'build');
}

/**
 * A hash of what the bundle is made from: each source file's path, size and modification time.
 * An edit, a new file, a deletion or an `npm install` (which rewrites node_modules/.package-lock.json)
 * each change it.
 */
export function sourceStamp(root = ROOT) {
  const hash = createHash('sha256');
  const entries = [];
  for (const dir of SOURCE_DIRS) {
    const full = join(root, dir);
    if (!existsSync(full)) continue;
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) entries.push(join(entry.parentPath, entry.name));
    }
  }
  for (const file of SOURCE_FILES) entries.push(join(root, file));
  entries.sort();
  for (const path of entries) {
    const stat = statSync(path, { throwIfNoEntry: false });
    hash.update(`${relative(root, path)}\0${stat ? `${stat.size}\0${stat.mtimeMs}` : '-'}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The entry file of the bundle for the sources as they are now, built first when there is none.
 * `log` hears about a rebuild (stderr by default: stdout belongs to the command's output).
 */
export async function ensureBundle({ root = ROOT, log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const stamp = sourceStamp(root);
  const entry = join(buildRoot(root), stamp, 'cairn.mjs');
  if (existsSync(entry)) return entry;
  const started = performance.now();
  const { buildBundle } = await import('./build.mjs');
  await buildBundle({ root, base: buildRoot(root), stamp });
  log(`cairn: built the CLI bundle in ${Math.round(performance.now() - started)} ms (.cairn/build/${stamp})`);
  return entry;
}

async function launch(argv) {
  if (argv[0] === '--build') {
    // `npm ci` runs this through `prepare`: a bundle that cannot be made now is made on first run,
    // so a failure here must not fail the install.
    try {
      await ensureBundle();
    } catch (error) {
      console.error(`cairn: the CLI bundle was not built now (it will be on first run): ${error instanceof Error ? error.message : error}`);
    }
    return 0;
  }
  if (process.env.CAIRN_DEBUG) process.setSourceMapsEnabled(true);
  let entry;
  try {
    entry = await ensureBundle();
  } catch (error) {
    // A source esbuild cannot read: its message names the file and line.
    console.error(`cairn: the CLI bundle could not be built: ${error instanceof Error ? error.message : error}`);
    if (process.env.CAIRN_DEBUG) console.error(error);
    return 1;
  }
  // V8's compiled code for the bundle, kept beside it: later starts skip most of the parsing.
  enableCompileCache(join(dirname(entry), '.compile-cache'));
  const { main } = await import(pathToFileURL(entry).href);
  return main(argv);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await launch(process.argv.slice(2));
}
