/**
 * How close a projected output is to the recorded one: exact match of the canonical JSON, or the
 * cosine of TF-IDF vectors of their text, computed the way scikit-learn's TfidfVectorizer does by
 * default (tokens of two or more word characters, lower-cased; smoothed idf ln((1 + n) / (1 + df)) + 1;
 * l2-normalized), fitted on the two texts being compared.
 */

import { canonicalJson } from '../canonical-json.js';
import type { SimilarityMethod } from './types.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The words of an output: its string and number leaves, in key order. */
export function outputText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(outputText).join(' ');
  if (isRecord(value))
    return Object.keys(value)
      .map((k) => outputText(value[k]))
      .join(' ');
  return '';
}

const TOKEN = /[\p{L}\p{N}_]{2,}/gu;

function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of text.toLowerCase().match(TOKEN) ?? []) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/** TF-IDF cosine of two texts, fitted on the pair. Two texts without a token are equal when both are empty. */
export function tfidfCosine(a: string, b: string): number {
  const ca = termCounts(a);
  const cb = termCounts(b);
  if (ca.size === 0 || cb.size === 0) return ca.size === 0 && cb.size === 0 && a.trim() === b.trim() ? 1 : 0;
  const idf = (term: string) => Math.log((1 + 2) / (1 + (ca.has(term) ? 1 : 0) + (cb.has(term) ? 1 : 0))) + 1;
  const weights = (counts: Map<string, number>) => new Map([...counts].map(([t, c]) => [t, c * idf(t)]));
  const wa = weights(ca);
  const wb = weights(cb);
  let dot = 0;
  for (const [t, w] of wa) dot += w * (wb.get(t) ?? 0);
  const norm = (w: Map<string, number>) => Math.sqrt([...w.values()].reduce((s, x) => s + x * x, 0));
  return Math.min(1, dot / (norm(wa) * norm(wb)));
}

/** The similarity of `projected` to `recorded` (0..1). A missing side scores 0, both missing 1. */
export function outputSimilarity(projected: unknown, recorded: unknown, method: SimilarityMethod): number {
  if (projected === undefined || recorded === undefined) return projected === recorded ? 1 : 0;
  if (method === 'exact_match') return canonicalJson(projected) === canonicalJson(recorded) ? 1 : 0;
  return tfidfCosine(outputText(projected), outputText(recorded));
}
