/**
 * The sources an answer prompt carries: of each document, the sentences that matter to the
 * question, not the whole passage. A sentence matters when it shares a content word with the
 * question or the instruction, or names another source given (the link a bridge question follows
 * from one passage to the next); a passage's first sentence, which says what it is about, is kept
 * too, and so are the first sentences of a passage such a sentence leads to (what the first hop left
 * unsaid rarely shares the question's words) and a sentence that goes on about what a kept one said
 * ("It ..."), and one naming a relative of the kind a family question asks for; a passage with no
 * sentence that matters is left out. Passages stay in their order and their sentences in theirs, so what is kept reads as the
 * passage did, shorter. Whatever is kept, the whole is bounded (SOURCES_BUDGET_CHARS): past it,
 * the sentences that matter least go first.
 *
 * The same documents go into the prompt and the structured intent, so a model reading the prompt
 * and the rule-based answerer reading the intent are given the same evidence.
 */
import { YEAR_WORD } from '../answer/candidates.js';
import { type Kin, kinQuestion, relativesIn } from '../answer/kinship.js';
import { fileMentions, sentences } from '../answer/text.js';
import type { Lexicon } from '../ports.js';
import { contentTerms, tokenize } from '../retrieval/tokenize.js';

export interface SourceDocument {
  id: string;
  title?: string;
  text: string;
}

/** Sentences kept per passage at most, the first one included. */
export const MAX_SENTENCES_PER_SOURCE = 5;
/** The sources' text in all, at most (about 1,000 tokens of English). */
export const SOURCES_BUDGET_CHARS = 4000;

interface Scored {
  doc: number;
  position: number;
  text: string;
  score: number;
  /** Words shared with the question and sources named: what the score owes to the sentence itself. */
  signal: number;
}

/** A sentence that opens on what the sentence before it was about. */
const ANAPHOR = /^(?:It|Its|He|His|She|Her|They|Their|This|These|That|Those|There)\b/;

const TIME_QUESTION = /\b(?:when|what year|which year|first|earlier|earliest|later|latest|older|oldest|younger|youngest|newer|newest|came out)\b/i;

/** Sentences of a passage another one leads to (a bridge's second hop) kept from its start, whatever words they share. */
export const REACHED_LEAD = 3;

/**
 * Words every answer instruction uses ("Answer from the retrieved passages, citing sources"): they
 * say how to answer, not what about, and would keep a table for its "source" column.
 */
const ANSWERING = new Set(
  contentTerms('answer answers question task source sources cite citing cited retrieved passages evidence documents media supporting sentences given only'),
);

/** Each document cut to the sentences that matter for `question` (and the step's `instruction`). */
export function answerSources(
  question: string,
  instruction: string,
  documents: readonly SourceDocument[],
  lexicon?: Pick<Lexicon, 'irregularForms'>,
): SourceDocument[] {
  // A file the question names is a source of its own (its transcript, its caption), not words to
  // look for: "interview-lyon-mobility.mp3" would keep every passage saying "Lyon".
  const files = [...fileMentions(question), ...fileMentions(instruction)].map((f) => f.file);
  const unnamed = (text: string) => files.reduce((t, f) => t.split(f).join(' '), text);
  const asked = new Set([...contentTerms(unnamed(question)), ...contentTerms(unnamed(instruction)).filter((t) => !ANSWERING.has(t))]);
  // A verb asked is said in its irregular forms too, which no stemmer reaches: "Which award did X win?" by "won".
  for (const word of tokenize(unnamed(question)))
    if (word.length >= 3 && contentTerms(word).length > 0)
      for (const form of lexicon?.irregularForms?.(word) ?? []) for (const t of contentTerms(form)) asked.add(t);
  // The names of the sources given: a sentence naming one leads to that passage.
  const titles = documents.map((d) => new Set(contentTerms(d.title ?? '')));
  // A question about time ("Which magazine came out first?", "When was X born?") is answered by a
  // sentence giving a year, whatever words it shares ("Sixty issues were published, from January
  // 1887"); a date that only describes a subject ("Guy of Ibelin (died 1304)") asks no time.
  const asksTime = TIME_QUESTION.test(question);
  // A question asked through a family relation ("Who is the spouse of X?") is answered by a sentence
  // naming such a relative, in whatever words ("His wives include actress May Allison").
  const kin = new Set<Kin>(kinQuestion(question)?.path ?? []);
  const namesKin = (text: string) => [...kin].some((k) => relativesIn(text, k, []).length > 0);
  const counts: number[] = [];
  // A passage that is a file the question names is read from its start, like one a bridge leads to.
  const stems = new Set(files.map((f) => f.replace(/\.[^.]+$/, '').toLowerCase()));
  const reached = new Set<number>(documents.flatMap((d, i) => (stems.has(d.id.toLowerCase()) || files.some((f) => d.id === f) ? [i] : [])));
  const all = documents.map((doc, d) => {
    const said = sentences(doc.text);
    counts[d] = said.length;
    // Whether the sentence before this one was about the question (or went on about such a sentence).
    let onTopic = false;
    return said.map((text, position) => {
      const terms = new Set(contentTerms(text));
      let overlap = 0;
      for (const t of terms) if (asked.has(t)) overlap += 1;
      const named = titles.flatMap((title, other) => (other !== d && title.size > 0 && [...title].every((t) => terms.has(t)) ? [other] : []));
      // A sentence about the question that names another source leads there: the bridge's next passage.
      // So does one that goes on about it ("Vyacheslav Yaroslavich was ... He was son of ... Ingegerd Olofsdotter").
      onTopic = overlap > 0 || (onTopic && ANAPHOR.test(text));
      if (onTopic) for (const other of named) reached.add(other);
      // A sentence naming the relative asked is what the question asks, however few of its words it
      // shares: it weighs above the sentences that share only a name's nouns ("film", "director").
      return { position, text, overlap: overlap + (asksTime && YEAR_WORD.test(text) ? 1 : 0) + (kin.size > 0 && namesKin(text) ? 3 : 0), links: named.length };
    });
  });
  const kept: Scored[] = [];
  const silent: Scored[] = [];
  all.forEach((said, d) => {
    const scored = said.map(({ position, text, overlap, links }): Scored => {
      const lead = reached.has(d) && position < REACHED_LEAD ? 1 : 0;
      // The first sentence says what the passage is; earlier passages were ranked higher.
      return { doc: d, position, text, score: overlap + links + lead + (position === 0 ? 1 : 0) - d * 0.01, signal: overlap + links + lead };
    });
    // A passage with no sentence sharing a word with the question nor naming another source is left out,
    // unless no passage has one (then each keeps its first sentence).
    if (!scored.some((s) => s.signal > 0)) {
      silent.push(...scored.filter((s) => s.position === 0));
      return;
    }
    // A sentence that goes on about what the one before it said ("It lies on the Garonne ...") goes with it:
    // what it adds often shares no word with the question ("headquarters" for "head office").
    const matters = (s: Scored): boolean => s.position === 0 || s.signal >= 1;
    const chosen = scored
      .filter((s, i) => matters(s) || (i > 0 && matters(scored[i - 1]!) && ANAPHOR.test(s.text)))
      .sort((a, b) => b.score - a.score || a.position - b.position)
      .slice(0, MAX_SENTENCES_PER_SOURCE);
    kept.push(...chosen);
  });
  if (kept.length === 0) kept.push(...silent);
  // Within the budget: the sentences that matter least go first.
  let size = kept.reduce((n, s) => n + s.text.length + 1, 0);
  const byWeight = [...kept].sort((a, b) => a.score - b.score || b.doc - a.doc || b.position - a.position);
  const dropped = new Set<Scored>();
  for (const s of byWeight) {
    if (size <= SOURCES_BUDGET_CHARS) break;
    dropped.add(s);
    size -= s.text.length + 1;
  }
  return documents.flatMap((doc, d) => {
    const mine = kept.filter((s) => s.doc === d && !dropped.has(s)).sort((a, b) => a.position - b.position);
    if (mine.length === 0) return [];
    // A passage kept whole keeps its own text, line breaks included (a table's rows are its lines).
    return [{ ...doc, text: mine.length === counts[d] ? doc.text : mine.map((s) => s.text).join(' ') }];
  });
}
