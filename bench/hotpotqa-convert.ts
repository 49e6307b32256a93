/**
 * Converts the HotpotQA sample (../shared/data/hotpotqa-100) into Cairn's formats, without copying
 * it into the project: a corpus JSONL (one document per paragraph title) and a questions JSONL of
 * {id, question, gold_ids, answer, kind, split} for `cairn eval` (id: HotpotQA's _id; split: the
 * hash of the id, cli/eval-scores.ts#splitOf; kind: bridge or comparison).
 *
 *   npm run bench:hotpotqa [-- <data-dir> [out-dir]]    (data-dir defaults to ../shared/data/hotpotqa-100,
 *                                                       out-dir to .cairn/bench/hotpotqa)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { splitOf } from '../cli/eval-scores.js';
import { hotpotqaDir } from './shared-data.js';

interface HotpotQuestion {
  _id: string;
  question: string;
  answer: string;
  type: string;
  supporting_facts: Array<[string, number]>;
}

async function main(): Promise<void> {
  const [dataArg, outArg] = process.argv.slice(2);
  const dataDir = hotpotqaDir('hotpotqa', dataArg);
  const outDir = resolve(outArg ?? '.cairn/bench/hotpotqa');
  const corpus = JSON.parse(await readFile(join(dataDir, 'train_corpus.json'), 'utf8')) as Record<string, string[]>;
  const questions = JSON.parse(await readFile(join(dataDir, 'qa_train.json'), 'utf8')) as HotpotQuestion[];
  await mkdir(outDir, { recursive: true });
  const docs = Object.entries(corpus).map(([title, sentences]) => JSON.stringify({ id: title, title, text: sentences.join('').trim() }));
  const qs = questions.map((q) =>
    JSON.stringify({
      id: q._id,
      question: q.question,
      gold_ids: [...new Set(q.supporting_facts.map(([t]) => t))],
      answer: q.answer,
      kind: q.type,
      split: splitOf(q._id),
    }),
  );
  await writeFile(join(outDir, 'corpus.jsonl'), `${docs.join('\n')}\n`);
  await writeFile(join(outDir, 'questions.jsonl'), `${qs.join('\n')}\n`);
  const missing = questions.flatMap((q) => q.supporting_facts.map(([t]) => t)).filter((t) => !(t in corpus));
  console.log(
    `${docs.length} documents, ${qs.length} questions -> ${outDir}${missing.length ? ` (${missing.length} gold titles missing from the corpus)` : ''}`,
  );
}

await main();
