/**
 * Questions whose wording says where their answer stands, tried before the typed span (typed.ts):
 * a noun's figure (figureOf), "What type of ...?" (kindOf), "... devoted to?" (objectOf), a
 * superlative ("Which is the oldest city?"), a question that describes its answer (definedSubject)
 * one that describes a passage's subject another passage names (bridgedTitle), what a thing is
 * made of (materialOf) and what someone did to something (verbObject).
 */
import {
  BECAME_ASKED,
  CAUSE_SAID,
  CHART_ASKED,
  CONTAINING_CLASS,
  chartPlace,
  END_ASKED,
  ENDS_ASKED,
  ENDS_SAID,
  EXCHANGE_SAID,
  headNamed,
  LEADER_ASKED,
  MONEY,
  nationAdjectivesIn,
  OWNER_ASKED,
  ownerNamed,
  PERIOD_SAID,
  PRICE_ASKED,
  placeOfClass,
  STUDY_ASKED,
  studiedIn,
  UNTIL_SAID,
  WORK_ASKED,
  worksAt,
} from '../../../../core/answer/answer-classes.js';
import { BORN_AS, datesIn, namesIn, numbersIn } from '../../../../core/answer/candidates.js';
import { ownPassage } from '../../../../core/answer/kinship.js';
import { holdsTerm, type QuestionReading } from '../../../../core/answer/question.js';
import {
  AUX,
  bareTitle,
  DURATION_ASKED,
  DURATION_SAID,
  escapeRegExp,
  KNOWN_FOR,
  LASTS_SAID,
  LENGTH_OF_ASKED,
  MATERIAL_ASKED,
  PLOT_ASKED,
  QUARTER,
  sentences,
  TEACHER_ASKED,
  YEARS_RUN,
} from '../../../../core/answer/text.js';
import type { Lexicon } from '../../../../core/ports.js';
import { contentTerms, stem as stemOf } from '../../../../core/retrieval/tokenize.js';
import {
  COPULA,
  cite,
  type ExtractedAnswer,
  type Focus,
  holdsHalf,
  NO_ANSWER,
  ORDINALS,
  ranked,
  rankedAbout,
  ranksAs,
  type Sentence,
  sameName,
} from './focus.js';
import { coAgents, doneByGiven, ROLE_CLASS, withYear } from './spans.js';

/** "What is the circulation of X?", "What is the course record of X?", "What was the turnout in X?": the noun asked, group 1. */
const FIGURE_OF_ASKED = /^\s*what\s+(?:is|was)\s+the\s+(?:\p{Ll}+\s+)?(\p{Ll}{4,})\s+(?:of|in|at)\b/iu;

/** "What prize did X win?", "Which award has X received?": a class asked as what a verb was done to. */
const DONE_TO_CLASS = /^\s*(?:what|which)\s+(?:\p{L}+\s+){1,3}(?:did|does|do|has|have|had)\s/iu;

/**
 * "What was France's installed solar capacity?": a noun the evidence gives a figure for ("an
 * installed capacity of about 20 gigawatts") asks for that figure, whatever the noun. Undefined
 * when no sentence about the focus says a figure of it.
 */
export function figureOf(reading: QuestionReading, focus: Focus): ExtractedAnswer | undefined {
  // "What is the circulation of The Morrow Herald?": a noun no class reads is asked for as well.
  const asked = reading.answerClass === undefined ? FIGURE_OF_ASKED.exec(focus.question) : null;
  // Its words all the relation holds ("the course record": course, record), the noun last.
  const head =
    reading.answerClass?.split(' ').pop() ??
    (asked && reading.relation.every((w) => contentTerms(asked[0]).includes(contentTerms(w)[0] ?? '')) ? asked[1] : undefined);
  // "What prize did Liv Tanner win?" asks for the thing done, not a figure of its noun ("a prize of 100,000 kroner");
  // "What kind of dam is X?" its kind ("The dam is 142 metres high" is none).
  if (reading.type !== 'entity' || !head || DONE_TO_CLASS.test(focus.question) || /\b(?:type|kind|sort)\s+of\b/i.test(focus.question)) return undefined;
  const said = new RegExp(`\\b${head}s?\\s+(?:of|was|is|stood at|reached)\\s+$`, 'i');
  for (const s of rankedAbout(focus)) {
    const figure = numbersIn(s.text).find((c) =>
      said.test(
        s.text.slice(Math.max(0, c.at - head.length - 16), c.at).replace(/\b(?:about|around|some|nearly|almost|over|roughly|more than|less than)\s+$/i, ''),
      ),
    );
    if (figure) return { shortAnswer: withYear(figure, s.text, reading), answer: cite(s) };
  }
  return undefined;
}

/** "What are the first names of the Lumière brothers?": given names asked for. */
const FIRST_NAMES_ASKED = /\b(?:first|given|christian)\s+names?\b/i;
/** An appositive of given names after who they are of: "The Lumière brothers, Auguste and Louis, were ...". */
const GIVEN_NAMES = /(\p{Lu}[\p{L}'’-]*(?:\s+\p{Ll}+)?)\s*,\s+(\p{Lu}\p{Ll}+(?:\s*,\s+\p{Lu}\p{Ll}+)*,?\s+and\s+\p{Lu}\p{Ll}+)\s*,/gu;

/**
 * "What are the first names of the Lumière brothers?": the given names a sentence about them lists
 * after them ("The Lumière brothers, Auguste and Louis, were ..."); of one person named in full,
 * the first word of the name where a passage writes it. Undefined for other questions, or when no
 * sentence gives them.
 */
export function firstNames(question: string, focus: Focus): ExtractedAnswer | undefined {
  if (!FIRST_NAMES_ASKED.test(question)) return undefined;
  // Whose names: the question's words but those asking for names.
  const whose = new Set(contentTerms(question.replace(FIRST_NAMES_ASKED, ' ')));
  const about = rankedAbout(focus);
  for (const s of about) {
    for (const m of s.text.matchAll(GIVEN_NAMES)) {
      const of = contentTerms(m[1]!);
      if (of.length > 0 && of.every((t) => whose.has(t))) return { shortAnswer: m[2]!, answer: cite(s) };
    }
  }
  const person = focus.reading.names.find((n) => /^\p{Lu}\p{Ll}+\s+\p{Lu}/u.test(n));
  const written = person ? about.find((x) => x.text.includes(person)) : undefined;
  return person && written ? { shortAnswer: person.split(/\s+/)[0]!, answer: cite(written) } : undefined;
}

/** A change upwards, and one downwards, as a question asks or a sentence says it (yes-no.ts reads its way). */
export const CHANGED_UP =
  /\b(?:(?:gone|go|goes|went)\s+up|grow|grows|grown|grew|rise|rises|risen|rose|increased?|increases|doubled|tripled|trebled|quadrupled|climbed|soared)\b/i;
export const CHANGED_DOWN =
  /\b(?:(?:gone|go|goes|went)\s+down|fall|falls|fallen|fell|drop|drops|dropped|declined?|declines|decreased?|decreases|shrunk|shrank|shrink|halved|dwindled)\b/i;
/** "How much has cycling grown since ...?", "By how much did the population fall?": a change asked for. */
const CHANGE_ASKED = new RegExp(`\\bhow\\s+much\\s+(?:has|have|had|did|does|do)\\b[^?]*(?:${CHANGED_UP.source}|${CHANGED_DOWN.source}|\\bchanged?\\b)`, 'i');
/** A change said as a multiple ("has tripled", "more than doubled") or by a share or a factor ("rose by 30 percent"). */
const CHANGE_SAID =
  /\b(?:(?:more than|nearly|almost|roughly)\s+)?(?:doubled|tripled|trebled|quadrupled|halved)\b|\bby\s+(?:about\s+|around\s+|nearly\s+|almost\s+|some\s+)?\d[\d,.]*\s*(?:%|percent|per cent|times)|\b\d+(?:\.\d+)?-fold\b/i;

/**
 * "How much has cycling in Lyon grown since Vélo'v opened?": the change a sentence about the focus
 * and its relation says ("the number of trips by bike has tripled"), which is no figure of its
 * own. Undefined for other questions, or when no such sentence says a change.
 */
export function changeOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  if (!CHANGE_ASKED.test(question)) return undefined;
  for (const s of rankedAbout(focus).filter((x) => focus.relationScore(x) > 0)) {
    const change = CHANGE_SAID.exec(s.text)?.[0];
    if (change) return { shortAnswer: change, answer: cite(s) };
  }
  return undefined;
}

/**
 * "What engine does the Vireo Coupe have?": the words before the class noun in a sentence of the
 * thing's own passage ("powered by a 2.4-litre six-cylinder engine"). Undefined when none says it
 * with words of its own.
 */
function madeKind(noun: string, focus: Focus): ExtractedAnswer | undefined {
  const said = new RegExp(`\\b(?:an?|the)\\s+((?:[\\p{L}\\d.'’-]+\\s+){1,4}${escapeRegExp(noun)})\\b`, 'u');
  for (const s of rankedAbout(focus).filter((x) => focus.titledAfterName(x))) {
    const phrase = said.exec(s.text)?.[1];
    if (phrase) return { shortAnswer: phrase, answer: cite(s) };
  }
  return undefined;
}

/** "What species is Kasimir?", "What kind of animal was Laika?", "What is Kasimir?": the name asked of, group 1. */
const WHAT_NAME_IS =
  /^\s*(?:[Ww]hat|[Ww]hich|[Ww]ho)\s+(?:(?:(?:type|kind|sort)\s+of\s+)?\p{Ll}+\s+)?(?:is|was|are|were)\s+(?:the\s+)?(\p{Lu}[^?]*?)\s*\?*\s*$/u;

/**
 * "What species is Kasimir?": what a sentence calls the one it gives that name ("a Siberian tiger
 * named Kasimir"). Undefined for other questions, or when no sentence names it so.
 */
export function namedThing(question: string, focus: Focus): ExtractedAnswer | undefined {
  const name = WHAT_NAME_IS.exec(question)?.[1];
  if (!name) return undefined;
  const said = new RegExp(`\\b(?:an?|the)\\s+((?:[\\p{L}-]+\\s+){0,3}?[\\p{L}-]+)\\s+(?:named|called|nicknamed)\\s+${escapeRegExp(name)}\\b`, 'u');
  for (const s of focus.all) {
    const thing = said.exec(s.text)?.[1];
    if (thing) return { shortAnswer: thing, answer: cite(s) };
  }
  return undefined;
}

/** "What engine does X have?", "What camera did X use?", "What degree does X hold?": the class asked of a thing had, used or held, group 1 (group 2: held). */
const HAD_ASKED = /^\s*(?:what|which)\s+([\p{Ll}-]{3,})\s+(?:does|did|do)\s+.+?\s+(?:have|has|use|uses|carry|(hold|holds))\s*\?*\s*$/iu;

/**
 * "What type of museum is the Musée des Confluences?": the words a sentence about the subject
 * puts before the class noun ("a science and anthropology museum"), or after it when it is "a type
 * of" the class ("a type of restaurant found in Lyon that serves ..."). The kind may be asked
 * anywhere in the question ("... began with a project by what kind of engineer?"). Undefined for
 * other questions.
 */
export function kindOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  // "What engine does the Vireo Coupe have?" asks the kind of a made thing it has, as its passage says it ("a 2.4-litre six-cylinder engine").
  const asked = HAD_ASKED.exec(question);
  const had = asked?.[1];
  // "What degree does Lina Berg hold?": what is held needs be no made thing ("a master's degree").
  const made = had !== undefined && (asked?.[2] !== undefined || focus.lexicon.isKindOf?.(had, 'artifact') === true) ? had : undefined;
  if (made) return madeKind(made, focus);
  const kind = /(?:^\s*|\s)(?:[Ww]hat|[Ww]hich)\s+(?:type|kind|sort)\s+of\s+([\p{Ll}-]+)/u.exec(question)?.[1];
  if (!kind) return undefined;
  // In lower case: "the Nordic Food Book Award" names no food.
  // The noun, or a word it ends that is a kind of it, or one the lexicon does not know ("an active
  // stratovolcano" of a volcano; not "friendship" of a ship).
  const stem = kind.replace(/s$/, '');
  const compound = (word: string) =>
    word.length === stem.length || focus.lexicon.isKindOf?.(word, stem) === true || (focus.lexicon.kindsOf?.(word) ?? []).length === 0;
  const kindWord = new RegExp(`\\b\\p{Ll}*${escapeRegExp(stem)}(?=s?\\b)`, 'gu');
  const nounIn = (text: string) => [...text.matchAll(kindWord)].find((m) => compound(m[0]));
  // Sentences naming the question's subject, or of its own passage, first; then those of a passage
  // such a sentence names (a bridge's kind may be asked: "... by what kind of engineer?"). "An annual
  // dog show", of a passage none of them names, is no kind of the Varden Hound.
  const ofSubject = (x: Sentence) => focus.reading.names.length === 0 || focus.nameScore(x) > 0 || focus.titledAfterName(x);
  const subjects = focus.all.filter(ofSubject);
  const bridged = (x: Sentence) => subjects.some((y) => y.docId !== x.docId && y.text.includes(bareTitle(x.title)));
  const saying = rankedAbout(focus).filter((x) => nounIn(x.text) !== undefined);
  for (const s of [...saying.filter(ofSubject), ...saying.filter((x) => !ofSubject(x) && bridged(x))]) {
    // The class noun said of the subject: its first after the subject's name (not in it: "the Tolmere
    // Bridge is a cantilever bridge"), when the sentence names it.
    const name = focus.reading.names[0];
    const named = name ? s.text.toLowerCase().indexOf(name.toLowerCase()) : -1;
    // Past the class noun the name ends on in lower case: "The Lund valve is a spring-loaded safety valve".
    const tail = named >= 0 ? (new RegExp(`^\\s+${escapeRegExp(stem)}s?\\b`, 'u').exec(s.text.slice(named + name!.length))?.[0].length ?? 0) : 0;
    const from = named >= 0 ? named + name!.length + tail : 0;
    const found = nounIn(s.text.slice(from));
    if (!found) continue;
    const at = from + found.index + found[0].length - stem.length;
    // Adjectives a comma parts are the kind too ("a statically typed, functional programming language").
    const before =
      /(?:^|[,;(]\s*|\b(?:is|was|are|were)\s+)((?:an?|the)\s+(?:(?:[\p{L}-]+\s+){0,2}[\p{L}-]+,\s+(?!(?:and|or|but|the|an?|at|in|of)\s)(?=\p{Ll}))*[^,;()]*?)$/iu.exec(
        s.text.slice(from, at),
      )?.[1];
    const after = /^[\p{L}]+\s+([^,;.()]+)/u.exec(s.text.slice(at))?.[1];
    // "Dirt track racing is a type of auto racing performed on clay ...": when the question does not
    // give the subject, the subject is the kind asked for ("What type of auto racing ... is run for X?").
    const subject = /^(?:the\s+)?(.{2,60}?)\s+(?:is|was|are|were)\s+(?:an?\s+)?(?:type|kind|sort|form)\s+of\s*$/i.exec(s.text.slice(0, at))?.[1];
    if (subject && !question.toLowerCase().includes(subject.toLowerCase())) {
      return { shortAnswer: subject, answer: cite(s) };
    }
    // The words nearest the noun after a determiner or a figure: "It operates a fleet of 34 turboprop aircraft" says turboprop.
    const nearest =
      before?.replace(/^.*\s(?:an?|the|of|\d[\d,.]*)\s+/i, '') ??
      /(?:^|\s)(?:an?|the|\d[\d,.]*)\s+((?:\p{Ll}[\p{L}-]*\s+){1,2})$/u.exec(s.text.slice(from, at))?.[1];
    const phrase: string | undefined =
      nearest !== undefined && !/\b(?:type|kind|sort)\s+of\s*$/i.test(before ?? '')
        ? `${nearest.replace(/^(?:an?|the)\s+/i, '')}${kind}`
        : after
          ? `${kind} ${after}`
          : undefined;
    // Not the name asked itself ("best known for the Holt valve", of the Holt valve).
    const ofName = (words: string) => {
      const terms = contentTerms(words);
      return terms.length > 0 && terms.every((t) => focus.nameTerms.some((n) => n.includes(t)));
    };
    if (phrase && phrase.trim() !== kind && !ofName(phrase.slice(0, phrase.lastIndexOf(kind)))) return { shortAnswer: phrase.trim(), answer: cite(s) };
  }
  // "What type of animal is the Great Pyrenees?" with no passage saying "animal": the kind of it the
  // name's own opening sentence gives ("a large breed of dog"), or the opening of a passage titled
  // after it ("Wreck of the Mary Ellen"). "What kind of ship was the Mary Ellen?": a word the lexicon
  // calls a kind of one in two words ("schooner": a sailing ship).
  const own = focus.ownOpenings();
  for (const s of [...own, ...focus.all.filter((x) => x.position === 0 && focus.titledAfterName(x) && !own.includes(x))]) {
    const [first] = focus.kindsIn(s.text);
    if (first) return { shortAnswer: first.text, answer: cite(s) };
    const headed = [...s.text.matchAll(/\b\p{Ll}{3,}\b/gu)].find((m) => (focus.lexicon.kindsOf?.(m[0]) ?? []).some((k) => k.endsWith(` ${stem}`)));
    if (headed) return { shortAnswer: headed[0], answer: cite(s) };
  }
  return undefined;
}

/** "Where is The Lamplighter's Wife set?", "Where does the novel take place?": a work's setting, the work group 1. */
const SETTING_ASKED = /^\s*where\s+(?:is|was|are|were|does|did|do)\s+(.+?)\s+(?:set|take\s+place|takes\s+place)\s*\?*\s*$/iu;
/** Where a sentence sets a work: "Set in a fishing village during a strike, it ...", "is set in 1920s Vell". */
const SETTING_SAID =
  /\b(?:[Ss]et|takes?\s+place|took\s+place)\s+(?:in|on|at|aboard)\s+((?:the\s+|an?\s+)?[^,;.()]+?)(?=\s+(?:during|while|when|where|after|before|and|in\s+the\s+(?:\d|early|late|mid))\b|\s*[,;.()]|\s*$)/u;
/** "Who is the main character of X?", "Who is the protagonist of X?": the work's lead asked. */
const LEAD_CHARACTER_ASKED = /\b(?:main|central|principal|lead(?:ing)?)\s+(?:character|role|protagonist)|\bprotagonist\b|\bhero(?:ine)?\s+of\b/i;
/** Whom a sentence says a work follows: "it follows Maeve Carrick, who ...", "follows a young widow, Kari Dahl, who ...", "tells the story of X", "The player controls a lighthouse keeper named Wren". */
const FOLLOWED_SAID =
  /\b(?:follows|followed|tells\s+the\s+story\s+of|centres\s+on|centers\s+on|controls\s+(?:an?\s+)?(?:[\p{Ll}-]+\s+){0,3}named)\s+(?:(?:the|an?)\s+(?:[\p{Ll}-]+\s+){0,3}?[\p{Ll}-]+,\s+|(?:the|an?)\s+(?:[\p{Ll}-]+\s+){0,3}?)?(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)/u;

/**
 * "Where is The Lamplighter's Wife set?": where a sentence of the work's own passage sets it ("Set
 * in a fishing village during a strike"); "Who is the main character of X?": whom it follows ("it
 * follows Maeve Carrick"). Undefined for other questions, or when its passage says neither.
 */
export function storyOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  const setting = SETTING_ASKED.test(question);
  if (!setting && !LEAD_CHARACTER_ASKED.test(question)) return undefined;
  for (const s of focus.all.filter((x) => focus.titledAfterName(x))) {
    const said = (setting ? SETTING_SAID : FOLLOWED_SAID).exec(s.text)?.[1];
    if (said) return { shortAnswer: said, answer: cite(s) };
  }
  return undefined;
}

/** "What was Mette Holm's thesis about?": whose (group 1) and the thing (group 2); or all that is asked about (group 3: "the thesis of Mette Holm"). */
const TOPIC_ASKED = /^\s*what\s+(?:is|was|are|were)\s+(?:(?:the\s+)?(.+?)['’]s?\s+(\p{Ll}+)|(?:the\s+)?(.+?))\s+about\s*\?*\s*$/iu;

/**
 * "What was Mette Holm's thesis about?": the topic a sentence about its owner gives after the thing
 * ("a thesis on seal behaviour"), to the clause's end; "What is Steel Town about?", the topic set
 * off by a comma after the name. Undefined for other questions, or when no sentence says it so (a
 * work's story is storyOf's and plotOf's).
 */
export function topicOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  const m = TOPIC_ASKED.exec(question);
  // "the thesis of Mette Holm" as "Mette Holm's thesis".
  const of = m?.[3] ? /^(\p{Ll}+)\s+of\s+(.+)$/u.exec(m[3]) : null;
  const noun = m?.[2] ?? of?.[1];
  const whose = m?.[1] ?? of?.[2];
  // "What is Steel Town about?": a sentence giving the topic after the name and a comma ("Her series
  // Steel Town (1984), about the closure of the city's steelworks, made her name").
  const named = m?.[3] && !of ? focus.reading.names.find((n) => sameName(n, m[3]!.replace(/^the\s+/i, ''))) : undefined;
  if (named !== undefined) {
    const aside = new RegExp(`\\b${escapeRegExp(named)}(?:\\s*\\(\\d{4}\\))?,\\s+(?:about|on|concerning)\\s+((?:the\\s+|an?\\s+)?[^,;.()]+)`, 'u');
    for (const s of focus.all) {
      const topic = aside.exec(s.text)?.[1];
      if (topic) return { shortAnswer: topic.trim(), answer: cite(s) };
    }
    return undefined;
  }
  if (!noun || !whose) return undefined;
  const said = new RegExp(
    `\\b${escapeRegExp(noun)}\\s+(?:on|about|concerning|into)\\s+((?:the\\s+|an?\\s+)?[^,;.()]+?)(?=\\s+(?:and|which|that|while|in\\s+\\d{4})\\b|\\s*[,;.()]|\\s*$)`,
    'iu',
  );
  return readAbout(whose, focus, (sentence) => said.exec(sentence)?.[1]);
}

/** "What genre is Cold Harbour?", "What genre of music does X play?", "What kind of music does X play?": a genre asked. */
const GENRE_ASKED = /\b(?:what|which)\s+(?:(?:\p{Ll}+\s+)?genres?\b|(?:kind|type|sort|style)\s+of\s+music\b)/iu;
/** What a lead says its subject is, to what ends the phrase: "is a 1994 Norvian crime drama film directed by ...". */
const LEAD_CLASS =
  /\b(?:is|was|are|were)\s+(?:an?|the)\s+([^,.;()]+?)(?=\s+(?:\p{Ll}+ed|by|from|in|of|on|at|that|which|who|about|set|with|for|starring|based)\b|\s*[,.;(]|\s*$)/u;
/** The nouns a work or an ensemble is called by after its genre ("crime drama film", "indie rock band"). */
const WORK_NOUN =
  /\s+(?:video\s+game|(?:feature\s+)?film|movie|band|group|duo|trio|novel|book|series|album|single|song|play|opera|musical|game|show|magazine|programme|program|sitcom|comic)s?$/u;

/** The music a sentence says is played: "plays mainly pop and rock music", "performs traditional folk music"; the kind, group 1. */
const MUSIC_PLAYED =
  /\b(?:plays?|played|playing|performs?|performed|broadcasts?|records?|recorded)\s+(?:(?:mainly|mostly|largely|chiefly|primarily|only)\s+)?(\p{Ll}[\p{Ll}-]*(?:(?:\s+(?:and|or)\s+|\s+)\p{Ll}[\p{Ll}-]*){0,3}?)\s+music\b/u;

/**
 * "What genre is Cold Harbour?": the words its own passage's opening calls it by, past a year and a
 * nation's adjective, before the noun of the work ("a 1994 Norvian crime drama film": crime drama).
 * Undefined for other questions, or when its opening says no such words.
 */
export function genreOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  if (!GENRE_ASKED.test(question)) return undefined;
  for (const s of focus.ownOpenings()) {
    const said = LEAD_CLASS.exec(s.text)?.[1];
    if (!said || !WORK_NOUN.test(said)) continue;
    const genre = said
      .replace(WORK_NOUN, '')
      .replace(/^(?:(?:\d{4}s?|\p{Lu}[\p{L}-]*|(?:early|late|mid)-?\d{4}s?)\s+)+/u, '')
      .trim();
    if (/^\p{Ll}/u.test(genre)) return { shortAnswer: genre, answer: cite(s) };
  }
  // Else the music its own passage says it plays: "The station plays mainly pop and rock music".
  for (const s of focus.all.filter((x) => focus.titledAfterName(x))) {
    const played = MUSIC_PLAYED.exec(s.text)?.[1];
    if (played) return { shortAnswer: played, answer: cite(s) };
  }
  return undefined;
}

/**
 * What begins a clause of its own after an object: a relative word, "and" before a verb ("indoor
 * hard courts and has been ..."), "to" before one, a time clause ("before founding his own company").
 */
const OBJECT_CLAUSE =
  /\s+(?:that|which|who|whose|where)\s|\s+(?:before|after|while)\s+(?=\p{Ll}+ing\b)|\s+and\s+(?=(?:has|have|had|is|was|are|were|will|would|can|could)\s|\p{Ll}+ed\s)|\s+to\s+(?!(?:the|an?|his|her|its|their|this|that|these|those|some|all|each|every)\b)(?=\p{Ll})/u;

/**
 * An object up to where the sentence goes on to something else: a clause of its own (OBJECT_CLAUSE;
 * "to" before a verb: "the Cross Atlantic Company to form Northway-Cross Lines", no article, name or
 * figure after it), "and" before a verb's irregular past ("the Booker Prize and won the Costa Novel
 * Award"), or a year that says when ("joined Sarnau from Ardin United in 2018") or until when
 * ("danced with the Royal Ballet until 1955"), or a place after common nouns ("clay courts in Vessa").
 */
function objectEnd(words: string, lexicon: Lexicon): string {
  const irregular = [...words.matchAll(/\s+and\s+(\p{Ll}+)\s/gu)].find((m) => (lexicon.irregularForms?.(m[1]!) ?? []).length > 0);
  return (
    words
      .slice(0, irregular?.index)
      .split(OBJECT_CLAUSE)[0]!
      .replace(/\s+(?:in|on|during|until|till|since|before|after)\s+(?:\p{L}+\s+){0,2}\d{4}$/u, '')
      // "played on outdoor clay courts in Vessa": a place after common nouns says where, not what.
      .replace(/(?<=\p{Ll})\s+(?:in|at)\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*$/u, '')
      .trim()
  );
}

/**
 * "What is the Institut Lumière devoted to?", "... known for his depictions of what?": what follows
 * the question's word and preposition in a sentence about its subject ("devoted to the history of
 * cinema", "depictions of urban landscapes that are ..."), up to a clause of its own. "... an Earl of
 * which location, that ...?": the name after the word and preposition ("Earl of Northumbria").
 * Undefined for other questions, or when no sentence about the subject says the word so.
 */
export function objectOf(asked: string, focus: Focus): ExtractedAnswer | undefined {
  // "Which company did X work for before founding his own?": a time clause after the verb's preposition says when, not what.
  const question = asked.replace(/\s+(?:before|after|while)\s+\p{Ll}+ing\b[^?]*(\?*)\s*$/u, '$1');
  const PREPOSITION = '(to|for|of|with|by|from|about|into|on)';
  // "What field did X work in?": "in" after a verb the question's "did" asks (not "What region is that city in?").
  const open =
    new RegExp(`\\b(\\p{L}{3,})\\s+${PREPOSITION}\\s*(?:what\\s*)?\\?*\\s*$`, 'u').exec(question) ??
    /^\s*what\s+(?:\p{Ll}+\s+)?(?:did|does|do)\s+.+?\s+(\p{Ll}{3,})\s+(in)\s*\?*\s*$/iu.exec(question);
  // A class the question goes on to describe ("with what singer who is ...") is a hop further.
  const named = open ? null : new RegExp(`\\b(\\p{L}{3,})\\s+${PREPOSITION}\\s+(?:which|what)\\s+\\p{Ll}+\\s*[,?]`, 'u').exec(question);
  const m = open ?? named;
  // "What did her reporting lead to?" asks the same as "What is X devoted to?", in another tense.
  if (!m || (open ? !['entity', 'description'].includes(focus.reading.type) : !['entity', 'place', 'person'].includes(focus.reading.type))) return undefined;
  const word = contentTerms(m[1]!)[0];
  // Its irregular forms too: "lead to" is said "led to".
  const forms = new Set([word, ...(focus.lexicon.irregularForms?.(m[1]!.toLowerCase()) ?? []).map((f) => contentTerms(f)[0])]);
  // "linked Edinburgh to what city?": a name before the preposition is an object of the verb, not the word the answer follows.
  // A title written with a capital ("an Earl of which place") is a common word still.
  if (!word || (focus.reading.names.some((n) => sameName(n, m[1]!)) && focus.lexicon.isCommonWord?.(m[1]!) !== true)) return undefined;
  // A name is read only where the question's names are: "Mayor of Edison" in another passage is another mayor's city.
  for (const s of ranked(focus).filter((x) => (named ? focus.nameScore(x) : focus.about(x)) > 0)) {
    for (const w of s.text.matchAll(new RegExp(`\\b(\\p{L}+)\\s+${m[2]}\\s+([^,;.()]+)`, 'giu'))) {
      if (!forms.has(contentTerms(w[1]!)[0])) continue;
      const at = w.index + w[0].length - w[2]!.length;
      if (named) {
        // The name that stands right after the preposition, not one the question gives.
        // A name the sentence runs on from the question's own ("Anglo-Saxon Earl of Northumbria") is cut at the preposition.
        const span = namesIn(s.text).find((c) => c.at <= at && c.at + c.text.length > at);
        const name = span ? { ...span, text: span.text.slice(at - span.at), at } : undefined;
        if (name && /^\p{Lu}/u.test(name.text) && !focus.isGiven(name)) return { shortAnswer: name.text, answer: cite(s) };
        continue;
      }
      // A list to the sentence's end is the object whole: "relies on fishing, wine and tourism".
      const list = /^(?:,\s+(?:[\p{L}-]+\s+){0,3}[\p{L}-]+)*,?\s+and\s+(?:[\p{L}-]+\s+){0,3}[\p{L}-]+(?=\s*[.;]|\s*$)/u.exec(
        s.text.slice(at + w[2]!.length),
      )?.[0];
      const object = objectEnd(list && w[2]!.split(/\s+/).length <= 4 ? w[2]! + list : w[2]!, focus.lexicon);
      // "What scandal did she report on?": the object ends at the class asked ("the Harbour Bank scandal in 1977 led to ...").
      const head = focus.reading.answerClass?.split(' ').pop();
      // A name right after the class noun is the one of it ("the team Keld Racing", "the Argentine
      // state oil company YPF": YPF).
      const classedAt = head
        ? new RegExp(`^.*?\\b${escapeRegExp(head)}s?\\b(?:\\s+(\\p{Lu}[\\p{L}'’-]*(?:\\s+\\p{Lu}[\\p{L}'’-]*)*))?`, 'u').exec(object)
        : null;
      const classed = classedAt?.[1] ?? classedAt?.[0];
      // A class asked, a name after common nouns is the one asked for ("the police drama Northern Watch", asked which show).
      const titled = head ? /^(?:the|an?)\s+(?:\p{Ll}[\p{L}-]*\s+)+(\p{Lu}[\p{L}'’.&-]*(?:\s+\p{Lu}[\p{L}'’.&-]*)*)$/u.exec(object)?.[1] : undefined;
      if (object !== '') return { shortAnswer: classed ?? titled ?? object, answer: cite(s) };
    }
  }
  return undefined;
}

/**
 * What a sentence is about, by name: its passage's subject when it opens with a pronoun ("It is
 * ..., the oldest city"), else what it opens with before "is" ("Nuclear power is ...", "A bouchon
 * is ..."), the name a possessive and its noun introduce ("Their film Workers Leaving the Factory
 * was ..."); undefined when that is longer than `words` words.
 */
function subjectOf(s: Sentence, words: number): string | undefined {
  // A phrase may come first: "Founded in 1477, it is the oldest university", "At 27.4 km it is the longest tunnel".
  if (/^(?:It|This|He|She|They)\s|^[^,;]{1,40},\s+(?:it|he|she|they)\s|^(?:At|With)\s[^,;]{1,30}?\s(?:it|he|she|they)\s+(?:is|was|are|were)\s/.test(s.text))
    return bareTitle(s.title);
  // Without an aside in brackets: "Aidan Roche (1921–2004) was ..." is Aidan Roche.
  const said = /^(?:(?:The|An?)\s+)?([^,;:]{2,60}?)\s+(?:is|was|are|were)\s/u.exec(s.text.replace(/\s*\([^()]*\)/g, ''))?.[1];
  const opening = said && (/^(?:(?:[Tt]heir|[Hh]is|[Hh]er|[Ii]ts|[Oo]ur)\s+)?\p{Ll}+\s+(\p{Lu}.*)$/u.exec(said)?.[1] ?? said);
  return opening && opening.split(/\s+/).length <= words ? opening : undefined;
}

/**
 * "Which is the oldest city in France?": the subject of the sentence that says the superlative of
 * the class ("It is ... the oldest city in France" in Marseille's passage: Marseille). A superlative
 * no passage says ("the oldest bouchon") is not answered by another thing's sentence: no short
 * answer. Undefined for a question without a superlative, or one asking for a figure or a date.
 */
export function superlative(reading: QuestionReading, focus: Focus, question: string): ExtractedAnswer | undefined {
  if (reading.type !== 'entity' && reading.type !== 'place' && reading.type !== 'person') return undefined;
  // Only what the question asks to be the superlative: "Which is the oldest city?", not "Who founded the oldest city?".
  if (!/^\s*(?:[Ww]hich|[Ww]hat)(?:\s+[\p{L}'’-]+){0,3}?\s+(?:is|are|was|were)\s/u.test(question)) return undefined;
  // An ordinal ranks as a superlative does: "Which source is third?" is answered by what is "the third source".
  const ordinal = (w: string) => ORDINALS.includes(w.toLowerCase());
  const at = reading.relation.findIndex(ranksAs);
  if (at < 0 || asksForMany(focus.reading.names.join(' '))) return undefined;
  // "biggest" is said as "largest": superlatives compared by their base's related words (big ~ large).
  // A superlative's possible bases: "largest" large, "biggest" big, "happiest" happy.
  const basesOf = (w: string) => {
    const stem = w.toLowerCase().replace(/est$/, '');
    return [stem, `${stem}e`, stem.replace(/([^aeiou])\1$/, '$1'), stem.replace(/i$/, 'y')];
  };
  const bases = new Set(basesOf(reading.relation[at]!).flatMap((b) => focus.lexicon.related(b)));
  const asked = reading.relation[at]!.toLowerCase();
  // "the largest port in France and one of the largest on the Mediterranean" is no largest port on
  // the Mediterranean: the question's names are said before the superlative or in its own phrase.
  // "the deepest lake in the country": a region called by its noun is named by its passage.
  const inScope = (s: Sentence, from: number) => {
    const said = s.text.slice(0, from) + s.text.slice(from).split(/[,;.]|\s(?:and|but|while)\s/)[0];
    const phrase = new Set(contentTerms(said));
    return focus.nameTerms.every((terms) => terms.filter((t) => phrase.has(t)).length * 2 >= terms.length || focus.regionCalled(s, said, terms));
  };
  const others = focus.relation.filter((_, i) => i !== at);
  // An ordinal ranks the noun after it when the question names one: "the first motion picture",
  // not "first shown to a paying audience".
  const nouns = new Set([...focus.answerClass, ...contentTerms(reading.relation.filter((_, i) => i !== at).join(' '))]);
  const ranksAsked = (text: string, from: number) =>
    nouns.size === 0 ||
    contentTerms(text.slice(from).split(/[,;.]/)[0] ?? '')
      .slice(0, 2)
      .some((t) => nouns.has(t));
  // "One of the largest museums" says no museum is the largest.
  const saysSuperlative = (s: Sentence) =>
    ordinal(asked)
      ? [...s.text.matchAll(new RegExp(`\\b${asked}\\b`, 'gi'))].some(
          (m) => !/\bone\s+of\s+the\s+(?:[\p{L}-]+\s+)?$/iu.test(s.text.slice(0, m.index)) && ranksAsked(s.text, m.index + m[0].length),
        )
      : [...s.text.matchAll(/\p{L}{2,}est\b/gu)].some(
          (m) =>
            basesOf(m[0]).some((b) => bases.has(b)) &&
            !/\bone\s+of\s+the\s+(?:[\p{L}-]+\s+)?$/iu.test(s.text.slice(0, m.index)) &&
            // "the second-largest city" is not the largest.
            !new RegExp(`\\b(?:${ORDINALS.join('|')}|\\d{1,2}(?:st|nd|rd|th))[\\s-]+$`, 'i').test(s.text.slice(0, m.index)) &&
            inScope(s, m.index),
        );
  const saying = ranked(focus).filter((s) => saysSuperlative(s) && others.every((o) => [...o].some((t) => holdsTerm(s.terms, t))));
  for (const s of saying) {
    const subject = subjectOf(s, 6);
    // A name the question gives is no answer; one made of its words is ("the largest glacier in Hallen National Park": the Hallen Glacier).
    const given = (x: string) =>
      focus.reading.names.some((n) => sameName(n, x)) || (focus.reading.names.length === 0 && focus.isGiven({ text: x, at: 0, kind: 'name' }));
    if (subject && !given(subject)) return { shortAnswer: subject, answer: cite(s) };
  }
  return saying.length === 0 ? { shortAnswer: null, answer: NO_ANSWER } : undefined;
}

/**
 * "Which railway ... runs between Heywood and Rawtenstall?", "Who was a Christian evangelist and
 * prisoner of war survivor that ...?": a question that describes its answer is answered by the
 * passage whose opening sentence says that description of its own subject ("The East Lancashire
 * Railway is a heritage railway ... that runs between Heywood and Rawtenstall"): its subject, by
 * name. The description's class must be what that sentence calls its subject; a passage titled
 * after a name the question gives is never the answer. Undefined when no opening holds enough of
 * the question.
 */
export function definedSubject(reading: QuestionReading, focus: Focus, question: string): ExtractedAnswer | undefined {
  const naming = /^\s*what\s+(?:do|would)\s+(?:you|we|they|people)\s+call\b|^\s*what\s+is\s+the\s+name\s+(?:for|of)\b/i.test(question);
  if (reading.type !== 'entity' && reading.type !== 'person' && reading.type !== 'place' && !naming) return undefined;
  // The answer is what the question describes: "Which <class> ...?", "Who was a <description>?";
  // not the one who did something ("Who produced ...?") nor something asked of a named subject.
  const describes =
    /^\s*(?:which|what)\s+(?!(?:is|was|are|were|do|does|did|has|have|had)\b)/i.test(question) ||
    (reading.answerClass !== undefined && /\b(?:which|what)\s/i.test(question)) ||
    /^\s*who\s+(?:is|was|are|were)\s+an?\s/i.test(question) ||
    // "What do you call the restaurants of Lyon that ...?", "What is the name for barriers that ...?"
    naming;
  if (!describes) return undefined;
  const asked = [...new Set(contentTerms(question))];
  const weightOf = (ts: readonly string[]) => ts.reduce((sum, t) => sum + focus.idf(t), 0);
  const total = weightOf(asked);
  // A short question ("Which river flows through Toulouse?") asks a relation of a name; only a long
  // one describes its answer (fitted on the HotpotQA distractor sample's dev split: its described
  // answers have 6 words or more, the sample set's relation questions 3 or 4).
  if (asked.length < DESCRIBED_WORDS || total === 0) return undefined;
  let best: { s: Sentence; subject: string; cover: number } | undefined;
  for (const s of focus.all) {
    if (s.position !== 0 || !s.title) continue;
    const title = bareTitle(s.title);
    if (focus.isGiven({ text: title, at: 0, kind: 'name' }) || reading.names.some((n) => sameName(s.title, n))) continue;
    const copula = COPULA.exec(s.text);
    if (!copula) continue;
    // The sentence's subject when it is the title's fuller form ("Tumi Holdings, Inc." for "Tumi Inc."),
    const subject = s.text
      .slice(0, copula.index)
      .replace(/\s*\([^)]*\)/g, '')
      .replace(/^the\s+|[,\s]+$/gi, '');
    const titleTerms = contentTerms(title);
    // ... or its shorter form ("bouchon" for "Bouchon lyonnais"), without an article.
    const bare = subject.replace(/^(?:an?|the)\s+/i, '');
    const fuller = subject.split(/\s+/).length <= 8 && titleTerms.every((t) => contentTerms(subject).includes(t));
    const shorter = contentTerms(bare).length > 0 && contentTerms(bare).every((t) => titleTerms.includes(t));
    const name = fuller || shorter ? bare : title;
    const predicate = predicateOf(s.text) ?? '';
    const predicateTerms = new Set(contentTerms(predicate));
    const classSaid =
      focus.answerClass.size > 0
        ? [...focus.answerClass].some((t) => holdsTerm(predicateTerms, t))
        : asked.filter((t) => predicateTerms.has(t)).length >= (naming ? 1 : 2);
    if (!classSaid) continue;
    const cover = weightOf(asked.filter((t) => s.terms.has(t))) / total;
    if (!best || cover > best.cover) best = { s, subject: name, cover };
  }
  if (!best || best.cover < DEFINED_COVER) return undefined;
  return { shortAnswer: best.subject, answer: cite(best.s) };
}

/**
 * The share of the question's words (weighed by rarity) an opening sentence must hold to name what
 * the question describes: fitted on the HotpotQA distractor sample's dev split (0.5 and 0.6 answer
 * alike there; 0.4 takes a passage that shares only the question's setting).
 */
const DEFINED_COVER = 0.5;

const DESCRIBED_WORDS = 5;

/**
 * "Which regions ...", "On which rivers ...", "Which French cities ...", "Which two rivers ...",
 * "What are the two rivers ...": a wh-word before a plural noun asks for every one of them.
 */
export function asksForMany(question: string): boolean {
  // "Which electricity sources had ...": a noun before the plural noun a verb follows qualifies it.
  const noun =
    /\b(?:[Ww]hich|[Ww]hat)\s+(?:(?:are|were)\s+the\s+)?(?:(?:two|three|four|five|six|\d+)\s+)?(?:\p{Lu}[\p{L}'’-]*\s+)*(?:\p{Ll}+\s+(?=\p{Ll}+s\s+(?:had|have|are|were|do|did)\b))?(\p{Ll}+)\b/u.exec(
      question,
    )?.[1] ?? /^\s*(?:[Nn]ame|[Ll]ist|[Gg]ive me|[Tt]ell me)\s+(?:all\s+)?(?:the\s+)?(?:(?:two|three|four|five|six|\d+)\s+)?(\p{Ll}+)\b/u.exec(question)?.[1];
  return noun !== undefined && /[^su]s$/.test(noun) && !/^(?:is|was|does|has|its|this|thus|plus|bus|gas|yes)$/.test(noun);
}

/**
 * A verb placing its subject, and the place it gives: "lies at the confluence of ...", "is located
 * in ...", "has its headquarters in ...", "Its head office is in Kiruna".
 */
const LOCATIVE =
  /\b(?:lies|lie|lay|(?:is|are|was|were)\s+(?:located|situated|based|headquartered)|stands|sits|hangs|(?:has|had)\s+(?:its|their)\s+(?:headquarters|head\s+office|main\s+office)|(?:its|their)\s+(?:headquarters|head\s+office|main\s+office)\s+(?:is|are|was|were))\s+((?:at|in|on|near|along|by|between|beside)\b[^.;]*)/i;

/** A move of a body's seat and the place it moved to (group 1): "moved its headquarters to Paris in 1954". */
const MOVED_TO =
  /\b(?:moved|relocated|transferred)\s+(?:its|their)\s+(?:headquarters|head\s+office|main\s+office|base|seat)\s+(?:from\s+[^.;]*?\s+)?to\s+((?:the\s+)?\p{Lu}[^.;,]*?)(?=\s+(?:in|on|during|after)\s|[.;,]|$)/u;

/**
 * "Where is Lyon?", "Where is the Musée des Confluences located?": where the thing itself is, not
 * a place its passage names in passing ("after Paris and Marseille"). In order: what a locative verb
 * of its own passage gives ("Lyon lies at the confluence of ..."); the place of a passage titled
 * after a class in a place that names it ("Museums of Lyon": Lyon); the place its passage's lead
 * calls it "of" or "in" ("the fourth-largest city of France"). Undefined for any other question.
 */
export function whereIs(question: string, focus: Focus): ExtractedAnswer | undefined {
  const asked = /^\s*where\s+(?:is|are|was|were)\s+(?:the\s+)?(.+?)(?:\s+(?:located|situated|found|based|headquartered))?\s*\??\s*$/i.exec(question)?.[1];
  const name = focus.reading.names.find((n) => n.toLowerCase() === asked?.toLowerCase());
  if (!name) return undefined;
  const own = focus.all.filter((s) => sameName(s.title, name));
  // "It moved its headquarters to Paris in 1954": where it is since, over where it began.
  const moved = own.flatMap((s) => {
    const to = MOVED_TO.exec(s.text)?.[1];
    return to ? [{ shortAnswer: to, answer: cite(s) }] : [];
  });
  if (moved.length > 0) return moved[moved.length - 1];
  const opens = (s: Sentence) => s.text.toLowerCase().startsWith(name.toLowerCase()) || s.text.toLowerCase().startsWith(`the ${name.toLowerCase()}`);
  for (const s of [...own, ...focus.all.filter((x) => !own.includes(x) && opens(x))]) {
    // The place ends where the sentence goes on to say something else ("on the Garonne river and is
    // the centre of ...", "in Orvik and sponsored by ...", "above the old town, seen at sunset from ...",
    // "in Hallby and about 60,000 members"), or says when ("in Liverpool until 1921, when ...").
    const at = LOCATIVE.exec(s.text)?.[1]?.split(
      /,?\s+and\s+(?:is|are|was|were|has|have|had|its|it|\p{Ll}+(?:ed|en))\b|,?\s+and\s+(?=(?:about|around|some|over|nearly|almost)?\s*\d)|,\s+\p{Ll}+(?:ed|en|ing)\b|,?\s+(?:until|till|since|from|before|after|in|by)\s+(?=\d{4}\b)/u,
    )[0];
    // "stands at an altitude of 2,650 metres" says how high, not where: a place names one.
    if (at && /\p{Lu}/u.test(at)) return { shortAnswer: at.trim(), answer: cite(s) };
    // "Based in London, it owns ...": the participle put first, in its own passage.
    const fronted = own.includes(s) ? /^(?:Based|Located|Situated|Headquartered)\s+((?:in|at|near)\s+[^,;.]+),\s+(?:it|they)\s/u.exec(s.text)?.[1] : undefined;
    if (fronted && /\p{Lu}/u.test(fronted)) return { shortAnswer: fronted.trim(), answer: cite(s) };
  }
  const words = contentTerms(name);
  for (const s of focus.all) {
    const place = /^.+?\s+(?:of|in)\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)*)$/u.exec(bareTitle(s.title))?.[1];
    if (place && !own.includes(s) && !sameName(place, name) && words.every((t) => s.terms.has(t))) return { shortAnswer: place, answer: cite(s) };
  }
  const lead = own.find((s) => s.position === 0);
  // "a river of eastern France": the place with the word placing it within.
  const placed = lead ? /\s(?:is|are|was|were)\s[^,.;]*?\b(?:of|in)\s+((?:\p{Ll}+\s+)?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)*)/u.exec(lead.text) : undefined;
  const of = placed?.[1];
  if (!of || !lead) return undefined;
  // "a winery in the Aubrac valley of Sorenne": a passage's title the name begins and the text goes on to ("Aubrac valley") is the place.
  const bare = of.replace(/^\p{Ll}+\s+/u, '');
  // "the radio division of the German media group": a nation's adjective is no place.
  if (focus.lexicon.isNameAdjective?.(bare) === true) return undefined;
  const from = placed!.index + placed![0].length - bare.length;
  const titled = focus.all.map((x) => bareTitle(x.title)).find((t) => t.startsWith(`${bare} `) && lead.text.startsWith(t, from));
  return { shortAnswer: titled ?? of, answer: cite(lead) };
}

/**
 * The places after "in" or "of": "in Cornwall, England", "in Fairfield County, Connecticut, United
 * States", "city of France", "in central Sarnia" (a quarter of it between); not those of a name
 * another preposition gives ("twinned with Rauma in Finland").
 */
const PLACES_AFTER = new RegExp(
  `(?<!\\b(?:with|and|to|by|from)\\s+\\p{Lu}[\\p{L}'’.-]*\\s+)\\b(?:in|of)\\s+(?:${QUARTER}\\s+)?((?:the\\s+)?\\p{Lu}[\\p{L}'’.-]*(?:\\s+\\p{Lu}[\\p{L}'’.-]*)*(?:,\\s+(?:the\\s+)?\\p{Lu}[\\p{L}'’.-]*(?:\\s+\\p{Lu}[\\p{L}'’.-]*)*)*)`,
  'gu',
);

/**
 * "In which county is Portmoral?", "What country is Portmoral in?": of the places its own passage
 * puts it in ("a fishing village in Cornwall, England"), the one the lexicon knows as the class
 * asked (Cornwall a county, England a country), or one named after the class ("Fairfield County").
 * Asked only where the name is (no word besides "located"); undefined when no such place is said.
 */
export function containingPlace(focus: Focus): ExtractedAnswer | undefined {
  const { reading, lexicon } = focus;
  const head = reading.answerClass?.split(' ').pop();
  const name = reading.names.length === 1 ? reading.names[0]! : undefined;
  if (reading.type !== 'place' || !head || !CONTAINING_CLASS.test(head) || !name || !lexicon.isKindOf) return undefined;
  if (reading.relation.some((w) => !/^(?:located|situated|lies?|found|based)$/i.test(w))) return undefined;
  const own = focus.all.filter((s) => sameName(s.title, name));
  // "the district of Rosenheim", "the Dutch province of Limburg", "the Provence-Alpes-Côte d'Azur
  // region", "the Algarve region of Portugal": the sentence calls the place the class.
  const namedClass = new RegExp(
    `\\bthe\\s+(?:(\\p{Lu}\\p{Ll}+)\\s+)?${head}\\s+of\\s+(\\p{Lu}[\\p{L}'’.-]*(?:\\s+\\p{Lu}[\\p{L}'’.-]*)*)|\\bthe\\s+(\\p{Lu}[^,.;]*?)\\s+${head}\\b`,
    'u',
  );
  for (const s of own) {
    const m = namedClass.exec(s.text);
    // "the Algarve region of Portugal": a capitalised word before the class that is no nation's
    // adjective ("Dutch") is the place's own name.
    const itsName = m?.[1] !== undefined && lexicon.isNameAdjective?.(m[1]) === false ? m[1] : undefined;
    // A stop after the name ends the sentence, not the name ("of Limburg.").
    const called = (itsName ?? m?.[2] ?? m?.[3])?.replace(/\.$/, '');
    if (called) return { shortAnswer: called, answer: cite(s) };
    const place = placesAfter(s.text).find((p) => placeOfClass(p, head, lexicon));
    if (place) return { shortAnswer: place, answer: cite(s) };
  }
  // "a German manufacturer of telescope mirrors, headquartered in Jena": with no country named, the
  // one its lead's description is of (the lexicon's name for the adjective), when it is one.
  const lead = own.find((s) => s.position === 0);
  const described = head === 'country' && lead ? /\s(?:is|was)\s+(?:an?|the)\s+[^,.;]*/.exec(lead.text)?.[0] : undefined;
  const nation = described ? nationAdjectivesIn(described, lexicon)[0]?.nation : undefined;
  return nation && placeOfClass(nation, head, lexicon) ? { shortAnswer: nation, answer: cite(lead!) } : undefined;
}

/** The places a sentence puts something in, each a name of its own: "in Cornwall, England" gives Cornwall and England. */
function placesAfter(text: string): string[] {
  return [...text.matchAll(PLACES_AFTER)].flatMap((m) => m[1]!.split(/,\s+/).map((p) => p.replace(/^the\s+/, '').replace(/\.$/, '')));
}

/**
 * "In what country did Marta Veils conduct the concert?" answered by the hall it was in
 * ("Musikverein"): the place of the class asked (CONTAINING_CLASS) that the answer's own passage
 * puts it in ("a concert hall ... of Vienna, Austria"), or, a place further, that the own passage of
 * a place it is put in puts that one in ("headquartered in Stamford, Connecticut"; "Stamford is a
 * city in Fairfield County"). Of places after commas, the one of the class. Undefined when the answer
 * is of the class already, has no passage of its own, or no such place is said.
 */
export function placeOfAnswer(
  answer: string,
  head: string,
  documents: readonly { id: string; title?: string; text: string }[],
  lexicon: Lexicon,
  hops = 2,
): { place: string; cited: string[] } | undefined {
  if (!CONTAINING_CLASS.test(head) || placeOfClass(answer, head, lexicon)) return undefined;
  // "North Yorkshire, England" asked a county: the part of it that is one.
  const part = answer.includes(', ') ? answer.split(', ').find((p) => placeOfClass(p, head, lexicon)) : undefined;
  if (part) return { place: part, cited: [] };
  const own = ownPassage(answer, documents);
  if (!own) return undefined;
  const said = sentences(own.text).map((text) => ({ text, places: placesAfter(text).filter((p) => !sameName(answer, p)) }));
  for (const s of said) {
    const place = s.places.find((p) => placeOfClass(p, head, lexicon));
    if (place) return { place, cited: [`${s.text} [${own.id}]`] };
  }
  if (hops < 2) return undefined;
  for (const s of said) {
    for (const p of s.places) {
      const further = placeOfAnswer(p, head, documents, lexicon, hops - 1);
      if (further) return { place: further.place, cited: [`${s.text} [${own.id}]`, ...further.cited] };
    }
  }
  return undefined;
}

/** The classes of a settlement a question may ask for ("In which city ...?"), which townOfAnswer reads. */
const SETTLEMENT = /^(?:city|town|village)$/i;

/**
 * "In which city did Aidan Roche perform the first heart transplant?" answered by a hospital: the
 * place its own passage's opening puts it in ("a teaching hospital in Carrowmore, Ostland") that is
 * of the class asked, as the lexicon or that place's own opening says ("Carrowmore is the
 * second-largest city of Ostland"). Undefined when the answer's opening calls it a place of the
 * class, or names none so.
 */
export function townOfAnswer(
  answer: string,
  head: string,
  documents: readonly { id: string; title?: string; text: string }[],
  lexicon: Lexicon,
): { place: string; cited: string[] } | undefined {
  if (!SETTLEMENT.test(head)) return undefined;
  // A name's own passage, its opening and the noun that opening calls it by ("is a teaching hospital in").
  const calls = (name: string) => {
    const passage = ownPassage(name, documents);
    const opening = sentences(passage?.text ?? '')[0] ?? '';
    const noun = /\b(?:is|was)\s+(?:an?|the)\s+(?:[\p{L}-]+\s+){0,3}?(\p{Ll}+)\b(?=\s+(?:in|of|on|and|with|near|,)|[,.;]|$)/u.exec(opening)?.[1];
    return { passage, opening, noun };
  };
  const own = calls(answer);
  if (!own.noun || SETTLEMENT.test(own.noun) || lexicon.isKindOf?.(own.noun, head) === true || placeOfClass(answer, head, lexicon)) return undefined;
  const place = placesAfter(own.opening).find((p) => {
    if (placeOfClass(p, head, lexicon)) return true;
    const noun = calls(p).noun;
    return noun !== undefined && (noun === head || lexicon.isKindOf?.(noun, head) === true);
  });
  return place && own.passage ? { place, cited: [`${own.opening} [${own.passage.id}]`] } : undefined;
}

/** The verbs of a founding, as a question asks where it was: "establish", "founded", "set up". */
const FOUNDING_VERB = String.raw`(?:found|establish|form|set\s+up|start|creat|incorporat|launch)\p{Ll}*`;

/**
 * "In which county did Miriam Aske establish Corran Partners?": where the thing founded is, as
 * placeOfAnswer reads it from its own passage ("offices in Halverton, Ostria"; "Halverton is a
 * market town in Brenmoor County"). Asked only of a county, state or country, and of a name the
 * question's founding verb takes as its object ("was Corran Partners founded" too); undefined otherwise, or when no such place is said.
 */
export function foundedWhere(
  question: string,
  reading: QuestionReading,
  documents: readonly { id: string; title?: string; text: string }[],
  lexicon: Lexicon,
): ExtractedAnswer | undefined {
  const head = reading.answerClass?.split(' ').pop();
  if (reading.type !== 'place' || !head || !CONTAINING_CLASS.test(head)) return undefined;
  for (const name of reading.names) {
    const named = escapeRegExp(name);
    const object = new RegExp(
      String.raw`\b${FOUNDING_VERB}\s+(?:(?:the|a|an|his|her|their|its)\s+)?(?:[\p{Ll}-]+\s+){0,3}${named}|\b(?:was|were|is)\s+(?:the\s+)?${named}\s+${FOUNDING_VERB}`,
      'iu',
    );
    if (!object.test(question)) continue;
    const within = placeOfAnswer(name, head, documents, lexicon);
    if (within) return { shortAnswer: within.place, answer: within.cited.join(' ') };
  }
  return undefined;
}

/**
 * "Black Holes in the Sand features a cover-version of Diane, by what American rock band?": the
 * answer is the subject of a passage that another passage here names (the bridge: "a cover-version
 * of Hüsker Dü's song") and whose opening calls it the class asked, as the head of what it is
 * ("Hüsker Dü was an American rock band"). The sentence naming it and its passage's opening say
 * most of the question. Asked "Who <verb> ...?" without a class, the subject must read as a person
 * (born, he, she) and one of the two sentences must say the verb. Undefined otherwise: the span
 * nearest the relation answers (typed.ts), as for a question whose wh-phrase asks a kind ("what
 * kind of engineer").
 */
export function bridgedTitle(reading: QuestionReading, focus: Focus, question: string): ExtractedAnswer | undefined {
  if (reading.type !== 'entity' && reading.type !== 'person' && reading.type !== 'place') return undefined;
  if (!/\b(?:which|what|who|whom)\b/i.test(question) || /\b(?:what|which)\s+(?:kind|type|sort|form|variety)\s+of\b/i.test(question)) return undefined;
  const classless = focus.answerClass.size === 0;
  if (classless && !(reading.type === 'person' && /^\s*who\s+(?!(?:is|was|are|were|did|does|do|has|had|have)\b)\p{Ll}/iu.test(question))) return undefined;
  const asked = [...new Set(contentTerms(question))];
  if (asked.length < DESCRIBED_WORDS) return undefined;
  const weightOf = (ts: readonly string[]) => ts.reduce((sum, t) => sum + focus.idf(t), 0);
  // "Who helped develop ...?": the verb with its related words.
  const verbTerm = contentTerms(/^\s*who\s+(\p{Ll}+)/iu.exec(question)?.[1] ?? '')[0];
  const verb = verbTerm ? [...(focus.relation.find((set) => set.has(verbTerm)) ?? [verbTerm])] : undefined;
  let best: { opening: Sentence; name: string; cover: number; mention: Sentence } | undefined;
  for (const opening of focus.all) {
    if (opening.position !== 0 || !opening.title) continue;
    const name = bareTitle(opening.title);
    if (name.length < 2 || focus.isGiven({ text: name, at: 0, kind: 'name' }) || reading.names.some((n) => sameName(opening.title, n) || sameName(n, name)))
      continue;
    if (new RegExp(`\\b${escapeRegExp(name)}\\b`, 'i').test(question)) continue;
    const own = focus.all.filter((s) => s.docId === opening.docId);
    if (classless ? !own.some((s) => /\((?:born|b\.)\s|\b(?:He|She|His|Her)\s/.test(s.text)) : !isClassOf(opening.text, focus.answerClass)) continue;
    const said = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'u');
    const nameTerms = new Set(contentTerms(name));
    const rest = asked.filter((t) => !nameTerms.has(t));
    const total = weightOf(rest);
    if (total === 0) continue;
    const openingSentences = own.filter((s) => s.position < OPENING_SENTENCES);
    const openingTerms = new Set(openingSentences.flatMap((s) => [...s.terms]));
    for (const mention of focus.all) {
      if (mention.docId === opening.docId || !said.test(mention.text)) continue;
      if (verb && !verb.some((t) => holdsTerm(openingTerms, t) || holdsTerm(mention.terms, t))) continue;
      // A mention saying the name given did the verb asked to it ("The Social Union, led by Mara Vesk").
      const doneTo = doneByGiven({ text: name, at: mention.text.search(said) }, mention, focus) ? DONE_TO_WEIGHT : 0;
      const cover = weightOf(rest.filter((t) => openingTerms.has(t) || mention.terms.has(t))) / total + doneTo;
      if (!best || cover > best.cover) best = { opening, name, cover, mention };
    }
  }
  if (!best || best.cover < BRIDGED_COVER) return undefined;
  return { shortAnswer: best.name, answer: `${cite(best.mention)} ${cite(best.opening)}` };
}

/**
 * What a mention saying the name given did the verb asked to the subject adds to its cover: half the
 * question's weight, for the relation said outright outweighs words its passage shares by the way
 * ("It won 14 seats in 2019" against "The Social Union, led by Mara Vesk").
 */
const DONE_TO_WEIGHT = 0.5;

/**
 * How many of a passage's first sentences say what its subject is: fitted on the third HotpotQA
 * set's dev split (one or two sentences gained 3 questions there, three gained 5, four 7, five 7).
 */
const OPENING_SENTENCES = 4;

/**
 * How much of the question (by weight) the sentence naming a passage's subject and that passage's
 * opening must say together: fitted on the third HotpotQA set's dev split with an opening of two
 * sentences (0.5 answered as 0.6 did, 0.7 one question fewer; no probe set answered differently),
 * and kept when the opening grew to four.
 */
const BRIDGED_COVER = 0.6;

/**
 * Whether a passage's first sentence calls its subject the class asked, as the head of what it is:
 * "Hüsker Dü was an American rock band formed in ..." is a band; "Grant Hill is a retired basketball
 * player and a sports show host" is no show.
 */
function isClassOf(text: string, answerClass: ReadonlySet<string>): boolean {
  const predicate = predicateOf(text);
  if (predicate === undefined) return false;
  const heads = new Set([...predicate.matchAll(/([\p{L}-]+)(?=\s*(?:,|;|\band\b|\bor\b|$))/gu)].flatMap((m) => contentTerms(m[1]!)));
  return [...answerClass].some((t) => holdsTerm(heads, t));
}

/**
 * What a defining sentence calls its subject: its predicate's noun phrase, up to a preposition, a
 * participle or a clause ("a song recorded by ... girl group" calls it a song, not a group; "a stone
 * arch railway bridge over the Kessel river", a bridge, not a river); "a type
 * of restaurant" calls it a restaurant. Undefined for a sentence with no copula.
 */
function predicateOf(text: string): string | undefined {
  const copula = COPULA.exec(text);
  if (!copula) return undefined;
  return text
    .slice(copula.index + copula[0].length)
    .replace(/^(?:type|kind|form|sort|variety)\s+of\s+/i, '')
    .split(/\s(?:of|by|in|on|at|for|from|with|to|over|under|near|across|along|between|through|into|which|that|who|whose|where|\p{Ll}+ed)\s/u)[0]!
    .split(/\s+/)
    .slice(0, 10)
    .join(' ');
}

/** What a sentence says a thing is made of, up to the words it ends on: "made from durum wheat semolina". */
const MADE_OF_SAID =
  /\b(?:made\s+(?:of|from|with)|consist(?:s|ing)\s+(?:mainly\s+|chiefly\s+)?of|composed\s+of)\s+(?:the\s+|an?\s+)?((?:[\p{L}-]+(?:,\s+|\s+))*?[\p{L}-]+)(?=\s+(?:in|on|at|to|by|for|from|with|that|which|who|as|since|during|until)\b|\s*[.;:()]|\s*$)/iu;

/**
 * "What is bouillabaisse made of?", "bouillabaisse main ingredient": what a sentence about the thing
 * says it is made of ("made from durum wheat"), else the word before the noun its own passage calls
 * it that the lexicon knows as a matter ("a traditional Provençal fish stew": fish). Undefined for
 * other questions, for a class asked ("what kind of rock ... made of": typed reads the class), or
 * when no sentence says it.
 */
export function materialOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  if (!MATERIAL_ASKED.test(question) || focus.reading.answerClass) return undefined;
  const about = rankedAbout(focus);
  for (const s of about) {
    // "made from buckwheat flour and served cold": a verb after "and" ends what it is made of.
    const said = MADE_OF_SAID.exec(s.text)?.[1]?.replace(/,?\s+and\s+\p{Ll}+(?:ed|en)\b.*$/u, '');
    if (said && said.split(/\s+/).length <= 8) return { shortAnswer: said, answer: cite(s) };
  }
  // The thing asked of: the question's words but those asking what it is made of.
  const asked = new Set(contentTerms(question.replace(MATERIAL_ASKED, ' ')));
  for (const s of about.filter((x) => x.position === 0 && contentTerms(bareTitle(x.title)).some((t) => asked.has(t)))) {
    // What its lead calls it, to a comma: "a traditional Provençal fish stew that ..." → "traditional Provençal fish stew".
    const words = (predicateOf(s.text) ?? '').split(/[,;.]/)[0]!.trim().split(/\s+/);
    const matter = words
      .slice(0, -1)
      .reverse()
      .find((w) => /^\p{Ll}/u.test(w) && focus.lexicon.isKindOf?.(w, 'matter') === true);
    if (matter) return { shortAnswer: matter, answer: cite(s) };
  }
  return undefined;
}

/**
 * "Which medal did Anna Pell win?": the class asked said as a common noun after a verb of the
 * relation, with the words that tell which ("won a silver medal at the 2012 Summer Olympics": silver
 * medal), in a sentence about the question's names. Undefined when none says it so; a name of the
 * class ("the Golden Meeple award", "the crime film Night Ferry") is read as a name.
 */
export function classSaid(reading: QuestionReading, focus: Focus): ExtractedAnswer | undefined {
  const head = reading.answerClass;
  if (reading.type !== 'entity' || head === undefined || /\s/.test(head) || focus.relation.length === 0) return undefined;
  const said = new RegExp(
    `\\b(\\p{Ll}{3,})\\s+(?:a|an|the|his|her|its|their)\\s+((?:[\\p{Ll}-]+\\s+){1,2}${escapeRegExp(head)})\\b(?!\\s*,?\\s+\\p{Lu})`,
    'gu',
  );
  for (const s of rankedAbout(focus).filter((x) => focus.nameScore(x) > 0)) {
    for (const m of s.text.matchAll(said)) {
      const verb = contentTerms(m[1]!)[0];
      if (verb !== undefined && focus.relation.some((set) => set.has(verb))) return { shortAnswer: m[2]!, answer: cite(s) };
    }
  }
  return undefined;
}

/** "Who wrote Salt Hours?": the verb asked (group 1) of a name and nothing more (group 2; not "the libretto of ..."). */
const MADE_BY_ASKED = /^\s*who\s+(\p{Ll}{3,})\s+(.+?)\s*\?*\s*$/iu;
/** "Who is the painter of Harbour at Dusk?": the maker's noun (group 1) of a name and nothing more (group 2). */
const MAKER_ASKED = /^\s*who\s+(?:is|was)\s+the\s+(\p{Ll}{3,})\s+of\s+(.+?)\s*\?*\s*$/iu;

/**
 * "Who wrote Salt Hours?", "Who painted X?": a verb whose doer is a maker or a writer to the lexicon
 * (writer, painter, composer, designer; not a publisher), asked of one work. Its maker is the name
 * after "by" in the work's own lead ("a 1966 collection of 34 poems by Nora Quill"), else the subject
 * of a passage that calls the work its own ("Her book Fire Beneath the Sea, published in 1910, ..."
 * in Emma Castell's). Undefined for other questions.
 */
export function madeBy(question: string, focus: Focus): ExtractedAnswer | undefined {
  const { lexicon } = focus;
  const isMaker = (w: string) => lexicon.isKindOf?.(w, 'creator') === true || lexicon.isKindOf?.(w, 'communicator') === true;
  // "Who is the painter of X?" asks "Who painted X?": the verb the maker's noun is made from ("paint", "compose").
  const byNoun = MAKER_ASKED.exec(question);
  const noun = byNoun?.[1]?.toLowerCase();
  const m = noun === undefined ? MADE_BY_ASKED.exec(question) : byNoun;
  const verb =
    noun === undefined
      ? m?.[1]?.toLowerCase()
      : isMaker(noun)
        ? lexicon.related(noun).find((w) => /^\p{Ll}{3,}$/u.test(w) && w !== noun && noun.startsWith(w.replace(/e$/, '')))
        : undefined;
  const [work, ...others] = focus.reading.names;
  if (verb === undefined || work === undefined || others.length > 0 || focus.reading.type !== 'person' || !sameName(m![2]!, work)) return undefined;
  // An irregular past's base form's doer too: "made" is "make", whose doer is a maker ("starred" is
  // no irregular form of "star", whose doers are no makers).
  const bases = lexicon
    .related(verb)
    .filter((w) => w !== verb && /^\p{Ll}+$/u.test(w) && !verb.startsWith(w) && (lexicon.irregularForms?.(w) ?? []).includes(verb));
  const maker = noun !== undefined || [verb, ...bases].some((v) => lexicon.related(v).some((w) => !/\s/.test(w) && w !== v && isMaker(w)));
  if (!maker) return undefined;
  // "It was produced by Ole Fjell", in the work's own passage: the verb asked said with its doer,
  // before the lead's "by" (an album "by" its band, whoever produced it).
  const said = saysVerb(verb, contentTerms(verb)[0] ?? verb, focus);
  for (const s of focus.passageOf(work)) {
    // A name joined by "&" is one ("built by Harland & Crane").
    for (const m of s.text.matchAll(/\b(\p{Ll}{3,})\s+by\s+(?:the\s+\p{Ll}+\s+)?(\p{Lu}[\p{L}'’.-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}'’.-]*)+)/gu)) {
      const doer = withoutStop(m[2]!);
      const others = coAgents(s.text.slice(m.index + m[0].length)) ?? '';
      if (said(m[1]!) && !focus.isGiven({ text: doer, at: 0, kind: 'name' })) return { shortAnswer: `${doer}${others}`, answer: cite(s) };
    }
  }
  for (const s of focus.ownOpenings()) {
    // The first "by", past a role and a nationality: "an opera ... by the Sarnian composer Emil Roskov, with a libretto by ...".
    const said = /\bby\s+(?:the\s+)?(?:\p{Lu}\p{Ll}+\s+(?=\p{Ll}))?(?:\p{Ll}+\s+){0,2}?(\p{Lu}[\p{L}'’.-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}'’.-]*)+)/u.exec(s.text);
    const by = said === null ? undefined : withoutStop(said[1]!);
    const others = said === null ? '' : (coAgents(s.text.slice(said.index + said[0].length)) ?? '');
    if (by !== undefined && !focus.isGiven({ text: by, at: 0, kind: 'name' })) return { shortAnswer: `${by}${others}`, answer: cite(s) };
  }
  // "His best-known work, The Orchard Gate, ...": a hyphened word before the noun, a comma and the title's article after it.
  const title = `(?:[Tt]he\\s+)?${escapeRegExp(work)}\\b`;
  const owned = new RegExp(`\\b(?:[Hh]is|[Hh]er|[Tt]heir)\\s+(?:[\\p{Ll}-]+\\s+)?(\\p{Ll}+),?\\s+${title}`, 'u');
  for (const s of focus.all.filter((x) => x.position > 0 && !sameName(x.title, work))) {
    const noun = owned.exec(s.text)?.[1];
    if (noun !== undefined && lexicon.isKindOf?.(noun, 'creation') === true) return { shortAnswer: bareTitle(s.title), answer: cite(s) };
  }
  // "included Pieter Vandamme's The Orchard Gate": the maker's possessive before the work.
  const possessed = new RegExp(`(\\p{Lu}[\\p{L}'’.-]*(?:\\s+\\p{Lu}[\\p{L}'’.-]*)+)['’]s\\s+${title}`, 'u');
  for (const s of focus.all) {
    const maker = possessed.exec(s.text)?.[1];
    if (maker !== undefined && !focus.isGiven({ text: maker, at: 0, kind: 'name' })) return { shortAnswer: maker, answer: cite(s) };
  }
  return undefined;
}

/** "What did Ines Varga do before designing games?": who (group 1), "before" or "after" (group 2), the event (group 3). */
const DONE_AROUND_ASKED = /^\s*what\s+did\s+(.+?)\s+do\s+(before|after)\s+(.+?)\s*\?*\s*$/i;

/**
 * What a person did before or after an event the question names, as a sentence about them says it:
 * the clause the event's "before" opens ("Before designing games she worked as a maths teacher in
 * Szeged": worked as a maths teacher in Szeged) or ends ("He flew for the Air Force for twelve years
 * before founding Norvik Air"). The sentence must name a word of the event. Undefined for other questions.
 */
export function doneAround(question: string, focus: Focus): ExtractedAnswer | undefined {
  const m = DONE_AROUND_ASKED.exec(question);
  if (!m) return undefined;
  const when = m[2]!.toLowerCase();
  const event = new Set(contentTerms(m[3]!));
  const subject = `(?:he|she|they|it|${[m[1]!, ...focus.reading.names, ...focus.reading.names.map((n) => n.split(/\s+/).pop()!)].map(escapeRegExp).join('|')})`;
  const fronted = new RegExp(`^${when}\\s+([^,]+?),?\\s+${subject}\\s+(\\p{Ll}.+?)\\.?$`, 'iu');
  const ended = new RegExp(`^${subject}\\s+(\\p{Ll}.+?)\\s+${when}\\s+(.+?)\\.?$`, 'iu');
  const told: { s: Sentence; done: string }[] = [];
  for (const s of rankedAbout(focus)) {
    const f = fronted.exec(s.text);
    const e = f ? undefined : ended.exec(s.text);
    const [said, done] = f ? [f[1]!, f[2]!] : e ? [e[2]!, e[1]!] : [];
    if (done === undefined) continue;
    const answer = { shortAnswer: done.split(/,\s+(?:and\s+)?(?=\p{Ll}+(?:ed|ing)\b)/u)[0]!, answer: cite(s) };
    if (contentTerms(said!).some((t) => event.has(t))) return answer;
    if (focus.isOwnPassage(s)) told.push({ s, done: answer.shortAnswer });
  }
  // The event said in other words ("Before turning to film he worked as a fisherman", asked what he did
  // before becoming a director): the one such sentence of the person's own passage, when there is one.
  const [only, ...more] = told;
  return only && more.length === 0 ? { shortAnswer: only.done, answer: cite(only.s) } : undefined;
}

/** "What was X's profession?", "What is the occupation of X?", "What job did X have?", "What did X do for a living?". */
const OCCUPATION = String.raw`(?:profession|occupation|job|line\s+of\s+work)`;
export const OCCUPATION_ASKED = new RegExp(String.raw`\b${OCCUPATION}\b|\bdo\s+for\s+a\s+living\b`, 'i');

/**
 * Whether the lexicon files a word under person, as an occupation is: within six levels, for a
 * surgeon is a doctor, a medical practitioner, a health professional, a professional, an adult, a person.
 */
function personKind(word: string, focus: Focus): boolean {
  return focus.lexicon.isKindOf?.(word, 'person', 6) === true;
}

/** "What did Ivar Lund's father do?", "What was X's father's profession?": a father's trade asked; whose, group 1 or 2. */
const FATHER_TRADE_ASKED = new RegExp(
  String.raw`^\s*what\s+(?:did|does)\s+(.+?)['’]s\s+father\s+do\b|\b(?:what\s+(?:was|is)\s+)(.+?)['’]s\s+father['’]s\s+${OCCUPATION}\b`,
  'iu',
);

/**
 * "What did Ivar Lund's father do?": the trade the person's own passage gives a parent it does not
 * name ("the son of a blacksmith"), a kind of person as the lexicon knows it. Undefined for other
 * questions, or when the passage names no such trade (a named father is followed by kinship paths).
 */
export function fatherTrade(question: string, focus: Focus): ExtractedAnswer | undefined {
  const asked = FATHER_TRADE_ASKED.exec(question);
  const whose = asked?.[1] ?? asked?.[2];
  if (whose === undefined) return undefined;
  for (const s of focus.passageOf(whose)) {
    // "the son of a ship's carpenter", "the son of a poor farmer": the trade's noun last, a word before it kept.
    // "the youngest of four children of a fisherman" too.
    const said = /\b(?:sons?|daughters?|child|children)\s+of\s+an?\s+(?:([\p{Ll}-]+(?:['’]s)?)\s+)?([\p{Ll}-]{3,})\b/u.exec(s.text);
    const trade = said && personKind(said[2]!, focus) ? [said[1], said[2]] : said?.[1] && personKind(said[1], focus) ? [undefined, said[1]] : undefined;
    if (trade) return { shortAnswer: trade.filter(Boolean).join(' '), answer: cite(s) };
  }
  return undefined;
}

/** A trade and the event it came before or after: "He was a teacher before entering parliament" (groups 1 and 2). */
const TRADE_BEFORE = /\b(?:was|were|worked\s+as|trained\s+as|served\s+as|became)\s+(?:an?\s+)?([\p{Ll}-]+)\b[^.;]*?\b(?:before|after)\s+([^.;]+)/u;
/** The same with the event fronted: "Before entering politics she worked as a lawyer in Halm." (the event, group 1; the trade, group 2). */
const TRADE_AFTER_FRONTED =
  /^(?:Before|After)\s+([^,]+?),?\s+(?:he|she|they|\p{Lu}[\p{L}'’-]*)\s+(?:was|were|worked\s+as|trained\s+as|served\s+as|became)\s+(?:an?\s+)?([\p{Ll}-]+)/u;

/**
 * The occupation of the one person a question names: what the opening of their own passage calls
 * them, without the capitals of a nationality before it ("Ragnar Toll (1941–2013) was a Kessian
 * pilot and businessman": pilot and businessman), else the noun a sentence puts right before their
 * name ("married to the painter Alva Toll": painter). A person's kind either way, as the lexicon
 * knows it. Undefined for other questions, for a question naming two (what they share is a choice).
 */
export function occupationOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  const [name, ...others] = focus.reading.names;
  if (!OCCUPATION_ASKED.test(question) || name === undefined || others.length > 0) return undefined;
  // Asked of the one named, not of a relative ("Axel Brandt's father's profession").
  const named = escapeRegExp(name);
  if (!new RegExp(`${named}['’]s\\s+${OCCUPATION}|${OCCUPATION}\\s+of\\s+${named}|\\b(?:did|does|do)\\s+${named}\\s+(?:have|do)\\b`, 'i').test(question))
    return undefined;
  const person = (w: string | undefined) => w !== undefined && personKind(w, focus);
  // "What was Tomas Brink's job before parliament?": the trade a sentence of his own passage says he
  // had before a word of the event asked ("He was a teacher before entering parliament"); else none.
  const event = /\b(?:before|after)\s+(.+?)\s*\?*\s*$/i.exec(question)?.[1];
  if (event !== undefined) {
    const words = new Set(contentTerms(event));
    for (const s of focus.passageOf(name)) {
      const m = TRADE_BEFORE.exec(s.text);
      const f = m ? undefined : TRADE_AFTER_FRONTED.exec(s.text);
      const [trade, when] = m ? [m[1]!, m[2]!] : f ? [f[2]!, f[1]!] : [];
      if (trade && person(trade) && contentTerms(when!).some((t) => words.has(t))) return { shortAnswer: trade, answer: cite(s) };
    }
    return undefined;
  }
  for (const s of focus.ownOpenings()) {
    const called = (predicateOf(s.text.replace(/\s*\([^)]*\)/g, '')) ?? '')
      .split(/[,;.]/)[0]!
      .trim()
      .replace(/^(?:(?:\p{Lu}[\p{L}-]*|[\p{L}-]+-born)\s+)+/u, '')
      .replace(/\s+(?:and|or)$/, '');
    if (/^\p{Ll}/u.test(called) && person(called.split(/\s+/).pop())) return { shortAnswer: called, answer: cite(s) };
  }
  const before = new RegExp(`\\bthe\\s+(?:[\\p{Ll}-]+\\s+)?([\\p{Ll}-]+)\\s+${named}\\b`, 'u');
  for (const s of rankedAbout(focus)) {
    const noun = before.exec(s.text)?.[1];
    if (person(noun)) return { shortAnswer: noun!, answer: cite(s) };
  }
  return undefined;
}

/**
 * "What did the Lumière brothers patent?", "What did Moira Kell study in Aberdeen?", "Whom did Sanne
 * de Wit replace?": a question on what (or whom) its subject did (or was doing: "What was the Mary
 * Ellen carrying?"), and the verb, which may take a time ("after the frost of 1956"), a place or a
 * year after it. Case-sensitive: with the i flag \p{Ll} matches capitals too, and a name after the
 * verb ("... in Aberdeen") would be it.
 */
const VERB_ASKED =
  /^\s*(?:[Ww]hat|[Ww]hom?)\s+(?:(?:did|does|do|has|have|had)\s+(.+?)\s+(\p{Ll}{3,})|(?:was|were|is|are)\s+(.+?)\s+(\p{Ll}{3,}ing))(?:\s+(?:up|out|down|off))?(?:\s+(?:after|before|following)\s+(?:(?:the|an?|his|her|its|their)\s+)?\p{Ll}[^?]*?)?(?:\s+(?:in|at|on|during|from|with)\s+(?:the\s+)?(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,3}|\d{4}))?\s*\?*\s*$/u;
/** A word that is no particle, preposition or adverb of place or time ("abroad", "together"), as OPENS reads a bare noun. */
const NOT_PARTICLE =
  '(?!(?:in|on|at|to|by|for|from|with|into|onto|over|under|up|out|off|down|away|back|abroad|again|together|alone|there|here|then|also|not|only|just|and|or|but|before|after|during|since|until)\\b)\\p{Ll}{3,}';
/**
 * What may open what a verb is done to: a determiner, a name, a figure or a count (after the space
 * before it); or a noun alone, or with a word before it, that a preposition, "and" or a stop ends
 * ("studied music at the University of Aberdeen", "studied naval architecture at", "taught
 * composition there"), not a particle or an adverb ("moved abroad", "wrote extensively").
 */
const OPENS = `(?:(?:the|an?|its|his|her|their)\\s|\\p{Lu}|\\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|over|about|some|several|many)\\s|${NOT_PARTICLE}(?:\\s+${NOT_PARTICLE})?(?<!ly)(?=\\s+(?:in|on|at|to|by|for|from|with|and|under|there|before|after|until|since)\\b|\\s*[,.;:()]|\\s*$))`;
/**
 * What a verb is done to, from its determiner, figure or name ("patented the cinematograph",
 * "includes four metro lines", "founded Apple"), with where to when a name says it ("links the
 * city to Lyon–Saint-Exupéry Airport"), up to the preposition, clause or stop that ends it, in
 * seven words at most; a figure's digit groups and a score's sides are of it ("produces about 45,000
 * tonnes of copper a year", "beating Mei Chen 3.5–2.5").
 */
const THING =
  "((?:(?:the|an?|its|his|her|their)\\s+)?(?:[\\p{L}\\d'’-]+(?:[,.–]\\d+)*\\s+){0,6}?[\\p{L}\\d'’-]+(?:[,.–]\\d+)*(?:\\s+to\\s+(?:the\\s+)?\\p{Lu}[\\p{L}'’–-]*(?:\\s+\\p{Lu}[\\p{L}'’–-]*){0,3})?)(?=\\s+(?:in|on|at|to|by|for|from|with|that|which|who|as|since|during|until|and|after|before|while|under|near|through|across|along|via|there)\\b|\\s*[,.;:()](?!\\d)|\\s*$)";
const OBJECT = new RegExp(`^\\s+(?=${OPENS})${THING}`, 'u');
/** A bare noun phrase a participle ends: "exports iron ore brought down the railway" (iron ore). */
const BARE_OBJECT = new RegExp(
  `^\\s+(${NOT_PARTICLE}(?:\\s+${NOT_PARTICLE}){0,2}?)(?=\\s+(?:\\p{Ll}{3,}ed|brought|made|built|grown|found|sold|taken|given|known|shipped|mined)\\b)`,
  'u',
);
/**
 * One more of a list after the first thing named, opened as it is: ", seven tram lines", " and over a
 * hundred bus routes"; not a relative clause (", which opened in 1984").
 */
const LISTED = new RegExp(`^(?:,|,?\\s+and)\\s+(?!(?:which|who|whom|whose|where|when|that)\\b)(?=${OPENS})${THING}`, 'u');

/**
 * "What did the Lumière brothers patent?": what a sentence about the subject says it did it to,
 * the words after the verb in any of its forms ("patented the cinematograph": the cinematograph); or,
 * said in the passive of a passage's subject ("It was patented by the Lumière brothers"), that
 * subject. Asked whom, the name those words give. Undefined for other questions, or when no sentence says it.
 */
export function verbObject(question: string, focus: Focus): ExtractedAnswer | undefined {
  const asked = VERB_ASKED.exec(question);
  // "What was the Mary Ellen carrying?" asks as "What did the Mary Ellen carry?" does.
  const verb = (asked?.[2] ?? asked?.[4])?.toLowerCase();
  const whom = /^\s*who/i.test(question);
  // A verb listed as a stop word ("What does X own?") is still the verb asked.
  const stem = verb ? (contentTerms(verb)[0] ?? stemOf(verb)) : undefined;
  if (!asked || !verb || !stem) return undefined;
  // Of whom it is asked ("the Lumière brothers"): at least half its words in the sentence or its passage's title.
  const subject = contentTerms((asked[1] ?? asked[3])!);
  const said = saysVerb(verb, stem, focus);
  // The place or year after the verb is said where it was done: "What did Lyon build in 2014?" is
  // not answered by what the city plans to build.
  const where = asked[5] ? contentTerms(asked[5]) : [];
  const about = rankedAbout(focus).filter((x) => holdsHalf(x, subject) && where.every((t) => holdsTerm(x.terms, t)));
  for (const s of about) {
    for (const w of s.text.matchAll(/\b\p{Ll}{3,}\b/gu)) {
      // A verb: no article before it ("the invention of"), a determiner or a name after it.
      if (!said(w[0]) || /\b(?:the|an?|its|his|her|their)\s+$/i.test(s.text.slice(0, w.index))) continue;
      const after = s.text.slice(w.index + w[0].length);
      // An auxiliary before its participle ("has been owned by") does nothing to an object.
      if (/^\s+(?:been|being|\p{Ll}+ed)\b/u.test(after)) continue;
      const first = OBJECT.exec(after) ?? BARE_OBJECT.exec(after);
      // Not the question's name itself; an object may share a word of it ("The act created the River Inspectorate").
      if (!first || contentTerms(first[1]!).every((t) => focus.nameTerms.some((n) => n.includes(t)))) continue;
      // "includes four metro lines, seven tram lines ... and over a hundred bus routes": the list whole.
      let done = first[0];
      for (let next = LISTED.exec(after.slice(done.length)); next; next = LISTED.exec(after.slice(done.length))) done += next[0];
      // Asked whom: the name the object gives ("replaced the original host Jaap Molenaar"), else none.
      if (whom) {
        const name = namesIn(done).pop();
        if (!name) continue;
        // A score after the name is none of it: "Mei Chen 3.5–2.5".
        return { shortAnswer: name.text.replace(/\s+\d+(?:[.,]\d+)?(?:[–-]\d+(?:[.,]\d+)?)?$/, ''), answer: cite(s) };
      }
      return { shortAnswer: done.trim(), answer: cite(s) };
    }
  }
  // "It was patented by the Lumière brothers", "Designed by Ingrid Halvorsen, it opened in 1967":
  // what the passage is about was done by them.
  for (const s of about) {
    const passive = /^(?:(?:It|They)\s+(?:was|were|had\s+been|has\s+been)\s+(\p{Ll}+)\s+by\b|(\p{Lu}\p{Ll}+)\s+by\b[^,.;]*,\s+(?:it|they)\s)/u.exec(s.text);
    if (passive && said((passive[1] ?? passive[2]!).toLowerCase())) return { shortAnswer: bareTitle(s.title), answer: cite(s) };
  }
  return undefined;
}

/** "What does The Herring Fleet at Dawn show?", "What does the mural depict?": the work, group 1. */
const DEPICT_ASKED = /^\s*what\s+(?:does|did|do)\s+(.+?)\s+(?:show|depict|portray|represent|illustrate)\s*\?*\s*$/iu;
/** What a sentence says a work shows, to its clause's end: "It shows fishing boats leaving the harbour of Skarvik at sunrise". */
const DEPICT_SAID =
  /\b(?:shows|showed|depicts|depicted|portrays|portrayed|represents|represented|illustrates|illustrated)\s+((?:the|an?|its|his|her|their|\p{Ll}|\p{Lu}|\d)[^;.]*?)(?=\s*[;.]|,\s+(?:which|who|and|but|while)\b|\s*$)/u;

/**
 * "What does The Herring Fleet at Dawn show?": what a sentence about the work says it shows, depicts
 * or portrays, whole to its clause's end (a scene is no one thing). Undefined for other questions,
 * or when no sentence about the work says it.
 */
export const depicted = (question: string, focus: Focus) => fromSentencesAbout(question, focus, DEPICT_ASKED, (sentence) => DEPICT_SAID.exec(sentence)?.[1]);

/** "Who founded FC Sarnau?": the verb and what it was done to, groups 1 and 2. */
const WHO_DID_ASKED = /^\s*who\s+(\p{Ll}{3,})\s+(.+?)\s*\?*\s*$/iu;
/** Done "by" a group the sentence names by its nouns: "by a group of railway workers", "by trade unionists" (group 1; a bare plural's noun, group 2). */
const BY_GROUP =
  /^[^.;]{0,40}?\bby\s+((?:an?|the)\s+(?:\p{Ll}[\p{Ll}'’-]*\s+){0,5}\p{Ll}[\p{Ll}'’-]*|(?:\p{Ll}[\p{Ll}'’-]*\s+){0,2}(\p{Ll}[\p{Ll}'’-]*[^s\s'’])s)(?=\s*[,.;()]|\s+(?:in|on|at|who|which|that|and|from)\b|\s*$)/u;

/**
 * "Who founded FC Sarnau?", when no name did it: the group a sentence about the thing says did it
 * ("Founded in 1907 by a group of railway workers"). Read after every reader of names; undefined for
 * other questions, or when no sentence says it so.
 */
export function doneByGroup(question: string, focus: Focus): ExtractedAnswer | undefined {
  const asked = WHO_DID_ASKED.exec(question);
  const stem = asked ? contentTerms(asked[1]!)[0] : undefined;
  if (!asked || !stem || focus.reading.type !== 'person') return undefined;
  const said = saysVerb(asked[1]!.toLowerCase(), stem, focus);
  const done = contentTerms(asked[2]!);
  for (const s of rankedAbout(focus).filter((x) => holdsHalf(x, done))) {
    for (const w of s.text.matchAll(/\b\p{L}{3,}\b/gu)) {
      if (!said(w[0])) continue;
      const by = BY_GROUP.exec(s.text.slice(w.index + w[0].length));
      // A bare plural is a group of people only when its noun is a kind of person ("trade unionists", not "by hand").
      if (by && (by[2] === undefined || personKind(by[2], focus))) return { shortAnswer: by[1]!, answer: cite(s) };
    }
  }
  return undefined;
}

/** "What did George Halpin train as?", "What did she work as before ...?": the subject and the verb, groups 1 and 2. */
const AS_ASKED = /^\s*what\s+(?:did|does|do|has|have|had)\s+(.+?)\s+(\p{Ll}{3,})\s+as(?:\s+(?:before|after|during|until|when|while)\s[^?]*)?\s*\?*\s*$/iu;
/** A verb, then what it was done as: "trained as a carpenter before ...", "served as the town's mayor" (groups 1 and 2). */
const AS_SAID =
  /\b(\p{Ll}{3,})\s+as\s+(?:an?\s+|the\s+)?((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)(?=\s+(?:before|after|in|at|for|with|and|until|from|to|under|when|while|then|of)\b|\s*[,.;()]|\s*$)/gu;

/**
 * "What did George Halpin train as?": what a sentence about the subject says it did the verb as, in
 * any of the verb's forms ("he trained as a carpenter before turning to engineering": carpenter).
 * Undefined for other questions, or when no sentence says it.
 */
export function verbAs(question: string, focus: Focus): ExtractedAnswer | undefined {
  const asked = AS_ASKED.exec(question);
  const stem = asked ? contentTerms(asked[2]!)[0] : undefined;
  if (!asked || !stem) return undefined;
  const said = saysVerb(asked[2]!.toLowerCase(), stem, focus);
  const subject = contentTerms(asked[1]!);
  for (const s of rankedAbout(focus).filter((x) => holdsHalf(x, subject))) {
    for (const m of s.text.matchAll(AS_SAID)) if (said(m[1]!)) return { shortAnswer: m[2]!, answer: cite(s) };
  }
  return undefined;
}

/** Whether a word is a form of a verb: "wrote" and "written" of "write", "patented" of "patent", "added" of "add". */
function saysVerb(verb: string, stem: string, focus: Focus): (word: string) => boolean {
  const forms = new Set([verb, ...focus.lexicon.related(verb).filter((w) => !/\s/.test(w))]);
  // Its regular forms, which a stemmer may cut apart ("added" stems to "ad", "add" to "add").
  const regular = new RegExp(
    `^(?:${escapeRegExp(verb)}(?:s|es|ed|d|ing)|${escapeRegExp(verb.replace(/e$/, ''))}ing|${escapeRegExp(verb)}${escapeRegExp(verb.at(-1)!)}(?:ed|ing))$`,
  );
  return (w) => forms.has(w.toLowerCase()) || regular.test(w.toLowerCase()) || contentTerms(w)[0] === stem;
}

/**
 * "What is nessium used for?", "What is Arbroath known for?": what a thing serves, or is known for,
 * each asked and said its own way.
 */
const FOR_WHAT: ReadonlyArray<{ asked: RegExp; said: RegExp }> = [
  {
    asked: /^\s*what\s+(?:is|are|was|were)\s+(.+?)\s+(?:mainly\s+|mostly\s+)?used\s+(?:for|in)\s*\?*\s*$/iu,
    // Or as its use: "Its main use is in the magnets of wind turbines".
    said: new RegExp(`\\b(?:used\\s+(?:for|in|as|to\\s+make)|uses?\\s+(?:is|are|was|were)\\s+(?:in|as|for))\\s+${THING}`, 'u'),
  },
  // "What is Veltrin used to treat?": "a drug used to treat migraine".
  {
    asked: /^\s*what\s+(?:is|are|was|were)\s+(.+?)\s+(?:mainly\s+|mostly\s+)?used\s+to\s+\p{Ll}{3,}\s*\?*\s*$/iu,
    said: new RegExp(`\\bused\\s+(?:to\\s+\\p{Ll}{3,}|for|in|as)\\s+${THING}`, 'u'),
  },
  // What it is known for runs to its clause's end: "known for his role as Detective Ewan Blair in the BBC series",
  // "known for its whisky distillery and its colony of puffins" (an "and" before a determiner goes on,
  // as one before a last few words does: "known for its silk scarves and tailored coats.");
  // so does a role it is known as ("best known as the lead vocalist of ..."), not another name ("known as the Big Apple").
  {
    asked: KNOWN_FOR,
    said: /\b(?:known|famous|noted|renowned|celebrated)\s+(?:for|as(?=\s+(?:the|an?)\s+\p{Ll}))\s+([^,;.()]+?)(?=\s*[,;.()]|\s+and\s+(?!(?:its|his|her|their|the|an?)\s)(?!(?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]+\s*[.;]?\s*$)|\s+(?:which|that|where|while)\s|\s*$)/u,
  },
  // "What is Varna known as?", "What is Oslo also called?": the name or the title it goes by, as said
  // ("known as the maritime capital of the country", "nicknamed "the Pearl"").
  {
    asked:
      /^\s*what\s+(?:is|are|was|were)\s+(.+?)\s+(?:also\s+|often\s+|commonly\s+|popularly\s+|sometimes\s+|widely\s+)?(?:known\s+as|referred\s+to\s+as|called|nicknamed|dubbed)\s*\?*\s*$/iu,
    said: /\b(?:(?:known|referred\s+to)\s+as|nicknamed|dubbed)\s+["“]?((?:the\s+)?[^,;.()"”]+?)["”]?(?=\s*[,;.()"”]|\s+(?:and|which|that|where|while|by|because|since)\s|\s*$)/u,
  },
];

/**
 * "What is nessium used for?", "What is Arbroath known for?": what a sentence about the thing says
 * it is used for, in or as ("It is used in jet engine alloys"), or known for ("It is known for the
 * Arbroath smokie, a type of smoked haddock"), up to what ends it. Undefined for other questions,
 * or when no sentence says it.
 */
export function whatFor(question: string, focus: Focus): ExtractedAnswer | undefined {
  for (const { asked, said } of FOR_WHAT) {
    const subject = asked.exec(question.trim())?.[1];
    if (!subject) continue;
    const terms = contentTerms(subject);
    for (const s of rankedAbout(focus).filter((x) => holdsHalf(x, terms))) {
      const found = said.exec(s.text);
      if (found) return { shortAnswer: found[1]!.replace(/^(?:the|an?)\s+/i, ''), answer: cite(s) };
    }
  }
  return undefined;
}

/**
 * "Why did Callum Dray leave The Glass Orchard?": the cause or the purpose (CAUSE_SAID) a sentence
 * about the question's names gives where it says the asked verb ("left the band in 2011 to pursue a
 * solo career": to pursue a solo career). Undefined for other questions, or when no such sentence
 * states one: the evidence check then refuses (core/answer/evidence.ts STATED_ASKS).
 */
export function causeOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  if (!/^\s*why\b/i.test(question)) return undefined;
  for (const s of rankedAbout(focus).filter((x) => focus.nameScore(x) > 0 && focus.relationScore(x) > 0)) {
    const cause = CAUSE_SAID.exec(s.text);
    if (cause) return { shortAnswer: cause[0].trim(), answer: cite(s) };
  }
  return undefined;
}

/** "How is marsh fever spread?", "How was the Kell Bridge built?": the subject and the participle asked. */
const MANNER_ASKED = /^\s*[Hh]ow\s+(?:is|are|was|were)\s+(.+?)\s+(\p{Ll}{3,})\s*\?*\s*$/u;
/** A verb, then the phrase that says how it is done: "spread by the bites of water rats", "treated with ...". */
const MANNER_SAID = /\b(\p{Ll}{3,})\s+((?:by|with|through|via|using|from)\s+[^,;.]+)/gu;

/** The sentences of passages about a thing the question names in its own words (a common noun typed in lower case too). */
function sentencesOn(subject: string, focus: Focus): Sentence[] {
  const terms = contentTerms(subject);
  return terms.length === 0 ? [] : focus.all.filter((s) => terms.every((t) => s.terms.has(t) || contentTerms(s.title).includes(t)));
}

/**
 * "How is marsh fever spread?", "How is it treated?": the phrase after the asked verb, in a sentence
 * on the subject, that says by what or with what it is done ("It is spread by the bites of water
 * rats": by the bites of water rats), to the end of its clause. Undefined for other questions, or
 * when no sentence says the verb with such a phrase.
 */
export function mannerOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  const m = MANNER_ASKED.exec(question);
  if (!m) return undefined;
  const verb = contentTerms(m[2]!)[0];
  for (const s of sentencesOn(m[1]!, focus)) {
    for (const said of s.text.matchAll(MANNER_SAID)) {
      if (contentTerms(said[1]!)[0] !== verb) continue;
      // "... by the bites of water rats and is common in ...": a verb after "and" ends it.
      const phrase = said[2]!.replace(/\s+and\s+(?:is|was|are|were|has|had|have|\p{Ll}+(?:ed|s))\b.*$/u, '').trim();
      if (phrase.split(/\s+/).length <= 10) return { shortAnswer: phrase, answer: cite(s) };
    }
  }
  return undefined;
}

/** "What are the symptoms of marsh fever?", "What are the side effects of X?": the plural noun asked (its head) and what it is of. */
const INCLUDED_ASKED =
  /^\s*[Ww]hat\s+(?:are|were)\s+(?:the\s+|its\s+)?(?:(?:main|common|usual|typical|chief|principal|major)\s+)?(?:\p{Ll}{3,}\s+(?=\p{Ll}{3,}s\s+of\b))?(\p{Ll}{3,}s)\s+of\s+(.+?)\s*\?*\s*$/u;

/**
 * "What are the symptoms of marsh fever?": what a sentence on the subject says the plural noun
 * includes or is ("Symptoms include high fever, headache and muscle pain"), to the sentence's end.
 * Undefined for other questions, or when no sentence says so.
 */
export function includedIn(question: string, focus: Focus): ExtractedAnswer | undefined {
  const m = INCLUDED_ASKED.exec(question);
  if (!m) return undefined;
  const noun = contentTerms(m[1]!)[0];
  for (const s of sentencesOn(m[2]!, focus)) {
    for (const said of s.text.matchAll(/\b(\p{L}{3,})\s+(?:include|includes|included|are|were)\s+([^.;]+)/gu)) {
      if (contentTerms(said[1]!)[0] === noun) return { shortAnswer: said[2]!.trim(), answer: cite(s) };
    }
  }
  return undefined;
}

/** How a passage tells a work's story: "The game follows ...", "It tells the story of ...", "The novel concerns ...". */
const PLOT_SAID =
  /\b(?:follows|tells\s+(?:the\s+)?(?:story|tale)\s+of|is\s+about|was\s+about|cent(?:re|er)s\s+(?:on|around)|revolves\s+around|concerns(?!\s+(?:about|over|that)\b)|depicts|chronicles|recounts|focuses\s+on)\s+([^;]+)$/u;

/**
 * "What is Lantern Deep about?": what a sentence of the work's own passage says its story is
 * ("The game follows a lighthouse keeper searching for her brother ..."), from after the verb that
 * tells it to the sentence's end. Undefined for other questions, or when the work's passage tells no story.
 */
export function plotOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  const m = PLOT_ASKED.exec(question);
  const work = m?.[1] ?? m?.[2] ?? m?.[3];
  if (!work) return undefined;
  for (const s of focus.passageOf(work)) {
    const said = PLOT_SAID.exec(s.text.replace(/\.\s*$/, ''));
    if (said) return { shortAnswer: said[1]!.trim(), answer: cite(s) };
  }
  return undefined;
}

/** How often a thing recurs: "every four years", "every September", "twice a year", "annually", "an annual race". */
const RECURRENCE =
  /\b(?:every\s+(?:(?:\p{Ll}+|\d+)\s+)?(?:years?|months?|weeks?|days?|decades?|spring|summer|autumn|winter|January|February|March|April|May|June|July|August|September|October|November|December)|annual|(?:once|twice|\p{Ll}+\s+times)\s+(?:a|per|each)\s+(?:year|month|week|day|decade)|annually|yearly|biennially|monthly|weekly|daily|each\s+(?:year|month|week|day|spring|summer|autumn|winter))\b/u;

/**
 * "How often are elections held in Arvenia?": how often a sentence about the question's names that
 * says its relation gives it to recur ("Its 150 members are elected every four years"). Undefined for
 * other questions; no answer when no such sentence says it (a count of something else is no frequency).
 */
export function howOften(question: string, focus: Focus): ExtractedAnswer | undefined {
  if (!/^\s*how\s+often\b/i.test(question)) return undefined;
  for (const s of rankedAbout(focus).filter((x) => focus.relation.length === 0 || focus.relationScore(x) > 0)) {
    const said = RECURRENCE.exec(s.text);
    if (said) return { shortAnswer: said[0], answer: cite(s) };
  }
  return { shortAnswer: null, answer: NO_ANSWER };
}

/** "How long has Jonas Brell managed FC Varn?", "How many years did he coach Essin United?": the subject and the verb. */
const HOW_LONG_ASKED = /^\s*[Hh]ow\s+(?:long|many\s+years)\s+(?:has|have|had|did|does|do|was|were)\s+(.+?)\s+(?:been\s+)?(\p{Ll}{3,})\b[^?]*\?*\s*$/u;
/** When something began, or the years it ran: "since 2016", "from 2011 to 2015". */
const SPAN_OF_TIME = new RegExp(`\\bsince\\s+(?:(?:\\d{1,2}\\s+)?\\p{Lu}\\p{Ll}+\\s+)?\\d{4}\\b|${YEARS_RUN.source}`, 'u');

/**
 * "How long has Jonas Brell managed FC Varn?": the time a sentence about the subject gives after
 * the asked verb, in any of its forms: when it began ("has managed FC Varn since 2016": since 2016)
 * or the years it ran ("coached Essin United from 2011 to 2015"). Undefined for other questions,
 * or when no such sentence gives one: a length said as a figure ("for 12 years") is read as any figure.
 */
export function howLong(question: string, focus: Focus): ExtractedAnswer | undefined {
  // "How long does the Brennholt Festival last?": a length of time said in a sentence about the subject ("over four days").
  // "How long is The Glass Queen?": a time its own passage says it lasts ("A performance lasts about two and a half hours"), else a length.
  const lasting = DURATION_ASKED.exec(question)?.[1];
  const long = lasting === undefined ? LENGTH_OF_ASKED.exec(question)?.[1] : undefined;
  if (lasting !== undefined || long !== undefined) {
    const subject = contentTerms(lasting ?? long!);
    const about = rankedAbout(focus).filter((x) => holdsHalf(x, subject) && (lasting !== undefined || LASTS_SAID.test(x.text)));
    for (const s of about) {
      const said = DURATION_SAID.exec(s.text);
      if (said) return { shortAnswer: `${said[1]} ${said[2]}${said[1] === 'one' || said[1] === '1' ? '' : 's'}`, answer: cite(s) };
    }
    if (lasting !== undefined) return undefined;
  }
  const asked = HOW_LONG_ASKED.exec(question);
  // "It aired on SRT 1 from 2015 to 2021 and ran for five series": the sentence saying the verb gives the span before it too.
  const found = afterAskedVerb(asked, SPAN_OF_TIME, focus) ?? afterAskedVerb(asked, SPAN_OF_TIME, focus, true);
  if (!found) return undefined;
  // "How many years ...?": the years a run of them spans ("from 2004 to 2016": 12 years); a start alone says none.
  if (/^\s*how\s+many\s+years\b/i.test(question)) {
    const [from, to] = [found.match[1] ?? found.match[3], found.match[2] ?? found.match[4]].map(Number);
    return from && to && to > from ? { shortAnswer: `${to - from} years (${found.match[0]})`, answer: cite(found.sentence) } : undefined;
  }
  return { shortAnswer: found.match[0], answer: cite(found.sentence) };
}

/** "How tall is X?", "How long was the X?": the length asked, group 1. */
const MEASURE_ASKED = /^\s*how\s+(tall|high|long|deep|wide|thick)\s+(?:is|was|are|were)\s/i;

/** The noun each length is said by ("a height of 31 metres"). */
const MEASURE_NOUN: Record<string, string> = { tall: 'height', high: 'height', long: 'length', deep: 'depth', wide: 'width', thick: 'thickness' };

/**
 * "How tall is Dunmore Head Lighthouse?": a measure a sentence of the thing's own passage says is
 * that length ("The tower, 31 metres tall, ...", "a height of 31 metres"), though the sentence names
 * only a part of the thing; not another figure of it ("seen from 23 nautical miles away"). Undefined
 * for other questions, or when no sentence of its passage says the length so.
 */
export function measureSaid(question: string, focus: Focus): ExtractedAnswer | undefined {
  const asked = MEASURE_ASKED.exec(question)?.[1]?.toLowerCase();
  if (asked === undefined) return undefined;
  const adjectives = asked === 'tall' || asked === 'high' ? 'tall|high' : asked;
  const after = new RegExp(`^\\s+(?:${adjectives})\\b`, 'i');
  const before = new RegExp(`\\b${MEASURE_NOUN[asked]}\\s+of\\s+$`, 'i');
  for (const s of focus.all.filter((x) => focus.titledAfterName(x))) {
    const said = numbersIn(s.text).find(
      (c) => /\p{L}$/u.test(c.text) && (after.test(s.text.slice(c.at + c.text.length)) || before.test(s.text.slice(0, c.at))),
    );
    if (said) return { shortAnswer: said.text, answer: cite(s) };
  }
  return undefined;
}

/** An end said with its year: "was completed in 1971", "ended on 3 May 1990". */
const ENDED_IN = /\b(?:ended|finished|completed|concluded|closed|ceased|stopped)\s+(?:in|on)\s+(?:[^.;,]{0,16}?\s)?\d{4}\b/;

/**
 * "When did The Harbour Light end?": the last year of the period a sentence about the subject gives
 * ("It ran for four series ... from 2011 to 2015": 2015), not a life's span at a passage's opening
 * (a life's end is read as a death). Undefined for other questions, or when no sentence gives a period.
 */
export function periodEnd(question: string, focus: Focus): ExtractedAnswer | undefined {
  const subject = END_ASKED.exec(question)?.[1];
  if (subject === undefined) return undefined;
  const words = contentTerms(subject);
  // Of its own passage: a period a sentence gives of another thing ("starred Iona Blake ... from 2011 to 2015") is not hers.
  const own = rankedAbout(focus).filter((x) => focus.titledAfterName(x) && holdsHalf(x, words));
  // A sentence saying the end itself with its year ("It was completed in 1971") is read as any date is.
  if (own.some((x) => ENDED_IN.test(x.text) && !PERIOD_SAID.test(x.text))) return undefined;
  for (const s of own) {
    const m = PERIOD_SAID.exec(s.text);
    // Years in brackets at a passage's opening are a life's span ("Per Sollen (1885 – 1961)"), no run.
    if (m && !(m[2] !== undefined && s.position === 0 && m.index < 80)) return { shortAnswer: m[1] ?? m[2]!, answer: cite(s) };
  }
  // Else an end said alone ("founded the festival in 1972 and ran it until 1990"), in a sentence saying what is asked to end,
  // or in any of its own passage where none says it ("first appeared in 1962 and ran until 1998").
  const saying = own.filter((x) => focus.relation.length === 0 || focus.relationScore(x) > 0);
  for (const s of saying.length > 0 ? saying : own) {
    const year = UNTIL_SAID.exec(s.text)?.[1];
    if (year) return { shortAnswer: year, answer: cite(s) };
  }
  return undefined;
}

/**
 * "Between which towns does the Aun Valley Railway run?": the two names a sentence about the
 * question's names, its own passage's first, puts it between ("runs from Kessel to Brund", "between
 * Kessel and Brund"). Undefined for other questions, or when no such sentence names two.
 */
export function endsOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  if (!ENDS_ASKED.test(question) || focus.nameTerms.length === 0) return undefined;
  const about = rankedAbout(focus);
  for (const s of [...about.filter((x) => focus.titledAfterName(x)), ...about]) {
    const m = ENDS_SAID.exec(s.text);
    // An end may be a word of the name asked ("the Hessen Railway runs from Hessen"), not the name itself.
    if (m && ![m[1]!, m[2]!].some((end) => focus.reading.names.some((n) => sameName(n, end)))) return { shortAnswer: `${m[1]} and ${m[2]}`, answer: cite(s) };
  }
  return undefined;
}

/**
 * The first sentence about a question's subject (half its words or more, or its passage's title)
 * that says the asked verb, in any of its forms, and after it what `after` finds there ("has managed
 * FC Varn since 2016", "joined the Royal Navy at the age of thirteen"), or `anywhere` in it. `asked`
 * is the question's match: the subject as group 1, the verb as group 2.
 */
function afterAskedVerb(
  asked: RegExpExecArray | null | undefined,
  after: RegExp,
  focus: Focus,
  anywhere = false,
): { match: RegExpExecArray; sentence: Sentence } | undefined {
  const verb = asked?.[2]?.toLowerCase();
  const stem = verb ? contentTerms(verb)[0] : undefined;
  if (!asked || !verb || !stem) return undefined;
  const said = saysVerb(verb, stem, focus);
  const subject = contentTerms(asked[1]!);
  for (const sentence of rankedAbout(focus).filter((x) => holdsHalf(x, subject))) {
    const at = [...sentence.text.matchAll(/\b\p{Ll}{3,}\b/gu)].find((w) => said(w[0]));
    const match = at ? after.exec(anywhere ? sentence.text : sentence.text.slice(at.index)) : null;
    if (match) return { match, sentence };
  }
  return undefined;
}

/**
 * "How much did Quillon pay for Pixaro?": the sum a sentence naming both sides (each by half its
 * words or its passage's title) gives for the exchange, after "for" ("acquired the Estonian startup
 * Pixaro for €45 million"). Undefined for other questions, or when no such sentence gives a sum:
 * a count ("300,000 paying customers") is no price.
 */
export function pricePaid(question: string, focus: Focus): ExtractedAnswer | undefined {
  if (!PRICE_ASKED.test(question) || focus.nameTerms.length === 0) return undefined;
  const named = (s: Sentence) => focus.nameTerms.every((n) => holdsHalf(s, n));
  for (const s of rankedAbout(focus).filter((x) => named(x) && EXCHANGE_SAID.test(x.text))) {
    const sum = numbersIn(s.text).find((c) => MONEY.test(c.text) && /\b(?:for|paid|of)\s+$/i.test(s.text.slice(0, c.at)));
    if (sum) return { shortAnswer: sum.text, answer: cite(s) };
  }
  return undefined;
}

/** "Who lost the final of X?", "Which team was defeated in X?", "Who was the runner-up of X?". */
const LOSER_ASKED = /^\s*(?:who|which\s+\p{Ll}+)\s+(?:lost|was\s+(?:defeated|beaten)|were\s+(?:defeated|beaten)|(?:was|were)\s+(?:the\s+)?runners?-up)\b/iu;
/** Who a sentence says was beaten: "beating Mei Chen 3.5–2.5", "defeated the Danish army"; the name after the verb. */
const BEATEN_SAID =
  /\b(?:beat|beating|beats|defeat|defeated|defeating|defeats|overcame|overcoming)\s+(?:the\s+)?((?:\p{Lu}[\p{L}'’.-]*)(?:\s+(?:of\s+|de\s+|von\s+)?\p{Lu}[\p{L}'’.-]*)*)/u;

/**
 * "Who lost the final of the Women's World Chess Championship 2019?": the one a sentence about it
 * says was beaten ("Ilona Varga won the title, beating Mei Chen"). Undefined for other questions,
 * or when no sentence about the question's names says who was beaten.
 */
export function loserOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  if (!LOSER_ASKED.test(question) || focus.nameTerms.length === 0) return undefined;
  for (const s of rankedAbout(focus).filter((x) => focus.nameScore(x) > 0)) {
    const beaten = BEATEN_SAID.exec(s.text)?.[1];
    if (beaten && !focus.isGiven({ text: beaten, at: 0, kind: 'name' })) return { shortAnswer: beaten, answer: cite(s) };
  }
  return undefined;
}

/** "What was the score of the final?", "By what score did X win?", "What was the final scoreline?". */
const SCORE_ASKED = /^\s*what\s+(?:was|is|were)\s+the\s+(?:final\s+)?(?:score|scoreline)\b|\bby\s+what\s+(?:score|margin)\b/iu;
/** A score a sentence gives: "3.5–2.5", "2–1", "won 4-0" (no span of years: each side under a hundred). */
const SCORE_SAID = /(?<![\d.,])\d{1,2}(?:\.5)?\s*[–-]\s*\d{1,2}(?:\.5)?(?![\d.,])/u;

/**
 * "What was the score of the final of X?": the score a sentence about X gives ("beating Mei Chen
 * 3.5–2.5 in the final"), one naming a word of the relation first. Undefined for other questions,
 * or when no sentence about the question's names gives one.
 */
export function scoreOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  if (!SCORE_ASKED.test(question) || focus.nameTerms.length === 0) return undefined;
  const about = rankedAbout(focus).filter((x) => focus.nameScore(x) > 0 && SCORE_SAID.test(x.text));
  const s = about.find((x) => focus.relationScore(x) > 0) ?? about[0];
  return s ? { shortAnswer: SCORE_SAID.exec(s.text)![0], answer: cite(s) } : undefined;
}

/** "Who bought Nordair Express?", "Which company acquired X?": what was bought, group 1. */
const BUYER_ASKED = /^\s*(?:who|which\s+\p{Ll}+|what\s+\p{Ll}+)\s+(?:bought|purchased|acquired|took\s+over)\s+(.+?)\s*\?*\s*$/iu;

/**
 * "Who bought Nordair Express?": the one a sentence says it was sold to ("sold Nordair Express to the
 * Swedish airline group Skyways"): the first name after "to" that is no nation's adjective. Undefined
 * for other questions, or when no sentence says it was sold (who bought it is then said as bought).
 */
export function buyerOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  const sold = BUYER_ASKED.exec(question)?.[1]?.replace(/^the\s+/i, '');
  if (!sold) return undefined;
  const said = new RegExp(`\\bsold\\s+(?:the\\s+)?${escapeRegExp(sold)}\\s+(?:in\\s+\\d{4}\\s+)?to\\s+([^,.;]+)`, 'iu');
  for (const s of focus.all) {
    const to = said.exec(s.text)?.[1]?.split(/\s+for\s+/)[0];
    const buyer = to ? namesIn(to).find((c) => focus.lexicon.isNameAdjective?.(c.text) !== true) : undefined;
    if (buyer) return { shortAnswer: buyer.text, answer: cite(s) };
  }
  return undefined;
}

/** "What is named after Pavel Drasko?", "Which bird is named for X?": the kind asked, group 1, and whose name it bears, group 2. */
const NAMED_AFTER_ASKED =
  /^\s*(?:what|which)\s+(?:(\p{Ll}[\p{Ll}-]+)\s+)?(?:is|was|are|were)\s+(?:also\s+)?named\s+(?:after|for|in\s+honou?r\s+of)\s+(.+?)\s*\?*\s*$/iu;
/** Where a sentence says a thing bears a name: what it is named after, to the sentence's end. */
const NAMED_AFTER_SAID = /\bnamed\s+(?:after|for|in\s+honou?r\s+of)\s+([^.;]+)/u;
/** "... by the ornithologist Agnes Vessel, after whom it is named": the one it is named after, group 1, and the thing, group 2. */
const AFTER_WHOM_SAID = /([^,;]+),\s+(?:after|for)\s+whom\s+(.+?)\s+(?:is|was|are|were)\s+(?:also\s+)?named\b/u;

/**
 * "What is named after Pavel Drasko?": the subject of a sentence saying it is named after them
 * ("A hut on Mount Korvath is named after him", in his passage; "It was charted ... and named after
 * her captain, Edmund Varley", in the sound's own passage, whose subject the pronoun is). Undefined
 * for other questions; no answer when no sentence says so.
 */
export function namedAfter(question: string, focus: Focus): ExtractedAnswer | undefined {
  const asked = NAMED_AFTER_ASKED.exec(question);
  if (!asked) return undefined;
  const [, kind, person] = asked as unknown as [string, string | undefined, string];
  const terms = contentTerms(person);
  // "Which bird ...?": the thing's own passage opens by calling it one, or a kind of one ("a seabird").
  // Or the sentence naming it calls it so ("gives its name to the comet C/1991 Arval").
  const ofKind = (named: string, called = '') => {
    if (kind === undefined || kind === 'thing') return true;
    const lead = sentences(focus.all.find((x) => sameName(x.title, named))?.text ?? '')[0] ?? named;
    return (`${called} ${lead}`.match(/\p{Ll}{3,}/gu) ?? []).some((w) => w === kind || focus.lexicon.isKindOf?.(w, kind) === true);
  };
  for (const s of rankedAbout(focus)) {
    // "The mountain gives its name to the comet C/1991 Arval", in Mount Arval's passage.
    const given = nameGiven(s);
    if (given && sameName(given.bearer, person) && ofKind(given.named, given.called)) return { shortAnswer: given.named, answer: cite(s) };
    const whom = AFTER_WHOM_SAID.exec(s.text);
    const bearer = whom?.[1] ?? NAMED_AFTER_SAID.exec(s.text)?.[1];
    if (bearer === undefined) continue;
    // After them by half their name or more, or by a pronoun in their own passage.
    const bearerTerms = new Set(contentTerms(bearer));
    const theirs = terms.filter((t) => bearerTerms.has(t)).length * 2 >= terms.length || (/^(?:him|her|them)\b/.test(bearer) && sameName(s.title, person));
    const subject = whom?.[2] ?? /^(.+?)\s+(?:is|was|are|were|has\s+been|had\s+been)\b/u.exec(s.text)?.[1];
    if (!theirs || subject === undefined) continue;
    const named = /^(?:It|They|it|they)$/.test(subject) ? bareTitle(s.title) : subject.replace(/^(?:An?|The)\s/, (a) => a.toLowerCase());
    // Not the person themselves ("Edmund Varley was named after ..."), and of the kind asked.
    if (named && !sameName(named, person) && ofKind(named)) return { shortAnswer: named, answer: cite(s) };
  }
  // What else the passages say of them (a life's span, a place) names nothing after them.
  return { shortAnswer: null, answer: NO_ANSWER };
}

/** "... gives its name to the comet C/1991 Arval": the giver, group 1, what bears the name, group 3, and the words calling it, group 2. */
const GAVE_NAME_SAID =
  /^(.+?)\s+(?:gives|gave|has\s+given|lends|lent|has\s+lent)\s+(?:its|his|her|their)\s+name\s+to\s+(?:the\s+|an?\s+)?((?:\p{Ll}+\s+){0,2})(\p{Lu}[^\s,;]*(?:\s+(?:(?:of|de|the)\s+)?\p{Lu}[^\s,;]*)*?)\.?(?=[,;]|\s+\p{Ll}|$)/u;

/**
 * Who or what a sentence says gives its name to a thing ("The mountain gives its name to the comet
 * C/1991 Arval"), the giver a pronoun or "the <noun>" read as its passage's subject, and the thing
 * named; undefined when the sentence says no such thing.
 */
function nameGiven(s: Sentence): { bearer: string; named: string; called: string } | undefined {
  const m = GAVE_NAME_SAID.exec(s.text);
  if (!m) return undefined;
  const giver = m[1]!.trim();
  const bearer = /^(?:It|They|He|She|The\s+\p{Ll}+)$/u.test(giver) ? bareTitle(s.title) : giver;
  return { bearer, named: withoutStop(m[3]!), called: m[2]!.trim() };
}

/** "Who was vossium named after?": the thing named, group 1. */
const NAMED_FOR_ASKED = /^\s*(?:who|whom|what)\s+(?:is|was|are|were)\s+(.+?)\s+named\s+(?:after|for)\s*\?*\s*$/i;
/**
 * The name a bearer is given as: after a role, with a comma or not ("its discoverer, Hedda Voss", "the
 * surveyor John Eady", "the Viking chieftain Halvard the Tall"), or at once, group 1.
 */
const BEARER_NAME =
  /^(?:(?:his|her|its|their|the)\s+(?:[^,]{1,40},\s+|(?:[\p{L}-]+\s+){1,3}?(?=\p{Lu})))?(\p{Lu}[\p{L}'’.-]*(?:\s+(?:(?:of|de|van|von|the)\s+)?\p{Lu}[\p{L}'’.-]*)*)/u;

/**
 * "Who was vossium named after?": the one a sentence of the thing's own passage says it is named
 * after ("It was named after its discoverer, Hedda Voss"); asked what, a thing said by common
 * words too ("the Norwegian word for winter"). Undefined for other questions, or when no sentence
 * there says it.
 */
export const namedFor = (question: string, focus: Focus) =>
  fromOwnPassage(question, focus, NAMED_FOR_ASKED, (sentence) => {
    const bearer = NAMED_AFTER_SAID.exec(sentence)?.[1];
    const name = bearer === undefined ? undefined : BEARER_NAME.exec(bearer)?.[1];
    if (name !== undefined) return withoutStop(name);
    // "What is Vinter named after?": a thing, said by common words ("the Norwegian word for winter").
    const thing = /^\s*what\b/i.test(question) && bearer !== undefined ? /^(?:the|an?)\s+[^,;]+/u.exec(bearer)?.[0] : undefined;
    return thing === undefined ? undefined : withoutStop(thing.trim());
  }) ??
  namedInHonour(question, focus) ??
  nameGivenTo(question, focus);

/** "What is C/1991 Arval named after?", said in the giver's passage: "The mountain gives its name to the comet C/1991 Arval". */
function nameGivenTo(question: string, focus: Focus): ExtractedAnswer | undefined {
  const thing = NAMED_FOR_ASKED.exec(question)?.[1]?.replace(/^the\s+(?:\p{Ll}+\s+)*/iu, '');
  if (thing === undefined) return undefined;
  for (const s of focus.all) {
    const given = nameGiven(s);
    if (given && sameName(given.named, thing)) return { shortAnswer: given.bearer, answer: cite(s) };
  }
  return undefined;
}

/**
 * "Who was frideite named after?", said in the bearer's own passage: "The mineral frideite is named
 * in her honour" (the pronoun, the passage's subject). Undefined when no passage says it so.
 */
function namedInHonour(question: string, focus: Focus): ExtractedAnswer | undefined {
  const thing = NAMED_FOR_ASKED.exec(question)?.[1]?.replace(/^the\s+/i, '');
  if (thing === undefined) return undefined;
  const said = new RegExp(
    `\\b${escapeRegExp(thing)}\\s+(?:is|was|are|were)\\s+(?:also\\s+)?named\\s+(?:in\\s+(?:his|her|their)\\s+(?:honou?r|memory)|after\\s+(?:him|her|them))\\b`,
    'iu',
  );
  const s = focus.all.find((x) => said.test(x.text) && !sameName(x.title, thing));
  return s ? { shortAnswer: bareTitle(s.title), answer: cite(s) } : undefined;
}

/**
 * "What chart position did Low Tides reach?": the place a sentence about it gives on a chart
 * ("The album reached number 7 on the UK Albums Chart"), as "number 7". Undefined for other
 * questions, or when no sentence about it speaks of a chart and gives a place.
 */
export function chartPosition(question: string, focus: Focus): ExtractedAnswer | undefined {
  if (!CHART_ASKED.test(question)) return undefined;
  // Of it: a sentence naming it, or one of its own passage ("The album reached ...").
  for (const s of rankedAbout(focus).filter((x) => focus.nameScore(x) > 0 || focus.titledAfterName(x))) {
    const place = chartPlace(s.text);
    if (place) return { shortAnswer: `number ${place}`, answer: cite(s) };
  }
  return undefined;
}

/**
 * "What was X originally called?", "the original name of X", "X's former name", "Under what name was
 * X founded?", "What was Nell Haverty's birth name?" (a first name is a given name).
 */
const FORMER_NAME_ASKED =
  /\b(?:originally|first|formerly|previously)\s+(?:called|named|known\s+as|titled)\b|\b(?:original|former|earlier|previous|birth|real|maiden)\s+(?:name|title)\b|\bname\s+at\s+birth\b|\bunder\s+what\s+name\b[^?]*\b(?:founded|established|formed|started|created|incorporated|launched)\b/i;
/**
 * Where a sentence gives a thing's first name: "founded in 1952 as Kestrel Aircraft Instruments",
 * "originally named X", "formerly X"; or a person's: "(born Eleanor Grace Haverty; ...)", "née Voss".
 */
const FORMER_NAME_SAID = new RegExp(
  String.raw`\b(?:${BORN_AS}|(?:founded|established|formed|started|created|incorporated|launched|opened|built)(?:\s+(?:in|on)\s+[^,;.]*?\d{4})?(?:\s+by\s+[^,;.]*?)?\s+as|originally\s+(?:called|named|known\s+as|titled)?|formerly\s+(?:called|named|known\s+as)?)\s+(?:the\s+)?(\p{Lu}[\p{L}'’.&-]*(?:\s+(?:(?:of|and|for|the)\s+)?\p{Lu}[\p{L}'’.&-]*)*)`,
  'u',
);

/**
 * "What was Kestrel plc originally called?": the name a sentence of the thing's own passage says it
 * had first ("It was founded in 1952 as Kestrel Aircraft Instruments"). Undefined for other
 * questions, or when no such sentence names one.
 */
export function formerName(question: string, focus: Focus): ExtractedAnswer | undefined {
  const name = focus.reading.names[0];
  if (!FORMER_NAME_ASKED.test(question) || name === undefined) return undefined;
  // Its own passage: titled after the name, with any word the question writes in lower case ("Kestrel plc").
  const terms = contentTerms(name);
  for (const s of focus.all.filter((x) => terms.every((t) => contentTerms(x.title).includes(t)))) {
    const said = FORMER_NAME_SAID.exec(s.text)?.[1];
    const first = said === undefined ? undefined : withoutStop(said);
    if (first && !sameName(first, bareTitle(s.title))) return { shortAnswer: first, answer: cite(s) };
  }
  return undefined;
}

/**
 * "What is Carrow Distillery's best-known whisky?", "What is the best-known whisky of X?": what a
 * sentence of the name's own passage says its class is ("Its best-known whisky is a 12-year-old
 * single malt", "The currency is the Dorvish krona"), up to the comma, stop or clause that ends it
 * (not the stop of "world No. 31"); a class of many, all it lists ("Symptoms include high fever,
 * headache and joint pain"); a figure the class's noun is "of" ("a ranking of world No. 7").
 * Undefined for a question without a class, or when no such sentence says it.
 */
export function ownClassIs(reading: QuestionReading, focus: Focus, question: string): ExtractedAnswer | undefined {
  // "What is the best-known whisky of X?", "What is the largest lake in X?", "... on the Isle of
  // Harrow?", "the nearest village to X" name the class before "of", "in", "on" or "to", as a
  // reading of nouns of time, place or person does not.
  const asked =
    reading.answerClass ??
    /^\s*(?:what|which)\s+(?:is|was|are|were)\s+the\s+((?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]+)\s+(?:of|in|on|to)\s+(?:the\s+)?\p{Lu}/iu.exec(question)?.[1];
  if (!asked || reading.names.length !== 1 || !['entity', 'person', 'place'].includes(reading.type)) return undefined;
  const name = escapeRegExp(reading.names[0]!);
  // "The currency is the Dorvish krona", in Dorvia's passage; not "The dam is 118 metres high" in
  // the Orva Dam's, whose class is the thing itself (its name or its opening says so).
  const own = focus.all.filter((x) => focus.titledAfterName(x));
  const itself = [reading.names[0]!, ...own.filter((x) => x.position === 0).map((x) => x.text)].some((t) =>
    contentTerms(t).includes(contentTerms(asked.split(' ').pop()!)[0] ?? ''),
  );
  const the = itself ? '' : `|The(?=\\s+${escapeRegExp(asked)}\\s+(?:is|was)\\s)`;
  const said = new RegExp(
    String.raw`(?:^|\.\s+)(?:Its|His|Her|Their|The\s+\p{Ll}+['’]s|(?:The\s+)?${name}['’]s?${the})\s+${escapeRegExp(asked)}\s+(?:is|was|are|were)\s+((?:the|an?)\s+)?((?:[^,;.]|\.(?=\s\d))+?)(?=\s*(?:[,;]|\.(?!\s\d))|\s+(?:and|which|who|that)\s|$)`,
    'u',
  );
  // A class of many, listed: "Symptoms include high fever, headache and joint pain."
  const listed = new RegExp(
    String.raw`(?:^|\.\s+)(?:(?:its|his|her|their|the)\s+)?(?:(?:common|main|usual|early)\s+)?${escapeRegExp(asked.split(' ').pop()!)}\s+(?:include|includes|included|are|were)\s+([^;.]+?)\s*(?:[;.]|$)`,
    'iu',
  );
  for (const s of own) {
    const m = said.exec(s.text);
    if (m) return { shortAnswer: `${m[1] ?? ''}${m[2]!}`.trim(), answer: cite(s) };
    const many = /[^s]s$/.test(asked) ? listed.exec(s.text) : null;
    if (many) return { shortAnswer: many[1]!, answer: cite(s) };
  }
  // "What was X's career-high ranking?": a figure the class's noun is "of" ("reached a career-high
  // singles ranking of world No. 7 in 2011"), up to the year that dates it: a whole number after at
  // most three words, ending there, no part of a time or of a figure with a unit ("2:05:31", "42,000 copies").
  const figured = new RegExp(
    String.raw`\b${escapeRegExp(asked.split(/[\s-]/).pop()!)}\s+of\s+((?:\p{L}+\.?\s+){0,3}?\d+)(?![\d:,.]*\d)(?=\s+(?:in|on|since|by)\s+\d{4}|\s*(?:[,;]|\.(?!\s\d))|\s*$)`,
    'u',
  );
  for (const s of own) {
    const m = figured.exec(s.text);
    if (m) return { shortAnswer: m[1]!, answer: cite(s) };
  }
  return undefined;
}

/** "What is the scientific name of Vessel's tern?", "What is the oak's Latin name?". */
const SCIENTIFIC_ASKED = /\b(?:scientific|latin|binomial|botanical|zoological|taxonomic)\s+name\b/i;
/** A binomial in brackets after a lead's subject: "Vessel's tern (Sterna vesseli) is ...". */
const BINOMIAL_SAID = /^[^(.]{1,80}\(\s*(\p{Lu}\p{Ll}+\s+\p{Ll}{3,}(?:\s+\p{Ll}{3,})?)\s*[),;]/u;

/**
 * "What is the scientific name of Vessel's tern?": the binomial the lead of its own passage gives in
 * brackets after it. Undefined for other questions; no answer when its passage gives none (a name
 * the lead gives besides is no scientific name).
 */
export function scientificName(question: string, focus: Focus): ExtractedAnswer | undefined {
  if (!SCIENTIFIC_ASKED.test(question)) return undefined;
  // A common name asked in lower case ("the red panda") is a passage's title all of whose words the question says.
  const asked = new Set(contentTerms(question));
  const titledAfter = (x: Sentence) =>
    focus.reading.names.length > 0 ? focus.titledAfterName(x) : contentTerms(bareTitle(x.title)).every((t) => asked.has(t)) && bareTitle(x.title) !== '';
  const leads = focus.all.filter((x) => x.position === 0 && titledAfter(x));
  if (leads.length === 0 && focus.reading.names.length === 0) return undefined;
  for (const s of leads) {
    const binomial = BINOMIAL_SAID.exec(s.text)?.[1];
    if (binomial) return { shortAnswer: binomial, answer: cite(s) };
  }
  return { shortAnswer: null, answer: NO_ANSWER };
}

/** "Which party did Lars Holm belong to?", "Which club is X a member of?": the class (group 1) and the member (group 2). */
const MEMBER_ASKED =
  /^\s*(?:which|what)\s+(\p{Ll}{3,})\s+(?:did|does|do|is|was|are|were)\s+(.+?)\s+(?:belong\s+to|(?:a\s+)?member\s+of|(?:a\s+)?part\s+of)\s*\?*\s*$/iu;

/**
 * "Which party did Lars Holm belong to?": the body of the class asked that a sentence naming the
 * member puts right after them ("Lars Holm of the Liberal Party", "Lars Holm (Liberal Party)"), or
 * that the member's own passage calls them a member of ("A member of the Social Democratic Party,
 * she ..."). Its name ends on the class noun, capitalised. Undefined for other questions, or when no
 * sentence says it so.
 */
export function memberOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  const m = MEMBER_ASKED.exec(question);
  if (!m) return undefined;
  const member = m[2]!.replace(/^the\s+/i, '');
  const noun = m[1]!.charAt(0).toUpperCase() + m[1]!.slice(1);
  const body = `((?:\\p{Lu}[\\p{L}'’-]*\\s+){1,4}${escapeRegExp(noun)})\\b`;
  const after = new RegExp(`${escapeRegExp(member)}\\s*(?:,\\s*|\\s+)(?:of\\s+the\\s+|from\\s+the\\s+|\\(\\s*(?:the\\s+)?)${body}`, 'u');
  const ofOwn = new RegExp(`\\bmember\\s+of\\s+the\\s+${body}`, 'u');
  for (const s of focus.all) {
    const said = after.exec(s.text)?.[1] ?? (sameName(s.title, member) ? ofOwn.exec(s.text)?.[1] : undefined);
    if (said) return { shortAnswer: said, answer: cite(s) };
  }
  return undefined;
}

/** "When did Dorvia join the European Union?": who joined (group 1) and what (group 2). */
const JOINED_ASKED = /^\s*when\s+did\s+(.+?)\s+(?:join|enter|become\s+(?:a\s+)?(?:member|part)\s+of)\s+(?:the\s+)?(.+?)\s*\?*\s*$/iu;

/**
 * "When did Dorvia join the European Union?": the date a sentence about the one who joined gives
 * as their membership's start ("has been a member of the European Union since 1995", "became a
 * member of NATO in 2004"). Undefined for other questions, or when no sentence says it so ("joined
 * ... in" is read as any date is).
 */
export function joinedWhen(question: string, focus: Focus): ExtractedAnswer | undefined {
  const m = JOINED_ASKED.exec(question);
  if (!m) return undefined;
  // A place may follow the body: "a member of the National Theatre in Brenholt since 1987".
  const said = new RegExp(
    `\\b(?:member|part)\\s+of\\s+(?:the\\s+)?${escapeRegExp(m[2]!)}(?:\\s+(?:in|at)\\s+\\p{Lu}[\\p{L}'’-]*(?:\\s+\\p{Lu}[\\p{L}'’-]*)*)?\\s+(?:since|from|in)\\s+`,
    'u',
  );
  return fromSentencesAbout(question, focus, JOINED_ASKED, (sentence) => {
    const at = said.exec(sentence);
    return at ? datesIn(sentence).find((d) => d.at === at.index + at[0].length)?.text : undefined;
  });
}

/** "How common is migraine?": the thing asked of, group 1. */
const COMMON_ASKED = /^\s*how\s+(?:common|widespread|prevalent|frequent|rare)\s+(?:is|are|was|were)\s+(?:the\s+)?(.+?)\s*\?*\s*$/i;
/** How many a thing affects, as a share: "affects about one in seven people worldwide", "occurs in 2% of births". */
const SHARE_SAID =
  /\b(?:affects?|affected|occurs?\s+in|is\s+found\s+in|is\s+seen\s+in)\s+((?:about|around|some|roughly|nearly|almost|over|more\s+than|fewer\s+than|less\s+than|up\s+to)?\s*(?:[\p{L}\d.,]+\s+(?:in|out\s+of)\s+(?:every\s+)?[\p{L}\d.,]+|\d[\d.,]*\s*(?:%|percent|per\s+cent)(?:\s+of)?)[^,;.]*?)(?=\s*[,;.]|\s+and\s|$)/u;

/**
 * "How common is migraine?": the share of people a sentence about it says it affects ("It affects
 * about one in seven people worldwide"). Undefined for other questions, or when no sentence says one.
 */
export const howCommon = (question: string, focus: Focus) =>
  fromSentencesAbout(question, focus, COMMON_ASKED, (sentence) => SHARE_SAID.exec(sentence)?.[1]?.trim());

/** "What is the generic name of Veltrin?", "What is Veltrin's brand name?": the name's qualifier (group 1 or 4) and whose (2 or 3). */
const QUALIFIED_NAME_ASKED = /^\s*what\s+(?:is|was)\s+(?:the\s+(\p{Ll}{3,})\s+name\s+of\s+(.+?)|(.+?)['’]s\s+(\p{Ll}{3,})\s+name)\s*\?*\s*$/iu;

/**
 * "What is the generic name of Veltrin?": the name its own passage gives with that qualifier, in
 * brackets or said to be it ("Veltrin (generic name corazepine)", "its generic name is ...").
 * Undefined for other questions (a scientific name is scientificName's), or when no sentence says one.
 */
export function qualifiedName(question: string, focus: Focus): ExtractedAnswer | undefined {
  const m = QUALIFIED_NAME_ASKED.exec(question);
  const qualifier = (m?.[1] ?? m?.[4])?.toLowerCase();
  const whose = m?.[2] ?? m?.[3];
  if (qualifier === undefined || whose === undefined || SCIENTIFIC_ASKED.test(question)) return undefined;
  const said = new RegExp(`(?:\\(\\s*(?:its\\s+)?|\\b(?:its|the)\\s+)${escapeRegExp(qualifier)}\\s+name\\s*(?::|is|was|being)?\\s+([^),;.]+)`, 'iu');
  for (const s of focus.passageOf(whose)) {
    const name = said.exec(s.text)?.[1]?.trim();
    if (name) return { shortAnswer: name, answer: cite(s) };
  }
  return undefined;
}

/**
 * What a sentence about the thing a question asks of (`asked`, group 1: half its words in the
 * sentence or its passage's title) says, as `read` finds it, best sentence first; undefined for
 * other questions, or when no such sentence says it.
 */
function fromSentencesAbout(question: string, focus: Focus, asked: RegExp, read: (sentence: string) => string | undefined): ExtractedAnswer | undefined {
  const thing = asked.exec(question)?.[1];
  return thing === undefined ? undefined : readAbout(thing, focus, read);
}

/** What a sentence about `thing` (half its words in the sentence or its passage's title) says, as `read` finds it, best sentence first. */
function readAbout(thing: string, focus: Focus, read: (sentence: string) => string | undefined): ExtractedAnswer | undefined {
  const words = contentTerms(thing);
  for (const s of rankedAbout(focus).filter((x) => holdsHalf(x, words))) {
    const found = read(s.text);
    if (found) return { shortAnswer: found, answer: cite(s) };
  }
  return undefined;
}

/** A name said last in its sentence, without the sentence's stop: a name's stops are its initials' ("J. M. Greer"). */
function withoutStop(name: string): string {
  return name.replace(/\.$/, '');
}

/**
 * What a sentence of the name's own passage says when the question asks it (`asked`), as `read`
 * finds it there; undefined for other questions, or when no sentence of that passage says it.
 */
function fromOwnPassage(question: string, focus: Focus, asked: RegExp, read: (sentence: string) => string | undefined): ExtractedAnswer | undefined {
  const subject = asked.exec(question)?.[1]?.replace(/^the\s+/i, '');
  if (subject === undefined) return undefined;
  // Its own passage, by title too: a name asked in lower case ("vossium") is still its name.
  for (const s of focus.all.filter((x) => focus.titledAfterName(x) || sameName(x.title, subject))) {
    const found = read(s.text);
    if (found) return { shortAnswer: found, answer: cite(s) };
  }
  return undefined;
}

/**
 * Where a pupil's passage names a teacher: "studied ... under Jules Marchal", "a pupil of the
 * painter Jules Marchal" (groups 1, 2); "learned the fiddle from his grandfather", "was taught by
 * Ana Dorn" (group 3: a name, or a relative by a possessive).
 */
const TEACHER_SAID =
  /\b(?:stud(?:ied|ies)|trained|apprenticed|was\s+apprenticed)\b[^.;]*?\bunder\s+(?:the\s+\p{Ll}+\s+)?(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*)|\b(?:pupil|student|apprentice)\s+of\s+(?:the\s+\p{Ll}+\s+)?(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*)|\b(?:learn(?:ed|t)\b[^.;,]*?\bfrom|(?:was|were)\s+taught\b[^.;,]*?\bby)\s+((?:his|her|their)\s+\p{Ll}{3,}|(?:the\s+\p{Ll}+\s+)?\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*)/u;

/**
 * "Who taught Elin Roos?": the one a sentence of the pupil's own passage says they studied or
 * trained under, or were a pupil of. Undefined for other questions, or when no sentence there says so.
 */
export function teacherOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  const asked = TEACHER_ASKED.exec(question);
  const pupil = asked?.[1] ?? asked?.[2];
  if (pupil === undefined) return undefined;
  for (const s of focus.passageOf(pupil)) {
    const said = TEACHER_SAID.exec(s.text);
    const teacher = said?.[1] ?? said?.[2] ?? said?.[3];
    if (teacher) return { shortAnswer: withoutStop(teacher), answer: cite(s) };
  }
  return undefined;
}

/**
 * "Who was the principal conductor before Leena Varis?", "Who preceded X?", "Who was X's
 * predecessor?", "Whom did X succeed?": the one after, groups 1 to 4.
 */
const BEFORE_ASKED =
  /^\s*(?:[Ww]ho|[Ww]hom)\s+(?:(?:was|were|is)\s+(?:the\s+)?(?:[\p{L}-]+\s+){0,4}?(?:before|prior\s+to)\s+(\p{Lu}.+?)|preceded\s+(\p{Lu}.+?)|(?:was|is)\s+(\p{Lu}.+?)['’]s\s+predecessor|did\s+(\p{Lu}.+?)\s+(?:succeed|replace))\s*\?*\s*$/u;
/** A name, as the sentences below say one. */
const PERSON_NAME = String.raw`\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*`;

/**
 * "Who was the principal conductor before Leena Varis?": whom a sentence says she succeeded or
 * replaced ("Leena Varis, who succeeded Thomas Greer"; "She succeeded Thomas Greer" in her own
 * passage), or the one it says was succeeded by her ("Thomas Greer was succeeded by Leena Varis").
 * Undefined for other questions, or when no sentence says it.
 */
export function predecessorOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  const asked = BEFORE_ASKED.exec(question);
  const later = (asked?.[1] ?? asked?.[2] ?? asked?.[3] ?? asked?.[4])?.replace(/^the\s+/i, '');
  if (later === undefined) return undefined;
  const name = escapeRegExp(later);
  const succeeded = String.raw`(?:succeeded|replaced|took\s+over\s+from)\s+(?:the\s+\p{Ll}+\s+)?(${PERSON_NAME})`;
  const said = [
    new RegExp(`${name}(?:,?\\s+who)?\\s+(?:had\\s+)?${succeeded}`, 'u'),
    new RegExp(`(${PERSON_NAME})(?:,[^,]{1,60},)?\\s+was\\s+(?:succeeded|replaced)\\s+(?:[^.;]{0,40}?\\s)?by\\s+(?:\\p{Ll}+\\s+){0,3}${name}`, 'u'),
  ];
  const pronoun = new RegExp(`^(?:He|She|They)\\s+(?:had\\s+)?${succeeded}`, 'u');
  for (const s of focus.all) {
    const named = said.map((r) => r.exec(s.text)?.[1]).find((x) => x !== undefined) ?? (sameName(s.title, later) ? pronoun.exec(s.text)?.[1] : undefined);
    const found = named === undefined ? undefined : withoutStop(named);
    if (found && !sameName(found, later)) return { shortAnswer: found, answer: cite(s) };
  }
  return undefined;
}

/** "Who funded the Halden Institute?": the thing, group 1. */
const FUNDED_ASKED = /^\s*who\s+(?:funded|financed|endowed|sponsored|paid\s+for)\s+(.+?)\s*\?*\s*$/iu;
/** Who a sentence says paid for a thing: "funded by X", "with a gift from the shipowner X" (group 1 or 2). */
const FUNDED_SAID = new RegExp(
  String.raw`\b(?:funded|financed|endowed|sponsored|paid\s+for)\s+by\s+(?:the\s+\p{Ll}+\s+)?(${PERSON_NAME})|\b(?:gift|donation|grant|bequest|endowment|legacy)\s+(?:of\s+[^,;.]{1,30}?\s+)?from\s+(?:the\s+\p{Ll}+\s+)?(${PERSON_NAME})`,
  'u',
);

/**
 * "Who funded the Halden Institute?": whom a sentence about the thing says paid for it ("founded in
 * 1911 with a gift from the shipowner Carl Halden"). Undefined for other questions, or when no
 * sentence says it so.
 */
export const fundedBy = (question: string, focus: Focus) =>
  fromSentencesAbout(question, focus, FUNDED_ASKED, (sentence) => {
    const said = FUNDED_SAID.exec(sentence);
    const funder = said?.[1] ?? said?.[2];
    return funder === undefined ? undefined : withoutStop(funder);
  });

/**
 * "Who heads the Nordic Space Agency?": the person its own passage says holds its head role ("Its
 * director general is Ola Strand", "headed by Ola Strand").
 */
export const leaderOf = (question: string, focus: Focus) => fromOwnPassage(question, focus, LEADER_ASKED, headNamed);

/** "Who owns Halcyon Interactive?": the owner its own passage names ("was acquired by the media group Stellan Media in 2016"). */
export const ownerOf = (question: string, focus: Focus) => fromOwnPassage(question, focus, OWNER_ASKED, ownerNamed);

/** A named period a thing was done in: "lived ... during the Late Cretaceous" (group 1). */
const DURING_PERIOD = /\bduring\s+(the\s+(?:\p{Lu}[\p{L}'’-]*\s+)*\p{Lu}[\p{L}'’-]*)/u;

/**
 * "When did Velorosaurus live?", asked where no date says it: the named period a sentence of the
 * thing's own passage says the verb asked was done during ("lived ... during the Late Cretaceous").
 * Undefined for other questions, or when no such sentence names a period.
 */
export function periodDuring(focus: Focus): ExtractedAnswer | undefined {
  const { reading } = focus;
  if ((reading.type !== 'date' && reading.type !== 'year') || reading.names.length !== 1 || focus.relation.length === 0) return undefined;
  for (const s of focus.all.filter((x) => focus.titledAfterName(x) && focus.relationScore(x) > 0)) {
    const period = DURING_PERIOD.exec(s.text);
    if (period) return { shortAnswer: period[1]!, answer: cite(s) };
  }
  return undefined;
}

/** "Where were the 1993 World Championships held?", "Where is X located?": the thing, group 1. */
const HELD_ASKED = /^\s*where\s+(?:is|are|was|were)\s+(?:the\s+)?(.+?)\s+(?:held|hosted|staged|located|situated)\s*\?*\s*$/i;

/**
 * Where a thing asked of is, said as the place right after its whole name: "won the 50 km at the
 * 1993 World Championships in Falun". Undefined for other questions, or when no sentence says so.
 */
export function heldIn(question: string, focus: Focus): ExtractedAnswer | undefined {
  const asked = HELD_ASKED.exec(question)?.[1];
  const name = asked === undefined ? undefined : focus.reading.names.find((n) => sameName(n, asked) || asked.endsWith(n));
  if (name === undefined) return undefined;
  const placed = new RegExp(`\\b${escapeRegExp(name)}\\s+(?:in|at)\\s+(\\p{Lu}[\\p{L}'’-]*(?:\\s+\\p{Lu}[\\p{L}'’-]*)*)`, 'u');
  for (const s of focus.all) {
    const place = placed.exec(s.text)?.[1];
    if (place !== undefined && !focus.isGiven({ text: place, at: 0, kind: 'name' })) return { shortAnswer: place, answer: cite(s) };
  }
  return undefined;
}

/**
 * "Where did Anna Lind work?": the body a sentence of the person's own passage says they work at,
 * whether it says "worked at" or a post there ("head of infectious diseases at Kelby General
 * Hospital", "lecturer at the University of Brenhaven").
 */
export const workPlace = (question: string, focus: Focus) => fromOwnPassage(question, focus, WORK_ASKED, worksAt);

/** "Where did Anselm Kray study?": the place a sentence of the person's own passage says they studied in, when it names no school. */
export const studyPlace = (question: string, focus: Focus) => fromOwnPassage(question, focus, STUDY_ASKED, studiedIn);

/** "How old was Edmund Varley when he joined the Royal Navy?", "At what age did X join ...?": the subject and the event's verb. */
const AGE_AT_EVENT = [
  /^\s*[Hh]ow\s+old\s+(?:was|were|is)\s+(.+?)\s+when\s+(?:he|she|they|it)\s+(?:first\s+)?(\p{Ll}{3,})\b[^?]*\?*\s*$/u,
  /^\s*[Aa]t\s+what\s+age\s+(?:did|does|do)\s+(.+?)\s+(?:first\s+)?(\p{Ll}{3,})\b[^?]*\?*\s*$/u,
];
/** An age said beside an event: "at the age of thirteen", "aged 21", "at age 12"; the figure, group 1. */
export const AGE_SAID =
  /\b(?:at\s+(?:the\s+)?age\s+(?:of\s+)?|aged\s+)(\d{1,3}|(?:twen|thir|for|fif|six|seven|eigh|nine)ty(?:-\p{Ll}+)?|\p{Ll}+teen|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/u;

/**
 * "How old was Edmund Varley when he joined the Royal Navy?": the age a sentence about the subject
 * gives after the event's verb, in any of its forms ("he joined the Royal Navy at the age of
 * thirteen": thirteen). Undefined for other questions (an age at death is read from a life's dates,
 * and from this same phrase after "died": index.ts#ageAtDeath) or when no such sentence says an age.
 */
export function ageAtEvent(question: string, focus: Focus): ExtractedAnswer | undefined {
  const asked = AGE_AT_EVENT.map((form) => form.exec(question)).find((m) => m !== null);
  if (!asked || /^di(?:e|ed)$/i.test(asked[2] ?? '')) return undefined;
  const found = afterAskedVerb(asked, AGE_SAID, focus);
  return found && { shortAnswer: found.match[1]!, answer: cite(found.sentence) };
}

/**
 * "When did Marta Ellund become Prime Minister?": the first date a sentence about the person gives
 * within eight words after what they became ("has served as Prime Minister of Sorvia since 2019",
 * "was appointed manager of FC Varn in June 2021"); a date before it (a birth in brackets) dates
 * something else. Undefined for other questions, or when no sentence says the role so.
 */
export function becameWhen(question: string, focus: Focus): ExtractedAnswer | undefined {
  const asked = BECAME_ASKED.exec(question);
  if (!asked) return undefined;
  const who = contentTerms(asked[1]!);
  const role = contentTerms(asked[2]!);
  if (role.length === 0) return undefined;
  const about = rankedAbout(focus).filter((x) => holdsHalf(x, who) || focus.titledAfterName(x));
  // "When did Visby become a World Heritage Site?": "added to the UNESCO World Heritage List", the role
  // said but for its last word, when no sentence says it whole.
  const whole = about.some((s) => phraseEnd(s.text, role) !== undefined);
  const said = whole || role.length < 3 ? role : role.slice(0, -1);
  for (const s of about) {
    const end = phraseEnd(s.text, said);
    if (end === undefined) continue;
    const dates = datesIn(s.text);
    // "In 2010 he was appointed head of X": a date opening the sentence dates what it goes on to say.
    const fronted = dates.find((d) => d.at < end && /^(?:in|on)\s+(?:\p{Ll}+\s+)?$/iu.test(s.text.slice(0, d.at)));
    // "..., a post he held until 2017": the date a run ended is not when it began.
    const date =
      fronted ?? dates.find((d) => d.at >= end && s.text.slice(end, d.at).trim().split(/\s+/).length <= 8 && !UNTIL_BEFORE.test(s.text.slice(end, d.at)));
    if (date) return { shortAnswer: date.text, answer: cite(s) };
  }
  return undefined;
}

/** Words that end a run, right before its last date ("until 2017", "till 1990"). */
const UNTIL_BEFORE = /\b(?:until|till|up\s+to)\s+(?:\p{Ll}+\s+)?$/u;

/** Where in a text the words of a phrase end, said in order with at most two words between each ("Prime Minister of Sorvia"); undefined when not said. */
function phraseEnd(text: string, terms: readonly string[]): number | undefined {
  const words = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)].map((m) => ({ term: contentTerms(m[0])[0], end: m.index + m[0].length }));
  for (let i = 0; i < words.length; i++) {
    if (words[i]!.term !== terms[0]) continue;
    let j = i;
    let k = 1;
    for (; k < terms.length; k++) {
      const next = words.slice(j + 1, j + 4).findIndex((w) => w.term === terms[k]);
      if (next < 0) break;
      j += next + 1;
    }
    if (k === terms.length) return words[j]!.end;
  }
  return undefined;
}

/** The nouns a question asks a held role by ("What was X's role at Y?", "What position did X hold?"). */
const ROLE_ASKED = /^(?:role|job|position|post|title|office)$/i;

/**
 * "What was Oskar Lind's role at Lumora?", "What position did Nadia Berg hold at Lumora?": the
 * office the person's own passage says they held there ("He was Lumora's chief technology officer",
 * "served as its chief executive", "has been the head coach of FC Varn"): the words after the
 * organisation's possessive or "its", or between "as"/"was"/"been" and "of"/"at"/"for" it, cut at the
 * last word the lexicon knows as a kind of person. Undefined when no role is asked (a role played is playsAs's), or none is said so.
 */
export function roleHeld(reading: QuestionReading, focus: Focus): ExtractedAnswer | undefined {
  if (!ROLE_ASKED.test(reading.answerClass ?? '') || asksPlay(reading)) return undefined;
  const [person, body] = reading.names as [string | undefined, string | undefined];
  if (!person) return undefined;
  const org = body ? escapeRegExp(body) : '(?!)';
  const words = String.raw`((?:[\p{Ll}-]+\s+){0,3}[\p{Ll}-]+)`;
  // A title written with capitals ("was Keeper of Manuscripts at the British Museum"), at the body
  // asked or, none asked, at any.
  const titled = String.raw`(\p{Lu}\p{Ll}+(?:\s+(?:of|for|and)\s+(?:the\s+)?\p{Lu}\p{Ll}+)*)`;
  const at = body ? org : String.raw`\p{Lu}`;
  const patterns = [
    new RegExp(String.raw`\b(?:${org}['’]s|its|their)\s+${words}`, 'gu'),
    new RegExp(String.raw`\b(?:as|was|is|been|became|become)\s+(?:the\s+|an?\s+)?${words}\s+(?:of|at|for)\s+(?:the\s+)?${org}\b`, 'gu'),
    new RegExp(String.raw`\b(?:as|was|is|been|became|become)\s+(?:the\s+)?${titled}\s+(?:at|of|for)\s+(?:the\s+)?${at}`, 'gu'),
  ];
  // The role is the longest run of its words that ends on a kind of person ("chief technology officer", not "... and later");
  // a title, one that opens on a kind of person ("Keeper of Manuscripts").
  const cut = (phrase: string) => {
    if (/^\p{Lu}/u.test(phrase)) return focus.lexicon.isKindOf?.(phrase.split(/\s+/)[0]!.toLowerCase(), 'person') === true ? phrase : undefined;
    const ws = phrase.split(/\s+/);
    for (let n = ws.length; n > 0; n--) if (focus.lexicon.isKindOf?.(ws[n - 1]!, 'person') === true) return ws.slice(0, n).join(' ');
    return undefined;
  };
  const own = focus.all.filter((x) => sameName(x.title, person) && (!body || x.text.includes(body) || /\bits\b/.test(x.text)));
  for (const x of own) {
    for (const pattern of patterns) {
      for (const m of x.text.matchAll(pattern)) {
        const role = cut(m[1]!);
        if (role) return { shortAnswer: role, answer: cite(x) };
      }
    }
  }
  return undefined;
}

/** Whether a question asks what one plays ("plays", "played"): a role played, playsAs's; not one held, roleHeld's. */
function asksPlay(reading: QuestionReading): boolean {
  return reading.relation.some((w) => /^pla[yi]/i.test(w));
}

/**
 * "plays as a striker", "played primarily as a central defender" (group 1); "As a defender he
 * played for FC Utrecht" (group 2): the role.
 */
const PLAYS_AS =
  /\bplay(?:s|ed|ing)?\s+(?:(?:primarily|mainly|mostly|usually|chiefly)\s+)?as\s+(?:an?|the)\s+((?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]+)(?=\s+(?:for|in|at|with|and|who|from|on)\b|\s*[,.;()]|\s*$)|(?:^|[,;]\s+)[Aa]s\s+an?\s+((?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]+),?\s+(?:he|she|they)\s+(?:\p{Ll}+\s+)?play(?:s|ed)\b/u;

/**
 * "What position does Tomas Hale play?", "What position did the receiver of ... play?": the role a
 * sentence about the question's subject, or one it leads to, says someone plays as ("who plays as a
 * striker for FC Varn": striker). A character played is read first (characterPlayed). Undefined
 * when the class asked is no position or role, or no sentence says it so.
 */
export function playsAs(reading: QuestionReading, focus: Focus, question: string): ExtractedAnswer | undefined {
  if (!asksPlay(reading)) return undefined;
  const character = characterPlayed(reading, focus, question);
  if (character) return character;
  if (!/^(?:position|role)$/i.test(reading.answerClass ?? '')) return undefined;
  // Of a name with a passage of its own, only that passage says what it plays; of a description
  // ("the receiver of the 2007 Golden Shoe"), the passages it leads to.
  const own = rankedAbout(focus).filter((x) => focus.isOwnPassage(x));
  for (const s of own.length > 0 ? own : rankedAbout(focus)) {
    const role = PLAYS_AS.exec(s.text);
    if (role) return { shortAnswer: (role[1] ?? role[2])!, answer: cite(s) };
  }
  return undefined;
}

/** An auxiliary a "Who ...?" question may open with, asking a role or a state, not a deed. */
const AUXILIARY = new RegExp(`^(?:${AUX})$`);

/**
 * "Who wrote the theme music for Harbour Lights?": the person a relative clause says did all that
 * is asked ("married to the composer Lars Vind, who wrote the series' theme music"), in a passage
 * about the question's names or about one they name. Undefined for other questions, or when no clause says it all.
 */
export function relativeAgent(reading: QuestionReading, focus: Focus): ExtractedAnswer | undefined {
  // Asked "Who <verb> ...?"; a verb alone is too little to tell whose it is ("co-produced by Matthew
  // Vaughn, who directed the first film"), and so is a role asked ("Who is the director of ...?").
  const verb = /^\s*who\s+(\p{Ll}{3,})\b/iu.exec(focus.question)?.[1]?.toLowerCase();
  if (reading.type !== 'person' || !verb || AUXILIARY.test(verb) || focus.relation.length < 2 || focus.nameTerms.length === 0) return undefined;
  const saysDone = saysVerb(verb, contentTerms(verb)[0] ?? verb, focus);
  // The passages about the names, and those whose subject they name ("created by Ilse Marr").
  const about = focus.all.filter((x) => focus.nameScore(x) > 0);
  const onNames = new Set(about.map((x) => x.docId));
  for (const x of focus.all) if (about.some((a) => a.text.includes(bareTitle(x.title)))) onNames.add(x.docId);
  for (const s of focus.all.filter((x) => onNames.has(x.docId))) {
    for (const m of s.text.matchAll(/(\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*)+),\s+who\s+([^.;]+)/gu)) {
      const said = new Set(contentTerms(m[2]!));
      // Nor is it when the sentence says the doing before the name: "written and directed by Jeff Wadlow and ...".
      const doneBefore = (s.text.slice(0, m.index).match(/\p{L}+/gu) ?? []).some(saysDone);
      if (!doneBefore && focus.holdsWholeRelation(said) && !focus.isGiven({ text: m[1]!, at: 0, kind: 'name' })) return { shortAnswer: m[1]!, answer: cite(s) };
    }
  }
  return undefined;
}

/** "Who plays Inspector Aron Falk?", "Who voiced X in Y?": the character asked, group 1. */
const ACTOR_ASKED =
  /^\s*who\s+(?:plays|played|portrays|portrayed|voices|voiced|stars\s+as|starred\s+as)\s+(?:the\s+(?:role|part)\s+of\s+)?(?:the\s+)?(.+?)(?:\s+(?:in|on)\s+.+?)?\s*\?*\s*$/i;

/**
 * "Who plays Inspector Aron Falk?": the actor a sentence names right before "as" and the character
 * ("stars Jakob Lenn as Inspector Aron Falk"), or the person whose own passage gives the character
 * as their role ("for his role as Inspector Aron Falk"). The reverse of characterPlayed. Undefined
 * for other questions, or when no sentence says so.
 */
export function actorOf(question: string, focus: Focus): ExtractedAnswer | undefined {
  const character = ACTOR_ASKED.exec(question)?.[1];
  if (!character || !/^\p{Lu}/u.test(character)) return undefined;
  const c = escapeRegExp(character);
  // "as the widow Margaret Lynch": the character may be called by a noun or two before the name.
  const named = new RegExp(
    `(\\p{Lu}[\\p{L}.'’-]*(?:\\s+\\p{Lu}[\\p{L}.'’-]*)*)\\s+(?:\\([^)]*\\)\\s+)?as\\s+(?:(?:the|a|an)\\s+(?:[\\p{Ll}-]+\\s+){0,2})?${c}\\b`,
    'u',
  );
  const role = new RegExp(`\\b(?:role|part)\\s+(?:as|of)\\s+(?:the\\s+)?${c}\\b`, 'u');
  for (const s of focus.all) {
    const actor = named.exec(s.text)?.[1];
    if (actor && !sameName(actor, character)) return { shortAnswer: actor, answer: cite(s) };
  }
  for (const s of focus.all.filter((x) => role.test(x.text) && !sameName(x.title, character))) {
    const lead = focus.all.find((x) => x.docId === s.docId && x.position === 0);
    // The passage is a person's: its opening gives a birth or a life's span.
    if (lead && /\(\s*(?:born\b|b\.|\d{3,4}\s*[–-])/.test(lead.text)) return { shortAnswer: bareTitle(s.title), answer: cite(s) };
  }
  return undefined;
}

/** "played the fisherman Tom Calloway", "portrayed Anna Varn", "starred as ...", "in the role of ...": the character, group 1. */
const PLAYED_CHARACTER =
  /\b(?:play(?:s|ed|ing)?|portray(?:s|ed|ing)?|voic(?:e|es|ed|ing)|star(?:s|red|ring)?\s+as|role\s+of)\s+(?:(?:the|a|an)\s+(?:[\p{Ll}-]+\s+){0,3})?(\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*)*)/u;

/**
 * "What character did Oskar Lind play in The Salt Orchard?", "Who did X play in Y?": the one the
 * actor's own passage says they played, in a sentence naming the work when one is asked of ("He
 * played the fisherman Tom Calloway in The Salt Orchard"), or the one a sentence names after the
 * actor and "as" ("starring Oskar Lind as Tom Calloway"). Undefined for a position played, or
 * when no sentence says so.
 */
function characterPlayed(reading: QuestionReading, focus: Focus, question: string): ExtractedAnswer | undefined {
  const classHead = reading.answerClass?.split(' ').pop();
  // "Who did X play ...?" asks whom X played; "Who played Y?" asks the actor.
  const whom = reading.type === 'person' && /^\s*who(?:m)?\s+(?:did|does|do|has|had|will|would)\s/i.test(question);
  if (!(classHead ? ROLE_CLASS.test(classHead) : whom) || reading.names.length === 0) return undefined;
  const [actor, work] = reading.names as [string, string | undefined];
  const workTerms = work ? contentTerms(work) : [];
  const namesWork = (x: Sentence) => workTerms.length === 0 || holdsHalf(x, workTerms);
  const own = focus.all.filter((x) => sameName(x.title, actor) && namesWork(x));
  for (const x of own) {
    // A name's pattern takes the dot of an initial ("J. Vidde"), and so the sentence's last.
    const played = PLAYED_CHARACTER.exec(x.text)?.[1]?.replace(/\.$/, '');
    if (played && !sameName(played, work ?? '')) return { shortAnswer: played, answer: cite(x) };
  }
  // "starring Oskar Lind as Tom Calloway"; a role asked may be described ("stars Hanne Bjorn as a ship's radio operator").
  const as = new RegExp(
    `${escapeRegExp(actor)}\\s+(?:\\([^)]*\\)\\s+)?as\\s+(?:the\\s+)?(\\p{Lu}[\\p{L}.'’-]*(?:\\s+\\p{Lu}[\\p{L}.'’-]*)*)|${escapeRegExp(actor)}\\s+as\\s+((?:a|an|the)\\s+[^,.;()]+?)(?=\\s+(?:in|for|and|opposite|alongside|with)\\b|[,.;()]|$)`,
    'u',
  );
  for (const x of focus.all.filter(namesWork)) {
    const m = as.exec(x.text);
    const played = m?.[1]?.replace(/\.$/, '') ?? (classHead ? m?.[2] : undefined);
    if (played) return { shortAnswer: played, answer: cite(x) };
  }
  return undefined;
}

/** The doer after a verb in the passive, up to what ends its phrase: " by ticks", " by a retrovirus in 1983". */
const PASSIVE_BY = /^\s+by\s+((?:(?:the|an?)\s+)?[^,;.()]+?)(?=\s*[,;.()]|\s+(?:and|which|that|who|in|on|at|from|during|since)\s|\s*$)/u;

/**
 * "What links Lyon to its airport?", "What flows through Paris?", "Who chooses the winner of X?":
 * what or who does something, asked by its verb (group 2), the rest group 3.
 */
const SUBJECT_ASKED = /^\s*(what|who)\s+(\p{Ll}{3,}s|\p{Ll}{3,}ed)\s+(.+?)\s*\?*\s*$/iu;
/** "What was moved from Old Tarn to New Tarn?": what something was done to, asked in the passive; the verb group 2, the rest group 3. */
const PASSIVE_SUBJECT_ASKED = /^\s*(what)\s+(?:was|were|is|are|has\s+been|have\s+been|had\s+been)\s+(\p{Ll}{3,}ed)\s+(.+?)\s*\?*\s*$/iu;

/**
 * "What links Lyon to its airport?": the thing a sentence says does it, the words before the verb
 * (in any of its forms) that open its clause with a determiner or a name ("and the Rhônexpress
 * tram links the city to ...": Rhônexpress tram), or after it and "by" ("spread by ticks"), in a
 * sentence holding half the question's words after the verb. Undefined for other questions, or when no clause opens so.
 */
export function verbSubject(question: string, focus: Focus): ExtractedAnswer | undefined {
  const passive = PASSIVE_SUBJECT_ASKED.exec(question);
  const asked = passive ?? SUBJECT_ASKED.exec(question);
  const verb = asked?.[2]?.toLowerCase();
  // Who does it, when no name does: a body of people the passive says it is done by ("chosen by a jury of twelve critics").
  const who = asked?.[1]?.toLowerCase() === 'who';
  const people = (by: string) => {
    const head = /^(?:(?:the|an?)\s+)?(?:\p{Ll}+\s+){0,2}?(\p{Ll}{3,})(?:\s+of\b|$)/u.exec(by)?.[1];
    return head !== undefined && (focus.lexicon.isKindOf?.(head, 'person', 5) === true || focus.lexicon.isKindOf?.(head, 'group', 6) === true);
  };
  const stem = verb ? contentTerms(verb)[0] : undefined;
  // "What does ...?" asks what someone does (verbObject).
  if (!asked || !verb || !stem || verb === 'does') return undefined;
  // "What rivers meet at Lyon?": a class the question asks, its verb the word after it.
  const next = /^\S+/.exec(asked[3]!)?.[0]?.toLowerCase();
  // "What platforms does Ledgerly run on?": a class noun before an auxiliary is no verb.
  if (
    focus.reading.answerClass?.toLowerCase() === verb &&
    next !== undefined &&
    (focus.reading.relation[0]?.toLowerCase() === next || /^(?:does|do|did|is|are|was|were|has|have|had)$/.test(next))
  )
    return undefined;
  const rest = contentTerms(asked[3]!);
  const said = saysVerb(verb, stem, focus);
  for (const s of rankedAbout(focus).filter((x) => holdsHalf(x, rest))) {
    for (const w of s.text.matchAll(/\b\p{Ll}{3,}\b/gu)) {
      if (!said(w[0])) continue;
      // Said in the passive, the doer follows "by": "a viral disease spread by ticks"; asked in the passive, the thing done to is before the verb.
      const by = passive ? undefined : PASSIVE_BY.exec(s.text.slice(w.index + w[0].length))?.[1];
      // Not the question's own words ("merged into the Clean Rivers Act"), though it may share one ("replaced by the Water Protection Act").
      if (by && !contentTerms(by).every((t) => rest.includes(t)) && (!who || people(by))) return { shortAnswer: by, answer: cite(s) };
      // A named doer ("founded by Hugo Kessler") is read as a person's name is (typed.ts).
      if (who && by) continue;
      const opened = (
        s.text
          .slice(0, w.index)
          .split(/[,;:()]|\b(?:and|but|while|which|that|who|where)\s/)
          .pop() ?? ''
      ).trim();
      // "Its church was moved": the passive's auxiliary and a pronoun standing for the passage's subject are not the thing.
      const clause = passive
        ? opened.replace(/(?:^|\s+)(?:was|were|is|are|has\s+been|have\s+been|had\s+been)$/i, '').replace(/^(?:it|they|this|these)$/i, '')
        : opened;
      // A verb its clause does not open ("..., flows through Lake Geneva", "a restaurant that serves")
      // is said of the sentence's subject: what it opens with before "is", or its passage's. Asked
      // who, that subject may hold the name the verb is done to ("The Quarrel Foundation is a
      // non-profit organisation that maintains the Quarrel language"): only the name itself is no answer.
      if (clause === '') {
        const subject = subjectOf(s, 4);
        const other =
          subject !== undefined && (who ? !focus.isGiven({ text: subject, at: 0, kind: 'name' }) : !contentTerms(subject).some((t) => rest.includes(t)));
        if (subject && other) return { shortAnswer: subject, answer: cite(s) };
        continue;
      }
      if (who) continue;
      const thing = /^(?:(?:the|an?)\s+)?(\p{Lu}[\p{L}'’-]*(?:\s+[\p{L}'’-]+){0,3}|\p{Ll}[\p{L}'’-]*(?:\s+[\p{L}'’-]+){0,2})$/iu.exec(clause);
      // A pronoun is no thing, nor is a pronoun and its auxiliary ("It was replaced ...").
      if (!thing || !/^(?:the|an?)\s|^\p{Lu}/u.test(clause) || /^(?:it|they|he|she|this|these)(?:\s+(?:is|was|are|were|has|had|have|been))*$/i.test(thing[1]!))
        continue;
      if (contentTerms(thing[1]!).some((t) => rest.includes(t))) continue;
      // "Its church": the church, of the passage the sentence is in.
      return { shortAnswer: thing[1]!.replace(/^(?:its|his|her|their)\s+/i, 'the '), answer: cite(s) };
    }
  }
  return undefined;
}
