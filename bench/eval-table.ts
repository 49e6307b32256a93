/**
 * Writes the table "Figures after the short answer" of docs/evaluation.md from eval runs, so no
 * figure is copied by hand: for each set, the report of a one-shot run and of an iterative run of
 * the same split (`eval ... --split test --json` and `eval ... --split test --iterate --json`).
 *
 *   npm run bench:eval-table -- --set "sample corpus" s.json s-it.json --set hotpotqa-100 h.json h-it.json \
 *     --set 2WikiMultihopQA w.json w-it.json            # prints the table
 *   npm run bench:eval-table -- ... --write             # replaces it in docs/evaluation.md
 *
 * The table goes between the markers `<!-- eval-table:start -->` and `<!-- eval-table:end -->`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { EvaluationReport, Recall } from '../cli/eval.js';

const PAGE = 'docs/evaluation.md';
const START = '<!-- eval-table:start -->';
const END = '<!-- eval-table:end -->';

export interface SetRuns {
  name: string;
  oneShot: EvaluationReport;
  iterative: EvaluationReport;
}

const f = (x: number) => x.toFixed(3);
const recall = (r: Recall) => `${f(r.r2)}/${f(r.r5)}/${f(r.r10)}`;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export const HEADER = [
  'test split',
  'questions',
  'R@2/5/10 one search',
  'R@2/5/10 plan',
  'plan worse at R@2/5/10',
  'R@2/5/10 iterative',
  'gold in short answer',
  'EM',
  'F1',
  'answerable refused',
  'off-corpus/near-miss refused',
  'calls one-shot / iterative; input/output tokens per question',
];

/** One row of the table: the one-shot run's figures, the iterative run's recall and calls. */
export function tableRow({ name, oneShot, iterative }: SetRuns): string[] {
  const a = oneShot.answers;
  return [
    name,
    a.unanswerable > 0 ? `${a.answerable} + ${a.unanswerable} off/near` : String(oneShot.questions),
    recall(oneShot.baseline),
    recall(oneShot.plan),
    `${oneShot.planWorse.r2}/${oneShot.planWorse.r5}/${oneShot.planWorse.r10}`,
    recall(iterative.plan),
    f(a.goldInShortAnswer),
    f(a.em),
    f(a.f1),
    `${a.answerableRefused} (${pct(a.answerableRefusedRate)})`,
    a.unanswerable > 0 ? `${a.unanswerableRefused} of ${a.unanswerable} (${pct(a.unanswerableRefusedRate)})` : '—',
    `${oneShot.meanLlmCalls} / ${iterative.meanLlmCalls}; ${oneShot.meanInputTokens}/${oneShot.meanOutputTokens}`,
  ];
}

export function evalTable(sets: readonly SetRuns[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(HEADER), line(HEADER.map(() => '---')), ...sets.map((s) => line(tableRow(s)))].join('\n');
}

async function report(path: string): Promise<EvaluationReport> {
  const value = JSON.parse(await readFile(path, 'utf8')) as EvaluationReport;
  if (typeof value?.questions !== 'number' || value.baseline === undefined || value.answers === undefined) {
    throw new Error(`${path} is not the report of \`cairn eval --json\``);
  }
  return value;
}

async function main(args: string[]): Promise<void> {
  const sets: SetRuns[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '--set') continue;
    const [name, one, it] = args.slice(i + 1, i + 4);
    if (!name || !one || !it) throw new Error('--set takes a name, the one-shot report and the iterative report');
    const [oneShot, iterative] = await Promise.all([report(one), report(it)]);
    if (iterative.meanRounds === undefined) throw new Error(`${it} is not an iterative run (eval ... --iterate --json)`);
    sets.push({ name, oneShot, iterative });
    i += 3;
  }
  if (sets.length === 0) {
    console.error('usage: npm run bench:eval-table -- --set <name> <one-shot.json> <iterative.json> [--set ...] [--write]');
    process.exitCode = 2;
    return;
  }
  const body = evalTable(sets);
  if (!args.includes('--write')) {
    console.log(body);
    return;
  }
  const pagePath = resolve(PAGE);
  const page = await readFile(pagePath, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${PAGE} has no ${START} ... ${END} markers`);
  await writeFile(pagePath, `${page.slice(0, start + START.length)}\n${body}\n${page.slice(end)}`);
  console.log(`wrote the table of ${sets.length} sets to ${PAGE}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`bench:eval-table: ${(error as Error).message}`);
    process.exitCode = 1;
  });
}
