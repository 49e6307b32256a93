/**
 * Few-shot examples drawn from stored successful plans. The plans of earlier tasks most like
 * this one (shared content words, Jaccard) are shown to the model before its task; a plan served
 * from the cache is the same plan again and is left out, as are plans too long to be worth their
 * tokens.
 */
import type { PlanRecord } from '../types.js';
import { normalizeTask } from './plan-cache-key.js';
import type { PlanExample } from './prompts.js';

const STOP_WORDS = new Set([
  'the',
  'and',
  'for',
  'with',
  'what',
  'which',
  'who',
  'whom',
  'how',
  'are',
  'was',
  'were',
  'does',
  'did',
  'from',
  'that',
  'this',
  'these',
  'those',
  'into',
  'about',
  'than',
  'then',
  'there',
  'their',
  'its',
  'has',
  'have',
  'had',
  'not',
  'otherwise',
]);

/** An example's plan JSON past this many characters costs more prompt than it teaches. */
export const MAX_EXAMPLE_CHARS = 4000;

function contentWords(text: string): Set<string> {
  return new Set((normalizeTask(text).match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !STOP_WORDS.has(w)));
}

function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** Up to `count` examples for `task` from `records` (newest first, as listPlans returns them). */
export function pickExamples(task: string, records: readonly PlanRecord[], count: number): PlanExample[] {
  if (count <= 0) return [];
  const words = contentWords(task);
  const own = normalizeTask(task);
  const seen = new Set<string>([own]);
  const scored: Array<{ example: PlanExample; score: number }> = [];
  for (const record of records) {
    const normalized = normalizeTask(record.request.task);
    if (!record.plan || record.metadata?.cache?.hit || seen.has(normalized)) continue;
    if (JSON.stringify(record.plan).length > MAX_EXAMPLE_CHARS) continue;
    seen.add(normalized);
    const score = similarity(words, contentWords(record.request.task));
    const kind = record.analysis?.task_kind;
    if (score > 0) scored.push({ example: { task: record.request.task, plan: record.plan, ...(kind ? { kind } : {}) }, score });
  }
  // Stable: equal scores keep the newest first.
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map((s) => s.example);
}
