/**
 * A person's life read in their own passage (titled after a name the question gives): where and
 * when they were born or died (lifePlace, lifeDate), what they died of (deathCause), and what two
 * people have in common (inCommon).
 */

import { BORN_ADJECTIVE, DIED_OF, NATION_CLASS, nationAdjectivesIn } from '../../../../core/answer/answer-classes.js';
import { type Candidate, datesIn } from '../../../../core/answer/candidates.js';
import { ownPassage, RELATIVE_NOUN } from '../../../../core/answer/kinship.js';
import type { QuestionReading } from '../../../../core/answer/question.js';
import { escapeRegExp, NAME_CONNECTORS, sentences } from '../../../../core/answer/text.js';
import type { Lexicon } from '../../../../core/ports.js';
import { contentTerms } from '../../../../core/retrieval/tokenize.js';
import { lifeEvent } from './choice.js';
import type { AnswerInput, ExtractedAnswer } from './focus.js';

/**
 * "When was X born?", "What is the date of death of X?": in X's own passage (titled after a name
 * the question gives), the date after "born" or "died", else the date of the life's span its opening
 * gives ("(c. 1565 – 7 February 1591/2)": the first is the birth, the second the death).
 */
/** The two dates of a life in a passage's opening: a dash between them and no stop ("(1 April 1925, Kraków – 3 October 2000, Łódź)"). */
function lifeSpan(text: string, dates: readonly Candidate[]): [Candidate, Candidate] | undefined {
  const [a, b] = dates;
  return a && b && b.at < 300 && /^[^.;]*?[–-][^.;]*$/.test(text.slice(a.at + a.text.length, b.at)) ? [a, b] : undefined;
}

/** The dates a text gives with a year, the life's span among them read by lifeSpan. */
function yearDatesIn(text: string): Candidate[] {
  return datesIn(text).filter((d) => /\d{3,4}/.test(d.text));
}

/** The two dates of a life a text opens with (lifeSpan over its dates with a year). */
export function lifeSpanIn(text: string): [Candidate, Candidate] | undefined {
  return lifeSpan(text, yearDatesIn(text));
}

/**
 * "Where was Wojciech Has born?": the place a person's own passage gives beside a date of their
 * life ("(1 April 1925, Kraków – 3 October 2000, Łódź)"), or after "born ... in" / "died ... in".
 * Undefined when the question asks no birth or death place, or the passage says none.
 */
export function lifePlace(reading: QuestionReading, documents: AnswerInput['documents'], lexicon?: Lexicon, question = ''): ExtractedAnswer | undefined {
  // "Where is Neil Abernethy from?": where a person is from is where they were born, when their passage says so.
  const from = reading.relation.length === 0 && /^\s*where\s+(?:is|was|are|were)\s+.+\s+from\s*\?*\s*$/i.test(question);
  const event = lifeEvent(reading.relation.join(' '), lexicon) ?? (from ? 'birth' : undefined);
  if (reading.type !== 'place' || (event !== 'birth' && event !== 'death')) return undefined;
  const own = passageOfNamed(reading, documents, question, lexicon);
  const found = own ? placeOfLife(own, event, lexicon) : undefined;
  return own && found ? { shortAnswer: found, answer: citing(own, found) } : undefined;
}

/** Where a person's own passage says they were born or died (lifePlace); undefined when it says not. */
function placeOfLife(own: AnswerInput['documents'][number], event: 'birth' | 'death', lexicon?: Lexicon): string | undefined {
  const text = own.text.replace(/\s+/g, ' ');
  const span = lifeSpanIn(text);
  let found: string | undefined;
  if (span) {
    const [a, b] = span;
    const after = (d: Candidate) => text.slice(d.at + d.text.length).split(/\s[–-]\s|[–)]/)[0]!;
    const said = /^\s*,\s*(.+?)\s*$/.exec(after(event === 'birth' ? a : b))?.[1];
    // Or before it: "(Alexandria, Egypt, 24 February 1909 – Rome, Italy, 20 December 1999)".
    const date = event === 'birth' ? a : b;
    const before = /(?:\(|[–-]\s)\s*([^()–]+?)\s*,\s*$/u.exec(text.slice(Math.max(0, date.at - 80), date.at))?.[1];
    // Or after "in" or "at": "(17 October 1913 in the village Gabrilovo, Smolensk Governorate – 17
    // June 1990 in Riga)", "(4 August 1825 at Altenstein Castle – ...)".
    const within = /^\s+(?:in|at)\s+(?:the\s+\p{Ll}+\s+(?:of\s+)?)?(.+?)\s*$/u.exec(after(date))?.[1];
    if (said && PLACE.test(said)) found = said;
    else if (before && PLACE.test(before)) found = before;
    else if (within && PLACE.test(within)) found = within;
  }
  // A birth's date and place alone in the parenthesis: "(born 1964 Passaic, New Jersey)", "(born 7 September 1963, Malta)".
  const bornThere = !found && event === 'birth' && !span ? BORN_DATE_PLACE.exec(text)?.[1] : undefined;
  if (bornThere && PLACE.test(bornThere)) found = bornThere;
  // A life's places without its dates, in the parenthesis after the name: "(Gura Humorului – , Palos Verdes Estates, California)".
  const places = /^[^(.]*?\(([^()0-9]*?)\s+[–-]\s*,?\s*([^()0-9]*)\)/u.exec(text);
  if (!found && !span && places) {
    const said = places[event === 'birth' ? 1 : 2]!.trim();
    if (PLACE.test(said)) found = said;
  }
  // Else "born ... in X" (or "at X": "born at Tierpark Ulm"), read sentence by sentence so a name ends where its sentence does ("Kelso. He ...").
  // A sentence may open on it: "Born in Portland, Oregon, Young was ...": the last name before the verb is its subject.
  // A death may be said as a killing, and where on or at: "was killed in an avalanche on the Sarn Glacier".
  const verbIn = event === 'birth' ? '[Bb]orn\\b[^.;()]*?\\b(?:in|at)' : '(?:[Dd]ied\\b[^.;()]*?\\bin|\\bkilled\\b[^.;()]*?\\b(?:in|on|at)(?:\\s+the)?)';
  const bornIn = new RegExp(`\\b${verbIn}\\s+(\\p{Lu}[\\p{L}'’.-]*(?:${CONNECTOR}(?:\\s|,\\s)\\p{Lu}[\\p{L}'’.-]*){0,3})(\\s+\\p{Ll})?`, 'u');
  found ??= sentences(own.text)
    .map((x) => {
      const line = x.replace(/\s+/g, ' ');
      const m = bornIn.exec(line);
      if (!m) return undefined;
      const opening = /^(?:Born|Died)\b/.test(x) && m[2] !== undefined;
      const place = (opening ? m[1]!.replace(/,\s[^,]+$/, '') : m[1]!).replace(/\.$/, '');
      // "born in St. Pauli, the poorest part of Hamburg": the place keeps the one it is a part of.
      const whole = PART_OF.exec(line.slice(m.index + m[0].length - (m[2] ?? '').length))?.[1];
      return whole && !opening ? `${place}, ${whole.replace(/\.$/, '')}` : place;
    })
    .find((x) => x !== undefined);
  // Else where the person is said to come from (NATIVE_OF): a birthplace in other words, never a death's place.
  if (!found && event === 'birth') {
    found = sentences(own.text)
      .map((x) => {
        const m = NATIVE_OF.exec(x.replace(/\s+/g, ' '));
        // Opening its sentence, the last name before the verb is the sentence's subject, as "Born in" above.
        return m ? (m.index === 0 ? m[1]!.replace(/,\s[^,]+$/, '') : m[1]!).replace(/\.$/, '') : undefined;
      })
      .find((x) => x !== undefined);
  }
  // Else the country a lead calls them born in: "was a Scottish-born surveyor" (the name the adjective is of, from the lexicon).
  if (!found && event === 'birth') {
    const adjective = BORN_IN_LEAD.exec(sentences(own.text)[0] ?? '')?.[1];
    const country = adjective === undefined ? undefined : lexicon?.nameOf?.(adjective);
    if (country && country !== adjective) found = country;
  }
  return found;
}

/** "was a Scottish-born surveyor": the adjective of the country a lead says someone was born in, group 1. */
const BORN_IN_LEAD = new RegExp(`\\b(?:is|was)\\s+an?\\s+${BORN_ADJECTIVE.source}`, 'u');

/** A part of a place, said after it: ", the poorest part of Hamburg", ", a suburb of Leeds". */
const PART_OF =
  /^,\s*(?:the|a|an)\s+(?:[\p{Ll}-]+\s+){0,3}(?:part|district|suburb|quarter|neighbou?rhood|borough|section|ward)\s+(?:of|in)\s+(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2})/u;

/** The words a place's name joins its capitalised words with ("Mülheim an der Ruhr"), as a pattern. */
const CONNECTOR = `(?:\\s+(?:${[...NAME_CONNECTORS].filter((w) => /^\p{Ll}+$/u.test(w)).join('|')}))*`;
/** Where a person is said to come from: "a native of Holliston", "Originating from Holliston, Massachusetts, Green earned ...". */
const NATIVE_OF = new RegExp(
  `\\b(?:[Aa]\\s+native\\s+of|[Nn]ative\\s+to|[Oo]riginating\\s+from|[Oo]riginally\\s+from|[Hh]ails?\\s+from)\\s+(?:the\\s+)?(\\p{Lu}[\\p{L}'’.-]*(?:${CONNECTOR}(?:\\s|,\\s)\\p{Lu}[\\p{L}'’.-]*){0,3})`,
  'u',
);
/** "(born 1964 Passaic, New Jersey)": a place right after the date of birth, its parenthesis holding nothing else. */
const BORN_DATE_PLACE = /\(\s*born\s+[^()]*?\d{3,4},?\s+(\p{Lu}[^();]*?)\s*\)/u;
/** A place's name: capitalised words, and the words a name joins them with. */
const PLACE = new RegExp(`^\\p{Lu}[\\p{L}'’.-]*(?:${CONNECTOR}[ ,]+\\p{Lu}[\\p{L}'’.-]*){0,5}$`, 'u');

/** The own passage of the first name the question gives that has one. */
function passageOfNamed(
  reading: QuestionReading,
  documents: AnswerInput['documents'],
  question: string,
  lexicon?: Lexicon,
): AnswerInput['documents'][number] | undefined {
  return reading.names
    .filter((n) => !throughAnother(n, question, lexicon))
    .map((n) => ownPassage(n, documents))
    .find((d) => d !== undefined);
}

/**
 * "Where was the father of Clara Vinther born?", "When was Clara Vinther's teacher born?": a name
 * the question reaches another person through (a noun the lexicon files as a person, "of" the
 * name or the name's). That person's life is asked, not the name's: when no reader found them, the
 * name's own birth or death is no answer.
 */
function throughAnother(name: string, question: string, lexicon?: Lexicon): boolean {
  const n = escapeRegExp(name);
  const m = new RegExp(`\\b(\\p{Ll}{3,})\\s+of\\s+(?:the\\s+)?${n}(?![\\p{L}])|(?<![\\p{L}])${n}['’]s?\\s+(\\p{Ll}{3,})\\b`, 'u').exec(question);
  const noun = m?.[1] ?? m?.[2];
  // Not the event itself: "born" is a person too to the lexicon (Max Born).
  return noun !== undefined && lifeEvent(noun, lexicon) === undefined && lexicon?.isKindOf?.(noun, 'person') === true;
}

/** The sentence of a passage that holds a span (its first when none does), cited. */
function citing(doc: AnswerInput['documents'][number], span: string): string {
  const all = sentences(doc.text);
  return `${all.find((x) => x.replace(/\s+/g, ' ').includes(span)) ?? all[0]!} [${doc.id}]`;
}

/**
 * "What do E. B. White and Dan Masterson have in common?": what the two own passages' opening
 * sentences both call their subjects ("an American writer", "an American poet": American), the
 * adjective of a name first, then a shared noun. Undefined for other questions, or when the
 * openings share nothing.
 */
export function inCommon(question: string, reading: QuestionReading, documents: AnswerInput['documents'], lexicon: Lexicon): ExtractedAnswer | undefined {
  // "What do A and B have in common?", "A and B are bands of which shared genre?" ("Were both
  // released by what label?" asks of what each did, which an opening seldom says).
  if (!/\b(?:in\s+common|shared?|both\s+have)\b/i.test(question) || !/\b(?:what|which)\b/i.test(question) || reading.names.length < 2) return undefined;
  const sides = reading.names.slice(0, 2).map((n) => ownPassage(n, documents));
  if (sides.some((d) => d === undefined)) return undefined;
  const opening = sides.map((d) => {
    const lead = sentences(d!.text)[0] ?? '';
    const copula = /\s(?:is|was|are|were)\s+(?:an?\s+|the\s+)?/.exec(lead);
    return {
      lead,
      words: copula
        ? lead
            .slice(copula.index + copula[0].length)
            .split(/[,;]|\s(?:who|which|that|born|from|in|of)\s/)[0]!
            .replace(/[.!?]+$/, '')
            .split(/\s+/)
        : [],
    };
  });
  // A word the question says ("bands of which genre") is what both are, not what they share.
  const asked = new Set(contentTerms(question));
  const shared = opening[0]!.words.filter(
    (w) => w.length > 2 && opening[1]!.words.some((v) => v.toLowerCase() === w.toLowerCase()) && !contentTerms(w).some((t) => asked.has(t)),
  );
  // "What type of publication ...?": a kind of the class asked for, before a nation or another word;
  // the last such word, the head of its phrase ("a monthly magazine": magazine).
  const head = reading.answerClass?.split(' ').pop();
  const said =
    (head ? shared.findLast((w) => /^\p{Ll}/u.test(w) && lexicon.isKindOf?.(w, head) === true) : undefined) ??
    shared.find((w) => lexicon.isNameAdjective?.(w)) ??
    shared.find((w) => /^\p{Ll}/u.test(w) && contentTerms(w).length > 0);
  if (!said) return undefined;
  return { shortAnswer: said, answer: sides.map((d, i) => `${opening[i]!.lead} [${d!.id}]`).join(' ') };
}

/**
 * "Which country is Anne Aghion from?": the nation whose adjective the opening of her own passage
 * calls her by ("a French-American documentary filmmaker": France), as a film's opening does its
 * film ("a 1936 American comedy film"). Undefined for other questions, or an opening without one.
 */
export function homeCountry(question: string, reading: QuestionReading, documents: AnswerInput['documents'], lexicon: Lexicon): ExtractedAnswer | undefined {
  const head = reading.answerClass?.split(' ').pop();
  // Asked of the named one itself: "Which country is the director of film X from?" asks of someone else.
  if (reading.type !== 'place' || !head || !NATION_CLASS.test(head) || reading.relation.length > 0 || !/\bfrom\s*\??\s*$/i.test(question)) return undefined;
  const own = passageOfNamed(reading, documents, question, lexicon);
  const lead = own ? sentences(own.text)[0] : undefined;
  if (!own || !lead) return undefined;
  const nation = nationAdjectivesIn(lead, lexicon)[0]?.nation;
  if (nation !== undefined) return { shortAnswer: nation, answer: `${lead} [${own.id}]` };
  // Else the country the person was born in, the last part of their birthplace: "(25 October 1749 in Loddby, Sweden – ...)".
  const born = placeOfLife(own, 'birth');
  const country = born?.split(/,\s*/).pop();
  return born && country && lexicon.isKindOf?.(country, 'country') === true ? { shortAnswer: country, answer: citing(own, born) } : undefined;
}

/**
 * "Why did Fons Rademakers die?", "How did X die?", "What was the cause of death of X?": what the
 * person's own passage says they died of ("He died in 2007 in a Geneva hospital of emphysema",
 * "until her death by starvation", "was killed in an avalanche"), never a relative's death ("her
 * husband died of illness"). Undefined for other questions, or when the person has no passage
 * here; a null answer when their passage gives no cause, which no description of them answers.
 */
export function deathCause(question: string, reading: QuestionReading, documents: AnswerInput['documents'], lexicon?: Lexicon): ExtractedAnswer | undefined {
  if (!/^\s*(?:why|how)\b.*\bdie\b|\bcause\s+of\s+(?:\w+\s+)?death\b|\bdie\s+(?:of|from)\s*\??\s*$/i.test(question)) return undefined;
  const own = passageOfNamed(reading, documents, question, lexicon);
  if (!own) return undefined;
  for (const sentence of sentences(own.text)) {
    const said = DIED_OF.exec(sentence);
    if (said && !RELATIVES_DEATH.test(sentence.slice(0, said.index))) {
      return { shortAnswer: said[1]!.trim(), answer: `${sentence} [${own.id}]` };
    }
  }
  return { shortAnswer: null, answer: `${sentences(own.text)[0] ?? own.text} [${own.id}]` };
}

/** A relative named right before a death, whose death it is: "her husband died", "his father's death". */
const RELATIVES_DEATH = new RegExp(`\\b(?:his|her|their)\\s+(?:${RELATIVE_NOUN})(?:['’]s)?\\s+$`, 'iu');

export function lifeDate(reading: QuestionReading, documents: AnswerInput['documents'], lexicon?: Lexicon, question = ''): ExtractedAnswer | undefined {
  const event = lifeEvent(reading.relation.join(' '), lexicon);
  if (event !== 'birth' && event !== 'death') return undefined;
  const own = passageOfNamed(reading, documents, question, lexicon);
  if (!own) return undefined;
  const text = own.text.replace(/\s+/g, ' ');
  const word = event === 'birth' ? /\bborn\b/i : /\bdied\b/i;
  const dates = yearDatesIn(text);
  const said = dates.find(
    (d) =>
      word.test(text.slice(Math.max(0, d.at - 24), d.at)) &&
      !/[.;]/.test(
        text
          .slice(Math.max(0, d.at - 24), d.at)
          .split(word)
          .pop()!,
      ),
  );
  const span = lifeSpan(text, dates);
  const date = said ?? (span ? span[event === 'birth' ? 0 : 1] : undefined);
  if (!date) return undefined;
  const short = reading.type === 'year' ? /\d{3,4}/.exec(date.text)![0] : date.text;
  return { shortAnswer: short, answer: citing(own, date.text) };
}
