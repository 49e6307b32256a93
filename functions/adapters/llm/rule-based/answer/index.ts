/**
 * The rule-based provider's answers to `llm_call` steps: extractive, never invented. It reads what
 * the question asks (core/answer/question.ts: the expected type and the focus), picks the sentence
 * that holds an answer of that type about the focus, following the bridge entity to a second
 * passage when the first names no answer, and extracts the span:
 * - a person, a place, a named thing: the name in that sentence nearest to the relation asked
 *   about ("which river" → the name beside "river");
 * - a number with its unit and year, a date, a year;
 * - yes or no, decided from the evidence (both sides hold the attribute; both sides name the same place);
 * - "A or B": the option the evidence favours, by the figures each side's passage gives or by
 *   which side holds the attribute;
 * - a comparison: the winner with both figures;
 * - a top-N: N items of the asked kind (a table's rows are items; the table is not one);
 * - otherwise, the defining sentence of what is asked about.
 * It answers as a model asked for the answer's structured output does: `{"shortAnswer", "answer"}`,
 * the answer's sentences each citing its passage. Words of the question match the evidence through
 * their inflections and the lexicon's synonyms ("people live" finds "population").
 *
 * Its parts, by the kind of question each answers: focus.ts (the sentences read and the question's
 * focus that scores them), spans.ts (which span of a sentence answers), typed.ts (a name, a figure
 * or a date, over one hop or two), phrasings.ts (questions whose wording places their answer),
 * yes-no.ts, choice.ts ("A or B", comparisons), lists-tables.ts (top-N, names side by side,
 * tables), lives.ts (a person's birth, death and what two people share), fallback.ts (a
 * description, no answer, names only). The questions rewritten and asked again (a family relation,
 * a described person) stay here, beside the entry they re-enter.
 */

import { nationAdjectivesIn, SAME_NATION } from '../../../../core/answer/answer-classes.js';
import { type Candidate, convertedTo, datesIn, figureIn, measureIn, numbersIn, UNIT_ASKED, unitNamed, unitOf } from '../../../../core/answer/candidates.js';
import { checkEvidence } from '../../../../core/answer/evidence.js';
import { followPath, kinQuestion, ownPassage } from '../../../../core/answer/kinship.js';
import {
  describedPerson,
  describedThing,
  listedOptions,
  MEASURE_COMPARATIVES,
  type QuestionReading,
  ROLE_NOUNS,
  readQuestion,
  roleOfWritten,
} from '../../../../core/answer/question.js';
import {
  AGE_AT_DATED_EVENT,
  ageAtDeathOf,
  answerFormat,
  askedPart,
  bareTitle,
  escapeRegExp,
  itAsPreamble,
  NUMBER_WORDS,
  PLOT_ASKED,
  sentences,
  TOTAL_ASKED,
  upperFirst,
} from '../../../../core/answer/text.js';
import { asPassagesWrite } from '../../../../core/answer/truecase.js';
import type { Lexicon } from '../../../../core/ports.js';
import { contentTerms } from '../../../../core/retrieval/tokenize.js';
import { wordNet } from '../../../lexicon/wordnet.js';
import { readTask } from '../reading.js';
import { choose, dayValue, lifeEvent, monthAndDay } from './choice.js';
import { describe, fallback, namesFrom, summarize } from './fallback.js';
import { type AnswerInput, cite, type ExtractedAnswer, Focus, NO_ANSWER, ORDINALS, ranksAs, type Sentence, sameName, subjectOf, titleKey } from './focus.js';
import {
  coordinated,
  gradedSynonyms,
  list,
  membersWith,
  mostOfClass,
  tableChoice,
  tableFigure,
  tableMembers,
  tableRows,
  tableSuperlative,
  tableTotal,
} from './lists-tables.js';
import { deathCause, homeCountry, inCommon, lifeDate, lifePlace } from './lives.js';
import {
  AGE_SAID,
  actorOf,
  ageAtEvent,
  asksForMany,
  becameWhen,
  bridgedTitle,
  buyerOf,
  causeOf,
  changeOf,
  chartPosition,
  classSaid,
  containingPlace,
  definedSubject,
  depicted,
  doneAround,
  doneByGroup,
  endsOf,
  fatherTrade,
  figureOf,
  firstNames,
  formerName,
  foundedWhere,
  fundedBy,
  genreOf,
  heldIn,
  howCommon,
  howLong,
  howOften,
  includedIn,
  joinedWhen,
  kindOf,
  leaderOf,
  loserOf,
  madeBy,
  mannerOf,
  materialOf,
  measureSaid,
  memberOf,
  namedAfter,
  namedFor,
  namedThing,
  OCCUPATION_ASKED,
  objectOf,
  occupationOf,
  ownClassIs,
  ownerOf,
  periodDuring,
  periodEnd,
  placeOfAnswer,
  playsAs,
  plotOf,
  predecessorOf,
  pricePaid,
  qualifiedName,
  relativeAgent,
  roleHeld,
  scientificName,
  scoreOf,
  storyOf,
  studyPlace,
  superlative,
  teacherOf,
  topicOf,
  townOfAnswer,
  verbAs,
  verbObject,
  verbSubject,
  whatFor,
  whereIs,
  workPlace,
} from './phrasings.js';
import { typed } from './typed.js';
import { yesNo } from './yes-no.js';

export type { AnswerInput, ExtractedAnswer } from './focus.js';

const NAMES_ONLY = /\b(names? only|entities only|just the names?|answer with the names?)\b/i;

/** The answer as the text a model's structured answer reads as: its JSON. */
export function answerExtractively(input: AnswerInput, lexicon: Lexicon = wordNet()): string {
  const { shortAnswer, answer } = answerStructured(input, lexicon);
  return JSON.stringify({ shortAnswer, answer });
}

/** `depth`: how many kinship questions this one was rewritten from (kinAnswer), so a rewrite is never rewritten again. */
export function answerStructured(input: AnswerInput, lexicon: Lexicon = wordNet(), depth = 0): ExtractedAnswer {
  const found = answerOf(input, lexicon, depth);
  if (!found.shortAnswer) return found;
  // A word split at its hyphen by the text's extraction ("Orléans- Braganza") is written whole.
  const spelt = found.shortAnswer.replace(/(?<=\p{L})-\s+(?=\p{Lu})/gu, '-');
  // "the German Kessler Group": a nation's adjective before a name is no part of it where the name's
  // own passage describes it so ("The Kessler Group is a German automotive holding company"); a
  // passage titled "British Airways", or a song titled "Revolution" for "Haitian Revolution", keeps it.
  const adjective = /^(\p{Lu}\p{Ll}+)\s+(\p{Lu}.*)$/u.exec(spelt);
  const titledBy = (name: string, describedAs?: string) =>
    input.documents.some(
      (d) => sameName(bareTitle(d.title ?? ''), name) && (describedAs === undefined || new RegExp(`\\b${describedAs}\\b`, 'u').test(d.text)),
    );
  const joinedUp =
    adjective && lexicon.isNameAdjective?.(adjective[1]!) === true && titledBy(adjective[2]!, adjective[1]!) && !titledBy(spelt) ? adjective[2]! : spelt;
  // A title with its article ("The Quiet Shore"), written so where the answer read it, is the name
  // whole: a passage is titled so, or the article is capitalised inside a sentence ("Her first
  // novel, The Winter Harbour, was published in 2012").
  const articled =
    input.documents.some((d) => d.title === `The ${joinedUp}`) || new RegExp(`[^.!?\\]]\\s+The ${escapeRegExp(joinedUp)}\\b`, 'u').test(found.answer);
  const whole = articled && found.answer.includes(`The ${joinedUp}`) ? `The ${joinedUp}` : joinedUp;
  // "What is the area of X in square kilometres?": of "12.4 square miles (32 km2)", the part in that unit.
  const unit = UNIT_ASKED.exec(input.question)?.[1];
  // "... in feet?" of "2,469 metres": converted, when no part of it is in that unit.
  return { ...found, shortAnswer: (unit ? (measureIn(whole, unit) ?? convertedTo(whole, unit)) : undefined) ?? whole };
}

/**
 * The question an answer is to: a step's own ("What is the population of {{ the city the user
 * chose }}?") when its instruction asks one, else the task's, read whole, not from the last period
 * of an initial in it ("John C. Reilly").
 */
function questionAsked(input: AnswerInput): string {
  const asked = /(?:^|[.:!]\s+)([^.:!?]*\?)\s*(?:[^?]*)$/.exec(input.instruction)?.[1]?.trim();
  return askedPart(asked && asked.length > 3 && !input.question.trim().endsWith(asked) ? asked : input.question);
}

function answerOf(input: AnswerInput, lexicon: Lexicon, depth: number): ExtractedAnswer {
  if (input.documents.length === 0) return { shortAnswer: null, answer: NO_ANSWER };
  // A table is read by its rows (tableFigure, tableChoice, list), never as prose: "nuclear,65 hydroelectricity,12" is no sentence.
  const tables = input.documents.flatMap((doc) => {
    const rows = tableRows(doc.text);
    return rows ? [{ doc, rows }] : [];
  });
  const all = input.documents.flatMap((doc, docRank) =>
    (tables.some((t) => t.doc === doc) ? [] : sentences(doc.text)).map((text, position) => ({
      docId: doc.id,
      docRank,
      title: doc.title ?? '',
      text,
      position,
      terms: new Set(contentTerms(text)),
    })),
  );
  // A question typed in lower case names what the passages spell ("toulouse": Toulouse).
  // Read as the passages write it: "toulose" names Toulouse (core/answer/truecase.ts).
  const posed = questionAsked(input);
  // "How tall is X in metres?" is read as "How tall is X?"; the part in metres is kept after (answerStructured).
  const text = itAsPreamble(
    asPassagesWrite(
      posed.replace(UNIT_ASKED, (asked, unit: string) => (unitNamed(unit) ? '?' : asked)),
      input.documents,
      lexicon,
    ),
  );
  const reading = withoutClassAdjective(
    asPerson(withTitledNames(withWholeTitles(withTitledOptions(readQuestion(text), text, all), text, all), text, all), lexicon),
    text,
    lexicon,
  );
  const focus = new Focus(reading, all, lexicon, readTask(text).kind === 'bridge', text);
  const founded = foundedWhere(text, reading, input.documents, lexicon);
  if (founded) return founded;
  const found = answerRead(input, lexicon, depth, { text, reading, focus, tables, all });
  // "In what country ...?" answered by a hall or a firm: the country its own passage puts it in.
  const head = reading.answerClass?.split(' ').pop();
  const within =
    found.shortAnswer && head
      ? (placeOfAnswer(found.shortAnswer, head, input.documents, lexicon) ?? townOfAnswer(found.shortAnswer, head, input.documents, lexicon))
      : undefined;
  if (within) return { shortAnswer: within.place, answer: [found.answer, ...within.cited].join(' ') };
  // "Which team does Arno Vitt ride for?": "the team Keld Racing" is said "Keld Racing".
  const named = head && found.shortAnswer ? new RegExp(`^(?:the|a|an)\\s+${escapeRegExp(head)}\\s+(\\p{Lu}.*)$`, 'u').exec(found.shortAnswer)?.[1] : undefined;
  // "What is the capital of Kessaria?": "Varnholm, Kessaria" is said "Varnholm"; the region is the question's own.
  const region =
    found.shortAnswer && !text.includes(found.shortAnswer)
      ? reading.names.find((n) => found.shortAnswer!.endsWith(`, ${n}`) && found.shortAnswer!.length > n.length + 2)
      : undefined;
  const placed = region ? found.shortAnswer!.slice(0, -(region.length + 2)) : undefined;
  return named ? { ...found, shortAnswer: named } : placed ? { ...found, shortAnswer: placed } : found;
}

/** The question as answerOf read it: its text, its reading and focus, the passages' tables and sentences. */
interface QuestionRead {
  text: string;
  reading: QuestionReading;
  focus: Focus;
  tables: Array<{ doc: AnswerInput['documents'][number]; rows: NonNullable<ReturnType<typeof tableRows>> }>;
  all: Sentence[];
}

/** What answerOf answers, once the question is read: by the kind of question, each reader in turn. */
function answerRead(input: AnswerInput, lexicon: Lexicon, depth: number, { text, reading, focus, tables, all }: QuestionRead): ExtractedAnswer {
  if (NAMES_ONLY.test(input.instruction)) return { shortAnswer: null, answer: namesFrom(all, focus, input.question) };
  // A question rewritten and asked again (a hop, a claim, a gap) is asked at most two deep.
  const again = depth < 2;
  const hops = again && !['yes_no', 'choice', 'comparison', 'list'].includes(reading.type);
  const common =
    inCommon(text, reading, input.documents, lexicon) ??
    (again
      ? (ageOf(text, input.documents, lexicon, depth) ??
        difference(text, input.documents, lexicon, depth) ??
        oneOfMany(text, reading, input.documents, lexicon, depth) ??
        totalOf(text, input.documents, lexicon, depth) ??
        eachOf(text, reading, input.documents, lexicon, depth) ??
        conjoined(text, reading, input.documents, lexicon, depth) ??
        sameNationOfRole(text, input.documents, lexicon, depth) ??
        sameDoer(text, input.documents, lexicon, depth))
      : undefined);
  if (common) return common;
  const kin = hops
    ? (kinAnswer(text, input.documents, lexicon, depth) ??
      describedAnswer(text, input.documents, lexicon, depth) ??
      rankedAnswer(text, reading, input.documents, lexicon, depth))
    : undefined;
  if (kin) return kin;
  const dated =
    reading.type === 'date' || reading.type === 'year'
      ? lifeDate(reading, input.documents, lexicon, text)
      : (lifePlace(reading, input.documents, lexicon, text) ??
        homeCountry(text, reading, input.documents, lexicon) ??
        deathCause(text, reading, input.documents, lexicon) ??
        (reading.type === 'place' ? (whereIs(text, focus) ?? containingPlace(focus) ?? workPlace(text, focus) ?? studyPlace(text, focus)) : undefined));
  if (dated) return dated;
  const given =
    firstNames(text, focus) ??
    expansionOf(text, focus) ??
    (['yes_no', 'choice', 'comparison'].includes(reading.type)
      ? undefined
      : (occupationOf(text, focus) ??
        fatherTrade(text, focus) ??
        doneAround(text, focus) ??
        madeBy(text, focus) ??
        materialOf(text, focus) ??
        mannerOf(text, focus) ??
        includedIn(text, focus) ??
        plotOf(text, focus) ??
        storyOf(text, focus) ??
        topicOf(text, focus)));
  if (given) return given;
  // Asked a work's story that no passage tells: "What is X about?" is answered by what X is; "What
  // is the plot of X?" is not answered (a name its passage gives is no plot).
  const story = PLOT_ASKED.exec(text);
  if (story && again) return story[1] ? askAgain(`What is ${story[1]}?`, input.documents, lexicon, depth) : { shortAnswer: null, answer: NO_ANSWER };
  switch (reading.type) {
    case 'yes_no':
      return (
        (again ? figureClaim(text, input.documents, lexicon, depth) : undefined) ??
        (reading.options ? (tableChoice(reading, tables, focus) ?? choose(reading, focus)) : undefined) ??
        (again ? superlativeClaim(text, input.documents, lexicon, depth) : undefined) ??
        yesNo(reading, focus, text) ??
        fallback(focus)
      );
    case 'choice':
      return withFullName(tableChoice(reading, tables, focus) ?? choose(reading, focus), reading, focus) ?? fallback(focus);
    case 'comparison':
      return tableChoice(reading, tables, focus) ?? choose(reading, focus) ?? fallback(focus);
    case 'list':
      // "Name the two rivers that meet in Lyon": a list in prose is the names coordinated before the class noun.
      return list(reading, tables, focus) ?? coordinated(focus) ?? fallback(focus);
    case 'description':
      // "Name the museums of Lyon": a request for the names of a plural noun is a list.
      if (reading.summary) {
        // "What is Arbroath known for?" (asked as "Tell me about Arbroath"): what a passage says it is known for, with the summary of it.
        const summary = summarize(focus, answerFormat(input.question));
        const known = whatFor(input.question, focus);
        if (known && summary)
          return { shortAnswer: known.shortAnswer, answer: summary.answer.includes(known.answer) ? summary.answer : `${known.answer} ${summary.answer}` };
        return known ?? summary ?? fallback(focus);
      }
      return (
        (asksForMany(text) ? coordinated(focus) : undefined) ??
        causeOf(text, focus) ??
        howCommon(text, focus) ??
        depicted(text, focus) ??
        verbAs(text, focus) ??
        verbObject(text, focus) ??
        verbSubject(text, focus) ??
        whatFor(text, focus) ??
        objectOf(text, focus) ??
        definedSubject(reading, focus, text) ??
        namedThing(text, focus) ??
        describe(focus) ??
        fallback(focus)
      );
    default:
      return (
        changeOf(text, focus) ??
        namedThing(text, focus) ??
        buyerOf(text, focus) ??
        loserOf(text, focus) ??
        scoreOf(text, focus) ??
        (reading.type === 'number' && TOTAL_ASKED.test(text) ? tableTotal(tables, focus) : undefined) ??
        (reading.type === 'number' ? tableFigure(tables, focus) : tableSuperlative(reading, tables, focus, text)) ??
        mostOfClass(reading, focus, text) ??
        actorOf(text, focus) ??
        relativeAgent(reading, focus) ??
        playsAs(reading, focus, text) ??
        roleHeld(reading, focus) ??
        howLong(text, focus) ??
        measureSaid(text, focus) ??
        howOften(text, focus) ??
        periodEnd(text, focus) ??
        joinedWhen(text, focus) ??
        becameWhen(text, focus) ??
        endsOf(text, focus) ??
        ageAtEvent(text, focus) ??
        pricePaid(text, focus) ??
        scientificName(text, focus) ??
        qualifiedName(text, focus) ??
        fullNameAsked(text, focus) ??
        namedAfter(text, focus) ??
        namedFor(text, focus) ??
        formerName(text, focus) ??
        ownClassIs(reading, focus, text) ??
        leaderOf(text, focus) ??
        ownerOf(text, focus) ??
        memberOf(text, focus) ??
        teacherOf(text, focus) ??
        predecessorOf(text, focus) ??
        fundedBy(text, focus) ??
        chartPosition(text, focus) ??
        verbSubject(text, focus) ??
        (reading.type === 'person' ? verbObject(text, focus) : undefined) ??
        whatFor(text, focus) ??
        (asksForMany(text) ? (tableMembers(tables, focus) ?? membersWith(focus) ?? coordinated(focus)) : undefined) ??
        bridgedTitle(reading, focus, text) ??
        figureOf(reading, focus) ??
        genreOf(text, focus) ??
        kindOf(text, focus) ??
        objectOf(text, focus) ??
        superlative(reading, focus, text) ??
        definedSubject(reading, focus, text) ??
        classSaid(reading, focus) ??
        typed(reading, focus) ??
        periodDuring(focus) ??
        heldIn(text, focus) ??
        doneByGroup(text, focus) ??
        fallback(focus)
      );
  }
}

/**
 * "Where was the director of film Hatchet II born?": the person the role describes is found first
 * ("Who is the director of film Hatchet II?"), then the question is asked of them by name, in their
 * own passage first. Undefined when the person found has no passage of their own here, or nothing
 * of the expected type is said of them: the question is then read as any other.
 */
function describedAnswer(asked: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  // "the French capital" is "the capital of France" (the name the adjective is of, from the lexicon).
  // "Hit Parade of 1941's director" is "the director of Hit Parade of 1941".
  const question = roleOfWritten(asked).replace(/\bthe\s+(\p{Lu}\p{Ll}+)\s+(\p{Ll}+)(?=\s*\?*\s*$)/u, (phrase, adjective: string, noun: string) => {
    const name = lexicon.nameOf?.(adjective);
    return name && name !== adjective ? `the ${noun} of ${name}` : phrase;
  });
  const described = describedPerson(question) ?? describedThing(question);
  if (!described) return undefined;
  // "Where FC Varn plays?" may find its league; "In which stadium FC Varn plays?" is asked then, and
  // taken when it finds one named so or whose own passage opens by calling it so.
  const first = askAgain(described.find, documents, lexicon, depth);
  const also = (described as { also?: string }).also;
  // The noun the phrase opens on ("the stadium where ...").
  const noun = contentTerms(/^the\s+(\p{Ll}+)\s/u.exec(described.phrase)?.[1] ?? '')[0];
  const ofNoun = (name: string | null) => {
    const own = name ? ownPassage(name, documents) : undefined;
    return noun !== undefined && name !== null && [name, sentences(own?.text ?? '')[0] ?? ''].some((t) => contentTerms(t).includes(noun));
  };
  const other = also && !ofNoun(first.shortAnswer) ? askAgain(also, documents, lexicon, depth) : undefined;
  const found = other && ofNoun(other.shortAnswer) ? other : first;
  // A place found with its region ("Altheim, Dresvia") is asked of by its own name, as its passage is titled.
  const asName = found.shortAnswer && !ownPassage(found.shortAnswer, documents) ? found.shortAnswer.split(',')[0] : found.shortAnswer;
  const own = asName ? ownPassage(asName, documents) : undefined;
  if (!found.shortAnswer || !asName) return undefined;
  // Found with no passage of its own ("recorded at Cliffside Studios"), it may still be spoken of
  // in another's ("He founded Cliffside Studios in 1998"): asked of by name there, the answer is
  // taken when a sentence other than the one that found it names what was found, and it is not that.
  const rewritten = question.replace(described.phrase, asName);
  const ask = (docs: AnswerInput['documents']) => askAgain(rewritten, docs, lexicon, depth);
  const hop = (then: ExtractedAnswer) => ({ shortAnswer: then.shortAnswer, answer: [...new Set([found.answer, then.answer])].join(' ') });
  if (!own) {
    // Without a passage to tell what it is, it must be named as the kind described ("Cliffside Studios", a studio).
    const kind = (described as { kind?: string }).kind;
    const kindWord = kind === undefined ? noun : contentTerms(kind)[0];
    if (kindWord === undefined || !contentTerms(asName).includes(kindWord)) return undefined;
    const then = ask(documents);
    const namesFound = then.answer.toLowerCase().includes(asName.toLowerCase());
    const anotherHop = !found.answer.includes(then.answer) && !then.answer.includes(found.answer);
    return then.shortAnswer && namesFound && anotherHop && !sameName(then.shortAnswer, asName) ? hop(then) : undefined;
  }
  // A role found must be said of what was found: "Paris is the capital ... of France" finds Paris;
  // "Lyon is the third-largest city of France by population of the commune" finds no commune of anything.
  const role = (described as { role?: string }).role;
  // Said as what it is, after "is" and a determiner: "King Erik VII is buried in its crypt" finds no crypt.
  const roleSaid = new RegExp(
    `^(?:The\\s+)?${escapeRegExp(found.shortAnswer)}\\b[^.]*?\\b(?:is|was|are|were)\\s+(?:the|an?|its|their|one\\s+of\\s+the)\\s+(?:[\\p{L}-]+\\s+){0,3}?${escapeRegExp(role ?? '')}\\b`,
    'iu',
  );
  if (role && !roleSaid.test(found.answer)) return undefined;
  // A thing found by a clause that names nothing ("the town where the old water mill stands") must
  // be of the kind the phrase says: its own passage's opening calls it so, or the lexicon does.
  const kind = (described as { kind?: string }).kind;
  if (kind && !contentTerms(sentences(own.text)[0] ?? '').includes(contentTerms(kind)[0] ?? kind) && lexicon.isKindOf?.(found.shortAnswer, kind) !== true)
    return undefined;
  const home = ask([own]);
  const then = home.shortAnswer ? home : ask(documents);
  // The one described is found and has a passage here: what is asked is asked of them, or not answered.
  return then.shortAnswer ? hop(then) : { shortAnswer: null, answer: found.answer };
}

/**
 * "Who is older, John Waite or Jeff Scott Soto?": the option chosen, with the fuller name its own
 * passage's lead gives it ("John Waite (John Charles Waite)"), when that name holds every word of
 * the option's and more. The answer as it was otherwise.
 */
function withFullName(found: ExtractedAnswer | undefined, reading: QuestionReading, focus: Focus): ExtractedAnswer | undefined {
  const option = reading.options?.find((o) => found?.shortAnswer !== undefined && found.shortAnswer !== null && sameName(found.shortAnswer, o));
  const full = option === undefined ? undefined : fullNameOf(option, focus);
  return found && full ? { ...found, shortAnswer: `${found.shortAnswer} (${full.name})` } : found;
}

/** "What is the full name of Ingrid Solberg?": the fuller name the lead of the passage titled after it gives. */
function fullNameAsked(question: string, focus: Focus): ExtractedAnswer | undefined {
  const name = /^\s*what\s+(?:is|was)\s+(?:the\s+)?full\s+name\s+of\s+(.+?)\s*\?*\s*$/i.exec(question)?.[1];
  const full = name === undefined ? undefined : fullNameOf(name, focus);
  return full ? { shortAnswer: full.name, answer: cite(full.lead) } : undefined;
}

/**
 * "What does SPIRA stand for?", "What is NATO short for?": the words a sentence writes beside the
 * short name in brackets ("SPIRA (Spectrograph for Infrared Astronomy)", "the Spectrograph for
 * Infrared Astronomy (SPIRA)") whose letters it is made of, in order, from the first. Undefined for
 * any other question, or when no sentence spells the name out.
 */
function expansionOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  const short = (/^\s*what\s+(?:does|did)\s+(?:the\s+)?(?:(?:name|acronym|abbreviation|initials)\s+)?(.+?)\s+stand\s+for\s*\?*\s*$/i.exec(question) ??
    /^\s*what\s+(?:is|was)\s+(?:the\s+)?(.+?)\s+(?:short|an?\s+(?:acronym|abbreviation))\s+for\s*\?*\s*$/i.exec(question))?.[1];
  if (!short || /\s/.test(short.trim())) return undefined;
  const letters = short.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  // The short name's letters, in order, within the words, the first of them the first word's.
  const spells = (words: string) => {
    const flat = words.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    let at = 0;
    for (const c of letters) {
      at = flat.indexOf(c, at) + 1;
      if (at === 0) return false;
    }
    return flat[0] === letters[0] && words.trim().includes(' ');
  };
  const name = escapeRegExp(short.trim());
  const beside = new RegExp(
    `(?<![\\p{L}\\p{N}])${name}\\s*\\(([^()]+)\\)|((?:\\p{Lu}[\\p{L}'’-]*\\s+)(?:(?:\\p{Lu}[\\p{L}'’-]*|of|for|and|the|de|du|des|in|on)\\s+)*\\p{Lu}[\\p{L}'’-]*)\\s*\\(${name}\\)`,
    'u',
  );
  for (const s of focus.all) {
    const m = beside.exec(s.text);
    const words = (m?.[1] ?? m?.[2])?.split(/[;,]/)[0]?.trim();
    if (words && spells(words)) return { shortAnswer: words, answer: cite(s) };
  }
  return undefined;
}

/**
 * The name a passage titled after a name gives its subject in its lead, when it holds every word of
 * the name and up to three more ("John Charles Waite" for John Waite); undefined otherwise.
 */
function fullNameOf(name: string, focus: Focus): { name: string; lead: Sentence } | undefined {
  const lead = focus.passageOf(name).find((x) => x.position === 0);
  const subject = lead
    ? subjectOf(lead.text)
        ?.replace(/\s*\([^()]*\)/g, '')
        .trim()
    : undefined;
  // Words past an article ("The Exies" names Exies no more fully).
  const words = (t: string) => Array.from(t.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu), (m) => m[0]).filter((w) => !/^(?:the|an?)$/.test(w));
  // Not a name with its other names ("Viktoriya Güneş or Viktoria Solnceva"), a description ("Eva
  // Slater, a Hard-Edge artist") or a figure ("United States v. Paramount Pictures, Inc., 334 US 131").
  if (subject === undefined || !/^\p{Lu}/u.test(subject) || /\b(?:is|was|are|were|or)\b|,\s+(?:an?|the)\s|\d/.test(subject)) return undefined;
  const full = words(subject);
  const given = words(name);
  const more = full.length > given.length && full.length <= given.length + 3 && given.every((w) => full.includes(w));
  return more ? { name: subject.replace(/,$/, ''), lead: lead! } : undefined;
}

/**
 * "What share of France's electricity came from its third source of electricity?", "What is the
 * population of the largest city of France?": a thing named by its rank is found first ("Which is
 * the third source of electricity in France?": wind power), then the question is asked of it by
 * name. Undefined when the question names nothing so, or the passages name no such thing.
 */
function rankedAnswer(
  asked: string,
  reading: QuestionReading,
  documents: AnswerInput['documents'],
  lexicon: Lexicon,
  depth: number,
): ExtractedAnswer | undefined {
  const rank = `(?:${ORDINALS.join('|')}|\\p{L}{2,}est)`;
  const m = new RegExp(
    `\\b(?:from|of|in|at|by|to|on|for)\\s+((?:its|their|the)\\s+(${rank}(?:[\\s-]+\\p{L}{2,}est)?\\s+(?:[\\p{Ll}-]+\\s+){0,2}?[\\p{Ll}-]+(?:\\s+of\\s+[\\p{Ll}-]+)?))(?=\\s+(?:in|of|from|for|during|to)\\b|\\s*[,?]|\\s*$)`,
    'iu',
  ).exec(asked);
  // "the third-largest city", "its first renewable source"; not "the west coast".
  if (!m || !ranksAs(m[2]!.split(/[\s-]+/)[0]!)) return undefined;
  // Whose rank: the question's name a possessive points back to ("France's ... its third source"), said with it.
  const owner = reading.names.find((n) => !m[1]!.includes(n));
  const which = `Which is the ${m[2]}${owner && !new RegExp(`\\b${escapeRegExp(owner)}\\b`).test(m[2]!) ? ` in ${owner}` : ''}?`;
  const found = askAgain(which, documents, lexicon, depth);
  if (!found.shortAnswer || /^(?:yes|no)$/i.test(found.shortAnswer)) return undefined;
  // "Wind power" opening its sentence is a common noun, written so in the question ("from wind power").
  const first = found.shortAnswer.split(/\s+/)[0]!;
  const named = lexicon.isCommonWord?.(first) === true ? found.shortAnswer.charAt(0).toLowerCase() + found.shortAnswer.slice(1) : found.shortAnswer;
  const then = askAgain(asked.replace(m[1]!, named), documents, lexicon, depth);
  if (!then.shortAnswer) return undefined;
  return { shortAnswer: then.shortAnswer, answer: [...new Set([found.answer, then.answer])].join(' ') };
}

/**
 * "Is hydroelectricity the biggest source of electricity in France?": the claim of a superlative
 * (or an ordinal: "the third-largest city") is settled by asking which is ("Which is the biggest
 * source of electricity in France?"): yes when the passages name the same, no when they name
 * another. Undefined when the question claims no such thing or the passages name none.
 */
function superlativeClaim(asked: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  const ordinal = ORDINALS.join('|');
  const rank = `(?:(?:${ordinal})[\\s-]+)?(?:\\p{L}{2,}est|most\\s+\\p{L}+|${ordinal})`;
  const claim = asked
    // "2nd" is "second"; "France's second biggest city" is "the second biggest city of France".
    .replace(/\b(\d)(?:st|nd|rd|th)\b/g, (figure, n: string) => ORDINALS[Number(n) - 1] ?? figure)
    .replace(new RegExp(`\\b(\\p{Lu}[\\p{L}-]*)['’]s\\s+(${rank}\\s+[\\p{Ll}-]+)`, 'u'), 'the $2 of $1');
  const m = new RegExp(`^\\s*(?:is|was|are|were)\\s+(.+?)\\s+(the\\s+${rank}\\s+.+?)\\s*\\?*\\s*$`, 'iu').exec(claim);
  if (!m) return undefined;
  // Asked as the passages grade it: "the second biggest city" is found as "the second-largest".
  const graded = /\b(\p{L}{2,}est)\b/u.exec(m[2]!)?.[1];
  let found: ExtractedAnswer | undefined;
  for (const phrase of [m[2]!, ...(graded ? gradedSynonyms(graded, lexicon).map((g) => m[2]!.replace(graded, g)) : [])]) {
    found = askAgain(`Which is ${phrase}?`, documents, lexicon, depth);
    if (found.shortAnswer) break;
  }
  if (!found?.shortAnswer) return undefined;
  const claimed = contentTerms(m[1]!);
  // A table's row is named without its figure: "nuclear (65%)" names nuclear.
  const named = contentTerms(bareTitle(found.shortAnswer));
  if (claimed.length === 0 || named.length === 0) return undefined;
  const same = claimed.every((t) => named.includes(t)) || named.every((t) => claimed.includes(t));
  return { shortAnswer: same ? 'yes' : 'no', answer: found.answer };
}

/** The verbs a thing's age is counted from: when it came to be. */
const BEGINNINGS = ['founded', 'born', 'established', 'built'];

/**
 * "How old is Marseille?": an age is counted from when the thing came to be, which passages say
 * as a date ("founded by Greek settlers around 600 BC"): the date is the answer, asked again as
 * "When was Marseille founded?" (or born, built ...). Undefined when the question asks no age or
 * no passage dates its beginning.
 */
function ageOf(asked: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  const atDeath = ageAtDeathOf(asked);
  if (atDeath) return ageAtDeath(atDeath, documents, lexicon, depth);
  const atEvent = AGE_AT_DATED_EVENT.exec(asked);
  if (atEvent) return ageAtDatedEvent(atEvent[1]!, atEvent[2]!, atEvent[3]!, documents, lexicon, depth);
  const subject = /^\s*how\s+old\s+(?:is|are|was|were)\s+([^?]+?)\s*\?*\s*$/i.exec(asked)?.[1];
  if (!subject || /\b(?:when|at|in|by)\b/i.test(subject)) return undefined;
  for (const verb of BEGINNINGS) {
    const question = `When was ${subject} ${verb}?`;
    const found = askAgain(question, documents, lexicon, depth);
    // The date is said with that beginning ("founded ... around 600 BC"), not of something else
    // about the subject (its museum "opened in 2014").
    // The verb itself ("founded", "founding"): the lexicon's wider kin ("institute") would take a name for it.
    const said = new RegExp(`\\b${verb.replace(/ed$/, '')}`, 'i');
    const dated = (x: string) => found.shortAnswer !== null && x.includes(found.shortAnswer) && said.test(x);
    if (found.shortAnswer && sentences(found.answer).some(dated) && checkEvidence(question, documents, found, lexicon).covered) return found;
  }
  // A figure or a date said of something else (a population, a museum's opening) is no age.
  return { shortAnswer: null, answer: NO_ANSWER };
}

/**
 * "How old was Neil Abernethy when he died?": the years between the birth and the death the
 * passages date, each asked again ("When was X born?", "When did X die?"). With both days known
 * the age is exact; with a year alone on either side it is one of two ("60 or 61"). No answer when
 * either date is not found, or both are one (a living person's birth read for a death): an age is
 * never guessed from one end of a life.
 */
function ageAtDeath(subject: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer {
  const span = birthAnd(subject, `When did ${subject} die?`, documents, lexicon, depth);
  if (!span) return { shortAnswer: null, answer: NO_ANSWER };
  const { birth, end: death, support } = span;
  const full = (d: Candidate) => {
    const { month, day } = monthAndDay(d);
    return month >= 0 && day !== undefined;
  };
  const years = Math.floor(dayValue(death) - dayValue(birth));
  if (full(birth) && full(death)) return { shortAnswer: `${years}`, answer: support };
  // With a year alone on either side, an age its own passage states at the death settles which of
  // the two it was: "(1936 – 2009) ... He died in Malmö at the age of 73".
  const two = [death.value - birth.value - 1, death.value - birth.value];
  const own = ownPassage(subject, documents);
  // A death with the age it came at, in the words of an age at an event: "died in Malmö at the age of 73", "died in 1967, aged 66".
  const atDeath = (x: string) => {
    const died = x.search(/\bdied\b/i);
    return died < 0 ? undefined : AGE_SAID.exec(x.slice(died))?.[1];
  };
  const stated = own
    ? sentences(own.text)
        .map((text) => ({ text, age: Number(atDeath(text)) }))
        .find((x) => two.includes(x.age))
    : undefined;
  if (stated) return { shortAnswer: `${stated.age}`, answer: `${support} ${stated.text} [${own!.id}]` };
  return { shortAnswer: `${two[0]} or ${two[1]}`, answer: support };
}

/**
 * "How old was Elin Roos when she painted The Herring Girls?": an age its sentences state ("at the
 * age of 33") is read as any other question reads it (ageAtEvent); else it is counted from the year
 * the thing done is dated ("When was The Herring Girls painted?": 1894) and the birth ("When was
 * Elin Roos born?": 1861), as one of two ("32 or 33"). No answer when either is not found: a figure
 * the passages give of something else ("measures 140 by 210 centimetres") is no age.
 */
function ageAtDatedEvent(
  subject: string,
  verb: string,
  done: string,
  documents: AnswerInput['documents'],
  lexicon: Lexicon,
  depth: number,
): ExtractedAnswer | undefined {
  if (documents.some((d) => AGE_SAID.test(d.text) && d.text.includes(verb))) return undefined;
  const span = birthAnd(subject, `When was ${done} ${verb}?`, documents, lexicon, depth);
  if (!span) return { shortAnswer: null, answer: NO_ANSWER };
  const years = span.end.value - span.birth.value;
  return { shortAnswer: `${years - 1} or ${years}`, answer: span.support };
}

/**
 * A birth and a later end of what is asked (a death, a thing done), each the first date its question,
 * asked again, answers with, and the sentences that gave them; undefined when either is not found,
 * or the end is not after the birth.
 */
function birthAnd(
  subject: string,
  endAsked: string,
  documents: AnswerInput['documents'],
  lexicon: Lexicon,
  depth: number,
): { birth: Candidate & { value: number }; end: Candidate & { value: number }; support: string } | undefined {
  const [born, ended] = [`When was ${subject} born?`, endAsked].map((q) => askAgain(q, documents, lexicon, depth));
  const [birth, end] = [born!, ended!].map((found) =>
    found.shortAnswer ? datesIn(found.shortAnswer).find((d) => d.kind === 'date' || d.kind === 'year') : undefined,
  );
  if (birth?.value === undefined || end?.value === undefined || end.value <= birth.value) return undefined;
  const support = [...new Set([...sentences(born!.answer), ...sentences(ended!.answer)])].join(' ');
  return { birth: { ...birth, value: birth.value }, end: { ...end, value: end.value }, support };
}

/** The ways a gap is asked, each with the comparison it is asked as. */
const GAP_FORMS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string]> = [
  // "How many more residents did Paris have than Marseille?": "Did Paris have more residents than Marseille?".
  [
    /^\s*how\s+(?:many|much)\s+(more|fewer|less)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(did|does|do)\s+(.+?)\s+(\p{Ll}+)\s+than\s+([^?]+?)\s*\?*\s*$/iu,
    (m) => `${upperFirst(m[3]!.toLowerCase())} ${m[4]} ${m[5]} ${m[1]} ${m[2]} than ${m[6]}?`,
  ],
  // "By how many people was Lyon bigger than Toulouse?": "Was Lyon bigger than Toulouse?".
  [
    /^\s*by\s+how\s+(?:many|much)\s+(?:[\p{L}-]+\s+)?(was|is|were|are)\s+(.+?)\s+(\p{L}+er|more\s+\p{L}+)\s+than\s+([^?]+?)\s*\?*\s*$/iu,
    (m) => `${upperFirst(m[1]!.toLowerCase())} ${m[2]} ${m[3]} than ${m[4]}?`,
  ],
  // "How many more people live in Marseille than in Lyon?": "Do more people live in ...?".
  [
    /^\s*how\s+many\s+(more|fewer)\s+([\p{L}-]+)\s+(\p{Ll}+)\s+(in|at|on)\s+(.+?)\s+than\s+(?:(?:in|at|on)\s+)?([^?]+?)\s*\?*\s*$/iu,
    (m) => `Do ${m[1]} ${m[2]} ${m[3]} ${m[4]} ${m[5]} than ${m[4]} ${m[6]}?`,
  ],
  // "What is the population difference between Paris and Lyon?": the larger of the two, and by how much.
  [
    /^\s*what\s+is\s+the\s+([\p{L}-]+)\s+(?:difference|gap)\s+between\s+(.+?)\s+and\s+([^?]+?)\s*\?*\s*$/iu,
    (m) => `Is the ${m[1]} of ${m[2]} larger than that of ${m[3]}?`,
  ],
];

/**
 * "How many more residents did Paris have than Marseille?", "By how many people was Lyon bigger
 * than Toulouse?": the comparison is asked ("Did Paris have more residents than Marseille?"), and
 * the answer is the gap between the two figures it gives, in their unit ("about 1.2 million").
 * No answer when the comparison does not give both figures in one unit; undefined when the
 * question asks no gap.
 */
function difference(asked: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  const compared = GAP_FORMS.map(([form, comparison]) => {
    const m = form.exec(asked);
    return m ? comparison(m) : undefined;
  }).find((c) => c !== undefined);
  if (!compared) return undefined;
  const found = askAgain(compared, documents, lexicon, depth);
  // No gap is given when the comparison gives no two figures, or two in different units (56
  // reactors, a population): a figure of one side alone answers nothing.
  const none = { shortAnswer: null, answer: NO_ANSWER };
  if (!found.compared) return none;
  const [a, b] = found.compared.map(figureIn);
  if (a?.value === undefined || b?.value === undefined) return none;
  const unit = unitOf(a.text);
  if (unit !== unitOf(b.text)) return none;
  const gap = Math.abs(a.value - b.value);
  const rough = ROUGHLY.test(`${a.text} ${b.text}`);
  return { shortAnswer: `${rough ? 'about ' : ''}${figureText(gap)}${unit ? ` ${unit}` : ''}`, answer: found.answer };
}

/** A bound a yes/no question sets a figure ("over 12 million", "fewer than 50"), and the figure after it. */
const FIGURE_BOUND = new RegExp(
  `^\\s*(does|do|did|has|have|had|is|are|was|were)\\s+(.+?)\\s+(more than|over|above|at least|fewer than|less than|under|below|at most)\\s+((?:about\\s+)?(?:\\d[\\d,.]*(?:\\s+(?:hundred|thousand|million|billion))?|${Object.keys(NUMBER_WORDS).join('|')}|(?:a|one)\\s+(?:half|third|quarter)|half))\\b\\s*([\\p{Ll}-]+s\\b)?([^?]*?)\\s*\\?*\\s*$`,
  'iu',
);

/**
 * "Does EDF run fewer than 50 reactors?", "Is Lyon's population over 500,000?": a figure's bound
 * is settled by asking for the figure ("How many reactors does EDF run?", "What is Lyon's
 * population?") and comparing it; a figure the passage bounds itself ("more than 12 million")
 * meets a bound it equals from that side. Undefined when the question sets no bound or the
 * passages give no figure.
 */
function figureClaim(asked: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  const m = FIGURE_BOUND.exec(asked);
  if (!m) return measureClaim(asked, documents, lexicon, depth) ?? countClaim(asked, documents, lexicon, depth);
  const [, aux, subject, bound, figure, noun, rest] = m;
  // "more than half of France's electricity": a share, in percent, of what follows.
  const fraction = /(half|third|quarter)$/i.exec(figure!)?.[1]?.toLowerCase();
  const value = (text: string) => (fraction ? { half: 50, third: 100 / 3, quarter: 25 }[fraction] : numbersIn(`${text} ${noun ?? 'units'}`)[0]?.value);
  const limit = value(figure!);
  if (limit === undefined) return undefined;
  const question = fraction
    ? `What share ${rest!.trim()} ${aux} ${subject}?`
    : noun
      ? `How many ${noun} ${aux} ${subject}${rest}?`
      : `What ${aux} ${subject}${rest}?`;
  const found = askAgain(question, documents, lexicon, depth);
  const given = found.shortAnswer ? figureIn(found.shortAnswer) : undefined;
  if (given?.value === undefined) return undefined;
  // "more than 12 million" is above 12 million; "under 50" below 50.
  const side = /^(?:more than|over|above)\b/i.test(given.text) ? 1 : /^(?:fewer than|less than|under|below)\b/i.test(given.text) ? -1 : 0;
  const v = given.value * (1 + side * 1e-9) + side * 1e-9;
  const holds = /^(?:more than|over|above)$/i.test(bound!)
    ? v > limit
    : /^at least$/i.test(bound!)
      ? v >= limit
      : /^at most$/i.test(bound!)
        ? v <= limit
        : v < limit;
  return { shortAnswer: holds ? 'yes' : 'no', answer: found.answer };
}

/** "Is Loch Fenn deeper than 100 metres?": the subject, group 2; the comparative, 3; the figure, 4; its unit, 5. */
const MEASURE_BOUND = new RegExp(
  `^\\s*(is|are|was|were)\\s+(.+?)\\s+(${Object.keys(MEASURE_COMPARATIVES).join('|')})\\s+than\\s+(\\d[\\d,]*(?:\\.\\d+)?)\\s*([\\p{L}²]+(?:\\s+[\\p{L}]+)?)\\s*\\?*\\s*$`,
  'iu',
);

/**
 * "Is Loch Fenn deeper than 100 metres?": a measure claimed is settled by asking for it ("How deep is
 * Loch Fenn?") and comparing, in the unit the question gives (a conversion in brackets counts).
 * Undefined when the question claims no measure so, or the passage gives none in that unit.
 */
function measureClaim(asked: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  const m = MEASURE_BOUND.exec(asked);
  const unit = m ? unitNamed(m[5]!) : undefined;
  if (!m || unit === undefined) return undefined;
  const found = askAgain(`How ${MEASURE_COMPARATIVES[m[3]!.toLowerCase()]} ${m[1]!.toLowerCase()} ${m[2]}?`, documents, lexicon, depth);
  const given = found.shortAnswer ? measureIn(found.shortAnswer, m[5]!) : undefined;
  const value = given === undefined ? undefined : figureIn(given)?.value;
  if (value === undefined) return undefined;
  return { shortAnswer: value > Number(m[4]!.replace(/,/g, '')) ? 'yes' : 'no', answer: found.answer };
}

/** "Does Lyon's network have five metro lines?": a count of a plural noun, claimed of a subject by its verb. */
const COUNT_SAID = new RegExp(
  `^\\s*(does|do|did|has|have|had)\\s+(.+?)\\s+(\\p{Ll}+)\\s+(?:exactly\\s+|only\\s+|just\\s+)?(\\d[\\d,]*|${Object.keys(NUMBER_WORDS).join('|')})\\s+((?:[\\p{Ll}-]+\\s+)?[\\p{Ll}-]+s)\\b([^?]*?)\\s*\\?*\\s*$`,
  'iu',
);

/**
 * "Does Lyon's TCL network have five metro lines?": a count claimed is settled by asking for it
 * ("How many metro lines does Lyon's TCL network have?") and comparing: yes when the passage gives
 * the same count (within 5% when either says "about"), no when another. Undefined when the
 * question claims no count, or the passages give none or only a bound ("more than 400").
 */
function countClaim(asked: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  const m = COUNT_SAID.exec(asked);
  if (!m) return undefined;
  const [, aux, subject, verb, figure, noun, rest] = m;
  const claimed = numbersIn(`${figure} ${noun}`)[0]?.value;
  if (claimed === undefined) return undefined;
  const found = askAgain(`How many ${noun} ${aux!.toLowerCase()} ${subject} ${verb}${rest}?`, documents, lexicon, depth);
  const given = found.shortAnswer ? figureIn(found.shortAnswer) : undefined;
  if (given?.value === undefined || /^(?:more than|over|above|fewer than|less than|under|below|at least|at most)\b/i.test(given.text)) return undefined;
  const roughly = /\b(?:about|around|some|roughly|nearly|almost|approximately)\b/i.test(`${found.shortAnswer} ${asked}`);
  const same = roughly ? Math.abs(given.value - claimed) <= 0.05 * Math.max(given.value, claimed) : given.value === claimed;
  return { shortAnswer: same ? 'yes' : 'no', answer: found.answer };
}

/** A name in a question: capitalised words, after "the" or not. */
const NAME = String.raw`(?:the\s+)?\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*`;
/** "of Lyon and Marseille", "of Paris, Lyon and Nice": names listed after what is asked of them. */
const NAMES_LISTED = new RegExp(String.raw`\b(of|for|in)\s+(${NAME}(?:\s*,\s*${NAME})*,?\s+and\s+${NAME})`, 'u');

/**
 * "What is the population of Lyon and Marseille?", "Give me the populations of Paris, Lyon and
 * Nice": the same thing asked of each name, answered for each ("What is the population of Lyon?")
 * and said together, "Lyon: about 522,000 (2020); Marseille: about 873,000 (2020)". Undefined when
 * the question asks to choose or compare, when a listed part is not one of its names, when a name
 * has no answer, or when every name has the same one (a thing asked of them together): the
 * question is then read as any other.
 */
function eachOf(asked: string, reading: QuestionReading, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  const answers = answersOfEach(asked, reading, documents, lexicon, depth);
  if (!answers || answers.some((a) => !a.found.shortAnswer || /^(?:yes|no)$/i.test(a.found.shortAnswer))) return undefined;
  // One answer for all ("the confluence of the Rhône and the Saône": Lyon) is one thing asked of them together.
  if (new Set(answers.map((a) => a.found.shortAnswer!.toLowerCase())).size === 1) return undefined;
  return {
    shortAnswer: answers.map((a) => `${a.name}: ${a.found.shortAnswer}`).join('; '),
    answer: [...new Set(answers.map((a) => a.found.answer))].join(' '),
  };
}

/**
 * "What is the combined population of Lyon and Marseille?", "How many people live in Lyon and
 * Marseille together?": the figure asked of each name (eachOf), added up when every name has one
 * in the same unit, with each in the answer: "about 1.4 million". No answer when a name's figure
 * is missing or in another unit; undefined when the question asks no total of listed names.
 */
function totalOf(asked: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  if (!TOTAL_ASKED.test(asked)) return undefined;
  // The question asked of each: without its word of the total.
  const each = asked
    .replace(/\b(?:combined|total)\s+(?=\p{L})/iu, '')
    .replace(/\s*,?\s*\b(?:combined|together|altogether|in\s+all|in\s+total|added\s+up)\b\s*(?=[?.!]*\s*$)/iu, '');
  const reading = readQuestion(each);
  if (reading.type !== 'number' || each === asked) return undefined;
  const answers = answersOfEach(each, reading, documents, lexicon, depth);
  if (!answers) return undefined;
  // A total of names one of which has no figure here is not given.
  const figures = answers.map((a) => (a.found.shortAnswer ? figureIn(a.found.shortAnswer) : undefined));
  const unit = unitOf(figures[0]?.text ?? '');
  if (figures.some((f) => f?.value === undefined || unitOf(f.text) !== unit)) return { shortAnswer: null, answer: NO_ANSWER };
  const total = figures.reduce((sum, f) => sum + f!.value!, 0);
  const rough = answers.some((a) => ROUGHLY.test(a.found.shortAnswer!));
  const parts = answers.map((a) => `${a.name}: ${a.found.shortAnswer}`).join('; ');
  return {
    shortAnswer: `${rough ? 'about ' : ''}${figureText(total)}${unit ? ` ${unit}` : ''}`,
    answer: `${parts}. ${[...new Set(answers.map((a) => a.found.answer))].join(' ')}`,
  };
}

/** A figure written as the answerer writes one: "1.2 million", "29,000", "2.5". */
function figureText(value: number): string {
  return value >= 1e6 ? `${Number((value / 1e6).toFixed(1))} million` : Number(value.toPrecision(value >= 1000 ? 3 : 15)).toLocaleString('en-US');
}

/** A figure given roughly: "about 522,000", "more than 400". */
const ROUGHLY = /\b(?:about|around|some|roughly|nearly|more than|over|almost)\b/i;

/**
 * The thing a question asks of each name it lists ("the population of Lyon and Marseille"), asked
 * of each in turn, answered or not. Undefined when it asks to choose, or lists a part that is not
 * one of its names.
 */
function answersOfEach(
  asked: string,
  reading: QuestionReading,
  documents: AnswerInput['documents'],
  lexicon: Lexicon,
  depth: number,
): Array<{ name: string; found: ExtractedAnswer }> | undefined {
  if (!['number', 'date', 'year', 'place', 'person', 'entity'].includes(reading.type) || reading.options) return undefined;
  const m = NAMES_LISTED.exec(asked);
  if (!m) return undefined;
  const parts = m[2]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((p) => p.replace(/^the\s+/i, '').trim());
  if (parts.length < 2 || !parts.every((p) => reading.names.some((n) => n.toLowerCase() === p.toLowerCase()))) return undefined;
  // "the populations of": each name has one.
  const before = asked.slice(0, m.index).replace(/\b(\p{Ll}{3,}[^s\s])s(\s*)$/u, '$1$2');
  return parts.map((p) => ({ name: p, found: askAgain(`${before}${m[1]} ${p}${asked.slice(m.index + m[0].length)}`, documents, lexicon, depth) }));
}

/**
 * "Of Lyon, Marseille and Nice, which has the fewest residents?": a choice among three or more
 * named options, settled two at a time ("Which has the fewest residents, Lyon or Marseille?", then
 * the one that wins against Nice). Undefined when the question grades no list of names, or a
 * round is not settled.
 */
function oneOfMany(asked: string, reading: QuestionReading, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  if (reading.names.length < 3 || !/\b(?:which|who|what)\b/i.test(asked) || !/\b(?:\p{L}+est|most|least|fewest|more|less|fewer|\p{L}+er)\b/iu.test(asked))
    return undefined;
  const listed = listedOptions(asked, reading.names);
  if (!listed) return undefined;
  const { options, phrase } = listed;
  // The question without its list: "which has the fewest residents", asked of two options at a time.
  const rest = asked
    .replace(phrase, ' ')
    .replace(/^[\s,:;—–-]+|[\s,]+(?=[,?])|\?\s*$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  let winner = options[0]!;
  const said: string[] = [];
  for (const other of options.slice(1)) {
    const round = askAgain(`${upperFirst(rest)}, ${winner} or ${other}?`, documents, lexicon, depth);
    const won = [winner, other].find((o) => round.shortAnswer?.toLowerCase() === o.toLowerCase());
    if (!won) return undefined;
    winner = won;
    said.push(round.answer);
  }
  return { shortAnswer: winner, answer: [...new Set(said)].join(' ') };
}

/**
 * "Who helped develop nuclear power, and also worked with Ernest Walton?": one person of whom two
 * clauses are said, each asked on its own ("Who worked with Ernest Walton?"); the answer of the
 * clauses that name something, when they agree. Undefined when the question joins no two clauses
 * so, when no clause naming something is answered, or when two answers differ.
 */
function conjoined(asked: string, reading: QuestionReading, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  if (reading.type !== 'person' && reading.type !== 'entity') return undefined;
  const m = /^\s*(who|what|which\s+\p{Ll}+)\s+([^,?]+?),\s+and\s+(?:also\s+)?([^,?]+?)\s*\?\s*$/iu.exec(asked);
  if (!m) return undefined;
  const named = [m[2]!, m[3]!].filter((clause) => /\p{Lu}/u.test(clause));
  if (named.length === 0) return undefined;
  const answers = named.map((clause) => askAgain(`${upperFirst(m[1]!)} ${clause}?`, documents, lexicon, depth)).filter((a) => a.shortAnswer);
  if (answers.length === 0 || new Set(answers.map((a) => a.shortAnswer!.toLowerCase())).size > 1) return undefined;
  return { shortAnswer: answers[0]!.shortAnswer, answer: [...new Set(answers.map((a) => a.answer))].join(' ') };
}

/** A role's noun, as a pattern. */
const ROLE_WORD = `(?:${ROLE_NOUNS})`;
/** The works a role is of, named before a title: "the directors of films A and B". */
const WORK_NOUN = '(?:films?|movies?|songs?|albums?|books?|novels?|plays?|shows?|series)';
/** A role asked of two works, in the forms such questions take: the role and the two works, by name. */
const ROLE_OF_TWO = [
  // "Are the directors of films A and B both from the same country?", "Are (both) director of film A and director of film B ...?"
  new RegExp(
    `^(?:are|were)\\s+(?:both\\s+)?(?:the\\s+)?(?<role>${ROLE_WORD})s?\\s+of\\s+(?:(?:the\\s+)?${WORK_NOUN}\\s+)?(?<a>.+?)\\s+and\\s+(?:(?:the\\s+)?\\k<role>\\s+of\\s+(?:(?:the\\s+)?${WORK_NOUN}\\s+)?)?(?<b>.+?)\\s+(?:both\\s+)?(?:from|of|share|have)\\b`,
    'i',
  ),
  // "Do both films A and B have the directors from the same country?"
  new RegExp(
    `^(?:do|did|does)\\s+(?:both\\s+)?(?:the\\s+)?${WORK_NOUN}\\s*:?\\s+(?<a>.+?)\\s+and\\s+(?<b>.+?)\\s+have\\s+(?:the\\s+)?(?<role>${ROLE_WORD})s?\\b`,
    'i',
  ),
];

/**
 * "Are the directors of films A and B both from the same country?": each work's person in the role
 * is found ("Who is the director of A?"), then the nation their own passage's opening makes them a
 * citizen of; yes when the two are the same. Undefined when the question asks no such thing, or a
 * step is not answered: the question is then read as any other.
 */
function sameNationOfRole(asked: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  if (!SAME_NATION.test(asked)) return undefined;
  const q = asked.trim().replace(/\s+/g, ' ');
  const groups = ROLE_OF_TWO.map((re) => re.exec(q)?.groups).find((g) => g !== undefined);
  if (!groups) return undefined;
  const role = groups.role!.toLowerCase();
  const said: string[] = [];
  const nations: string[] = [];
  for (const work of [groups.a!, groups.b!]) {
    const found = askAgain(`Who is the ${role} of ${work}?`, documents, lexicon, depth);
    const person = firstNamed(found);
    if (!person) return undefined;
    const own = ownPassage(person, documents);
    const opening = own ? sentences(own.text)[0] : undefined;
    const nation = opening ? citizenship(opening, lexicon) : undefined;
    if (!own || !opening || !nation) return undefined;
    nations.push(nation);
    said.push(found.answer, `${opening} [${own.id}]`);
  }
  return { shortAnswer: nations[0] === nations[1] ? 'yes' : 'no', answer: [...new Set(said)].join(' ') };
}

/** Of several people an answer names ("directed by A and B", "A, B"), the first. */
const firstNamed = (found: ExtractedAnswer): string | undefined => found.shortAnswer?.split(/\s*,\s*|\s+and\s+/)[0];

/**
 * The nation a person's opening makes them a citizen of: the last nation adjective it calls them
 * ("a Ukrainian-born, Lithuanian-American filmmaker": America), one of birth ("Canadian-born")
 * only when it gives no other.
 */
function citizenship(opening: string, lexicon: Lexicon): string | undefined {
  // Each part of a compound is read: "Lithuanian-American" as "Lithuanian- American".
  const text = opening.replace(/(?<=\p{L})-(?=\p{Lu})/gu, '- ');
  const adjectives = nationAdjectivesIn(text, lexicon);
  const born = (a: (typeof adjectives)[number]) => /^-\s*born\b/.test(text.slice(a.at + a.text.length));
  return (adjectives.filter((a) => !born(a)).at(-1) ?? adjectives.at(-1))?.nation;
}

/** "Were X and Y designed by the same engineer?": the two sides, the verb, the noun after "same". */
const SAME_DOER =
  /^\s*(?:were|was|are|is)\s+(?:both\s+)?(?:the\s+)?(?<a>.+?)\s+and\s+(?:the\s+)?(?<b>.+?)\s+(?:both\s+)?(?<verb>\p{Ll}{3,}(?:ed|en)|built|made|run|won|led|held|sung|drawn|taught)\s+by\s+the\s+same\s+(?<noun>\p{Ll}+)\s*\?*\s*$/iu;
/** "Do X and Y have the same director?": the two sides and the role. */
const SAME_ROLE =
  /^\s*(?:do|did|does)\s+(?:both\s+)?(?:the\s+)?(?<a>.+?)\s+and\s+(?:the\s+)?(?<b>.+?)\s+(?:both\s+)?(?:have|share)\s+the\s+same\s+(?<noun>\p{Ll}+)\s*\?*\s*$/iu;

/**
 * "Were the Halden Bridge and the Varn Viaduct designed by the same engineer?", "Do X and Y have the
 * same director?": who did it is found for each side ("Who designed Halden Bridge?"), and the
 * verdict is whether the two are one. Only a person's role or a doer is read so (a place "the same"
 * is yesNo's); undefined when a side is not answered: the question is then read as any other.
 */
function sameDoer(asked: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  const q = asked.trim().replace(/\s+/g, ' ');
  const done = SAME_DOER.exec(q)?.groups;
  const role = done ? undefined : SAME_ROLE.exec(q)?.groups;
  const groups = done ?? role;
  // A doer asked by who does it: a person, or a body ("the same firm").
  const noun = groups?.noun?.toLowerCase();
  if (!groups || !noun || !['person', 'organization'].some((k) => lexicon.isKindOf?.(noun, k) === true)) return undefined;
  const found = [groups.a!, groups.b!].map((side) =>
    askAgain(done ? `Who ${done.verb!.toLowerCase()} ${side}?` : `Who is the ${noun} of ${side}?`, documents, lexicon, depth),
  );
  const [a, b] = found.map(firstNamed);
  if (!a || !b) return undefined;
  // One name written whole and by its last words ("Marit Solberg", "Solberg") is one person.
  const [ta, tb] = [contentTerms(a), contentTerms(b)].sort((x, y) => x.length - y.length);
  const same = sameName(a, b) || (ta!.length > 0 && tb!.slice(-ta!.length).join(' ') === ta!.join(' '));
  return { shortAnswer: same ? 'yes' : 'no', answer: [...new Set(found.map((f) => f.answer))].join(' ') };
}

/** The instruction a rewritten question is answered with: it asks nothing of its own. */
const PLAIN_INSTRUCTION = 'Answer from the sources, citing them.';

/** A question rewritten from the one at `depth` (a step found, a name put in), answered as any other. */
function askAgain(question: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer {
  return answerStructured({ question, instruction: PLAIN_INSTRUCTION, documents }, lexicon, depth + 1);
}

/**
 * A question asked through a family relation (core/answer/kinship.ts): "Who is X's paternal
 * grandfather?" follows X's father to his passage and reads his father there; "Where was the
 * husband of X born?" finds the husband, then answers "Where was <husband> born?". A subject that
 * is a description ("the father of the director of film Y") is answered first as "Who is the
 * director of film Y?". Undefined when a step is not stated: the question is then read as any other;
 * a null answer when every step is but nothing says what is asked of the relative.
 */
function kinAnswer(question: string, documents: AnswerInput['documents'], lexicon: Lexicon, depth: number): ExtractedAnswer | undefined {
  const kin = kinQuestion(question);
  if (!kin) return undefined;
  const support: string[] = [];
  let person = ownPassage(kin.subject, documents);
  if (!person && /^the\s+\p{Ll}/u.test(kin.subject)) {
    const inner = askAgain(`Who is ${kin.subject}?`, documents, lexicon, depth);
    person = inner.shortAnswer ? ownPassage(inner.shortAnswer, documents) : undefined;
    support.push(inner.answer);
  }
  const path = person ? followPath(person, kin.path, documents) : undefined;
  // The person's own passage here, and no relative it names: what is asked of the relative is not
  // said, and the person's own birth or death is no answer to it ("the daughter of a merchant").
  if (!path)
    return person && !kin.asksWho && ['birth', 'death'].includes(lifeEvent(question, lexicon) ?? '') ? { shortAnswer: null, answer: NO_ANSWER } : undefined;
  const cited = [...support, ...path.map((step) => `${step.sentence} [${step.docId}]`)];
  const relative = path[path.length - 1]!;
  if (kin.asksWho) return { shortAnswer: relative.name, answer: [...new Set(cited)].join(' ') };
  // What is asked of the relative is read in their own passage first: the passages about the
  // person the question named speak of that person ("born a Princess of Savoy"), not of the relative.
  const rewritten = question.replace(kin.phrase, relative.name);
  const ask = (docs: AnswerInput['documents']) => askAgain(rewritten, docs, lexicon, depth);
  const own = relative.own ? ask([relative.own]) : undefined;
  // Else it is read anywhere but the passages of the path's people: there a date or place is theirs
  // ("the daughter of Senator Tom Coburn, born August 4, 1977" gives the daughter's birth).
  const onPath = new Set(path.map((step) => step.docId));
  const elsewhere = own?.shortAnswer ? own : ask(documents.filter((d) => !onPath.has(d.id)));
  // A trade is said before the relative's name on the path too ("married to the painter Olav Berge").
  const then = !elsewhere.shortAnswer && !relative.own && OCCUPATION_ASKED.test(question) ? ask(documents) : elsewhere;
  // The relative found, what is asked of them is said of no one else: when no passage says it,
  // the question has no answer here (a place in the subject's own passage is not the father's).
  if (!then.shortAnswer) return { shortAnswer: null, answer: [...new Set(cited)].join(' ') };
  return { shortAnswer: then.shortAnswer, answer: [...new Set([...cited, then.answer])].join(' ') };
}

/**
 * "Which French city is Airbus based in?": a nation's adjective before the class asked for says
 * which of the class, not what the question is about; sentences saying "French" are no nearer the
 * answer. It is no name to find when the question names something else.
 */
function withoutClassAdjective(reading: QuestionReading, question: string, lexicon: Lexicon): QuestionReading {
  const head = reading.answerClass?.split(' ')[0];
  if (head === undefined || reading.names.length < 2) return reading;
  const names = reading.names.filter(
    (n) =>
      !(/^\p{Lu}\p{Ll}+$/u.test(n) && lexicon.isNameAdjective?.(n) === true && new RegExp(`\\b${escapeRegExp(n)}\\s+${escapeRegExp(head)}\\b`).test(question)),
  );
  return names.length === reading.names.length ? reading : { ...reading, names };
}

/** "What is the name of the deputy mayor ...?", "Which novelist ...?": a class the lexicon files under person asks for a person. */
function asPerson(reading: QuestionReading, lexicon: Lexicon): QuestionReading {
  const head = reading.answerClass?.split(' ').pop();
  return reading.type === 'entity' && head !== undefined && lexicon.isKindOf?.(head, 'person') === true ? { ...reading, type: 'person' } : reading;
}

/**
 * "Where does Vessel's tern breed?": a passage's title the question asks about, a name it reads and
 * common nouns after its possessive ("Vessel" of "Vessel's tern"), is the name asked about; its
 * other words are no words of the relation. Asked about: right after the question's verb, or after
 * "of" ("the scientific name of Vessel's tern"). A title named in a clause ("the physicist from
 * whose name the Bell's theorem was named") is read as the question reads it: taking it there lost
 * a HotpotQA dev question, and taking any title holding a name ("Radcliffe railway station") three more.
 */
function withTitledNames(reading: QuestionReading, question: string, all: readonly Sentence[]): QuestionReading {
  const titles = [...new Set(all.map((s) => bareTitle(s.title)))];
  let names = reading.names;
  let relation = reading.relation;
  for (const name of reading.names) {
    const title = titles.find((t) => {
      if (!new RegExp(`^${escapeRegExp(name)}(?:['’]s)?(?:\\s+\\p{Ll}+)+$`, 'u').test(t)) return false;
      const at = standingWhole(t, 'u').exec(question);
      const before = at ? question.slice(0, at.index) : '';
      return at !== null && (ASKED_RIGHT_AFTER.test(before) || /\b(?:of|in|at)\s+(?:the\s+)?$/.test(before));
    });
    if (!title) continue;
    names = names.map((n) => (n === name ? title : n));
    relation = outsideTitle(relation, title);
  }
  return names === reading.names ? reading : { ...reading, names, relation };
}

/**
 * "What does The Herring Fleet at Dawn show?": names the question reads apart at a small word
 * ("Herring Fleet", "Dawn") are one when a passage here is titled with the span holding them both,
 * written so in the question. Options are read by withTitledOptions.
 */
function withWholeTitles(reading: QuestionReading, question: string, all: readonly Sentence[]): QuestionReading {
  if (reading.names.length < 2 || reading.options) return reading;
  const whole = (phrase: string) => standingWhole(phrase, 'iu');
  for (const title of new Set(all.map((s) => bareTitle(s.title)))) {
    if (!/\s\p{Ll}+\s/u.test(title) || !whole(title).test(question)) continue;
    // Names the title holds as words, and the question nowhere else ("president of Israel before the Israeli ... election").
    const rest = question.replace(whole(title), ' ');
    const inside = reading.names.filter((n) => whole(n).test(title) && !whole(n).test(rest));
    if (inside.length < 2) continue;
    const names = reading.names.flatMap((n) => (n === inside[0] ? [title] : inside.includes(n) ? [] : [n]));
    return { ...reading, names, relation: outsideTitle(reading.relation, title) };
  }
  return reading;
}

/** A phrase standing whole in a text, not inside a longer word or number. */
function standingWhole(phrase: string, flags: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, flags);
}

/** The relation's words a title taken as a name does not hold: its own words name, they do not relate. */
function outsideTitle(relation: readonly string[], title: string): string[] {
  const words = new Set(contentTerms(title));
  return relation.filter((w) => !contentTerms(w).every((t) => words.has(t)));
}

/** A question's opening up to its subject: "Where does ", "When was ", "How many eggs does ". */
const ASKED_RIGHT_AFTER = /^\s*(?:\p{L}+\s+){1,3}?(?:is|was|are|were|does|do|did|has|have|had|can|will)\s+$/iu;

/**
 * "Which film ..., Angélique, Marquise des Anges or That Man George?": a comma may stand inside an
 * option. Of the ways to cut the question before "or" at a comma or a colon, the one whose options
 * are both titles of passages here wins; without such a cut, the question's own reading stands.
 */
function withTitledOptions(reading: QuestionReading, question: string, all: readonly Sentence[]): QuestionReading {
  if (!reading.options) return reading;
  const m = /^(.*)\s+or\s+(?:(?-i:the|a|an)\s+)?(.+?)\s*\??\s*$/i.exec(question.trim());
  if (!m) return reading;
  const titles = new Set(all.map((s) => titleKey(s.title)).filter((t) => t !== ''));
  const second = m[2]!;
  if (!titles.has(titleKey(second))) return reading;
  const head = m[1]!;
  for (const cut of head.matchAll(/[,:]\s*/g)) {
    // A lower-case article is not part of the option; "The Exies" keeps its capital one.
    const first = head.slice(cut.index + cut[0].length).replace(/^(?:the|a|an)\s+/, '');
    if (titles.has(titleKey(first)) && titleKey(first) !== '') return { ...reading, options: [first, second] };
  }
  return reading;
}
