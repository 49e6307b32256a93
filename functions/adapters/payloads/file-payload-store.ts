/**
 * PayloadStore on the local disk: `cairn run`'s default, next to the embedded DynamoDB's data.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CairnError } from '../../core/errors.js';
import { PayloadNotFoundError, type PayloadStore } from './payload-store.js';

export interface FilePayloadStoreOptions {
  /** The folder that holds every payload, e.g. `.cairn/payloads`. */
  root: string;
}

export class FilePayloadStore implements PayloadStore {
  readonly root: string;

  constructor(options: FilePayloadStoreOptions) {
    this.root = resolve(options.root);
  }

  async put(key: string, body: string): Promise<string> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a payload.
    const temporary = `${path}.${randomUUID()}.tmp`;
    await writeFile(temporary, body, 'utf8');
    await rename(temporary, path);
    return pathToFileURL(path).href;
  }

  async get(ref: string): Promise<string> {
    let path: string;
    try {
      const url = new URL(ref);
      if (url.protocol !== 'file:') throw new Error(`not a file: reference`);
      path = fileURLToPath(url);
    } catch (error) {
      throw new PayloadNotFoundError(`payload reference ${ref} is not a file:// reference`, { cause: error });
    }
    // References come from the database: never read outside the payload folder.
    if (!this.contains(path)) {
      throw new PayloadNotFoundError(`payload reference ${ref} is outside ${this.root}`);
    }
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new PayloadNotFoundError(`payload ${ref} does not exist`, { cause: error });
      }
      throw error;
    }
  }

  private pathOf(key: string): string {
    if (key === '' || isAbsolute(key) || key.split(/[\\/]/).some((part) => part === '..' || part === '')) {
      throw new CairnError(`payload key ${JSON.stringify(key)} must be a relative path without '..' or empty parts`);
    }
    return resolve(this.root, key);
  }

  private contains(path: string): boolean {
    const rel = relative(this.root, resolve(path));
    return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
  }
}
