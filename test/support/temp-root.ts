/**
 * Global setup, first of the run: one temporary folder holds everything the run writes to the
 * system's temp dir (the tests' `tempDir` folders, the data folders of the stores and processes
 * they start), and is removed when the run ends. Without it each run left some 1,400 folders in
 * /tmp. TMPDIR is set before the test workers and processes start, so they inherit it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'cairn-test-run-'));
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
