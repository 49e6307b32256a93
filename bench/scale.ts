/**
 * bench:scale: the on-disk corpus index (LanceDB) at growing corpus sizes, and recall on HotpotQA
 * through it beside the in-memory index.
 *
 *   npm run bench:scale -- [--json] [--sizes 10000,100000] [DATA_DIR]     (DATA_DIR: ../shared/data/hotpotqa-100)
 *
 * Per size, a corpus is generated from DATA_DIR's text (bench/scale-corpus.ts) and indexed in a
 * process of its own (build time, index bytes, that process's peak memory); a second fresh process
 * opens the index and runs the HotpotQA questions as keyword, vector and hybrid searches (open
 * time, p95 per kind, its own peak memory: what Execute would need). The last line with --json is
 * one JSON array, a row per size:
 *   {docs, buildMs, buildCpuMs, indexBytes, openMs, firstVectorMs, peakMb, keywordP95Ms, vectorP95Ms, hybridP95Ms, vectorRecallAt10, vectorIndex, servePeakMb}
 * (buildCpuMs: the build process's user+sys CPU time, steadier than wall time on a shared machine;
 * vectorRecallAt10: the share of the exact top 10 the vector search returns, over the first 30 questions)
 * and recall is printed before it (one search of the whole question, R@2/5/10, both indexes).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIndex, type LanceCorpusIndex, openIndex } from '../functions/adapters/corpus/lance/lance-index.js';
import type { CorpusIndex } from '../functions/core/ports.js';
import { createCorpusIndex } from '../functions/core/retrieval/corpus-index.js';
import { readSourceText, writeScaleCorpus } from './scale-corpus.js';
import { hotpotqaDir } from './shared-data.js';

const SELF = fileURLToPath(import.meta.url);
const WARMUP = 5;
/** Questions whose exact vector top 10 is computed, to measure the ANN index's recall against it. */
const RECALL_QUERIES = 30;

interface Question {
  question: string;
  supporting_facts: Array<[string, number]>;
}

const questionsOf = async (dataDir: string) => JSON.parse(await readFile(join(dataDir, 'qa_train.json'), 'utf8')) as Question[];

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]! * 10) / 10;
}

const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

async function timed(queries: string[], run: (q: string) => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (const [i, q] of queries.entries()) {
    const started = performance.now();
    await run(q);
    if (i >= WARMUP) samples.push(performance.now() - started);
  }
  return p95(samples);
}

/** Child: generate and index `size` documents; prints {buildMs, indexBytes, peakMb}. */
async function childBuild(size: number, dataDir: string, work: string): Promise<void> {
  const corpus = join(work, `corpus-${size}.jsonl`);
  await writeScaleCorpus(await readSourceText(dataDir), size, corpus);
  const started = performance.now();
  const cpu = process.cpuUsage();
  await buildIndex(corpus, join(work, `index-${size}`));
  const buildMs = Math.round(performance.now() - started);
  const used = process.cpuUsage(cpu);
  const buildCpuMs = Math.round((used.user + used.system) / 1000);
  const indexBytes = Number(execFileSync('du', ['-sb', join(work, `index-${size}`)], { encoding: 'utf8' }).split('\t')[0]);
  await rm(corpus);
  console.log(JSON.stringify({ buildMs, buildCpuMs, indexBytes, peakMb: peakMb() }));
}

/** Child: open the index and time the three search kinds; prints {openMs, firstVectorMs, keywordP95Ms, vectorP95Ms, hybridP95Ms, vectorRecallAt10, vectorIndex, servePeakMb}. */
async function childQuery(size: number, dataDir: string, work: string): Promise<void> {
  const queries = (await questionsOf(dataDir)).map((q) => q.question);
  const started = performance.now();
  const index = await openIndex(join(work, `index-${size}`));
  const openMs = Math.round(performance.now() - started);
  // The first vector search loads the graph from disk: what a fresh process pays once, beside open.
  const first = performance.now();
  await index.vectorSearch(queries[0] ?? '', { topK: 10 });
  const firstVectorMs = Math.round(performance.now() - first);
  const keywordP95Ms = await timed(queries, (q) => index.keywordSearch(q, { topK: 10 }));
  const vectorP95Ms = await timed(queries, (q) => index.vectorSearch(q, { topK: 10 }));
  const hybridP95Ms = await timed(queries, (q) => index.hybridSearch(q, 10));
  const servePeak = peakMb();
  // How many of the exact top 10 the vector search finds (1 when the index scans exactly), on the
  // first RECALL_QUERIES questions: each exact answer scans every vector (seconds at 100k).
  let found = 0;
  const held = queries.slice(0, RECALL_QUERIES);
  for (const q of held) {
    const exact = await index.exactVectorIds(q, 10);
    const got = new Set((await index.vectorSearch(q, { topK: 10 })).map((h) => h.doc.id));
    found += exact.length === 0 ? 1 : exact.filter((id) => got.has(id)).length / exact.length;
  }
  const vectorRecallAt10 = Math.round((found / held.length) * 1000) / 1000;
  index.close();
  console.log(
    JSON.stringify({
      openMs,
      firstVectorMs,
      keywordP95Ms,
      vectorP95Ms,
      hybridP95Ms,
      vectorRecallAt10,
      vectorIndex: index.manifest.vectorIndex,
      servePeakMb: servePeak,
    }),
  );
}

function child(mode: 'build' | 'query', size: number, dataDir: string, work: string): Record<string, number> {
  // A million documents hold more than V8's default heap: the child may use most of the machine's memory.
  const heapMb = Math.floor((totalmem() / 2 ** 20) * 0.75);
  const result = spawnSync(process.execPath, [`--max-old-space-size=${heapMb}`, '--import', 'tsx', SELF, `--child-${mode}`, String(size), dataDir, work], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = result.stdout.trim().split('\n').pop() ?? '';
  if (result.status !== 0 || !last.startsWith('{')) {
    const reason = result.signal ? `killed by ${result.signal}` : result.stderr.trim().split('\n').slice(-3).join(' | ') || `exit ${result.status}`;
    throw new Error(`${mode} of ${size} documents failed: ${reason}`);
  }
  return JSON.parse(last) as Record<string, number>;
}

interface Recall {
  r2: number;
  r5: number;
  r10: number;
}

async function recallOf(questions: Question[], search: (q: string) => Promise<string[]>): Promise<Recall> {
  const sums = { r2: 0, r5: 0, r10: 0 };
  for (const q of questions) {
    const gold = new Set(q.supporting_facts.map(([title]) => title));
    const ids = await search(q.question);
    for (const [key, k] of [
      ['r2', 2],
      ['r5', 5],
      ['r10', 10],
    ] as const)
      sums[key] += ids.slice(0, k).filter((id) => gold.has(id)).length / gold.size;
  }
  const mean = (x: number) => Math.round((x / questions.length) * 1000) / 1000;
  return { r2: mean(sums.r2), r5: mean(sums.r5), r10: mean(sums.r10) };
}

/** One search of the whole question on the HotpotQA corpus, through the engine and the in-memory index. */
async function hotpotRecall(dataDir: string, work: string): Promise<Record<string, Recall>> {
  const corpus = JSON.parse(await readFile(join(dataDir, 'train_corpus.json'), 'utf8')) as Record<string, string[]>;
  const docs = Object.entries(corpus).map(([title, sentences]) => ({ id: title, title, text: sentences.join('').trim() }));
  const path = join(work, 'hotpotqa.jsonl');
  await writeFile(path, `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`);
  await buildIndex(path, join(work, 'index-hotpotqa'));
  const engine = await openIndex(join(work, 'index-hotpotqa'));
  const memory = createCorpusIndex(docs);
  const questions = await questionsOf(dataDir);
  const ids = (index: CorpusIndex, kind: 'keywordSearch' | 'vectorSearch') => async (q: string) => (await index[kind](q, { topK: 10 })).map((h) => h.doc.id);
  const out = {
    'keyword, in memory (bm25)': await recallOf(questions, ids(memory, 'keywordSearch')),
    'keyword, lancedb (fts bm25)': await recallOf(questions, ids(engine, 'keywordSearch')),
    'vector, in memory (lexical)': await recallOf(questions, ids(memory, 'vectorSearch')),
    'vector, lancedb (lexical)': await recallOf(questions, ids(engine, 'vectorSearch')),
    'hybrid, lancedb (rrf)': await recallOf(questions, async (q) => (await (engine as LanceCorpusIndex).hybridSearch(q, 10)).map((h) => h.id)),
  };
  engine.close();
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const childMode = args[0];
  if (childMode === '--child-build' || childMode === '--child-query') {
    const [, size, dataDir, work] = args;
    await (childMode === '--child-build' ? childBuild : childQuery)(Number(size), dataDir!, work!);
    return;
  }
  const json = args.includes('--json');
  const sizesAt = args.indexOf('--sizes');
  const sizes = sizesAt >= 0 ? (args[sizesAt + 1] ?? '').split(',').map(Number) : [10_000, 100_000];
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error('bench:scale: --sizes must be a comma-separated list of positive integers, e.g. --sizes 10000,100000');
    process.exit(2);
  }
  const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--sizes');
  const dataDir = hotpotqaDir('scale', positional[0]);
  const work = await mkdtemp(join(tmpdir(), 'cairn-scale-'));
  try {
    const recall = await hotpotRecall(dataDir, work);
    console.log(`recall on ${dataDir} (100 questions, one search of the whole question):`);
    for (const [name, r] of Object.entries(recall))
      console.log(`  ${name.padEnd(30)} R@2 ${r.r2.toFixed(3)}  R@5 ${r.r5.toFixed(3)}  R@10 ${r.r10.toFixed(3)}`);
    const rows: Array<Record<string, number | string>> = [];
    for (const docs of sizes) {
      try {
        const built = child('build', docs, dataDir, work);
        const queried = child('query', docs, dataDir, work);
        const row = { docs, ...built, ...queried };
        rows.push(row);
        console.log(
          `${docs} docs: built in ${(built.buildMs! / 1000).toFixed(1)} s (${(built.buildCpuMs! / 1000).toFixed(1)} s CPU), ${(built.indexBytes! / 1e6).toFixed(0)} MB on disk, peak ${built.peakMb} MB; ` +
            `opened in ${queried.openMs} ms (first vector search ${queried.firstVectorMs} ms); p95 keyword ${queried.keywordP95Ms} ms, vector ${queried.vectorP95Ms} ms (${queried.vectorIndex}, recall@10 vs exact ${queried.vectorRecallAt10}), hybrid ${queried.hybridP95Ms} ms; serving peak ${queried.servePeakMb} MB`,
        );
      } catch (error) {
        console.log(`${docs} docs: ${(error as Error).message}`);
        rows.push({ docs, error: (error as Error).message });
      }
      await rm(join(work, `index-${docs}`), { recursive: true, force: true });
    }
    if (json) console.log(JSON.stringify(rows));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
