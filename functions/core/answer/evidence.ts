/**
 * The relevance rule of every answer, whichever model writes it: a task is answered when the
 * evidence the answer was written from holds an answer of the expected type about the task's
 * focus (core/answer/question.ts reads both). Otherwise the honest answer is that the corpus does
 * not answer it, citing nothing: quoting the nearest unrelated passage with a citation would lend
 * it an authority it does not have.
 *
 * "About the focus" is read on the question's names and the words of its relation, each word
 * matched through its inflections (stems) and the words the lexicon relates to it ("people live"
 * finds "population", "head office" finds "headquarters"):
 * - the names the question mentions occur in the passages: the one name of a question about one
 *   thing (a question about Berlin is not answered by passages about Lyon), at least half of them
 *   in a long question, whose names are sometimes misspelt or mentioned only in passing;
 * - at least half of the relation's words and of what is asked occur in the evidence, and in one
 *   passage (more than half) when the question names nothing; a choice between named options needs its options,
 *   not the question's comparative;
 * - a passage that names the focus, or one about a bridge (a passage titled after a name that a
 *   focus passage holds, as a second hop is), also speaks of the relation or of what is asked
 *   (museums that opened in Marseille are not answered by a Marseille passage about its port beside
 *   a passage on the museums of Lyon).
 * - a kinship term ("paternal grandfather", "husband") is spoken of by a passage that states the
 *   first relation it is made of ("the son of A", "the wife of B": core/answer/kinship.ts);
 * - a year the task names is given by a passage (a figure of 2020 does not answer for 1990).
 * Then the answer's own claim: a short answer must be said by a passage (its words, and its
 * figures exactly), an "A or B" answer must be one of the two, and an answerer that found no answer
 * of the expected type (a null short answer) has none to give. A model's answer that claims what
 * the evidence does not hold is refused by the same rule as the keyless answerer's.
 */
import type { Lexicon } from '../ports.js';
import { contentTerms, isContentToken, normalizeText } from '../retrieval/tokenize.js';
import {
  AGENT_NOUN,
  BECAME_ASKED,
  BECAME_VERBS,
  BORN_ADJECTIVE,
  CAUSE_SAID,
  CHART_ASKED,
  CONTAINING_CLASS,
  chartPlace,
  classRecogniser,
  DIED_OF,
  END_ASKED,
  END_WORDS,
  EXCHANGE_SAID,
  headNamed,
  LEADER_ASKED,
  MONEY,
  NATION_CLASS,
  nationAdjectivesIn,
  PERIOD_SAID,
  PRICE_ASKED,
  placeOfClass,
  SAME_NATION,
  UNTIL_SAID,
  WORK_ASKED,
  worksAt,
} from './answer-classes.js';
import { BORN_AS, convertedTo, datesIn, figureIn, measureIn, measuresIn, numbersIn, UNIT_ASKED, unitNamed, unitOf, YEAR_WORD } from './candidates.js';
import { kinQuestion, statesKinOf } from './kinship.js';
import {
  type AnswerType,
  begun,
  countsPeople,
  countsPersons,
  describedPerson,
  describedThing,
  expandedTerms,
  figureQualifiers,
  holdsTerm,
  listedOptions,
  NUMBER_NOUNS,
  readQuestion,
  relationSets,
  classWords as wordsOfClass,
} from './question.js';
import { respelling } from './spelling.js';
import {
  AGE_AT_DATED_EVENT,
  ageAtDeathOf,
  bareTitle,
  DURATION_ASKED,
  entitySpans,
  escapeRegExp,
  LIFE_SPAN,
  MATERIAL_ASKED,
  PLOT_ASKED,
  STILL_ASKED,
  sentences,
  TEACHER_ASKED,
  TOTAL_ASKED,
  upperFirst,
} from './text.js';
import { asPassagesWrite } from './truecase.js';

export interface EvidenceDocument {
  id: string;
  title?: string;
  text: string;
}

export interface EvidenceCheck {
  covered: boolean;
  /** Share of the relation's words found in the evidence. */
  share: number;
  /** The task's words (as written) that no passage holds. */
  missing: string[];
  /** Why the evidence does not answer, as the end of a sentence ("no retrieved passage speaks of ..."). */
  reason?: string;
}

/** What the answer claims: its short answer (a string, null when it found none, absent when it wrote prose only). */
export interface AnswerClaim {
  shortAnswer?: string | null;
}

/** Every year a text gives (YEAR_WORD, global). */
const YEAR_WORDS = new RegExp(YEAR_WORD.source, 'g');

/** At least this share of the relation's words must occur in the evidence. */
export const EVIDENCE_MIN_SHARE = 0.5;

/** Answer types that have a short answer to find: without one, the evidence does not answer. */
const SHORT_TYPES: ReadonlySet<AnswerType> = new Set(['person', 'date', 'year', 'number', 'place', 'entity', 'yes_no', 'choice', 'comparison']);

/** A death and its cause, in a case-insensitive copy of DIED_OF. */
const DEATH_CAUSED = new RegExp(DIED_OF.source, 'iu');

/**
 * What some questions ask must be stated, not only their subject spoken of. "Why ...?", "How did X
 * become Y?", "How did X die?" ask for a cause: evidence that never states one ("because", "due
 * to", "so that") does not answer, however much it says of the subject. "How many reactors is EDF
 * planning to build?" asks of a plan: evidence of what exists ("56 reactors operated by EDF") does
 * not answer it; "the tram going to the airport" goes somewhere ("going to" plans only before a verb).
 */
const CAUSE_WORDS_OR_DEATH = new RegExp(`\\b(?:led to|the reason)\\b|${DEATH_CAUSED.source}`, 'iu');

const STATED_ASKS: ReadonlyArray<{ asks: RegExp; says: { test(sentence: string): boolean }; reason: string }> = [
  {
    asks: /^\s*why\b|^\s*how\s+(?:did|does|do|has|have|had|was|were|is|are)\b[^?]*\b(?:become|came|come|get|got|manage[sd]?|happen(?:ed)?|die)\b/i,
    // A cause is stated as the answerer reads it (CAUSE_SAID, as causeOf does; DIED_OF: "died ... of
    // emphysema", "death by starvation", in a case-insensitive copy).
    says: { test: (sentence) => CAUSE_SAID.test(sentence) || CAUSE_WORDS_OR_DEATH.test(sentence) },
    reason: 'no retrieved passage states why',
  },
  {
    asks: /\b(?:plan(?:s|ning)?\s+to|plans?\s+for|going\s+to(?!\s+(?:the|a|an|my|our|his|her|their|its)\b)|expected\s+to|intends?\s+to|intending\s+to|will|shall)\s+(?:\p{Ll}+\s+)?\p{Ll}+/iu,
    says: /\b(?:plan(?:s|ned|ning)?|will|would|shall|expected|proposed|intends?|intended|future|aims?|aiming|aimed|target(?:s|ed)?|scheduled|upcoming|to\s+be\s+\p{Ll}+ed|by\s+(?:19|20)\d\d)\b/iu,
    reason: 'no retrieved passage speaks of a plan or of what is to come',
  },
];

/** Answer types whose short answer is a span a passage says (not a verdict drawn from several). */
const SPAN_TYPES: ReadonlySet<AnswerType> = new Set(['person', 'date', 'year', 'number', 'place', 'entity']);

/** The words a question asking a place on a chart says it with. */
const CHART_WORDS = /^(?:chart(?:ed)?|position|peak(?:ed)?|highest|top|number|reach(?:ed)?|debut(?:ed)?)$/i;

/** The words a question asking when a work came out says it with. */
const RELEASE_WORDS = /^(?:releas|publish|premier|issu|air|debut|launch|came|come|out)/i;

/** An opening that dates what it describes: "is a 1949 American crime film", "was an 1894 novel". */
const DATED_LEAD = /\b(?:is|was)\s+an?\s+(?:\p{Ll}+\s+)?(?:1[5-9]|20)\d\d\s+(?:[\p{L}-]+\s+){0,4}\p{L}/u;

/** A name a person had first, asked ("birth name", "real name", "maiden name") and said ("born Eleanor Grace Haverty", "née Voss"). */
const NAME_AT_BIRTH_ASKED = /^(?:birth|real|maiden|original)\s+name$/i;
const NAME_AT_BIRTH_SAID = new RegExp(`\\b${BORN_AS}\\s+\\p{Lu}\\p{Ll}`, 'u');

/** Questions whose asking words a passage need not say, each with those words (checkEvidence's `unsaid`), the first that reads the question. */
const UNSAID_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [BECAME_ASKED, BECAME_VERBS],
  [PLOT_ASKED, 'about plot story storyline premise happens'],
  [TEACHER_ASKED, 'taught trained teaches teacher teachers'],
  [DURATION_ASKED, 'last lasts take takes go'],
];

const SELF: Lexicon = { related: (phrase) => [phrase] };

/**
 * "How many people attend X?", "How many species live at X?": what is counted (group 1), then what
 * they do now (group 2); not an event ("How many people died ...?"), which a count of them does not say.
 */
const COUNTED_DO_ASKED = /^\s*how\s+many\s+(people|persons|\p{Ll}{3,}s)\s+(?:(?:do|does)\s+)?(?!\p{Ll}+ed\b)(\p{Ll}+)\b/iu;

/** The noun a figure answering counts things by, its last word ("about 40,000 visitors": visitors). */
function countedNoun(answer: string | null | undefined): string | undefined {
  return answer ? /\b(\p{Ll}{3,})\s*$/u.exec(answer)?.[1] : undefined;
}

/**
 * The verb a question asks counted things to do ("attend", "work", "live"), when the answer counts
 * them by the noun asked ("310 species") or, asked of people, by a noun for people ("about 40,000
 * visitors", "3,000 people"): the count says it.
 */
function countedDo(task: string, answer: string | null | undefined, lexicon: Lexicon): string | undefined {
  const m = COUNTED_DO_ASKED.exec(task);
  const noun = countedNoun(answer);
  if (!m || noun === undefined) return undefined;
  const asked = m[1]!.toLowerCase();
  const counted =
    asked === 'people' || asked === 'persons'
      ? countsPersons(noun, lexicon)
      : contentTerms(noun)[0] !== undefined && contentTerms(noun)[0] === contentTerms(asked)[0];
  return counted ? m[2] : undefined;
}

export function checkEvidence(question: string, documents: readonly EvidenceDocument[], claim: AnswerClaim = {}, lexicon: Lexicon = SELF): EvidenceCheck {
  // The question as the passages write it ("toulose" → Toulouse), as the answerer reads it.
  const task = asPassagesWrite(question, documents, lexicon);
  const reading = readQuestion(task);
  // "Which country is X from?", "From the same country?", "of the same nationality?": a nation is
  // said by its adjective ("a French-American filmmaker", "a 1936 American comedy film"), and a
  // passage calling X "French" names France.
  const classHead = reading.answerClass?.split(' ').pop();
  const asksNation =
    (reading.type === 'place' && classHead !== undefined && NATION_CLASS.test(classHead)) || (reading.type === 'yes_no' && SAME_NATION.test(task));
  const nationAdjectives = (text: string) => (asksNation ? nationAdjectivesIn(text, lexicon) : []);
  // "a Scottish-born surveyor" says Scotland, where a place is asked (as lifePlace reads it).
  const bornIn = (text: string) => (reading.type === 'place' ? [...text.matchAll(BORN_ADJECTIVE)].flatMap((m) => lexicon.nameOf?.(m[1]!) ?? []) : []);
  // A class told by its spans (a nationality: "a French painter") is spoken of where such a span stands.
  const spansOfClass = classRecogniser(reading.answerClass) ?? (asksNation ? nationAdjectives : undefined);
  // "In which state is Harlan Mill?": a passage naming a place the lexicon knows as one ("North
  // Carolina") speaks of the state, as the answerer reads it (containingPlace).
  const containing = reading.type === 'place' && classHead !== undefined && CONTAINING_CLASS.test(classHead) ? classHead : undefined;
  const chartAsked = CHART_ASKED.test(task);
  const endAsked = END_ASKED.test(task);
  const leaderAsked = LEADER_ASKED.test(task);
  const workAsked = WORK_ASKED.test(task);
  const dateAsked = reading.type === 'year' || reading.type === 'date';
  const docs = documents.map((d) => {
    // A possessive names its owner: "Lyon's museums" names Lyon.
    const names = entitySpans(d.text).map((n) => normalizeText(n).replace(/['’]s$/, ''));
    // Its sentences, split once for the flags below that read them, and only when one is asked.
    const said = chartAsked || leaderAsked || workAsked || dateAsked ? sentences(d.text) : [];
    return {
      terms: new Set([
        ...contentTerms(`${d.title ?? ''} ${d.text}`),
        ...nationAdjectives(d.text).flatMap((m) => contentTerms(m.nation)),
        ...bornIn(d.text).flatMap((country) => contentTerms(country)),
      ]),
      text: `${d.title ?? ''} ${d.text}`,
      // Whether it holds a span of such a class, read once here rather than for each word asked.
      saysClass: spansOfClass !== undefined && spansOfClass(`${d.title ?? ''} ${d.text}`).length > 0,
      // Whether it names a place of the containing class asked, read once here too.
      namesContaining: containing !== undefined && names.some((n) => placeOfClass(n, containing, lexicon)),
      // Whether it gives a place on a chart, when one is asked ("reached number 7 on the UK Albums Chart").
      placesOnChart: chartAsked && said.some((x) => chartPlace(x) !== undefined),
      // Whether it gives a period ("from 2011 to 2015"), when when something ended is asked.
      givesPeriod: endAsked && (PERIOD_SAID.test(d.text) || UNTIL_SAID.test(d.text)),
      // Whether it names who heads a body ("Its director general is Ola Strand"), when who heads one is asked.
      namesHead: leaderAsked && said.some((x) => headNamed(x) !== undefined),
      // Whether it says where someone works ("head of infectious diseases at Kelby General Hospital"), when that is asked.
      namesWork: workAsked && said.some((x) => worksAt(x) !== undefined),
      // Whether its opening dates what it describes ("is a 1949 American crime film"), when a date is asked.
      datedLead: dateAsked && DATED_LEAD.test(said[0] ?? ''),
      names,
      title: bareTitle(normalizeText(d.title ?? '')),
      // Whether its opening gives a life's span of years (spansLife), read once here.
      lifeSpan: LIFE_SPAN.test(`${d.title ?? ''} ${d.text}`.slice(0, 400)),
      // Its verbs in -ed ("operated"), which the relation's words are looked for backwards through (saysBack).
      pastVerbs: [...new Set(`${d.title ?? ''} ${d.text}`.toLowerCase().match(/\b\p{Ll}{2,}ed\b/gu) ?? [])],
    };
  });
  // A word of the question misspelt ("aquire") reads as the passages' word a letter away ("acquired").
  const related = respelling(
    (w) => lexicon.related(w),
    documents.map((d) => d.text),
  );
  // A count of people who live somewhere ("more than 500,000 inhabitants") is said as a population,
  // as classWords reads the class of a question asking for a number so.
  // "What is bouillabaisse made of?": what it is made of is the answer ("a fish stew"), seldom said
  // with "made" or "ingredient"; the thing it is asked of must still be spoken of.
  // So is "become" in "When did X become Prime Minister?" ("win" the Marlow Prize): what they became is spoken of, and a date.
  // So are the words asking a work's story ("What is X about?", "What happens in X?"): what it follows is said.
  // So is a teacher asked ("Who taught X?"), said by what the pupil did under them.
  // So is what counted things do ("How many people attend X?"), said by the noun a figure counts them by ("about 40,000 visitors").
  const unsaid = new Set(
    contentTerms(MATERIAL_ASKED.exec(task)?.[0] ?? UNSAID_WORDS.find(([asked]) => asked.test(task))?.[1] ?? countedDo(task, claim.shortAnswer, lexicon) ?? ''),
  );
  // "Is Granen still open?" is read from what its passage says of it now or of its end: no word of the relation need be said.
  const relation = relationSets(
    STILL_ASKED.test(task) ? [] : unsaid.size === 0 ? reading.relation : reading.relation.filter((w) => !contentTerms(w).every((t) => unsaid.has(t))),
    related,
  ).map((r) =>
    reading.type !== 'number' && countsPeople(r.words, lexicon) ? { ...r, terms: new Set([...r.terms, ...expandedTerms('population', related)]) } : r,
  );
  if (reading.names.length === 0 && relation.length === 0 && !reading.answerClass) {
    return { covered: false, share: 0, missing: [], reason: 'the task names nothing to look for' };
  }
  if (docs.length === 0) return { covered: false, share: 0, missing: [], reason: 'nothing relevant was retrieved' };

  const holdsWords = (terms: Set<string>, name: string[]) =>
    name.every((t) => terms.has(t)) || (name.length >= 3 && name.filter((t) => terms.has(t)).length >= (2 * name.length) / 3);
  // A one-word name is also said as a word of its own stem the lexicon relates it to ("French"
  // electricity is France's), never as a synonym of a word it spells ("Nice" is not "decent").
  const holdsName = (terms: Set<string>, name: { terms: string[]; forms: string[][] }) =>
    holdsWords(terms, name.terms) || name.forms.some((f) => holdsWords(terms, f));
  const names = reading.names
    .map((n) => ({ surface: n, terms: contentTerms(n) }))
    .filter((n) => n.terms.length > 0)
    .map((n) => ({
      ...n,
      forms:
        n.terms.length === 1
          ? lexicon
              .related(n.surface)
              .flatMap((w) => (/\s/.test(w) ? [] : [contentTerms(w)]))
              .filter((f) => f.length === 1 && f[0]!.slice(0, 2) === n.terms[0]!.slice(0, 2))
          : [],
    }));
  // A name written in lower case ("is there a bike sharing system in strasbourg") is still a name:
  // a word the lexicon knows only as a name, and not as the adjective of one ("french").
  for (const w of reading.relation) {
    const capital = upperFirst(w);
    if (/^\p{Ll}/u.test(w) && lexicon.isOnlyName?.(w) === true && lexicon.isNameAdjective?.(capital) !== true)
      names.push({ surface: w, terms: contentTerms(w), forms: [] });
  }
  const missingNames = names.filter((n) => !docs.some((d) => holdsName(d.terms, n)));
  const namesFound = names.length - missingNames.length;
  // What is asked counts with the relation ("which river flows through Toulouse": a passage on Toulouse's river answers it).
  // A choice between named options is settled by what each passage says of its option, seldom in the question's comparative.
  // The class asked for, with a count of residents read as a population ("how many inhabitants").
  const ofClass = wordsOfClass(reading, lexicon);
  // "How many people visit X?": a count of a kind of person ("about 900,000 visitors") says the class.
  const countedBy = reading.type === 'number' ? countedNoun(claim.shortAnswer) : undefined;
  if (countedBy !== undefined && /^(?:people|persons)$/i.test(reading.answerClass ?? '') && countsPersons(countedBy, lexicon))
    for (const t of contentTerms(countedBy)) ofClass.add(t);
  const classSets = reading.answerClass
    ? relationSets([reading.answerClass], (w) => lexicon.related(w)).map((set) => ({ ...set, terms: new Set([...set.terms, ...ofClass]) }))
    : [];
  // So is a choice among three or more listed ("Of Lyon, Marseille and Nice, which has the fewest residents?").
  const listed = listedOptions(task, reading.names);
  const required = reading.options || listed ? [] : [...relation, ...classSets];
  const classWords = classSets[0]?.words;
  // A kinship term is spoken of by a passage that states the first relation it is made of
  // ("the son of A": A is the father a "paternal grandfather" goes through; core/answer/kinship.ts).
  const kin = kinQuestion(task);
  const kinTerms = new Set(contentTerms(kin?.term ?? ''));
  const statesKin = (d: { text: string }) => sentences(d.text).some((s) => statesKinOf(s, kin));
  const kinWord = (words: string) => kinTerms.size > 0 && contentTerms(words).every((t) => kinTerms.has(t));
  // "By what year ...": a passage giving a year speaks of the year asked for, whether or not it says "year".
  const givesTime = (d: { text: string }) => (reading.type === 'year' || reading.type === 'date') && YEAR_WORD.test(d.text);
  // A birth or death is spoken of by a life's span of years, which says both without the words.
  const spansLife = (d: (typeof docs)[number], words: string) => d.lifeSpan && words.split(/\s+/).some((w) => LIFE_WORD.test(w));
  // The lexicon's relations run one way from a word's commonest senses: "runs" does not reach
  // "operated", but "operated" reaches "run". A word of the relation that a verb of the passage
  // ("operated", "founded") relates to counts too; other words ("city" reaches "metropolitan") do not.
  const relatedBack = new Map<string, Set<string>>();
  const saysBack = (d: (typeof docs)[number], r: (typeof required)[number]) => {
    const asked = contentTerms(r.words);
    if (asked.length !== 1 || lexicon === SELF) return false;
    return d.pastVerbs.some((w) => {
      let back = relatedBack.get(w);
      if (back === undefined) {
        back = new Set(lexicon.related(w).flatMap((x) => (/\s/.test(x) ? [] : contentTerms(x))));
        relatedBack.set(w, back);
      }
      return back.has(asked[0]!);
    });
  };
  // The class asked is spoken of by a kind of it one level down: "stew" of a dish, "limestone" of a
  // rock, "Mediterranean" of a sea. The relation's words are not: "electricity" is a kind of energy,
  // yet a passage on electricity does not speak of geothermal energy.
  // A passage's words are read only when a class is asked this way, once a passage.
  const kinds = new Map<string, boolean>();
  // An occupation asked ("Which athletic profession do A and B share?") is spoken of by what a person is: "a footballer".
  const classHeadWord = classWords?.split(' ').pop();
  const working =
    classHeadWord !== undefined &&
    (['occupation', 'profession'].includes(classHeadWord.toLowerCase()) || lexicon.isKindOf?.(classHeadWord, 'occupation', 2) === true);
  const wordsOf = new Map<(typeof docs)[number], string[]>();
  const saysKind = (d: (typeof docs)[number], r: (typeof required)[number]) => {
    if (r.words !== classWords || (/\s/.test(r.words) && !working) || !lexicon.isKindOf) return false;
    const asked = working ? 'person' : r.words.toLowerCase();
    if (!wordsOf.has(d)) wordsOf.set(d, [...new Set(d.text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])]);
    return wordsOf.get(d)!.some((w) => {
      const key = `${w} ${asked}`;
      if (!kinds.has(key)) kinds.set(key, w !== asked && lexicon.isKindOf!(w, asked, working ? undefined : 1));
      return kinds.get(key)!;
    });
  };
  // "in metres" is spoken of by a measure in metres, however abbreviated ("6 ft 7 in (2.01 m)").
  const givesUnit = (d: (typeof docs)[number], words: string) =>
    unitNamed(words) !== undefined && measuresIn(d.text).some((m) => measureIn(m, words) !== undefined);
  // A price asked ("How much did X pay for Y?") is spoken of by any buying or selling ("acquired Y for ...").
  const priceAsked = PRICE_ASKED.test(task);
  const exchanged = (d: (typeof docs)[number]) => priceAsked && EXCHANGE_SAID.test(d.text);
  // "What chart position did X reach?" is spoken of by a place a passage gives on a chart, however worded.
  const placesOnChart = (d: (typeof docs)[number], words: string) => d.placesOnChart && CHART_WORDS.test(words);
  // "When was Cold Harbor Road released?" is spoken of by an opening that dates the film ("is a 1949 ... film").
  const datesRelease = (d: (typeof docs)[number], words: string) => d.datedLead && RELEASE_WORDS.test(words);
  // "When did The Harbour Light end?" is spoken of by the period it ran ("from 2011 to 2015").
  const endsPeriod = (d: (typeof docs)[number], words: string) => d.givesPeriod && END_WORDS.test(words);
  // "What was Nell Haverty's birth name?" is spoken of by "born Eleanor Grace Haverty".
  const namesBirth = (d: (typeof docs)[number], words: string) => NAME_AT_BIRTH_ASKED.test(words) && NAME_AT_BIRTH_SAID.test(d.text);
  // The ways a passage speaks of words asked without holding them, read alike by `holds` (each
  // set asked) and by the check that a passage about the names joins what is asked (below).
  const saysAsked = (d: (typeof docs)[number], words: string) =>
    placesOnChart(d, words) || datesRelease(d, words) || endsPeriod(d, words) || namesBirth(d, words) || givesUnit(d, words) || d.namesHead || d.namesWork;
  const holds = (d: (typeof docs)[number], r: (typeof required)[number]) =>
    [...r.terms].some((t) => holdsTerm(d.terms, t)) ||
    saysAsked(d, r.words) ||
    (r.words === classWords && d.namesContaining) ||
    (r.words === classWords && d.saysClass) ||
    (r.words === classWords && givesTime(d)) ||
    (kinWord(r.words) && statesKin(d)) ||
    spansLife(d, r.words) ||
    (EXCHANGE_SAID.test(r.words) && exchanged(d)) ||
    saysBack(d, r) ||
    saysKind(d, r);
  const foundRelation = required.filter((r) => docs.some((d) => holds(d, r)));
  const share = required.length === 0 ? 1 : Math.round((foundRelation.length / required.length) * 1000) / 1000;
  const missing = [...new Set([...missingNames.map((n) => n.surface), ...required.filter((r) => !foundRelation.includes(r)).map((r) => r.words)])];
  const refuse = (reason: string): EvidenceCheck => ({ covered: false, share, missing, reason });

  // A long question names many things, some misspelt or only in passing; one about a single name needs that name.
  if (namesFound < Math.ceil(names.length / 2) || share < EVIDENCE_MIN_SHARE) {
    return refuse(
      `no retrieved passage speaks of ${missing
        .slice(0, 5)
        .map((w) => `"${w}"`)
        .join(', ')}`,
    );
  }
  // A year the task names narrows what it asks ("the population of Toulouse in 1990"): evidence
  // that never gives that year answers another question.
  // The end of a range ("the 2003-2004 season") is written many ways ("2003–04"): its start stands for it.
  const years = [...new Set(task.replace(/\b(\d{4})\s*[-–]\s*\d{2,4}\b/g, '$1').match(YEAR_WORDS) ?? [])];
  // A year a yes/no question bounds its event by ("before 2010") is compared with, not said.
  const unsaidYears = years.filter((y) => Number(y) !== reading.bound?.year && !docs.some((d) => new RegExp(`\\b${y}\\b`).test(d.text)));
  if (unsaidYears.length > 0) return refuse(`no retrieved passage speaks of ${unsaidYears.map((y) => `"${y}"`).join(', ')}`);
  // A question asking for a cause or a plan (STATED_ASKS) is answered only by a passage that says
  // what is asked (half the relation or more) in a sentence stating one.
  // A death asked of is stated by a death's cause however the death is worded ("killed in an
  // avalanche"), in a passage about the names.
  const dying = /\b(?:die|died|death)\b/i.test(task);
  const states = (says: { test(sentence: string): boolean }) =>
    docs.some(
      (d) =>
        (relation.filter((r) => [...r.terms].some((t) => holdsTerm(d.terms, t))).length * 2 >= relation.length &&
          sentences(d.text).some((x) => says.test(x))) ||
        (dying && names.some((n) => holdsName(d.terms, n)) && sentences(d.text).some((x) => DEATH_CAUSED.test(x))),
    );
  for (const stated of STATED_ASKS) if (stated.asks.test(task) && !states(stated.says)) return refuse(stated.reason);
  // Each side of a choice is spoken of: "Nice or Bordeaux?" is not settled by Nice's passage alone.
  // An option may name the start of a passage's word ("hydro" and "hydroelectricity").
  // An option of several words ("onshore wind power") is spoken of through most of them.
  const saysOption = (d: (typeof docs)[number], terms: string[]) => terms.filter((t) => d.terms.has(t) || begun(d.terms, t)).length * 2 >= terms.length;
  const unsaidOptions = (reading.options ?? []).filter((o) => {
    const terms = contentTerms(o);
    return terms.length > 0 && !docs.some((d) => holdsName(d.terms, { terms, forms: [] }) || saysOption(d, terms));
  });
  if (unsaidOptions.length > 0) return refuse(`no retrieved passage speaks of ${unsaidOptions.map((o) => `"${o}"`).join(', ')}`);
  // A question that names nothing is about its words together: one passage must hold more than half of them
  // (tidal power stations are not answered by a passage on nuclear power and one on bicycle stations).
  // A passage and the passages it leads to (titled after a name it holds, as a second hop's are)
  // speak together: "the city where the cinematograph was first shown" and that city's river.
  // A question that names nothing links only to a passage titled after the name itself ("Paris");
  // one that names its focus also to a passage whose title holds it ("Public transport in Lyon").
  // A name may carry a rank the title leaves out ("King George VII of Imereti", titled "George VII
  // of Imereti"; "Sultan Abdülaziz"): a title that ends the name, and is most of it, is its title.
  const endsName = (title: string, name: string) => name.endsWith(` ${title}`) && title.split(' ').length * 2 >= name.split(' ').length;
  // A name of two words or more may run on with what it is of ("Andrés D'Alessandro of Internacional").
  const opensName = (title: string, name: string) => title.includes(' ') && name.startsWith(`${title} of `);
  // A name of two words may be given with a middle name ("Wojciech Jerzy Has", titled "Wojciech Has").
  const middleNamed = (title: string, name: string) => {
    const [first, last, ...more] = title.split(' ');
    const said = name.split(' ');
    return more.length === 0 && last !== undefined && said.length === 3 && said[0] === first && said[2] === last;
  };
  // A title's place after a comma ("River Ouse, Yorkshire") is no part of the name others call it by.
  const titledAfter = (d: (typeof docs)[number], name: string, exactly: boolean) =>
    d.title !== '' &&
    [...new Set([d.title, d.title.split(', ')[0]!])].some(
      (title) => middleNamed(title, name) || (exactly ? title === name : ` ${title} `.includes(` ${name} `) || endsName(title, name) || opensName(title, name)),
    );
  const ledTo = (d: (typeof docs)[number], exactly = false) => docs.filter((x) => x !== d && d.names.some((n) => titledAfter(x, n, exactly)));
  if (names.length === 0 && required.length > 1) {
    const held = (d: (typeof docs)[number]) =>
      required.filter((r) => [...r.terms].some((t) => holdsTerm(d.terms, t)) || saysKind(d, r) || spansLife(d, r.words));
    const together = Math.max(...docs.map((d) => new Set([...held(d), ...ledTo(d, true).flatMap(held)]).size));
    if (together / required.length <= EVIDENCE_MIN_SHARE) {
      return refuse(`no retrieved passage speaks of ${required.map((r) => `"${r.words}"`).join(', ')} together`);
    }
  }
  const asked = [...relation.map((r) => r.terms), ...(reading.answerClass ? [new Set([...contentTerms(reading.answerClass), ...ofClass])] : [])];
  const aboutFocus = docs.filter((d) => names.some((n) => holdsName(d.terms, n)));
  // A passage about a bridge (titled after a name a focus passage holds, as a second hop's passage
  // is: "Lyon", "Public transport in Lyon") speaks for it too.
  const reached = [...new Set(aboutFocus.flatMap((d) => ledTo(d)))];
  const led = [...new Set([...aboutFocus, ...reached])];
  // A question naming a thing by what is said of it ("in the city where the Rhône and Saône meet")
  // asks of the thing found (Lyon): a passage naming it speaks for it too ("the bicycle sharing
  // system of Lyon"), as its own passage does.
  const described = describedThing(task) ?? describedPerson(task);
  const leadsBack = (d: (typeof docs)[number]) => reached.some((x) => x !== d && x.title !== '' && d.names.includes(x.title));
  // So does the passage titled after a common word a focus passage holds: "the sport Signe Rask
  // plays", where her passage says "a Danish handball player", is spoken of by "Handball".
  const wordTitled = (d: (typeof docs)[number]) =>
    !led.includes(d) && /^\p{L}+$/u.test(d.title) && aboutFocus.some((x) => x !== d && x.terms.has(contentTerms(d.title)[0] ?? ''));
  const linked = described ? [...new Set([...led, ...docs.filter(leadsBack), ...docs.filter(wordTitled)])] : led;
  if (names.length > 0 && asked.length > 0 && !reading.options && !listed) {
    const joined = linked.some(
      (d) =>
        asked.some((set) => [...set].some((t) => holdsTerm(d.terms, t))) ||
        required.some((r) => saysKind(d, r)) ||
        d.saysClass ||
        d.namesContaining ||
        (reading.answerClass !== undefined && givesTime(d)) ||
        (kinTerms.size > 0 && statesKin(d)) ||
        spansLife(d, reading.relation.join(' ')) ||
        exchanged(d) ||
        [...reading.relation, ...(reading.answerClass ? [reading.answerClass] : [])].some((w) => saysAsked(d, w)),
    );
    if (!joined) {
      const what = [...reading.relation, ...(reading.answerClass ? [reading.answerClass] : [])].slice(0, 4);
      return refuse(`no retrieved passage about ${names.map((n) => n.surface).join(', ')} speaks of ${what.map((w) => `"${w}"`).join(', ')}`);
    }
  }
  const short = claim.shortAnswer;
  if (short === null && SHORT_TYPES.has(reading.type)) return refuse(`no retrieved passage holds ${expected(reading.type)} about what is asked`);
  // The figure a question asking for a number was answered with, which the checks of figures below read.
  const figure = typeof short === 'string' && reading.type === 'number' ? short : undefined;
  // A gap asked for ("How many more ...?", "By how many ...?") is said as the two figures it lies
  // between, a total ("the combined population of A and B") as the figures it adds up, an age at
  // death or at a dated event ("60 or 61") as the years of a birth and the end, a price paid as a sum a sale gives.
  const derived =
    figure !== undefined &&
    ((GAP_ASKED.test(task) && isGap(figure, docs)) ||
      (TOTAL_ASKED.test(task) && isTotal(figure, docs)) ||
      ((ageAtDeathOf(task) !== undefined || AGE_AT_DATED_EVENT.test(task)) && isLifeLength(figure, docs)) ||
      (priceAsked && isPrice(figure, docs)) ||
      // "... in feet?" of a passage's "2,469 metres": the figure converted ("about 8,100 feet").
      isConverted(figure, UNIT_ASKED.exec(task)?.[1], docs));
  // "piano", said as "pianist": a one-word answer an agent noun of a passage is made from (Focus#kindsIn),
  // read once a passage and only when the answer is not said as written.
  const madeInto = new Map<(typeof docs)[number], boolean>();
  const saysMadeInto = (d: (typeof docs)[number]) => {
    if (typeof short !== 'string' || !/^\p{Ll}{3,}$/u.test(short)) return false;
    if (!madeInto.has(d)) {
      madeInto.set(
        d,
        (d.text.toLowerCase().match(/\p{Ll}{3,}/gu) ?? []).some((w) => AGENT_NOUN.test(w) && lexicon.related(w).includes(short)),
      );
    }
    return madeInto.get(d)!;
  };
  const said = (among: typeof docs) => typeof short === 'string' && (saidBy(short, reading, among) || among.some(saysMadeInto));
  if (typeof short === 'string' && !derived && !said(docs)) return refuse(`no retrieved passage says "${short}"`);
  // A span answers about the question's names when a passage about them, or one they lead to, says
  // it: Paris's population is no answer to "Toulouse metro area population". A name compared with
  // ("Which cities are larger than Toulouse?") is no subject of the answer.
  const compared = /\bthan\b/i.test(task);
  if (typeof short === 'string' && names.length > 0 && !compared && !derived && SPAN_TYPES.has(reading.type) && !said(linked)) {
    return refuse(`no retrieved passage about ${names.map((n) => n.surface).join(', ')} says "${short}"`);
  }
  // A passage that gives the figure asked for speaks of what is asked, beyond the thing counted:
  // the 400 stations of Vélo'v's passage count no metro's, a city's population counts no one at a
  // screening. (A place, a date, a person are said in fewer words: "(1900 – 9 December 2007)".)
  if (figure !== undefined) {
    // The passages that give the figure, read once for this check and the scope's below.
    const sayers = docs.filter((d) => saidBy(figure, reading, [d]));
    if (!compared && !derived && relation.length > 0 && sayers.length > 0 && !sayers.some((d) => relation.some((r) => holds(d, r)))) {
      return refuse(`no retrieved passage that says "${figure}" speaks of ${reading.relation.map((w) => `"${w}"`).join(', ')}`);
    }
    // A price asked is a sum of money: "300,000 paying customers" is no price paid.
    if (priceAsked && !MONEY.test(figure)) return refuse(`"${figure}" is no sum of money`);
    const unfit = unfitFigure(task, figure, reading.answerClass, lexicon, sayers);
    if (unfit) return refuse(unfit);
    // A figure answers the scope the question gives it: where another passage says the question's
    // qualifier beside what is counted and a figure ("its metropolitan area about 2.3 million", with the
    // population) and the passage giving the figure never says it, the figure is of another scope
    // (Marseille's commune, not its metropolitan area).
    if (classSets.length > 0) {
      // The words of each other passage's sentences that give a figure of what is counted, read once.
      const counting = docs
        .filter((d) => !sayers.includes(d))
        .flatMap((d) => sentences(d.text))
        .map((x) => ({ x, terms: new Set(contentTerms(x)) }))
        .filter(({ terms }) => classSets.every((c) => [...c.terms].some((t) => holdsTerm(terms, t))))
        // A figure of another noun ("a 12-track debut album") counts no thing of the class.
        .filter(({ x }) => numbersIn(x).some((n) => countsAsked(n.text, classSets)))
        .map(({ terms }) => terms);
      // A scope is a qualifier ("metropolitan", "offshore"); a verb's participle ("installed capacity")
      // says how it is had, not which; one the question describes ("the artist who released X") says whose, not which.
      const scope = relation.filter(
        (r) =>
          !/^\p{L}+(?:ed|ing)$/u.test(r.words) &&
          !new RegExp(`\\b${escapeRegExp(r.words)}\\s+(?:who|whom|whose)\\b`, 'i').test(task) &&
          !sayers.some((d) => holds(d, r)) &&
          counting.some((terms) => [...r.terms].some((t) => holdsTerm(terms, t))),
      );
      if (sayers.length > 0 && scope.length > 0) return refuse(`no retrieved passage says "${figure}" of ${scope.map((r) => `"${r.words}"`).join(', ')}`);
    }
    // What is counted is of the kind the question qualifies it by: a passage giving solar power's
    // capacity does not answer for hydroelectric capacity, nor nuclear power's share for coal's; a
    // figure its own sentence qualifies otherwise ("22 gigawatts of onshore capacity") is not one
    // of offshore capacity.
    const qualifiers = compared || derived ? [] : figureQualifiers(task);
    if (sayers.length > 0 && qualifiers.length > 0) {
      const unsaid = qualifiers.filter((q) => !sayers.some((d) => saysQualifier(d.terms, q.word, related)));
      if (unsaid.length > 0) return refuse(`no retrieved passage that says "${figure}" speaks of ${unsaid.map((q) => `"${q.word}"`).join(', ')}`);
      const other = otherQualifier(figure, qualifiers, task, sayers, related);
      if (other) return refuse(`the passages give "${figure}" of ${other}, not of what is asked`);
    }
  }
  // A birth or a death is dated where the passage says it: in a sentence saying born or died, or
  // in a life's span of dates ("(4 June 1790 – 1864)"). The year of a patent in a sentence about a
  // person is no year of their birth.
  const lifeWord = reading.relation.find((w) => LIFE_WORD.test(w));
  const life = lifeWord === undefined ? undefined : /^(?:born|birth)$/i.test(lifeWord) ? 'birth' : 'death';
  if (typeof short === 'string' && (reading.type === 'date' || reading.type === 'year') && life) {
    const word = LIFE_SAID[life];
    const year = /\d{3,4}/.exec(short)?.[0] ?? short;
    const dated = docs.some((d) =>
      sentences(d.text).some(
        (x) =>
          x.includes(year) &&
          (word.test(x) || new RegExp(`${year}\\s*[–-]\\s*[^.;()]{0,25}?\\d{3,4}|\\d{3,4}[^.;()]{0,25}?[–-]\\s*[^.;()]{0,25}?${year}`).test(x)),
      ),
    );
    if (!dated) return refuse(`no retrieved passage dates the ${life} asked for`);
  }
  // So is it placed: a birthplace is said in a sentence saying born (or native), a place of death in
  // one saying died, or in a life's span of places, dated or not ("(1 April 1925, Kraków – 3 October
  // 2000, Łódź)", "(Gura Humorului – , Palos Verdes Estates)"). "patented the cinematograph in 1895
  // in Lyon" says where they worked; "the city that gave birth to bouillabaisse" asks of no life.
  const lifePlace = BIRTH_PLACE_ASKED.test(task) ? 'birth' : DEATH_PLACE_ASKED.test(task) ? 'death' : undefined;
  if (typeof short === 'string' && reading.type === 'place' && lifePlace) {
    const place = short.split(',')[0]!.trim();
    // A native of a place was born there.
    const said = (x: string) => LIFE_SAID[lifePlace].test(x) || (lifePlace === 'birth' && /\bnative/i.test(x));
    const spanned = (x: string) => [...x.matchAll(/\([^()]*\)/g)].some((m) => /[–-]/.test(m[0]) && m[0].includes(place));
    // "a Scottish-born surveyor" places a birth in Scotland.
    const bornThere = (x: string) => lifePlace === 'birth' && bornIn(x).includes(place);
    const placed = docs.some((d) => sentences(d.text).some((x) => (x.includes(place) && (said(x) || spanned(x))) || bornThere(x)));
    if (!placed) return refuse(`no retrieved passage places the ${lifePlace} asked for`);
  }
  // "On what day ...?", "What exact date ...?" ask for a day: a month or a year alone is not one; a
  // day of the week is ("closed on Mondays").
  if (
    typeof short === 'string' &&
    reading.type === 'date' &&
    DAY_ASKED.test(task) &&
    !/^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?$/.test(short) &&
    !/(?<!\d)(?:[1-9]|[12]\d|3[01])(?!\d)/.test(short.replace(YEAR_WORDS, ' '))
  ) {
    return refuse(`no retrieved passage gives the day asked for, only "${short}"`);
  }
  // "Who is the mayor of Lyon?" is not answered by the role itself ("the deputy mayor of Lyon"):
  // a person is named, and a description that restates what is asked names no one.
  if (typeof short === 'string' && reading.type === 'person' && /^(?:the|a|an)\s+\p{Ll}/u.test(short)) {
    const said = new Set(contentTerms(short));
    if (relation.some((r) => [...r.terms].some((t) => said.has(t)))) return refuse(`no retrieved passage names the ${reading.relation.join(' ')} asked for`);
  }
  // The year a figure is asked for ("... capacity in 2020?") is the year of the passage that gives
  // it: a capacity of 2023 is not one of 2020. A year that describes a subject ("born in 1952") is
  // not, nor one that dates another event than the date asked for ("When was the bar opened which
  // was beaten by the Club Moderne in 2016?").
  const asOf = reading.type === 'date' || reading.type === 'year' ? undefined : /\b(?:in|of|for|during)\s+((?:1[0-9]|20)[0-9]{2})\s*\??\s*$/.exec(task)?.[1];
  if (
    typeof short === 'string' &&
    /\d/.test(short) &&
    asOf &&
    !derived &&
    !saidBy(
      short,
      reading,
      docs.filter((d) => new RegExp(`\\b${asOf}\\b`).test(d.text)),
    )
  ) {
    return refuse(`no retrieved passage says "${short}" of ${asOf}`);
  }
  return { covered: true, share, missing };
}

/** The figures an answer gives, as written ("about 342,000 (2020)": 342,000 and 2020). */
function figuresOf(short: string): string[] {
  return short.match(/\d[\d,.]*\d|\d/g) ?? [];
}

/** Whether a text gives a figure whole: "20" is not said by "2023" nor by "120". */
function saysFigure(text: string, figure: string): boolean {
  return new RegExp(`(?<!\\d|\\d[.,])${escapeRegExp(figure)}(?!\\d|[.,]\\d)`).test(text);
}

/** Whether a passage's words say a qualifier: its forms, the words the lexicon relates to it, or a longer word it begins ("metro" of "metropolitan"). */
function saysQualifier(terms: Set<string>, word: string, related: (w: string) => readonly string[]): boolean {
  const forms = expandedTerms(word, related);
  return [...forms].some((t) => holdsTerm(terms, t)) || contentTerms(word).every((t) => begun(terms, t));
}

/**
 * The qualifier the sentences giving a figure put on its noun instead of the question's ("onshore
 * capacity" for "offshore wind capacity"), when every such sentence does; undefined otherwise.
 */
function otherQualifier(
  figure: string,
  qualifiers: ReadonlyArray<{ word: string; noun?: string }>,
  task: string,
  sayers: ReadonlyArray<{ text: string; title: string }>,
  related: (w: string) => readonly string[],
): string | undefined {
  const nouns = [...new Set(qualifiers.flatMap((q) => (q.noun ? [q.noun] : [])))];
  const figures = figuresOf(figure);
  if (nouns.length === 0 || figures.length === 0) return undefined;
  // The question's one qualifier naming what the passages are about ("wind capacity", of "Wind power
  // in France") leaves their own qualifier a part of it ("onshore capacity"), not another scope.
  const only = qualifiers.length === 1 ? contentTerms(qualifiers[0]!.word) : [];
  if (only.length > 0 && sayers.every((d) => only.every((t) => contentTerms(d.title).includes(t)))) return undefined;
  const asked = new Set(contentTerms(task));
  const giving = sayers.flatMap((d) => sentences(d.text)).filter((x) => figures.every((f) => saysFigure(x, f)));
  let other: string | undefined;
  for (const x of giving) {
    const m = new RegExp(`\\b(\\p{Ll}[\\p{Ll}-]+)\\s+(?:${nouns.map(escapeRegExp).join('|')})\\b`, 'u').exec(x);
    const word = m?.[1];
    if (!word || /(?:ed|ing)$/.test(word) || !isContentToken(word)) return undefined;
    // The question's own word, or one it begins ("metro" of "metropolitan"), is no other qualifier.
    const terms = new Set(contentTerms(word));
    if ([...terms].some((t) => asked.has(t)) || qualifiers.some((q) => saysQualifier(terms, q.word, related))) return undefined;
    other ??= `"${m[0]}"`;
  }
  return other;
}

/** A question asking for a day of the month, not a year or a month. */
const DAY_ASKED = /\b(?:what|which)\s+(?:exact\s+|precise\s+)?(?:day|date)\b|\bon\s+what\s+(?:exact\s+)?date\b/i;

/** A sentence that says a birth, or a death. */
const LIFE_SAID = { birth: /\b(?:born|birth|b\.)/i, death: /\b(?:died|death|dies|d\.|killed)/i } as const;
/** A question asking where someone was born, or where they died. */
const BIRTH_PLACE_ASKED = /\bborn\b|\bbirth\s*place\b|\bplace\s+of\s+birth\b/i;
const DEATH_PLACE_ASKED = /\b(?:die|died|dies)\b|\bdeath\s*place\b|\bplace\s+of\s+death\b/i;
/** A word of a life's birth or death in the question's relation. */
const LIFE_WORD = /^(?:born|birth|died|death|die|dies)$/i;

/** A question asking how far apart two figures are. */
const GAP_ASKED = /\bhow\s+(?:many|much)\s+(?:more|fewer|less)\b|\bby\s+how\s+(?:many|much)\b|\b(?:difference|gap)\s+between\b/i;

/** The figures the passages give, and the one a short answer gives (undefined when it gives none above 0). */
function figuresGiven(figure: string, docs: ReadonlyArray<{ text: string }>): { value: number; given: number[] } | undefined {
  const value = figureIn(figure)?.value;
  if (value === undefined || value <= 0) return undefined;
  return { value, given: docs.flatMap((d) => numbersIn(d.text).flatMap((c) => (c.value === undefined ? [] : [c.value]))) };
}

/** Whether a figure is the gap between two figures the passages give, as rounded (within 5%). */
function isGap(figure: string, docs: ReadonlyArray<{ text: string }>): boolean {
  const read = figuresGiven(figure, docs);
  if (!read) return false;
  const { value, given } = read;
  return given.some((x) => given.some((y) => x > y && Math.abs(x - y - value) <= 0.05 * value));
}

/** Whether an age ("60 or 61", "35") is the years between two years the passages give, less one at most. */
function isLifeLength(figure: string, docs: ReadonlyArray<{ text: string }>): boolean {
  const value = figureIn(figure)?.value;
  if (value === undefined) return false;
  const years = docs.flatMap((d) => datesIn(d.text).flatMap((c) => (c.value === undefined ? [] : [c.value])));
  return years.some((x) => years.some((y) => y - x === value || y - x === value + 1));
}

/** Whether a sum is said as a price: in a sentence that buys or sells ("acquired ... for €45 million"), read as a paying is. */
function isPrice(figure: string, docs: ReadonlyArray<{ text: string }>): boolean {
  return docs.some((d) => sentences(d.text).some((x) => x.includes(figure) && EXCHANGE_SAID.test(x)));
}

/** Whether a figure is the total of two or three figures the passages give, as rounded (within 5%). */
function isTotal(figure: string, docs: ReadonlyArray<{ text: string }>): boolean {
  const read = figuresGiven(figure, docs);
  if (!read) return false;
  const { value, given } = read;
  const near = (sum: number) => Math.abs(sum - value) <= 0.05 * value;
  return given.some((x, i) => given.some((y, j) => j > i && (near(x + y) || given.some((z, k) => k > j && near(x + y + z)))));
}

/**
 * Why a figure does not answer what the question counts or measures, or undefined when it does.
 * "How many terawatt-hours ...?", "How many plant sites ...?" are not answered by a share ("about
 * 65 percent"): a count that carries a unit carries the noun counted (or a word the lexicon relates
 * to it). A unit of measurement the question asks in ("the area in square kilometres") is one the
 * figure must carry. A figure noun ("the population", "what share") names no unit.
 */
function unfitFigure(
  task: string,
  figure: string,
  counted: string | undefined,
  lexicon: Lexicon,
  sayers: ReadonlyArray<{ text: string }> = [],
): string | undefined {
  const unit = unitOf(figure);
  const head = counted?.split(' ').pop();
  const same = (a: string, b: string) => {
    const terms = new Set(contentTerms(b));
    return contentTerms(a).some((t) => terms.has(t)) || lexicon.related(a).some((w) => contentTerms(w).some((t) => terms.has(t)));
  };
  // "How much cargo": a mass is measured in units of its own ("80 million tonnes"); "how many" counts the noun.
  // The word said before the figure where the passages give it may count it: "employs about 6,500
  // people" gives employees.
  // A count of people is one of visitors, residents, passengers ...: kinds of person (as Focus#measures reads it).
  const people = head !== undefined && countsPersons(head.toLowerCase(), lexicon);
  const counts = (w: string) => same(head!, w) || same(w, head!) || (people && lexicon.isKindOf?.(w, 'person') === true);
  const before = () => {
    const spoken = escapeRegExp(figure.replace(/\s*\([^)]*\)\s*$/, ''));
    // "a herd of wild reindeer, about 3,500 animals": the noun before a comma counts too.
    return sayers.flatMap((d) => [...d.text.matchAll(new RegExp(`(\\p{L}+),?\\s+${spoken}`, 'gu'))].map((m) => m[1]!));
  };
  if (unit !== undefined && head !== undefined && /\bhow\s+many\b/i.test(task) && !NUMBER_NOUNS.test(head) && !counts(unit) && !before().some(counts)) {
    return `no retrieved passage gives "${counted}" as a figure (it gives "${figure}")`;
  }
  const asked = /\bin\s+((?:square|cubic)\s+)?([\p{L}-]+)\s*\??\s*$/iu.exec(task);
  const measure = asked?.[2];
  // A measure gives its conversion too: "12.4 square miles (32 km2)" is a figure in square kilometres.
  const given = measure !== undefined && measureIn(figure, (asked?.[1] ?? '') + measure) !== undefined;
  if (measure !== undefined && lexicon.isKindOf?.(measure, 'unit of measurement') === true && !given && !(unit !== undefined && same(measure, unit))) {
    return `no retrieved passage gives a figure in "${(asked?.[1] ?? '') + measure}"`;
  }
  return undefined;
}

/** Whether a figure is a measure a passage gives, converted into the unit asked (convertedTo). */
function isConverted(figure: string, unit: string | undefined, docs: ReadonlyArray<{ text: string }>): boolean {
  // "in Lyon?" names no unit: the passages' measures are read only for one that does.
  return unit !== undefined && unitNamed(unit) !== undefined && docs.some((d) => measuresIn(d.text).some((m) => convertedTo(m, unit) === figure));
}

/** Whether a figure may count the class asked: it names no noun ("about 2.3 million"), or one of the class's words. */
function countsAsked(figure: string, classSets: ReadonlyArray<{ terms: Set<string> }>): boolean {
  const noun = /(?:^|[\s-])(\p{Ll}{3,})$/u.exec(figure)?.[1];
  if (noun === undefined || /^(?:hundred|thousand|million|billion|trillion|percent|cent)$/.test(noun)) return true;
  const term = contentTerms(noun)[0] ?? noun;
  return classSets.some((c) => c.terms.has(term));
}

/** Whether a passage says the short answer: its figures exactly, and most of its words; an option of the question for a choice. */
function saidBy(short: string, reading: ReturnType<typeof readQuestion>, docs: Array<{ terms: Set<string>; text: string }>): boolean {
  if (reading.type === 'yes_no') return /^(?:yes|no)\b/i.test(short.trim());
  if ((reading.type === 'choice' || reading.type === 'comparison') && reading.options) {
    const terms = new Set(contentTerms(short));
    // An option names the answer's word it begins ("hydro" and "hydroelectricity").
    const names = (t: string) => terms.has(t) || begun(terms, t);
    if (!reading.options.some((o) => contentTerms(o).some(names))) return false;
    if (reading.type === 'choice') return true;
  }
  if (reading.type === 'description' || reading.type === 'list') return true;
  const figures = figuresOf(short);
  // A figure is read as one, not the digit of a unit ("km2").
  const words = contentTerms(short.replace(/(?<!\p{L})\d[\d,.]*/gu, ' '));
  const plainText = docs.map((d) => d.text.replace(/\s+/g, ' ')).join(' ');
  if (!figures.every((f) => saysFigure(plainText, f))) return false;
  if (words.length === 0) return true;
  return docs.some((d) => words.filter((t) => d.terms.has(t)).length >= Math.ceil(words.length / 2));
}

function expected(type: AnswerType): string {
  switch (type) {
    case 'person':
      return 'a person';
    case 'date':
      return 'a date';
    case 'year':
      return 'a year';
    case 'number':
      return 'a number';
    case 'place':
      return 'a place';
    case 'yes_no':
      return 'a yes or a no';
    case 'choice':
    case 'comparison':
      return 'a figure or fact for each side';
    default:
      return 'an answer';
  }
}

/** The answer when the rule is not met: it says why, and cites nothing. */
export function noAnswer(check: EvidenceCheck): string {
  return `The corpus does not answer this: ${check.reason ?? 'nothing relevant was retrieved'}.`;
}

interface OutputLike {
  step_id: number;
  result: Record<string, unknown>;
}

/**
 * The evidence an answer was written from: the documents the answer step read (whole texts, found
 * in the outputs of the steps that retrieved them), or, when the plan has no answer step or the
 * step does not say what it read, the kept sources.
 */
export function evidenceOf(answerOutput: OutputLike | undefined, outputs: readonly OutputLike[], sources: readonly EvidenceDocument[]): EvidenceDocument[] {
  const read = answerOutput?.result.read_documents;
  if (!Array.isArray(read) || read.length === 0) return [...sources];
  const byId = new Map<string, EvidenceDocument>();
  for (const output of outputs) {
    const docs = output.result.documents;
    if (!Array.isArray(docs)) continue;
    for (const d of docs as EvidenceDocument[]) {
      if (typeof d?.id !== 'string' || typeof d.text !== 'string') continue;
      // One document may come as a media step's transcript and as a search hit's text: both speak for it.
      const known = byId.get(d.id);
      byId.set(d.id, known && !known.text.includes(d.text) ? { ...known, text: `${known.text} ${d.text}` } : (known ?? d));
    }
  }
  // An earlier answer's text read as a document is named after its step.
  for (const output of outputs)
    if (typeof output.result.text === 'string') byId.set(`step-${output.step_id}`, { id: `step-${output.step_id}`, text: output.result.text });
  return read.flatMap((id) => (typeof id === 'string' && byId.has(id) ? [byId.get(id)!] : []));
}

/**
 * Documents a plan looked up by id rather than searched for (a tool's `document`, as corpus.get
 * returns, also from a call the duplicate-call guard blocked, whose last output stands): the
 * evidence of a plan that ranked nothing.
 */
export function lookedUpDocuments(outputs: readonly (OutputLike & { output?: unknown })[]): Array<EvidenceDocument & { step_id: number }> {
  const found = new Map<string, EvidenceDocument & { step_id: number }>();
  for (const o of outputs) {
    // A tool call's output is `result.output`; a blocked call's last output is `output` beside it.
    for (const result of [o.result, o.result.output, o.output]) {
      const d = (result as { document?: unknown } | undefined)?.document as Partial<EvidenceDocument> | undefined;
      if (typeof d?.id !== 'string' || typeof d.text !== 'string' || found.has(d.id)) continue;
      found.set(d.id, { id: d.id, ...(typeof d.title === 'string' ? { title: d.title } : {}), text: d.text, step_id: o.step_id });
    }
  }
  return [...found.values()];
}
