/**
 * What every command stands on: the command's configuration (read from the environment once, when
 * a command first needs it), the local stack it runs plans over, a corpus checked before any plan
 * starts, and a plan file read.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { FileCorpusProvider } from '../../../functions/adapters/corpus/file-corpus-provider.js';
import { InvalidInputError } from '../../../functions/core/errors.js';
import { type LocalConfig, loadLocalConfig, withCorpusRoots } from '../../../functions/shared/config.js';
import { LocalStack, waitingForClients } from '../../local-runner.js';

let local: LocalConfig | undefined;

/** The command's configuration, read from the environment once, when a command first needs it. */
export function localConfig(): LocalConfig {
  local ??= loadLocalConfig();
  return local;
}

/** The configuration when a command has read it, else undefined (a command line refused before). */
export function localConfigIfRead(): LocalConfig | undefined {
  return local;
}

/**
 * Fails fast, before any plan starts, on a corpus that cannot be read. A path given on the command
 * line is one the user chose, so it joins the folders a corpus may be read from.
 */
export async function checkCorpus(path: string | undefined): Promise<string | undefined> {
  if (path === undefined) return undefined;
  const full = resolve(path);
  if (!existsSync(full)) throw new InvalidInputError(`corpus file not found: ${path}`);
  const settings = localConfig();
  settings.config = withCorpusRoots(settings.config, [full]);
  // The run reads under these roots: checked under the same ones, a link or an index manifest
  // leading out of them fails here, before anything is read from there.
  const { corpusRoots, indexRoot, corpusMaxFileBytes } = settings.config;
  await new FileCorpusProvider(full, { roots: corpusRoots, indexRoot, maxFileBytes: corpusMaxFileBytes }).load(full);
  return full;
}

/** `inMemory` keeps the database in memory rather than under the command's folder. */
export async function withStack<T>(fn: (stack: LocalStack) => Promise<T>, inMemory = false): Promise<T> {
  const { config, dataDir } = localConfig();
  const stack = await LocalStack.open(
    inMemory ? { config } : { config, dataDir, onWaitForClients: (n) => process.stderr.write(`cairn: ${waitingForClients(n)}\n`) },
  );
  try {
    return await fn(stack);
  } finally {
    await stack.close();
  }
}

/** The plan-file reader, with its YAML parser (about 250 KiB), loaded only by the commands that read a plan file. */
export const planFiles = () => import('../../../functions/core/plan/load.js');

export async function readPlanFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new InvalidInputError(`plan file not found: ${file}`);
  }
  return (await planFiles()).parsePlanText(text, file);
}
