/**
 * Answer classes told by their spans rather than by a word for them: a question asking for a
 * nationality is answered by "a British-American film director", which never says "nationality".
 * The question reader, the keyless answerer and the relevance rule each ask this one module.
 */
import type { Lexicon } from '../ports.js';

/** A span of a sentence that is of the class (a name, as candidates.ts calls one). */
export interface ClassSpan {
  text: string;
  at: number;
  kind: 'name';
}

/**
 * The nationality a sentence gives its subject: the capitalised adjective that opens the noun
 * phrase after "is a" ("Christopher Nolan is a British-American film director", "was an Argentine
 * painter"; of several, "were French inventors"), a compound kept whole, past where one was born
 * ("an Austrian-born Italian soprano"). A capitalised word followed by another is a name, not one.
 */
export function demonymsIn(sentence: string): ClassSpan[] {
  const found: ClassSpan[] = [];
  // "an Austrian-born Italian soprano": where one was born is no nationality; the adjective after it is.
  for (const m of sentence.matchAll(
    /\b(?:is|was|are|were)\s+(?:an?|the)\s+(?:\p{Ll}+\s+)?(?:\p{Lu}\p{Ll}+-born\s+)?(\p{Lu}\p{Ll}+(?:[-–]\p{Lu}\p{Ll}+)*)\s+\p{Ll}/gu,
  )) {
    found.push({ text: m[1]!, at: m.index + m[0].indexOf(m[1]!), kind: 'name' });
  }
  // Several people with no article: "were French inventors".
  for (const m of sentence.matchAll(/\b(?:are|were)\s+(\p{Lu}\p{Ll}+(?:[-–]\p{Lu}\p{Ll}+)*)\s+\p{Ll}{3,}s\b/gu)) {
    found.push({ text: m[1]!, at: m.index + m[0].indexOf(m[1]!), kind: 'name' });
  }
  return found;
}

/**
 * The capitalised words of a text, past its first, that the lexicon knows as a nation's adjective,
 * each with the nation it names ("a 1936 American comedy film": American, America). The one reading
 * of "a French-American filmmaker" that "Which country is X from?" and "the same country?" share.
 */
export function nationAdjectivesIn(text: string, lexicon: Lexicon): Array<ClassSpan & { nation: string }> {
  return [...text.matchAll(/(?<=\S\s+)\p{Lu}\p{Ll}+\b/gu)].flatMap((m) => {
    const nation = lexicon.nameOf?.(m[0]);
    return nation === undefined ? [] : [{ text: m[0], at: m.index, kind: 'name' as const, nation }];
  });
}

/**
 * A death and what caused it, the cause as group 1: "died in 2007 ... of emphysema", "her death by
 * starvation". The cause is lower case (a case-insensitive copy also finds "died of Cholera").
 */
export const DIED_OF =
  /\b(?:(?:died|death)\b[^.;]*?\b(?:of|from|by)|killed\b[^.;]*?\b(?:in|by))\s+(?:an?\s+|the\s+)?([\p{Ll}][\p{Ll}\s'-]{2,40}?)(?=\s*[,.;]|\s+(?:at|in|on|after|aged|while|during)\b|$)/u;

/**
 * A cause or a purpose a sentence states, from its word to its clause's end: "because ...", "due to
 * ...", "blamed on ...", "in order to ...", or an infinitive of purpose before what it is done to ("left the band in
 * 2011 to pursue a solo career", "to found Brightfell"; not "moved to Paris", "devoted to the
 * history"). Case-sensitive but for a marker's first letter: under the i flag \p{Ll} would take
 * "to Lyon the" for a purpose.
 */
export const CAUSE_SAID =
  /\b(?:[Bb]ecause(?:\s+of)?|[Dd]ue\s+to|[Oo]wing\s+to|[Aa]s\s+a\s+result\s+of|[Cc]aused\s+by|[Bb]lamed\s+on|[Aa]ttributed\s+to|[Rr]esult(?:ed|ing)?\s+from|[Tt]he\s+result\s+of|[Ii]n\s+order\s+to|[Ss]o\s+that|[Tt]hanks\s+to|[Tt]o\s+(?!(?:the|an?|be|his|her|its|their|our)\s)\p{Ll}{3,}\s+(?:(?:an?|the|his|her|its|their|our)\s|\p{Lu}))[^;.()]+/u;

/**
 * A price asked through the exchange: "How much did Quillon pay for Pixaro?", "How much was Pixaro
 * sold for?", "For how much ...?"; not a quantity sold ("How much did the album sell?").
 */
export const PRICE_ASKED = /^\s*for\s+how\s+much\b|^\s*how\s+much\b[^?]*\b(?:pa(?:y|id)|spen[dt]|(?:buy|bought|sell|sold|acquired?|purchased?)\b[^?]*\bfor)\b/i;
/**
 * A verb of buying or selling in a sentence, in any form: "acquired", "bought", "sale", "takeover"
 * (the answerer's pricePaid and the evidence check read a price by it).
 */
export const EXCHANGE_SAID =
  /\b(?:acquir\w*|acquisition|bought|buy\w*|purchas\w*|sold|sell\w*|sale|paid|pay\w*|spen[dt]\w*|took\s+over|taken\s+over|takeover)\b/i;
/** A sum of money: a currency sign before the figure, or a currency after it. */
export const MONEY = /^(?:[^\d]*[$€£¥]|.*\d\s*(?:million|billion|thousand)?\s*(?:dollars|euros|pounds|yen|francs|kronor|kroner|marks|rupees)\b)/iu;

/** An answer class that is a nation: "Which country is X from?" is answered by the nation X's adjective names ("a French director"). */
export const NATION_CLASS = /^(?:country|nation)$/i;

/** The classes of place that hold other places: "In which county is Portmoral?" is answered by the part of its place that is one. */
export const CONTAINING_CLASS = /^(?:country|nation|county|state|province|region|district|department|prefecture|canton)$/i;

/**
 * Whether a place's name makes it one of a class of places that hold others: named so ("Fairfield
 * County"), or known so to the lexicon within two levels (Cornwall a county, a county a region),
 * a country within three (Norway a Scandinavian country, a European country, a country).
 * A country is a state and a region to the lexicon too, and a city a region: asked for one of the
 * places between, neither answers; asked for a city, a country does not.
 */
export function placeOfClass(name: string, head: string, lexicon: Lexicon): boolean {
  if (name.toLowerCase().endsWith(` ${head}`)) return true;
  if (!lexicon.isKindOf?.(name, head, NATION_CLASS.test(head) ? 3 : 2)) return false;
  return NATION_CLASS.test(head) || !['country', 'city'].some((k) => k !== head && lexicon.isKindOf!(name, k, 2));
}

/** "When did The Harbour Light end?", "... finish?", "... come to an end?": the subject, group 1. */
export const END_ASKED =
  /^\s*[Ww]hen\s+(?:did|does|do|was|were)\s+(.+?)\s+(?:end|finish|conclude|complete|stop|cease|close|come\s+to\s+an\s+end|(?:was|were)\s+(?:ended|finished|concluded|completed|cancelled)|finished|completed)\b[^?]*\?*\s*$/u;
/** A period a sentence gives: "from 2011 to 2015", "between 2011 and 2015", "(2011–2015)"; its end, group 1. */
export const PERIOD_SAID = /\b(?:from|between)\s+\d{4}\s+(?:to|until|till|and)\s+(\d{4})\b|\(\s*\d{4}\s*[–-]\s*(\d{4})\s*\)/u;
/** An end a sentence gives alone: "ran it until 1990", "till 2004"; the year, group 1. */
export const UNTIL_SAID = /\b(?:until|till)\s+(\d{4})\b/u;

/**
 * "When did Marta Ellund become Prime Minister?", "When did Hedda Voss win the Marlow Prize?": who,
 * group 1; what they became, won or were given, group 2, a verb its passage may say otherwise
 * ("served as Prime Minister since 2019", "was awarded the Marlow Prize in 1930").
 */
/** The verbs BECAME_ASKED reads. */
export const BECAME_VERBS = 'become win receive earn gain obtain';
export const BECAME_ASKED = new RegExp(
  `^\\s*(?:when|(?:in\\s+)?(?:what|which)\\s+year)\\s+did\\s+(.+?)\\s+(?:${BECAME_VERBS.replace(/ /g, '|')})\\s+(?:the\\s+|an?\\s+|his\\s+|her\\s+|their\\s+)?(.+?)\\s*\\?*\\s*$`,
  'iu',
);

/** "Between which towns does the Aun Valley Railway run?": a question asking for two ends. */
export const ENDS_ASKED = /^\s*between\s+(?:which|what)\b/i;
/** Two places a sentence puts a thing between: "between Kessel and Brund", "from Kessel to Brund"; each a name, groups 1 and 2. */
const END_NAME = String.raw`(\p{Lu}[\p{L}'’-]*(?:\s+(?:of\s+|de\s+|upon\s+)?\p{Lu}[\p{L}'’-]*)*)`;
export const ENDS_SAID = new RegExp(String.raw`\b(?:between|from)\s+(?:the\s+)?${END_NAME}\s+(?:and|to)\s+(?:the\s+)?${END_NAME}`, 'u');

/** "a Scottish-born surveyor": the adjective of the country someone was born in, group 1. */
export const BORN_ADJECTIVE = /\b(\p{Lu}\p{Ll}+)-born\b/gu;

/** The words a question asking when something ended says it with. */
export const END_WORDS = /^(?:end|ended|finish|finished|conclude|concluded|complete|completed|stop|stopped|cease|ceased|close|closed|cancelled)$/i;

/** "Who heads the Nordic Space Agency?", "Who leads X?", "Who is the head of X?": the body, group 1. */
export const LEADER_ASKED =
  /^\s*[Ww]ho\s+(?:heads|leads|runs|chairs|directs|manages|is\s+(?:the\s+)?(?:head|leader)\s+of|is\s+in\s+charge\s+of)\s+(.+?)\s*\?*\s*$/u;
/** The roles that head a body, as its passage says who holds one ("Its director general is Ola Strand", "Its chief executive since 2019 is ..."). */
const HEAD_ROLE =
  '(?:(?:[\\p{Ll}-]+\\s+)?(?:director(?:\\s+general)?|chief\\s+executive(?:\\s+officer)?|CEO|head|leader|president|chair(?:man|woman|person)?|secretary\\s+general|managing\\s+director|principal|rector|chancellor|mayor|governor|commander|manager))';
const PERSON_NAME = "(\\p{Lu}[\\p{L}'’.-]*(?:\\s+(?:(?:de|van|von|da|del|la|le)\\s+)?\\p{Lu}[\\p{L}'’.-]*)+)";
const HEAD_SAID = [
  new RegExp(
    `(?:^|\\.\\s+)(?:Its|Their|The\\s+\\p{Ll}+['’]s|\\p{Lu}[\\p{L}-]*(?:\\s+\\p{Lu}[\\p{L}-]*){0,3}['’]s)\\s+(?:current\\s+)?${HEAD_ROLE}(?:\\s+(?:since|from)\\s+\\d{4})?,?\\s+(?:is|has\\s+been|was)\\s+${PERSON_NAME}`,
    'u',
  ),
  new RegExp(`\\b(?:headed|led|chaired|run|directed|managed)\\s+by\\s+(?:(?:its|the)\\s+)?(?:${HEAD_ROLE}\\s+)?${PERSON_NAME}`, 'u'),
];

/** The person a sentence says heads a body ("Its director general is Ola Strand", "headed by Ola Strand"), without a stop after. */
export function headNamed(sentence: string): string | undefined {
  for (const said of HEAD_SAID) {
    const m = said.exec(sentence);
    if (m) return m[1]!.replace(/\.$/, '');
  }
  return undefined;
}

/** "Who owns Halcyon Interactive?", "Which company owns X?", "Who is the owner of X?": the thing owned, group 1. */
export const OWNER_ASKED =
  /^\s*(?:[Ww]ho|(?:[Ww]hich|[Ww]hat)\s+\p{Ll}+)\s+(?:owns|bought|acquired|purchased|took\s+over|is\s+the\s+(?:current\s+)?owner\s+of)\s+(.+?)\s*\?*\s*$/u;
/**
 * Who a sentence says owns a thing, as bought or held: "was acquired by the media group Stellan
 * Media", "owned by the city of Kessmark", "owned by the Morel family", "owned since 2008 by the
 * Nordmedia group", "a subsidiary of Varn
 * Group", "part of the defence group Saab", "has belonged to the Delorme family"; the owner, group 1, as a name, or whole when a noun "of" a place names it ("the city of Kessmark").
 */
const OWNER_SAID =
  /\b(?:(?:owned|acquired|bought|purchased|taken\s+over)(?:\s+(?:since|from|in)\s+\d{4})?\s+by|belong(?:s|ed)\s+to|(?:a\s+)?(?:subsidiary|division)\s+of|part\s+of(?=\s+the\s+(?:\p{Ll}+\s+){0,2}group\b))\s+((?:the\s+\p{Ll}+\s+of\s+)?(?:(?:the\s+)?(?:\p{Lu}\p{Ll}+\s+(?=(?!(?:of|and|de|du|von|van|the)\s)\p{Ll}))?(?:\p{Ll}+\s+){0,3})?\p{Lu}[\p{L}'’.&-]*(?:\s+(?:of\s+)?\p{Lu}[\p{L}'’.&-]*)*(?:\s+(?:family|clan|dynasty|brothers|sisters|group)\b)?)/u;

/** The owner a sentence names (OWNER_SAID): the name, past a common noun for it ("the media group"), unless the noun is of the name ("the city of Kessmark"). */
export function ownerNamed(sentence: string): string | undefined {
  // A name's stops are its initials' ("J. M. Holt"), not the sentence's last.
  const owner = OWNER_SAID.exec(sentence)?.[1]?.replace(/(?<!\b\p{Lu})\.$/u, '');
  if (owner === undefined || /^the\s+\p{Ll}+\s+of\s/u.test(owner)) return owner;
  // "the Finnish group Sylva", "the Swedish media group Nordvision": past a nation's adjective too.
  return owner.replace(/^(?:the\s+)?(?:\p{Lu}\p{Ll}+\s+(?=(?!(?:of|and|de|du|von|van|the)\s)(?:\p{Ll}+\s+)+\p{Lu}))?(?:\p{Ll}+\s+)*/u, '');
}

/** "Where did Anna Lind work?", "Where does X teach?": the person, group 1. */
export const WORK_ASKED = /^\s*[Ww]here\s+(?:did|does|do|has|have|had)\s+(.+?)\s+(?:work|teach|lecture|serve|practi[sc]e)\b[^?]*\?*\s*$/u;
/**
 * Where a sentence says someone works: a word of work or a post, then the body after "at" ("worked
 * at the Lund Hill Observatory", "head of infectious diseases at Kelby General Hospital", "lecturer
 * at the University of Brenhaven", "worked at the logistics company Nordfrakt"), or the place of one
 * it does not name ("worked at a winery in Napa Valley"); the body, group 1.
 */
const WORKS_AT =
  /\b(?:work(?:s|ed|ing)?|career|taught|teach(?:es|ing)?|lectur(?:er|es|ed)|professor|head|director|chief|employed|served|physician|doctor|surgeon|nurse|researcher|scientist|curator|teacher|fellow|dean|chair)\b[^.;]{0,40}?\s(?:at|for)\s+(?:the\s+(?:\p{Ll}+\s+){0,2}?|an?\s+\p{Ll}+\s+in\s+)?(\p{Lu}[\p{L}'’.-]*(?:\s+(?:(?:of|and|for|de)\s+)?\p{Lu}[\p{L}'’.-]*)*)/u;

/** The body a sentence says someone works at (WORKS_AT), without a stop after. */
export function worksAt(sentence: string): string | undefined {
  return WORKS_AT.exec(sentence)?.[1]?.replace(/\.$/, '');
}

/** "What chart position did X reach?", "What number did X peak at on the chart?", "X's highest chart position". */
export const CHART_ASKED =
  /\b(?:chart\s+position|position\b[^?]*\b(?:chart|billboard)|(?:peak|highest|top)\s+position|what\s+(?:number|position)\b[^?]*\b(?:peak(?:ed)?|reach(?:ed)?|chart(?:ed)?|debut(?:ed)?))/i;

/** The place on a chart a sentence speaking of one gives: "reached number 7 on the UK Albums Chart", "peaked at No. 12". */
export function chartPlace(sentence: string): string | undefined {
  if (!/\b(?:charts?|peak(?:ed|ing)?|Billboard|Hot\s+100|Top\s+\d+)\b/i.test(sentence)) return undefined;
  return /\b(?:number|No\.)\s?(\d{1,3})\b/.exec(sentence)?.[1];
}

/** A noun for one who does something, made from a word for what it is done with: "pianist", "drummer", "conductor". */
export const AGENT_NOUN = /\p{Ll}{2,}(?:ist|er|or)$/u;

/** A yes/no question asking whether two things share a nation: each side's is said by its adjective ("an American comedy film"). */
export const SAME_NATION = /\bsame\s+(?:country|nationality|citizenship|origin)\b/i;

/** "Where did Anselm Kray study?", "Where did X train?", "Where was X educated?": whose place of study is asked, group 1. */
export const STUDY_ASKED = /^\s*[Ww]here\s+(?:did|does|do|has|have|had|was|were)\s+(.+?)\s+(?:study|studied|train|trained|educated)\b[^?]*\?*\s*$/u;

/**
 * The place a sentence says someone studied or trained in: the place of learning right after the
 * verb ("was educated at Durham University and taught history at Wexley College": Durham
 * University); when it names no place of learning (a school's name is then read as the class
 * asked), the place after it ("studied theology in Paris", "trained in Rome").
 */
export function studiedIn(sentence: string): string | undefined {
  const schools = schoolsIn(sentence);
  const verb = /\b(?:stud(?:ied|ying)|trained|educated|graduated)(?:\s+\p{Ll}+){0,3}?\s+(?:in|at|from)\s+(?:the\s+)?$/u;
  const after = schools.find((c) => verb.test(sentence.slice(Math.max(0, c.at - 60), c.at)));
  if (after) return after.text;
  const placed = [...sentence.matchAll(STUDIED_AT)];
  // A teacher may come between: "studied under Carl Linnaeus at Uppsala and later taught at the University of Velm".
  const underTeacher = placed.find((m) => m[1] !== undefined)?.[2];
  if (underTeacher) return underTeacher;
  if (schools.length > 0) return undefined;
  return placed[0]?.[2];
}

/**
 * A place after a verb of study, past a teacher ("studied under Carl Linnaeus at Uppsala", group 1)
 * or a few words ("studied theology in Paris"), an article too ("trained at the Chiris
 * laboratories"); the place, group 2.
 */
const STUDIED_AT =
  /\b(?:stud(?:ied|ying)|trained)\b(?:(\s+under\s+\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*)|(?:\s+\p{Ll}+){0,3}?)\s+(?:in|at)\s+(?:the\s+)?(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)/gu;

/** The words that head the name of a place of learning, in English and as other languages write them. */
const SCHOOL_HEAD =
  'University|College|School|Academy|Institute|Conservatory|Conservatoire|Polytechnic|Gymnasium|Lyceum|Lycée|Seminary|Université|Universität|Universidad|Università|Universitet|Universiteit|Hochschule|Högskola|Hogeschool|Institut|Institutet|Akademie|Akademi|Académie|École|Escuela|Scuola';

/**
 * The places of learning a sentence names: a name headed by a word for one ("Lancing College",
 * "the National Film School of Denmark", "University of California, Berkeley"), a campus after a
 * comma kept with it; "and" within what it is of ("University of Science and Technology"), unless
 * another school follows ("University of Oslo and Harvard University").
 */
export function schoolsIn(sentence: string): ClassSpan[] {
  const word = "\\p{Lu}[\\p{L}'’.&-]*";
  const pattern = new RegExp(
    `(?:${word}\\s+){0,4}(?:${SCHOOL_HEAD})(?![\\p{L}])(?:\\s+(?:of|for|de|in)\\s+(?:the\\s+)?${word}(?:\\s+(?:and\\s+(?!(?:${word}\\s+){0,3}(?:${SCHOOL_HEAD})(?![\\p{L}])))?${word}){0,3})?(?:,\\s+${word}(?=[\\s.;)]|$)(?!\\s*,\\s*\\p{Lu}))?`,
    'gu',
  );
  const headed = [...sentence.matchAll(pattern)].map((m) => ({ text: m[0].replace(/\.$/, ''), at: m.index, kind: 'name' as const }));
  // A name after a common noun for one: "the Moscow film school VGIK".
  const named = [...sentence.matchAll(SCHOOL_NAMED)].map((m) => ({
    text: m[1]!.replace(/\.$/, ''),
    at: m.index + m[0].length - m[1]!.length,
    kind: 'name' as const,
  }));
  // A school of painting or thought, named and then called one: "a painter of the Skarvik school".
  const movement = [...sentence.matchAll(SCHOOL_OF_THOUGHT)].map((m) => ({ text: m[1]!, at: m.index + m[0].length - m[1]!.length, kind: 'name' as const }));
  const spans = [...headed, ...named, ...movement];
  return spans.filter((n) => !headed.some((h) => h !== n && n.at >= h.at && n.at < h.at + h.text.length)).sort((a, b) => a.at - b.at);
}

/** A school of art or thought, called one after its name: "the Skarvik school", "the Hudson River school"; the name and the noun, group 1. */
const SCHOOL_OF_THOUGHT = /\bthe\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2}\s+school)\b/gu;

/** A place of learning's name after a common noun for one: "the film school VGIK", "the art academy Valand". */
const SCHOOL_NAMED = /\b(?:school|university|college|academy|conservatory|institute)\s+(\p{Lu}[\p{L}'’.&-]*(?:\s+\p{Lu}[\p{L}'’.&-]*){0,3})/gu;

/** The answer classes told by their spans rather than by a word for them: a nationality is said as "a French painter". */
const RECOGNISED_CLASSES: ReadonlyArray<[RegExp, (sentence: string) => ClassSpan[]]> = [
  [/^(?:nationality|citizenship)$/i, demonymsIn],
  [/^(?:school|university|college|alma)$/i, schoolsIn],
];

/** How the spans of an answer class are found in a sentence, for a class told by its spans; undefined for the others. */
export function classRecogniser(answerClass: string | undefined): ((sentence: string) => ClassSpan[]) | undefined {
  const head = answerClass?.split(' ').pop();
  return head === undefined ? undefined : RECOGNISED_CLASSES.find(([pattern]) => pattern.test(head))?.[1];
}
