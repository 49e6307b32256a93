/**
 * What a question asks, read from its English grammar: the kind of answer it expects and its
 * focus (the names it is about and the words of the relation it asks about). The answerer looks
 * for an answer of that kind about that focus; the relevance rule refuses evidence that holds none.
 *
 * - who, whom → a person; whose + noun → a named thing;
 * - when, what year/date/century → a date or a year;
 * - how many, how much, how old/long/tall/..., "the population of" → a number;
 * - where → a place; which/what + noun → a named thing of that class ("which river" → a river);
 * - "X or Y?" → one of the two; "Is/Are/Did ...?" → yes or no;
 * - "compare", "than", "which is larger, ..." → a comparison; "top 3", "the five largest" → a list;
 * - anything else (what is, how does, describe, summarise) → a description.
 *
 * Every cue is grammar, never a phrase of a benchmark question.
 */
import type { Lexicon } from '../ports.js';
import { contentTerms, isContentToken, normalizeText, stem, tokenize } from '../retrieval/tokenize.js';
import { classRecogniser } from './answer-classes.js';
import { AUX, askedPart, BE_DO_HAVE, CLOSING_WORDS, entitySpans, escapeRegExp, isQualifier, NUMBER_WORDS, PLURALS_WITHOUT_S, TELL_ME_ABOUT } from './text.js';

export type AnswerType = 'person' | 'date' | 'year' | 'number' | 'place' | 'entity' | 'yes_no' | 'choice' | 'comparison' | 'list' | 'description';

export interface QuestionReading {
  type: AnswerType;
  /** The noun after which/what/how many ("river", "aircraft maker", "people"): what the answer is. */
  answerClass?: string;
  /** The names the question mentions: what it is about. */
  names: string[];
  /** The words of the relation asked about (as written), neither names, nor the class, nor question words. */
  relation: string[];
  /**
   * A question word inside a clause ("..., a soap opera created by who?", "the show X, which was
   * written by whom?"): the relation words of that clause, what is asked; the rest of the question
   * says which thing it is asked of.
   */
  asked?: string[];
  /** either-or and comparisons: the two options. */
  options?: [string, string];
  /** A list: how many items; 0 for all of them, ranked ("rank the sources, largest first"). */
  n?: number;
  /** A comparison or a superlative choice: the larger one wins unless the question asks for the smaller. */
  wantsLess?: boolean;
  /** "Did X start before 2010?": a yes/no question bounding the year of what it asks; the year is no word of the relation. */
  bound?: { year: number; before: boolean };
  /**
   * "Tell me about cycling in Lyon", and every request for a summary read so (text.ts
   * summaryTopic): what the passages say of it, in sentences, not one span.
   */
  summary?: boolean;
}

/** "more than 500,000", "under 400,000": a bound a question puts on a figure (its words, and the figure). */
export const FIGURE_BOUND =
  /\b(more\s+than|over|above|greater\s+than|at\s+least|fewer\s+than|less\s+than|under|below|at\s+most)\s+(?:about\s+)?(\d[\d,]*(?:\.\d+)?(?:\s*(?:thousand|million|billion))?)/i;

/** The comparatives a measure is claimed with, each by the adjective "how" asks it with ("deeper": How deep). */
export const MEASURE_COMPARATIVES: Readonly<Record<string, string>> = {
  deeper: 'deep',
  longer: 'long',
  taller: 'tall',
  higher: 'high',
  wider: 'wide',
  heavier: 'heavy',
  bigger: 'big',
  larger: 'large',
};
/** "deeper than 100", "taller than 2.5": a measure a yes/no question claims against a figure. */
const MEASURE_COMPARED = new RegExp(`\\b(?:${Object.keys(MEASURE_COMPARATIVES).join('|')})\\s+than\\s+\\d[\\d,]*(?:\\.\\d+)?`, 'gi');

/** "before 2010", "later than 1900": a year a yes/no question bounds its event by. */
const YEAR_BOUND = /\b(before|after|earlier than|later than|prior to)\s+((?:1[0-9]|20)[0-9]{2})\b/i;

const WH = /\b(who|whom|whose|what|which|when|where|how)\b/gi;
/** A noun phrase after an embedded "which" or "what": capitalised adjectives, then a word that is no verb ("South Korean singer", "British comedian"). */
const ASKED_NOUN = new RegExp(`^\\s+(?:\\p{Lu}\\p{Ll}+\\s+){0,2}(?!(?:${AUX})\\b)\\p{Ll}[\\p{Ll}-]+(?<!ed)(?:\\s|[?,.]|$)`, 'u');
/** The verb a wh-question opens on, past a subject of at most two words and an adverb ("Who first described", "Which botanist listed"). */
const MAIN_VERB = new RegExp(
  `^\\s*(?:who|(?:which|what)(?:\\s+(?!(?:${AUX})\\b)\\p{L}+){1,2}?)\\s+(?:(?:first|originally|initially|\\p{Ll}+ly)\\s+)?(\\p{Ll}{3,}ed)\\b`,
  'iu',
);
/** The stem of "belong", which a class asked already says ("Which party does X belong to?"). */
const BELONG = stem('belong');
const PREPOSITION_BEFORE = /\b(?:in|on|at|of|by|for|from|to|with|into|under|during|after|before|since|until|about|as|than)\s*$/i;
/** Words that say what to do with the answer or how to ask, not what it is about. */
const NOT_RELATION = new Set(
  [
    'explain',
    'describe',
    'compare',
    'vs',
    'versus',
    'comparison',
    'list',
    'name',
    'tell',
    'give',
    'summarise',
    'summarize',
    'show',
    'find',
    'identify',
    'rank',
    'top',
    'corpus',
    'document',
    'source',
    'passage',
    'information',
    'please',
    // How sure or plain the asker wants it ("What's a cinematograph exactly?"), not what it is about.
    'exactly',
    'precisely',
    'actually',
    'really',
    'basically',
    'many',
    'much',
    'kind',
    'type',
    'one',
    'two',
    'three',
    'four',
    'five',
    'also',
    'known',
    'called',
    'named',
  ].map(stem),
);
/** Nouns after what/which that ask for a time. */
const TIME_NOUNS = /^(?:year|date|day|month|century|decade|time|era|period|season)s?$/i;
/** Nouns after what/which that ask for a place. */
const PLACE_NOUNS =
  /^(?:city|cities|town|village|country|countries|state|province|region|county|place|location|continent|island|capital|nation|district|area|municipality|river|lake|mountain|sea|ocean)$/i;
/** Nouns after what/which that ask for a person. */
const PERSON_NOUNS =
  /^(?:person|people|man|men|woman|women|actor|actress|singer|writer|author|director|player|president|king|queen|leader|musician|artist|composer|poet|politician|scientist|founder|producer|member|wife|husband|son|daughter|father|mother|child|brother|sister|character|coach)s?$/i;
/** Nouns after what/which that ask for a figure. */
export const NUMBER_NOUNS =
  /^(?:population|number|amount|count|total|size|length|height|area|age|percentage|percent|proportion|fraction|share|headcount|capacity|distance|width|depth|weight|duration|elevation|altitude|diameter|cost|price|fee|fare|toll|rent|wage|tuition|budget|revenue|salary|period|speed|temperature|mass|radius|runtime|attendance)$/i;
/** The figure nouns as a pattern's alternatives, to stand anywhere in a question. */
export const FIGURE_NOUNS = NUMBER_NOUNS.source.replace(/^\^|\$$/g, '');
/** A figure noun of something, anywhere in a question ("percentage of", "share of"). */
const FIGURE_NOUN_OF = new RegExp(`\\b(?:${FIGURE_NOUNS})\\s+of\\b`, 'i');

/** "Which Greek astronomer first recorded ...?": an adverb before the question's verb is no word of the class asked. */
const ADVERB_BEFORE_VERB = /\s+(?:first|last|also|originally|once|later|initially|then|still|only|never|ever|formerly|jointly|officially|currently|now)$/;

/** The answer type a noun of time, place or person asks for; undefined for any other noun. */
function typeOfNoun(noun: string): AnswerType | undefined {
  if (TIME_NOUNS.test(noun)) return /^years?$/i.test(noun) ? 'year' : 'date';
  if (PLACE_NOUNS.test(noun)) return 'place';
  return PERSON_NOUNS.test(noun) ? 'person' : undefined;
}

/**
 * The one side of "A before B" a text holds: its names joined across small words, as a title is
 * written ("Harbour at Dusk"). Before "before", the text's one such run; after it, the run it
 * opens with. Undefined otherwise ("Did X play for Y before Z?" sets no two sides).
 */
function sideOf(text: string, names: readonly string[], before: boolean): string | undefined {
  const at = names
    .map((n) => ({ n, i: text.indexOf(n) }))
    .filter((x) => x.i >= 0)
    .sort((x, y) => x.i - y.i);
  // Each run of names by where it starts and ends in the text.
  const runs: Array<{ start: number; end: number }> = [];
  for (const { n, i } of at) {
    const last = runs.at(-1);
    if (last && i >= last.end && /^\s+(?:(?:of|at|the|in|on|for|de|du|la|le)\s+)+$/.test(text.slice(last.end, i))) last.end = i + n.length;
    else runs.push({ start: i, end: i + n.length });
  }
  const run = before ? (runs.length === 1 ? runs[0] : undefined) : runs[0]?.start === 0 ? runs[0] : undefined;
  return run && text.slice(run.start, run.end);
}

/** "A ... before B ...": the word that orders two things in time (group 1), and a "the" after it. */
export const ORDER_ASKED = /\b(before|after|earlier\s+than|later\s+than)\s+(?:the\s+)?/i;

/** The nouns a birth or a death is dated by ("birth date", "birthday"), and said after a name only ("X date of birth"). */
const LIFE_DATE_NOUNS = { birth: ['birth\\s*date|birthday', 'date\\s+of\\s+birth'], death: ['death\\s+date', 'date\\s+of\\s+death'] } as const;
/** "What is the birth date of X?": X, group 1. */
const lifeDateOf = (event: 'birth' | 'death') =>
  new RegExp(`^(?:what|when)\\s+(?:is|was)\\s+the\\s+(?:${LIFE_DATE_NOUNS[event][0]})\\s+of\\s+([^?]+?)\\s*\\?*$`, 'i');
const LIFE_DATE_OF = { birth: lifeDateOf('birth'), death: lifeDateOf('death') };
/** "X's birthday", "What is X's birth date?", "X date of birth" (not "What is X's date of birth?"): X, group 1. */
const lifeDateKeyword = (event: 'birth' | 'death') =>
  new RegExp(
    `^(?:(?:what|when)\\s+(?:is|was)\\s+(?=\\S+(?:\\s+\\S+)*?\\s?['’]s?\\s+${event}))?(?!(?:what|which|who|where|when|how|is|was|did|does)\\b)([^?]+?)(?:['’]s?)?\\s+(?:${LIFE_DATE_NOUNS[event].join('|')})\\s*\\?*$`,
    'i',
  );
const LIFE_DATE_KEYWORD = { birth: lifeDateKeyword('birth'), death: lifeDateKeyword('death') };

/** "was the Mary Ellen carrying?": a name, then the verb asked in its -ing form, last. */
const PROGRESSIVE_ASKED = /^(?:is|are|was|were)\s+(?:the\s+)?\p{Lu}[^?]*?\s+\p{Ll}{3,}ing\s*\?*\s*$/u;
const QUANTITY_ADJECTIVES = 'old|long|tall|high|big|large|far|deep|wide|heavy|fast|often|much|many|populous';

export function readQuestion(raw: string): QuestionReading {
  // A word before the question's wh-word ("Roughly how many ...", "Approximately what share ...")
  // says how precise the answer may be, not what it is about: neither a name nor the relation.
  const q = askedPart(raw)
    .trim()
    .replace(/\s+/g, ' ')
    // "what % of ...": the sign standing alone is the word.
    .replace(/(^|\s)%(?=\s)/g, '$1percent')
    // Typed in lower case, such a word is an adverb ("roughly how many"); a lower-case name stays.
    .replace(/^(?:\p{Lu}\p{Ll}+|\p{Ll}+ly)\s+(?=(?:how|what|which|who|whom|whose|when|where|why)\b)/u, '')
    // "Could you tell me where ...?", "Do you know when ...?": the question is the one asked inside.
    .replace(
      /^(?:please\s+)?(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?(?:tell|show|explain\s+to)\s+me|do\s+you\s+know|i(?:'d|\s+would)\s+like\s+to\s+know|i\s+(?:want|need)\s+to\s+know|i\s+wonder|explain|describe)\s+(?=(?:who|whom|whose|what|which|when|where|why|how)\b)/iu,
      '',
    )
    // "Do you know what a bouchon is?": the question inside, in a question's order ("What is a bouchon?").
    .replace(/^(what|who)\s+((?:an?|the)\s+[^?]+?|\p{Lu}[^?]*?)\s+(is|are|was|were)\s*[?.]*$/iu, '$1 $3 $2?')
    // "Can you tell me about Lyon?" asks for a description, not a yes or a no.
    .replace(/^(?:please\s+)?(?:could|can|would|will)\s+you\s+(?:please\s+)?(tell|show)\s+me\s+about\b/iu, '$1 me about')
    // "Give me the river that runs through Toulouse" asks "Which river runs through Toulouse?".
    .replace(/^(?:please\s+)?(?:give me|tell me|show me|name|find|identify)\s+(?:the|a|an)\s+([\p{Ll}-]+)\s+(?:that|which|who)\s+/iu, 'Which $1 ')
    // "Tell me the population of Lyon" asks "What is the population of Lyon?".
    .replace(/^(?:please\s+)?(?:give me|tell me|show me)\s+the\s+([\p{L}-]+)\s+of\s+/iu, 'What is the $1 of ')
    // "Name the city where bouillabaisse originated" asks "Which city is where bouillabaisse originated?".
    .replace(/^(?:please\s+)?(?:give me|tell me|show me|name|find|identify)\s+(?:the|a|an)\s+([\p{Ll}-]+)\s+(where|when)\s+/iu, 'Which $1 is $2 ')
    // "What is the birthplace of X?" asks "Where was X born?"; "the place of death of X", "Where did X die?".
    .replace(/^(?:what|which)\s+(?:is|was)\s+the\s+(?:birthplace|birth\s+place|place\s+of\s+birth)\s+of\s+([^?]+?)\s*\?*$/i, 'Where was $1 born?')
    // Typed as keywords: "helge schneider birthplace", "Yves Robert place of death".
    .replace(
      /^(?!(?:what|which|who|where|when|how|is|was|did|does)\b)([^?]+?)(?:'s)?\s+(?:birthplace|birth\s+place|place\s+of\s+birth)\s*\?*$/i,
      'Where was $1 born?',
    )
    .replace(/^(?!(?:what|which|who|where|when|how|is|was|did|does)\b)([^?]+?)(?:'s)?\s+(?:place\s+of\s+death|death\s+place)\s*\?*$/i, 'Where did $1 die?')
    .replace(/^(?:what|which)\s+(?:is|was)\s+the\s+(?:place\s+of\s+death|death\s+place)\s+of\s+([^?]+?)\s*\?*$/i, 'Where did $1 die?')
    // "What is the birth date of X?", "What is X's birthday?", "X date of birth": when X was born, or died
    // ("the date of birth of X", "X's date of birth" are read as they stand: a date, of the birth).
    .replace(LIFE_DATE_OF.birth, 'When was $1 born?')
    .replace(LIFE_DATE_OF.death, 'When did $1 die?')
    .replace(LIFE_DATE_KEYWORD.birth, 'When was $1 born?')
    .replace(LIFE_DATE_KEYWORD.death, 'When did $1 die?')
    // "What country of origin do A and B have in common?": "in common" says the answer is both
    // sides' (lives.ts inCommon), and a country "of origin" is a country; neither is a word to find.
    .replace(/\s+in\s+common\b/i, '')
    // "A and B shared which profession?", "What genre do A and B share?": sharing is the answer's being both sides', as "in common" is.
    .replace(/\s+(?:both\s+)?shared?\s+(?=(?:what|which)\b)/i, ' ')
    .replace(/^((?:what|which)\b[^?]*\b(?:do|did|does)\b[^?]*?)\s+(?:both\s+)?share\s*(\?*)\s*$/i, '$1$2')
    .replace(/\b(country|nation|nationality)\s+of\s+origin\b/i, '$1');
  const n = topN(q);
  // The count of a top-N is no part of a name: "Top 5 French cities" names French, not "5 French".
  const names = focusNames(q)
    .map((name) => (n !== undefined && n > 0 ? name.replace(new RegExp(`^${n}\\s+`), '') : name))
    .filter((name) => contentTerms(name).length > 0);
  const base = { names };
  const lower = q.toLowerCase();

  const options = eitherOr(q, names);
  const comparing = /\b(compare[sd]?|comparing|comparison|versus|vs\.?)\b/i.test(q) || /\b(?:\w+er|more|less|fewer)\s+(?:\w+\s+){0,3}than\b/i.test(q);
  const wantsLess = /\b(smaller|smallest|fewer|fewest|less|least|younger|youngest|shorter|shortest|lower|lowest|earlier|earliest|first|older|oldest)\b/i.test(q)
    ? /\b(smaller|smallest|fewer|fewest|less|least|shorter|shortest|lower|lowest|earlier|earliest|first|older|oldest)\b/i.test(q)
    : false;

  let type: AnswerType = 'description';
  let answerClass: string | undefined;
  const wh = questionWord(q);
  if (n !== undefined) type = 'list';
  else if (options && (comparing || /\?\s*$/.test(q) || /\b(which|who|what)\b/i.test(q) || GRADED.test(q))) type = 'choice';
  else if (new RegExp(`^(?:${AUX})\\b`, 'i').test(q) && !wh?.embedded) type = 'yes_no';
  else if (comparing && !wh) type = 'comparison';
  else if (wh) {
    const after = q.slice(wh.index + wh.word.length).trim();
    // "Which French region ...", "... by what American rock band?", "Which TV series ...?": a
    // capitalised adjective or an acronym before the noun qualifies the class; the noun is still what is asked.
    const classed = new RegExp(
      `^(?:\\p{Lu}\\p{Ll}+|\\p{Lu}{2,4})\\s+(?=(?:\\p{Ll}+\\s+){1,2}(?:${BE_DO_HAVE}|\\p{Ll}{2,}(?:s|ed))\\b|(?:\\p{Ll}+\\s+)?\\p{Ll}+\\s*[?.]?\\s*$)`,
      'u',
    ).test(after)
      ? after.replace(/^(?:\p{Lu}\p{Ll}+|\p{Lu}{2,4})\s+/u, '')
      : // "... was which South Korean singer-songwriter and ...?": asked mid-sentence, the adjectives before the noun.
        wh.embedded
        ? after.replace(/^(?:\p{Lu}\p{Ll}+\s+){1,2}(?=\p{Ll}[\p{Ll}-]+(?:\s|[?,.]|$))/u, '')
        : after;
    const phrase =
      /^(?:(?:kind|type|sort|name)\s+of\s+)?((?:(?!(?:the|a|an)\s)[\p{Ll}-]+\s+){0,2}?(?!(?:the|a|an)\b)[\p{Ll}-]+)\b(?=\s+(?:was|were|is|are|did|does|do|has|have|had|of|in|on|at|for|by|from|that|which|who|whose|with|to|can|could|would|will|should|shall|may|might|must|released|made|produced|written|directed|known|called|located|based|founded|created|formed|born|named|played|became|won|did|built|wrote|ran|sang|drew|bought|sold|led|held|beat|took|gave|left|lost|met|kept|sent|told|taught|brought|fought|began|came|went|saw|grew|threw|flew|rose|shot|struck|\w+ed\b|\w+s\b(?!\s+(?:had|have|has|are|were|do|did|does)\b))\b|\s+and\s+\p{Lu}\p{Ll}+\s*[?,.]|\s*[?,.]|$)/u.exec(
        classed,
      ) ??
      // "Which country the director of film X is from?", "Which country Anne Aghion is from?": one noun
      // before the subject; a word in -s there is a verb ("What spreads Tarn fever?", "What causes X?").
      /^([\p{Ll}-]+(?<![^s]s))(?=\s+(?:the\s|\p{Lu}))/u.exec(classed);
    // "What was France's installed capacity?": an auxiliary is no noun, whatever follows it.
    const nounPhrase = phrase && !new RegExp(`^(?:${AUX})$`, 'i').test(phrase[1]!.split(' ')[0]!) ? phrase : undefined;
    switch (wh.word.toLowerCase()) {
      case 'who':
      case 'whom':
        // "Who is Christopher Nolan?", "Who were the Lumière brothers?" (a name and the plural it names,
        // not a role of it: "Who is the Lyon mayor?"): who someone is, a description.
        // "Who is the Prime Minister of Arvenia?": a role of a place named after "the" is held by someone.
        type = names.some(
          (n) =>
            new RegExp(`^(?:is|are|was|were)\\s+(?:the\\s+)?${escapeRegExp(n)}(?:\\s+\\p{Ll}+[^s\\s]s)?\\s*\\??$`, 'iu').test(after) &&
            !/^(?:is|are|was|were)\s+the\s+\p{Lu}[^?]*\sof\s+\p{Lu}/u.test(after),
        )
          ? 'description'
          : 'person';
        break;
      case 'whose':
        type = 'entity';
        break;
      case 'when':
        type = 'date';
        break;
      case 'where':
        type = 'place';
        break;
      case 'how': {
        const m = new RegExp(`^(${QUANTITY_ADJECTIVES})\\b\\s*((?:[\\p{Ll}-]+\\s+){0,2}[\\p{Ll}-]+)?`, 'iu').exec(after);
        if (m) {
          type = 'number';
          // "How many nuclear reactors": the plural is the head; "how many people live": the first word.
          // "How much of France's electricity": a part of a whole, a share; "how many of the museums" counts them.
          if (m[1] === 'much' && /^of\b/i.test(m[2] ?? '')) answerClass = 'share';
          // "How populous is Nice?" asks its population.
          else if (m[1]!.toLowerCase() === 'populous') answerClass = 'population';
          // "How fast is X?" asks its speed, "How heavy is X?" its weight.
          else if (m[1]!.toLowerCase() === 'fast') answerClass = 'speed';
          else if (m[1]!.toLowerCase() === 'heavy') answerClass = 'weight';
          else if ((m[1] === 'many' || m[1] === 'much') && m[2]) {
            // The noun ends at the verb's auxiliary: "How many caps did Jonas Brell earn?" counts caps, not "Jonas".
            const all = m[2].split(' ');
            const verbAt = all.findIndex((w) => new RegExp(`^(?:${AUX})$`, 'i').test(w));
            // "How many passengers and crew were rescued?" counts them by the first noun ("1,212 passengers and crew").
            const andAt = all.findIndex((w) => /^(?:and|or)$/i.test(w));
            const ends = [verbAt, andAt].filter((i) => i >= 0);
            const words = all.slice(0, ends.length > 0 ? Math.min(...ends) : undefined).filter((w) => !/^(?:of|the|a|an)$/i.test(w));
            // "How many wild reindeer live ...?": a plural without an s counts, past an adjective before it.
            answerClass = [...words].reverse().find((w) => /[^su]s$/.test(w) || PLURALS_WITHOUT_S.includes(w)) ?? words[0];
          }
        }
        break;
      }
      default: {
        // what / which: the noun after it says what the answer is.
        // "What is the place of birth of X?": a time, place or person noun after "is the" says what the answer is.
        // "What was the installed solar capacity of France?": a figure's noun after words that qualify it.
        // "What was the transfer fee for Tomas Hale?", "the record attendance at X", "the toll on X": a figure's noun before "for", "at", "on" or "in" too.
        const figureNoun =
          /^(?:is|was|are|were)\s+the\s+(?:[\p{Ll}-]+\s+){1,2}([\p{Ll}-]+)\s+of\b/iu.exec(after)?.[1] ??
          [/^(?:is|was|are|were)\s+the\s+(?:[\p{Ll}-]+\s+){0,2}([\p{Ll}-]+)\s+(?:for|at|on|in)\b/iu.exec(after)?.[1]].find(
            (n) => n !== undefined && NUMBER_NOUNS.test(n),
          );
        // "What is the melting point of X?": a temperature, named by two words.
        const temperature = /^(?:is|was|are|were)\s+the\s+((?:melting|boiling|freezing|flash)\s+point)\s+of\b/iu.exec(after)?.[1];
        // "What is the deepest mine in Sweden?": the noun a superlative ranks is the class asked.
        const ranked = /^(?:is|was|are|were)\s+the\s+(?:\p{Ll}+est|most\s+\p{Ll}+|\p{Ll}+-\p{Ll}+est)\s+([\p{Ll}-]+)\s+(?:in|of|on|at|among)\b/iu.exec(
          after,
        )?.[1];
        const copular =
          temperature ??
          (figureNoun !== undefined && NUMBER_NOUNS.test(figureNoun)
            ? figureNoun
            : (/^(?:is|was|are|were)\s+the\s+([\p{Ll}-]+)\s+of\b/iu.exec(after)?.[1] ?? ranked));
        // "What was France's installed solar capacity?": what the name has is the answer's noun.
        const possessed =
          /^(?:is|was|are|were)\s+(?:the\s+)?\p{Lu}[\p{L}.-]*(?:\s+\p{Lu}[\p{L}.-]*)*(?:['’]s|(?<=s)['’])\s+((?:[\p{Ll}-]+\s+){0,2}?[\p{Ll}-]+)(?=\s+(?:in|of|on|at|for|by|during|from)\b|\s*[?,.]|$)/u.exec(
            after,
          )?.[1];
        const noun =
          copular &&
          (copular === temperature ||
            TIME_NOUNS.test(copular) ||
            NUMBER_NOUNS.test(copular) ||
            PLACE_NOUNS.test(copular) ||
            PERSON_NOUNS.test(copular) ||
            classRecogniser(copular))
            ? copular
            : (nounPhrase?.[1]?.replace(ADVERB_BEFORE_VERB, '') ?? possessed);
        const head = noun?.split(' ').pop();
        // "starred in what for seven years?": a preposition after the question word starts an adjunct, not the answer's noun.
        const adjunct = noun !== undefined && /^(?:for|in|on|at|of|by|to|from|with|about|during|after|before|since|until|as)$/i.test(noun.split(' ')[0]!);
        // "What happens in X?", "What happened to X?": the word after is the verb asked, not the answer's noun.
        const happens = noun !== undefined && /^happen(?:s|ed)?$/i.test(noun);
        if (noun && head && !adjunct && !happens && !new RegExp(`^(?:${AUX})$`, 'i').test(noun.split(' ')[0]!)) {
          answerClass = noun;
          // "Which metropolitan area ...?": an area that is chosen or qualified is a place, not a figure.
          const placeArea = PLACE_NOUNS.test(head) && (wh.word.toLowerCase() === 'which' || noun.includes(' '));
          // "During which period ...?" asks a span of time; "the orbital period of X", a figure.
          const timeSpan = head === 'period' && figureNoun === undefined;
          // "What was X's winning time?": the time a race was run in is a figure, not a date.
          const raceTime = /\b(?:winning|finishing|record|race|running)\s+time$/.test(noun);
          type = (NUMBER_NOUNS.test(head) && !placeArea && !timeSpan) || raceTime || noun === temperature ? 'number' : (typeOfNoun(head) ?? 'entity');
        } else if (/\bpopulation\b/i.test(after)) type = 'number';
        // "What does X say / mean / do?", "What was the Mary Ellen carrying?": a clause, not a name.
        else if (/^(?:do|does|did)\b/i.test(after) || (PROGRESSIVE_ASKED.test(after) && !/['’]s\b/.test(after))) type = 'description';
        // "What is a bouchon?", "What is the Grand Port Maritime de Marseille?": what a thing is.
        else
          type =
            /^(?:is|are|was|were)\s+(?:a|an)\b/i.test(after) ||
            // "What is bouillabaisse?", "what is hydroelectricity": a common noun alone asks what it is.
            /^(?:is|are)\s+(?:the\s+)?\p{Ll}[\p{Ll}'’-]+\s*\??$/u.test(after) ||
            // "What is Opry Mills in Nashville, Tennessee?": a place after the name only says which one.
            names.some((n) =>
              new RegExp(`^(?:is|are|was|were)\\s+(?:the\\s+)?${escapeRegExp(n)}(?:,?\\s+(?:in|at|near|on)\\s+\\p{Lu}[^?]*)?\\s*\\??$`, 'iu').test(after),
            )
              ? 'description'
              : 'entity';
      }
    }
    if (comparing && options === undefined && /\b(compare|comparing|comparison)\b/i.test(q)) type = 'comparison';
  }
  // "Was the Stormo Viaduct completed before the Brattli Tunnel opened?": two names, one dated against the other.
  // A title read apart at a small word ("Harbour at Dusk") is one side whole.
  if (type === 'yes_no' && !options && names.length >= 2) {
    const order = ORDER_ASKED.exec(q);
    const [a, b] = order ? [sideOf(q.slice(0, order.index), names, true), sideOf(q.slice(order.index + order[0].length), names, false)] : [];
    if (order && a && b) return withRelation({ ...base, type, options: [a, b], wantsLess: /^(?:before|earlier)/i.test(order[1]!) }, q, answerClass);
  }
  if ((type === 'comparison' || (type === 'yes_no' && (comparing || /\bthan\b/i.test(q)))) && !options) {
    const pair = comparedPair(q, names);
    if (pair) return withRelation({ ...base, type, options: pair, wantsLess }, q, answerClass);
  }
  // "hydro percentage of france's electricity mix, 2023": a figure noun of something asks for the figure.
  if (type === 'description' && (/\b(population|how many|how much)\b/i.test(lower) || (!wh && FIGURE_NOUN_OF.test(lower)))) type = 'number';
  // A query of keywords ("velov launch year", "toulouse river") ends with the noun it asks for.
  const keyword =
    type === 'description' && !wh && !/^(?:please|tell|show|give|name|list|describe|explain|summari[sz]e|compare)\b/i.test(q)
      ? /([\p{Ll}-]+)\s*(?:\b(?:1[0-9]|20)[0-9]{2})?\s*\??$/u.exec(q)?.[1]
      : undefined;
  // Or opens with it, a clause after: "year trams came back to the streets of lyon", "city the
  // Rhône meets the Saône in"; "river cruises in lyon" has no verb, and its noun is "cruises".
  const leading =
    type === 'description' && !wh
      ? /^(?:the\s+)?([\p{Ll}-]+)\s+(?=(?:that|which|where|when)\s|(?:[\p{L}'’-]+\s+){0,4}?(?:\p{Ll}{2,}ed|came|went|began|became|was|were|is|are|has|had|did|does|got|meets?|rises?)\b)/u.exec(
          q,
        )?.[1]
      : undefined;
  // The noun it opens with is read first; either asks only when it is a noun of time, place, person or figure.
  const queried = [leading, keyword]
    .filter((noun) => noun !== undefined)
    .map((noun) => ({ noun, asks: typeOfNoun(noun) ?? (NUMBER_NOUNS.test(noun) ? ('number' as const) : undefined) }))
    .find((read) => read.asks !== undefined);
  if (queried?.asks) {
    answerClass = queried.noun;
    type = queried.asks;
  }
  // "... in the same province?": the province is what each side is in.
  const same = type === 'yes_no' ? /\bsame\s+([\p{Ll}-]+)/iu.exec(q)?.[1] : undefined;
  if (same) answerClass = same;
  // "Where did X graduate from?", "Where did X study?": a place of learning, which its name says ("Lancing College").
  if (type === 'place' && !answerClass && /\b(?:graduat(?:e|es|ed|ing)|stud(?:y|ied|ies)|educated|enrol+ed)\b/i.test(q)) answerClass = 'school';
  // "Which rivers meet in Lyon?": a plural noun then a bare word is the class and its verb, not a class of two words.
  if (answerClass && /^[\p{Ll}-]+[^s\s]s\s+[\p{Ll}-]+$/u.test(answerClass)) answerClass = answerClass.split(' ')[0];
  // "What is the name of the tram to ...?": what is named is the class asked for.
  // "the name of the Lyon deputy mayor who ...": a name before the class says whose; the class's last word is its head.
  const named =
    type === 'entity' && !answerClass
      ? (/\bthe name of (?:the|a|an)\s+([\p{Ll}-]+)/u.exec(q)?.[1] ??
        /\bthe name of (?:the|a|an)\s+(?:\p{Lu}[\p{L}'’-]*\s+)+((?:[\p{Ll}-]+\s+)?[\p{Ll}-]+)(?=\s+(?:who|whom|that|which|whose)\b|\s*[?.,]|$)/u.exec(q)?.[1])
      : undefined;
  if (named) answerClass = named;
  const clause = wh?.embedded ? askedClause(q, wh.index) : undefined;
  const bounded = type === 'yes_no' ? YEAR_BOUND.exec(q) : null;
  return withRelation(
    {
      ...base,
      ...(bounded ? { bound: { year: Number(bounded[2]), before: /^(?:before|earlier|prior)/i.test(bounded[1]!) } } : {}),
      ...(clause ? { clause } : {}),
      type,
      ...(answerClass ? { answerClass } : {}),
      ...(options ? { options } : {}),
      ...(n !== undefined ? { n } : {}),
      ...(type === 'choice' || type === 'comparison' ? { wantsLess } : {}),
      // "What does the deputy mayor say about cycling?": what is said, every sentence of it.
      ...(type === 'description' && (TELL_ME_ABOUT.test(q) || /^what\s+(?:does|do|did)\s+[^?]+?\s+(?:say|think|write|tell\s+us)\s+about\b/i.test(q))
        ? { summary: true }
        : {}),
    },
    q,
    answerClass,
  );
}

/** The relation: the question's content words, less its names, its answer class and the words that only ask. */
function withRelation(reading: Omit<QuestionReading, 'relation'> & { clause?: string }, q: string, answerClass: string | undefined): QuestionReading {
  const nameTerms = new Set(contentTerms(reading.names.join(' ')));
  const classTerms = new Set(contentTerms(answerClass ?? ''));
  const optionTerms = new Set(contentTerms((reading.options ?? []).join(' ')));
  const relation: string[] = [];
  const seen = new Set<string>();
  // What the answer must leave out ("not counting its suburbs") is no word the evidence must say,
  // nor is the measure a "how" asks for ("how big", "how old": the figure is the answer).
  const written = q
    .replace(/,?\s*\b(?:not counting|not including|excluding|leaving out|apart from|except for|except)\b[^,?.;]*/gi, ' ')
    .replace(new RegExp(`\\bhow\\s+(?:${QUANTITY_ADJECTIVES})\\b`, 'gi'), ' ')
    // A possessive is its owner's name ("Airbus's" is Airbus), not a word of its own.
    .replace(/(?<=\p{L})['’]s\b/gu, '');
  // A bound on a figure ("Which cities have more than 500,000 inhabitants?") is met by a figure, not
  // said; a yes/no question keeps it, for the claim it makes.
  // A measure claimed against a figure ("deeper than 100 metres") is met by a measure in its unit,
  // which stays; the comparative and the figure are not said.
  const said = reading.type === 'yes_no' ? written.replace(MEASURE_COMPARED, ' ') : written.replace(new RegExp(FIGURE_BOUND.source, 'gi'), ' ');
  // "What does the Kessler Group own?": "own", on the stop list for its adjective ("its own"), is
  // the question's verb where it ends a question asked with "do" (the one verb the list holds that
  // is no auxiliary).
  const ownVerb = /^\s*(?:what|which|who|whom)\b.*\b(?:does|do|did)\s+.+\s(own)\s*\?*\s*$/iu.exec(q)?.[1];
  for (const m of said.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    for (const token of tokenize(m[0])) {
      if (!isContentToken(token) && token !== ownVerb) continue;
      const term = stem(token);
      // A word of asking said as the question's own verb in the past is what was done ("Who first
      // described X?"); said after "is" ("Which is described as ..."), or asking a name ("What is X
      // called?"), it only asks.
      // "Who named Storm Elva?": a word of naming right after "who" is the question's verb.
      // So is one after "did X" ("What plant did Elias Nordgren describe?").
      const asking =
        NOT_RELATION.has(term) &&
        !(
          /\p{Ll}{3,}ed$/u.test(token) &&
          (!/^(?:called|named|titled|termed|dubbed)$/i.test(token) || new RegExp(`^\\s*who\\s+${token}\\b`, 'i').test(q)) &&
          MAIN_VERB.exec(q)?.[1]?.toLowerCase() === token.toLowerCase()
        ) &&
        !new RegExp(`^\\s*(?:what|which)\\b.*\\b(?:did|does|do)\\s+.+\\s${escapeRegExp(token)}\\s*\\??\\s*$`, 'iu').test(q);
      // "Which party does X belong to?": belonging is what the class asked already says.
      const belongs = answerClass !== undefined && term === BELONG;
      if (nameTerms.has(term) || classTerms.has(term) || optionTerms.has(term) || asking || belongs || seen.has(term)) continue;
      if (/^\d+$/.test(token) && reading.n !== undefined && Number(token) === reading.n) continue;
      if (/^\d+$/.test(token) && reading.bound?.year === Number(token)) continue;
      seen.add(term);
      relation.push(token);
    }
  }
  const { clause, ...rest } = reading;
  if (clause === undefined) return { ...rest, relation };
  const inClause = new Set(contentTerms(clause));
  const asked = relation.filter((w) => contentTerms(w).every((t) => inClause.has(t)));
  return { ...rest, relation, ...(asked.length > 0 && asked.length < relation.length ? { asked } : {}) };
}

/** The clause an embedded question word ends: from the last relative word or comma before it. */
function askedClause(q: string, at: number): string {
  const before = q.slice(0, at);
  let start = 0;
  for (const m of before.matchAll(/\b(?:which|that|who|whom|whose)\b|,/gi)) start = m.index + m[0].length;
  // A reduced relative clause: "a soap opera created by who?" asks "created by".
  const participle = /\b[\p{L}-]+(?:ed|en|wn)\s+(?:by|in|for|with|from|to|on|at)\s*$/iu.exec(before.slice(start));
  return participle ? before.slice(start + participle.index) : before.slice(start);
}

/** The question word the question asks with: first at its start, else one after a preposition or at its end ("created by who?"). */
function questionWord(q: string): { word: string; index: number; embedded: boolean } | undefined {
  const found = [...q.matchAll(WH)];
  if (found.length === 0) return undefined;
  const first = found[0]!;
  if (first.index === 0 || /^(?:and|but|so|then|,)\s*$/i.test(q.slice(0, first.index))) return { word: first[1]!, index: first.index, embedded: false };
  // "X (1933) starred John Wayne - who was behind the camera?": a question after a dash, colon or semicolon.
  if (/\s[-–—]\s*$|[:;]\s*$/.test(q.slice(0, first.index))) return { word: first[1]!, index: first.index, embedded: false };
  // "In addition to A, B and C, who else starred in X?": "who else" or "what else" asks; no relative word is followed by "else".
  const otherwise = found.find((m) => /^\s+else\b/i.test(q.slice(m.index + m[0].length)));
  if (otherwise) return { word: otherwise[1]!, index: otherwise.index, embedded: false };
  for (const m of found) {
    const before = q.slice(0, m.index);
    const after = q.slice(m.index + m[0].length);
    if (
      /^\s*\??\s*$/.test(after) ||
      /^\s+(?:year|date|day|century|decade|city|country|state|place)\b/i.test(after) ||
      // "... was awarded what medal?": a noun or two closing the question.
      /^\s+\p{Ll}[\p{L}-]*(?:\s+\p{Ll}[\p{L}-]*)?\s*\?\s*$/u.test(after) ||
      (PREPOSITION_BEFORE.test(before) && !/\b(?:the|a|an)\s+\S+\s+$/i.test(before)) ||
      // "... features which exotic bird that ...?": a verb's object asked by "which" and its noun,
      // not a relative clause ("the band which was formed", "the film which starred ...").
      (/^which$/i.test(m[1]!) && /\b\p{Ll}{2,}s\s+$/u.test(before) && new RegExp(`^\\s+(?!(?:${AUX})\\b)[\\p{L}-]+(?<!ed)\\s+\\p{Ll}`, 'u').test(after)) ||
      // "... the first winner was which South Korean singer?", "... a program that included which
      // British comedian ...?": after a verb (a copula, a past tense), "which" or "what" and a noun
      // ask; a relative "which" follows its noun ("the band which was formed").
      (/^(?:which|what)$/i.test(m[1]!) && /\b(?:is|are|was|were|\p{Ll}{3,}ed)\s+$/u.test(before) && ASKED_NOUN.test(after))
    ) {
      return { word: m[1]!, index: m.index, embedded: true };
    }
  }
  // "X is a character created by who?" was caught above; "the band which was formed" is a relative clause.
  const how = found.find((m) => /^how$/i.test(m[1]!) && new RegExp(`^\\s+(?:${QUANTITY_ADJECTIVES})\\b`, 'i').test(q.slice(m.index + 3)));
  return how ? { word: how[1]!, index: how.index, embedded: true } : undefined;
}

/** The names a question is about: capitalised spans, less question words at its start. */
function focusNames(q: string): string[] {
  // A year or a count narrows what is asked ("opened in 2014"); it is not what the question is about.
  // "Lyon's Musée des Beaux-Arts" is two names: the owner and the thing it owns.
  // The owner is named without its possessive ("Airbus's head office" is about Airbus).
  const spans = entitySpans(q)
    .flatMap((span) => span.split(/(?<=['’]s)\s+(?=\p{Lu})/u))
    // "Crestline Systems' revenue": a plural's possessive is its apostrophe alone.
    .map((span) => span.replace(/(?<=\p{L}{2})['’]s$|(?<=\p{L}s)['’]$/u, ''));
  return spans.filter((span) => {
    const terms = contentTerms(span);
    return terms.length > 0 && !/^[\d\s,.'’s-]+$/.test(span) && !/^(?:top|compare|list|name|rank)$/i.test(span) && !isQualifier(span, q);
  });
}

function topN(q: string): number | undefined {
  // "Rank the sources, largest first", "order the cities from biggest to smallest": all of them, ranked.
  // "Rank the sources of electricity by share": all of them, ranked by what it names.
  if (
    (/^(?:please\s+)?(?:rank|order|sort|list|name|give|show)\b/i.test(q) &&
      /\b(?:\p{L}+est|most|highest)\b[^?]*\b(?:first|to\s+(?:the\s+)?(?:\p{L}+est|least|lowest))\b/iu.test(q)) ||
    /^(?:please\s+)?(?:rank|order|sort)\b[^?]*\bby\s+(?:their\s+|its\s+)?\p{L}+/iu.test(q)
  )
    return 0;
  // "What are the main sources of electricity in France?": the main ones of a plural class, all of them ranked.
  if (/^(?:what|which)\s+(?:are|were)\s+(?:the\s+)?(?:main|principal|major|chief|leading)\s+\p{L}+s\b/iu.test(q)) return 0;
  const m =
    /\btop[\s-]*(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\b/i.exec(q) ??
    /\b(?:the\s+)?(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\p{L}+est|most|largest|main|biggest|leading)\b/iu.exec(q);
  if (!m) return undefined;
  const raw = m[1]!.toLowerCase();
  const n = /^\d+$/.test(raw) ? Number(raw) : NUMBER_WORDS[raw];
  return n !== undefined && n >= 1 && n <= 50 ? n : undefined;
}

/** A word that grades: more, less, bigger, earlier, ... */
const GRADED = /\b(?:more|less|fewer|most|least|bigger|larger|smaller|higher|lower|greater|earlier|later|older|younger|longer|shorter)\b/i;

/**
 * "Of Lyon, Marseille and Nice, which ...?", "Which of A, B or C ...?": three or more of the
 * question's names listed as options, and the words that list them ("Of Lyon, Marseille and Nice").
 * Undefined when the question lists fewer.
 */
export function listedOptions(question: string, names: readonly string[]): { options: string[]; phrase: string } | undefined {
  if (names.length < 3) return undefined;
  const name = names.map(escapeRegExp).join('|');
  const listed = new RegExp(`(?:\\b(?:of|among|between)\\s+)?((?:${name})(?:\\s*,\\s*(?:${name}))+,?\\s+(?:and|or)\\s+(?:${name}))`, 'iu').exec(question);
  const options = (listed?.[1] ?? '').split(/\s*,\s*|\s+(?:and|or)\s+/).filter((o) => o !== '');
  return listed && options.length >= 3 ? { options, phrase: listed[0] } : undefined;
}

/** "..., A or B?", "Which X, A or B?", "Is A or B ...?": the two options. */
function eitherOr(asked: string, names: string[]): [string, string] | undefined {
  // "..., What Would Jesus Buy? or Nerdcore Rising?": a title's own question mark before "or" ends no question.
  const q = asked.replace(/\?(?=\s+or\s)/g, '');
  // "Did gas or solar produce a bigger share ...?", "Did France have more capacity in solar or in
  // onshore wind?": a question that grades two things around "or" asks which of them.
  const graded = /^(?:.*?,\s*)?(?:do|does|did|is|was|are|were|has|have|had)\b/i.test(q) && GRADED.test(q);
  const around = graded
    ? /\b(?:in\s+|the\s+)?([\p{L}-]+)\s+or\s+(?:in\s+|the\s+|more\s+|less\s+)?([\p{L}-]+(?:\s+(?!(?:in|on|at|of|for|to|by|with|from|during|than|produce[sd]?|have|has|had|makes?|made|generate[sd]?|gives?|gave|is|are|was|were)\b)[\p{L}-]+)?)/iu.exec(
        q,
      )
    : undefined;
  // "more wind capacity installed or more solar?": the second "more" ends the question on its
  // option alone, and the first grades the word after it.
  const mores = graded ? /\bmore\s+([\p{L}-]+)\b[^?]*?\s+or\s+more\s+([\p{L}-]+)(?:\s+(?:in|by|during)\s+\d{4})?\s*\??\s*$/iu.exec(q) : undefined;
  if (mores) return [mores[1]!, mores[2]!];
  if (around) {
    // "more tram lines or metro lines": options sharing their head noun take their modifiers both.
    const second = around[2]!.split(' ');
    const before = /([\p{L}-]+)\s+$/u.exec(q.slice(0, around.index + around[0].indexOf(around[1]!)))?.[1];
    const shared =
      second.length === 2 && second[1]!.toLowerCase() === around[1]!.toLowerCase() && before && !/^(?:more|less|fewer|the|a|an|in|have|has|had)$/i.test(before);
    return shared ? [`${before} ${around[1]!}`, around[2]!] : [around[1]!, around[2]!];
  }
  // "Who was born first out of A and B?", "Which is older between A and B?": two names joined by "and" after "out of" or "between".
  if (/^\s*(?:who|which)\b/i.test(q) && (GRADED.test(q) || /\b(?:first|last)\b/i.test(q))) {
    const pair = namePair(q, names, /^\s*,?\s*and\s+(?:the\s+)?$/i, /\b(?:out\s+of|between)\s+(?:the\s+)?$/i);
    if (pair) return pair;
  }
  // "Nice vs Toulouse: which is bigger?", "solar versus wind, which ...?": the options before the question.
  const versus = /^\s*(?:(?-i:the|a|an)\s+)?([^,:?]+?)\s+(?:vs\.?|versus)\s+(?:(?-i:the|a|an)\s+)?([^,:?]+?)\s*[,:;–—-]\s*(?:which|who|what)\b/i.exec(q);
  if (versus) return parallel(versus[1]!.trim(), versus[2]!.trim());
  if (!/\bor\b/i.test(q) || !/\?\s*$|\b(which|who|whom|what)\b/i.test(q)) return undefined;
  // "Gas or solar: which generated a larger share ...?": the options before the question.
  const leading = /^\s*(?:(?-i:the|a|an)\s+)?([^,:?]+?)\s+or\s+(?:(?-i:the|a|an)\s+)?([^,:?]+?)\s*[,:;–-]\s*(?:which|who|what)\b/i.exec(q);
  if (leading) return [leading[1]!.trim(), leading[2]!.trim()];
  // A lower-case article is not part of the option; "The Exies" keeps its capital one.
  const trailing = /[,:]\s*(?:(?-i:the|a|an)\s+)?([^,:?]+?)\s+or\s+(?:(?-i:the|a|an)\s+)?([^,:?]+?)\s*\??\s*$/i.exec(q);
  if (trailing) return [trailing[1]!.trim(), trailing[2]!.trim()];
  // Two names around "or"; "... the forming of The Dandy Warhols or the birth of Robert Young?": an event of each side between them.
  const orPair = namePair(q, names, /^\s*,?\s*or\s+(?:the\s+)?(?:\p{Ll}+\s+of\s+(?:the\s+)?)?$/iu);
  if (orPair) return orPair;
  const split = names.map((nm) => /^(.+?)\s+or\s+(.+)$/i.exec(nm)).find(Boolean);
  if (split) return [split[1]!, split[2]!];
  const plain = /\b([\p{L}-]+)\s+or\s+([\p{L}-]+)\s*\?\s*$/iu.exec(q);
  return plain ? [plain[1]!, plain[2]!] : undefined;
}

/**
 * Two options as long as each other: "gas vs solar share of french electricity 2023" sets gas
 * against solar, the rest being what both are compared on. The second is cut to the first's
 * length when it runs on by two words or more, or by a figure noun ("lyon vs marseille population").
 */
function parallel(first: string, second: string): [string, string] {
  const a = first.split(/\s+/);
  const b = second.split(/\s+/);
  const runsOn = b.length >= a.length + 2 || (b.length > a.length && NUMBER_NOUNS.test(b[a.length]!));
  return runsOn && a.length <= 2 ? [first, b.slice(0, a.length).join(' ')] : [first, second];
}

/** The first two names next to each other in the question with only `between` between them, and `before` before the first when given. */
function namePair(q: string, names: readonly string[], between: RegExp, before?: RegExp): [string, string] | undefined {
  for (const [i, a] of names.entries()) {
    const b = names[i + 1];
    const at = q.indexOf(a);
    if (!b || (before && !before.test(q.slice(0, at)))) continue;
    if (between.test(q.slice(at + a.length, q.indexOf(b, at + a.length)))) return [a, b];
  }
  return undefined;
}

/** "Compare the populations of Lyon and Marseille", "Is Lyon larger than Marseille?": the two sides. */
function comparedPair(q: string, names: string[]): [string, string] | undefined {
  for (const [i, a] of names.entries()) {
    const b = names[i + 1];
    if (!b) break;
    const between = q.slice(q.indexOf(a) + a.length, q.indexOf(b, q.indexOf(a) + a.length));
    // "fewer than 50 reactors in France": a figure after "than" is a bound, not the other side.
    if (/\bthan\s+(?:about\s+)?\d/i.test(between)) continue;
    if (/^\s*(?:,|and|with|to|vs\.?|versus|than|\S+er than|more\s+\S+\s+than)\s*(?:the\s+)?$/i.test(between) || /\bthan\b/i.test(between)) return [a, b];
  }
  const split = names.map((nm) => /^(.+?)\s+(?:and|vs\.?|versus)\s+(.+)$/i.exec(nm)).find(Boolean);
  if (split) return [split[1]!, split[2]!];
  // "Compare nuclear and wind power in France": two things named in common nouns, a word or two each.
  const common =
    /^(?:[Pp]lease\s+)?(?:[Cc]ompare|[Cc]omparing)\s+(?:the\s+)?([\p{Ll}-]+(?:\s+[\p{Ll}-]+)?)\s+(?:and|with|to|vs\.?|versus)\s+(?:the\s+)?([\p{Ll}-]+(?:\s+[\p{Ll}-]+)?)(?=\s+(?:in|of|for|at|on|by|during)\b|\s*[?.!]?\s*$)/u.exec(
      q,
    );
  if (common) return [common[1]!, common[2]!];
  // "Did solar generate a larger share than gas?": the subject after the verb and the word after "than".
  const plain =
    /^(?:did|does|do|is|was|are|were|has|have|had)\s+(?:the\s+)?([\p{L}-]+)\s.*?\b(?:\p{L}+er|more|less|fewer)\b[^?]*?\bthan\s+(?:the\s+)?([\p{L}-]+)/iu.exec(
      q,
    );
  // "more than half of ...", "fewer than fifty": a bound on a figure, not the other side.
  if (!plain || /^(?:half|a|an|one|two|three|four|five|six|seven|eight|nine|ten)$/i.test(plain[2]!)) return undefined;
  return [plain[1]!, plain[2]!];
}

/** The stems of a phrase's words together with those of every word the lexicon relates to them. */
export function expandedTerms(word: string, related: (phrase: string) => readonly string[]): Set<string> {
  const out = new Set<string>();
  // A related phrase of several words ("home office") would match each word alone: only single words count.
  // A verb phrase "be X" is X ("birth" → "be born" → born).
  for (const w of related(normalizeText(word))) {
    const verb = /^be\s+(\S+)$/.exec(w)?.[1];
    if (verb || !/\s/.test(w)) for (const t of contentTerms(verb ?? w)) out.add(t);
  }
  // The phrase itself counts whole: "power stations" is not "power" alone.
  const own = contentTerms(word);
  if (own.length > 0) out.add(own.join(' '));
  return out;
}

/** Whether a set of stems holds a term: a stem, or every stem of a phrase ("power station"). */
export function holdsTerm(terms: ReadonlySet<string>, term: string): boolean {
  return term.includes(' ') ? term.split(' ').every((t) => terms.has(t)) : terms.has(term);
}

/** Whether a term is the start of a longer word of the terms, of four letters or more ("hydro" of "hydroelectricity", "metro" of "metropolitan"). */
export function begun(terms: ReadonlySet<string>, t: string): boolean {
  return t.length >= 4 && [...terms].some((u) => u.startsWith(t));
}

/**
 * The words that say the class a question asks for: the class word's own related words, and for
 * a count of the people who live somewhere ("how many residents", "inhabitants", "people": kinds
 * of inhabitant or citizen, or people itself) the words of a population too.
 */
export function classWords(reading: QuestionReading, lexicon: Lexicon): Set<string> {
  const head = reading.answerClass?.split(' ').pop();
  if (!head) return new Set();
  const related = (w: string) => lexicon.related(w);
  const words = expandedTerms(head, related);
  const residents = reading.type === 'number' && countsPeople(head, lexicon);
  if (residents) for (const t of expandedTerms('population', related)) words.add(t);
  return words;
}

/** Words before a figure noun that say how much or how exactly, not which ("the total population"). */
const AMOUNT_WORDS =
  /^(?:total|overall|current|present|approximate|exact|estimated|entire|whole|full|latest|recent|annual|yearly|average|combined|maximum|minimum|peak|net|gross)$/i;

/**
 * What a question asking for a figure says the counted thing is of: the words right before its
 * figure noun ("hydroelectric capacity", "offshore wind capacity", "metropolitan area population")
 * and the source it comes from ("electricity from coal"), each with the figure noun it qualifies
 * (undefined for a source). Not a name, a year, a participle ("installed capacity" says how the
 * capacity is had, not which), nor a word of amount ("the total population").
 */
export function figureQualifiers(question: string): Array<{ word: string; noun?: string }> {
  const out: Array<{ word: string; noun?: string }> = [];
  const words = question.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  const qualifies = (w: string) =>
    /^\p{Ll}[\p{Ll}-]+$/u.test(w) &&
    isContentToken(w) &&
    !/(?:ed|ing)$/.test(w) &&
    !AMOUNT_WORDS.test(w) &&
    !NOT_RELATION.has(stem(w)) &&
    !/^(?:much|many)$/.test(w);
  // "the installed capacity of nuclear power": the first word of a compound after the figure's "of" (listed last).
  const after: Array<{ word: string }> = [];
  for (const [i, noun] of words.entries()) {
    if (!NUMBER_NOUNS.test(noun)) continue;
    for (let j = i - 1; j >= Math.max(0, i - 2) && qualifies(words[j]!); j--) out.push({ word: words[j]!, noun: noun.toLowerCase() });
    const [of, word, next] = [words[i + 1], words[i + 2], words[i + 3]];
    if (of?.toLowerCase() === 'of' && word && next && qualifies(word) && /^\p{Ll}/u.test(next)) after.push({ word });
  }
  const source = /\b(?:comes?|came|generated|produced|made|generates?|produces?|is|are|was|were)\s+(?:\p{L}+\s+)?from\s+(\p{Ll}[\p{Ll}-]+)\b/u.exec(
    question,
  )?.[1];
  if (source && qualifies(source)) out.push({ word: source });
  return [...out, ...after];
}

/** Whether a noun counts people: "people" itself, or a kind of person ("visitors", "residents"). */
export function countsPersons(noun: string, lexicon: Lexicon): boolean {
  return noun === 'people' || lexicon.isKindOf?.(noun, 'person') === true;
}

/** Whether a word counts the people who live somewhere ("residents", "inhabitants", "people"): a population. */
export function countsPeople(word: string, lexicon: Lexicon): boolean {
  return ['inhabitant', 'people', 'citizen'].some((kind) => lexicon.isKindOf?.(word, kind) === true);
}

/** Each relation word with its related words; two words the lexicon knows as one ("head office") count once. */
export function relationSets(words: readonly string[], related: (phrase: string) => readonly string[]): Array<{ words: string; terms: Set<string> }> {
  const sets: Array<{ words: string; terms: Set<string> }> = [];
  for (let i = 0; i < words.length; i++) {
    const pair = i + 1 < words.length ? `${words[i]} ${words[i + 1]}` : undefined;
    if (pair && related(pair).length > 1) {
      // An idiom is also said in its own words ("open its doors": "opened in 2014").
      sets.push({ words: pair, terms: new Set([...expandedTerms(pair, related), ...contentTerms(pair)]) });
      i++;
      continue;
    }
    sets.push({ words: words[i]!, terms: expandedTerms(words[i]!, related) });
  }
  return sets;
}

/** Nouns naming who made, leads or holds a thing: "the director of film X" is a person to find first. */
export const ROLE_NOUNS =
  'director|performer|composer|writer|author|producer|creator|founder|owner|singer|designer|architect|developer|publisher|editor|presenter|screenwriter|lyricist|painter|sculptor|star|manager|coach|captain|leader|president|chairman|ceo|head|inventor|discoverer|builder|artist|narrator|host|teacher';

/** A name written before a possessive: capitalised words or numbers, joined by small words ("Hit Parade of 1941"). */
const NAME_BEFORE_POSSESSIVE =
  /(?:\bthe\s+)?((?:\p{Lu}[^\s?'’,]*|\d+)(?:\s+(?:(?:of|the|at|and|in|on|for|de|du|la|le|von|van)\s+)*(?:\p{Lu}[^\s?'’,]*|\d+))*)$/u;
/** The words a question opens on, capitalised as its first word is, that are no part of a name after them. */
const OPENING_WORDS = /^(?:(?:When|Where|Who|Whom|Whose|What|Which|How|Why|Is|Was|Are|Were|Did|Does|Do|In|On|At|From|For)\s+)+/u;

/**
 * "Hit Parade of 1941's director" written as "the director of Hit Parade of 1941", as describedPerson
 * reads a role; "When was Clara Vinther's teacher born?" as "When was the teacher of Clara Vinther born?"
 * (the name starts past the words the question opens on).
 */
export function roleOfWritten(question: string): string {
  const role = new RegExp(`['’]s\\s+(${ROLE_NOUNS})\\b(?!\\s+of\\b)`, 'u').exec(question);
  if (!role) return question;
  const before = question.slice(0, role.index);
  const written = NAME_BEFORE_POSSESSIVE.exec(before);
  if (!written) return question;
  const opening = written.index === 0 ? (OPENING_WORDS.exec(written[1]!)?.[0] ?? '') : '';
  const name = written[1]!.slice(opening.length);
  if (name === '') return question;
  return `${before.slice(0, written.index)}${opening}the ${role[1]} of ${name}${question.slice(role.index + role[0].length)}`;
}

/**
 * A person the question describes by a role before asking something of them ("Where was the
 * director of film Hatchet II born?": the director is found first, then asked where he was born):
 * the words that describe them, and the question that finds them ("Who is the director of film
 * Hatchet II?"). Undefined when the role is itself the answer ("Who directed ...", "Who is the
 * director of ...") or the question describes no one by a role.
 */
export function describedPerson(question: string): { phrase: string; find: string } | undefined {
  const q = question
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s*\?+\s*$/, '');
  const m = new RegExp(
    `\\bthe\\s+(?:(?:original|first|founding|former|late)\\s+)?(?:${ROLE_NOUNS})\\s+of\\s+(?:the\\s+|an?\\s+)?(?:(?:\\d{4}\\s+)?(?:\\p{Lu}[\\p{L}-]*\\s+){0,2}(?:\\p{Ll}+\\s+)?(?:film|song|album|book|novel|band|group|company|show|series|play|game|magazine|newspaper|poem|opera|painting)\\s+)?["“‘']?\\p{Lu}[^?]*$`,
    'u',
  ).exec(q);
  if (!m) return undefined;
  // The words after the subject that ask of it ("... born", "... die") are not the subject's.
  const phrase = m[0].replace(CLOSING_WORDS, '');
  const before = q.slice(0, m.index).trim();
  // "Who is the director of X?": the role is what is asked, not a step to it.
  if (/^(?:who|whom)(?:\s+(?:is|was|are|were))?$/i.test(before) || before === '') return undefined;
  return { phrase, find: `Who is ${phrase}?` };
}

/**
 * "... the river the Varn Bridge crosses", "... the river crossed by the Varn Bridge": a clause
 * with no relative word, read as the one with "that" ("the river that the Varn Bridge crosses",
 * "the river that was crossed by ...").
 */
function contactClause(q: string): [string, string, string, string, string] | undefined {
  const name = "(?:the\\s+)?\\p{Lu}[\\p{L}'’.-]*(?:\\s+(?:of\\s+)?\\p{Lu}[\\p{L}'’.-]*)*";
  // "the police drama Moira Delaney wrote for": the thing's noun may have a word before it.
  const lead = '\\b(?:of|in|from|for|at|on|to|with|through|into|near|across|is|was|\\p{Ll}{3,}ed)\\s+(the\\s+((?:\\p{Ll}+\\s+)?\\p{Ll}+)\\s+';
  // Its verb ("crosses", "was born"), and a preposition it ends with ("plays for"); a verb of any
  // form with its preposition ("wrote for").
  const preposition = '(?:in|at|for|on|from|with|to|into|through|across|by|under)';
  const verb = `(?:(?:(?:is|was|are|were)\\s+(?:\\p{Ll}+ed|born|known|built|made|held)|\\p{Ll}+(?:s|ed))(?:\\s+${preposition})?|\\p{Ll}{3,}\\s+${preposition})`;
  const active = new RegExp(`${lead}(${name}\\s+${verb}))$`, 'u').exec(q);
  if (active) return [active[0], active[1]!, active[2]!, 'that', active[3]!];
  const passive = new RegExp(`${lead}(\\p{Ll}+ed\\s+by\\s+${name}))$`, 'u').exec(q);
  return passive ? [passive[0], passive[1]!, passive[2]!, 'that', `was ${passive[3]!}`] : undefined;
}

/**
 * A thing the question describes by a relative clause after a preposition ("the population of the
 * city where Kerry Saxby-Junna was born"): the words that describe it, and the question that finds
 * it, asked with the clause's own words ("Where Kerry Saxby-Junna was born?", "Which company
 * published X?"). Undefined for a question without such a clause.
 */
export function describedThing(question: string): { phrase: string; find: string; role?: string; kind?: string; also?: string } | undefined {
  const q = question
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s*\?+\s*$/, '');
  // "... through the capital of France": the thing that holds that role for the name.
  const held = /\b(?:of|in|from|for|at|on|to|with|through|into|near|across)\s+(the\s+(\p{Ll}+)\s+of\s+\p{Lu}[^,;]*)$/u.exec(q);
  if (held && !/^(?:who|whom|what|which)\b/i.test(q.slice(held.index).trim())) {
    return { phrase: held[1]!, find: `What is ${held[1]}?`, role: held[2]! };
  }
  // "... through the city where ...", "Which region is the city that ...?", "Who owns the airport that ...?",
  // "Which company owns the station that ...?".
  const m =
    /\b(?:of|in|from|for|at|by|on|to|with|after|under|through|into|near|across|is|was|did|does|do|\p{Ll}{3,}ed|(?<=^(?:[Ww]ho|(?:[Ww]hich|[Ww]hat)\s+\p{Ll}+)\s+)\p{Ll}{2,}s)\s+(the\s+(\p{Ll}+)\s+(where|that|which|who|whom|whose)\s+([^,;]+))$/u.exec(
      q,
    ) ?? contactClause(q);
  if (!m) return undefined;
  const [lead, whole, noun, relative, said] = m as unknown as [string, string, string, string, string];
  // "In which city was the band that recorded Low Tides formed?", "When did the shipyard that built
  // MS Halsa close?": after "was" or "did", a word after the name of a clause that opens with its
  // verb is the question's own participle or verb, no part of the clause.
  const auxiliary = /^(?:did|does|do)\s/.test(lead);
  // "When was the university where Ingrid Falk studied founded?": after "was", a participle after a
  // clause that opens with its name and verb is the question's own too; a name may end on a figure
  // ("... introduced the Clean Rivers Act 1974 born?"); the participle may follow its adverb ("... the
  // Mary Ellen sank near first lit?").
  const own =
    auxiliary || /^(?:is|was|are|were)\s/.test(lead)
      ? (/^((?!(?:the|a|an)\s)\p{Ll}+\s.*\p{Lu}[\p{L}\p{N}'’.-]*(?:\s+\d+)?)\s+(\p{Ll}+)$/u.exec(said) ??
        (auxiliary
          ? null
          : /^((?:the\s+)?\p{Lu}.*?\s\p{Ll}{3,})\s+((?:(?:first|last|originally|officially|formally|finally|later)\s+)?(?:\p{Ll}{2,}(?:ed|en)|built|held|made|sold|won|lit|begun)(?:\s+by\s+\p{Ll}{3,})?)$/u.exec(
              said,
            )))
      : null;
  // After "did", the question's own verb ends it: without one, the clause is the question's.
  if (auxiliary && !own) return undefined;
  // "The stadium of the club that Pieter van Aal manages was designed by whom?": the passive the
  // question ends on is its own, no part of the clause.
  const byWhom = own ? null : /^(.+?)\s+((?:was|were|is|are|has\s+been|had\s+been)\s+(?:\p{Ll}+\s+){1,2}by\s+whom)$/u.exec(said);
  const clause = own ? own[1]! : byWhom ? byWhom[1]! : said;
  const phrase = own ? whole.slice(0, whole.length - own[2]!.length - 1) : byWhom ? whole.slice(0, whole.length - byWhom[2]!.length - 1) : whole;
  // The clause must name what it is about: a capitalised name of its own, or two words of its own,
  // with its verb ("where bouillabaisse comes from", typed in lower case); then what it finds must
  // be of the noun's kind (`kind`: a city, for "the city where ..."; "who" says a person already).
  const named = /\p{Lu}/u.test(clause);
  if (!named && contentTerms(clause).length < 2) return undefined;
  // "the railway whose chief engineer was Jonas Fahl" is found as "Jonas Fahl was the chief engineer of which railway?".
  if (relative === 'whose') {
    const role = /^((?:\p{Ll}+\s+){0,2}\p{Ll}+)\s+(is|was|are|were)\s+(\p{Lu}.*)$/u.exec(clause);
    return role ? { phrase, find: `${role[3]} ${role[2]} the ${role[1]} of which ${noun}?` } : undefined;
  }
  const person = relative === 'who' || relative === 'whom';
  // "where FC Varn is based" is asked in a question's order: "Where is FC Varn based?".
  const asked = /^(.+?)\s+(is|was|are|were)\s+(\p{Ll}.*)$/u.exec(clause);
  const where = asked ? `Where ${asked[2]} ${asked[1]} ${asked[3]}?` : `Where ${clause}?`;
  const find = relative === 'where' ? where : person ? `Who ${clause}?` : `Which ${noun} ${clause}?`;
  // "the stadium where FC Varn plays": when "Where FC Varn plays?" finds nothing the noun names
  // (its league), "In which stadium FC Varn plays?" is asked besides (describedAnswer).
  const also = relative === 'where' && !asked && noun !== 'place' ? { also: `In which ${noun} ${clause}?` } : {};
  return named || person ? { phrase, find, ...also } : { phrase, find, kind: noun, ...also };
}
