/**
 * "A or B", "Compare A and B", "Is A larger than B?" (choose): the figure or the date each side's
 * passage gives (sideDate: a life, a birth, a death, a release) and the winner.
 */
import { type Candidate, datesIn, inBaseUnit, namesIn, numbersIn } from '../../../../core/answer/candidates.js';
import { ORDER_ASKED, type QuestionReading } from '../../../../core/answer/question.js';
import type { Lexicon } from '../../../../core/ports.js';
import { contentTerms } from '../../../../core/retrieval/tokenize.js';
import { cite, type ExtractedAnswer, type Focus, type Sentence, sameName, sentencesAbout, titleKey } from './focus.js';
import { nearest, relationGap, withYear, wordsAfter } from './spans.js';

/** The verbs of an event that dates what it is done to: "founded", "opened", "completed". */
const DATING_VERBS = 'founded|formed|established|released|created|built|opened|open|completed|finished|launched';

/** A relation that asks the date of what each side is: its release, its founding, its opening. */
const DATED_RELATION = new RegExp(`\\b(?:recently|recent|earlier|later|first|last|newer|older|came|${DATING_VERBS})\\b`, 'i');

/** Comparatives settled by dates rather than quantities. */
const TEMPORAL = new RegExp(
  `\\b(?:first|last|earlier|earliest|later|latest|older|oldest|younger|youngest|newer|newest|before|after|born|started|${DATING_VERBS})\\b`,
  'i',
);

/**
 * "A or B", "Compare A and B", "Is A larger than B?": the figure each side's passage gives (dates
 * when the comparative is about time, quantities otherwise) and the winner; when figures do not
 * settle it, the side whose passage holds more of what is asked.
 */
export function choose(reading: QuestionReading, focus: Focus): ExtractedAnswer | undefined {
  const options = reading.options;
  if (!options) return undefined;
  const perSide = options.map((side) => sentencesAbout(side, focus));
  if (perSide.every((ss) => ss.length === 0)) return undefined;
  // "Was Veltrin approved before Jonas Reitan became chief executive?": a yes or no of one side
  // "before" the other compares dates, each side's the date its own words say ("approved", "became").
  const order = reading.type === 'yes_no' ? ORDER_ASKED.exec(focus.question) : null;
  const event = lifeEvent(focus.reading.relation.join(' '), focus.lexicon) ?? (order ? 'date' : undefined);
  if (event) {
    const clauses = order ? [focus.question.slice(0, order.index), focus.question.slice(order.index + order[0].length)] : [];
    const given = new Set(focus.nameTerms.flat());
    const verbs = (i: number) => contentTerms(clauses[i] ?? '').filter((t) => !given.has(t));
    const dated = options.map((side, i) => sideDate(side, perSide[i]!, event, focus, verbs(i)));
    const [da, db] = dated;
    if (da && db && da.value !== db.value) {
      const firstWins = reading.wantsLess ? da.value < db.value : da.value > db.value;
      const support = [...new Set([...da.support, ...db.support])].map(cite).join(' ');
      return settled(reading, options, firstWins, [da.text, db.text], () => support);
    }
  }
  const temporal = TEMPORAL.test(reading.relation.join(' '));
  const figuresOf = (s: Sentence) => (temporal ? timesIn(s.text) : numbersIn(s.text)).filter((c) => c.value !== undefined && !focus.isGiven(c));
  const figures = perSide.map((ss, side) => {
    // A side's own passage (titled after it) gives its quantity before one that mentions it:
    // Marseille's population, not its port's tonnage, when the question compares Marseille with
    // Paris. Times are another matter: a film's director died in the director's passage.
    // Nor does a date in another passage that says nothing of the relation date a side ("The tram
    // network reopened in 2001" does not date Lyon).
    const titled = (x: Sentence) => sameName(x.title, options[side]!);
    const own = (x: Sentence) => !temporal && titled(x);
    const withFigure = ss.filter((s) => figuresOf(s).length > 0);
    const s =
      withFigure.find((x) => focus.relationScore(x) > 0 && own(x)) ??
      withFigure.find(own) ??
      withFigure.find((x) => focus.relationScore(x) > 0) ??
      withFigure.find((x) => !temporal || titled(x));
    return s ? { sentence: s, figure: nearest(figuresOf(s), s, focus) } : undefined;
  });
  if (!temporal) alike(figures, figuresOf, options, focus);
  // "Who has more inhabitants, A or B?": a comparative in the question grades the options, whatever the relation's words are.
  const graded =
    /\b(?:\w+er|\w+est|more|most|less|least|fewer|fewest|first|last)\b/i.test(reading.relation.join(' ')) ||
    reading.type === 'comparison' ||
    /\b(?:more|most|less|least|fewer|fewest)\b/i.test(focus.question);
  const [fa, fb] = figures;
  // Two equal figures settle nothing: neither side wins a tie.
  if (graded && fa && fb && fa.figure.value !== fb.figure.value) {
    // "214 metres" against "2.1 kilometres": two measures of one dimension compare in its base unit.
    const [ma, mb] = [inBaseUnit(fa.figure.text), inBaseUnit(fb.figure.text)];
    const [a, b] = ma && mb && ma.dimension === mb.dimension ? [ma.value, mb.value] : [fa.figure.value!, fb.figure.value!];
    const firstWins = reading.wantsLess ? a <= b : a >= b;
    const figure = (f: typeof fa) => withYear(f.figure, f.sentence.text, { ...reading, type: 'number' });
    const support = [fa.sentence, fb.sentence].map(cite).join(' ');
    return settled(reading, options, firstWins, [figure(fa), figure(fb)], () => support);
  }
  if (reading.type === 'comparison') return undefined;
  // Each side's sentence holding most of the relation and the class, scored once.
  const weight = (s: Sentence) => focus.relationScore(s) + focus.classScore(s);
  const best = perSide.map((ss) =>
    ss.map((s) => ({ s, score: weight(s) })).reduce<{ s?: Sentence; score: number }>((a, b) => (b.score > a.score ? b : a), { score: 0 }),
  );
  const scores = best.map((b) => b.score);
  const win = scores[1]! > scores[0]! ? 1 : 0;
  const support = perSide.map((ss) => ss[0]).filter((s): s is Sentence => s !== undefined);
  // "Is Marseille older than Lyon?" with no dates to weigh: the side whose passage says the relation
  // ("the oldest city in France") wins; when both or neither say it, or no passage speaks of one
  // side, nothing is settled.
  if (reading.type === 'yes_no') {
    if (scores[0] === scores[1] || perSide.some((ss) => ss.length === 0)) return undefined;
    return { shortAnswer: win === 0 ? 'yes' : 'no', answer: cite(best[win]!.s!) };
  }
  // A side no passage says a word of, beyond the words both sides share ("Which is bigger, Fanø or
  // Visby?", "the Vendel Line or the Gotland Line?" over passages that never say Visby or Gotland),
  // cannot be weighed: the passages do not settle it.
  const said = (t: string) => focus.all.some((s) => s.terms.has(t) || contentTerms(s.title).includes(t));
  const unnamed = (side: string, i: number) => {
    const other = new Set(contentTerms(options[1 - i]!));
    const own = contentTerms(side).filter((t) => !other.has(t));
    return own.length > 0 && !own.some(said);
  };
  if (options.some(unnamed)) return undefined;
  return { shortAnswer: options[win]!, answer: support.map(cite).join(' ') };
}

/**
 * The answer a comparison settled by two figures gives, by the question's type: "yes" or "no" with
 * the verdict ("no (Marseille: about 873,000, against about 522,000 for Lyon)"), the verdict
 * itself, or the winning option (`chosen` names it otherwise, as a table's row does). `figures` are
 * the options' in their order; `answer` writes the long answer from the verdict.
 */
export function settled(
  reading: QuestionReading,
  options: readonly [string, string],
  firstWins: boolean,
  figures: readonly [string, string],
  answer: (verdict: string) => string,
  chosen?: string,
): ExtractedAnswer {
  const [winner, loser] = firstWins ? options : [options[1], options[0]];
  const [win, lose] = firstWins ? figures : [figures[1], figures[0]];
  const verdict = `${winner}: ${win}, against ${lose} for ${loser}`;
  if (reading.type === 'yes_no') return { shortAnswer: `${firstWins ? 'yes' : 'no'} (${verdict})`, answer: answer(verdict), compared: [win, lose] };
  return { shortAnswer: reading.type === 'comparison' ? verdict : (chosen ?? winner), answer: answer(verdict) };
}

/**
 * The words a figure is said with, its scope: those of its clause before it and the four after it
 * ("The city of Lyon had a population of about 522,000 in 2020": city, population, 2020; "and its
 * metropolitan area about 2.3 million": metropolitan, area), the options' own names left out.
 */
function scopeOf(c: Candidate, text: string, options: readonly string[]): Set<string> {
  const before =
    text
      .slice(0, c.at)
      .split(/[,;:]|\band\b|\d[\d,.]*\s*(?:million|billion)?/i)
      .pop() ?? '';
  const named = new Set(contentTerms(options.join(' ')));
  return new Set(contentTerms(`${before} ${wordsAfter(c, text)}`).filter((t) => !named.has(t)));
}

/**
 * Compares like with like: when a side's sentence gives figures of several scopes (a city proper's
 * and its metropolitan area's), the pair of figures whose scopes share the most words with each other
 * and with the question replaces the nearest figures, if it shares more ("the largest city, Paris
 * or Lyon": Paris's 2.1 million in the city proper against Lyon's 522,000 for the city, not its
 * metropolitan area's 2.3 million).
 */
function alike(
  figures: Array<{ sentence: Sentence; figure: Candidate } | undefined>,
  figuresOf: (s: Sentence) => Candidate[],
  options: readonly string[],
  focus: Focus,
): void {
  const [fa, fb] = figures;
  if (!fa || !fb) return;
  const [ca, cb] = [figuresOf(fa.sentence), figuresOf(fb.sentence)];
  if (ca.length < 2 && cb.length < 2) return;
  const asked = new Set(contentTerms(focus.question));
  const score = (a: Candidate, b: Candidate) => {
    const [sa, sb] = [scopeOf(a, fa.sentence.text, options), scopeOf(b, fb.sentence.text, options)];
    return [...sa].filter((t) => sb.has(t)).length + [...sa, ...sb].filter((t) => asked.has(t)).length;
  };
  let best = { a: fa.figure, b: fb.figure, score: score(fa.figure, fb.figure) };
  for (const a of ca) for (const b of cb) if (score(a, b) > best.score) best = { a, b, score: score(a, b) };
  figures[0] = { ...fa, figure: best.a };
  figures[1] = { ...fb, figure: best.b };
}

/**
 * What a comparison of times compares: a life's length ("lived longer"), a birth, a death, or the
 * date of what each side is (its release, its founding: the first date its passage gives).
 */
export function lifeEvent(relation: string, lexicon?: Lexicon): LifeEvent | undefined {
  if (/\b(?:lived|live|lives|living)\b/i.test(relation) && /\b(?:longer|shorter|longest|shortest)\b/i.test(relation)) return 'life';
  if (/\b(?:born|birth)\b/i.test(relation) || saysLife(relation, lexicon, (w) => /\bbirth\b/.test(w))) return 'birth';
  if (/\b(?:older|oldest|younger|youngest)\b/i.test(relation)) return 'age';
  if (/\b(?:died|die|dies|death)\b/i.test(relation) || saysLife(relation, lexicon, (w) => w === 'die')) return 'death';
  return DATED_RELATION.test(relation) ? 'date' : undefined;
}

/**
 * Whether a word of the relation, or two side by side, is one the lexicon relates to a life's
 * event: "pass away", "perished" (die), "birthplace" (place of birth). A phrase's verb is read
 * by its stem ("passed away" is "pass away").
 */
function saysLife(relation: string, lexicon: Lexicon | undefined, event: (related: string) => boolean): boolean {
  if (!lexicon) return false;
  const words = relation.toLowerCase().split(/\s+/).filter(Boolean);
  const bases = words.map((w) => contentTerms(w)[0] ?? w);
  const phrases = [...words, ...words.slice(1).map((w, i) => `${bases[i]} ${w}`)];
  return phrases.some((p) => lexicon.related(p).some(event));
}

/** An age is a birth for a person (a life's dates, "born"), the first date of anything else. */
type LifeEvent = 'life' | 'birth' | 'death' | 'age' | 'date';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date's month (0 for January, -1 when it gives none) and day (undefined when it gives none). */
export function monthAndDay(c: Candidate): { month: number; day: number | undefined } {
  const month = MONTHS.findIndex((m) => new RegExp(`\\b${m}`, 'i').test(c.text));
  const day = /\b(\d{1,2})\b(?!\d)/.exec(c.text.replace(/\d{3,4}/g, ''))?.[1];
  return { month, day: day ? Number(day) : undefined };
}

/** A date as a number that orders days: its year, and its month and day when it gives them. */
export function dayValue(c: Candidate): number {
  const { month, day } = monthAndDay(c);
  return (c.value ?? 0) + (month >= 0 ? month / 12 : 0) + (day ? day / 400 : 0);
}

/**
 * The date of one side of a comparison of times, from its passage, or from the passage of the
 * person its passage names beside a word of the relation ("directed by Robert Ellis", when the
 * question compares the films' directors): a birth is the date after "born" or the first of a
 * life's two dates, a death the date after "died" or the second, a life its length in years.
 */
function sideDate(
  option: string,
  side: readonly Sentence[],
  asked: LifeEvent,
  focus: Focus,
  verbs: readonly string[] = [],
): { value: number; text: string; support: Sentence[] } | undefined {
  if (side.length === 0) return undefined;
  // The side's own passage (titled after it) before a passage that only mentions it.
  const titled = side.find((s) => titleKey(s.title) === titleKey(option));
  const docId = (titled ?? side[0]!).docId;
  let event = asked;
  // A side with no passage of its own is dated where it is named: "later founded the start-up Quill
  // Labs in 2023", not by the birth its mentioning passage opens with ("Oskar Lind (born 1982)").
  let own = titled ? focus.all.filter((s) => s.docId === docId) : [...side];
  const support = [side[0]!];
  // A relation word beyond the times (director, composer, father) names whose date is compared.
  if (event !== 'date') {
    for (const s of own) {
      const bridge = namesIn(s.text).find(
        (c) => !focus.isGiven(c) && relationGap(c, s, focus) <= 3 && focus.all.some((x) => x.docId !== docId && titleKey(x.title) === titleKey(c.text)),
      );
      if (!bridge) continue;
      const bridgeDoc = focus.all.find((x) => x.docId !== docId && titleKey(x.title) === titleKey(bridge.text))!.docId;
      own = focus.all.filter((x) => x.docId === bridgeDoc);
      support.splice(0, 1, s, own[0]!);
      if (event === 'age') event = 'birth';
      break;
    }
  }
  const ordered = [...own].sort((a, b) => a.position - b.position);
  const dates = ordered.flatMap((s) => timesIn(s.text).map((d) => ({ d, s })));
  if (dates.length === 0) return undefined;
  const after = (word: RegExp) => dates.find(({ d, s }) => word.test(s.text.slice(Math.max(0, d.at - 24), d.at)) && /\b\d{3,4}\b/.test(d.text));
  const lead = ordered[0]!;
  const life = lifeIn(lead.text);
  if (event === 'age') event = life || after(/\bborn\b[^.]*$/i) ? 'birth' : 'date';
  const pick = (found: { d: Candidate; s: Sentence } | undefined) =>
    found ? { value: dayValue(found.d), text: found.d.text, support: [...support, found.s] } : undefined;
  const chosen = (() => {
    switch (event) {
      case 'birth':
        return pick(after(/\bborn\b[^.]*$/i)) ?? (life ? { value: dayValue(life[0]), text: life[0].text, support: [...support, lead] } : undefined);
      case 'death':
        return pick(after(/\bdied\b[^.]*$/i)) ?? (life ? { value: dayValue(life[1]), text: life[1].text, support: [...support, lead] } : undefined);
      case 'life':
        return life ? { value: dayValue(life[1]) - dayValue(life[0]), text: `${life[0].text} – ${life[1].text}`, support: [...support, lead] } : undefined;
      default:
        return pick(dates.find(({ d, s }) => saidBefore(d, s, verbs)) ?? dates[0]);
    }
  })();
  if (!chosen) return undefined;
  return { ...chosen, support: [...new Set(chosen.support)] };
}

/**
 * Whether the words before a date, back to the date before it in its sentence, say one of some
 * words ("... and approved in the European Union in 2006", asked when it was approved).
 */
function saidBefore(d: Candidate, s: Sentence, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const previous = timesIn(s.text)
    .filter((x) => x.at < d.at)
    .pop();
  const clause = s.text.slice(previous ? previous.at + previous.text.length : 0, d.at);
  return contentTerms(clause).some((t) => words.includes(t));
}

/**
 * The dates of a sentence that date what it speaks of, not when a figure held: "The city had a
 * population of about 522,000 in 2020" dates a count, not the city; "founded around 600 BC" dates it.
 */
function timesIn(text: string): Candidate[] {
  // A month with no year ("every July since 1955") dates no side: it recurs.
  return datesIn(text).filter((d) => {
    if (d.value === undefined) return false;
    const clause = text.slice(0, d.at).split(/[,;(]/).pop() ?? '';
    if (!/\b(?:in|as of)\s+$/i.test(clause)) return true;
    const figure = numbersIn(clause).pop();
    return !figure || clause.length - (figure.at + figure.text.length) > 40;
  });
}

/**
 * A life's two dates in its lead sentence: "(5 November 1886 – 17 October 1963)"; in parentheses,
 * a year of three digits is one too ("Pope Gregory II (669 – 11 February 731)"), which a year in
 * running text is not taken to be.
 */
function lifeIn(lead: string): [Candidate, Candidate] | undefined {
  const span = datesIn(lead).filter((d) => /\d{3,4}/.test(d.text));
  if (span.length >= 2 && /[–-]/.test(lead.slice(span[0]!.at, span[1]!.at))) return [span[0]!, span[1]!];
  const m = /\(([^()–]*?)\s*[–-]\s*([^()]*?)\)/.exec(lead);
  if (!m) return undefined;
  const dateOf = (text: string, at: number): Candidate | undefined => {
    const date = datesIn(text).find((d) => /\d{3,4}/.test(d.text));
    if (date) return { ...date, at: at + date.at };
    const year = /\b\d{3,4}\b/.exec(text);
    return year ? { text: year[0], at: at + year.index, kind: 'year', value: Number(year[0]) } : undefined;
  };
  const born = dateOf(m[1]!, m.index + 1);
  const died = dateOf(m[2]!, m.index + m[0].length - 1 - m[2]!.length);
  return born && died ? [born, died] : undefined;
}
