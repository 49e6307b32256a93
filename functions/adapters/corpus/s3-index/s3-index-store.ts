/**
 * Indexes kept in S3 for the corpora in S3. The index job writes a build's files under
 * `<location><corpus key>/<build>/` and then, last, `<location><corpus key>/current.json`, which
 * names the build, the corpus object's ETag and SHA-256 it was built from, and every file with its
 * size. A reader trusts only what `current.json` lists, so a build that stopped half-way (files
 * without a pointer) is never opened; it downloads the files into a folder of its own and renames
 * the folder into place only once every file is there.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { CairnError, InvalidInputError } from '../../../core/errors.js';
import { describeAwsError } from '../../aws/transient.js';
import { isMissingObject, parseS3Uri } from '../../s3/uri.js';

/** Bumped when the layout of `current.json` or of a build changes. */
export const S3_INDEX_FORMAT_VERSION = 1;
export const POINTER_FILE = 'current.json';

export interface StoredIndexPointer {
  format: 'cairn-s3-index';
  formatVersion: number;
  /** The engine that wrote the files, e.g. `lancedb@0.31`, or `opensearch` for a vectorizer state only. */
  engine: string;
  corpus: string;
  corpusEtag: string;
  corpusSha256: string;
  build: string;
  documents: number;
  files: Array<{ path: string; bytes: number }>;
  builtAt: string;
}

/** Where the index of `corpus` (`s3://bucket/key`) lives under `location` (`s3://bucket/prefix/`). */
export function indexPrefixOf(location: string, corpus: string): { bucket: string; prefix: string } {
  const { bucket, key } = parseS3Uri(corpus);
  const match = /^s3:\/\/([^/]+)\/(.*)$/.exec(location);
  if (match === null) throw new InvalidInputError(`not an S3 index location (s3://bucket/prefix/): ${location}`);
  // The corpus's own bucket is part of the path: two buckets' corpus/a.jsonl are two indexes.
  return { bucket: match[1]!, prefix: `${match[2]!}${bucket}/${key}/` };
}

/** Every file under `dir`, relative, with `/` separators. */
export async function filesUnder(dir: string): Promise<Array<{ path: string; bytes: number }>> {
  const names = (await readdir(dir, { recursive: true })) as string[];
  const files: Array<{ path: string; bytes: number }> = [];
  for (const name of names.sort()) {
    const info = await stat(join(dir, name));
    if (info.isFile()) files.push({ path: name.split(sep).join('/'), bytes: info.size });
  }
  return files;
}

/** Uploads the files of `dir` as build `build`, then the pointer: the pointer is written last. */
export async function uploadBuild(
  s3: S3Client,
  location: { bucket: string; prefix: string },
  dir: string,
  pointer: Omit<StoredIndexPointer, 'files' | 'format' | 'formatVersion'>,
): Promise<StoredIndexPointer> {
  const files = await filesUnder(dir);
  for (const file of files) {
    const key = `${location.prefix}${pointer.build}/${file.path}`;
    // Streamed from disk with its length: the SDK sends it in one PUT without holding it in memory.
    await send(`PutObject ${key}`, () =>
      s3.send(new PutObjectCommand({ Bucket: location.bucket, Key: key, Body: createReadStream(join(dir, file.path)), ContentLength: file.bytes })),
    );
  }
  return writePointer(s3, location, { ...pointer, files });
}

export async function writePointer(
  s3: S3Client,
  location: { bucket: string; prefix: string },
  pointer: Omit<StoredIndexPointer, 'format' | 'formatVersion'>,
): Promise<StoredIndexPointer> {
  const full: StoredIndexPointer = { format: 'cairn-s3-index', formatVersion: S3_INDEX_FORMAT_VERSION, ...pointer };
  await send(`PutObject ${location.prefix}${POINTER_FILE}`, () =>
    s3.send(
      new PutObjectCommand({
        Bucket: location.bucket,
        Key: `${location.prefix}${POINTER_FILE}`,
        Body: JSON.stringify(full, null, 2),
        ContentType: 'application/json',
      }),
    ),
  );
  return full;
}

/** The pointer of the index of `corpus`, or undefined when none was ever finished. */
export async function readPointer(s3: S3Client, location: { bucket: string; prefix: string }): Promise<StoredIndexPointer | undefined> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: location.bucket, Key: `${location.prefix}${POINTER_FILE}` }));
    return JSON.parse((await out.Body?.transformToString('utf8')) ?? '') as StoredIndexPointer;
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    if (error instanceof SyntaxError)
      throw new InvalidInputError(`the index pointer s3://${location.bucket}/${location.prefix}${POINTER_FILE} is not JSON: run the index job again`);
    throw new CairnError(`S3 GetObject s3://${location.bucket}/${location.prefix}${POINTER_FILE} failed: ${describeAwsError(error)}`, { cause: error });
  }
}

/**
 * The build's files in a folder under `cacheDir`, downloaded unless a complete copy is there: into
 * a temporary folder first, renamed into place once every file has its listed size. Older builds of
 * the same corpus are removed (a function's /tmp is small).
 */
export async function downloadBuild(
  s3: S3Client,
  location: { bucket: string; prefix: string },
  pointer: StoredIndexPointer,
  cacheDir: string,
): Promise<string> {
  const corpusDir = join(cacheDir, createHash('sha256').update(pointer.corpus).digest('hex').slice(0, 24));
  const dir = join(corpusDir, pointer.build);
  if (await exists(join(dir, '.complete'))) return dir;
  const partial = `${dir}.partial-${process.pid}-${Date.now()}`;
  await rm(partial, { recursive: true, force: true });
  for (const file of pointer.files) {
    const key = `${location.prefix}${pointer.build}/${file.path}`;
    const out = await send(`GetObject ${key}`, () => s3.send(new GetObjectCommand({ Bucket: location.bucket, Key: key })));
    const target = join(partial, ...file.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    // Streamed to disk: a vector file can be larger than the function's memory.
    await pipeline(out.Body as Readable, createWriteStream(target));
    const written = (await stat(target)).size;
    if (written !== file.bytes)
      throw new InvalidInputError(
        `the index of ${pointer.corpus} is incomplete in S3 (${file.path}: ${written} bytes, expected ${file.bytes}): run the index job again`,
      );
  }
  await mkdir(partial, { recursive: true });
  await writeFile(join(partial, '.complete'), pointer.builtAt);
  for (const old of await readdir(corpusDir).catch(() => [] as string[])) {
    if (old !== pointer.build && !old.startsWith(`${pointer.build}.partial-`)) await rm(join(corpusDir, old), { recursive: true, force: true });
  }
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
  return dir;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function send<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (isMissingObject(error)) throw new InvalidInputError(`${what}: not found: run the index job again`, { cause: error });
    throw new CairnError(`S3 ${what} failed: ${describeAwsError(error)}`, { cause: error });
  }
}
