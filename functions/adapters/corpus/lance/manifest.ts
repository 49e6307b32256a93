/**
 * The manifest of an on-disk corpus index (`manifest.json` in its folder): which corpus it was
 * built from (path, size, modification time and a content hash), which format wrote it, and what
 * the index needs to answer queries without the corpus (the methods' names and parameters).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { InvalidInputError } from '../../../core/errors.js';

/** Raised when the format changes in a way an older index cannot be read by. */
export const INDEX_FORMAT_VERSION = 2;

export const MANIFEST_FILE = 'manifest.json';

export interface CorpusFingerprint {
  /** The corpus path the index was built from (absolute). */
  path: string;
  bytes: number;
  mtimeMs: number;
  /** sha256 of the corpus files' bytes, in file order. */
  sha256: string;
}

export interface IndexManifest {
  format: 'cairn-corpus-index';
  formatVersion: number;
  corpus: CorpusFingerprint;
  documents: number;
  engine: string;
  keywordMethod: string;
  vectorMethod: string;
  dimensions: number;
  graphMethod: string;
  /** The longest title key, in tokens (how far a mention lookup reads). */
  maxTitleTokens: number;
  /** How vector search finds neighbours: `exact` (a scan) or `ivf-hnsw-sq` (an HNSW graph over quantized vectors). */
  vectorIndex: 'exact' | 'ivf-hnsw-sq';
  builtAt: string;
  buildMs: number;
}

const CORPUS_EXTENSIONS = new Set(['.jsonl', '.ndjson', '.json']);

/** The files of a corpus reference: the file itself, or a folder's corpus files in name order (as the loader reads them). */
export async function corpusFiles(path: string): Promise<string[]> {
  const info = await stat(path);
  if (!info.isDirectory()) return [path];
  const names = (await readdir(path)).filter((name) => CORPUS_EXTENSIONS.has(extname(name).toLowerCase())).sort();
  return names.map((name) => join(path, name));
}

/** Size, newest modification time and content hash of the corpus at `path`. */
export async function fingerprint(path: string): Promise<CorpusFingerprint> {
  const files = await corpusFiles(path);
  const { bytes, mtimeMs } = await sizeAndTime(files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${basename(file)}\0`);
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  }
  return { path: resolve(path), bytes, mtimeMs, sha256: hash.digest('hex') };
}

/** Size and newest modification time only: the cheap check before a hash. */
export async function quickFingerprint(path: string): Promise<{ bytes: number; mtimeMs: number }> {
  return sizeAndTime(await corpusFiles(path));
}

async function sizeAndTime(files: readonly string[]): Promise<{ bytes: number; mtimeMs: number }> {
  let bytes = 0;
  let mtimeMs = 0;
  for (const file of files) {
    const info = await stat(file);
    bytes += info.size;
    mtimeMs = Math.max(mtimeMs, info.mtimeMs);
  }
  return { bytes, mtimeMs };
}

/** The manifest of the index in `dir`, undefined when there is none; one line when it cannot be used. */
export async function readManifest(dir: string): Promise<IndexManifest | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let manifest: Partial<IndexManifest>;
  try {
    manifest = JSON.parse(text) as Partial<IndexManifest>;
  } catch (error) {
    throw new InvalidInputError(`index ${dir}: manifest.json is not valid JSON; re-index with: npm start -- index --corpus <corpus>`, { cause: error });
  }
  if (manifest.format !== 'cairn-corpus-index')
    throw new InvalidInputError(`index ${dir}: not a Cairn corpus index (manifest.json has no "format": "cairn-corpus-index")`);
  if (manifest.formatVersion !== INDEX_FORMAT_VERSION) {
    throw new InvalidInputError(
      `index ${dir} was written in format ${String(manifest.formatVersion)}, this Cairn reads format ${INDEX_FORMAT_VERSION}: re-index with: npm start -- index --corpus ${manifest.corpus?.path ?? '<corpus>'}`,
    );
  }
  return manifest as IndexManifest;
}

/** True when the corpus at the manifest's path is still the one indexed (size and time, else the hash). */
export async function corpusUnchanged(manifest: IndexManifest, path: string = manifest.corpus.path): Promise<boolean> {
  const quick = await quickFingerprint(path);
  if (quick.bytes !== manifest.corpus.bytes) return false;
  if (quick.mtimeMs === manifest.corpus.mtimeMs) return true;
  return (await fingerprint(path)).sha256 === manifest.corpus.sha256;
}

/** The default folder of a corpus's index under `indexRoot` (CAIRN_HOME/indexes): <corpus name>-<hash of its absolute path>. */
export function defaultIndexDir(indexRoot: string, corpusPath: string): string {
  const absolute = resolve(corpusPath);
  const tag = createHash('sha256').update(absolute).digest('hex').slice(0, 10);
  const name = basename(absolute).replace(/[^A-Za-z0-9._-]/g, '_');
  return join(indexRoot, `${name}-${tag}`);
}
