/**
 * The spans of a sentence that could answer a question of a given type: numbers with their
 * qualifier, scale and unit ("about 873,000", "80 million tonnes"), dates ("8 June 1951",
 * "April 5, 1975", "the 19th century"), years, and proper names. The answerer picks among them;
 * the relevance rule asks whether any exists.
 */
import type { AnswerType } from './question.js';
import { bareTitle, entitySpans, escapeRegExp, NUMBER_WORDS, PLURALS_WITHOUT_S } from './text.js';

export interface Candidate {
  text: string;
  /** Where it starts in the sentence. */
  at: number;
  kind: 'number' | 'date' | 'year' | 'name';
  /** numbers: the value, scale applied; dates and years: the year. */
  value?: number;
}

const MONTH_NAMES = 'January|February|March|April|May|June|July|August|September|October|November|December';
const MONTH = `(?:${MONTH_NAMES}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\.?`;
/** The word a birth name follows, not a birthday: "born Eleanor Grace Haverty", "née Voss", never "born May 3". */
export const BORN_AS = `(?:born|née|nee)(?=\\s+(?!${MONTH}\\b)\\p{Lu})`;
const DATE = new RegExp(
  `\\b(?:\\d{1,2}\\s+${MONTH}\\s+\\d{3,4}|${MONTH}\\s+\\d{1,2},?\\s+\\d{3,4}|${MONTH}\\s+\\d{3,4}|(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)\\s+[Cc]entury(?:\\s+(?:BC|AD|BCE|CE))?|\\d{3,4}\\s*(?:BC|AD|BCE|CE)\\b|\\d{4}s\\b)`,
  'g',
);
/** A year of the last thousand years: what a passage dates something with. */
export const YEAR_WORD = /\b(?:1[0-9]{3}|20[0-9]{2})\b/;
const YEAR = /\b(1[0-9]{3}|20[0-9]{2})\b(?!\s*(?:%|percent|per cent))/g;
const QUALIFIER =
  '(?:(?:about|around|approximately|nearly|almost|over|more\\s+than|less\\s+than|fewer\\s+than|some|roughly|up\\s+to|at\\s+least|an\\s+estimated)\\s+)?';
const SCALE: Readonly<Record<string, number>> = { hundred: 1e2, thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
/** Words that end the noun a figure counts: "873,000 in 2020", "65 percent of". */
const NOT_COUNTED =
  '(?!(?:and|or|in|on|at|of|to|by|for|from|the|a|an|with|than|as|after|before|since|until|during|who|which|that|is|are|was|were|its|his|her|their|this|these|those)\\b)';
/** English's plurals without an "s" that a count may end on (text.ts#PLURALS_WITHOUT_S), as a pattern's alternatives. */
const PLURAL_WITHOUT_S = `(?:${PLURALS_WITHOUT_S.join('|')})`;
/**
 * A figure and the noun it counts: one word ("65 percent"), or a modifier and a plural ("24 studio
 * albums", "34 turboprop aircraft"), as counts in words are read.
 */
const NUMBER = new RegExp(
  `${QUALIFIER}(?:[$€£]\\s?)?\\d(?:[\\d,]*\\d)?(?:\\.\\d+)?(?:\\s*(?:hundred|thousand|million|billion|trillion))?(?:\\s*(?:%|percent|per\\s+cent))?(?:\\s+${NOT_COUNTED}[\\p{Ll}][\\p{Ll}-]+(?:\\s+${NOT_COUNTED}(?:[\\p{Ll}][\\p{Ll}-]*s|${PLURAL_WITHOUT_S})\\b)?)?`,
  'giu',
);
/**
 * Each unit of length, area, mass, speed or temperature a measure is given in, by the name a
 * question asks it in ("in metres"), with the spellings and abbreviations passages use. No
 * one-letter unit but "m" ("g", "t" and "l" stand for too much else), no "pounds" (money too).
 */
const UNIT_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  metre: ['m', 'metre', 'metres', 'meter', 'meters'],
  kilometre: ['km', 'kilometre', 'kilometres', 'kilometer', 'kilometers'],
  centimetre: ['cm', 'centimetre', 'centimetres', 'centimeter', 'centimeters'],
  millimetre: ['mm'],
  foot: ['ft', 'foot', 'feet'],
  inch: ['in', 'inch', 'inches'],
  mile: ['mi', 'mile', 'miles'],
  yard: ['yd', 'yards'],
  'square kilometre': ['km2', 'km²', 'sq km', 'square kilometre', 'square kilometres', 'square kilometer', 'square kilometers'],
  'square metre': ['m2', 'm²', 'sq m', 'square metre', 'square metres', 'square meter', 'square meters'],
  'square mile': ['mi2', 'mi²', 'sq mi', 'square mile', 'square miles'],
  'square foot': ['ft2', 'ft²', 'sq ft', 'square feet'],
  hectare: ['ha', 'hectare', 'hectares'],
  acre: ['acres'],
  kilogram: ['kg', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes'],
  pound: ['lb', 'lbs'],
  tonne: ['tonnes'],
  'kilometre per hour': ['km/h'],
  'mile per hour': ['mph'],
  knot: ['knots'],
  'degree Celsius': ['°C', '° C', 'degrees Celsius', 'degrees C'],
  'degree Fahrenheit': ['°F', '° F', 'degrees Fahrenheit', 'degrees F'],
};
/** A unit after a figure, as UNIT_SPELLINGS spell it ("sq." with its stop too); not "in" or "inches" (a preposition after any figure: "1,000 in 2010"), read only after a larger unit (MEASURED). */
const UNIT = `(?:${Object.entries(UNIT_SPELLINGS)
  .flatMap(([unit, spellings]) => (unit === 'inch' ? [] : spellings))
  .sort((a, b) => b.length - a.length)
  .map((spelling) => escapeRegExp(spelling).replace(/^sq /, 'sq\\.?\\s+').replace(/ /g, '\\s+'))
  .join('|')})(?![\\p{L}\\d/])`;
/** One figure and its unit, the unit joined by a hyphen too ("a 142-kilometre line"), then a smaller unit after it ("6 ft 7 in", "5 feet 11 inches"). */
const MEASURED = `\\d[\\d,]*(?:\\.\\d+)?(?:\\s*|-)${UNIT}(?:\\s+\\d+(?:\\.\\d+)?\\s*(?:in|inches|inch|cm)(?![\\p{L}\\d]))?`;
/**
 * A measure, with its conversion in parentheses: "6 ft 7 in (2.01 m)", "212 m (696 ft)", "12.4 square miles (32 km2)";
 * of two sides, one figure before the other ("140 by 210 centimetres", "2 × 3 m").
 */
const MEASURE = new RegExp(
  `${QUALIFIER}(?:\\d[\\d,]*(?:\\.\\d+)?\\s*(?:by|×)\\s*)?${MEASURED}(?:\\s*\\(\\s*(?:about\\s+|approx\\.\\s+)?${MEASURED}\\s*\\))?`,
  'giu',
);

/** The unit a word or two name, however spelt ("km", "kilometres": kilometre); undefined for any other words. */
export function unitNamed(words: string): string | undefined {
  const said = words.toLowerCase().replace(/\.\s*/g, ' ').replace(/\s+/g, ' ').trim();
  return Object.keys(UNIT_SPELLINGS).find((unit) => UNIT_SPELLINGS[unit]!.includes(said));
}

/** The unit a question asks a measure in, at its end: "in square kilometres?", "in km" (group 1). */
export const UNIT_ASKED = /\bin\s+((?:square\s+|sq\.?\s+)?[\p{L}²2]+)\s*\??\s*$/iu;

/** Each unit's size in its dimension's base unit (metre, square metre, kilogram, kilometre per hour), by dimension. */
const UNIT_SIZES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  length: { metre: 1, kilometre: 1000, centimetre: 0.01, millimetre: 0.001, foot: 0.3048, inch: 0.0254, mile: 1609.344, yard: 0.9144 },
  area: { 'square kilometre': 1e6, 'square metre': 1, 'square mile': 2_589_988, 'square foot': 0.0929, hectare: 1e4, acre: 4046.86 },
  mass: { kilogram: 1, pound: 0.4536, tonne: 1000 },
  speed: { 'kilometre per hour': 1, 'mile per hour': 1.609344, knot: 1.852 },
};
/** A unit's dimension and size, as UNIT_SIZES gives them. */
const UNIT_SIZE = new Map(
  Object.entries(UNIT_SIZES).flatMap(([dimension, sizes]) => Object.entries(sizes).map(([unit, size]) => [unit, { dimension, size }] as const)),
);

/**
 * A measure's first figure in its dimension's base unit: "2.1 kilometres" is 2,100 metres of
 * length, "214 metres" 214; undefined for a figure with no unit of UNIT_SPELLINGS.
 */
export function inBaseUnit(measure: string): { value: number; dimension: string } | undefined {
  const m = /(\d[\d,]*(?:\.\d+)?)(?:\s*|-)([\p{L}/²]+(?:\s+[\p{L}/²]+)?)/u.exec(measure);
  if (!m) return undefined;
  const words = m[2]!.split(/\s+/);
  // "2.1 kilometres long": the unit is a word or two ("square miles"), whichever is named.
  const unit = unitNamed(words.join(' ')) ?? unitNamed(words[0]!);
  const size = unit ? UNIT_SIZE.get(unit) : undefined;
  return size ? { value: Number(m[1]!.replace(/,/g, '')) * size.size, dimension: size.dimension } : undefined;
}

/**
 * A measure in another unit of its dimension, when the passage gives none in it: "2,469 metres" in
 * feet is "about 8,100 feet" (three significant figures, as a conversion is written). Undefined
 * when the measure has no unit, or the unit asked is of another dimension.
 */
export function convertedTo(measure: string, unit: string): string | undefined {
  const asked = unitNamed(unit);
  const given = inBaseUnit(measure);
  const size = asked ? UNIT_SIZE.get(asked) : undefined;
  if (!given || !size || size.dimension !== given.dimension) return undefined;
  const value = given.value / size.size;
  const digits = Math.max(0, 3 - Math.ceil(Math.log10(Math.abs(value) + 1e-9)));
  const rounded = Number(value.toPrecision(3));
  const written = rounded.toLocaleString('en-US', { maximumFractionDigits: digits });
  const spellings = UNIT_SPELLINGS[asked!]!;
  // The unit as a passage spells it in full and in the plural ("feet", "square kilometres"), else as asked.
  const plural = spellings.find((w) => w === 'feet' || w === 'inches' || (w.endsWith('s') && w.length > 3 && !w.startsWith('sq'))) ?? unit;
  return `about ${written} ${plural}`;
}

/** The measures a text gives whole (MEASURE): "6 ft 7 in (2.01 m)". */
export function measuresIn(text: string): string[] {
  return [...text.matchAll(MEASURE)].map((m) => m[0]);
}

/** The part of a measure in a unit: "32 km2" of "12.4 square miles (32 km2)" in square kilometres; undefined when it has none. */
export function measureIn(measure: string, unit: string): string | undefined {
  const asked = unitNamed(unit);
  if (asked === undefined) return undefined;
  const parts = /^(.*?)\s*\(\s*(?:about\s+|approx\.\s+)?(.+?)\s*\)\s*$/.exec(measure)?.slice(1) ?? [measure];
  return parts.find((part) => unitNamed(/^\D*\d[\d,]*(?:\.\d+)?\s*(.+?)(?:\s+\d.*)?$/.exec(part)?.[1] ?? '') === asked);
}

/** "a hundred bus routes", "over a thousand stations": a scale word counted once, with what it counts. */
const A_SCALE = /\b((?:over|about|nearly|almost|more than|some)\s+)?a\s+(hundred|thousand|million|billion)\s+((?:[\p{Ll}-]+\s+)?[\p{Ll}-]+s)\b/giu;
/** "the only species", "its only child": one of a thing. */
const ONLY_ONE = /\b(?:the|its|his|her|their)\s+only\s+([\p{Ll}-]+)\b/giu;
/** A plural already counted ends the noun: "400 stations across", "seven players pass" count stations and players; a plural after it is the noun ("14 singles titles"). */
const PLURAL_THEN_WORD = /(\s\p{Ll}[\p{Ll}-]*[^s\s]s)\s+(?!\p{Ll}[\p{Ll}-]*[^su\s]s$)\p{Ll}[\p{Ll}-]*$/u;
/** The scale words a number word may take ("two hundred"), as a pattern's alternatives. */
const WORD_SCALE = 'hundred|thousand|million|billion';
/** The number words of tens and of units, which a hyphen joins ("forty-one"). */
const TENS_WORDS = Object.keys(NUMBER_WORDS).filter((w) => NUMBER_WORDS[w]! >= 20);
const UNIT_WORDS = Object.keys(NUMBER_WORDS).filter((w) => NUMBER_WORDS[w]! < 10);
/**
 * A number word before a plural noun, with its qualifier and scale: "four metro lines", "more than two
 * decades", "forty-one miners", "two hundred people"; not the last word of a number of several ("two
 * hundred and fifty kilometres"), nor a word that only ends in s ("three of its").
 */
const WORD_NUMBER = new RegExp(
  `(?<!\\b(?:${WORD_SCALE})\\s+(?:and\\s+)?|-)\\b${QUALIFIER}((?:${TENS_WORDS.join('|')})-(?:${UNIT_WORDS.join('|')})|${Object.keys(NUMBER_WORDS).join('|')})(?:\\s+(${WORD_SCALE}))?\\s+((?:(?!(?:${WORD_SCALE})\\b)[\\p{Ll}-]+\\s+)?(?:(?!(?:its|his|this|was|has|is|as|us|thus|yes|less|unless|across|always|perhaps|whereas|besides|towards)\\b)[\\p{Ll}-]+s|${PLURAL_WITHOUT_S}))\\b`,
  'giu',
);

/** A count joined to its noun by a hyphen: "ten-game", "12-episode"; not an age ("ten-year-old"). */
const COUNT_JOINED = new RegExp(`(?<![\\p{L}\\d.,-])(\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})-(\\p{Ll}{3,})\\b(?!-)`, 'giu');

/** A count, in figures or in words. */
const COUNT = `(?:\\d[\\d,]*|${Object.keys(NUMBER_WORDS).join('|')})`;
/** What a part is "of": its whole's owner, after "of" ("of the", "of her"). */
const WHOLE_OWNER = '(?:the|his|her|its|their)';
const OF_WHOLE = `\\s+of\\s+${WHOLE_OWNER}\\s+`;
/** A part of a counted whole: "Seven of her nine crew", "two of the five members", "Three of its researchers" (the part, group 1). */
const PART_OF_COUNT = new RegExp(`(?<![\\p{L}\\d-])(${COUNT})(?=${OF_WHOLE}(?:${COUNT}\\s+\\p{Ll}|\\p{Ll}+[^s\\s]s\\b))`, 'giu');
/** The counted whole right after a part, and its noun (group 1): " of the 200 seats", " of its nine crew". */
export const PART_OF_WHOLE = new RegExp(`^${OF_WHOLE}${COUNT}\\s+(\\p{Ll}+)`, 'iu');
/** The counted whole fronted before its part's clause, and its noun (group 1): "Of the 312 people on board, " (41 died). */
export const WHOLE_FRONTED = new RegExp(`^\\s*of\\s+${WHOLE_OWNER}\\s+${COUNT}\\s+(\\p{Ll}+)[^,;]*,\\s*$`, 'iu');

/** The lower bound of a range before a count ("two to ", "2–"); not the start of a change ("from 100 to 400 members"). */
const RANGE_BEFORE = new RegExp(`(?<!\\bfrom\\s+)\\b(?:\\d[\\d,]*|${Object.keys(NUMBER_WORDS).join('|')})(?:\\s+to\\s+|\\s*[–-]\\s*)$`, 'iu');

/** The words a figure is counted or measured in ("about 65 percent (2023)" → "percent"), without its multiplier and year. */
export function unitOf(figure: string): string | undefined {
  const m = /\d[\d,.]*(?:\s+(?:hundred|thousand|million|billion|trillion)\b)?(?:\s+([\p{L}][\p{L}-]*(?:\s+[\p{L}][\p{L}-]*)?))?/u.exec(bareTitle(figure));
  return m?.[1];
}

/** The figure a short answer gives, without the year written after it in parentheses ("about 873,000 (2020)"). */
export function figureIn(answer: string): Candidate | undefined {
  return numbersIn(bareTitle(answer))[0];
}

/** A count of times said in one word; not "once" ("a large share once": formerly), nor a multiple ("twice as large", "twice the size"). */
const TIMES: Record<string, number> = { twice: 2, thrice: 3 };
const TIMES_WORD = /\b(?:twice|thrice)\b(?!\s+(?:as|the|that|than)\b)/giu;

/** A time a race was run in: hours, minutes and seconds ("2:04:12"), or minutes and seconds with a fraction ("1:58.3"). */
export const RACE_TIME = /(?<![\d:])(?:\d{1,2}:\d{2}:\d{2}(?:\.\d+)?|\d{1,2}:\d{2}\.\d+)(?![\d:])/g;

export function numbersIn(sentence: string): Candidate[] {
  const dates = datesIn(sentence);
  const inDate = (at: number, end: number) => dates.some((d) => at < d.at + d.text.length && end > d.at);
  const out: Candidate[] = [];
  // A measure is one figure with its units and conversion, not a figure for each of them.
  const measures = [...sentence.matchAll(MEASURE)].filter((m) => !/[$€£]\s?$/.test(sentence.slice(0, m.index)));
  for (const m of measures) out.push({ text: m[0], at: m.index, kind: 'number', value: Number(/\d[\d,]*(?:\.\d+)?/.exec(m[0])![0].replace(/,/g, '')) });
  // A time a race was run in ("2:04:12", "1:58.3"), as one figure of seconds; not a time of day ("10:30").
  for (const m of sentence.matchAll(RACE_TIME)) {
    const parts = m[0].split(':').map(Number);
    out.push({ text: m[0], at: m.index, kind: 'number', value: parts.reduce((total, part) => total * 60 + part, 0) });
    measures.push(m);
  }
  const measured = (at: number) => measures.some((m) => at >= m.index && at < m.index + m[0].length);
  for (const m of sentence.matchAll(NUMBER)) {
    if (measured(m.index + m[0].search(/\d/))) continue;
    // A comma after a figure ends the clause ("Op. 85, is an opera"); it is no digit group.
    // A plural already counted ends the noun: "400 stations across" counts stations.
    const text = m[0].trim().replace(/,$/, '').replace(PLURAL_THEN_WORD, '$1');
    const digits = /\d[\d,]*(?:\.\d+)?/.exec(text)![0];
    const at = m.index + m[0].indexOf(text);
    // A catalogue number ("Op. 85", "No. 5", "#9") names a work; it counts nothing. Nor does one
    // written into a name, a capital against it ("41P/Varga", "F-16").
    const digitsAt = at + text.indexOf(digits);
    if (
      /\b(?:No|Nos|Op|Opp)\.\s*$|#\s*$/.test(sentence.slice(0, at)) ||
      /\p{Lu}-?$/u.test(sentence.slice(0, digitsAt)) ||
      /^\d+\p{Lu}/u.test(sentence.slice(digitsAt))
    )
      continue;
    // A bare year is a date, not a quantity.
    if (inDate(at + text.indexOf(digits), at + text.indexOf(digits) + digits.length) || (/^\d{4}$/.test(text) && YEAR.test(text))) {
      YEAR.lastIndex = 0;
      continue;
    }
    YEAR.lastIndex = 0;
    const scale = /\b(hundred|thousand|million|billion|trillion)\b/i.exec(text)?.[1]?.toLowerCase();
    const value = Number(digits.replace(/,/g, '')) * (scale ? SCALE[scale]! : 1);
    out.push({ text, at, kind: 'number', value });
  }
  for (const m of sentence.matchAll(WORD_NUMBER)) {
    const value =
      m[1]!
        .toLowerCase()
        .split('-')
        .reduce((sum, word) => sum + NUMBER_WORDS[word]!, 0) * (m[2] ? SCALE[m[2].toLowerCase()]! : 1);
    out.push({ text: m[0].replace(PLURAL_THEN_WORD, '$1'), at: m.index, kind: 'number', value });
  }
  // "a ten-game match", "a 12-episode series": a count joined to its noun.
  for (const m of sentence.matchAll(COUNT_JOINED)) {
    if (measured(m.index)) continue;
    const value = /^\d/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS[m[1]!.toLowerCase()];
    if (value !== undefined) out.push({ text: m[0], at: m.index, kind: 'number', value });
  }
  // "Seven of her nine crew drowned": the part counts as the whole does ("one of the ten founders" says who, not how many).
  for (const m of sentence.matchAll(PART_OF_COUNT)) {
    const value = /^\d/.test(m[1]!) ? Number(m[1]!.replace(/,/g, '')) : NUMBER_WORDS[m[1]!.toLowerCase()];
    if (value !== undefined && value > 1) out.push({ text: m[0], at: m.index, kind: 'number', value });
  }
  // "has won it twice": a count of times.
  for (const m of sentence.matchAll(TIMES_WORD)) out.push({ text: m[0], at: m.index, kind: 'number', value: TIMES[m[0].toLowerCase()]! });
  // "the only species in the genus": a count of one.
  for (const m of sentence.matchAll(ONLY_ONE)) out.push({ text: m[0], at: m.index, kind: 'number', value: 1 });
  // "over a hundred bus routes": a scale word after "a" is a count too.
  for (const m of sentence.matchAll(A_SCALE)) out.push({ text: m[0], at: m.index, kind: 'number', value: SCALE[m[2]!.toLowerCase()]! });
  // "for two to five players", "2–5 players": a count is given as its range, the lower bound no count of its own.
  const ranged = out.map((c) => {
    const lower = /^[\d\p{L}]/u.test(c.text) ? RANGE_BEFORE.exec(sentence.slice(0, c.at)) : null;
    return lower ? { ...c, text: lower[0] + c.text, at: lower.index } : c;
  });
  return ranged.filter((c) => !ranged.some((r) => r !== c && r.at <= c.at && r.at + r.text.length > c.at + c.text.length)).sort((a, b) => a.at - b.at);
}

export function datesIn(sentence: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of sentence.matchAll(DATE)) {
    const year = /\d{3,4}/.exec(m[0])?.[0];
    const century = /(\d{1,2})(?:st|nd|rd|th)\s+century/i.exec(m[0]);
    // Before the era, a year counts down: 600 BC is before 100 BC, the 5th century BC begins in 500 BC.
    const bc = /\bBCE?\b/.test(m[0]);
    const value = century ? (bc ? -Number(century[1]) * 100 : (Number(century[1]) - 1) * 100) : bc ? -Number(year) : Number(year);
    out.push({ text: m[0].replace(/^the\s+/i, ''), at: m.index, kind: 'date', value });
  }
  for (const m of sentence.matchAll(YEAR)) {
    if (out.some((d) => m.index >= d.at && m.index < d.at + d.text.length)) continue;
    out.push({ text: m[0], at: m.index, kind: 'year', value: Number(m[0]) });
  }
  // A month with no day or year is when something recurs ("held each October", "in December"): a date of no year.
  // So is a day of the week said plural or after "each", "every" ("closed on Mondays", "every Sunday").
  for (const m of [...sentence.matchAll(RECURRING_MONTH), ...sentence.matchAll(RECURRING_DAY)]) {
    const at = m.index + m[0].length - m[1]!.length;
    if (!out.some((d) => at >= d.at && at < d.at + d.text.length)) out.push({ text: m[1]!, at, kind: 'date' });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** A day of the week that recurs: "on Mondays", "each Sunday", "every Friday": group 1. */
const RECURRING_DAY = /\b(?:on\s+(?=\p{Lu}\p{Ll}+days\b)|each\s+|every\s+)((?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?)\b/gu;
/** A month named alone after "each", "every" or "in", no day or year beside it: group 1. */
const RECURRING_MONTH = new RegExp(`\\b(?:each|every|in)\\s+(${MONTH_NAMES})\\b(?!\\s*\\d|,?\\s+(?:of\\s+)?(?:the\\s+)?(?:year|\\d))`, 'gu');

export function namesIn(sentence: string): Candidate[] {
  // Spans come in the order they are written: each is looked for after the one before, so a name
  // said twice ("The Brno Summer Gala ... in Brno") stands where it is said, not at its first letters.
  let from = 0;
  return withWorkTitles(
    entitySpans(sentence)
      .filter((span) => !/^[\d\s,.]+$/.test(span))
      // "its 13th-century chapel": a century is a date (datesIn), no name.
      .filter((span) => !/^\d{1,2}(?:st|nd|rd|th)[\s-]century$/i.test(span))
      // A match's score after a side's name is no part of it: "beat Sheffield United 1–0".
      .map((span) => span.replace(/\s+\d{1,2}\s*[–-]\s*\d{1,2}$/, ''))
      .map((span) => {
        const next = sentence.indexOf(span, from);
        const at = next >= 0 ? next : Math.max(0, sentence.indexOf(span));
        if (next >= 0) from = next + span.length;
        return { text: span, at, kind: 'name' as const };
      }),
    sentence,
  );
}

/** A small word a work's title may hold between its capitals ("Climbs in the North"). */
const TITLE_JOIN = /^\s+(?:in|on|at|and|to|from|with|under|over|into|a|an)\s+(?:the\s+|a\s+|an\s+)?$/;

/**
 * Two names a small word joins, the second followed by a year in brackets, are one work's title:
 * "His book Climbs in the North (1881)" names "Climbs in the North", not "Climbs" and "North".
 */
function withWorkTitles(names: Candidate[], sentence: string): Candidate[] {
  const out: Candidate[] = [];
  for (const c of names) {
    const last = out.at(-1);
    const gap = last ? sentence.slice(last.at + last.text.length, c.at) : '';
    if (last && TITLE_JOIN.test(gap) && /^\s*\(\d{4}\)/.test(sentence.slice(c.at + c.text.length))) {
      out[out.length - 1] = { ...last, text: sentence.slice(last.at, c.at + c.text.length) };
    } else out.push(c);
  }
  return out;
}

/** The candidates of a sentence for a question of `type`, in the order they appear. */
export function candidatesFor(sentence: string, type: AnswerType): Candidate[] {
  switch (type) {
    case 'number':
      return numbersIn(sentence);
    case 'date':
      return datesIn(sentence);
    case 'year':
      return datesIn(sentence).filter((d) => d.value !== undefined);
    case 'person':
    case 'place':
    case 'entity':
      return namesIn(sentence);
    default:
      return [];
  }
}
