/**
 * Which span of a sentence answers: whether a candidate can be of the type asked (fits, typeFits,
 * misfit), which one stands nearest what is asked (nearest, isAgent, relationGap), and a figure's
 * year (withYear). Shared by the typed, yes/no, choice and list answers.
 */
import { type Candidate, datesIn, PART_OF_WHOLE, WHOLE_FRONTED } from '../../../../core/answer/candidates.js';
import { RELATIVE_NOUN } from '../../../../core/answer/kinship.js';
import { holdsTerm, NUMBER_NOUNS, type QuestionReading } from '../../../../core/answer/question.js';
import { escapeRegExp, QUARTER } from '../../../../core/answer/text.js';
import { contentTerms } from '../../../../core/retrieval/tokenize.js';
import type { Focus, Sentence } from './focus.js';

/** How many words lie between a span and the nearest word of the relation in its sentence. */
export function relationGap(c: Candidate, s: Sentence, focus: Focus): number {
  let gap = Number.POSITIVE_INFINITY;
  for (const m of s.text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const term = contentTerms(m[0])[0];
    if (term === undefined || !focus.relation.some((set) => set.has(term))) continue;
    const end = c.at + c.text.length;
    if (m.index >= c.at && m.index < end) continue;
    const words = m.index >= end ? s.text.slice(end, m.index) : s.text.slice(m.index + m[0].length, c.at);
    gap = Math.min(gap, words.trim() === '' ? 0 : words.trim().split(/\s+/).length);
  }
  return gap;
}

/**
 * What stands before a name that is who did something, or a birth name: "by" (with the words
 * describing who: "by the singer"), "starring", "born", and the names listed after them.
 */
const AGENT_BEFORE =
  /(?:\bby(?:\s+(?:(?:the|a|an)\s+)?(?:\p{Lu}\p{Ll}+\s+)?(?!(?:the|a|an|of)\s)\p{Ll}+(?:\s+(?!(?:the|a|an|of)\s)\p{Ll}+)?)?|\bstarring|\bfeaturing|\bborn|\bnée)\s+(?:\p{Lu}[\p{L}.'’-]*\s+|\p{Lu}[\p{L}.'’-]*,\s+|and\s+)*$/u;

/** The nouns a role played is asked by ("What role did she debut in?", "What character did X play?"). */
export const ROLE_CLASS = /^(?:role|part|character)$/i;

/** A preposition of place, the article and a quarter of the place that may follow it: "in northern ", "at the ". */
const AT_PLACE = new RegExp(`\\b(?:in|at|from|near|to|off|into|onto)\\s+(?:the\\s+)?(?:(?-i:old|former|historic|original)\\s+)?(?:${QUARTER}\\s+)?$`, 'i');
/** "in the port city of ", "in the Orva region of northern ", "on the slopes of ": a place's noun and "of" after such a preposition. */
const OF_PLACE = new RegExp(`\\b(?:in|at|from|near|to|on)\\s+(?:the|a)\\s+(?:[\\p{L}'’-]+\\s+){0,2}of\\s+(?:${QUARTER}\\s+)?$`, 'u');
/** A relation a person is named by, right before their name: "his father Wong Kei-ying". */
const RELATIVE_BEFORE = new RegExp(`\\b(?:${RELATIVE_NOUN})\\s+$`, 'iu');

/** Whether a candidate can be what is asked: a person is not a year, a place's name is capitalised. */
export function fits(c: Candidate, reading: QuestionReading, s: Sentence): boolean {
  if (c.kind !== 'name') return true;
  const words = c.text.split(/\s+/);
  // A date is neither a person, a place nor a named thing ("March 31", "1985 Polish", "August 19, 1871 – January 30").
  const isDate = datesIn(`${c.text} 2000`).some((d) => d.kind === 'date');
  if ((reading.type === 'person' || reading.type === 'place') && (/\d/.test(c.text) || isDate)) return false;
  if (reading.type === 'entity' && isDate) return false;
  // Who did something ("a screenplay by Norman Houston", "starring Wojciech Wysocki", "vocals by
  // Romanian performer Erik") is a person or a body, not where something is or happened; so is a
  // birth name, after "born" or "née" with no preposition ("born Harry Wilbur Siggins").
  // The names listed after such a word are too ("starring Wojciech Wysocki, Zdzislaw Wardejnc and Jan Peszek").
  // Not a place of the class asked named after its noun: "drained by the river Varde".
  const classNamed = () =>
    reading.answerClass !== undefined &&
    new RegExp(`\\bby\\s+(?:the\\s+)?${escapeRegExp(reading.answerClass)}\\s+$`, 'iu').test(s.text.slice(Math.max(0, c.at - 40), c.at));
  if (reading.type === 'place' && AGENT_BEFORE.test(s.text.slice(Math.max(0, c.at - 80), c.at)) && !classNamed()) return false;
  // "Where ...?" with no class asked is answered by a name standing where a place does (after in,
  // at, from, near, to, or a life's date; before ", Region"): in "Ansel Quorn (born May 19, 1953)
  // is ... known for low-budget B-movies", no place is given, and "B-movies" is none. A class asked
  // ("Which river ...?") is told by its noun instead (the Garonne river).
  if (reading.type === 'place' && !reading.answerClass && !typeFits(c, reading, s.text)) return false;
  // Nor is a relative named by their relation ("his father Wong Kei-ying"), a work quoted ("the
  // "Hatchet" franchise") or an owner ("Vasily's second son") where something is or happened.
  if (reading.type === 'place' && !isPlace(c, s.text)) {
    const before = s.text.slice(Math.max(0, c.at - 30), c.at);
    if (RELATIVE_BEFORE.test(before) || /["“‘]$/.test(before) || /['’]s$/.test(c.text)) return false;
  }
  // A name after "the" is a thing ("the Voies Lyonnaises"), unless it names a group by a plural noun
  // ("the Lumière brothers"), or is the body a "who" with no class asks for, after "by" ("built in
  // 1999 by the Sollen Yard", "organised by the Norland Cycling Federation") or "against" ("fought a
  // war against the Duchy of Karr").
  const thing =
    /\bthe\s+$/i.test(s.text.slice(Math.max(0, c.at - 4), c.at)) &&
    !/\s\p{Ll}+s$/u.test(c.text) &&
    !(reading.answerClass === undefined && words.length >= 2 && /\b(?:by|against)\s+the\s+$/i.test(s.text.slice(Math.max(0, c.at - 12), c.at)));
  // An acronym alone ("NFL", "BBC") names a body, not the person of a class ("the head coach"); "who"
  // alone may ask for a body ("Who operates the reactors?": EDF).
  const acronym = reading.answerClass !== undefined && words.length === 1 && /^\p{Lu}{2,}$/u.test(c.text);
  if (reading.type === 'person') return (words.length >= 2 || !/^(?:The|A|An)\b/.test(c.text)) && !isPlace(c, s.text) && !thing && !acronym;
  // A sentence's first word is capitalised whatever it is; only a name of more than one word is trusted there.
  return !(c.at === 0 && words.length === 1 && s.position >= 0 && /^(?:It|This|These|Its|He|She|They|In|On|At|After|Before)$/.test(c.text));
}

/**
 * Whether a name stands where a place does: after "in", "at" or "near" ("born in Ottawa"), or as
 * the region after a place ("from Ottawa, Ontario": both).
 */
function isPlace(c: Candidate, text: string): boolean {
  const before = text.slice(Math.max(0, c.at - 60), c.at);
  if (/\b(?:in|at|near)\s+(?:the\s+)?$/.test(before)) return true;
  if (/\b(?:in|at|near|from)\s+(?:the\s+)?\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*)*,\s+$/u.test(before)) return true;
  return /\bfrom\s+$/.test(before) && /^,\s+\p{Lu}/u.test(text.slice(c.at + c.text.length));
}

/**
 * Whether a span only names the parts of the sentence's subject, in an appositive its verb follows:
 * "The Lumière brothers, Auguste and Louis, were French inventors who ..." says what the brothers
 * were; asked who invented, the brothers answer, not Louis. A participle's agent there ("The
 * pavilion, designed by Arthur Blomfield, was ...") is none.
 */
export function inAppositive(c: Candidate, s: Sentence): boolean {
  const m = /^((?:The\s+)?\p{Lu}[^,]*?),\s+([^,]+),\s+(?:were|are|was|is)\b/u.exec(s.text);
  // A participle's agent between the commas is no part of the subject: "The pavilion, designed by Arthur Blomfield, was ...".
  if (!m || /^\p{Ll}+\s+by\s/u.test(m[2]!)) return false;
  const start = m[1]!.length + m[0].slice(m[1]!.length).indexOf(m[2]!);
  return c.at >= start && c.at + c.text.length <= start + m[2]!.length;
}

/**
 * Whether a span is the agent of one of the relation's verbs: "founded by Greek settlers",
 * "directed by Adam Green"; a title may stand between ("created by TV executive Reg Watson").
 */
export function isAgent(c: Candidate, s: Sentence, relation: ReadonlyArray<ReadonlySet<string>>): boolean {
  return agentOf(c, s, relation) > 0;
}

/**
 * Whether a name is what a name the question gives did the verb asked to, said in the passive right
 * after it: "The Social Union, led by Mara Vesk, won 61 seats".
 */
export function doneByGiven(c: Pick<Candidate, 'text' | 'at'>, s: Sentence, focus: Focus): boolean {
  const m = /^\s*,?\s*(?:(?:was|were|is|are|has\s+been|had\s+been)\s+)?(\p{Ll}+)\s+by\s+([^,;.]+)/u.exec(s.text.slice(c.at + c.text.length));
  const verb = m ? contentTerms(m[1]!)[0] : undefined;
  return verb !== undefined && focus.relation.some((set) => set.has(verb)) && focus.reading.names.some((n) => m![2]!.startsWith(n));
}

/**
 * Whether a span stands as the object of a verb of the relation: "He played the fisherman Tom
 * Calloway" for "Who played the fisherman ...?", which asks who did it (the pronoun), not whom.
 * The verb, then at most a determiner and two words that are no preposition, then the span.
 */
export function objectOfVerb(c: Candidate, s: Sentence, relation: ReadonlyArray<ReadonlySet<string>>): boolean {
  const m = OBJECT_BEFORE.exec(s.text.slice(Math.max(0, c.at - 60), c.at));
  const verb = m ? contentTerms(m[1]!)[0] : undefined;
  return verb !== undefined && relation.some((set) => set.has(verb));
}

/**
 * A verb, then at most a determiner and two words that are no preposition or determiner, before a
 * span ("played the fisherman ", "founding his own company, ": the span a noun's apposition; not
 * "she" of "she founded the ").
 */
const OBJECT_BEFORE =
  /(\p{L}+)\s+(?:(?:the|a|an|his|her|their|its)\s+)?(?:(?!(?:by|of|in|on|at|to|for|with|from|and|as|or|into|after|before|the|a|an|his|her|their|its)\s)[\p{Ll}-]+,?\s+){0,2}$/u;

/**
 * How many words of the relation the phrase before a span's "by" says: "with a music score by
 * Miklós Rózsa" says two of "who wrote the music score", "written by Terence Rattigan" one.
 */
function agentOf(c: Candidate, s: Sentence, relation: ReadonlyArray<ReadonlySet<string>>): number {
  // The words before the verb that make one phrase with it ("music score"), not a clause's subject ("the film was").
  // A date may stand between the verb and its agent: "opened in 1991 by Neil Abernethy", "founded on 4 May 1902 by";
  // and a description after "by": "discovered in 1878 by the Swedish chemist Elsa Frid".
  const m =
    /((?:(?!(?:is|was|are|were|be|been|being|has|have|had|the|a|an)\s)[\p{L}]+\s+){0,2})([\p{L}]+)(?:\s+(?:in|on)\s+(?:\d{1,2}\s+)?(?:\p{Lu}\p{Ll}+\s+)?(?:\d{1,2},?\s+)?\d{4})?\s+by\s+(?:(?:\p{Lu}{2,5}|\p{Lu}\p{Ll}+(?=\s+\p{Ll})|\p{Ll}+)\s+){0,3}$/u.exec(
      s.text.slice(Math.max(0, c.at - 60), c.at),
    );
  if (!m) return underLeader(c, s, relation);
  const verb = contentTerms(m[2]!)[0];
  if (verb === undefined || !relation.some((set) => set.has(verb))) return 0;
  const before = contentTerms(m[1]!);
  return 1 + relation.filter((set) => !set.has(verb) && before.some((t) => set.has(t))).length;
}

/** The words of leading something a question asks with ("Who led ...?", "... commanded ..."). */
const LEADING = new Set(contentTerms('lead leads led leading command commands commanded commanding'));

/**
 * "a Scottish force under Lord Dunmore", asked who led the Scottish force: a leader named after
 * "under" did what is asked, by as many words of the relation as the two words before it say, less
 * the verb of leading itself.
 */
function underLeader(c: Candidate, s: Sentence, relation: ReadonlyArray<ReadonlySet<string>>): number {
  if (!relation.some((set) => [...set].some((t) => LEADING.has(t)))) return 0;
  const m = /((?:[\p{L}-]+\s+){0,2})under\s+(?:the\s+)?$/u.exec(s.text.slice(Math.max(0, c.at - 40), c.at));
  if (!m) return 0;
  const before = contentTerms(m[1]!);
  return 1 + relation.filter((set) => ![...set].some((t) => LEADING.has(t)) && before.some((t) => set.has(t))).length;
}

/**
 * The words a figure is said with after it: up to four, to the stop, comma or conjunction that ends
 * its phrase ("seven tram lines"; in "86 square kilometres and a population of 1,240", the area is
 * said with no population).
 */
export function wordsAfter(c: Candidate, text: string): string {
  return /^[^,.;:()]{0,40}/
    .exec(text.slice(c.at + c.text.length))![0]
    .split(/\s(?:and|or|but|while|whereas)\s/)[0]!
    .trim()
    .split(/\s+/)
    .slice(0, 4)
    .join(' ');
}

/** The terms of a death asked ("died", "were killed", "perished"). */
const DYING = ['die', 'kill', 'perish'];

/** A clause of a name and a preposition before its date, its verb left to the clause before ("and Tallis Gin in 2015"). */
const ELLIPTIC_DATE = /^(?:the\s+)?(?:\p{Lu}[\p{L}\p{N}'’-]*\s+)+(?:in|on)\s+$/u;

/**
 * The candidate nearest the words of the answer class or of the relation in its sentence (or of
 * the relation words given, for a second hop: those only it says); among equals, the one whose
 * surroundings fit the expected type (a place after "in", a person's name of two words).
 */
export function nearest(candidates: Candidate[], s: Sentence, focus: Focus, reading?: QuestionReading, given?: Array<Set<string>>): Candidate {
  const words = [...s.text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ at: m.index, end: m.index + m[0].length, term: contentTerms(m[0])[0] }));
  // The words of the question's own clause ("who starred in what for seven years?"), when the
  // sentence says them, place the answer; the question's other words only describe its subject.
  const clause = focus.relation.filter((set, i) => focus.isAsked(i) && (given ?? [set]).includes(set) && [...set].some((t) => holdsTerm(s.terms, t)));
  const only = clause.length > 0 ? clause : given;
  const anchors = words.filter(
    (w) =>
      w.term !== undefined &&
      (focus.answerClass.has(w.term) ||
        (only ?? focus.relation).some((set) => set.has(w.term!)) ||
        (only === undefined && focus.nameTerms.some((n) => n.includes(w.term!)))),
  );
  const classAnchors = words.filter((w) => w.term !== undefined && focus.answerClass.has(w.term));
  // What a figure counts is the noun phrase after it ("seven tram lines"): the figure whose phrase
  // holds more of what is asked wins over one merely near it ("four metro lines", for tram lines).
  const counted = (c: Candidate) => {
    if (c.kind !== 'number') return 0;
    const phrase = new Set(contentTerms(`${c.text} ${wordsAfter(c, s.text)}`));
    return [...(only ?? focus.relation), ...(focus.answerClass.size > 0 ? [focus.answerClass] : [])].filter((set) => [...set].some((t) => holdsTerm(phrase, t)))
      .length;
  };
  // "holds 84 of the 200 seats", asked how many seats it holds: the part the verb asked takes counts the class, as its whole does.
  // So does "Of the 312 people on board, 41 died", asked how many people died: the part the verb asked follows.
  const partDone = (c: Candidate) => {
    if (c.kind !== 'number') return false;
    const after = s.text.slice(c.at + c.text.length);
    const partOf = PART_OF_WHOLE.exec(after);
    const whole = partOf ?? WHOLE_FRONTED.exec(s.text.slice(0, c.at));
    // The verb right before the part, or a word before it ("holds 84", "won only 84"); or right after a fronted whole's part ("41 died").
    const near = partOf ? /(?:\p{L}+\s+){0,2}$/u.exec(s.text.slice(0, c.at))?.[0] : /^(?:\s+\p{L}+){1,2}/u.exec(`${c.text.replace(/^\S+/, '')}${after}`)?.[0];
    const verbs = contentTerms(near ?? '');
    // "sank with the loss of 23 of her 31 crew", asked how many died: the part a death's noun names.
    const deaths = partOf !== null && /\b(?:loss|deaths?)\s+of\s+$/i.test(s.text.slice(0, c.at)) && focus.relation.some((set) => DYING.some((t) => set.has(t)));
    return whole !== null && focus.answerClass.has(contentTerms(whole[1]!)[0] ?? '') && (deaths || focus.relation.some((set) => verbs.some((t) => set.has(t))));
  };
  // How many of the asked word sets the candidate's clause says: clauses part at commas, semicolons and "and".
  const clauseStart = (c: Candidate) => Math.max(0, ...[...s.text.slice(0, c.at).matchAll(/[,;]\s|\sand\s/g)].map((m) => m.index + m[0].length));
  const clauseSays = (c: Candidate): number => {
    const stop = /[,;]\s|\sand\s/.exec(s.text.slice(c.at + c.text.length));
    const clause = new Set(contentTerms(s.text.slice(clauseStart(c), stop ? c.at + c.text.length + stop.index : undefined)));
    return (only ?? focus.relation).filter((set) => [...set].some((t) => holdsTerm(clause, t))).length;
  };
  // "The group bought Glenmarra in 2007 and Tallis Gin in 2015": a clause of only a name and its
  // date says the verb before it again; of such parallel dates, the one beside a name the question
  // gives is asked ("When did it buy Tallis Gin?": 2015).
  const parallel = candidates.some(
    (c) => (c.kind === 'date' || c.kind === 'year') && clauseStart(c) > 0 && ELLIPTIC_DATE.test(s.text.slice(clauseStart(c), c.at)),
  );
  const besideGiven = (c: Candidate) => {
    const head = new Set(contentTerms(s.text.slice(clauseStart(c), c.at)));
    return parallel && focus.nameTerms.some((n) => n.every((t) => head.has(t))) ? 1 : 0;
  };
  const distance = (c: Candidate) => {
    const end = c.at + c.text.length;
    const gap = (a: { at: number; end: number }) => (a.at >= end ? a.at - end : a.end <= c.at ? c.at - a.end : 0);
    // Beside the class noun, quotes aside ('His first solo album, "Tidewater"').
    const besideGap = (a: { at: number; end: number }) =>
      (a.at >= end ? s.text.slice(end, a.at) : a.end <= c.at ? s.text.slice(a.end, c.at) : '').replace(/["“”‘’]/gu, '').length;
    const toClass = classAnchors.length > 0 ? Math.min(...classAnchors.map(besideGap)) : Number.POSITIVE_INFINITY;
    // A word of the question inside the span itself ("Rhône" in "the Rhône Glacier") does not bring it nearer.
    const outside = anchors.filter((a) => a.end <= c.at || a.at >= end);
    const toAny = outside.length > 0 ? Math.min(...outside.map(gap)) : anchors.length > 0 ? Number.POSITIVE_INFINITY : c.at;
    // A name the sentence calls the class asked ("in Brenhaven, the second-largest city of Norland")
    // is the answer, over the name after the class noun; a name right beside it ("the Garonne river") is too.
    if (c.kind === 'name' && calledClass(c, s, focus)) return -1.1;
    // The part before its whole's class noun: "41" of "Of the 312 people on board, 41 died".
    if (partDone(c)) return -1.05;
    // A role asked is the name played "as" ("made her debut at La Scala in 1973 as Mimì").
    if (c.kind === 'name' && ROLE_CLASS.test(reading?.answerClass?.split(' ').pop() ?? '') && /\bas\s+(?:the\s+)?$/.test(s.text.slice(0, c.at))) return -1.02;
    // Of several beside the class ("won the Varna Marathon in 2015, and finished third at the
    // Rotterdam Marathon"), the one whose clause says more of what is asked.
    if (toClass <= 2) return -1 - clauseSays(c) / 100;
    // A place asked by its class ("In what city ...?") is the name the lexicon knows as one ("on
    // Freedom Square in Brno": Brno), over a nearer name it does not.
    if (reading?.type === 'place' && knownAsClass(c, focus)) return -0.9;
    const fitsType = !reading || (typeFits(c, reading, s.text) && !knownOtherPlace(c, reading, focus));
    const agent = reading?.type === 'person' && fitsType ? agentOf(c, s, only ?? focus.relation) : 0;
    if (agent > 0) return -0.4 - agent / 10;
    // A place right after the question's last word and a preposition, its verb ("Where are the
    // specimens held?": "specimens in Patagonia, now held at Kew Gardens"), over one as near another word.
    const last = (only ?? focus.relation).at(-1);
    const placed = reading?.type === 'place' && focus.relation.length > 1 && last !== undefined && afterVerb(s.text.slice(0, c.at), last) ? 0.5 : 0;
    // A span that does not read as the expected type stands further off, by a sentence's length.
    return toAny - placed + (reading && !fitsType ? 200 : 0);
  };
  // A date in the clause that says more of what is asked ("first shown to a paying audience in
  // Paris in December 1895", over "patented ... in 1895 and").
  const inClause = (c: Candidate) => (c.kind === 'date' || c.kind === 'year' ? besideGiven(c) * 10 + clauseSays(c) : 0);
  return [...candidates].sort((a, b) => counted(b) - counted(a) || inClause(b) - inClause(a) || distance(a) - distance(b) || a.at - b.at)[0]!;
}

/** Whether text ends in a word of the set and a preposition of place ("now held at "). */
function afterVerb(before: string, set: ReadonlySet<string>): boolean {
  const word = /(\p{L}+)\s+(?:at|in|on|near|to|into)\s+(?:the\s+)?$/u.exec(before)?.[1];
  return word !== undefined && set.has(contentTerms(word)[0] ?? '');
}

/**
 * A name its sentence calls the class asked for ("in the Salzkammergut, a region in Austria",
 * "Brenhaven, the second-largest city of Norland"), or names after the class's noun ("the river
 * Halsa", "the village of Old Tarn"), is the answer, not a hop.
 */
export function calledClass(c: Candidate, s: Sentence, focus: Focus): boolean {
  if (focus.spansOfClass) return false;
  const phrase = /^,\s+(?:a|an|the)\s+((?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]+)/u.exec(s.text.slice(c.at + c.text.length))?.[1];
  // Of a name only ("a population of 522,000" does not call a figure the population), after "the"
  // ("a city of France" says what is in France), and not a country the lexicon knows ("the capital
  // of France" says what France has).
  const noun =
    c.kind === 'name' && focus.lexicon.isKindOf?.(c.text, 'country') !== true
      ? /\bthe\s+(\p{Ll}[\p{Ll}-]*)\s+(?:of\s+)?$/u.exec(s.text.slice(Math.max(0, c.at - 30), c.at))?.[1]
      : undefined;
  // "crosses the Kessel river": a place's class noun right after the name ("the Disney movie" is no movie called Disney).
  const after =
    c.kind === 'name' && focus.reading.type === 'place' && /\bthe\s+$/i.test(s.text.slice(Math.max(0, c.at - 4), c.at))
      ? /^\s+(\p{Ll}[\p{Ll}-]*)\b/u.exec(s.text.slice(c.at + c.text.length))?.[1]
      : undefined;
  return [phrase, noun, after].some((words) => words !== undefined && contentTerms(words).some((t) => focus.answerClass.has(t)));
}

/**
 * Whether the lexicon knows a name as one of the class asked for, as its own passage would say it
 * (ownPassageDefines) were it retrieved: "Lyon is often called the capital of French gastronomy"
 * names a city, though Lyon's own passage is not among those read; "on Freedom Square in Brno":
 * Brno. Within two levels: Paris is a national capital, a kind of city; France is a country, but a
 * region only further up. Of three letters or more ("As" is a name to the lexicon, of an element).
 */
export function knownAsClass(c: Candidate, focus: Focus): boolean {
  const head = focus.reading.answerClass?.split(' ').pop();
  return (
    c.kind === 'name' && head !== undefined && !focus.spansOfClass && /^\p{Lu}\p{L}{2}/u.test(c.text) && focus.lexicon.isKindOf?.(c.text, head, 2) === true
  );
}

/**
 * Whether a name the lexicon knows only as a place ("France", "Lyon") is asked as a thing of
 * another class ("Which museum ...?"): a place is no museum.
 */
function knownOtherPlace(c: Candidate, reading: QuestionReading, focus: Focus): boolean {
  const head = reading.answerClass?.split(' ').pop();
  const lexicon = focus.lexicon;
  if (reading.type !== 'entity' || c.kind !== 'name' || !head || !lexicon.isKindOf || lexicon.isOnlyName?.(c.text.toLowerCase()) !== true) return false;
  return ['location', 'region', 'city', 'town', 'country', 'river'].some((kind) => lexicon.isKindOf!(c.text, kind)) && !lexicon.isKindOf(c.text, head);
}

/**
 * What a span that does not read as the expected type costs its sentence: about as much as a word
 * of the relation (fitted on the sample set's, HotpotQA's and 2WikiMultihopQA's dev splits).
 */
export function misfit(c: Candidate, reading: QuestionReading, s: Sentence): number {
  return typeFits(c, reading, s.text) ? 0 : -2;
}

/**
 * Whether a name's surroundings read as the type asked: a place follows in/at/from/near/to/off ("a reef off Cape Maren") or a date, or comes
 * before ", Region"; a person is not after "in", is no acronym and does not qualify a name after it; neither holds a figure ("2010 American").
 */
function typeFits(c: Candidate, reading: QuestionReading, text: string): boolean {
  if (c.kind !== 'name') return true;
  const before = text.slice(Math.max(0, c.at - 16), c.at);
  const after = text.slice(c.at + c.text.length, c.at + c.text.length + 3);
  const figure = /\d/.test(c.text);
  // A single word before a common noun qualifies it ("an American actor", "a Polish film"): no place.
  // Before the class asked for, it is the name of one ("the Auvergne-Rhône-Alpes region", asked which region).
  const nextWord = /^\s+(\p{Ll}+)/u.exec(text.slice(c.at + c.text.length))?.[1];
  const namesClass = nextWord !== undefined && reading.answerClass !== undefined && contentTerms(reading.answerClass).includes(contentTerms(nextWord)[0] ?? '');
  const qualifiesNoun =
    !namesClass &&
    !/\s/.test(c.text) &&
    /^\s+\p{Ll}+/u.test(text.slice(c.at + c.text.length)) &&
    !/^\s+(?:is|was|are|were|be|been|and|or|but|in|on|at|of|to|by|for|with|from|as|into|near|has|had|have|which|who|whom|that|where|when|while|after|before|since|until|during|than|between|among|against|under|over|along|across|through|around|behind|beyond|within|without|via|each|every|this|these|those|its|his|her|their|a|an|the)\b/.test(
      text.slice(c.at + c.text.length),
    );
  // "in the port city of Marseille", "at the Confluence district of Lyon": the place a place's noun
  // names, after in/at/from/near/to.
  // "on the island of Fanø" too, a place a place's noun names after "on".
  const near = text.slice(Math.max(0, c.at - 40), c.at);
  // A quarter of it may stand between ("in the Orva region of northern Kestria").
  const ofPlace =
    OF_PLACE.test(near) ||
    /\bon\s+the\s+(?:island|isle|peninsula|coast|banks?|shore)\s+of\s+$/u.test(near) ||
    // "on the Skerra Islands", "on Skerra Isle": a place named as such a noun.
    (/\bon\s+(?:the\s+)?$/.test(before) && /\s(?:Islands?|Isles?|Peninsula|Coast|Atoll|Archipelago)$/.test(c.text)) ||
    // "Its flagship store is on the Place Vendôme": where a thing is, said by "is on".
    /\b(?:is|are|was|were|lies|lie|stands|stand|sits|sit)\s+on\s+(?:the\s+)?$/u.test(near);
  // A life's places follow its dates: "(1 April 1925, Kraków – 3 October 2000, Łódź)"; a quarter
  // may stand between the preposition and the place ("in northern Ostria").
  if (reading.type === 'place')
    return !figure && !qualifiesNoun && (AT_PLACE.test(near) || /\b\d{3,4},\s+$/.test(before) || ofPlace || /^,\s*\p{Lu}/u.test(after));
  // An acronym ("TV", "NBA") names an organisation or a thing, seldom a person.
  // A word before a common noun and a name qualifies the name ("French-Canadian author Mélanie Watt").
  const qualifies =
    /^\s+\p{Ll}+\s+\p{Lu}/u.test(text.slice(c.at + c.text.length, c.at + c.text.length + 40)) &&
    !/\s/.test(c.text) &&
    !/^\s+(?:and|or|but|nor|is|was|are|were|has|had|have|of|in|on|at|to|by|for|with|from|as|than)\s/.test(text.slice(c.at + c.text.length));
  // A lone capitalised word before a plural noun, with no article, is an adjective of people ("were
  // French inventors"), not who they are; after "the" or "by" it names the group ("the Lumière brothers").
  const describesPeople = !/\s/.test(c.text) && /^\s+\p{Ll}{3,}s\b/u.test(text.slice(c.at + c.text.length)) && !/\b(?:the|by)\s+$/i.test(before);
  if (reading.type === 'person')
    return !figure && !qualifies && !describesPeople && !/\b(?:in|at|from|near)\s+(?:the\s+)?$/i.test(before) && !/^\p{Lu}{2,5}$/u.test(c.text);
  // A lone capitalised word before a common noun describes it ("an Australian painter", "a Sumerian
  // demon"): what is asked is a thing, not the adjective of one. A common word of the class asked
  // is said so of what the question asks about ("What colour are the cliffs?": "white limestone
  // cliffs"), not of another noun ("feminine form").
  if (reading.type === 'entity') return !qualifiesNoun || (/^\p{Ll}/u.test(c.text) && qualifiesAsked(c, reading, text));
  return true;
}

/** The terms of a reading's relation words, read once a reading (nearest's sort asks per comparison). */
const relationTermsOf = new WeakMap<QuestionReading, Set<string>>();

/** Whether one of the two words after a candidate is a word of the question's relation ("white limestone cliffs" for "the cliffs"). */
function qualifiesAsked(c: Candidate, reading: QuestionReading, text: string): boolean {
  let asked = relationTermsOf.get(reading);
  if (asked === undefined) {
    asked = new Set(reading.relation.flatMap((w) => contentTerms(w)));
    relationTermsOf.set(reading, asked);
  }
  const next = /^\s+(\p{Ll}+)(?:\s+(\p{Ll}+))?/u.exec(text.slice(c.at + c.text.length));
  return next !== null && [next[1], next[2]].some((w) => w !== undefined && asked.has(contentTerms(w)[0] ?? ''));
}

/** A number gets the year its sentence gives it ("about 873,000 (2020)"). */
export function withYear(c: Candidate, sentence: string, reading: QuestionReading): string {
  // "What year" asks for the year of a date.
  if (reading.type === 'year' && c.kind === 'date' && /\b\d{3,4}\b/.test(c.text) && !/century/i.test(c.text)) return /\b\d{3,4}\b/.exec(c.text)![0];
  if (c.kind !== 'number' || reading.type !== 'number') return c.text;
  // "about 22 gigawatts of onshore capacity in 2023": a qualifier of the figure's noun the question
  // does not say is part of what it counts, and the year of its clause dates it.
  const after = sentence.slice(c.at + c.text.length);
  const scope = /^\s+of\s+(\p{Ll}[\p{Ll}-]+)\s+(\p{Ll}+)\b/u.exec(after);
  const said = new Set(contentTerms([...reading.relation, ...reading.names, reading.answerClass ?? ''].join(' ')));
  const scoped = scope && NUMBER_NOUNS.test(scope[2]!) && !contentTerms(scope[1]!).some((t) => said.has(t)) ? ` of ${scope[1]} ${scope[2]}` : '';
  const clause = after.split(/[,;]/)[0]!;
  // The year of another clause, one with a verb of its own, does not date the figure: "founded in
  // 2012 and manages about €400 million", "founded in 1931 ... and now has 160 members", "as chief
  // executive in 2015, he worked for twelve years", "opened in 2004, and the toll on the bridge was 2 euros".
  // A sentence's opening "In 2020," dates all of it, and so does a clause sharing its verb ("about
  // 2.1 million in 2020 and more than 12 million in its metropolitan area").
  const ownClause = (d: Candidate) => {
    const between = d.at < c.at ? sentence.slice(d.at + d.text.length, c.at) : sentence.slice(c.at + c.text.length, d.at);
    const opening = d.at < c.at && /^\s*(?:in|by|as\s+of|since|during)\s+(?:\p{L}+\s+)?$/iu.test(sentence.slice(0, d.at));
    return (
      opening ||
      !/\band\s+(?:(?:now|still|currently|later|also)\s+)?(?:is|was|are|were|has|had|have|(?!less\b|this\b)\p{Ll}{3,}(?:s|ed))\b|[,;]\s+(?:he|she|it|they|we)\b|[,;]\s+(?:and|but)\s+(?:the|its|his|her|their)(?:\s+\p{Ll}+){1,5}\s+(?:is|was|are|were|has|had)\b/u.test(
        between,
      )
    );
  };
  // Nor does a year that bounds a period ("ran for four series ... from 2011 to 2015"): the count is of all of it.
  // A season ("in the 2022–23 season") is a period too; nor is the year of the last of the things counted ("won the title six times, most recently in 2018").
  // Nor a year the figure held until ("was 2 euros until 2012").
  const bounds = (d: Candidate) =>
    // Nor one of a list of years ("three times, in 2010, 2013 and 2017").
    /^\s*(?:[–-]\d{2}|(?:–|-|to|until|and|,)\s*\d{4})\b/.test(sentence.slice(d.at + d.text.length)) ||
    /\b(?:most\s+recently|last|latest)\s+(?:in\s+)?$|\b(?:until|till)\s+$/.test(sentence.slice(0, d.at)) ||
    /\b(?:from|between)\s+$|\d{4}\s*(?:–|-|to|until|and)\s*$/.test(sentence.slice(0, d.at));
  const year = datesIn(sentence).find(
    (d) =>
      d.kind === 'year' &&
      ownClause(d) &&
      !bounds(d) &&
      (Math.abs(d.at - c.at) < 40 || (scoped !== '' && d.at > c.at && d.at < c.at + c.text.length + clause.length)),
  );
  return `${c.text}${scoped}${year ? ` (${year.text})` : ''}`;
}

export const NAME_WORD = String.raw`\p{Lu}[\p{L}.'’-]*`;
export const COMMON_WORD = String.raw`\p{Ll}[\p{Ll}'’-]*`;

/**
 * The items coordinated right after a span, through the last one after "and" (", B, C and D"),
 * each of one to `most` words of the given pattern, the match followed by `end`.
 */
export function listedAfter(after: string, word: string, most: number, end = ''): string | undefined {
  const item = `${word}(?:\\s+${word}){0,${most - 1}}`;
  return new RegExp(`^((?:,\\s+${item})*,?\\s+and\\s+${item})${end}`, 'u').exec(after)?.[1];
}

/**
 * The names coordinated after an agent's name ("by Diego López and David Pizarro"), each of its
 * description dropped ("by the promoter Kari Lunde and the singer Tor Evjen": " and Tor Evjen"),
 * given the text after the first name; undefined when none follows.
 */
export function coAgents(after: string): string | undefined {
  return listedAfter(after, `(?:(?:the|an?)\\s+(?:\\p{Ll}[\\p{Ll}-]*\\s+){1,2})?${NAME_WORD}`, 4)
    ?.replace(/(,\s+|\s+and\s+)(?:the|an?)\s+(?:\p{Ll}[\p{Ll}-]*\s+){1,2}(?=\p{Lu})/gu, '$1')
    .replace(/\.$/, '');
}
