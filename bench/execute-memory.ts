/**
 * bench:execute-memory: the memory Execute needs to open the local engine's index of a large
 * corpus and search it, against its function's size. Builds a LanceDB index of `--docs` documents
 * generated from the text of a HotpotQA corpus (titles numbered, texts recombined from its
 * sentences), then, in a fresh Node process as a new Lambda container would be, opens the index
 * and runs keyword, vector and entity-graph queries, and reports its peak RSS.
 *
 *   npm run bench:execute-memory -- [--docs 100000] [--json] [DATA_DIR]   (default ../shared/data/hotpotqa-100)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIndex, openIndex } from '../functions/adapters/corpus/lance/lance-index.js';
import { hotpotqaDir } from './shared-data.js';

const EXECUTE_MEMORY_MB = 2048;

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of (await readdir(dir, { recursive: true })) as string[]) {
    const info = statSync(join(dir, name));
    if (info.isFile()) total += info.size;
  }
  return total;
}

function generate(dataDir: string, docs: number, out: string): void {
  const corpus = JSON.parse(readFileSync(join(dataDir, 'train_corpus.json'), 'utf8')) as Record<string, string[]>;
  const bases = Object.entries(corpus);
  const sentences = bases.flatMap(([, s]) => s.map((x) => x.trim()).filter((x) => x !== ''));
  let seed = 42;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const lines: string[] = [];
  for (let i = 0; i < docs; i++) {
    const [title, own] = bases[i % bases.length]!;
    const extra = [sentences[Math.floor(random() * sentences.length)]!, sentences[Math.floor(random() * sentences.length)]!];
    lines.push(JSON.stringify({ id: `g${i}`, title: `${title} ${Math.floor(i / bases.length)}`, text: [...own.map((s) => s.trim()), ...extra].join(' ') }));
  }
  writeFileSync(out, `${lines.join('\n')}\n`);
}

/** In the child: open the index and query it as Execute would; print the figures as JSON. */
async function openAndQuery(dir: string): Promise<void> {
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const index = await openIndex(dir);
  const openMs = performance.now() - started;
  const queries = [
    'Which film director was born in London',
    'collectible dice game designer',
    'American rock band formed in 1990',
    'river in South America',
    'novel adapted into a film',
  ];
  const times: number[] = [];
  for (let round = 0; round < 4; round++) {
    for (const q of queries) {
      const t = performance.now();
      const hits = await index.keywordSearch(q, { topK: 10 });
      await index.vectorSearch(q, { topK: 10 });
      for (const hit of hits.slice(0, 3)) {
        await index.linkedDocuments(hit.doc.id);
        await index.documentsNamedIn(hit.doc.text);
      }
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      openMs: Math.round(openMs),
      rssBeforeMb: Math.round(before / 2 ** 20),
      peakRssMb: Math.round((process.resourceUsage().maxRSS * 1024) / 2 ** 20),
      queryRoundP95Ms: Math.round(times[Math.floor(times.length * 0.95)]!),
    }),
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--open') return openAndQuery(args[1]!);
  const json = args.includes('--json');
  const docsAt = args.indexOf('--docs');
  const docs = docsAt >= 0 ? Number(args[docsAt + 1]) : 100_000;
  if (!Number.isInteger(docs) || docs < 1) throw new Error(`--docs must be a positive integer, got ${args[docsAt + 1]}`);
  const dataDir = hotpotqaDir(
    'execute-memory',
    args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--docs'),
  );

  const work = mkdtempSync(join(tmpdir(), 'cairn-execute-memory-'));
  try {
    const corpus = join(work, 'corpus.jsonl');
    generate(dataDir, docs, corpus);
    const started = performance.now();
    const manifest = await buildIndex(corpus, join(work, 'index'));
    const buildMs = Math.round(performance.now() - started);
    const indexBytes = await dirBytes(join(work, 'index'));
    const child = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--open', join(work, 'index')], { encoding: 'utf8' });
    const opened = JSON.parse(child.trim().split('\n').at(-1)!) as { openMs: number; rssBeforeMb: number; peakRssMb: number; queryRoundP95Ms: number };
    const row = {
      docs: manifest.documents,
      buildMs,
      indexMb: Math.round(indexBytes / 2 ** 20),
      ...opened,
      executeMemoryMb: EXECUTE_MEMORY_MB,
      fits: opened.peakRssMb < EXECUTE_MEMORY_MB,
    };
    if (!json) {
      console.log(`${row.docs} documents: built in ${(buildMs / 1000).toFixed(1)} s, ${row.indexMb} MB on disk`);
      console.log(
        `fresh process: opened in ${row.openMs} ms, peak RSS ${row.peakRssMb} MB after searches (Execute has ${EXECUTE_MEMORY_MB} MB): ${row.fits ? 'fits' : 'does not fit'}`,
      );
    }
    console.log(JSON.stringify(row));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
