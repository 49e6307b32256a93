/**
 * The evaluation command: for each question, the plan's final ranked sources (planned and executed
 * through the workflow) against a single BM25 search of the whole question, as recall@2/5/10, and
 * the answer the plan gave against the gold answer, end to end: exact match and F1 of the short
 * answer (HotpotQA's normalisation, cli/eval-scores.ts), the gold answer found in the short answer
 * and in the long one, answerable questions refused and off-corpus tasks refused, model calls and
 * tokens per question; each by task kind, split and fold.
 *
 * `split` keeps the questions of one split (dev or test: the question's `split`, or the hash of its
 * id, eval-scores.ts#splitOf). Cues and constants may be fitted on dev only; figures are quoted on
 * test. With `folds`, the questions are also dealt into folds by their position (question i goes to
 * fold i mod folds: A, B, ...). With `iterate`, each question is planned in iterative mode (the
 * round's results go back to the planner).
 */
import { readFile } from 'node:fs/promises';
import { InvalidInputError } from '../functions/core/errors.js';
import { answerStep } from '../functions/core/executor/sources.js';
import type { FinalResults, PlanRecord } from '../functions/core/types.js';
import { bestOver, containsAnyGold, exactMatch, f1Score, isRefusal, type Split, splitOf } from './eval-scores.js';
import type { LocalStack } from './local-runner.js';

export interface EvalQuestion {
  /** Stable id; the split of a question without one is dealt by its text. */
  id?: string;
  question: string;
  gold_ids: string[];
  /**
   * The gold short answer; null when the corpus does not answer (an off-corpus or near-miss task,
   * which should be refused); absent when the dataset gives none (only recall is scored).
   */
  answer?: string | null;
  /** Other accepted spellings of the answer ("873,000", "about 873,000"). */
  aliases?: string[];
  /** The task kind (lookup, bridge, comparison, yes-no, number, date, list, place, off-corpus, near-miss, ...). */
  kind?: string;
  /** The older name of `kind`, which earlier question files carry. */
  type?: string;
  split?: Split;
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
  /**
   * How many questions the plan ranked worse than one search at each k (fewer gold documents in
   * its first k): a mean can hide a plan that loses on some questions what it wins on others.
   */
  planWorse: Recall;
}

/** The answers of a set of questions, scored against their gold answers. */
export interface AnswerScores {
  questions: number;
  /** Questions with a gold answer: EM, F1, the gold-in rates and refusals are over these. */
  answerable: number;
  em: number;
  f1: number;
  /** The share whose short answer holds the normalised gold answer or an alias (list: every item). */
  goldInShortAnswer: number;
  /** The share whose long answer holds it. */
  goldInAnswer: number;
  answerableRefused: number;
  answerableRefusedRate: number;
  /** Off-corpus and near-miss tasks (gold answer null), and how many of them were refused. */
  unanswerable: number;
  unanswerableRefused: number;
  unanswerableRefusedRate: number;
  /** Questions whose results carried a short answer field at all (0 before the answerer gives one). */
  withShortAnswerField: number;
  meanLlmCalls: number;
  meanInputTokens: number;
  meanOutputTokens: number;
}

/** One question's outcome, as `--json` prints it. */
export interface QuestionRow {
  id?: string;
  question: string;
  kind: string;
  split: Split;
  fold: string;
  status: string;
  gold: string | null | undefined;
  shortAnswer: string | null;
  /** Whether the results carried a short answer field at all (null included). */
  shortAnswerField: boolean;
  answer: string;
  /** The plan succeeded and its results refuse the task (a failed plan is counted in `failed`, not here). */
  refused: boolean;
  em?: number;
  f1?: number;
  goldInShortAnswer?: boolean;
  goldInAnswer?: boolean;
  /**
   * The share of the question's gold documents that the plan's answer step read (its
   * `read_documents`), when the question has gold documents and the plan an answer step: what the
   * answerer could have answered from, apart from how well it extracts.
   */
  goldRead?: number;
  /** Recall, when the question has gold documents. */
  baseline?: Recall;
  plan?: Recall;
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
}

export interface GroupSummary extends RecallSummary {
  answers: AnswerScores;
}

/**
 * Over the questions with gold documents whose plan has an answer step: the mean share of their
 * gold documents the answer step read, and the share of questions whose every gold document it read.
 */
export interface GoldRead {
  questions: number;
  share: number;
  all: number;
}

export interface EvaluationReport {
  /** The split asked for, when one was. */
  split?: Split;
  questions: number;
  /** Recall is over the questions with gold documents (off-corpus tasks have none). */
  recallQuestions: number;
  baseline: Recall;
  plan: Recall;
  planWorse: Recall;
  /** What the answer step read of the gold documents (absent from reports written before it was measured). */
  goldRead?: GoldRead;
  /** Recall by task kind (the question's `kind`, or its `type`). */
  byType: Record<string, RecallSummary>;
  answers: AnswerScores;
  answersByKind: Record<string, AnswerScores>;
  /** Each split's figures, when the questions are not restricted to one. */
  bySplit: Partial<Record<Split, GroupSummary>>;
  /** Present when the questions were dealt into folds: each fold's figures, by fold name (A, B, ...). */
  folds?: Record<string, GroupSummary & { byType: Record<string, RecallSummary> }>;
  failed: number;
  /** The questions whose plan failed, so a reader can look at them. */
  failures: string[];
  /** The questions the plan ranked worse than one search at some k, with their fold and the ks. */
  losses: Array<{ question: string; fold: string; at: number[] }>;
  meanPlanMs: number;
  /** LLM calls per question, on average (planning, repair, rounds, answers). */
  meanLlmCalls: number;
  meanInputTokens: number;
  meanOutputTokens: number;
  /** With `iterate`: planning rounds per question, on average, and how the loops ended. */
  meanRounds?: number;
  stops?: Record<string, number>;
  perQuestion: QuestionRow[];
}

/** The fold of the question at `index` (0-based) among `folds`: A, B, C, ... */
export function foldOf(index: number, folds: number): string {
  return String.fromCharCode(65 + (index % folds));
}

/** The split a question belongs to: its own `split`, else the hash of its id (or text). */
export function questionSplit(q: EvalQuestion): Split {
  return q.split ?? splitOf(q.id ?? q.question);
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A line of a questions file whose gold documents may be absent (a benchmark that only asks the questions). */
export type AskedQuestion = Omit<EvalQuestion, 'gold_ids'> & { gold_ids?: string[] };

function checkQuestion(value: unknown, where: string, goldOptional: boolean): AskedQuestion {
  const q = value as Record<string, unknown> | null;
  const gold = goldOptional ? q?.gold_ids === undefined || isStringArray(q.gold_ids) : isStringArray(q?.gold_ids);
  if (typeof q !== 'object' || q === null || typeof q.question !== 'string' || !gold) {
    throw new InvalidInputError(`${where}: expected {question: string, gold_ids: string[]}`);
  }
  if (q.question.trim() === '') throw new InvalidInputError(`${where}: the question is empty`);
  if (q.id !== undefined && typeof q.id !== 'string') throw new InvalidInputError(`${where}: id must be a string`);
  if (q.answer !== undefined && q.answer !== null && typeof q.answer !== 'string') throw new InvalidInputError(`${where}: answer must be a string or null`);
  if (q.aliases !== undefined && !isStringArray(q.aliases)) throw new InvalidInputError(`${where}: aliases must be a list of strings`);
  for (const key of ['kind', 'type'] as const) {
    if (q[key] !== undefined && typeof q[key] !== 'string') throw new InvalidInputError(`${where}: ${key} must be a string`);
  }
  if (q.split !== undefined && q.split !== 'dev' && q.split !== 'test') throw new InvalidInputError(`${where}: split must be "dev" or "test"`);
  return {
    question: q.question,
    ...(q.gold_ids !== undefined ? { gold_ids: q.gold_ids as string[] } : {}),
    ...(q.id !== undefined ? { id: q.id as string } : {}),
    ...(q.answer !== undefined ? { answer: q.answer as string | null } : {}),
    ...(q.aliases !== undefined ? { aliases: q.aliases as string[] } : {}),
    ...(q.kind !== undefined ? { kind: q.kind as string } : {}),
    ...(q.type !== undefined ? { type: q.type as string } : {}),
    ...(q.split !== undefined ? { split: q.split as Split } : {}),
  };
}

/**
 * The questions of a JSON Lines file, each line checked (one clear error naming the line). `eval`
 * needs each question's gold documents; `goldOptional` reads a file whose lines may lack them.
 */
export async function loadQuestions(path: string): Promise<EvalQuestion[]>;
export async function loadQuestions(path: string, options: { goldOptional: true }): Promise<AskedQuestion[]>;
export async function loadQuestions(path: string, options: { goldOptional?: boolean } = {}): Promise<AskedQuestion[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new InvalidInputError(`questions file not found: ${path}`);
  }
  const seen = new Set<string>();
  return text.split('\n').flatMap((line, i) => {
    if (line.trim() === '') return [];
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new InvalidInputError(`${path} line ${i + 1}: not JSON`);
    }
    const q = checkQuestion(value, `${path} line ${i + 1}`, options.goldOptional === true);
    if (q.id !== undefined) {
      if (seen.has(q.id)) throw new InvalidInputError(`${path} line ${i + 1}: id ${q.id} is used twice`);
      seen.add(q.id);
    }
    return [q];
  });
}

export function recallAt(k: number, ranked: readonly string[], gold: readonly string[]): number {
  if (gold.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return gold.filter((g) => top.has(g)).length / gold.length;
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const round = (x: number) => Math.round(x * 1000) / 1000;

/** The short answer of the results, and whether the results carry the field at all. */
function shortAnswerOf(results: FinalResults | undefined): { value: string | null; present: boolean } {
  if (!results || !('shortAnswer' in results)) return { value: null, present: false };
  const value = results.shortAnswer;
  return { value: typeof value === 'string' ? value : null, present: true };
}

/** Scores one question's plan record against the question's gold. */
export function scoreQuestion(q: EvalQuestion, record: Pick<PlanRecord, 'status' | 'results' | 'metadata'>, place: { fold: string }): QuestionRow {
  const short = shortAnswerOf(record.results);
  const answer = record.results?.answer ?? '';
  const refused = record.status === 'succeeded' && isRefusal({ answer, shortAnswer: short.value }, short.present);
  const calls = record.metadata?.llmCalls ?? [];
  const row: QuestionRow = {
    ...(q.id !== undefined ? { id: q.id } : {}),
    question: q.question,
    kind: q.kind ?? q.type ?? 'all',
    split: questionSplit(q),
    fold: place.fold,
    status: record.status,
    gold: q.answer,
    shortAnswer: short.value,
    shortAnswerField: short.present,
    answer,
    refused,
    llmCalls: calls.length,
    inputTokens: calls.reduce((sum, c) => sum + (c.inputTokens ?? 0), 0),
    outputTokens: calls.reduce((sum, c) => sum + (c.outputTokens ?? 0), 0),
  };
  if (typeof q.answer === 'string') {
    const golds = [q.answer, ...(q.aliases ?? [])];
    // A refused, failed or missing short answer scores as the empty string: 0 on every measure.
    const predicted = refused || record.status !== 'succeeded' ? '' : (short.value ?? '');
    row.em = bestOver(exactMatch, predicted, golds);
    row.f1 = round(bestOver(f1Score, predicted, golds));
    row.goldInShortAnswer = predicted !== '' && containsAnyGold(predicted, golds, q.kind);
    row.goldInAnswer = containsAnyGold(answer, golds, q.kind);
  }
  return row;
}

export function summariseAnswers(rows: readonly QuestionRow[]): AnswerScores {
  const answerable = rows.filter((r) => r.em !== undefined);
  const unanswerable = rows.filter((r) => r.gold === null);
  const rate = (subset: readonly QuestionRow[], pick: (r: QuestionRow) => number | boolean | undefined) => round(mean(subset.map((r) => Number(pick(r) ?? 0))));
  const answerableRefused = answerable.filter((r) => r.refused).length;
  const unanswerableRefused = unanswerable.filter((r) => r.refused).length;
  return {
    questions: rows.length,
    answerable: answerable.length,
    em: rate(answerable, (r) => r.em),
    f1: rate(answerable, (r) => r.f1),
    goldInShortAnswer: rate(answerable, (r) => r.goldInShortAnswer),
    goldInAnswer: rate(answerable, (r) => r.goldInAnswer),
    answerableRefused,
    answerableRefusedRate: answerable.length === 0 ? 0 : round(answerableRefused / answerable.length),
    unanswerable: unanswerable.length,
    unanswerableRefused,
    unanswerableRefusedRate: unanswerable.length === 0 ? 0 : round(unanswerableRefused / unanswerable.length),
    withShortAnswerField: rows.filter((r) => r.shortAnswerField).length,
    meanLlmCalls: rate(rows, (r) => r.llmCalls),
    meanInputTokens: Math.round(mean(rows.map((r) => r.inputTokens))),
    meanOutputTokens: Math.round(mean(rows.map((r) => r.outputTokens))),
  };
}

export interface EvaluationOptions {
  corpus: string;
  questions: string;
  limit?: number;
  folds?: number;
  split?: Split;
  iterate?: { maxRounds?: number | undefined };
  cache?: boolean;
}

export async function runEvaluation(stack: LocalStack, options: EvaluationOptions): Promise<EvaluationReport> {
  const requested = {
    ...(options.iterate ? { mode: 'iterative' as const, ...(options.iterate.maxRounds !== undefined ? { maxRounds: options.iterate.maxRounds } : {}) } : {}),
    ...(options.cache === false ? { cache: false } : {}),
  };
  const mode = Object.keys(requested).length > 0 ? { options: requested } : {};
  const roundCounts: number[] = [];
  const stops: Record<string, number> = {};
  const all = await loadQuestions(options.questions);
  const questions = (options.split ? all.filter((q) => questionSplit(q) === options.split) : all).slice(0, options.limit);
  const index = await stack.runtime.phases.corpora.load(options.corpus);
  const rows: QuestionRow[] = [];
  const failures: string[] = [];
  let failed = 0;
  const durations: number[] = [];
  for (const [i, q] of questions.entries()) {
    const baselineIds = (await index.keywordSearch(q.question, { topK: 10 })).map((h) => h.doc.id);
    const started = performance.now();
    const record = await stack.run({ task: q.question, corpus: options.corpus, ...mode });
    durations.push(performance.now() - started);
    if (options.iterate) {
      roundCounts.push(record.rounds?.rounds.length ?? 1);
      const reason = record.rounds?.stop?.reason ?? 'none';
      stops[reason] = (stops[reason] ?? 0) + 1;
    }
    if (record.status !== 'succeeded') {
      failed++;
      failures.push(q.question);
    }
    const row = scoreQuestion(q, record, { fold: foldOf(i, options.folds ?? 1) });
    if (q.gold_ids.length > 0) {
      // Recall is of the retrieval ranking: what the answer used and what it did not, in ranking order.
      const retrieved = [...(record.results?.sources ?? []), ...(record.results?.alsoRetrieved ?? [])];
      const planIds = retrieved.sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)).map((s) => s.id);
      const recall = (ids: string[]): Recall => ({ r2: recallAt(2, ids, q.gold_ids), r5: recallAt(5, ids, q.gold_ids), r10: recallAt(10, ids, q.gold_ids) });
      row.baseline = recall(baselineIds);
      row.plan = recall(planIds);
      const answered = record.plan ? answerStep(record.plan, await stack.runtime.phases.store.listStepOutputs(record.planId)) : undefined;
      const read = answered?.result.read_documents;
      if (Array.isArray(read)) row.goldRead = round(q.gold_ids.filter((g) => read.includes(g)).length / q.gold_ids.length);
    }
    rows.push(row);
  }
  const withRecall = (subset: readonly QuestionRow[]) => subset.filter((r): r is QuestionRow & { baseline: Recall; plan: Recall } => r.plan !== undefined);
  const summarise = (subset: readonly QuestionRow[], key: 'baseline' | 'plan'): Recall => {
    const scored = withRecall(subset);
    return {
      r2: round(mean(scored.map((r) => r[key].r2))),
      r5: round(mean(scored.map((r) => r[key].r5))),
      r10: round(mean(scored.map((r) => r[key].r10))),
    };
  };
  const worse = (subset: readonly QuestionRow[]): Recall => {
    const scored = withRecall(subset);
    return {
      r2: scored.filter((r) => r.plan.r2 < r.baseline.r2).length,
      r5: scored.filter((r) => r.plan.r5 < r.baseline.r5).length,
      r10: scored.filter((r) => r.plan.r10 < r.baseline.r10).length,
    };
  };
  const recallSummary = (subset: readonly QuestionRow[]): RecallSummary => ({
    questions: withRecall(subset).length,
    baseline: summarise(subset, 'baseline'),
    plan: summarise(subset, 'plan'),
    planWorse: worse(subset),
  });
  const groups = <K extends string>(subset: readonly QuestionRow[], keyOf: (r: QuestionRow) => K): Array<[K, QuestionRow[]]> =>
    [...new Set(subset.map(keyOf))].sort().map((k) => [k, subset.filter((r) => keyOf(r) === k)]);
  const byTypeOf = (subset: readonly QuestionRow[]): Record<string, RecallSummary> =>
    Object.fromEntries(groups(subset, (r) => r.kind).flatMap(([kind, of]) => (withRecall(of).length > 0 ? [[kind, recallSummary(of)]] : [])));
  const report: EvaluationReport = {
    ...(options.split ? { split: options.split } : {}),
    questions: rows.length,
    recallQuestions: withRecall(rows).length,
    baseline: summarise(rows, 'baseline'),
    plan: summarise(rows, 'plan'),
    planWorse: worse(rows),
    goldRead: goldReadOf(rows),
    byType: byTypeOf(rows),
    answers: summariseAnswers(rows),
    answersByKind: Object.fromEntries(groups(rows, (r) => r.kind).map(([kind, of]) => [kind, summariseAnswers(of)])),
    bySplit: Object.fromEntries(groups(rows, (r) => r.split).map(([split, of]) => [split, { ...recallSummary(of), answers: summariseAnswers(of) }])),
    failed,
    failures,
    losses: withRecall(rows).flatMap((r) => {
      const at = ([2, 5, 10] as const).filter((k) => r.plan[`r${k}`] < r.baseline[`r${k}`]);
      return at.length === 0 ? [] : [{ question: r.question, fold: r.fold, at: [...at] }];
    }),
    meanPlanMs: Math.round(mean(durations)),
    meanLlmCalls: round(mean(rows.map((r) => r.llmCalls))),
    meanInputTokens: Math.round(mean(rows.map((r) => r.inputTokens))),
    meanOutputTokens: Math.round(mean(rows.map((r) => r.outputTokens))),
    ...(options.iterate ? { meanRounds: round(mean(roundCounts)), stops } : {}),
    perQuestion: rows,
  };
  if ((options.folds ?? 1) > 1) {
    report.folds = Object.fromEntries(
      groups(rows, (r) => r.fold).map(([fold, of]) => [fold, { ...recallSummary(of), answers: summariseAnswers(of), byType: byTypeOf(of) }]),
    );
  }
  return report;
}

function goldReadOf(rows: readonly QuestionRow[]): GoldRead {
  const shares = rows.flatMap((r) => (r.goldRead === undefined ? [] : [r.goldRead]));
  return { questions: shares.length, share: round(mean(shares)), all: round(mean(shares.map((x) => (x === 1 ? 1 : 0)))) };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(6);

function answerLines(label: string, a: AnswerScores): string[] {
  const lines: string[] = [];
  if (a.answerable > 0) {
    lines.push(
      `${label.padEnd(28)} ${a.answerable} answerable: EM ${a.em.toFixed(3)}  F1 ${a.f1.toFixed(3)}  gold in short answer ${pct(a.goldInShortAnswer)}  gold in answer ${pct(a.goldInAnswer)}  refused ${a.answerableRefused} (${pct(a.answerableRefusedRate).trim()})`,
    );
  }
  if (a.unanswerable > 0) {
    lines.push(
      `${(a.answerable > 0 ? '' : label).padEnd(28)} ${a.unanswerable} off-corpus/near-miss: refused ${a.unanswerableRefused} (${pct(a.unanswerableRefusedRate).trim()})`,
    );
  }
  lines.push(`${''.padEnd(28)} per question: ${a.meanLlmCalls} model calls, ${a.meanInputTokens} input and ${a.meanOutputTokens} output tokens`);
  return lines;
}

export function renderEvaluation(report: EvaluationReport): string {
  const row = (label: string, r: Recall) => `${label.padEnd(28)} ${r.r2.toFixed(3)}   ${r.r5.toFixed(3)}   ${r.r10.toFixed(3)}`;
  const count = (label: string, r: Recall) => `${label.padEnd(28)} ${String(r.r2).padEnd(5)}   ${String(r.r5).padEnd(5)}   ${r.r10}`;
  const lines = [
    `${report.questions} questions${report.split ? ` of the ${report.split} split` : ''} (${report.failed} plans failed), mean ${report.meanPlanMs} ms, ${report.meanLlmCalls} model calls, ${report.meanInputTokens} input and ${report.meanOutputTokens} output tokens per question`,
    ...(report.meanRounds !== undefined
      ? [
          `iterative: mean ${report.meanRounds} rounds; loops ended by ${Object.entries(report.stops ?? {})
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
        ]
      : []),
  ];
  if (report.recallQuestions > 0) {
    lines.push('', `recall over the ${report.recallQuestions} questions with gold documents`, `${''.padEnd(28)} R@2     R@5     R@10`);
    lines.push(row('single search (BM25)', report.baseline), row('plan', report.plan), count('questions the plan lost', report.planWorse));
    if (report.goldRead && report.goldRead.questions > 0)
      lines.push(
        `${'gold read by the answer'.padEnd(28)} ${pct(report.goldRead.share).trim()} of gold documents; all of them for ${pct(report.goldRead.all).trim()} of ${report.goldRead.questions} questions`,
      );
    for (const [type, t] of Object.entries(report.byType)) {
      if (Object.keys(report.byType).length < 2) break;
      lines.push(`${type} (${t.questions})`, row('  single search', t.baseline), row('  plan', t.plan));
    }
  }
  const a = report.answers;
  lines.push('', 'answers', ...answerLines('all', a));
  if (a.withShortAnswerField === 0 && a.questions > 0) lines.push(`${''.padEnd(28)} (no result carried a short answer: EM, F1 and gold in short answer are 0)`);
  if (Object.keys(report.answersByKind).length > 1)
    for (const [kind, k] of Object.entries(report.answersByKind)) lines.push(...answerLines(`  ${kind} (${k.questions})`, k));
  for (const [split, g] of Object.entries(report.bySplit)) {
    if (Object.keys(report.bySplit).length < 2) break;
    lines.push('', `split ${split} (${g.answers.questions})`);
    if (g.questions > 0) lines.push(row('  single search', g.baseline), row('  plan', g.plan));
    lines.push(...answerLines('  answers', g.answers));
  }
  for (const [fold, f] of Object.entries(report.folds ?? {})) {
    lines.push('', `fold ${fold} (${f.answers.questions})`);
    if (f.questions > 0) lines.push(row('  single search', f.baseline), row('  plan', f.plan), count('  questions the plan lost', f.planWorse));
    lines.push(...answerLines('  answers', f.answers));
  }
  for (const q of report.failures) lines.push(`failed: ${q}`);
  return lines.join('\n');
}
