/**
 * How `eval` scores an answer against its gold answer, and how it deals a question to a split.
 *
 * Exact match and F1 follow the official HotpotQA evaluation (Yang et al., 2018), reimplemented:
 * both strings are lower-cased, ASCII punctuation is removed, then the articles a, an and the, and
 * runs of white space become one space. F1 is over the tokens shared by the two strings (each token
 * counted as often as both have it); when either side normalises to yes, no or noanswer, F1 is 0
 * unless both are the same word. Aliases: the best score over the gold answer and its aliases.
 */
import { createHash } from 'node:crypto';

// Python's string.punctuation, which the official script removes: ASCII only, so "–" or "’" stay.
const PUNCTUATION = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

export function normalizeAnswer(text: string): string {
  const lower = text.toLowerCase();
  const unpunctuated = [...lower].filter((ch) => !PUNCTUATION.has(ch)).join('');
  // Python's \b, which the official script uses, knows letters beyond ASCII: "éa" keeps its "a".
  const withoutArticles = unpunctuated.replace(/(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu, ' ');
  return withoutArticles.split(/\s+/u).filter(Boolean).join(' ');
}

export function exactMatch(prediction: string, gold: string): number {
  return normalizeAnswer(prediction) === normalizeAnswer(gold) ? 1 : 0;
}

const SPECIAL = new Set(['yes', 'no', 'noanswer']);

export function f1Score(prediction: string, gold: string): number {
  const p = normalizeAnswer(prediction);
  const g = normalizeAnswer(gold);
  if ((SPECIAL.has(p) || SPECIAL.has(g)) && p !== g) return 0;
  const predTokens = p.split(' ').filter(Boolean);
  const goldTokens = g.split(' ').filter(Boolean);
  const goldCounts = new Map<string, number>();
  for (const t of goldTokens) goldCounts.set(t, (goldCounts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of predTokens) {
    const left = goldCounts.get(t) ?? 0;
    if (left > 0) {
      same++;
      goldCounts.set(t, left - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / predTokens.length;
  const recall = same / goldTokens.length;
  return (2 * precision * recall) / (precision + recall);
}

/** The best of a score over the gold answer and its aliases. */
export function bestOver(score: (prediction: string, gold: string) => number, prediction: string, golds: readonly string[]): number {
  return golds.reduce((best, g) => Math.max(best, score(prediction, g)), 0);
}

/**
 * Whether the normalised gold answer stands in the normalised text as whole words (so "no" is not
 * found in "north"). A list answer ("a, b, c", kind `list`) is found when each of its items is;
 * so is a summary's (kind `summary`: the facts any summary of its topic must say).
 */
export function containsGold(text: string, gold: string, kind?: string): boolean {
  const haystack = ` ${normalizeAnswer(text)} `;
  // A comma inside a figure ("4,000 bicycles") separates no items.
  const items = kind === 'list' || kind === 'summary' ? gold.split(/,(?!\d{3}(?!\d))/) : [gold];
  const wanted = items.map((item) => normalizeAnswer(item)).filter(Boolean);
  return wanted.length > 0 && wanted.every((item) => haystack.includes(` ${item} `));
}

export function containsAnyGold(text: string, golds: readonly string[], kind?: string): boolean {
  return golds.some((g) => containsGold(text, g, kind));
}

/**
 * The long answers the answerer gives when the corpus does not answer. The keyless answerer starts
 * its refusal with "The corpus does not answer"; a model is asked to say the same.
 */
const REFUSAL = /^\s*(?:the corpus does not answer|the corpus doesn't answer|no answer (?:is|was) found|i (?:cannot|can't|could not) (?:answer|find))/i;

/**
 * Whether a plan's results refuse the task: its short answer is null when the results carry one,
 * or its long answer is a refusal. Results from before the short answer existed are judged by the
 * long answer alone.
 */
export function isRefusal(results: { answer?: string; shortAnswer?: string | null } | undefined, hasShortAnswerField: boolean): boolean {
  if (!results) return true;
  if (hasShortAnswerField && (results.shortAnswer === null || results.shortAnswer?.trim() === '')) return true;
  return REFUSAL.test(results.answer ?? '');
}

export type Split = 'dev' | 'test';

/**
 * The split of a question: the first byte of SHA-256 of its id (UTF-8), even → dev, odd → test.
 * A question without an id is dealt by its text. Defined once for every dataset, so no one chooses
 * which question lands where.
 */
export function splitOf(key: string): Split {
  return createHash('sha256').update(key, 'utf8').digest()[0]! % 2 === 0 ? 'dev' : 'test';
}
