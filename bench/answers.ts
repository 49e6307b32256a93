/**
 * How well the answer answers, on HotpotQA: every question planned, executed and finalized through
 * the local state machine (the keyless planner unless a model is configured), then scored on what
 * a reader gets, per split:
 *   - gold in answer: the gold answer string occurs in `results.answer` (normalised: lower case,
 *     no punctuation, no articles, single spaces);
 *   - gold in short answer: the same in `results.shortAnswer`;
 *   - EM and F1 of the short answer, with HotpotQA's normalisation (its official evaluation script);
 *   - refused: the share of questions (all answerable) the answer refused.
 *
 * The split is eval's (cli/eval-scores.ts#splitOf: a hash of HotpotQA's id). Cues and constants of
 * the answerer may be fitted on dev only; test is the figure to quote. Before that split existed,
 * the answerer's first version was read against the questions of even index, so "test, unseen"
 * (the test questions of odd index) is the figure no one looked at in any way.
 *
 *   npm run bench:answers [-- DIR] [--limit N] [--split dev|test|all] [--rows FILE]
 *
 * `--rows FILE` writes one JSON line per dev question (for reading dev's misses; test's are never written).
 * DIR holds HotpotQA's qa_train.json and train_corpus.json; it defaults to ../shared/data/hotpotqa-100.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { containsGold, f1Score, isRefusal, normalizeAnswer, splitOf } from '../cli/eval-scores.js';
import { LocalStack } from '../cli/local-runner.js';
import { loadLocalConfig, withCorpusRoots } from '../functions/shared/config.js';
import { hotpotqaDir } from './shared-data.js';

interface HotpotQuestion {
  _id: string;
  question: string;
  answer: string;
  type: string;
}

export interface AnswerRow {
  index: number;
  split: 'dev' | 'test';
  /** The question's index is odd: a question whose output was never read while the answerer was written (see below). */
  unseen: boolean;
  type: string;
  question: string;
  gold: string;
  shortAnswer: string | null;
  answer: string;
  refused: boolean;
  goldInAnswer: boolean;
  goldInShort: boolean;
  /** The gold answer stands in a passage the answer read: what the answerer could have found. */
  goldInRead: boolean;
  em: number;
  f1: number;
  ms: number;
  llmCalls: number;
}

export interface AnswerFigures {
  questions: number;
  goldInAnswer: number;
  goldInShort: number;
  goldInRead: number;
  em: number;
  f1: number;
  refused: number;
  meanMs: number;
  llmCalls: number;
}

const contains = (text: string, gold: string) => containsGold(text, gold);

export function summarise(rows: readonly AnswerRow[]): AnswerFigures {
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 1000) / 1000);
  return {
    questions: rows.length,
    goldInAnswer: mean(rows.map((r) => (r.goldInAnswer ? 1 : 0))),
    goldInShort: mean(rows.map((r) => (r.goldInShort ? 1 : 0))),
    goldInRead: mean(rows.map((r) => (r.goldInRead ? 1 : 0))),
    em: mean(rows.map((r) => r.em)),
    f1: mean(rows.map((r) => r.f1)),
    refused: mean(rows.map((r) => (r.refused ? 1 : 0))),
    meanMs: Math.round(mean(rows.map((r) => r.ms))),
    llmCalls: mean(rows.map((r) => r.llmCalls)),
  };
}

export async function runAnswerBench(options: { dir: string; limit?: number; split: 'dev' | 'test' | 'all' }): Promise<AnswerRow[]> {
  const corpus = JSON.parse(await readFile(join(options.dir, 'train_corpus.json'), 'utf8')) as Record<string, string[]>;
  const questions = JSON.parse(await readFile(join(options.dir, 'qa_train.json'), 'utf8')) as HotpotQuestion[];
  const folder = await mkdtemp(join(tmpdir(), 'cairn-bench-answers-'));
  const corpusFile = join(folder, 'corpus.jsonl');
  const docs = Object.entries(corpus).map(([title, sentences]) => JSON.stringify({ id: title, title, text: sentences.join('').trim() }));
  await writeFile(corpusFile, `${docs.join('\n')}\n`);
  const rows: AnswerRow[] = [];
  try {
    const local = loadLocalConfig();
    const stack = await LocalStack.open({ config: withCorpusRoots(local.config, [corpusFile]) });
    try {
      for (const [index, q] of questions.entries()) {
        const split = splitOf(q._id);
        if (options.split !== 'all' && split !== options.split) continue;
        if (options.limit !== undefined && rows.length >= options.limit) break;
        const started = performance.now();
        const record = await stack.run({ task: q.question, corpus: corpusFile, options: { cache: false } });
        const ms = performance.now() - started;
        const results = record.results as (typeof record.results & { shortAnswer?: string | null; refused?: boolean }) | undefined;
        const answer = results?.answer ?? '';
        const shortAnswer = typeof results?.shortAnswer === 'string' ? results.shortAnswer : null;
        const outputs = await stack.runtime.phases.store.listStepOutputs(record.planId);
        const read = outputs.flatMap((o) => (o.type === 'llm_call' && Array.isArray(o.result.read_documents) ? (o.result.read_documents as string[]) : []));
        const readText = read.map((id) => (corpus[id] ?? []).join('')).join(' ');
        const refused = results?.refused ?? isRefusal({ answer, shortAnswer }, results !== undefined && 'shortAnswer' in results);
        rows.push({
          index,
          split,
          unseen: index % 2 === 1,
          type: q.type,
          question: q.question,
          gold: q.answer,
          shortAnswer,
          answer,
          refused,
          goldInAnswer: contains(answer, q.answer),
          goldInShort: shortAnswer !== null && contains(shortAnswer, q.answer),
          goldInRead: contains(readText, q.answer),
          em: shortAnswer !== null && normalizeAnswer(shortAnswer) === normalizeAnswer(q.answer) ? 1 : 0,
          f1: shortAnswer === null ? 0 : f1Score(shortAnswer, q.answer),
          ms: Math.round(ms),
          llmCalls: record.metadata?.llmCalls.length ?? 0,
        });
      }
    } finally {
      await stack.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return rows;
}

function render(rows: readonly AnswerRow[]): string {
  const head = `${''.padEnd(18)} n    gold∈read  gold∈answer  gold∈short  EM     F1     refused  ms/q   calls/q`;
  const line = (label: string, f: AnswerFigures) =>
    `${label.padEnd(18)} ${String(f.questions).padEnd(4)} ${f.goldInRead.toFixed(3).padEnd(10)} ${f.goldInAnswer.toFixed(3).padEnd(12)} ${f.goldInShort.toFixed(3).padEnd(11)} ${f.em.toFixed(3)}  ${f.f1.toFixed(3)}  ${f.refused.toFixed(3).padEnd(8)} ${String(f.meanMs).padEnd(6)} ${f.llmCalls.toFixed(2)}`;
  const lines = [head];
  for (const split of ['dev', 'test'] as const) {
    const subset = rows.filter((r) => r.split === split);
    if (subset.length === 0) continue;
    lines.push(line(split, summarise(subset)));
    for (const type of [...new Set(subset.map((r) => r.type))].sort()) lines.push(line(`  ${type}`, summarise(subset.filter((r) => r.type === type))));
    if (split === 'test') lines.push(line('test, unseen', summarise(subset.filter((r) => r.unseen))));
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flagValue = (flag: string): string | undefined => {
    const i = args.indexOf(flag);
    return i < 0 ? undefined : args[i + 1];
  };
  const limitArg = flagValue('--limit');
  const limit = limitArg === undefined ? undefined : Number(limitArg);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new Error('--limit needs a positive integer');
  const split = flagValue('--split') ?? 'all';
  if (split !== 'dev' && split !== 'test' && split !== 'all') throw new Error('--split is dev, test or all');
  const rowsFile = flagValue('--rows');
  const positional = args.filter((a, i) => !a.startsWith('--') && !['--limit', '--split', '--rows'].includes(args[i - 1] ?? ''));
  const dir = hotpotqaDir('answers', positional[0]);
  const rows = await runAnswerBench({ dir, split, ...(limit !== undefined ? { limit } : {}) });
  // Only dev's rows: test's questions are scored, never read.
  if (rowsFile)
    await writeFile(
      rowsFile,
      `${rows
        .filter((r) => r.split === 'dev')
        .map((r) => JSON.stringify(r))
        .join('\n')}\n`,
    );
  console.log(render(rows));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    console.error(`bench:answers: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
