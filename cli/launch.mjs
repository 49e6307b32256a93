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
 *
 * Listing the source folders costs several times more than the stats, so a
 * start first tries the bundle it used last (.cairn/build-current.json): its folder, and the size
 * and modification time of each file it was made from and of the lock files. When none of those
 * changed, that bundle is current, found with one read and a stat per file; a new file no bundled
 * file imports changes nothing in the bundle. Otherwise the stamp decides, as above.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Folders whose files go into the bundle, and single files it depends on. */
const SOURCE_DIRS = ['cli', 'functions', 'local', 'schemas'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'node_modules/.package-lock.json'];

/** Where bundles live; `.cairn/` is git-ignored. */
export function buildRoot(root = ROOT) {
  return join(root, '.cairn', 'build');
}

/** The pointer to the bundle used last, with the state of the files it was made from. */
export function currentFile(root = ROOT) {
  return join(root, '.cairn', 'build-current.json');
}

/** Written by cli/build.mjs into each bundle's folder (its INPUTS_FILE): the project's files it was made from. */
const INPUTS_FILE = 'inputs.json';

/** What makes the bundle without being part of it: a change to how it is built makes it again. */
const BUILDER_FILES = ['cli/build.mjs', 'cli/launch.mjs', 'build/sdk-schemas.mjs', 'build/stand-in.mjs'];

/** The shape of build-current.json; a record of another shape is not trusted. */
const RECORD_VERSION = 1;

/** A file's size and modification time, or null when it does not exist. */
function fileState(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat ? [stat.size, stat.mtimeMs] : null;
}

/** Every source file and lock file, by path relative to `root`, with its state. */
function sourceStates(root) {
  const entries = [];
  for (const dir of SOURCE_DIRS) {
    const full = join(root, dir);
    if (!existsSync(full)) continue;
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) entries.push(relative(root, join(entry.parentPath, entry.name)));
    }
  }
  entries.push(...SOURCE_FILES);
  entries.sort();
  return new Map(entries.map((path) => [path, fileState(join(root, path))]));
}

function stampOf(states) {
  const hash = createHash('sha256');
  for (const [path, state] of states) hash.update(`${path}\0${state ? `${state[0]}\0${state[1]}` : '-'}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A hash of what the bundle is made from: each source file's path, size and modification time.
 * An edit, a new file, a deletion or an `npm install` (which rewrites node_modules/.package-lock.json)
 * each change it.
 */
export function sourceStamp(root = ROOT) {
  return stampOf(sourceStates(root));
}

/** The entry of the bundle used last when none of the files it was made from has changed; else undefined. */
function lastBundle(root) {
  let record;
  try {
    record = JSON.parse(readFileSync(currentFile(root), 'utf8'));
  } catch {
    return undefined;
  }
  if (
    record?.version !== RECORD_VERSION ||
    typeof record.stamp !== 'string' ||
    !/^[0-9a-f]{16}$/.test(record.stamp) ||
    typeof record.files !== 'object' ||
    record.files === null
  )
    return undefined;
  for (const [path, state] of Object.entries(record.files)) {
    const now = fileState(join(root, path));
    if (now === null || state === null ? now !== state : now[0] !== state[0] || now[1] !== state[1]) return undefined;
  }
  const entry = join(buildRoot(root), record.stamp, 'cairn.mjs');
  return existsSync(entry) ? entry : undefined;
}

/**
 * Points the next start at the bundle `stamp`, with the states of its files as they were when the
 * stamp was taken (a file edited since then, even during the build, does not match next time).
 */
function recordCurrent(root, stamp, states) {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(join(buildRoot(root), stamp, INPUTS_FILE), 'utf8'));
  } catch {
    return; // A bundle from before the list existed: the next start takes the stamp's way again.
  }
  const files = {};
  for (const path of [...inputs, ...SOURCE_FILES, ...BUILDER_FILES]) files[path] = states.has(path) ? states.get(path) : fileState(join(root, path));
  const target = currentFile(root);
  const temporary = `${target}.${process.pid}`;
  try {
    writeFileSync(temporary, JSON.stringify({ version: RECORD_VERSION, stamp, files }));
    renameSync(temporary, target);
  } catch {
    // Only the next start's speed depends on it.
  }
}

/**
 * The entry file of the bundle for the sources as they are now, built first when there is none.
 * `log` hears about a rebuild (stderr by default: stdout belongs to the command's output).
 */
export async function ensureBundle({ root = ROOT, log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const last = lastBundle(root);
  if (last !== undefined) return last;
  const states = sourceStates(root);
  const stamp = stampOf(states);
  const entry = join(buildRoot(root), stamp, 'cairn.mjs');
  if (!existsSync(entry)) {
    const started = performance.now();
    const { buildBundle } = await import('./build.mjs');
    await buildBundle({ root, base: buildRoot(root), stamp });
    log(`cairn: built the CLI bundle in ${Math.round(performance.now() - started)} ms (.cairn/build/${stamp})`);
  }
  recordCurrent(root, stamp, states);
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
