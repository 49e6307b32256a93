/**
 * The rule-based provider's answers to `llm_call` steps: extractive, never invented. The sentence
 * chosen is the one that answers the kind of question asked:
 * - a bridge question: the first hop's sentence that names the intermediate entity, then the
 *   sentence of the second hop that links that entity to what is asked ("which river" -> the
 *   sentence naming a river at the city the first hop named);
 * - a comparison: one sentence per side, the one about that side that says most on the attribute;
 * - a top-N: N items, the best sentence of each of the first N passages;
 * - otherwise the sentences that cover most of the question's content words (rarer words weigh more).
 * Every sentence cites its passage. Asked for names only, it returns the proper names in those
 * sentences that the question does not already contain (the bridge entity of a two-hop task).
 */
import { contentTerms } from '../../../core/retrieval/tokenize.js';
import { readTask, type TaskReading } from './reading.js';
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
  const reading = readTask(input.question);
  const shaped =
    reading.kind === 'bridge'
      ? bridgeAnswer(input.documents, reading)
      : reading.kind === 'comparison' && reading.pair
        ? comparisonAnswer(input.documents, reading, queryTerms)
        : reading.kind === 'top_n'
          ? listAnswer(input.documents, reading.n ?? 3, queryTerms)
          : undefined;
  if (shaped) return shaped;

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

interface Sentence {
  docId: string;
  docRank: number;
  title: string;
  text: string;
  terms: Set<string>;
}

function allSentences(documents: AnswerInput['documents']): Sentence[] {
  return documents.flatMap((doc, docRank) =>
    sentences(doc.text).map((text) => ({ docId: doc.id, docRank, title: doc.title ?? '', text, terms: new Set(contentTerms(text)) })),
  );
}

/** Rarer words weigh more: log(1 + sentences / sentences holding the word). */
function idfOf(all: Sentence[]): (term: string) => number {
  const df = new Map<string, number>();
  for (const s of all) for (const t of s.terms) df.set(t, (df.get(t) ?? 0) + 1);
  return (term) => Math.log(1 + all.length / (df.get(term) ?? 1));
}

const cite = (s: Sentence) => `${s.text} [${s.docId}]`;

/**
 * First hop: the sentence that holds the question's names and most of its words. Its other names
 * are the bridge. Second hop: a sentence of another passage that names the bridge and holds what
 * the question asks that the first hop did not say, above all the noun after "which"/"what".
 */
function bridgeAnswer(documents: AnswerInput['documents'], reading: TaskReading): string | undefined {
  const all = allSentences(documents);
  const questionTerms = new Set(contentTerms(reading.task));
  const nameTerms = new Set(contentTerms(reading.entities.join(' ')));
  const firstScore = (s: Sentence) => {
    let score = 0;
    for (const t of s.terms) score += nameTerms.has(t) ? 2 : questionTerms.has(t) ? 1 : 0;
    return score;
  };
  const first = [...all].sort((a, b) => firstScore(b) - firstScore(a) || a.docRank - b.docRank)[0];
  if (!first || firstScore(first) === 0) return undefined;
  const bridges = entitySpans(first.text).filter((name) => {
    const terms = contentTerms(name);
    return terms.length > 0 && !/^[\d\s,.]+$/.test(name) && !terms.every((t) => questionTerms.has(t));
  });
  if (bridges.length === 0) return undefined;
  const asked = [...questionTerms].filter((t) => !first.terms.has(t) && !nameTerms.has(t));
  const focus = /^\s*(?:which|what)\s+([\p{L}-]+)/iu.exec(reading.task)?.[1];
  const focusTerm = focus ? contentTerms(focus)[0] : undefined;
  const idf = idfOf(all);
  const secondScore = (s: Sentence) => {
    let score = 0;
    for (const t of asked) if (s.terms.has(t)) score += idf(t);
    return focusTerm && s.terms.has(focusTerm) ? score * 2 : score;
  };
  const second = all
    .filter((s) => s.docId !== first.docId && bridges.some((b) => s.text.toLowerCase().includes(b.toLowerCase())))
    .sort((a, b) => secondScore(b) - secondScore(a) || a.docRank - b.docRank)[0];
  if (!second || secondScore(second) === 0) return undefined;
  return `${cite(first)} ${cite(second)}`;
}

/** One sentence per side: about that side (in its passage's title or its own words), saying most on the attribute. */
function comparisonAnswer(documents: AnswerInput['documents'], reading: TaskReading, queryTerms: Set<string>): string | undefined {
  const all = allSentences(documents);
  const [a, b] = reading.pair!;
  const sideTerms = [contentTerms(a), contentTerms(b)];
  const attributeTerms = new Set(contentTerms(reading.attribute ?? ''));
  const idf = idfOf(all);
  const picked: Sentence[] = [];
  for (const [i, terms] of sideTerms.entries()) {
    if (terms.length === 0) continue;
    const other = new Set(sideTerms[1 - i]);
    const about = (s: Sentence) => {
      const inTitle = terms.every((t) => contentTerms(s.title).includes(t));
      const inText = terms.every((t) => s.terms.has(t));
      return inTitle ? 2 : inText ? 1 : 0;
    };
    // A comparison is settled by quantities and dates: a sentence that gives one says more on the
    // attribute than one that only names it. A sentence that also names the other side is less about this one.
    const score = (s: Sentence) => {
      let x = 0;
      for (const t of s.terms) if (!other.has(t)) x += attributeTerms.has(t) ? 2 * idf(t) : queryTerms.has(t) ? idf(t) : 0;
      if (x > 0 && /\d/.test(s.text)) x += 1;
      return [...other].some((t) => s.terms.has(t)) ? x * 0.8 : x;
    };
    const best = all.filter((s) => about(s) > 0 && !picked.includes(s)).sort((x, y) => about(y) - about(x) || score(y) - score(x) || x.docRank - y.docRank)[0];
    if (best) picked.push(best);
  }
  if (picked.length === 0) return undefined;
  return picked.map(cite).join(' ');
}

/** N items: the best sentence of each of the first N passages that share a word with the question. */
function listAnswer(documents: AnswerInput['documents'], n: number, queryTerms: Set<string>): string | undefined {
  const all = allSentences(documents);
  const idf = idfOf(all);
  const items: Sentence[] = [];
  for (const doc of documents) {
    if (items.length >= n) break;
    const score = (s: Sentence) => [...s.terms].filter((t) => queryTerms.has(t)).reduce((x, t) => x + idf(t), 0);
    const best = all.filter((s) => s.docId === doc.id && score(s) > 0).sort((x, y) => score(y) - score(x))[0];
    if (best) items.push(best);
  }
  if (items.length === 0) return undefined;
  return items.map((s, i) => `${i + 1}. ${cite(s)}`).join('\n');
}
