/**
 * The manifest of an on-disk corpus index (`manifest.json` in its folder): which corpus it was
 * built from (path, size, modification time and a content hash), which format wrote it, what the
 * index needs to answer queries without the corpus (the methods' names and parameters), and the
 * size and sha256 of every file of the index (index-files.ts checks them when it is opened).
 */
import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { InvalidInputError } from '../../../core/errors.js';
import { type CorpusAccess, checkCorpusFile, listCorpusFiles, readCorpusBytes, realOrSelf, realRoots, streamCorpusBytes } from '../corpus-files.js';

/**
 * Raised when the format changes in a way an older index cannot be read by. 3: every file's size
 * and sha256 in the manifest (an index without them cannot be checked, so it is built again). 4:
 * the keyword text is stemmed with "died" as "die" (core/retrieval/tokenize.ts), which queries now
 * ask for.
 */
export const INDEX_FORMAT_VERSION = 4;

export const MANIFEST_FILE = 'manifest.json';

/** A manifest names a few hundred files at most; anything far larger is not one. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

export interface CorpusFingerprint {
  /** The corpus path the index was built from (absolute). */
  path: string;
  bytes: number;
  /** The newest modification time of its files, for a reader: whether it changed is decided by `sha256`. */
  mtimeMs: number;
  /** sha256 of the corpus files' bytes, in file order. */
  sha256: string;
}

/** What the manifest knows of one file of the index. */
export interface IndexFileCheck {
  bytes: number;
  /** sha256 of the whole file. */
  sha256: string;
  /** sha256 of evenly spaced blocks of it, for a file too large to hash whenever the index is opened. */
  sampleSha256?: string;
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
  /** Every file of the folder but the manifest, by its path inside the folder (`/`-separated). */
  files: Record<string, IndexFileCheck>;
  builtAt: string;
  buildMs: number;
}

/**
 * Size, newest modification time and content hash of the corpus at `path`, its files read as the
 * loader reads them (checked under the roots, regular files only, within the size cap).
 */
export async function fingerprint(path: string, access: CorpusAccess = {}): Promise<CorpusFingerprint> {
  const files = await listCorpusFiles(path, access);
  const roots = await realRoots(access, path);
  const hash = createHash('sha256');
  let bytes = 0;
  let mtimeMs = 0;
  for (const file of files) {
    hash.update(`${basename(file.path)}\0`);
    bytes += await streamCorpusBytes(file, roots, (chunk) => hash.update(chunk), access);
    mtimeMs = Math.max(mtimeMs, file.mtimeMs);
  }
  return { path: resolve(path), bytes, mtimeMs, sha256: hash.digest('hex') };
}

/** The command that builds the index in `dir` again, for the messages that say so. */
export const reindexCommand = (dir: string, corpus: string | undefined): string => `npm start -- index --corpus ${corpus ?? '<corpus>'} --out ${dir}`;

/** The one line for an index that cannot be trusted: what is wrong, and how to build it again. */
export function indexDamaged(dir: string, corpus: string | undefined, what: string): InvalidInputError {
  return new InvalidInputError(`index ${dir} is damaged: ${what}; re-index with: ${reindexCommand(dir, corpus)}`);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const SHA256 = /^[0-9a-f]{64}$/;

/** True when `files` is a manifest's map of file checks. */
function isFileChecks(files: unknown): files is Record<string, IndexFileCheck> {
  if (!isRecord(files)) return false;
  return Object.entries(files).every(
    ([name, check]) =>
      name !== '' &&
      !name.split('/').some((part) => part === '' || part === '.' || part === '..') &&
      isRecord(check) &&
      Number.isSafeInteger(check.bytes) &&
      (check.bytes as number) >= 0 &&
      typeof check.sha256 === 'string' &&
      SHA256.test(check.sha256) &&
      (check.sampleSha256 === undefined || (typeof check.sampleSha256 === 'string' && SHA256.test(check.sampleSha256))),
  );
}

/**
 * The manifest of the index in `dir`, undefined when there is none; one line when it cannot be
 * used. It is read as a corpus file is (a regular file of the folder, not a link out of it).
 */
export async function readManifest(dir: string): Promise<IndexManifest | undefined> {
  const access: CorpusAccess = { roots: [await realOrSelf(dir)], maxFileBytes: MAX_MANIFEST_BYTES, label: 'index file' };
  const path = join(dir, MANIFEST_FILE);
  const present = await lstat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => error.code !== 'ENOENT',
  );
  if (!present) return undefined;
  const text = (await readCorpusBytes(await checkCorpusFile(path, access.roots!, access), access.roots!, access)).toString('utf8');
  let manifest: Partial<IndexManifest>;
  try {
    manifest = JSON.parse(text) as Partial<IndexManifest>;
  } catch (error) {
    throw new InvalidInputError(`index ${dir}: manifest.json is not valid JSON; re-index with: ${reindexCommand(dir, undefined)}`, { cause: error });
  }
  if (!isRecord(manifest) || manifest.format !== 'cairn-corpus-index')
    throw new InvalidInputError(`index ${dir}: not a Cairn corpus index (manifest.json has no "format": "cairn-corpus-index")`);
  const corpus = isRecord(manifest.corpus) && typeof manifest.corpus.path === 'string' ? manifest.corpus.path : undefined;
  if (manifest.formatVersion !== INDEX_FORMAT_VERSION) {
    throw new InvalidInputError(
      `index ${dir} was written in format ${String(manifest.formatVersion)}, this Cairn reads format ${INDEX_FORMAT_VERSION}: re-index with: ${reindexCommand(dir, corpus)}`,
    );
  }
  const fingerprinted =
    corpus !== undefined &&
    isRecord(manifest.corpus) &&
    Number.isSafeInteger(manifest.corpus.bytes) &&
    typeof manifest.corpus.sha256 === 'string' &&
    SHA256.test(manifest.corpus.sha256);
  if (!fingerprinted) throw indexDamaged(dir, corpus, 'manifest.json does not say which corpus it was built from');
  if (!isFileChecks(manifest.files)) throw indexDamaged(dir, corpus, "manifest.json does not list its files' sizes and checksums");
  return manifest as IndexManifest;
}

/**
 * True when the corpus at `path` is still the one indexed: the same bytes, by their hash. A size
 * that differs says "changed" without reading; the same size and modification time do not say
 * "unchanged" (an edit can keep both), so the corpus is hashed.
 */
export async function corpusUnchanged(manifest: IndexManifest, path: string = manifest.corpus.path, access: CorpusAccess = {}): Promise<boolean> {
  const files = await listCorpusFiles(path, access);
  if (files.reduce((sum, file) => sum + file.bytes, 0) !== manifest.corpus.bytes) return false;
  return (await fingerprint(path, access)).sha256 === manifest.corpus.sha256;
}

/** The default folder of a corpus's index under `indexRoot` (CAIRN_HOME/indexes): <corpus name>-<hash of its absolute path>. */
export function defaultIndexDir(indexRoot: string, corpusPath: string): string {
  const absolute = resolve(corpusPath);
  const tag = createHash('sha256').update(absolute).digest('hex').slice(0, 10);
  const name = basename(absolute).replace(/[^A-Za-z0-9._-]/g, '_');
  return join(indexRoot, `${name}-${tag}`);
}
