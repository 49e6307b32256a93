/**
 * Which files a corpus on disk is, and reading them, confined to the corpus folders. A request
 * names a corpus; it must not get to read a file outside the folders by a link in them, nor to
 * stall the process with a FIFO or a device, nor to fill its memory with one huge file.
 *
 * Each file is resolved (the real path of the file itself, every link followed) and checked under
 * a root; then that real path is opened, without following a link, and without blocking (a FIFO
 * swapped in at the last moment opens at once, and is refused). The open handle is checked, not
 * the name: a regular file, the same device and inode that were checked, and (on Linux, from
 * /proc/self/fd) still under a root. What is read is what was checked.
 */
import { constants, type Stats } from 'node:fs';
import { type FileHandle, open, readdir, readlink, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import { InvalidInputError } from '../../core/errors.js';

/**
 * The most bytes one corpus file may hold unless CAIRN_CORPUS_MAX_FILE_BYTES says otherwise. A
 * corpus file is read whole and decoded to one string, and V8 caps a string at about 512 MiB;
 * half of that leaves room for the parsed documents beside the text in a Lambda's or a laptop's
 * memory, and is some five times the generated 100k-document corpus of the scale benchmark.
 */
export const DEFAULT_MAX_CORPUS_FILE_BYTES = 256 * 1024 * 1024;

/** Where a corpus may be read from, and how much of one file. */
export interface CorpusAccess {
  /** The folders (or files) reads must stay under; the corpus named is its own only root when undefined. */
  roots?: readonly string[] | undefined;
  /** The most bytes of one file; `DEFAULT_MAX_CORPUS_FILE_BYTES` when undefined. */
  maxFileBytes?: number | undefined;
  /** What a file is called in messages: `corpus file` unless said (an index reads its own files through here too). */
  label?: string;
}

/** The extensions of corpus files in a folder. */
export const CORPUS_EXTENSIONS: ReadonlySet<string> = new Set(['.jsonl', '.ndjson', '.json']);

/** A file of a corpus, checked: the name it was reached by (what messages show) and what was found there. */
export interface CorpusFile {
  /** The path as the corpus names it (a folder's path joined with the entry's name). */
  path: string;
  /** Its real path, every link resolved: the path that is opened. */
  real: string;
  bytes: number;
  mtimeMs: number;
  dev: number;
  ino: number;
}

/** True when `path` is `root` or lies below it (both absolute, links resolved). */
export function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** A path with its links resolved; the path itself (absolute) when it does not exist. */
export async function realOrSelf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return resolve(path);
  }
}

/** The real paths of the roots; `fallback` (the corpus named) when there are none. */
export async function realRoots(access: CorpusAccess, fallback: string): Promise<string[]> {
  return Promise.all((access.roots ?? [fallback]).map((root) => realOrSelf(root)));
}

const underRoots = (roots: readonly string[], path: string): boolean => roots.some((root) => isWithin(root, path));

/** What a thing that is not a regular file is, in words; undefined for a regular file. */
function notAFile(info: Stats): string | undefined {
  if (info.isFile()) return undefined;
  if (info.isDirectory()) return 'a folder, not a file';
  if (info.isFIFO()) return 'a FIFO, not a regular file';
  if (info.isSocket()) return 'a socket, not a regular file';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device, not a regular file';
  return 'not a regular file';
}

const labelOf = (access: CorpusAccess): string => access.label ?? 'corpus file';

const tooLarge = (path: string, bytes: number, max: number, access: CorpusAccess): InvalidInputError =>
  new InvalidInputError(
    `${labelOf(access)} ${path} is ${bytes} bytes, over the ${max}-byte cap${access.label === undefined ? ' (CAIRN_CORPUS_MAX_FILE_BYTES)' : ''}`,
  );

/**
 * Checks one file of a corpus before it is opened: its real path under a root (a link out is
 * refused naming the link), a regular file, within the size cap. Nothing is opened.
 */
export async function checkCorpusFile(path: string, roots: readonly string[], access: CorpusAccess): Promise<CorpusFile> {
  let real: string;
  try {
    real = await realpath(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new InvalidInputError(`${labelOf(access)} not found: ${path}`, { cause: error });
    throw new InvalidInputError(`${labelOf(access)} cannot be read: ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`, { cause: error });
  }
  if (!underRoots(roots, real)) {
    // Its name is inside (the folder was checked): a link somewhere on the way leads out.
    throw new InvalidInputError(
      real === resolve(path)
        ? `${labelOf(access)} ${path} is outside the corpus folders`
        : `${labelOf(access)} ${path} is a link to a file outside the corpus folders`,
    );
  }
  const info = await stat(real);
  const what = notAFile(info);
  if (what !== undefined) throw new InvalidInputError(`${labelOf(access)} ${path} is ${what}`);
  const max = access.maxFileBytes ?? DEFAULT_MAX_CORPUS_FILE_BYTES;
  if (info.size > max) throw tooLarge(path, info.size, max, access);
  return { path, real, bytes: info.size, mtimeMs: info.mtimeMs, dev: info.dev, ino: info.ino };
}

/**
 * The files of a corpus reference, checked: the file itself, or a folder's corpus files in name
 * order (not recursive), each resolved and checked on its own.
 */
export async function listCorpusFiles(path: string, access: CorpusAccess = {}): Promise<CorpusFile[]> {
  const roots = await realRoots(access, path);
  let real: string;
  try {
    real = await realpath(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new InvalidInputError(`corpus file not found: ${path}`, { cause: error });
    throw new InvalidInputError(`corpus ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? 'error'}`, { cause: error });
  }
  if (!underRoots(roots, real)) throw new InvalidInputError(`corpus ${path} is outside the corpus folders`);
  if (!(await stat(real)).isDirectory()) return [await checkCorpusFile(path, roots, access)];
  const names = (await readdir(real)).filter((name) => CORPUS_EXTENSIONS.has(extname(name).toLowerCase())).sort();
  if (names.length === 0) throw new InvalidInputError(`corpus directory has no .jsonl or .json files: ${path}`);
  const files: CorpusFile[] = [];
  for (const name of names) files.push(await checkCorpusFile(join(path, name), roots, access));
  return files;
}

/**
 * Opens a checked file by its real path and checks the open handle: the same regular file that was
 * checked, and still under a root. The caller closes it.
 */
export async function openCorpusFile(file: CorpusFile, roots: readonly string[], access: CorpusAccess = {}): Promise<{ handle: FileHandle; bytes: number }> {
  let handle: FileHandle;
  try {
    // O_NONBLOCK: a FIFO put in the file's place since the check opens at once instead of waiting
    // for a writer (and is refused below); O_NOFOLLOW: a link put there is not followed.
    handle = await open(file.real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const label = labelOf(access);
    if (code === 'ELOOP') throw new InvalidInputError(`${label} ${file.path} was replaced by a link while it was opened`, { cause: error });
    if (code === 'ENOENT') throw new InvalidInputError(`${label} not found: ${file.path}`, { cause: error });
    throw new InvalidInputError(`${label} cannot be read: ${file.path}: ${code ?? 'error'}`, { cause: error });
  }
  try {
    const info = await handle.stat();
    const what = notAFile(info);
    const label = labelOf(access);
    if (what !== undefined) throw new InvalidInputError(`${label} ${file.path} is ${what}`);
    if (info.dev !== file.dev || info.ino !== file.ino) throw new InvalidInputError(`${label} ${file.path} was replaced while it was opened`);
    const opened = await openedPath(handle);
    if (opened !== undefined && !underRoots(roots, opened)) throw new InvalidInputError(`${label} ${file.path} is a link to a file outside the corpus folders`);
    const max = access.maxFileBytes ?? DEFAULT_MAX_CORPUS_FILE_BYTES;
    if (info.size > max) throw tooLarge(file.path, info.size, max, access);
    return { handle, bytes: info.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The path the kernel holds for an open file (Linux); undefined where /proc is not there. */
async function openedPath(handle: FileHandle): Promise<string | undefined> {
  try {
    return (await readlink(`/proc/self/fd/${handle.fd}`)).replace(/ \(deleted\)$/, '');
  } catch {
    return undefined;
  }
}

/**
 * The bytes of a checked file, read through its checked handle; never more than the cap (a file
 * that grows past it while it is read is refused).
 */
export async function readCorpusBytes(file: CorpusFile, roots: readonly string[], access: CorpusAccess = {}): Promise<Buffer> {
  const max = access.maxFileBytes ?? DEFAULT_MAX_CORPUS_FILE_BYTES;
  const { handle, bytes } = await openCorpusFile(file, roots, access);
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    // One read past the size found: a file that grew shows it, and the cap still holds.
    let buffer = Buffer.allocUnsafe(Math.min(bytes, max) + 1);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > max) throw tooLarge(file.path, total, max, access);
      chunks.push(buffer.subarray(0, bytesRead));
      buffer = Buffer.allocUnsafe(64 * 1024);
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

/** Feeds a checked file's bytes to `sink` in chunks, through its checked handle (hashing a corpus reads it this way). */
export async function streamCorpusBytes(file: CorpusFile, roots: readonly string[], sink: (chunk: Buffer) => void, access: CorpusAccess = {}): Promise<number> {
  const max = access.maxFileBytes ?? DEFAULT_MAX_CORPUS_FILE_BYTES;
  const { handle, bytes } = await openCorpusFile(file, roots, access);
  try {
    // A small file gets a small buffer (an index has dozens of files of a few hundred bytes); one byte more shows growth.
    const buffer = Buffer.allocUnsafe(Math.min(1024 * 1024, bytes + 1));
    let total = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return total;
      total += bytesRead;
      if (total > max) throw tooLarge(file.path, total, max, access);
      sink(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}
