/**
 * Corpus confinement on real files: links out of the corpus folders (directly, or through a linked
 * folder), FIFOs, sockets, devices, folders where a file is expected, oversize files, files
 * swapped between their check and their open, and index folders that lead out of the folders.
 * Nothing outside a root is read, and none of its text reaches an error or a plan's trace.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStack } from '../../../cli/local-runner.js';
import { checkCorpusFile, DEFAULT_MAX_CORPUS_FILE_BYTES, openCorpusFile, readCorpusBytes, realRoots } from '../../../functions/adapters/corpus/corpus-files.js';
import { FileCorpusProvider } from '../../../functions/adapters/corpus/file-corpus-provider.js';
import { buildIndex } from '../../../functions/adapters/corpus/lance/lance-index.js';
import { defaultIndexDir, MANIFEST_FILE } from '../../../functions/adapters/corpus/lance/manifest.js';
import { loadCorpus } from '../../../functions/adapters/corpus/load-corpus.js';
import { InvalidInputError } from '../../../functions/core/errors.js';
import { localTestConfig } from '../../support/local-config.js';
import { tempDir } from '../../support/temp-dir.js';

/** The outside file's words: seen anywhere, the file was read. */
const SECRET = 'PELICAN4471';
const INSIDE = `${JSON.stringify({ id: 'lyon', title: 'Lyon', text: 'Lyon is known for its traboules and its silk weavers.' })}\n`;

/** A corpus folder and, beside it, a folder outside every root holding a secret corpus file. */
function place(name: string): { root: string; outside: string; secret: string } {
  const work = tempDir(name);
  const root = join(work, 'root');
  const outside = join(work, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  const secret = join(outside, 'secret.jsonl');
  writeFileSync(secret, `${JSON.stringify({ id: 'vault', title: 'Vault', text: `The vault code word is ${SECRET}.` })}\n`);
  return { root, outside, secret };
}

async function failure(act: () => Promise<unknown>): Promise<Error> {
  try {
    await act();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

/** Settles with the outcome, or with 'blocked' if `act` is still pending after `ms`. */
async function within<T>(ms: number, act: () => Promise<T>): Promise<T | Error | 'blocked'> {
  let timer: NodeJS.Timeout | undefined;
  const blocked = new Promise<'blocked'>((resolve) => {
    timer = setTimeout(() => resolve('blocked'), ms);
  });
  try {
    return await Promise.race([act().catch((error: Error) => error), blocked]);
  } finally {
    clearTimeout(timer);
  }
}

describe('Corpus confinement: the files of a corpus folder', () => {
  it('refuses a link in a folder to a file outside the roots, naming the link and quoting nothing', async () => {
    // Prepare
    const { root, secret } = place('confine-link');
    const dir = join(root, 'dir');
    mkdirSync(dir);
    writeFileSync(join(dir, 'b.jsonl'), INSIDE);
    symlinkSync(secret, join(dir, 'a.jsonl'));
    const provider = new FileCorpusProvider(dir, { roots: [root] });

    // Act
    const error = await failure(() => provider.load(dir));

    // Assess
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.message).toBe(`corpus file ${join(dir, 'a.jsonl')} is a link to a file outside the corpus folders`);
    expect(error.message).not.toContain(SECRET);
  });

  it('refuses a link that reads as inside the root but leads out through a linked folder', async () => {
    // Prepare
    const { root, outside } = place('confine-via');
    symlinkSync(outside, join(root, 'via'));
    const dir = join(root, 'dir');
    mkdirSync(dir);
    symlinkSync(join('..', 'via', 'secret.jsonl'), join(dir, 'c.jsonl'));

    // Act
    const error = await failure(() => loadCorpus(dir, { roots: [root] }));

    // Assess
    expect(error.message).toBe(`corpus file ${join(dir, 'c.jsonl')} is a link to a file outside the corpus folders`);
  });

  it('reads a link to a file in another folder of the roots', async () => {
    // Prepare
    const { root } = place('confine-inside-link');
    writeFileSync(join(root, 'shared.jsonl'), INSIDE);
    const dir = join(root, 'dir');
    mkdirSync(dir);
    symlinkSync(join('..', 'shared.jsonl'), join(dir, 'a.jsonl'));

    // Act
    const docs = await loadCorpus(dir, { roots: [root] });

    // Assess
    expect(docs.map((d) => d.id)).toEqual(['lyon']);
  });

  it('takes the corpus named as its own only root when no roots are given', async () => {
    // Prepare
    const { root, secret } = place('confine-no-roots');
    symlinkSync(secret, join(root, 'a.jsonl'));
    writeFileSync(join(root, 'b.jsonl'), INSIDE);

    // Act
    const error = await failure(() => loadCorpus(root));

    // Assess
    expect(error.message).toBe(`corpus file ${join(root, 'a.jsonl')} is a link to a file outside the corpus folders`);
  });

  it('refuses a FIFO at once, named or in a folder, and another corpus still loads meanwhile', async () => {
    // Prepare
    const { root } = place('confine-fifo');
    const fifo = join(root, 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    const folder = join(root, 'folder');
    mkdirSync(folder);
    execFileSync('mkfifo', [join(folder, 'a.jsonl')]);
    writeFileSync(join(root, 'plain.jsonl'), INSIDE);

    // Act
    const named = await within(2_000, () => new FileCorpusProvider(fifo, { roots: [root] }).load(undefined));
    const inFolder = await within(2_000, () => new FileCorpusProvider(folder, { roots: [root] }).load(undefined));
    const plain = await within(2_000, async () => (await new FileCorpusProvider(join(root, 'plain.jsonl'), { roots: [root] }).load(undefined)).size);

    // Assess
    expect(named).toBeInstanceOf(InvalidInputError);
    expect((named as Error).message).toBe(`corpus file ${fifo} is a FIFO, not a regular file`);
    expect((inFolder as Error).message).toBe(`corpus file ${join(folder, 'a.jsonl')} is a FIFO, not a regular file`);
    expect(plain).toBe(1);
  });

  it('refuses a socket, a device and a folder where a file is expected', async () => {
    // Prepare
    const { root } = place('confine-kinds');
    const socketPath = join(root, 'socket.jsonl');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    const folder = join(root, 'corpus');
    mkdirSync(join(folder, 'nested.jsonl'), { recursive: true });

    try {
      // Act
      const socket = await failure(() => loadCorpus(socketPath, { roots: [root] }));
      const device = await failure(() => new FileCorpusProvider('/dev/zero', { roots: ['/dev'] }).load(undefined));
      const nested = await failure(() => loadCorpus(folder, { roots: [root] }));

      // Assess
      expect(socket.message).toBe(`corpus file ${socketPath} is a socket, not a regular file`);
      expect(device.message).toBe('corpus file /dev/zero is a device, not a regular file');
      expect(nested.message).toBe(`corpus file ${join(folder, 'nested.jsonl')} is a folder, not a file`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a file over the cap from its size, unread, and reads one at the cap', async () => {
    // Prepare
    const { root } = place('confine-size');
    const huge = join(root, 'huge.jsonl');
    writeFileSync(huge, '');
    // Sparse: the size is there, the bytes are not.
    truncateSync(huge, DEFAULT_MAX_CORPUS_FILE_BYTES + 1);
    const small = join(root, 'small.jsonl');
    writeFileSync(small, INSIDE);

    // Act
    const started = performance.now();
    const byDefault = await failure(() => loadCorpus(huge, { roots: [root] }));
    const ms = performance.now() - started;
    const overSmallCap = await failure(() => loadCorpus(small, { roots: [root], maxFileBytes: INSIDE.length - 1 }));
    const atCap = await loadCorpus(small, { roots: [root], maxFileBytes: INSIDE.length });

    // Assess
    expect(byDefault.message).toBe(
      `corpus file ${huge} is ${DEFAULT_MAX_CORPUS_FILE_BYTES + 1} bytes, over the ${DEFAULT_MAX_CORPUS_FILE_BYTES}-byte cap (CAIRN_CORPUS_MAX_FILE_BYTES)`,
    );
    expect(ms).toBeLessThan(1_000);
    expect(overSmallCap.message).toMatch(/is \d+ bytes, over the \d+-byte cap/);
    expect(atCap).toHaveLength(1);
  });
});

describe('Corpus confinement: a file changed between its check and its open', () => {
  it('refuses another file, a FIFO or a link put in the place of the file checked, without blocking', async () => {
    // Prepare
    const { root, secret } = place('confine-swap');
    const roots = await realRoots({ roots: [root] }, root);
    const file = join(root, 'a.jsonl');
    const swap = async (replace: () => void) => {
      // Removed first: writing to the FIFO a previous swap left would wait for a reader.
      rmSync(file, { force: true });
      writeFileSync(file, INSIDE);
      const checked = await checkCorpusFile(file, roots, {});
      replace();
      return within(2_000, () => readCorpusBytes(checked, roots));
    };

    // Act
    const replaced = await swap(() => {
      writeFileSync(join(root, 'other.jsonl'), INSIDE);
      renameSync(join(root, 'other.jsonl'), file);
    });
    const fifo = await swap(() => {
      rmSync(file);
      execFileSync('mkfifo', [file]);
    });
    const link = await swap(() => {
      rmSync(file);
      symlinkSync(secret, file);
    });
    rmSync(file);
    writeFileSync(file, INSIDE);
    const unchanged = await readCorpusBytes(await checkCorpusFile(file, roots, {}), roots);

    // Assess
    expect((replaced as Error).message).toBe(`corpus file ${file} was replaced while it was opened`);
    expect((fifo as Error).message).toBe(`corpus file ${file} is a FIFO, not a regular file`);
    expect((link as Error).message).toBe(`corpus file ${file} was replaced by a link while it was opened`);
    expect(unchanged.toString('utf8')).toBe(INSIDE);
  });

  it('checks the size of the open file against the cap, not only the size found before', async () => {
    // Prepare
    const { root } = place('confine-grow');
    const roots = await realRoots({ roots: [root] }, root);
    const file = join(root, 'a.jsonl');
    writeFileSync(file, INSIDE);
    const checked = await checkCorpusFile(file, roots, { maxFileBytes: 1024 });
    writeFileSync(file, INSIDE.repeat(100));

    // Act
    const error = await failure(() => openCorpusFile(checked, roots, { maxFileBytes: 1024 }));

    // Assess
    expect(error.message).toBe(`corpus file ${file} is ${INSIDE.length * 100} bytes, over the 1024-byte cap (CAIRN_CORPUS_MAX_FILE_BYTES)`);
  });
});

describe('Corpus confinement: index folders', () => {
  it('refuses an index whose manifest names a corpus outside the roots, and never indexes it from there', async () => {
    // Prepare
    const { root, secret } = place('confine-manifest');
    const corpus = join(root, 'corpus.jsonl');
    writeFileSync(corpus, INSIDE);
    const dir = join(root, 'index');
    await buildIndex(corpus, dir);
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
    // A fingerprint that says "changed": the index would be built again from the corpus named.
    const forged = JSON.stringify({ ...manifest, corpus: { ...manifest.corpus, path: secret, bytes: 1 } });
    writeFileSync(join(dir, MANIFEST_FILE), forged);

    // Act
    const error = await failure(() => new FileCorpusProvider(dir, { roots: [root] }).load(dir));

    // Assess
    expect(error.message).toBe(`index ${dir} names a corpus outside the corpus folders; it is not opened`);
    expect(readFileSync(join(dir, MANIFEST_FILE), 'utf8')).toBe(forged);
  });

  it('refuses an index folder whose data is a link to an index outside the roots', async () => {
    // Prepare
    const { root, outside, secret } = place('confine-data-link');
    const foreign = join(outside, 'index');
    await buildIndex(secret, foreign);
    const dir = join(root, 'index');
    mkdirSync(dir);
    const manifest = JSON.parse(readFileSync(join(foreign, MANIFEST_FILE), 'utf8'));
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...manifest, corpus: { ...manifest.corpus, path: join(root, 'gone.jsonl') } }));
    writeFileSync(join(dir, 'vectorizer.bin'), readFileSync(join(foreign, 'vectorizer.bin')));
    symlinkSync(join(foreign, 'lance'), join(dir, 'lance'));

    // Act
    const error = await failure(() => new FileCorpusProvider(dir, { roots: [root] }).load(dir));

    // Assess
    expect(error.message).toMatch(new RegExp(`^index ${dir} is damaged: lance is a link \\(an index holds only its own files\\); re-index with: `));
    expect(error.message).not.toContain(SECRET);
  });

  it('refuses a manifest that is a FIFO at once', async () => {
    // Prepare
    const { root } = place('confine-manifest-fifo');
    const dir = join(root, 'index');
    mkdirSync(dir);
    execFileSync('mkfifo', [join(dir, MANIFEST_FILE)]);

    // Act
    const outcome = await within(2_000, () => new FileCorpusProvider(dir, { roots: [root] }).load(dir));

    // Assess
    expect((outcome as Error).message).toBe(`index file ${join(dir, MANIFEST_FILE)} is a FIFO, not a regular file`);
  });

  it('refuses an index under the index root that is a link out of it', async () => {
    // Prepare
    const { root, outside, secret } = place('confine-index-root');
    const corpus = join(root, 'corpus.jsonl');
    writeFileSync(corpus, INSIDE);
    const indexRoot = join(root, 'indexes');
    mkdirSync(indexRoot);
    await buildIndex(secret, join(outside, 'index'));
    symlinkSync(join(outside, 'index'), defaultIndexDir(indexRoot, corpus));

    // Act
    const error = await failure(() => new FileCorpusProvider(corpus, { roots: [root], indexRoot }).load(corpus));

    // Assess
    expect(error.message).toBe(`index ${defaultIndexDir(indexRoot, corpus)} is a link out of the index folder ${indexRoot}`);
  });
});

describe('Corpus confinement: a plan over a folder with a link out', () => {
  it('fails the plan with the one line naming the link, and the outside text is nowhere in its record or trace', async () => {
    // Prepare
    const { root, secret } = place('confine-plan');
    const dir = join(root, 'dir');
    mkdirSync(dir);
    writeFileSync(join(dir, 'b.jsonl'), INSIDE);
    symlinkSync(secret, join(dir, 'a.jsonl'));
    const stack = await LocalStack.open({ config: localTestConfig('confine-plan', { CAIRN_CORPUS_ROOTS: root }) });

    try {
      // Act
      const record = await stack.run({ task: 'What is the vault code word?', corpus: dir });
      const events = await stack.runtime.store.listEvents(record.planId);

      // Assess
      expect(record.status).toBe('failed');
      expect(record.error?.message).toBe(`corpus file ${join(dir, 'a.jsonl')} is a link to a file outside the corpus folders`);
      expect(JSON.stringify({ record, events })).not.toContain(SECRET);
    } finally {
      await stack.close();
    }
  });
});
