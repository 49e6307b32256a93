/**
 * The on-disk index checked against its manifest, on real LanceDB folders: every file's size and
 * sha256 recorded at build, checked at open; damage (a flipped byte, a same-length edit, a cut,
 * missing or added file) gives one line saying how to re-index, never an engine error; a corpus
 * edited with the same size and time is indexed again; a build killed with SIGKILL leaves a
 * folder the next build removes.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { FileCorpusProvider } from '../../../functions/adapters/corpus/file-corpus-provider.js';
import { FULL_CHECK_BYTES } from '../../../functions/adapters/corpus/lance/index-files.js';
import { buildIndex, LanceCorpusIndex, openIndex } from '../../../functions/adapters/corpus/lance/lance-index.js';
import { defaultIndexDir, MANIFEST_FILE } from '../../../functions/adapters/corpus/lance/manifest.js';
import { InvalidInputError } from '../../../functions/core/errors.js';
import { tempDir } from '../../support/temp-dir.js';

const DOCS = [
  { id: 'lyon', title: 'Lyon', text: 'Lyon is known for its traboules, covered passages between streets, and for its silk weavers.' },
  { id: 'marseille', title: 'Marseille', text: 'Marseille is the oldest city of France, a port on the Mediterranean Sea.' },
];
const CORPUS = `${DOCS.map((d) => JSON.stringify(d)).join('\n')}\n`;
const LANCE_INDEX = fileURLToPath(new URL('../../../functions/adapters/corpus/lance/lance-index.ts', import.meta.url));

/** Every file under `dir` but the manifest, by its `/`-separated path inside it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((name) => name !== MANIFEST_FILE)
    .sort();
}

/** The largest data file of the documents table: the texts and vectors. */
function docsData(dir: string): string {
  const data = join(dir, 'lance', 'docs.lance', 'data');
  return readdirSync(data)
    .map((name) => join(data, name))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
}

async function failure(act: () => Promise<unknown>): Promise<Error> {
  try {
    await act();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('Index integrity: the checks the manifest records', () => {
  let work: string;
  let corpus: string;
  let good: string;

  beforeAll(async () => {
    work = tempDir('integrity');
    corpus = join(work, 'corpus.jsonl');
    writeFileSync(corpus, CORPUS);
    good = join(work, 'good');
    await buildIndex(corpus, good);
  });

  /** A copy of the good index, damaged by `damage`. */
  const damaged = (name: string, damage: (dir: string) => void): string => {
    const dir = join(work, name);
    cpSync(good, dir, { recursive: true });
    damage(dir);
    return dir;
  };
  const expectDamaged = (error: Error, dir: string, what: string) => {
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.message).toBe(`index ${dir} is damaged: ${what}; re-index with: npm start -- index --corpus ${corpus} --out ${dir}`);
  };

  it("lists every file of the folder with its size and sha256, and LanceDB's reads change none of them", async () => {
    // Prepare
    const manifest = JSON.parse(readFileSync(join(good, MANIFEST_FILE), 'utf8'));

    // Act: opened and searched twice, then opened again.
    for (let i = 0; i < 2; i++) {
      const index = await openIndex(good);
      await index.keywordSearch('traboules', { topK: 2 });
      await index.vectorSearch('port city', { topK: 2 });
      await index.get('lyon');
      index.close();
    }
    const reopened = await openIndex(good);

    // Assess
    expect(Object.keys(manifest.files).sort()).toEqual(filesUnder(good));
    for (const [name, check] of Object.entries(manifest.files as Record<string, { bytes: number; sha256: string }>)) {
      const bytes = readFileSync(join(good, name));
      expect(check).toEqual({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    }
    expect(reopened).toBeInstanceOf(LanceCorpusIndex);
    reopened.close();
  });

  it('refuses an index with a flipped byte in a data file', async () => {
    // Prepare
    let name = '';
    const dir = damaged('flip', (d) => {
      const file = docsData(d);
      name = relative(d, file).split(sep).join('/');
      const bytes = readFileSync(file);
      bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0x01;
      writeFileSync(file, bytes);
    });

    // Act & Assess
    expectDamaged(await failure(() => openIndex(dir)), dir, `${name} does not match its checksum`);
  });

  it('refuses a same-length edit of the texts, which LanceDB itself would serve as the document', async () => {
    // Prepare
    const dir = damaged('edit', (d) => {
      const file = docsData(d);
      const bytes = readFileSync(file, 'latin1');
      expect(bytes).toContain('traboules');
      writeFileSync(file, bytes.replaceAll('traboules', 'catacombs'), 'latin1');
    });

    // Act
    const error = await failure(() => openIndex(dir));

    // Assess
    expect(error.message).toMatch(/ is damaged: lance\/docs\.lance\/data\/\S+\.lance does not match its checksum; re-index with: /);
  });

  it('refuses a cut file, a missing file and a file the build did not write, each in one line', async () => {
    // Prepare
    let cutName = '';
    let size = 0;
    const cut = damaged('cut', (d) => {
      const file = docsData(d);
      cutName = relative(d, file).split(sep).join('/');
      size = statSync(file).size;
      truncateSync(file, size >> 1);
    });
    let missingName = '';
    const missing = damaged('missing', (d) => {
      const file = docsData(d);
      missingName = relative(d, file).split(sep).join('/');
      rmSync(file);
    });
    const added = damaged('added', (d) => writeFileSync(join(d, 'lance', 'docs.lance', '_versions', '99.manifest'), 'planted'));

    // Act
    const errors = await Promise.all([cut, missing, added].map((dir) => failure(() => openIndex(dir))));

    // Assess
    expectDamaged(errors[0]!, cut, `${cutName} is ${size >> 1} bytes, the manifest says ${size}`);
    expectDamaged(errors[1]!, missing, `${missingName} is missing`);
    expectDamaged(errors[2]!, added, 'lance/docs.lance/_versions/99.manifest is not one of its files');
    for (const error of errors) expect(error.message).not.toMatch(/LanceError|lance error|\.rs:/);
  });

  it('refuses a manifest that lists no checks', async () => {
    // Prepare
    const dir = damaged('no-checks', (d) => {
      const manifest = JSON.parse(readFileSync(join(d, MANIFEST_FILE), 'utf8'));
      delete manifest.files;
      writeFileSync(join(d, MANIFEST_FILE), JSON.stringify(manifest));
    });

    // Act & Assess
    expectDamaged(await failure(() => openIndex(dir)), dir, "manifest.json does not list its files' sizes and checksums");
  });

  it('reports damage LanceDB meets after the open (a file cut once it was checked) in the same line, not as an engine error', async () => {
    // Prepare
    const dir = damaged('cut-later', () => {});
    const index = await openIndex(dir);
    truncateSync(docsData(dir), 16);

    // Act
    const error = await failure(() => index.get('lyon'));
    index.close();

    // Assess
    expectDamaged(error, dir, 'LanceDB cannot read its files');
  });
});

describe('Index integrity: a file too large to hash at every open', () => {
  it('is checked by sampled blocks, and a byte flipped in one of them is found', async () => {
    // Prepare: 1024-dimension vectors of 5,000 documents make a data file over FULL_CHECK_BYTES.
    const work = tempDir('integrity-sampled');
    const corpus = join(work, 'corpus.jsonl');
    const lines = Array.from({ length: 5_000 }, (_, i) => JSON.stringify({ id: `d${i}`, text: `word${i % 101} word${i % 37} place${i}` }));
    writeFileSync(corpus, `${lines.join('\n')}\n`);
    const dir = join(work, 'index');
    await buildIndex(corpus, dir);
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
    const file = docsData(dir);
    const name = relative(dir, file).split(sep).join('/');
    (await openIndex(dir)).close();
    const bytes = readFileSync(file);
    bytes[0] = bytes[0]! ^ 0x01;
    writeFileSync(file, bytes);

    // Act
    const error = await failure(() => openIndex(dir));

    // Assess
    expect(statSync(file).size).toBeGreaterThan(FULL_CHECK_BYTES);
    expect(manifest.files[name].sampleSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(error.message).toBe(
      `index ${dir} is damaged: ${name} does not match its checksum; re-index with: npm start -- index --corpus ${corpus} --out ${dir}`,
    );
  });
});

describe('Index integrity: the corpus behind an index', () => {
  it('indexes again a corpus edited with the same size and modification time', async () => {
    // Prepare
    const work = tempDir('integrity-same-size');
    const corpus = join(work, 'corpus.jsonl');
    const indexRoot = join(work, 'indexes');
    writeFileSync(corpus, CORPUS);
    // A whole second, so the time set again after the edit is exactly the one indexed.
    const time = new Date('2024-05-01T12:00:00Z');
    utimesSync(corpus, time, time);
    await buildIndex(corpus, defaultIndexDir(indexRoot, corpus));
    const before = statSync(corpus);
    writeFileSync(corpus, CORPUS.replace('traboules', 'catacombs'));
    utimesSync(corpus, time, time);
    const after = statSync(corpus);

    // Act
    const index = await new FileCorpusProvider(corpus, { roots: [work], indexRoot }).load(corpus);

    // Assess
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
    expect(index).toBeInstanceOf(LanceCorpusIndex);
    expect((await index.keywordSearch('catacombs', { topK: 1 }))[0]?.doc.id).toBe('lyon');
    expect(await index.keywordSearch('traboules', { topK: 1 })).toEqual([]);
  });
});

describe('Index integrity: a build killed mid-way', () => {
  it("leaves a partial folder the next build removes, and keeps a live process's", async () => {
    // Prepare: a corpus large enough that its build lasts a while.
    const work = tempDir('integrity-killed');
    const corpus = join(work, 'corpus.jsonl');
    const lines = Array.from({ length: 20_000 }, (_, i) =>
      JSON.stringify({ id: `d${i}`, title: `Place ${i}`, text: Array.from({ length: 30 }, (_, j) => `word${(i * 7 + j * 13) % 997}`).join(' ') }),
    );
    writeFileSync(corpus, `${lines.join('\n')}\n`);
    const target = join(work, 'index');
    const beside = () => readdirSync(dirname(target)).filter((name) => name.startsWith(`${basename(target)}.`));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { buildIndex } from ${JSON.stringify(LANCE_INDEX)}; await buildIndex(process.argv[1], process.argv[2]);`,
        corpus,
        target,
      ],
      { stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !beside().some((name) => readdirSync(join(work, name)).length > 0)) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    await exited;
    const leftByKill = beside();
    const live = `${basename(target)}.partial-${process.pid}-0123abcd`;
    mkdirSync(join(work, live));
    writeFileSync(corpus, CORPUS);

    // Act
    await buildIndex(corpus, target);

    // Assess
    expect(leftByKill).toHaveLength(1);
    expect(leftByKill[0]).toMatch(/^index\.partial-\d+-[0-9a-f]+$/);
    expect(beside()).toEqual([live]);
    expect((await openIndex(target)).size).toBe(DOCS.length);
  });
});
