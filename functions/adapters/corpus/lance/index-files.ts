/**
 * The files of an index folder and their checks: the build records every file's size and sha256
 * in the manifest; opening the index compares what is on disk with it before LanceDB reads a byte,
 * so a flipped byte, a same-length edit, a cut or missing file, a file added, or a link put in the
 * folder gives one line saying the index is damaged and how to build it again (never an engine
 * error, never answers from bytes nobody indexed).
 *
 * Opening checks every file's size, and hashes whole every file up to `FULL_CHECK_BYTES`; a larger
 * one (the vectors of a big corpus) is checked by the hash of `SAMPLE_BLOCKS` evenly spaced
 * blocks, so an open reads a bounded amount: at the sample corpus's scale every file is hashed
 * whole. A same-length edit between the blocks of a large file goes unseen until LanceDB trips
 * over it, which the index then reports in the same line.
 */
import { createHash } from 'node:crypto';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type CorpusAccess, type CorpusFile, openCorpusFile, realOrSelf, streamCorpusBytes } from '../corpus-files.js';
import { type IndexFileCheck, type IndexManifest, indexDamaged, MANIFEST_FILE } from './manifest.js';

/** Files up to this size are hashed whole when the index is opened; larger ones by samples. */
export const FULL_CHECK_BYTES = 16 * 1024 * 1024;
const SAMPLE_BLOCKS = 64;
const SAMPLE_BLOCK_BYTES = 64 * 1024;

const INDEX_FILE: CorpusAccess = { label: 'index file', maxFileBytes: Number.MAX_SAFE_INTEGER };

interface IndexFile {
  /** Its path inside the folder, `/`-separated: the manifest's key. */
  name: string;
  file: CorpusFile;
}

/**
 * Every file of the folder but the manifest, checked as corpus files are (regular files whose real
 * path is in the folder). A link or anything but a file or folder is refused: an index holds only
 * its own files, and LanceDB would follow a link wherever it leads. `top` says which entries of
 * the folder itself are the index's: nothing reads the others (the S3 cache's `.complete` marker).
 */
async function filesOf(dir: string, corpus: string | undefined, top: (name: string) => boolean = () => true): Promise<IndexFile[]> {
  const roots = [await realOrSelf(dir)];
  const found: IndexFile[] = [];
  const walk = async (folder: string, prefix: string): Promise<void> => {
    const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const name = `${prefix}${entry.name}`;
      if (name === MANIFEST_FILE || (prefix === '' && !top(name))) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path, `${name}/`);
      else if (entry.isSymbolicLink()) throw indexDamaged(dir, corpus, `${name} is a link (an index holds only its own files)`);
      else if (!entry.isFile()) throw indexDamaged(dir, corpus, `${name} is not a regular file`);
      else {
        // A file met by this walk is no link and lies in no linked folder: its path is its real
        // path. The open checks that it is still this file (corpus-files.ts).
        const info = await lstat(path);
        found.push({ name, file: { path, real: path, bytes: info.size, mtimeMs: info.mtimeMs, dev: info.dev, ino: info.ino } });
      }
    }
  };
  await walk(roots[0]!, '');
  return found;
}

async function fullHash(file: CorpusFile, roots: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  await streamCorpusBytes(file, roots, (chunk) => hash.update(chunk), INDEX_FILE);
  return hash.digest('hex');
}

/** sha256 of `SAMPLE_BLOCKS` blocks spread evenly over the file, its first and last included. */
async function sampleHash(file: CorpusFile, roots: readonly string[]): Promise<string> {
  const { handle, bytes } = await openCorpusFile(file, roots, INDEX_FILE);
  try {
    const hash = createHash('sha256');
    const block = Buffer.alloc(SAMPLE_BLOCK_BYTES);
    const last = Math.max(0, bytes - SAMPLE_BLOCK_BYTES);
    for (let i = 0; i < SAMPLE_BLOCKS; i++) {
      const position = Math.floor((last * i) / (SAMPLE_BLOCKS - 1));
      const { bytesRead } = await handle.read(block, 0, block.length, position);
      hash.update(block.subarray(0, bytesRead));
    }
    return hash.digest('hex');
  } finally {
    await handle.close();
  }
}

/** The checks of every file of the folder (at build time, before the manifest is written). */
export async function indexFileChecks(dir: string): Promise<Record<string, IndexFileCheck>> {
  const roots = [await realOrSelf(dir)];
  const files = await filesOf(dir, undefined);
  const checks = await Promise.all(
    files.map(async ({ file }) => {
      const check: IndexFileCheck = { bytes: file.bytes, sha256: await fullHash(file, roots) };
      if (file.bytes > FULL_CHECK_BYTES) check.sampleSha256 = await sampleHash(file, roots);
      return check;
    }),
  );
  return Object.fromEntries(files.map(({ name }, i) => [name, checks[i]!]));
}

/** Throws the one "damaged" line unless the folder holds exactly the files the manifest lists, each as it was built. */
export async function verifyIndexFiles(dir: string, manifest: IndexManifest): Promise<void> {
  const corpus = manifest.corpus.path;
  const roots = [await realOrSelf(dir)];
  const tops = new Set(Object.keys(manifest.files).map((name) => name.split('/')[0]));
  const found = await filesOf(dir, corpus, (name) => tops.has(name));
  const present = new Set(found.map((f) => f.name));
  for (const name of Object.keys(manifest.files)) if (!present.has(name)) throw indexDamaged(dir, corpus, `${name} is missing`);
  for (const { name, file } of found) {
    const expected = manifest.files[name];
    if (expected === undefined) throw indexDamaged(dir, corpus, `${name} is not one of its files`);
    if (file.bytes !== expected.bytes) throw indexDamaged(dir, corpus, `${name} is ${file.bytes} bytes, the manifest says ${expected.bytes}`);
  }
  // The hashes side by side: most files of a small index are a few hundred bytes, and their opens cost more than their reads.
  const mismatched = await Promise.all(
    found.map(async ({ name, file }) => {
      const expected = manifest.files[name]!;
      const sampled = file.bytes > FULL_CHECK_BYTES && expected.sampleSha256 !== undefined;
      const actual = sampled ? await sampleHash(file, roots) : await fullHash(file, roots);
      return actual === (sampled ? expected.sampleSha256 : expected.sha256) ? undefined : name;
    }),
  );
  const first = mismatched.find((name) => name !== undefined);
  if (first !== undefined) throw indexDamaged(dir, corpus, `${first} does not match its checksum`);
}
