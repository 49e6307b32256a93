/**
 * The browser of the browser tests: the Chromium build that the npm package @sparticuz/chromium
 * carries (brotli-compressed, x64), so `npm ci` brings it and nothing is installed or downloaded
 * besides. It is unpacked once per package version into its own folder of the temporary
 * directory, and reused by later runs.
 *
 * The package unpacks into `os.tmpdir()` and takes any `chromium` it finds there as done, even half
 * written by a run started at the same moment. So it is pointed at a folder of this run's own, and
 * that folder is renamed to the shared name once complete: a run sees a whole browser or none.
 *
 * CAIRN_CHROMIUM names another Chromium executable instead (e.g. on an arm64 machine, for which
 * the package carries no build).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Chromium from '@sparticuz/chromium';

/** The flags of a headless browser that reaches nothing on its own: no updates, sync or background requests. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function packageVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** Unpacks the browser into `folder` (its parent must exist); `executablePath()` reads the temporary directory from the environment as it starts. */
async function unpackInto(folder: string): Promise<void> {
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  let unpacked: Promise<string>;
  try {
    unpacked = Chromium.executablePath();
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
  await unpacked;
}

/** The path of the Chromium executable to launch, unpacked on first use. */
export async function chromiumExecutable(): Promise<string> {
  const chosen = process.env.CAIRN_CHROMIUM;
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`CAIRN_CHROMIUM names ${chosen}, which does not exist`);
    return chosen;
  }
  const folder = join(tmpdir(), `cairn-chromium-${packageVersion()}`);
  const executable = join(folder, 'chromium');
  if (existsSync(executable)) return executable;
  const staging = `${folder}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  try {
    await unpackInto(staging);
    if (!existsSync(join(staging, 'chromium'))) throw new Error(`@sparticuz/chromium unpacked no chromium into ${staging}`);
    try {
      renameSync(staging, folder);
    } catch (error) {
      // Another run finished first: its browser is the same one.
      if (!existsSync(executable)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return executable;
}
