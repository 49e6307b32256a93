/**
 * The files of a CAIRN_HOME that only its owner may read: the home itself (0700), and the random
 * secrets in it (0600) that the local store and `serve` ask for. Each file is created with its
 * mode, never chmod-ed after, so there is no moment when another user could open it.
 *
 * Synchronous on purpose: a few system calls at start, where a turn of the thread pool costs more.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { InvalidInputError } from '../functions/core/errors.js';

/** Owner only: read, write, enter. */
export const OWNER_FOLDER_MODE = 0o700;
/** Owner only: read, write. */
export const OWNER_FILE_MODE = 0o600;

/**
 * Makes `dir` (and any missing parent) readable by its owner only. A folder this user already
 * owns with wider bits (an older home, made 0755) is tightened; one of another user is left as it
 * is, since chmod would fail, and the secrets in it are 0600 anyway.
 */
export function ownerOnlyFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_FOLDER_MODE });
  const { mode, uid } = statSync(dir);
  if ((mode & 0o077) !== 0 && uid === process.getuid?.()) chmodSync(dir, OWNER_FOLDER_MODE);
}

/** 32 random bytes as 64 hex digits: what a secret file holds. */
const SECRET = /^[0-9a-f]{64}$/;

/**
 * The secret in `file`, written there (0600, 32 random bytes) if there is none yet. Two processes
 * starting at once agree: each writes its own under a private name and links it into place, which
 * fails when the other was first, so both read the one that won, never half a file.
 */
export function ownerSecret(file: string): string {
  const read = readSecret(file);
  if (read !== undefined) return read;
  const mine = `${file}.${process.pid}`;
  removeQuietly(mine);
  writeFileSync(mine, randomBytes(32).toString('hex'), { mode: OWNER_FILE_MODE, flag: 'wx' });
  try {
    linkSync(mine, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    removeQuietly(mine);
  }
  const written = readSecret(file);
  if (written === undefined) throw new InvalidInputError(`the secret ${file} could not be written`);
  return written;
}

/** The secret in `file`; undefined when there is no file. A file that holds something else is refused. */
function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!SECRET.test(text)) throw new InvalidInputError(`the secret ${file} is damaged (not 64 hex digits): remove it and start again`);
  return text;
}

/** True when `presented` is `secret`, compared in constant time (the length is no secret: always 64). */
export function isSecret(secret: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const given = Buffer.from(presented, 'utf8');
  const expected = Buffer.from(secret, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A secret for this process only, never written: a store or a server with no home to keep it in. */
export const processSecret = (): string => randomBytes(32).toString('hex');

/** Writes `text` to `file` by a rename, the file created 0600 from the start. */
export function writeOwnerFile(file: string, text: string): void {
  const temporary = `${file}.${process.pid}`;
  // A leftover of a process that had this pid keeps the mode it was created with: start afresh.
  removeQuietly(temporary);
  writeFileSync(temporary, text, { mode: OWNER_FILE_MODE, flag: 'wx' });
  renameSync(temporary, file);
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Not there.
  }
}
