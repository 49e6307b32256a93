/**
 * The rule-based provider's answers to `llm_call` steps: extractive, never invented. It picks the
 * sentences of the given passages that cover the most of the question's content words (rarer words
 * weigh more) and cites the passage of each. Asked for names only, it returns the proper names in
 * those sentences that the question does not already contain (the bridge entity of a two-hop task).
 */
import { contentTerms } from '../../../core/retrieval/tokenize.js';
import { entitySpans, sentences } from './text.js';

export interface AnswerInput {
  question: string;
  instruction: string;
  documents: Array<{ id: string; title?: string; text: string }>;
}

interface ScoredSentence {
  docId: string;
  docRank: number;
  text: string;
  score: number;
}

/** How many names a names-only answer gives: enough to hold the bridge entity, few enough to stay a query. */
const MAX_NAMES = 6;

const NAMES_ONLY = /\b(names? only|entities only|just the names?|answer with the names?)\b/i;

export function answerExtractively(input: AnswerInput, maxSentences = 3): string {
  const focus = `${input.question} ${input.instruction.replace(/\b(answer|cite|citing|sources?|question|task|compose|from|the|with)\b/gi, ' ')}`;
  const queryTerms = new Set(contentTerms(focus));
  if (input.documents.length === 0) return 'No source in the corpus answers this.';
  const scored = scoreSentences(input.documents, queryTerms);
  if (NAMES_ONLY.test(input.instruction)) return namesFrom(scored, input.question);

  const picked: ScoredSentence[] = [];
  const usedDocs = new Set<string>();
  // One sentence per passage first, so a comparison cites both sides; then the next best.
  // A sentence far weaker than the best one is noise, not evidence.
  const floor = (scored[0]?.score ?? 0) * 0.5;
  for (const s of scored) {
    if (picked.length >= maxSentences) break;
    if (s.score > 0 && s.score >= floor && !usedDocs.has(s.docId)) {
      picked.push(s);
      usedDocs.add(s.docId);
    }
  }
  if (picked.length === 0) return 'No source in the corpus answers this.';
  picked.sort((a, b) => a.docRank - b.docRank);
  return picked.map((s) => `${s.text} [${s.docId}]`).join(' ');
}

function scoreSentences(documents: AnswerInput['documents'], queryTerms: Set<string>): ScoredSentence[] {
  const perSentence = documents.flatMap((doc, docRank) =>
    sentences(doc.text).map((text, position) => ({ docId: doc.id, docRank, text, position, terms: new Set(contentTerms(text)) })),
  );
  const df = new Map<string, number>();
  for (const s of perSentence) for (const t of s.terms) if (queryTerms.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = perSentence.length;
  return perSentence
    .map((s) => {
      let score = 0;
      for (const t of s.terms) if (queryTerms.has(t)) score += Math.log(1 + n / (df.get(t) ?? 1));
      // Earlier passages ranked higher upstream; the lead sentence of a passage usually defines it.
      score *= 1 / (1 + 0.1 * s.docRank);
      if (s.position === 0) score *= 1.15;
      return { docId: s.docId, docRank: s.docRank, text: s.text, score };
    })
    .sort((a, b) => b.score - a.score || a.docRank - b.docRank);
}

function namesFrom(scored: ScoredSentence[], question: string): string {
  const questionTerms = new Set(contentTerms(question));
  const names: string[] = [];
  // Only sentences that share a word with the question: a passage that merely came along is noise.
  for (const s of scored.filter((x) => x.score > 0).slice(0, 4)) {
    for (const span of entitySpans(s.text)) {
      const terms = contentTerms(span);
      // Bare numbers (years, counts) are facts, not entities a second hop can search for.
      if (terms.length === 0 || /^[\d\s,.]+$/.test(span) || terms.every((t) => questionTerms.has(t))) continue;
      if (!names.some((n) => n.toLowerCase() === span.toLowerCase())) names.push(span);
      if (names.length >= MAX_NAMES) return names.join('; ');
    }
  }
  return names.join('; ');
}
