/**
 * Writes figures into the docs from the runs that measured them, so no figure is copied by hand.
 *
 * The evaluation figures of docs/evaluation.md, from an eval run:
 *
 *   npm start -- eval --corpus .cairn/bench/hotpotqa/corpus.jsonl \
 *     --questions .cairn/bench/hotpotqa/questions.jsonl --folds 2 --json > .cairn/bench/eval.json
 *   npm run bench:readme -- .cairn/bench/eval.json            # prints the tables
 *   npm run bench:readme -- .cairn/bench/eval.json --write    # replaces them in docs/evaluation.md
 *
 * The tables go between the markers `<!-- figures:start -->` and `<!-- figures:end -->`: the
 * recall of one search and of the plan on the whole set and on each fold, by question type, and the
 * reader's accuracy on the phrasing suite and on the held-out tasks.
 *
 * A bench's figures in docs/benchmarks.md, from the last JSON line of its `--json` output:
 *
 *   npm run --silent bench:guard -- --json > .cairn/bench/guard.json
 *   npm run bench:readme -- --bench guard .cairn/bench/guard.json --write
 *
 * go between `<!-- bench:guard:start -->` and `<!-- bench:guard:end -->`, as a table (benchTable).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { EvaluationReport, Recall, RecallSummary } from '../cli/eval.js';
import { heldOutAccuracy, type KindAccuracy, phrasingAccuracy } from '../test/unit/rule-based/phrasing-suite.js';

/** The page that holds the figures (the README links to it). */
const FIGURES_PAGE = 'docs/evaluation.md';
const START = '<!-- figures:start -->';
const END = '<!-- figures:end -->';
/** The page of the benches' figures, a section per bench between its own markers. */
const BENCH_PAGE = 'docs/benchmarks.md';
const benchMarkers = (bench: string) => [`<!-- bench:${bench}:start -->`, `<!-- bench:${bench}:end -->`] as const;

const f = (x: number) => x.toFixed(3);
const cells = (r: Recall) => [f(r.r2), f(r.r5), f(r.r10)];

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

export function recallTables(report: EvaluationReport): string {
  const sets: Array<[string, RecallSummary]> = [
    ['whole', report],
    ...Object.entries(report.folds ?? {}).map(([k, v]): [string, RecallSummary] => [`fold ${k}`, v]),
  ];
  const header = ['', ...sets.flatMap(([name, s]) => [`${name} (${s.questions}) R@2`, 'R@5', 'R@10'])];
  const rows = [
    ['single BM25 search of the question', ...sets.flatMap(([, s]) => cells(s.baseline))],
    ["Cairn's plan (rule-based planner)", ...sets.flatMap(([, s]) => cells(s.plan))],
  ];
  const types = Object.keys(report.byType);
  const typeRows = types.flatMap((type) => {
    const per = (s: RecallSummary & { byType?: Record<string, RecallSummary> }) => (s === report ? report.byType[type] : s.byType?.[type]);
    return [
      [
        `${type}: one search`,
        ...sets.flatMap(([, s]) => {
          const t = per(s as never);
          return t ? cells(t.baseline) : ['', '', ''];
        }),
      ],
      [
        `${type}: plan`,
        ...sets.flatMap(([, s]) => {
          const t = per(s as never);
          return t ? cells(t.plan) : ['', '', ''];
        }),
      ],
    ];
  });
  return `${table(header, rows)}\n\nBy question type:\n\n${table(header, typeRows)}`;
}

export function accuracyTable(rows: KindAccuracy[]): string {
  return table(
    ['kind', 'tasks', 'read right', 'accuracy'],
    rows.map((r) => [r.kind, String(r.tasks), String(r.right), f(r.accuracy)]),
  );
}

type Cell = string | number | boolean | null;

const cell = (value: unknown): string => {
  const text = value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value as Cell);
  return text.replaceAll('|', '\\|');
};

/** `value`'s leaves by dotted path: nested objects opened, arrays kept whole. */
function leaves(value: Record<string, unknown>, prefix = ''): Array<[string, unknown]> {
  return Object.entries(value).flatMap(
    ([key, v]): Array<[string, unknown]> =>
      v !== null && typeof v === 'object' && !Array.isArray(v) ? leaves(v as Record<string, unknown>, `${prefix}${key}.`) : [[`${prefix}${key}`, v]],
  );
}

/**
 * A bench's figures as a Markdown table: a list of rows as one row each, its columns the fields
 * every row has and the others together in a last column; an object as a line per figure.
 */
export function benchTable(figures: unknown): string {
  if (Array.isArray(figures)) {
    const rows = figures.filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object' && !Array.isArray(r));
    if (rows.length === 0 || rows.length !== figures.length) throw new Error('the figures are a list, but not of objects');
    const columns = Object.keys(rows[0]!).filter((key) => rows.every((r) => key in r));
    const rest = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([key]) => !columns.includes(key)));
    const hasRest = rows.some((r) => Object.keys(rest(r)).length > 0);
    return table(
      [...columns, ...(hasRest ? ['other figures'] : [])],
      rows.map((r) => [...columns.map((key) => cell(r[key])), ...(hasRest ? [cell(rest(r))] : [])]),
    );
  }
  if (figures === null || typeof figures !== 'object') throw new Error('the figures are neither a list nor an object');
  return table(
    ['figure', 'value'],
    leaves(figures as Record<string, unknown>).map(([key, v]) => [key, cell(v)]),
  );
}

/** The last line of `text` that parses as JSON and passes `accept`. */
function lastJson<T>(text: string, accept: (value: unknown) => boolean): T | undefined {
  for (const line of text.trim().split('\n').reverse()) {
    try {
      const value = JSON.parse(line) as unknown;
      if (accept(value)) return value as T;
    } catch {
      // npm's banner, a bench's text lines: not the figures.
    }
  }
  return undefined;
}

/** Replaces what lies between `start` and `end` in the page at `pagePath` with `body`. */
async function writeBetween(pagePath: string, start: string, end: string, body: string): Promise<void> {
  const page = await readFile(resolve(pagePath), 'utf8');
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${pagePath} has no ${start} ... ${end} markers`);
  await writeFile(resolve(pagePath), `${page.slice(0, from + start.length)}\n${body}\n${page.slice(to)}`);
}

async function writeBench(args: string[]): Promise<void> {
  const [bench, file] = args.filter((a) => a !== '--bench' && a !== '--write');
  if (!bench || !file || !/^[a-z-]+$/.test(bench)) {
    console.error('usage: npm run bench:readme -- --bench <name> <the JSON a bench printed with --json> [--write]');
    process.exit(2);
  }
  const figures = lastJson<unknown>(await readFile(file, 'utf8'), (v) => v !== null && typeof v === 'object');
  if (figures === undefined) throw new Error(`${file} holds no JSON line of figures`);
  const body = `From \`npm run bench:${bench} -- --json\`, written by \`npm run bench:readme -- --bench ${bench} FILE --write\`:\n\n${benchTable(figures)}`;
  if (!args.includes('--write')) {
    console.log(body);
    return;
  }
  const [start, end] = benchMarkers(bench);
  await writeBetween(BENCH_PAGE, start, end, body);
  console.log(`${BENCH_PAGE}: bench:${bench} figures written from ${file}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--bench')) return writeBench(args);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: npm run bench:readme -- <eval.json from `eval --folds 2 --json`> [--write], or -- --bench <name> <file> [--write]');
    process.exit(2);
  }
  const report = lastJson<EvaluationReport>(await readFile(file, 'utf8'), (r) => typeof (r as EvaluationReport | null)?.questions === 'number');
  if (!report) throw new Error(`${file} holds no eval report`);
  const body = [
    `${report.questions} questions, ${report.failed} plans failed, mean ${report.meanPlanMs} ms per planned question.`,
    '',
    recallTables(report),
    '',
    'The reader on the phrasing suite (152 tasks written beside its rules, none from HotpotQA):',
    '',
    accuracyTable(phrasingAccuracy()),
    '',
    'and on the held-out tasks (written after the rules were last changed, never tuned on):',
    '',
    accuracyTable(heldOutAccuracy()),
  ].join('\n');
  if (!args.includes('--write')) {
    console.log(body);
    return;
  }
  await writeBetween(FIGURES_PAGE, START, END, body);
  console.log(`${FIGURES_PAGE}: figures written from ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
