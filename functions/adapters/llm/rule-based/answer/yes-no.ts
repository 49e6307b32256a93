/**
 * Yes or no questions (yesNo): both sides hold the attribute, or share a place or a nation; a year
 * bound is met (boundedYear); a claim holds (claim); with the tests on a sentence they use
 * (inClause, contradicts, negated).
 */

import { placeOfClass, SAME_NATION } from '../../../../core/answer/answer-classes.js';
import { datesIn, namesIn, YEAR_WORD } from '../../../../core/answer/candidates.js';
import { holdsTerm, type QuestionReading } from '../../../../core/answer/question.js';
import { escapeRegExp, LIFE_SPAN, STILL_ASKED } from '../../../../core/answer/text.js';
import { contentTerms } from '../../../../core/retrieval/tokenize.js';
import { cite, type ExtractedAnswer, type Focus, LOCATIVE_VERB, ORDINALS, ranked, type Sentence, sameName, sentencesAbout } from './focus.js';
import { CHANGED_DOWN, CHANGED_UP } from './phrasings.js';
import { nearest, relationGap } from './spans.js';

/** "... in the same year?", "the same decade", "on the same day": a time asked to be the same. */
const SAME_TIME = /\bsame\s+(?:year|decade|century|day|date|time)\b/i;

/** The first year of a side's first sentence saying the relation ("The club was founded in 1889"), with that sentence. */
function yearSaid(side: readonly Sentence[], focus: Focus): { year: string; sentence: Sentence } | undefined {
  for (const s of side.filter((x) => focus.relationScore(x) > 0)) {
    const year = YEAR_WORD.exec(s.text)?.[0];
    if (year) return { year, sentence: s };
  }
  return undefined;
}

/**
 * An end its passage says a thing came to: "It closed in 2018" (not "is closed on Mondays"), "was
 * dissolved", "ceased trading", "died"; a life's span of two years ("(1950–2017)") is read by LIFE_SPAN.
 */
const ENDED =
  /(?<!\b(?:is|are)\s)\bclosed\b(?!\s+(?:on|to|for|during|at|every|each)\b)|\b(?:was\s+(?:dissolved|disbanded|demolished|abolished|liquidated)|ceased|shut\s+down|went\s+bankrupt|(?:is|was)\s+defunct|died)\b/u;

/**
 * "Is Granen still open?", "Is X still alive?": whether a thing or a person lasts to now, by its own
 * passage: no when a sentence there says it ended ("It closed in 2018"), yes when its lead says what
 * it is in the present ("Saltbrygga is a seafood restaurant"). Undefined for other questions, or when the
 * thing has no passage of its own.
 */
function stillSo(reading: QuestionReading, focus: Focus, question: string): ExtractedAnswer | undefined {
  const name = reading.names.length === 1 ? reading.names[0]! : undefined;
  if (name === undefined || !STILL_ASKED.test(question)) return undefined;
  const own = focus.all.filter((s) => sameName(s.title, name));
  const ended = own.find((s) => ENDED.test(s.text) || LIFE_SPAN.test(s.text));
  if (ended) return { shortAnswer: 'no', answer: cite(ended) };
  const lead = own.find((s) => s.position === 0 && new RegExp(`^(?:The\\s+)?${escapeRegExp(name)}(?:\\s*\\([^()]*\\))?\\s+(?:is|are)\\s`, 'i').test(s.text));
  return lead ? { shortAnswer: 'yes', answer: cite(lead) } : undefined;
}

/** Yes or no: both sides hold the attribute, or both name the same place of the asked kind; one claim holds or not. */
export function yesNo(reading: QuestionReading, focus: Focus, question: string): ExtractedAnswer | undefined {
  // A year bound is settled by the year of the event, or not at all.
  if (reading.bound) return boundedYear(reading.bound, focus);
  const lasting = stillSo(reading, focus, question);
  if (lasting) return lasting;
  const nation = nationClaimed(reading, focus, question);
  if (nation) return nation;
  const claimed = claim(reading, focus, question);
  if (claimed) return claimed;
  const sides = reading.options ?? (reading.names.length >= 2 ? ([reading.names[0]!, reading.names[1]!] as [string, string]) : undefined);
  if (sides) {
    const perSide = sides.map((side) => sentencesAbout(side, focus));
    if (perSide.some((s) => s.length === 0)) return undefined;
    // "... in the same state?": the reading keeps the noun after "same" as the class asked, not in
    // the relation. (A nation asked the same is read by its adjective below.)
    const same =
      (/\bsame\b/i.test(question) && !SAME_NATION.test(question)) ||
      /\bsame\b/i.test(focus.reading.relation.join(' ')) ||
      /\bsame\s+(\w+)/i.test(reading.names.join(' '));
    // "From the same country?", "the same nationality?": the nation each side's opening names by its
    // adjective ("an American painter", "a Canadian thriller film"), through the name it is of.
    // Sides named through a role ("director of film X") are people the films' openings do not describe.
    const asksNation = SAME_NATION.test(question) && !/\b\p{Ll}+(?:or|er|ist)s?\s+of\b/u.test(question);
    const nations = asksNation ? perSide.map((ss) => nationOf(ss, focus)) : [];
    if (asksNation && nations.every((n) => n !== undefined)) {
      return { shortAnswer: nations[0] === nations[1] ? 'yes' : 'no', answer: perSide.map((ss) => cite(ss[0]!)).join(' ') };
    }
    // "Were X and Y founded in the same year?": the year each side's sentence saying the relation gives.
    const years = same && SAME_TIME.test(question) ? perSide.map((ss) => yearSaid(ss, focus)) : [];
    if (years.length === 2 && years.every((y) => y !== undefined)) {
      return { shortAnswer: years[0]!.year === years[1]!.year ? 'yes' : 'no', answer: years.map((y) => cite(y!.sentence)).join(' ') };
    }
    if (same) {
      // What each side is "in": the name beside the class noun the question asks to be the same.
      const named = perSide.map((ss) => placesOf(ss, focus));
      // "Are Mount Keravi and Mount Sabre on the same island?": the islands each is on (Lunesse,
      // Ysolde), not the archipelago both are in.
      const classed = named.every((ps) => ps.some((p) => p.ofClass));
      const places = named.map((ps) => ps.filter((p) => !classed || p.ofClass).map((p) => p.name));
      const shared = places[0]!.filter((p) => places[1]!.some((q) => q.toLowerCase() === p.toLowerCase()));
      // Where a side's passages name no such place, nothing settles it.
      if (places.some((p) => p.length === 0)) return { shortAnswer: null, answer: perSide.map((ss) => cite(ss[0]!)).join(' ') };
      return { shortAnswer: shared.length > 0 ? 'yes' : 'no', answer: perSide.map((ss) => cite(ss[0]!)).join(' ') };
    }
    // Two names the question does not join ("Does the Seine flow through Lyon?") are asked of
    // together: one sentence says both, with the relation ("The Seine river flows through Paris"
    // says nothing of Lyon; "... meets the Saône at Lyon" nothing of the Seine).
    const joined =
      reading.options !== undefined ||
      /\b(?:both|same|each|either|neither|all)\b/i.test(question) ||
      new RegExp(`${escapeRegExp(sides[0])}(?:['’]s?)?\\s*(?:,|and|or|&)\\s*(?:the\\s+)?${escapeRegExp(sides[1])}`, 'iu').test(question);
    if (!joined) {
      // "Does Paris lie on the Seine?": a verb that only says where a thing is is said by any sentence
      // naming both ("The Seine river flows through Paris").
      const locative = focus.reading.relation.length > 0 && focus.reading.relation.every((w) => LOCATIVE_VERB.test(w));
      const together = (s: Sentence) =>
        sides.every((side) => contentTerms(side).every((t) => s.terms.has(t) || contentTerms(s.title).includes(t))) &&
        (locative || focus.relationScore(s) > 0) &&
        !negated(s.text);
      const said = focus.all.find(together);
      if (said && locative) return { shortAnswer: 'yes', answer: cite(said) };
      // No verdict when no passage says the verb asked of the first name at all ("Did EDF build
      // ...?" where nothing is said to be built): the passages are silent, not saying no.
      const verb = new RegExp(`${escapeRegExp(sides[0])}\\s+(\\p{Ll}+)`, 'u').exec(question)?.[1];
      const verbSet = verb === undefined ? undefined : focus.relation.find((set) => set.has(contentTerms(verb)[0] ?? ''));
      if (!said && verbSet && !focus.all.some((s) => [...verbSet].some((t) => holdsTerm(s.terms, t)))) {
        return { shortAnswer: null, answer: perSide.map((ss) => cite(ss[0]!)).join(' ') };
      }
      if (!said) return { shortAnswer: 'no', answer: perSide.map((ss) => cite(ss[0]!)).join(' ') };
    }
    // Both hold the attribute: the relation's words (beyond the names) in each side's sentences, and
    // any other name the question gives ("both published by Parker Brothers") in each side's passage.
    const others = reading.names.filter((n) => !sides.some((side) => side.includes(n) || n.includes(side))).map((n) => contentTerms(n));
    const names = (ss: readonly Sentence[]) => others.every((terms) => terms.every((t) => ss.some((s) => s.terms.has(t))));
    // Asked what kind of person each is ("both novelists?"), a side with a passage of its own is read
    // there: "based on the novel by Ingrid Sæther", in the film's passage, makes no novelist of its
    // director.
    const kindAsked = focus.reading.relation.some((w) => focus.lexicon.isKindOf?.(w.replace(/s$/, ''), 'person') === true);
    const own = sides.map((side, i) => {
      const titled = kindAsked || focus.relation.length === 0 ? focus.passageOf(side) : [];
      return titled.length > 0 ? titled : perSide[i]!;
    });
    // With no word of a relation but another name, that name settles it: a nation's adjective ("both
    // Norwegian", read as a name), or a name ("both from the Late Cretaceous?").
    const nameOnly = focus.relation.length === 0 && others.length > 0;
    const holds = own.map((ss) => (nameOnly || ss.some((s) => focus.relationScore(s) > 0 && !negated(s.text))) && names(ss));
    const best = own.map((ss) => [...ss].sort((a, b) => focus.relationScore(b) - focus.relationScore(a))[0]!);
    return { shortAnswer: holds.every(Boolean) ? 'yes' : 'no', answer: best.map(cite).join(' ') };
  }
  const top = ranked(focus)[0];
  if (!top || focus.about(top) === 0) return undefined;
  const wanted = focus.relation.length;
  const held = focus.relation.filter((set) => [...set].some((t) => holdsTerm(top.terms, t))).length;
  // A question naming nothing ("Is a bouchon a restaurant?") needs no name in its sentence.
  const named = focus.nameTerms.length === 0 || (focus.nameScore(top) > 0 && reading.names.every((n) => inClause(n, top, focus)));
  return { shortAnswer: held >= Math.ceil(wanted / 2) && named && !negated(top.text) && !contradicts(top, focus, question) ? 'yes' : 'no', answer: cite(top) };
}

/**
 * "Did Vélo'v start before 2010?": the year that the best sentence speaking of the relation, in a
 * passage titled after one of the question's names, gives (the one nearest the relation's words),
 * against the year asked. A passage about something else may date a sibling ("the Musée des
 * Confluences, ... opened in 2014, ... and the Institut Lumière"). Undefined when no such sentence
 * gives a year.
 */
function boundedYear(bound: NonNullable<QuestionReading['bound']>, focus: Focus): ExtractedAnswer | undefined {
  for (const s of ranked(focus)) {
    if (focus.about(s) === 0) break;
    if (!focus.titledAfterName(s) || (focus.relation.length > 0 && focus.relationScore(s) === 0)) continue;
    const years = datesIn(s.text).filter((d) => d.value !== undefined);
    if (years.length === 0) continue;
    const year = nearest(years, s, focus).value!;
    return { shortAnswer: (bound.before ? year < bound.year : year > bound.year) ? 'yes' : 'no', answer: cite(s) };
  }
  return undefined;
}

/** A new clause opens on "and" and a verb ("and first shown", "and was"); nouns joined by it ("a composer and pianist") are one clause. */
const CLAUSE_BREAK = /\band\s+(?:(?:is|was|are|were|has|had|have|then|later|first|also|it|he|she|they)\b|\p{Ll}+ed\b)|;/u;

/**
 * Whether a name a yes/no question gives is said in the clause that says the attribute asked
 * about, when the sentence says both: "patented by ... in 1895 and first shown in Paris" does not
 * say it was patented in Paris. True when the sentence lacks the name or the question asks no attribute.
 */
function inClause(name: string, s: Sentence, focus: Focus): boolean {
  const at = s.text.toLowerCase().indexOf(name.replace(/['’]s$/, '').toLowerCase());
  if (focus.relation.length === 0 || at < 0) return true;
  const between = (i: number) => (i < at ? s.text.slice(i, at) : s.text.slice(at + name.length, i));
  return [...s.text.matchAll(/[\p{L}\p{N}]+/gu)].some((m) => {
    const term = contentTerms(m[0])[0];
    return term !== undefined && focus.relation.some((set) => set.has(term)) && !CLAUSE_BREAK.test(between(m.index));
  });
}

/**
 * "Is Morelle a white grape?": the sentence says another value of the same attribute before the
 * noun the word qualifies ("a red wine grape"): white and red are both colours, kinds of a kind of
 * attribute. A word the lexicon files under no shared attribute ("a wine grape") says nothing against it.
 */
function otherValue(word: string, s: Sentence, focus: Focus, question: string): boolean {
  const { lexicon } = focus;
  if (!lexicon.kindsOf || !lexicon.isKindOf) return false;
  const noun = new RegExp(`\\b${escapeRegExp(word)}\\s+(\\p{Ll}{3,})\\b`, 'iu').exec(question)?.[1];
  if (noun === undefined) return false;
  const kinds = new Set(lexicon.kindsOf(word));
  if (kinds.size === 0) return false;
  const said = [...s.text.matchAll(new RegExp(`\\b(\\p{Ll}{3,})\\s+(?:\\p{Ll}+\\s+)?${escapeRegExp(noun)}\\b`, 'gu'))].map((m) => m[1]!);
  return said.some((other) => other !== word.toLowerCase() && lexicon.kindsOf!(other).some((k) => kinds.has(k) && lexicon.isKindOf!(k, 'attribute', 4)));
}

/**
 * Whether a sentence says the opposite of what a yes/no question asks: a word of the question is
 * missing and the lexicon's opposite of it is there ("a right tributary" for "a left tributary?"),
 * another rank stands where the question's does ("the third-largest" for "the second-largest?"),
 * or a change goes the other way ("Have bike journeys gone down?": "has tripled").
 */
function contradicts(s: Sentence, focus: Focus, question: string): boolean {
  const way = (text: string) => (CHANGED_UP.test(text) === CHANGED_DOWN.test(text) ? 0 : CHANGED_UP.test(text) ? 1 : -1);
  if (way(question) * way(s.text) < 0) return true;
  for (const w of focus.reading.relation) {
    const term = contentTerms(w)[0];
    if (!term || s.terms.has(term) || ORDINALS.includes(term)) continue;
    if ((focus.lexicon.antonyms?.(w) ?? []).some((a) => contentTerms(a).length > 0 && contentTerms(a).every((t) => s.terms.has(t)))) return true;
    if (otherValue(w, s, focus, question)) return true;
  }
  // A rank: "4th largest", "second-biggest", "the third source".
  const ranks = (text: string) =>
    new Set(
      [...text.matchAll(/\b(?:(\d+)(?:st|nd|rd|th)|(\p{L}+))\b/gu)]
        .map((m) => (m[1] ? Number(m[1]) : ORDINALS.indexOf(m[2]!.toLowerCase()) + 1))
        .filter((r) => r > 0),
    );
  const said = ranks(s.text);
  const asked = ranks(question);
  if ([...asked].some((r) => said.size > 0 && !said.has(r))) return true;
  // A superlative asked without a rank asks the first: "the second-largest city" does not answer "Is it the largest?".
  const superlative = asked.size === 0 ? /\bthe\s+(\p{L}+est)\b/iu.exec(question)?.[1] : undefined;
  if (superlative === undefined) return false;
  const rankedAs = new RegExp(`\\b(?:\\d+(?:st|nd|rd|th)|${ORDINALS.slice(1).join('|')})[-\\s]${escapeRegExp(superlative)}\\b`, 'iu');
  return rankedAs.test(s.text);
}

/**
 * "Is Almaz Tesfaye Kenyan?", "Is Peter Kiprono a Kenyan?", "Is Kamenitza a Belgian brewery?": a
 * country's adjective claimed of one name (read as a name of its own, or onto the end of the name)
 * is settled by the nation the name's own passage gives first. Undefined when the word is no
 * country's adjective or the passages give no nation.
 */
function nationClaimed(reading: QuestionReading, focus: Focus, question: string): ExtractedAnswer | undefined {
  if (reading.options || reading.names.length === 0 || reading.names.length > 2) return undefined;
  const glued = reading.names.length === 1 ? /^(.+?)\s+(?:(?:a|an)\s+)?(\p{Lu}\p{Ll}+)$/u.exec(reading.names[0]!) : null;
  const [subject, adjective] = glued ? [glued[1]!, glued[2]!] : [reading.names[0]!, reading.names[1]];
  // Said of the name itself, by "is" and the adjective with at most its noun ("an Ethiopian marathon
  // runner"): "Is Kamenitza owned by a Belgian company?" claims it of another.
  const ofItself =
    adjective !== undefined &&
    new RegExp(
      `^\\s*(?:is|was|are|were)\\s+(?:the\\s+)?${escapeRegExp(subject)}\\s+(?:(?:a|an)\\s+)?${escapeRegExp(adjective)}(?:\\s+[\\p{Ll}-]+){0,2}\\s*\\?*\\s*$`,
      'iu',
    ).test(question);
  const nation = ofItself && focus.lexicon.isNameAdjective?.(adjective) === true ? focus.lexicon.nameOf?.(adjective) : undefined;
  // A country's adjective (Kenyan), not a sea's or a city's ("on the Mediterranean coast", "Parisian").
  if (nation === undefined || !placeOfClass(nation, 'country', focus.lexicon)) return undefined;
  const own = focus.passageOf(subject);
  const about = own.length > 0 ? own : sentencesAbout(subject, focus);
  const said = nationOf(about, focus);
  return said === undefined ? undefined : { shortAnswer: said === nation ? 'yes' : 'no', answer: cite(about[0]!) };
}

/**
 * "Is Marseille on the Atlantic coast?": a claim that the first name's attribute (its coast) is the
 * second name, which no passage is about. The first name's sentence that speaks of the attribute
 * settles it: it names the claimed value (yes, unless negated) or another name in its place ("on
 * the Mediterranean coast": no).
 */
function claim(reading: QuestionReading, focus: Focus, question: string): ExtractedAnswer | undefined {
  // Two subjects held side by side ("Are Lyon and Marseille in the same region?") are compared, not claimed of each other.
  if (reading.options || reading.names.length !== 2 || reading.answerClass || /\b(?:same|both|either|neither|and|or)\b/i.test(question)) return undefined;
  const [subject, value] = reading.names as [string, string];
  const valueTerms = contentTerms(value);
  const speaks = sentencesAbout(subject, focus).filter((x) => focus.relation.length === 0 || focus.relationScore(x) > 0);
  // "Is Lyon on the Saône?": a sentence about the subject that names the value (and says the attribute, when one is asked).
  const naming = speaks.find((x) => valueTerms.every((t) => x.terms.has(t)) && inClause(value, x, focus));
  // "Is Lyon the capital of the Auvergne-Rhône-Alpes region?" claims a role ("capital"): a sentence
  // naming the region without the role ("in the Auvergne-Rhône-Alpes region") does not settle it.
  const role = new RegExp(`^\\s*(?:is|was|are|were)\\s+(?:the\\s+)?${escapeRegExp(subject)}\\s+(?:the|a|an)\\s+(\\p{Ll}+)\\s+of\\b`, 'iu').exec(question)?.[1];
  const roleAt = role === undefined ? -1 : focus.reading.relation.findIndex((w) => w.toLowerCase() === role.toLowerCase());
  if (naming && roleAt >= 0 && ![...focus.relation[roleAt]!].some((t) => holdsTerm(naming.terms, t))) return { shortAnswer: null, answer: cite(naming) };
  if (naming) return { shortAnswer: negated(naming.text) || contradicts(naming, focus, question) ? 'no' : 'yes', answer: cite(naming) };
  // A value that has passages of its own is a side of a comparison, not a claimed attribute.
  if (focus.relation.length === 0 || sentencesAbout(value, focus).length > 0) return undefined;
  for (const s of speaks) {
    if (namesIn(s.text).some((c) => relationGap(c, s, focus) === 0 && !focus.isGiven(c))) return { shortAnswer: 'no', answer: cite(s) };
  }
  return undefined;
}

/** Whether a sentence says its claim does not hold: "not", "never", "No one was ever convicted". */
function negated(text: string): boolean {
  return /\b(?:not|never|no longer|neither|nor|no\s+one|nobody|nothing)\b|n't\b/i.test(text);
}

/**
 * The nation a side's sentences name first, by its adjective ("American" → America) or as a country
 * ("Botswana"), its own passage's opening first.
 */
function nationOf(ss: readonly Sentence[], focus: Focus): string | undefined {
  const ordered = [...ss].sort((a, b) => a.position - b.position);
  const { lexicon } = focus;
  for (const s of ordered) {
    // The passage's own name is not where it is ("Michael Jordan is an American ..." is not of Jordan).
    const own = new Set(s.title.split(/[\s()]+/));
    for (const m of s.text.matchAll(/\b\p{Lu}\p{Ll}+\b/gu)) {
      if (m.index === 0 || own.has(m[0])) continue;
      // "British Columbia" is a province's name, not a British thing: an adjective opening a name the lexicon knows.
      const next = /^\s+(\p{Lu}\p{Ll}+)/u.exec(s.text.slice(m.index + m[0].length))?.[1];
      if (next !== undefined && lexicon.isOnlyName?.(`${m[0]} ${next}`) === true) continue;
      // A nation's adjective ("an American actor"), or a country named ("a village ... of Botswana"), not a capital.
      const nation = lexicon.nameOf?.(m[0]) ?? (lexicon.isKindOf?.(m[0], 'country') && !lexicon.isKindOf(m[0], 'city') ? m[0] : undefined);
      if (nation) return nation;
    }
  }
  return undefined;
}

/**
 * The places a side's sentences put it in. A name the class noun is written with ("the island of
 * Lunesse", "Lunesse island", "Ysolde, the second island of ...", "the River Ouse") is one of the
 * class; a name after "in" or "of" may be one, or a wider place ("in the Sorrel Archipelago").
 * Where both sides name one of the class, only those are compared (see sameOfClass).
 */
function placesOf(ss: Sentence[], focus: Focus): Array<{ name: string; ofClass: boolean }> {
  const out: Array<{ name: string; ofClass: boolean }> = [];
  const isClass = (word: string | undefined) => word !== undefined && [...focus.answerClass].some((t) => contentTerms(word)[0] === t);
  for (const s of ss.slice(0, 3)) {
    for (const c of namesIn(s.text)) {
      const after = s.text.slice(c.at + c.text.length, c.at + c.text.length + 40);
      const before = s.text.slice(Math.max(0, c.at - 24), c.at);
      const besideClass = isClass(after.split(/[,.;]/)[0]!);
      // "the River Ouse": a name that holds the class noun as written is one of the class ("United States" is no state).
      const holdsClass = c.text.split(/\s+/).some((w) => w.toLowerCase() === focus.reading.answerClass?.toLowerCase());
      const classBefore = isClass(/(\p{L}+)\s+(?:of\s+)?(?:the\s+)?$/u.exec(before)?.[1]);
      const apposed = isClass(/^\s*,\s+(?:the|a|an)\s+(?:\p{Ll}+\s+){0,2}?(\p{Ll}+)\b(?!\s+\p{Ll})/u.exec(after)?.[1]);
      const ofClass = besideClass || holdsClass || classBefore || apposed;
      if (ofClass || /\b(?:in|of)\s+(?:the\s+)?$/i.test(before)) out.push({ name: c.text, ofClass });
    }
  }
  return out;
}
