/**
 * The evaluation command: for each question, the plan's final ranked sources (planned and executed
 * through the workflow) against a single BM25 search of the whole question, as recall@2/5/10.
 *
 * With `folds`, the questions are dealt into folds by their position (question i goes to fold
 * i mod folds: A, B, ...) and each fold is reported beside the whole set. The reader's cues and
 * constants may be tuned on fold A only; fold B then says what to expect on questions nobody looked at.
 */
import { readFile } from 'node:fs/promises';
import { InvalidInputError } from '../functions/core/errors.js';
import type { LocalStack } from './local-runner.js';

export interface EvalQuestion {
  question: string;
  gold_ids: string[];
  type?: string;
}

export interface Recall {
  r2: number;
  r5: number;
  r10: number;
}

export interface RecallSummary {
  questions: number;
  baseline: Recall;
  plan: Recall;
}

export interface EvaluationReport {
  questions: number;
  baseline: Recall;
  plan: Recall;
  byType: Record<string, RecallSummary>;
  /** Present when the questions were dealt into folds: each fold's figures, by fold name (A, B, ...). */
  folds?: Record<string, RecallSummary & { byType: Record<string, RecallSummary> }>;
  failed: number;
  /** The questions whose plan failed, so a reader can look at them. */
  failures: string[];
  meanPlanMs: number;
}

/** The fold of the question at `index` (0-based) among `folds`: A, B, C, ... */
export function foldOf(index: number, folds: number): string {
  return String.fromCharCode(65 + (index % folds));
}

export async function loadQuestions(path: string): Promise<EvalQuestion[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new InvalidInputError(`questions file not found: ${path}`);
  }
  return text.split('\n').flatMap((line, i) => {
    if (line.trim() === '') return [];
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new InvalidInputError(`${path} line ${i + 1}: not JSON`);
    }
    const q = value as Partial<EvalQuestion>;
    if (typeof q.question !== 'string' || !Array.isArray(q.gold_ids) || q.gold_ids.some((g) => typeof g !== 'string')) {
      throw new InvalidInputError(`${path} line ${i + 1}: expected {question: string, gold_ids: string[]}`);
    }
    return [{ question: q.question, gold_ids: q.gold_ids, ...(typeof q.type === 'string' ? { type: q.type } : {}) }];
  });
}

export function recallAt(k: number, ranked: readonly string[], gold: readonly string[]): number {
  if (gold.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return gold.filter((g) => top.has(g)).length / gold.length;
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const round = (x: number) => Math.round(x * 1000) / 1000;

export async function runEvaluation(
  stack: LocalStack,
  options: { corpus: string; questions: string; limit?: number; folds?: number },
): Promise<EvaluationReport> {
  const questions = (await loadQuestions(options.questions)).slice(0, options.limit);
  const index = await stack.runtime.phases.corpora.load(options.corpus);
  const rows: Array<{ type: string; fold: string; baseline: Recall; plan: Recall }> = [];
  const failures: string[] = [];
  let failed = 0;
  const durations: number[] = [];
  for (const [i, q] of questions.entries()) {
    const baselineIds = (await index.keywordSearch(q.question, { topK: 10 })).map((h) => h.doc.id);
    const started = performance.now();
    const record = await stack.run({ task: q.question, corpus: options.corpus });
    durations.push(performance.now() - started);
    if (record.status !== 'succeeded') {
      failed++;
      failures.push(q.question);
    }
    const planIds = record.results?.sources.map((s) => s.id) ?? [];
    const recall = (ids: string[]): Recall => ({ r2: recallAt(2, ids, q.gold_ids), r5: recallAt(5, ids, q.gold_ids), r10: recallAt(10, ids, q.gold_ids) });
    rows.push({ type: q.type ?? 'all', fold: foldOf(i, options.folds ?? 1), baseline: recall(baselineIds), plan: recall(planIds) });
  }
  const summarise = (subset: typeof rows, key: 'baseline' | 'plan'): Recall => ({
    r2: round(mean(subset.map((r) => r[key].r2))),
    r5: round(mean(subset.map((r) => r[key].r5))),
    r10: round(mean(subset.map((r) => r[key].r10))),
  });
  const byTypeOf = (subset: typeof rows): Record<string, RecallSummary> => {
    const out: Record<string, RecallSummary> = {};
    for (const type of [...new Set(subset.map((r) => r.type))].sort()) {
      const ofType = subset.filter((r) => r.type === type);
      out[type] = { questions: ofType.length, baseline: summarise(ofType, 'baseline'), plan: summarise(ofType, 'plan') };
    }
    return out;
  };
  const report: EvaluationReport = {
    questions: rows.length,
    baseline: summarise(rows, 'baseline'),
    plan: summarise(rows, 'plan'),
    byType: byTypeOf(rows),
    failed,
    failures,
    meanPlanMs: Math.round(mean(durations)),
  };
  if ((options.folds ?? 1) > 1) {
    report.folds = {};
    for (const fold of [...new Set(rows.map((r) => r.fold))].sort()) {
      const subset = rows.filter((r) => r.fold === fold);
      report.folds[fold] = { questions: subset.length, baseline: summarise(subset, 'baseline'), plan: summarise(subset, 'plan'), byType: byTypeOf(subset) };
    }
  }
  return report;
}

export function renderEvaluation(report: EvaluationReport): string {
  const row = (label: string, r: Recall) => `${label.padEnd(28)} ${r.r2.toFixed(3)}   ${r.r5.toFixed(3)}   ${r.r10.toFixed(3)}`;
  const lines = [
    `${report.questions} questions (${report.failed} plans failed), mean ${report.meanPlanMs} ms per planned question`,
    '',
    `${''.padEnd(28)} R@2     R@5     R@10`,
  ];
  lines.push(row('single search (BM25)', report.baseline), row('plan', report.plan));
  for (const [type, t] of Object.entries(report.byType)) {
    if (Object.keys(report.byType).length < 2) break;
    lines.push('', `${type} (${t.questions})`, row('  single search', t.baseline), row('  plan', t.plan));
  }
  for (const [fold, f] of Object.entries(report.folds ?? {})) {
    lines.push('', `fold ${fold} (${f.questions})`, row('  single search', f.baseline), row('  plan', f.plan));
  }
  for (const q of report.failures) lines.push(`failed: ${q}`);
  return lines.join('\n');
}
