/**
 * The iterative loop against the one-shot plan on HotpotQA: every question planned and executed
 * through the local state machine twice, once as one plan and once in iterative mode (the round's
 * results go back to the rule-based planner, which asks in round 2 about the entities round 1
 * found), with recall@2/5/10 of the final sources, LLM calls and rounds per question, on the whole
 * set and on each of two folds (question i in fold i mod 2).
 *
 *   npm run bench:loop [-- DIR] [--limit N] [--max-rounds N]      figures as text
 *   npm run bench:loop -- --json [DIR]                            last line {"oneShot", "iterative", "guard"}
 *
 * `guard` is bench/guard.ts's figures (scripted planners that loop, on the sample corpus).
 *
 * DIR holds HotpotQA's qa_train.json and train_corpus.json; it defaults to
 * ../shared/data/hotpotqa-100. The corpus and questions are converted into a temporary folder.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type EvaluationReport, type Recall, runEvaluation } from '../cli/eval.js';
import { LocalStack } from '../cli/local-runner.js';
import { loadLocalConfig, withCorpusRoots } from '../functions/shared/config.js';
import { type GuardBenchFigures, runGuardBench } from './guard.js';
import { hotpotqaDir } from './shared-data.js';

interface HotpotQuestion {
  question: string;
  type: string;
  supporting_facts: Array<[string, number]>;
}

export interface ModeFigures extends Recall {
  llmCalls: number;
  questions: number;
  failed: number;
  folds: Record<string, Recall & { questions: number }>;
}

export interface LoopFigures {
  oneShot: ModeFigures;
  iterative: ModeFigures & { rounds: number; stops: Record<string, number> };
  /** The duplicate-call guard against scripted looping planners (bench/guard.ts, on the sample corpus). */
  guard: GuardBenchFigures;
}

/** The HotpotQA folder as Cairn's corpus and questions files, in a new temporary folder. */
async function convert(dir: string): Promise<{ folder: string; corpus: string; questions: string }> {
  let corpusText: string;
  let questionsText: string;
  try {
    corpusText = await readFile(join(dir, 'train_corpus.json'), 'utf8');
    questionsText = await readFile(join(dir, 'qa_train.json'), 'utf8');
  } catch {
    throw new Error(`${dir} does not hold HotpotQA's train_corpus.json and qa_train.json`);
  }
  const corpus = JSON.parse(corpusText) as Record<string, string[]>;
  const questions = JSON.parse(questionsText) as HotpotQuestion[];
  const folder = await mkdtemp(join(tmpdir(), 'cairn-bench-loop-'));
  const docs = Object.entries(corpus).map(([title, sentences]) => JSON.stringify({ id: title, title, text: sentences.join('').trim() }));
  const qs = questions.map((q) => JSON.stringify({ question: q.question, gold_ids: [...new Set(q.supporting_facts.map(([t]) => t))], type: q.type }));
  await writeFile(join(folder, 'corpus.jsonl'), `${docs.join('\n')}\n`);
  await writeFile(join(folder, 'questions.jsonl'), `${qs.join('\n')}\n`);
  return { folder, corpus: join(folder, 'corpus.jsonl'), questions: join(folder, 'questions.jsonl') };
}

function figuresOf(report: EvaluationReport): ModeFigures {
  return {
    ...report.plan,
    llmCalls: report.meanLlmCalls,
    questions: report.questions,
    failed: report.failed,
    folds: Object.fromEntries(Object.entries(report.folds ?? {}).map(([name, fold]) => [name, { ...fold.plan, questions: fold.questions }])),
  };
}

export async function runLoopBench(options: { dir: string; limit?: number; maxRounds?: number }): Promise<LoopFigures> {
  const files = await convert(options.dir);
  try {
    const local = loadLocalConfig();
    // A store in memory, and the plan cache off: each question is planned in each mode, never read back.
    const stack = await LocalStack.open({ config: withCorpusRoots(local.config, [files.corpus]) });
    try {
      const common = { corpus: files.corpus, questions: files.questions, folds: 2, cache: false, ...(options.limit ? { limit: options.limit } : {}) };
      const oneShot = await runEvaluation(stack, common);
      const iterative = await runEvaluation(stack, { ...common, iterate: { maxRounds: options.maxRounds } });
      return {
        oneShot: figuresOf(oneShot),
        iterative: { ...figuresOf(iterative), rounds: iterative.meanRounds ?? 1, stops: iterative.stops ?? {} },
        guard: await runGuardBench(),
      };
    } finally {
      await stack.close();
    }
  } finally {
    await rm(files.folder, { recursive: true, force: true });
  }
}

function render(figures: LoopFigures): string {
  const row = (label: string, r: Recall & { llmCalls?: number }) =>
    `${label.padEnd(22)} ${r.r2.toFixed(3)}  ${r.r5.toFixed(3)}  ${r.r10.toFixed(3)}${r.llmCalls !== undefined ? `  ${r.llmCalls.toFixed(2)}` : ''}`;
  const lines = [`${''.padEnd(22)} R@2    R@5    R@10   LLM calls/question`, row('one-shot', figures.oneShot), row('iterative', figures.iterative)];
  for (const fold of Object.keys(figures.oneShot.folds)) {
    lines.push(row(`  fold ${fold} one-shot`, figures.oneShot.folds[fold]!), row(`  fold ${fold} iterative`, figures.iterative.folds[fold]!));
  }
  const g = figures.guard;
  lines.push(
    `guard (scripted looping planners, ${g.rounds} rounds): ${g.blocked} of ${g.calls} calls blocked, ${g.toolRuns} tool runs (${g.toolRunsWithoutGuard} without the guard), ${g.falsePositives} false positives`,
  );
  lines.push(
    `iterative: ${figures.iterative.rounds} rounds per question; loops ended by ${Object.entries(figures.iterative.stops)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const countOf = (flag: string): number | undefined => {
    const i = args.indexOf(flag);
    if (i < 0) return undefined;
    const n = Number(args[i + 1]);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a positive integer`);
    return n;
  };
  const limit = countOf('--limit');
  const maxRounds = countOf('--max-rounds');
  const positional = args.filter((a, i) => !a.startsWith('--') && !['--limit', '--max-rounds'].includes(args[i - 1] ?? ''));
  const dir = hotpotqaDir('loop', positional[0]);
  const figures = await runLoopBench({ dir, ...(limit ? { limit } : {}), ...(maxRounds ? { maxRounds } : {}) });
  console.log(render(figures));
  if (json) console.log(JSON.stringify(figures));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    console.error(`bench:loop: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
