/**
 * The `CorpusProvider` for files on disk: a corpus reference is a path (or a `file:` URL) to a
 * JSONL/JSON file or a directory of them; each is loaded and indexed once per process and kept in
 * memory, as a Lambda container keeps its index between invocations.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidInputError } from '../../core/errors.js';
import type { CorpusIndex, CorpusProvider } from '../../core/ports.js';
import { type CorpusIndexOptions, createCorpusIndex } from '../../core/retrieval/corpus-index.js';
import { loadCorpus } from './load-corpus.js';

export class FileCorpusProvider implements CorpusProvider {
  // The promise is cached, so concurrent first loads of one path share a single build.
  private readonly cache = new Map<string, Promise<CorpusIndex>>();

  /** `defaultPath` is used when a request names no corpus. */
  constructor(
    private readonly defaultPath: string,
    private readonly indexOptions: CorpusIndexOptions = {},
  ) {}

  async load(ref: string | undefined): Promise<CorpusIndex> {
    const path = this.resolvePath(ref ?? this.defaultPath);
    let pending = this.cache.get(path);
    if (!pending) {
      pending = loadCorpus(path).then((docs) => createCorpusIndex(docs, this.indexOptions));
      // A failed load is not cached: a fixed file can be loaded on the next request.
      pending.catch(() => this.cache.delete(path));
      this.cache.set(path, pending);
    }
    return pending;
  }

  /** Forgets every loaded index (after the files changed on disk). */
  clear(): void {
    this.cache.clear();
  }

  private resolvePath(ref: string): string {
    if (ref.trim() === '') throw new InvalidInputError('corpus reference is empty');
    if (ref.startsWith('file:')) return fileURLToPath(ref);
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(ref)) throw new InvalidInputError(`this corpus provider reads local files; cannot load ${ref}`);
    return resolve(ref);
  }
}
