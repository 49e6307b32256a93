/**
 * When no answer of the expected type is found: what something is (describe), the sentences most
 * about the focus with no short answer (fallback); and the names-only answer a first hop asks for (namesFrom).
 */
import { type AnswerFormat, bareTitle, entitySpans, escapeRegExp } from '../../../../core/answer/text.js';
import { contentTerms } from '../../../../core/retrieval/tokenize.js';
import { cite, type ExtractedAnswer, type Focus, NO_ANSWER, rankedAbout, type Sentence, sameName, subjectOf } from './focus.js';

/** How many names a names-only answer gives: enough to hold the bridge entity, few enough to stay a query. */
const MAX_NAMES = 6;

/** What something is: the sentence defining the focus ("A bouchon is a type of restaurant ..."), its predicate the short answer. */
export function describe(focus: Focus): ExtractedAnswer | undefined {
  // About what is asked, not only about a name the question gives ("summarise public transport in Lyon").
  const all = rankedAbout(focus);
  const onRelation = all.filter((s) => focus.relationScore(s) > 0);
  const top = onRelation.length > 0 ? onRelation : all;
  if (top.length === 0) return undefined;
  // Past a bracket after the name: "Jens Maes (born 22 August 1979) is a Belgian fashion designer".
  const definition = /^((?:an?\s+|the\s+)?[\p{L}\p{N}'’ -]{1,60}?)(?:\s*\([^()]*\))?\s+(?:is|are|was|were)\s+(?:an?|the|one)\s/iu;
  // A name asked about that is plural is defined without an article, past an appositive: "The Lumière
  // brothers, Auguste and Louis, were French inventors".
  const plural =
    /^((?:the\s+)?[\p{L}\p{N}'’ -]{1,60}?)(?:,[^,]{1,40},)?\s+(?:are|were)\s+(?!(?:from|in|on|at|by|to|for|with|of|not|also|still|then|both|all)\b|\p{Ll}+(?:ed|ing)\b)\p{L}/iu;
  // A definition of the name asked about: its subject is the name, or a pronoun in the name's own
  // passage; "It was the smaller of two steamers based at Opry Mills" defines a steamer, not Opry Mills.
  const definesName = (s: Sentence) => {
    const subject = (definition.exec(s.text) ?? plural.exec(s.text))?.[1]?.toLowerCase();
    if (subject === undefined) return false;
    const own = focus.reading.names.some((n) => sameName(s.title, n));
    if (/^(?:it|he|she|they|this|these)$/.test(subject)) return own;
    return own || focus.reading.names.some((n) => subject.includes(n.toLowerCase()));
  };
  const own = top.find(definesName);
  // Else an appositive after the name says what it is: "..., the Musée des Beaux-Arts, one of the
  // largest fine arts museums in France, and ...".
  if (!own) {
    for (const s of top) {
      for (const name of focus.reading.names) {
        const m = new RegExp(`${escapeRegExp(name)},\\s+((?:an?|the|one)\\s[^,;.]+|\\p{Ll}+ed\\s+(?:to|by|in|for|as|on)\\s[^,;.]+)`, 'u').exec(s.text);
        if (m) return { shortAnswer: m[1]!.trim(), answer: cite(s) };
        const noun = focus.passageOf(name).length === 0 && asksWhatIs(name, focus.question) ? nounBefore(name, s, focus) : undefined;
        if (noun) return { shortAnswer: noun, answer: cite(s) };
      }
    }
  }
  // Another's definition does not define a name asked about ("Maison Ravel is a French fashion
  // house", asked who Bernard Ravel was): without one, the best sentence holding the name whole is the answer.
  const whole = (s: Sentence) => focus.reading.names.every((n) => s.text.toLowerCase().includes(n.toLowerCase()));
  const defines = own ?? (focus.reading.names.length === 0 ? top.find((s) => definition.test(s.text)) : undefined);
  const defining = defines ?? top.find(whole) ?? top[0]!;
  // The predicate's noun phrase, up to a participle or a relative clause ("a shopping mall owned by ...").
  // A stop inside a figure ("on 98.4 MHz") ends nothing.
  const articled = defines ? /\s(?:is|are|was|were)\s+((?:an?|the|one)\s(?:[^,;.]|\.(?=\d))+)/i.exec(defining.text)?.[1] : undefined;
  // A plural name's has no article, read only where it defined the name asked about ("were French inventors").
  const bare = defining === own && plural.test(defining.text) ? /\s(?:are|were)\s+(\p{L}[^,;.]+)/iu.exec(defining.text)?.[1] : undefined;
  const predicate = (articled ?? bare)?.split(/\s(?:\p{Ll}+ed\s+(?:by|in|at|on|for|from|with|to|as)|which|that|who|whose|where)\s/u)[0];
  const support = [defining, ...top.filter((s) => s !== defining && s.docId !== defining.docId).slice(0, 1)];
  // Without a definition, what the best sentence says is the short answer.
  const clause = defining.text.replace(/[.]$/, '');
  return { shortAnswer: (predicate ?? clause).trim(), answer: support.map(cite).join(' ') };
}

/** Whether the question asks only who or what a name is: "Who was Bernard Ravel?". */
function asksWhatIs(name: string, question: string): boolean {
  return new RegExp(`^\\s*(?:who|what)\\s+(?:is|was|are|were)\\s+(?:the\\s+)?${escapeRegExp(name)}\\s*\\?*\\s*$`, 'iu').test(question);
}

/**
 * What the noun right before a name says it is: "the businessman Henri Delcourt" (businessman), "Her
 * nephew Bernard Ravel" (Odile Ravel's nephew: the possessive is the passage's subject). Only a noun
 * the lexicon knows as one; undefined when none stands there.
 */
function nounBefore(name: string, s: Sentence, focus: Focus): string | undefined {
  const m = new RegExp(`\\b([Tt]he|[Hh]is|[Hh]er|[Tt]heir|[Ii]ts)\\s+((?:\\p{Ll}+\\s+)?\\p{Ll}+)\\s+${escapeRegExp(name)}\\b`, 'u').exec(s.text);
  const noun = m?.[2];
  if (!m || !noun || (focus.lexicon.kindsOf?.(noun.split(' ').pop()!) ?? []).length === 0) return undefined;
  return /^the$/i.test(m[1]!) ? noun : `${bareTitle(s.title)}'s ${noun}`;
}

/** How many sentences a summary gives, and how many of one passage: a paragraph, not the corpus. */
const SUMMARY_SENTENCES = 5;
const SUMMARY_SENTENCES_EACH = 3;

/**
 * A summary asked for ("Tell me about cycling in Lyon", "Summarise public transport in Lyon", "What
 * is Marseille known for?"): the sentences about what is asked, from the passages most about it,
 * each passage's in its own order. A passage titled after a name asked about comes first:
 * Marseille's own passage tells of Marseille before the port's, and both before Lyon's mention of
 * it. The first statement is the short answer, as a summary's answer is.
 */
export function summarize(focus: Focus, format: AnswerFormat = {}): ExtractedAnswer | undefined {
  const about = rankedAbout(focus);
  // About the relation asked when the topic has one ("cycling"), not only about its name ("Lyon").
  const onRelation = about.filter((s) => focus.relationScore(s) > 0);
  const top = onRelation.length > 0 ? onRelation : about;
  if (top.length === 0) return undefined;
  // The passages in the order their title names the topic: titled after a name asked about
  // ("Marseille"), then by the share of the topic's words the title holds ("Nuclear power in France"
  // before "Wind power in France" for nuclear power in France), then by rank.
  const topic = contentTerms([...focus.reading.names, ...focus.reading.relation].join(' '));
  const titleOrder = (s: Sentence) => {
    const title = new Set(contentTerms(bareTitle(s.title)));
    // Titled after the whole topic, name and relation ("Port of Marseille" for the port of Marseille), or after a name asked.
    const exact =
      sameWords(title, topic) ||
      focus.reading.names.some((n) => sameName(s.title, n)) ||
      sameName(s.title, focus.reading.relation.join(' ')) ||
      opensOn(s.docId, topic, focus);
    return (exact ? 1 : 0) + topic.filter((t) => title.has(t)).length / Math.max(topic.length, 1) / 2;
  };
  const order = [...new Set(top.map((s) => s.docId))]
    .map((id, i) => ({ id, i, titled: titleOrder(top.find((s) => s.docId === id)!) }))
    .sort((a, b) => b.titled - a.titled || a.i - b.i);
  const most = format.sentences ?? SUMMARY_SENTENCES;
  const picked: Sentence[] = [];
  for (const { id, titled } of order) {
    // A passage whose title names the whole topic or a name asked ("Public transport in Lyon"; 0.5
    // and up) is about it in every sentence.
    const said = titled >= 0.5 ? focus.all.filter((s) => s.docId === id) : top.filter((s) => s.docId === id);
    const own = said.slice(0, Math.min(SUMMARY_SENTENCES_EACH, most - picked.length));
    picked.push(...own.sort((a, b) => a.position - b.position));
    if (picked.length >= most) break;
  }
  const answer = format.bullets ? picked.map((s) => `- ${cite(s)}`).join('\n') : picked.map(cite).join(' ');
  // The short answer is the summary of the passage most about the topic, its picked sentences
  // uncited: a summary of Lyon says its rank, its size and its rivers, not its rank alone. A label's
  // caption ("Audio recording: interview with ...") says what a passage is, not what it says.
  const lead = picked.find((s) => !isCaption(s)) ?? picked[0]!;
  const short = picked.filter((s) => s.docId === lead.docId && (s === lead || !isCaption(s)));
  return {
    shortAnswer: short
      .map((s) => s.text.trim())
      .join(' ')
      .replace(/[.]$/, ''),
    answer,
  };
}

/**
 * Whether a passage opens on the topic as its subject, whatever its title: "The Lumière brothers,
 * Auguste and Louis, were French inventors ..." (titled "Auguste and Louis Lumière") is about the
 * Lumière brothers in every sentence; "The port of Essin is ..." is not about Essin.
 */
function opensOn(docId: string, topic: readonly string[], focus: Focus): boolean {
  const opening = focus.all.find((s) => s.docId === docId && s.position === 0);
  const subject = opening ? subjectOf(opening.text)?.split(/[,(]/)[0] : undefined;
  if (!subject || topic.length === 0) return false;
  return sameWords(new Set(contentTerms(subject)), topic);
}

/** Whether a set of stems is exactly the topic's (each of its words, and no other). */
function sameWords(terms: ReadonlySet<string>, topic: readonly string[]): boolean {
  return terms.size === new Set(topic).size && topic.every((t) => terms.has(t));
}

/** A label's caption ("Audio recording: interview with ..."): what a passage is, not what it says. */
function isCaption(s: Sentence): boolean {
  return /^[^:]{1,40}:\s/.test(s.text);
}

/** When nothing of the expected type is found: the sentences most about the focus, and no short answer. */
export function fallback(focus: Focus): ExtractedAnswer {
  const top = rankedAbout(focus);
  if (top.length === 0) return { shortAnswer: null, answer: NO_ANSWER };
  const picked: Sentence[] = [];
  for (const s of top) if (picked.length < 2 && !picked.some((p) => p.docId === s.docId)) picked.push(s);
  return { shortAnswer: null, answer: picked.map(cite).join(' ') };
}

/** Names only (a first hop's bridge entities): the names of the sentences most about the question, less those it gives. */
export function namesFrom(all: Sentence[], focus: Focus, question: string): string {
  const questionTerms = new Set(contentTerms(question));
  const names: string[] = [];
  for (const s of rankedAbout(focus, all).slice(0, 4)) {
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
