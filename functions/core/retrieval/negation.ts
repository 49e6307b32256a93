/**
 * Whether retrieved passages support a condition, deny it, or say nothing about it. Sharing the
 * condition's words is not enough: "Lyon has no tram" shares every word of "Lyon has a tram" and
 * says the opposite. So the passage sentence that covers the condition best is read for a negation
 * ("no", "not", "never", "without", ...) in the few words before one of the condition's terms, and
 * the condition's own negation is read the same way: the two agree or they do not.
 */
import { contentTerms, isStopword, stem, tokenize } from './tokenize.js';

export interface SupportDocument {
  id: string;
  title?: string;
  text: string;
}

export interface ConditionSupport {
  /** True when a passage covers the condition and agrees with it. */
  supported: boolean;
  verdict: 'supported' | 'denied' | 'absent';
  /** Share of the condition's content words in the best sentence (with its passage's title). */
  coverage: number;
  doc_id?: string;
  sentence?: string;
  /** One line saying why: what was found, where, and whether it was negated. */
  reason: string;
}

/** A sentence must hold this share of the condition's content words to speak about it at all. */
export const SUPPORT_MIN_COVERAGE = 0.6;
/** How many words before a term a negation still governs it ("has no tram", "has never had a tram"). */
const NEGATION_WINDOW = 4;
const NEGATIONS = new Set(['no', 'not', 'never', 'without', 'none', 'nor', 'neither', 'nobody', 'nothing', 'lacks', 'lack', 'lacked', 'lacking', 'cannot']);
/** How many of the best-ranked passages are read: a condition is judged on the evidence that ranks. */
const PASSAGES_READ = 3;

function words(text: string): string[] {
  // "doesn't", "isn't", "hasn't": the contraction is a negation.
  return tokenize(text.replace(/n['’]t\b/gi, ' not'));
}

function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“(])/u)
    .filter((s) => s.trim() !== '');
}

/** Whether a negation stands within a few words before any of the given terms. */
export function negatesAny(text: string, terms: ReadonlySet<string>): boolean {
  const tokens = words(text);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (isStopword(token) && !NEGATIONS.has(token)) continue;
    if (!terms.has(stem(token))) continue;
    for (let j = Math.max(0, i - NEGATION_WINDOW); j < i; j++) if (NEGATIONS.has(tokens[j]!)) return true;
  }
  return false;
}

export function conditionSupport(condition: string, documents: readonly SupportDocument[]): ConditionSupport {
  const wanted = new Set(contentTerms(condition.replace(/n['’]t\b/gi, ' not')).filter((t) => !NEGATIONS.has(t)));
  if (wanted.size === 0) return { supported: false, verdict: 'absent', coverage: 0, reason: 'the condition has no content words to look for' };
  const conditionNegated = negatesAny(condition, wanted);
  let best: { doc: SupportDocument; sentence: string; coverage: number } | undefined;
  for (const doc of documents.slice(0, PASSAGES_READ)) {
    const titleTerms = contentTerms(doc.title ?? '');
    for (const sentence of splitSentences(doc.text)) {
      const present = new Set([...titleTerms, ...contentTerms(sentence)]);
      const coverage = [...wanted].filter((t) => present.has(t)).length / wanted.size;
      if (!best || coverage > best.coverage) best = { doc, sentence, coverage };
    }
  }
  const coverage = Math.round((best?.coverage ?? 0) * 1000) / 1000;
  if (!best || best.coverage < SUPPORT_MIN_COVERAGE) {
    return { supported: false, verdict: 'absent', coverage, reason: `no passage covers "${condition}" (best share of its words ${coverage})` };
  }
  const sentenceNegated = negatesAny(best.sentence, wanted);
  const agrees = sentenceNegated === conditionNegated;
  const quoted = best.sentence.length > 160 ? `${best.sentence.slice(0, 159)}…` : best.sentence;
  return {
    supported: agrees,
    verdict: agrees ? 'supported' : 'denied',
    coverage,
    doc_id: best.doc.id,
    sentence: best.sentence,
    reason: agrees ? `[${best.doc.id}] says so: "${quoted}"` : `[${best.doc.id}] says the opposite${sentenceNegated ? ' (negated)' : ''}: "${quoted}"`,
  };
}
