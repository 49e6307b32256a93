/**
 * The `CorpusProvider` for files on disk: a corpus reference is a path (or a `file:` URL) to a
 * JSONL/JSON file or a directory of them, or the folder of an index `cairn index` built.
 *
 * A corpus with an index on disk (in `indexRoot`, where `cairn index` writes by default) is opened
 * from the index without reading the corpus; when the corpus changed since (size and time, then its
 * hash) it is indexed again first. A corpus without one is loaded and indexed in memory. Either way
 * the index is kept for the process, as a Lambda container keeps its index between invocations.
 * Only files under the corpus roots are read: a request names a corpus, and must not get to read
 * `/etc/shadow` by naming it.
 */
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidInputError } from '../../core/errors.js';
import type { CorpusIndex, CorpusProvider } from '../../core/ports.js';
import { buildCorpusIndex, type CorpusIndexOptions } from '../../core/retrieval/corpus-index.js';
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
}

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * The index of `corpusPath` kept on disk in `dir`, opened; re-built first when the corpus changed
 * since it was indexed. Undefined when `dir` holds no index.
 */
export async function openCurrentIndex(dir: string, corpusPath: string | undefined, options: CorpusIndexOptions = {}): Promise<CorpusIndex | undefined> {
  if (!(await exists(join(dir, MANIFEST_FILE)))) return undefined;
  const manifest = await readManifest(dir);
  if (!manifest) return undefined;
  const corpus = corpusPath ?? manifest.corpus.path;
  // An index folder copied without its corpus is used as it is: there is nothing to compare with.
  if ((await exists(corpus)) && !(await corpusUnchanged(manifest, corpus))) {
    const { buildIndex } = await lanceEngine();
    await buildIndex(corpus, dir, options.embedder ? { embedder: options.embedder } : {});
  }
  const { openIndex } = await lanceEngine();
  return openIndex(dir, options.embedder ? { embedder: options.embedder } : {});
}

/** True when `path` is `root` or lies below it (both absolute, symbolic links resolved). */
function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** A path with its symbolic links resolved; the path itself when it does not exist (yet). */
async function real(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return path;
  }
}

export class FileCorpusProvider implements CorpusProvider {
  // The promise is cached, so concurrent first loads of one path share a single build.
  private readonly cache = new Map<string, Promise<CorpusIndex>>();
  private readonly roots: readonly string[] | undefined;
  private readonly indexRoot: string | undefined;
  private readonly indexOptions: CorpusIndexOptions;

  /** `defaultPath` is used when a request names no corpus. */
  constructor(
    private readonly defaultPath: string,
    options: FileCorpusProviderOptions = {},
  ) {
    const { roots, indexRoot, ...indexOptions } = options;
    this.roots = roots?.map((root) => resolve(root));
    this.indexRoot = indexRoot;
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
    if (await exists(join(path, MANIFEST_FILE))) return (await openCurrentIndex(path, undefined, this.indexOptions))!;
    if (this.indexRoot !== undefined) {
      const onDisk = await openCurrentIndex(defaultIndexDir(this.indexRoot, path), path, this.indexOptions);
      if (onDisk) return onDisk;
    }
    return buildCorpusIndex(await loadCorpus(path), this.indexOptions);
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
 */
export async function corpusPathWithin(roots: readonly string[], ref: string): Promise<string> {
  const path = resolveCorpusPath(ref);
  const target = await real(path);
  for (const root of roots) if (isWithin(await real(resolve(root)), target)) return path;
  throw new InvalidInputError(`corpus ${ref} is outside the corpus folders (examples/, CAIRN_HOME, CAIRN_CORPUS_ROOTS, --corpus)`);
}
