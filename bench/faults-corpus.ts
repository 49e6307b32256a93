/**
 * The corpus fault scenarios, tried as a process on the same machine would: links out of the
 * corpus folders (a file, a file through a linked folder), an index manifest naming an outside
 * corpus, an index folder (or its data) outside the folders, a FIFO and an oversize file in a
 * folder, an index with a flipped byte, a same-length edit, a truncated or a missing file, a
 * corpus edited with the same size and time, and a build killed mid-way. Real files, real links,
 * a real FIFO (`mkfifo`), real LanceDB folders; the symlink case runs a whole plan through the
 * local workflow on the embedded store.
 *
 *   node --import tsx bench/faults-corpus.ts --json   the rows as a JSON array on the last line
 *
 * `corpusFaultRows()` gives the same rows to a benchmark that gathers every fault scenario. Each
 * row's `ok` is computed from its figures.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  constants,
  cpSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalStack } from '../cli/local-runner.js';
import { DEFAULT_MAX_CORPUS_FILE_BYTES } from '../functions/adapters/corpus/corpus-files.js';
import { FileCorpusProvider } from '../functions/adapters/corpus/file-corpus-provider.js';
import { buildIndex } from '../functions/adapters/corpus/lance/lance-index.js';
import { defaultIndexDir, MANIFEST_FILE } from '../functions/adapters/corpus/lance/manifest.js';
import { oneLine } from '../functions/core/errors.js';
import type { CorpusIndex } from '../functions/core/ports.js';
import { loadConfig } from '../functions/shared/config.js';
import type { FaultRow } from './faults-llm.js';

/** The outside file's words: found anywhere in a result, the file was read and quoted. */
const SECRET = 'PELICAN4471';
const SECRET_DOC = `${JSON.stringify({ id: 'vault', title: 'Vault', text: `The vault code word is ${SECRET}.` })}\n`;
const INSIDE_DOCS = [
  { id: 'lyon', title: 'Lyon', text: 'Lyon is known for its traboules, covered passages between streets, and for its silk weavers.' },
  { id: 'marseille', title: 'Marseille', text: 'Marseille is the oldest city of France, a port on the Mediterranean Sea.' },
  { id: 'toulouse', title: 'Toulouse', text: 'Toulouse builds aircraft and is called the pink city for its brick.' },
];
const INSIDE_CORPUS = `${INSIDE_DOCS.map((d) => JSON.stringify(d)).join('\n')}\n`;
/** A word of the inside corpus, and one of the same length an edit puts in its place. */
const WORD = 'traboules';
const SAME_LENGTH_WORD = 'catacombs';
/** How long a load may take before it counts as frozen. */
const FROZEN_AFTER_MS = 3_000;

/** A corpus folder (`root`) and, beside it, a folder outside every root. */
interface Place {
  root: string;
  outside: string;
}

function placeIn(work: string, name: string): Place {
  const root = join(work, name, 'root');
  const outside = join(work, name, 'outside');
  mkdirSync(root, { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.jsonl'), SECRET_DOC);
  return { root, outside };
}

interface Attempt<T> {
  settled: boolean;
  ms: number;
  value?: T;
  message?: string;
}

/** Runs `act`, bounded: a promise still pending after `boundMs` is reported as not settled (and left running). */
async function attempt<T>(act: () => Promise<T>, boundMs = FROZEN_AFTER_MS): Promise<Attempt<T>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'frozen'>((resolve) => {
    timer = setTimeout(() => resolve('frozen'), boundMs);
  });
  try {
    const outcome = await Promise.race([act().then((value) => ({ value })), bound]);
    const ms = Math.round(performance.now() - started);
    return outcome === 'frozen' ? { settled: false, ms } : { settled: true, ms, value: outcome.value };
  } catch (error) {
    return { settled: true, ms: Math.round(performance.now() - started), message: oneLine(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** What a search of a corpus shows: every document text it returns. */
async function searchTexts(index: CorpusIndex, query: string): Promise<string> {
  const hits = [...(await index.keywordSearch(query, { topK: 10 })), ...(await index.vectorSearch(query, { topK: 10 }))];
  return hits.map((h) => `${h.doc.title ?? ''} ${h.doc.text}`).join('\n');
}

/** Loads `ref` under `roots` and searches it for the secret; what came back, and whether the outside text did. */
async function loadAndSearch(roots: readonly string[], ref: string, options: { indexRoot?: string } = {}) {
  const provider = new FileCorpusProvider(ref, { roots, ...options });
  const outcome = await attempt(async () => searchTexts(await provider.load(ref), 'vault code word'));
  const seen = `${outcome.value ?? ''}\n${outcome.message ?? ''}`;
  return {
    refused: outcome.message !== undefined,
    outsideTextQuoted: seen.includes(SECRET),
    message: outcome.message,
    settled: outcome.settled,
    ms: outcome.ms,
  };
}

/** A link in a corpus folder to a file outside the roots: a whole plan over the folder, through the local workflow. */
async function symlinkOutOfRoot(work: string): Promise<FaultRow> {
  const { root, outside } = placeIn(work, 'link-file');
  writeFileSync(join(root, 'base.jsonl'), INSIDE_CORPUS);
  const dir = join(root, 'dir');
  mkdirSync(dir);
  writeFileSync(join(dir, 'inside.jsonl'), INSIDE_CORPUS);
  symlinkSync(join(outside, 'secret.jsonl'), join(dir, 'a.jsonl'));
  const stack = await LocalStack.open({
    config: loadConfig({ CAIRN_TABLE: 'bench-faults-corpus', CAIRN_CORPUS: join(root, 'base.jsonl'), CAIRN_CORPUS_ROOTS: root, CAIRN_PLAN_CACHE: 'false' }),
  });
  try {
    const record = await stack.run({ task: 'What is the vault code word?', corpus: dir });
    const events = await stack.runtime.store.listEvents(record.planId);
    const everything = JSON.stringify({ record, events });
    const outsideTextQuoted = everything.includes(SECRET);
    return {
      scenario: 'corpus symlink out of root',
      ok: record.status === 'failed' && !outsideTextQuoted,
      status: record.status,
      refused: record.status === 'failed',
      outsideTextQuoted,
      message: record.error?.message,
    };
  } finally {
    await stack.close();
  }
}

/**
 * A link whose path reads as inside the root but goes through a linked folder that leads out
 * (`dir/c.jsonl -> ../via/secret.jsonl`, `via -> outside`); beside it a folder with a link to a
 * file inside the root, which must still load.
 */
async function symlinkedFolderEntry(work: string): Promise<FaultRow> {
  const { root, outside } = placeIn(work, 'link-folder');
  symlinkSync(outside, join(root, 'via'));
  const dir = join(root, 'dir');
  mkdirSync(dir);
  writeFileSync(join(dir, 'inside.jsonl'), INSIDE_CORPUS);
  symlinkSync(join('..', 'via', 'secret.jsonl'), join(dir, 'c.jsonl'));
  const fine = join(root, 'fine');
  mkdirSync(fine);
  writeFileSync(join(root, 'shared.jsonl'), INSIDE_CORPUS);
  symlinkSync(join('..', 'shared.jsonl'), join(fine, 'a.jsonl'));

  const out = await loadAndSearch([root], dir);
  const inside = await attempt(async () => (await new FileCorpusProvider(fine, { roots: [root] }).load(fine)).size);
  return {
    scenario: 'corpus link through a linked folder out of root',
    ok: out.refused && !out.outsideTextQuoted && inside.value === INSIDE_DOCS.length,
    refused: out.refused,
    outsideTextQuoted: out.outsideTextQuoted,
    insideLinkDocuments: inside.value ?? inside.message,
    message: out.message,
  };
}

/** An index folder inside the root whose manifest names a corpus outside it, with a fingerprint that says "changed". */
async function manifestNamingOutsideCorpus(work: string): Promise<FaultRow> {
  const { root, outside } = placeIn(work, 'manifest');
  const corpus = join(root, 'corpus.jsonl');
  writeFileSync(corpus, INSIDE_CORPUS);
  const dir = join(root, 'index');
  await buildIndex(corpus, dir);
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
  manifest.corpus = { ...manifest.corpus, path: join(outside, 'secret.jsonl'), bytes: 1, mtimeMs: 1 };
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(manifest));

  const out = await loadAndSearch([root], dir);
  const after = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
  const reindexedFromOutside = after.corpus.sha256 !== manifest.corpus.sha256;
  return {
    scenario: 'index manifest naming an outside corpus',
    ok: out.refused && !out.outsideTextQuoted && !reindexedFromOutside,
    refused: out.refused,
    reindexedFromOutside,
    outsideTextQuoted: out.outsideTextQuoted,
    message: out.message,
  };
}

/** An index of the outside file, reached from the root by a link to its folder, or to its data folder beside a copied manifest. */
async function indexFolderOutside(work: string): Promise<FaultRow> {
  const { root, outside } = placeIn(work, 'index-outside');
  const foreign = join(outside, 'index');
  await buildIndex(join(outside, 'secret.jsonl'), foreign);
  symlinkSync(foreign, join(root, 'index-link'));
  const copied = join(root, 'index-data-link');
  mkdirSync(copied);
  const manifest = JSON.parse(readFileSync(join(foreign, MANIFEST_FILE), 'utf8'));
  // A corpus that is not there: the index is "a folder copied without its corpus".
  manifest.corpus = { ...manifest.corpus, path: join(root, 'gone.jsonl') };
  writeFileSync(join(copied, MANIFEST_FILE), JSON.stringify(manifest));
  for (const name of readdirSync(foreign)) if (name !== MANIFEST_FILE && name !== 'lance') cpSync(join(foreign, name), join(copied, name));
  symlinkSync(join(foreign, 'lance'), join(copied, 'lance'));

  const viaLink = await loadAndSearch([root], join(root, 'index-link'));
  const viaData = await loadAndSearch([root], copied);
  return {
    scenario: 'index folder outside the roots',
    ok: viaLink.refused && viaData.refused && !viaLink.outsideTextQuoted && !viaData.outsideTextQuoted,
    linkedFolderRefused: viaLink.refused,
    linkedDataRefused: viaData.refused,
    outsideTextQuoted: viaLink.outsideTextQuoted || viaData.outsideTextQuoted,
    message: viaData.message ?? viaLink.message,
  };
}

/** Opens the writing end of each FIFO until every reader blocked on one has been let go. */
async function releaseFifos(fifos: readonly string[], pending: () => boolean): Promise<void> {
  for (let round = 0; round < 200 && pending(); round++) {
    for (const fifo of fifos) {
      try {
        // With a reader waiting, this opens (and closing it gives that reader an empty file).
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader waits on it now (ENXIO).
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** FIFOs in a root, named directly and inside a folder; meanwhile another corpus is loaded, which must not wait. */
async function fifoInRoot(work: string): Promise<FaultRow> {
  const { root } = placeIn(work, 'fifo');
  const fifos = [1, 2, 3, 4].map((i) => join(root, `pipe-${i}.jsonl`));
  const folder = join(root, 'folder');
  mkdirSync(folder);
  fifos.push(join(folder, 'a.jsonl'));
  for (const fifo of fifos) execFileSync('mkfifo', [fifo]);
  writeFileSync(join(root, 'other.jsonl'), INSIDE_CORPUS);

  let settled = 0;
  const loads = [...fifos.slice(0, 4), folder].map((ref) =>
    attempt(() => new FileCorpusProvider(ref, { roots: [root] }).load(ref), 60_000).finally(() => settled++),
  );
  // Once the FIFO loads are under way, a plain corpus: does it still load?
  await new Promise((resolve) => setTimeout(resolve, 200));
  const other = await attempt(async () => (await new FileCorpusProvider(join(root, 'other.jsonl'), { roots: [root] }).load(undefined)).size);
  const firstRound = await Promise.race([Promise.all(loads), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), FROZEN_AFTER_MS))]);
  const fifoLoadsSettledInBound = settled;
  await releaseFifos(fifos, () => settled < loads.length);
  const all = firstRound ?? (await Promise.all(loads));
  const refused = all.filter((a) => a.message !== undefined && /FIFO|not a regular file/i.test(a.message)).length;
  const slowestMs = firstRound ? Math.max(...firstRound.map((a) => a.ms)) : `over ${FROZEN_AFTER_MS}`;
  return {
    scenario: 'FIFO in a root',
    ok: fifoLoadsSettledInBound === loads.length && refused === loads.length && other.settled && other.value === INSIDE_DOCS.length,
    fifoLoads: loads.length,
    fifoLoadsSettledInBound,
    refused,
    slowestFifoLoadMs: slowestMs,
    otherCorpusLoaded: other.settled && other.value === INSIDE_DOCS.length,
    otherCorpusMs: other.settled ? other.ms : `over ${FROZEN_AFTER_MS}`,
    message: all.find((a) => a.message !== undefined)?.message,
  };
}

/** A sparse file one byte over the loader's cap: refused from its size, not read into memory. */
async function oversizeFile(work: string): Promise<FaultRow> {
  const { root } = placeIn(work, 'oversize');
  const file = join(root, 'huge.jsonl');
  writeFileSync(file, '');
  truncateSync(file, DEFAULT_MAX_CORPUS_FILE_BYTES + 1);
  const rssBefore = process.memoryUsage().rss;
  const out = await attempt(() => new FileCorpusProvider(file, { roots: [root] }).load(undefined), 60_000);
  const rssGrowthMiB = Math.round((process.memoryUsage().rss - rssBefore) / 2 ** 20);
  rmSync(file);
  const refusedForSize = out.message !== undefined && /bytes, over the .*cap/.test(out.message);
  return {
    scenario: 'oversize corpus file',
    ok: refusedForSize && out.ms < 1_000 && rssGrowthMiB < 64,
    bytes: DEFAULT_MAX_CORPUS_FILE_BYTES + 1,
    refusedForSize,
    ms: out.ms,
    rssGrowthMiB,
    message: out.message,
  };
}

/** What the index in `dir` answers: the Lyon document's text and the ids a search for WORD and for its replacement finds. */
async function answersOf(root: string, dir: string) {
  const out = await attempt(async () => {
    const index = await new FileCorpusProvider(dir, { roots: [root] }).load(dir);
    const lyon = await index.get('lyon');
    const word = (await index.keywordSearch(WORD, { topK: 3 })).map((h) => h.doc.id);
    const replacement = (await index.keywordSearch(SAME_LENGTH_WORD, { topK: 3 })).map((h) => h.doc.id);
    return { lyon: lyon?.text, word, replacement };
  });
  return out;
}

const RAW_ENGINE_ERROR = /lance|arrow|protobuf|IO error|decode|Unexpected|Invalid|corrupt/i;

/** The largest data file of the documents table: where the texts and vectors are. */
function docsDataFile(dir: string): string {
  const data = join(dir, 'lance', 'docs.lance', 'data');
  const files = readdirSync(data).map((name) => join(data, name));
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
}

/** A damaged copy of a good index: what opening and searching it gives beside what the good one gave. */
async function damagedIndex(scenario: string, work: string, name: string, damage: (dir: string) => string): Promise<FaultRow> {
  const { root } = placeIn(work, name);
  const corpus = join(root, 'corpus.jsonl');
  writeFileSync(corpus, INSIDE_CORPUS);
  const good = join(root, 'good');
  await buildIndex(corpus, good);
  const baseline = await answersOf(root, good);
  const dir = join(root, 'index');
  cpSync(good, dir, { recursive: true });
  // The index is opened as a folder copied without its corpus (nothing to re-index from).
  rmSync(corpus);
  const what = damage(dir);
  const out = await answersOf(root, dir);
  const detected = out.message !== undefined && /is damaged/.test(out.message);
  const rawEngineError = out.message !== undefined && !detected && RAW_ENGINE_ERROR.test(out.message);
  const answersChanged = out.value !== undefined && JSON.stringify(out.value) !== JSON.stringify(baseline.value);
  return {
    scenario,
    ok: detected && !rawEngineError && out.message!.includes('re-index with: npm start -- index --corpus'),
    damage: what,
    detected,
    rawEngineError,
    answersChanged,
    ms: out.ms,
    message: out.message,
  };
}

const flipByte = (dir: string): string => {
  const file = docsDataFile(dir);
  const bytes = readFileSync(file);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = bytes[at]! ^ 0xff;
  writeFileSync(file, bytes);
  return `byte ${at} of ${basename(file)} flipped`;
};

const sameLengthEdit = (dir: string): string => {
  const file = docsDataFile(dir);
  const bytes = readFileSync(file);
  const edited = Buffer.from(bytes.toString('latin1').replaceAll(WORD, SAME_LENGTH_WORD), 'latin1');
  writeFileSync(file, edited);
  return `${WORD} replaced by ${SAME_LENGTH_WORD} in ${basename(file)} (${edited.length === bytes.length ? 'same length' : 'length changed'})`;
};

const truncate = (dir: string): string => {
  const file = docsDataFile(dir);
  const size = statSync(file).size;
  truncateSync(file, Math.floor(size / 2));
  return `${basename(file)} cut from ${size} to ${Math.floor(size / 2)} bytes`;
};

const remove = (dir: string): string => {
  const file = docsDataFile(dir);
  rmSync(file);
  return `${basename(file)} removed`;
};

/** A corpus with an index under the index root, edited in place with the same size and modification time. */
async function sameSizeAndTime(work: string): Promise<FaultRow> {
  const { root } = placeIn(work, 'same-size');
  const corpus = join(root, 'corpus.jsonl');
  const indexRoot = join(root, 'indexes');
  writeFileSync(corpus, INSIDE_CORPUS);
  // A whole second: the time set again after the edit is then exactly the one the manifest holds.
  const time = new Date('2024-05-01T12:00:00Z');
  utimesSync(corpus, time, time);
  await buildIndex(corpus, defaultIndexDir(indexRoot, corpus));
  const first = await attempt(
    async () => (await (await new FileCorpusProvider(corpus, { roots: [root], indexRoot }).load(corpus)).keywordSearch(WORD, { topK: 1 }))[0]?.doc.id,
  );
  const before = statSync(corpus);
  writeFileSync(corpus, INSIDE_CORPUS.replace(WORD, SAME_LENGTH_WORD));
  utimesSync(corpus, time, time);
  const after = statSync(corpus);
  const second = await attempt(async () => {
    const index = await new FileCorpusProvider(corpus, { roots: [root], indexRoot }).load(corpus);
    return (await index.keywordSearch(SAME_LENGTH_WORD, { topK: 1 }))[0]?.doc.id;
  });
  const sameSizeAndMtime = before.size === after.size && before.mtimeMs === after.mtimeMs;
  const answersReflectNewText = second.value === 'lyon';
  return {
    scenario: 'corpus edited with same size and mtime',
    ok: sameSizeAndMtime && first.value === 'lyon' && answersReflectNewText,
    sameSizeAndMtime,
    foundBeforeEdit: first.value === 'lyon',
    answersReflectNewText,
    message: second.message,
  };
}

/** A corpus big enough that its build lasts a while: generated documents of words drawn in turn. */
function writeLargeCorpus(path: string, documents: number): void {
  const words = ['river', 'bridge', 'market', 'harbour', 'tower', 'garden', 'station', 'museum', 'square', 'library', 'theatre', 'canal'];
  const lines: string[] = [];
  for (let i = 0; i < documents; i++) {
    const text = Array.from({ length: 40 }, (_, j) => `${words[(i * 7 + j * 3) % words.length]}${(i + j) % 97}`).join(' ');
    lines.push(JSON.stringify({ id: `d${i}`, title: `Place ${i}`, text }));
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

const partialsBeside = (target: string): string[] => readdirSync(dirname(target)).filter((name) => name.startsWith(`${basename(target)}.`));

/** A build killed (SIGKILL) while it writes, then the next build of the same folder. */
async function partialBuildCleaned(work: string): Promise<FaultRow> {
  const { root } = placeIn(work, 'partial');
  const corpus = join(root, 'corpus.jsonl');
  writeLargeCorpus(corpus, 20_000);
  const target = join(root, 'index');
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--build-child', corpus, target], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  // Killed once the partial folder holds some of the database.
  while (
    Date.now() < deadline &&
    !partialsBeside(target).some((name) => statSync(join(root, name)).isDirectory() && readdirSync(join(root, name)).length > 0)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill('SIGKILL');
  await exited;
  const leftByKill = partialsBeside(target).length;
  // A build under way in a live process (this one) must be left alone.
  const live = join(root, `${basename(target)}.partial-${process.pid}-live`);
  mkdirSync(live);
  writeFileSync(corpus, INSIDE_CORPUS);
  await buildIndex(corpus, target);
  const left = partialsBeside(target);
  const livePartialKept = left.includes(basename(live));
  const staleLeft = left.filter((name) => name !== basename(live)).length;
  rmSync(live, { recursive: true, force: true });
  return {
    scenario: 'partial build folder cleaned on next build',
    ok: leftByKill > 0 && staleLeft === 0 && livePartialKept,
    partialFoldersAfterKill: leftByKill,
    stalePartialFoldersAfterNextBuild: staleLeft,
    livePartialKept,
  };
}

export async function corpusFaultRows(): Promise<FaultRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'cairn-bench-corpus-'));
  const rows: FaultRow[] = [];
  try {
    rows.push(await symlinkOutOfRoot(work));
    rows.push(await symlinkedFolderEntry(work));
    rows.push(await manifestNamingOutsideCorpus(work));
    rows.push(await indexFolderOutside(work));
    rows.push(await fifoInRoot(work));
    rows.push(await oversizeFile(work));
    rows.push(await damagedIndex('flipped byte in an index file', work, 'flip', flipByte));
    rows.push(await damagedIndex('same-length edit of an index data file', work, 'edit', sameLengthEdit));
    rows.push(await damagedIndex('truncated index file', work, 'truncate', truncate));
    rows.push(await damagedIndex('missing index file', work, 'missing', remove));
    rows.push(await sameSizeAndTime(work));
    rows.push(await partialBuildCleaned(work));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const child = process.argv.indexOf('--build-child');
  if (child !== -1) {
    // The build the partial-folder scenario kills.
    await buildIndex(process.argv[child + 1]!, process.argv[child + 2]!);
  } else {
    const rows = await corpusFaultRows();
    if (!process.argv.includes('--json')) for (const row of rows) console.log(JSON.stringify(row));
    console.log(JSON.stringify(rows));
  }
}
