/** Temporary folders for tests: under the system's temp dir, one new folder a call. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new empty folder named `cairn-<name>-XXXXXX`. */
export const tempDir = (name: string): string => mkdtempSync(join(tmpdir(), `cairn-${name}-`));
