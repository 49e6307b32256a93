/**
 * The `CorpusProvider` for files on disk: a corpus reference is a path (or a `file:` URL) to a
 * JSONL/JSON file or a directory of them, or the folder of an index `cairn index` built.
 *
 * A corpus with an index on disk (in `indexRoot`, where `cairn index` writes by default) is opened
 * from the index without reading the corpus; when the corpus changed since (its hash) it is indexed
 * again first. A corpus without one is loaded and indexed in memory. Either way the index is kept
 * for the process, as a Lambda container keeps its index between invocations.
 *
 * Only files under the corpus roots are read: a request names a corpus, and must not get to read
 * `/etc/shadow` by naming it, by a link in a folder it may name, or by an index whose manifest names
 * it. Each file is resolved and checked on its own, then read by the path checked (corpus-files.ts);
 * an index folder holds only its own files, as its manifest lists them (lance/index-files.ts).
 */
import { lstat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidInputError } from '../../core/errors.js';
import type { CorpusIndex, CorpusProvider } from '../../core/ports.js';
import { buildCorpusIndex, type CorpusIndexOptions } from '../../core/retrieval/corpus-index.js';
import { type CorpusAccess, isWithin, realOrSelf } from './corpus-files.js';
import { corpusUnchanged, defaultIndexDir, MANIFEST_FILE, readManifest } from './lance/manifest.js';
import { loadCorpus } from './load-corpus.js';

/**
 * LanceDB (a native module) is loaded only when an index on disk is opened or built: a process
 * that indexes in memory never loads it, and a Lambda bundle ships it only beside the functions
 * that open indexes.
 */
const lanceEngine = () => import('./lance/lance-index.js');

export interface FileCorpusProviderOptions extends CorpusIndexOptions {
  /** The folders (or files) a corpus may be read from; every path is accepted when undefined. */
  roots?: readonly string[];
  /** Where on-disk indexes of corpora are (`cairn index`'s default output); none are used when undefined. */
  indexRoot?: string | undefined;
  /** The most bytes of one corpus file (CAIRN_CORPUS_MAX_FILE_BYTES); corpus-files.ts's default when undefined. */
  maxFileBytes?: number | undefined;
}

/** True when there is an entry at `path` (a link counts, wherever it leads). */
const present = (path: string): Promise<boolean> =>
  lstat(path).then(
    () => true,
    () => false,
  );

/**
 * The index of `corpusPath` kept on disk in `dir`, opened; re-built first when the corpus changed
 * since it was indexed. Undefined when `dir` holds no index. With no `corpusPath` (an index folder
 * named as the corpus) the corpus is the one its manifest names, which must lie under
 * `access.roots` when they are given: a manifest is read from disk, and naming a file outside the
 * folders in one must not get that file indexed and quoted.
 */
export async function openCurrentIndex(
  dir: string,
  corpusPath: string | undefined,
  options: CorpusIndexOptions = {},
  access: CorpusAccess = {},
): Promise<CorpusIndex | undefined> {
  if (!(await present(join(dir, MANIFEST_FILE)))) return undefined;
  const manifest = await readManifest(dir);
  if (!manifest) return undefined;
  if (corpusPath === undefined && access.roots !== undefined) {
    const named = await realOrSelf(manifest.corpus.path);
    const roots = await Promise.all(access.roots.map((root) => realOrSelf(root)));
    if (!roots.some((root) => isWithin(root, named))) throw new InvalidInputError(`index ${dir} names a corpus outside the corpus folders; it is not opened`);
  }
  const corpus = corpusPath ?? manifest.corpus.path;
  const embedder = options.embedder ? { embedder: options.embedder } : {};
  // An index folder copied without its corpus is used as it is: there is nothing to compare with.
  if ((await present(corpus)) && !(await corpusUnchanged(manifest, corpus, access))) {
    const { buildIndex } = await lanceEngine();
    await buildIndex(corpus, dir, { ...embedder, access });
  }
  const { openIndex } = await lanceEngine();
  return openIndex(dir, embedder);
}

export class FileCorpusProvider implements CorpusProvider {
  // The promise is cached, so concurrent first loads of one path share a single build.
  private readonly cache = new Map<string, Promise<CorpusIndex>>();
  private readonly roots: readonly string[] | undefined;
  private readonly indexRoot: string | undefined;
  private readonly maxFileBytes: number | undefined;
  private readonly indexOptions: CorpusIndexOptions;

  /** `defaultPath` is used when a request names no corpus. */
  constructor(
    private readonly defaultPath: string,
    options: FileCorpusProviderOptions = {},
  ) {
    const { roots, indexRoot, maxFileBytes, ...indexOptions } = options;
    this.roots = roots?.map((root) => resolve(root));
    this.indexRoot = indexRoot;
    this.maxFileBytes = maxFileBytes;
    this.indexOptions = indexOptions;
  }

  async load(ref: string | undefined): Promise<CorpusIndex> {
    const path = await this.allowedPath(ref ?? this.defaultPath);
    let pending = this.cache.get(path);
    if (!pending) {
      pending = this.index(path);
      // A failed load is not cached: a fixed file can be loaded on the next request.
      pending.catch(() => this.cache.delete(path));
      this.cache.set(path, pending);
    }
    return pending;
  }

  private async index(path: string): Promise<CorpusIndex> {
    // Without roots, every path is accepted: the corpus named is the one folder its files may be in.
    const access: CorpusAccess = { roots: this.roots, maxFileBytes: this.maxFileBytes };
    if (await present(join(path, MANIFEST_FILE))) return (await openCurrentIndex(path, undefined, this.indexOptions, access))!;
    if (this.indexRoot !== undefined) {
      const dir = defaultIndexDir(this.indexRoot, path);
      // The index root is the configuration's; a folder in it that is a link leads elsewhere.
      if (!isWithin(await realOrSelf(this.indexRoot), await realOrSelf(dir)))
        throw new InvalidInputError(`index ${dir} is a link out of the index folder ${this.indexRoot}`);
      const onDisk = await openCurrentIndex(dir, path, this.indexOptions, access);
      if (onDisk) return onDisk;
    }
    return buildCorpusIndex(await loadCorpus(path, access), this.indexOptions);
  }

  /** Forgets every loaded index (after the files changed on disk). */
  clear(): void {
    this.cache.clear();
  }

  private async allowedPath(ref: string): Promise<string> {
    return this.roots === undefined ? resolveCorpusPath(ref) : corpusPathWithin(this.roots, ref);
  }
}

function resolveCorpusPath(ref: string): string {
  if (ref.trim() === '') throw new InvalidInputError('corpus reference is empty');
  if (ref.startsWith('file:')) return fileURLToPath(ref);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(ref)) throw new InvalidInputError(`this corpus provider reads local files; cannot load ${ref}`);
  return resolve(ref);
}

/**
 * The corpus reference as a path under one of `roots`, symbolic links resolved (a link inside a
 * root pointing outside it is outside); refused in one line naming the reference, before any read.
 * The files of a folder are checked again, each on its own, when they are read.
 */
export async function corpusPathWithin(roots: readonly string[], ref: string): Promise<string> {
  const path = resolveCorpusPath(ref);
  const target = await realOrSelf(path);
  for (const root of roots) if (isWithin(await realOrSelf(resolve(root)), target)) return path;
  throw new InvalidInputError(`corpus ${ref} is outside the corpus folders (examples/, CAIRN_HOME, CAIRN_CORPUS_ROOTS, --corpus)`);
}
