/**
 * Writes the evaluation figures of docs/evaluation.md from a run, so no figure is copied by hand:
 *
 *   npm start -- eval --corpus .cairn/bench/hotpotqa/corpus.jsonl \
 *     --questions .cairn/bench/hotpotqa/questions.jsonl --folds 2 --json > .cairn/bench/eval.json
 *   npm run bench:readme -- .cairn/bench/eval.json            # prints the tables
 *   npm run bench:readme -- .cairn/bench/eval.json --write    # replaces them in docs/evaluation.md
 *
 * The tables go between the markers `<!-- figures:start -->` and `<!-- figures:end -->`: the
 * recall of one search and of the plan on the whole set and on each fold, by question type, and the
 * reader's accuracy on the phrasing suite and on the held-out tasks.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { EvaluationReport, Recall, RecallSummary } from '../cli/eval.js';
import { heldOutAccuracy, type KindAccuracy, phrasingAccuracy } from '../test/unit/rule-based/phrasing-suite.js';

/** The page that holds the figures (the README links to it). */
const FIGURES_PAGE = 'docs/evaluation.md';
const START = '<!-- figures:start -->';
const END = '<!-- figures:end -->';

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

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: npm run bench:readme -- <eval.json from `eval --folds 2 --json`> [--write]');
    process.exit(2);
  }
  const text = await readFile(file, 'utf8');
  // npm may print its banner before the JSON line: the report is the last line that parses.
  const report = text
    .trim()
    .split('\n')
    .reverse()
    .map((line) => {
      try {
        return JSON.parse(line) as EvaluationReport;
      } catch {
        return undefined;
      }
    })
    .find((r) => r && typeof r.questions === 'number');
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
  const pagePath = resolve(FIGURES_PAGE);
  const page = await readFile(pagePath, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${FIGURES_PAGE} has no ${START} ... ${END} markers`);
  await writeFile(pagePath, `${page.slice(0, start + START.length)}\n${body}\n${page.slice(end)}`);
  console.log(`${FIGURES_PAGE}: figures written from ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
