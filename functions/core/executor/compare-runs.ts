/**
 * Whether a replayed plan gave the same results as the run it replays, step by step. A result
 * matches `exact` when it is the same JSON once the times of the run are left out (durations,
 * start and end stamps); a ranked list (`result.documents`) that differs only in its scores or a
 * little in its order matches `similar`, with its similarity stated: the share of the first k
 * document ids both runs hold (k the longer list, at most ten), which must be at least 0.8.
 * Anything else, a different status or a step only one run has, `differs`.
 */

import { canonicalJson } from '../canonical-json.js';
import type { StepOutput } from '../types.js';

export type StepMatch = 'exact' | 'similar' | 'differs';

export interface StepComparison {
  step_id: number;
  type: string;
  match: StepMatch;
  /** For ranked lists: the overlap of the first k ids, 0 to 1. */
  similarity?: number;
  /** Why it differs, or how it is similar, in words. */
  note?: string;
}

/** The least overlap of the first ids at which two ranked lists count as similar. */
export const RANKED_SIMILARITY_FLOOR = 0.8;
const RANKED_K = 10;
const VOLATILE_KEYS = new Set(['durationMs', 'duration_ms', 'startedAt', 'endedAt', 'createdAt', 'latencyMs']);

function withoutTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimes);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (VOLATILE_KEYS.has(k) ? [] : [[k, withoutTimes(v)]])));
  }
  return value;
}

function documentIds(result: Record<string, unknown>): string[] | undefined {
  const docs = result.documents;
  if (!Array.isArray(docs)) return undefined;
  return docs.map((d) => String((d as { id?: unknown }).id));
}

export function compareRuns(before: readonly StepOutput[], after: readonly StepOutput[]): StepComparison[] {
  const ids = [...new Set([...before, ...after].map((o) => o.step_id))].sort((a, b) => a - b);
  return ids.map((id) => {
    const a = before.find((o) => o.step_id === id);
    const b = after.find((o) => o.step_id === id);
    const type = (a ?? b)!.type;
    if (!a || !b) return { step_id: id, type, match: 'differs', note: a ? 'not run in the replay' : 'not in the original run' };
    if (a.status !== b.status) return { step_id: id, type, match: 'differs', note: `status ${a.status} then ${b.status}` };
    if (canonicalJson(withoutTimes(a.result)) === canonicalJson(withoutTimes(b.result)) && (a.error ?? '') === (b.error ?? '')) {
      return { step_id: id, type, match: 'exact' };
    }
    const ra = documentIds(a.result);
    const rb = documentIds(b.result);
    if (ra && rb) {
      const k = Math.min(RANKED_K, Math.max(ra.length, rb.length));
      const top = new Set(rb.slice(0, k));
      const similarity = k === 0 ? 1 : Math.round((ra.slice(0, k).filter((x) => top.has(x)).length / k) * 1000) / 1000;
      const match: StepMatch = similarity >= RANKED_SIMILARITY_FLOOR ? 'similar' : 'differs';
      return { step_id: id, type, match, similarity, note: `ranked list: ${similarity} of the first ${k} ids in both` };
    }
    const ta = withoutTimes(a.result) as Record<string, unknown>;
    const tb = withoutTimes(b.result) as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(ta), ...Object.keys(tb)])].filter((k) => canonicalJson(ta[k]) !== canonicalJson(tb[k])).sort();
    return { step_id: id, type, match: 'differs', note: `the result differs in ${keys.join(', ') || 'its error'}` };
  });
}
