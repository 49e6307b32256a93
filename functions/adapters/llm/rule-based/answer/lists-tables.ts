/**
 * Lists and tables: a top-N (list), names given side by side (coordinated), and a CSV table's rows
 * read as named figures (tableRows), for a figure (tableFigure) or a choice between two rows (tableChoice).
 */
import { type Candidate, namesIn, numbersIn } from '../../../../core/answer/candidates.js';
import { begun, countsPeople, FIGURE_BOUND, holdsTerm, type QuestionReading, relationSets } from '../../../../core/answer/question.js';
import { bareTitle, entitySpans, escapeRegExp } from '../../../../core/answer/text.js';
import type { Lexicon } from '../../../../core/ports.js';
import { contentTerms } from '../../../../core/retrieval/tokenize.js';
import { settled } from './choice.js';
import { type AnswerInput, cite, type ExtractedAnswer, type Focus, LOCATIVE_VERB, NO_ANSWER, ORDINALS, ranked, type Sentence, sameName } from './focus.js';
import { fits } from './spans.js';

/**
 * N items of the asked kind. A table whose rows name things and give a figure is a list of items
 * (ranked by its figure, largest first); otherwise each passage about the relation is an item,
 * named by what its sentence is about.
 */
export function list(reading: QuestionReading, tables: readonly Table[], focus: Focus, rankedOnly = false): ExtractedAnswer | undefined {
  const n = reading.n === 0 ? Number.POSITIVE_INFINITY : (reading.n ?? 3);
  for (const { doc, rows } of tables) {
    if (rows.length < n && reading.n !== 0) continue;
    // A table is the list only when it is about what is asked ("sources of electricity": its title or header says so).
    if (!saysRelation(tableHeading(doc), focus)) continue;
    const top = [...rows].sort((a, b) => b.value - a.value).slice(0, n);
    const lines = top.map((row, i) => {
      const said = focus.all.find((s) => s.docId !== doc.id && contentTerms(row.name).every((t) => s.terms.has(t)) && focus.relationScore(s) > 0);
      return `${i + 1}. ${row.name}: ${row.value}${row.unit} [${doc.id}]${said ? ` ${cite(said)}` : ''}`;
    });
    return { shortAnswer: top.map(rowWithFigure).join(', '), answer: lines.join('\n') };
  }
  // "The three largest cities": each passage's rank on that superlative ("the third-largest city")
  // orders the items when the passages give it; the others follow in the order found.
  const figured = reading.n !== undefined && reading.n > 0 ? topByFigure(focus, n) : undefined;
  if (figured) return figured;
  // "Top 3 cities by population" ranks by the largest, as "the three largest cities" does.
  // "The five most populous cities" ranks by the superlative the passages rank that class with
  // ("the third-largest city"), whichever it is.
  // "The most people", "the most inhabitants": a place's size is its people, so the largest.
  const most = /\bmost\s+(\p{Ll}{3,})/u.exec(focus.question)?.[1];
  const superlative =
    /\b(\p{L}+est)\b/iu.exec(focus.reading.relation.join(' '))?.[1]?.toLowerCase() ??
    (reading.n !== undefined && most ? (countsPeople(most, focus.lexicon) ? 'largest' : ANY_SUPERLATIVE) : undefined) ??
    (reading.n !== undefined && /\btop\b/i.test(focus.question) ? 'largest' : undefined) ??
    // "Rank the cities by population", "in order of size": the largest first.
    (reading.n === 0 && /\b(?:by|in\s+order\s+of)\s+(?:their\s+|its\s+)?(?:population|size)\b/i.test(focus.question) ? 'largest' : undefined);
  const named = superlative ? undefined : coordinated(focus);
  if (named) return named;
  const pool: Array<{ name: string; sentence: Sentence }> = [];
  for (const s of ranked(focus)) {
    // Only the ranked ones kept: every passage about the relation or of the class may hold the first.
    if (rankedOnly) {
      if (focus.relationScore(s) === 0 && focus.classScore(s) === 0) continue;
    } else if (pool.length >= (superlative ? 3 * n : n) || focus.relationScore(s) === 0) break;
    if (pool.some((i) => i.sentence.docId === s.docId)) continue;
    const name = s.title || entitySpans(s.text)[0] || s.text.split(' ').slice(0, 4).join(' ');
    pool.push({ name, sentence: s });
  }
  // What the superlative ranks: the class asked for, or the question's word after it ("largest cities").
  const at = focus.reading.relation.findIndex((w) => w.toLowerCase() === superlative);
  // "Rank the cities from largest to smallest", "by population": a superlative after it is no class;
  // the plural the question ranks is ("the largest river port" ranks no city).
  const rel = focus.reading.relation;
  const plural = rel.find((w) => /[^s]s$/i.test(w) && !/est$/i.test(w));
  const after = at >= 0 && rel[at + 1] !== undefined && !/est$/i.test(rel[at + 1]!) ? rel[at + 1] : reading.n === 0 ? plural : undefined;
  const ranks = focus.answerClass.size > 0 ? focus.answerClass : new Set(after ? contentTerms(after) : []);
  // A passage's rank is said in any of its sentences, not only the one that put it in the pool,
  // with the superlative asked or one of its synonyms ("biggest": "the fourth-largest city").
  const graded = superlative === ANY_SUPERLATIVE ? [superlative] : superlative ? [superlative, ...gradedSynonyms(superlative, focus.lexicon)] : [];
  const rank = (s: Sentence) =>
    Math.min(
      ...focus.all.filter((x) => x.docId === s.docId).flatMap((x) => graded.map((g) => ordinalOf(x.text, g, ranks) ?? Number.POSITIVE_INFINITY)),
      Number.POSITIVE_INFINITY,
    );
  const items = superlative
    ? pool
        .map((item, i) => ({ item, i }))
        // All of them ranked ("Rank the cities from largest to smallest") are those whose passage gives their rank.
        .filter((x) => (reading.n !== 0 && !rankedOnly) || Number.isFinite(rank(x.item.sentence)))
        .sort((a, b) => rank(a.item.sentence) - rank(b.item.sentence) || a.i - b.i)
        .map((x) => x.item)
        .slice(0, n)
    : pool;
  if (items.length === 0) return undefined;
  return { shortAnswer: items.map((i) => i.name).join(', '), answer: items.map((i, k) => `${k + 1}. ${cite(i.sentence)}`).join('\n') };
}

/**
 * "Top 2 universities by number of students": the things of the class asked with a passage of
 * their own, ranked on the figure the sentence of that passage saying the noun after "by" gives
 * (largest first), when at least two such are found. Undefined otherwise: the passages' ranks
 * ("the third-largest city") order the list instead.
 */
function topByFigure(focus: Focus, n: number): ExtractedAnswer | undefined {
  const by = /\bby\s+(?:the\s+|their\s+|its\s+)?(?:number\s+of\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)\s*\??\s*$/iu.exec(focus.question)?.[1];
  const terms = by === undefined ? [] : contentTerms(by);
  // The class is the one asked, or the plural after "top N" ("Top 2 universities by ...").
  const plural = /\btop\s+\S+\s+(\p{L}[\p{L}-]*s)\b/iu.exec(focus.question)?.[1];
  const kind = focus.answerClass.size > 0 ? undefined : new Set(plural ? contentTerms(plural) : []);
  if (terms.length === 0 || kind?.size === 0) return undefined;
  const found: Array<{ name: string; sentence: Sentence; value: number }> = [];
  for (const { name, own } of passagesOfClass(focus, kind)) {
    for (const s of own) {
      const figure = terms.every((t) => holdsTerm(s.terms, t)) ? numbersIn(s.text).find((c) => c.value !== undefined) : undefined;
      if (figure === undefined) continue;
      found.push({ name, sentence: s, value: figure.value! });
      break;
    }
  }
  if (found.length < 2) return undefined;
  const top = found.sort((a, b) => b.value - a.value).slice(0, n);
  return { shortAnswer: top.map((t) => t.name).join(', '), answer: top.map((t, k) => `${k + 1}. ${cite(t.sentence)}`).join('\n') };
}

/**
 * The passages of things of the class asked (Focus.classScore), or of a kind's words, each titled
 * after a name its lead sentence opens with (an article aside: "The University of Vestby is ...")
 * and calls of the class; in the order ranked, each with its lead and all its sentences.
 */
function passagesOfClass(focus: Focus, kind?: ReadonlySet<string>): Array<{ name: string; lead: Sentence; own: Sentence[] }> {
  const ofClass = (s: Sentence) => (kind ? [...kind].some((t) => holdsTerm(s.terms, t)) : focus.classScore(s) > 0);
  const out: Array<{ name: string; lead: Sentence; own: Sentence[] }> = [];
  for (const id of new Set(ranked(focus).map((s) => s.docId))) {
    const own = focus.all.filter((s) => s.docId === id);
    const lead = own.find((s) => s.position === 0);
    const name = bareTitle(lead?.title ?? '');
    if (!lead || name === '' || !lead.text.replace(/^(?:The|A|An)\s+/, '').startsWith(name) || !ofClass(lead)) continue;
    out.push({ name, lead, own });
  }
  return out;
}

/** "Which city has the most inhabitants?", "What is the most populous city?": one of a class, ranked on a figure. */
const MOST_OF_CLASS =
  /^\s*(?:which|what)\s+(?:[\p{L}-]+\s+){1,2}(?:has|have|had)\s+the\s+(?:most|largest|highest|biggest|greatest)\s+\p{L}|^\s*(?:which|what)\s+(?:is|was|are|were)\s+the\s+most\s+\p{Ll}{3,}\s+\p{L}/iu;

/**
 * "Which city has the most inhabitants?": the first of a top-N of one, the item a passage ranks
 * first on the superlative asked or any ("the capital and largest city of France"). Undefined when
 * no passage ranks one, or the question names the options ("A or B?" is a choice).
 */
export function mostOfClass(reading: QuestionReading, focus: Focus, question: string): ExtractedAnswer | undefined {
  if (reading.options || !MOST_OF_CLASS.test(question)) return undefined;
  const top = list({ ...reading, n: 1 }, [], focus, true);
  // "What is the most famous animal at Kallby Zoo?": the place the question names is none of the class.
  if (!top?.shortAnswer || focus.isGiven({ text: top.shortAnswer, at: 0, kind: 'name' })) return undefined;
  const answer = top.answer.replace(/^1\.\s+/, '');
  // "Its capital and largest city is Port Hollin": the passage ranks what it names, not its subject.
  const head = reading.answerClass?.split(' ').pop();
  const named = head
    ? new RegExp(`\\b\\p{L}+est\\s+${escapeRegExp(head)}\\s+(?:is|was)\\s+(\\p{Lu}[\\p{L}'’-]*(?:\\s+\\p{Lu}[\\p{L}'’-]*){0,3})`, 'u').exec(answer)?.[1]
    : undefined;
  return { shortAnswer: named ?? top.shortAnswer, answer };
}

/**
 * The bound a question sets on a figure ("more than 500,000", "fewer than 50", "at least 10
 * percent"): its limit and its side. Undefined when it sets none.
 */
function boundAsked(question: string): { limit: number; side: 'over' | 'at least' | 'under' | 'at most' } | undefined {
  const m = FIGURE_BOUND.exec(question);
  const limit = m ? numbersIn(m[2]!)[0]?.value : undefined;
  if (!m || limit === undefined) return undefined;
  const said = m[1]!.toLowerCase().replace(/\s+/g, ' ');
  return { limit, side: said === 'at least' || said === 'at most' ? said : /^(?:fewer|less|under|below)/.test(said) ? 'under' : 'over' };
}

/**
 * "Which sources had a share above 10 percent?": the rows of a table about what is asked whose
 * figure meets the bound, largest first, each with its figure. Undefined when the question sets no
 * bound on a figure, no table here is about what is asked, or no row meets it.
 */
export function tableMembers(tables: readonly Table[], focus: Focus): ExtractedAnswer | undefined {
  const bound = boundAsked(focus.question);
  if (!bound) return undefined;
  const { limit, side } = bound;
  const meets = (v: number) => (side === 'at least' ? v >= limit : side === 'at most' ? v <= limit : side === 'under' ? v < limit : v > limit);
  for (const { doc, rows } of tables) {
    if (!saysRelation(tableHeading(doc), focus)) continue;
    const found = rows.filter((r) => meets(r.value)).sort((a, b) => b.value - a.value);
    if (found.length === 0) continue;
    return {
      shortAnswer: found.map(rowWithFigure).join(', '),
      answer: `${doc.title ?? doc.id}: ${found.map((r) => `${r.name}, ${rowFigure(r)}`).join('; ')} [${doc.id}]`,
    };
  }
  return undefined;
}

/**
 * "Which cities are on the Mediterranean coast?": the things of the class asked, each with a passage
 * of its own, whose passage says what is asked of them: a passage titled after a name, whose lead
 * sentence calls it of the class ("Nice is the fifth-largest city ..."), and whose sentences hold
 * every name and word of the relation the question gives ("along the Mediterranean coast"). The
 * filter step of a plan, read in prose. Undefined when fewer than `least` things are found.
 */
export function membersWith(focus: Focus, least = 2): ExtractedAnswer | undefined {
  if (focus.answerClass.size === 0) return undefined;
  // "Which cities have more than 500,000 inhabitants?": a bound on a figure, which the figure after
  // the words it counts must meet; a count of people is a population.
  const bound = boundAsked(focus.question);
  const limit = bound?.limit;
  const above = bound ? bound.side === 'over' || bound.side === 'at least' : true;
  // A verb that only says where a thing is ("sit", "lie", "located") is said by the place itself:
  // "Which cities sit on the coast?" asks what "a port city on the coast" says.
  const sets = relationSets(focus.reading.relation, (w) => focus.lexicon.related(w))
    .filter((set) => !LOCATIVE_VERB.test(set.words))
    .map((set) => (bound && countsPeople(set.words, focus.lexicon) ? new Set([...set.terms, ...contentTerms('population')]) : set.terms));
  const meets = (s: Sentence) => {
    if (limit === undefined) return true;
    const figure = numbersIn(s.text).find((n) => n.value !== undefined);
    return figure !== undefined && (above ? figure.value! > limit : figure.value! < limit);
  };
  const members: Array<{ name: string; sentence: Sentence }> = [];
  // A passage of its own: its title is a name its lead sentence opens with ("Port of Marseille" is the port's).
  for (const { name, lead, own } of passagesOfClass(focus)) {
    const names = focus.reading.names.filter((n) => !sameName(lead.title, n));
    const says = own.find(
      (s) => sets.every((set) => [...set].some((t) => holdsTerm(s.terms, t))) && names.every((n) => contentTerms(n).every((t) => s.terms.has(t))) && meets(s),
    );
    if (says) members.push({ name, sentence: says });
  }
  if (members.length < least) return undefined;
  return { shortAnswer: members.map((m) => m.name).join(', '), answer: members.map((m) => cite(m.sentence)).join(' ') };
}

/**
 * "Which regions have most of the solar farms?": the names a sentence about what is asked gives
 * side by side ("in Occitanie and Provence", "after Paris and Marseille", "on the Rhône, the Rhine
 * and in the Alps"), less the names the question gives. The best sentence holding such a run
 * of two names or more answers; a sentence with one name is not a list.
 */
export function coordinated(focus: Focus): ExtractedAnswer | undefined {
  let found: { run: Candidate[]; sentence: Sentence; beside: boolean; rank: number } | undefined;
  for (const s of ranked(focus).slice(0, 6)) {
    if (focus.relationScore(s) + focus.classScore(s) === 0) continue;
    // Asked of a name, a list another's sentence gives is another's ("The firm designed the Orel Bridge and ...", asked what Marit Solberg designed);
    // a name the question only measures by ("larger than Toulouse") is not what it asks about.
    // A pronoun opening a sentence of the name's own passage names it ("It was formed by the merger of ...").
    const named = focus.nameScore(s) > 0 || (focus.isOwnPassage(s) && /^(?:It|They)\s/.test(s.text));
    if (focus.nameTerms.length > 0 && !named && !/\bthan\b/i.test(focus.question)) continue;
    // A sentence saying what is asked ("dams on the Rhône, the Rhine") before one that only says the class.
    const says = focus.relation.length === 0 || focus.relationScore(s) > 0;
    const names = namesIn(s.text).filter((c) => !focus.isGiven(c) && !focus.commonOpener(c, s.text) && fits(c, focus.reading, s));
    // Names side by side are joined by a comma or "and"/"or" ("the Rhône, the Rhine and in the
    // Alps"), or across what one of them is ("the Musée des Confluences, a science museum ..., the
    // Musée des Beaux-Arts"); "the Rhône Glacier in the Swiss Alps" is no list.
    const joins = (a: Candidate, b: Candidate) => {
      const between = s.text.slice(a.at + a.text.length, b.at);
      return (
        // "including Maison Ravel and the jeweller Bellamy": a noun of what the name is may stand between.
        /^\s*(?:,\s*(?:(?:and|or)\s+)?|(?:and|or)\s+)(?:(?:in|on|at)\s+)?(?:the\s+(?:[a-z]+\s+)?)?$/.test(between) ||
        /^\s*,\s+(?:an?|one|the|devoted|known|opened|founded|built)\b[^,;.]*,\s*(?:(?:and|or)\s+)?(?:the\s+)?$/i.test(between)
      );
    };
    const runs: Candidate[][] = [];
    for (const c of names) {
      const joined = runs.filter((r) => joins(r[r.length - 1]!, c)).sort((a, b) => b.length - a.length)[0];
      const run = joined ? [...joined, c] : [c];
      runs.push(run);
      // Names joined by commas alone are a place and its region ("near Wartburg, Tennessee"), no list.
      const commasOnly = run.every((x, i) => i === 0 || /^\s*,\s*$/.test(s.text.slice(run[i - 1]!.at + run[i - 1]!.text.length, x.at)));
      if (run.length < 2 || commasOnly) continue;
      // A run another class noun opens is of that class: "the towns of Oldheim and Vessig" are no mountains asked.
      const opener = /\bthe\s+(\p{Ll}+)\s+of\s+$/u.exec(s.text.slice(Math.max(0, run[0]!.at - 30), run[0]!.at))?.[1];
      const openerTerm = opener === undefined ? undefined : contentTerms(opener)[0];
      // An event's noun opens no class: "the merger of Vast Air and Kustflyg" names the companies merged.
      const event = opener !== undefined && focus.lexicon.isKindOf?.(opener, 'event') === true;
      if (focus.answerClass.size > 0 && openerTerm !== undefined && !holdsTerm(focus.answerClass, openerTerm) && !event) continue;
      // A run the class noun closes or opens ("the Rhône and the Saône rivers") is of the class asked for.
      const end = run[run.length - 1]!;
      const after = contentTerms(
        s.text
          .slice(end.at + end.text.length)
          .split(/[,.;]/)[0]!
          .split(/\s+/)
          .slice(0, 3)
          .join(' '),
      );
      const before = contentTerms(s.text.slice(Math.max(0, run[0]!.at - 20), run[0]!.at));
      const beside = [...after.slice(0, 1), ...before.slice(-1)].some((t) => focus.answerClass.has(t));
      const rank = (says ? 2 : 0) + (beside ? 1 : 0);
      if (!found || rank > found.rank || (rank === found.rank && run.length > found.run.length && found.sentence === s))
        found = { run: [...run], sentence: s, beside, rank };
    }
  }
  if (found)
    return {
      shortAnswer: ofClass(found.run, focus)
        .map((c) => c.text)
        .join(', '),
      answer: cite(found.sentence),
    };
  return examples(focus);
}

/**
 * The names of a run that can be of the class asked: when the lexicon knows one of them as a kind of
 * it (the Rhine, a river), a name it knows only as something else (the Alps) is left out. A name
 * the lexicon does not know, or knows as a common word too, stays.
 */
function ofClass(run: Candidate[], focus: Focus): Candidate[] {
  const head = focus.reading.answerClass?.split(' ').pop()?.toLowerCase();
  const lexicon = focus.lexicon;
  if (!head || !lexicon.isKindOf || !lexicon.isOnlyName) return run;
  const forms = [...new Set([head, head.replace(/ies$/, 'y'), head.replace(/(?:ch|sh|s|x)es$/, (m) => m.slice(0, -2)), head.replace(/s$/, '')])];
  const isKind = (c: Candidate) => forms.some((f) => lexicon.isKindOf!(c.text, f));
  if (!run.some(isKind)) return run;
  return run.filter((c) => isKind(c) || lexicon.isOnlyName!(c.text.toLowerCase()) !== true);
}

/**
 * Things a sentence that says what is asked gives as examples ("serves traditional cuisine such as
 * sausages, duck pâté and roast pork"): the items of its "such as" or "including" list, common
 * nouns as well as names.
 */
function examples(focus: Focus): ExtractedAnswer | undefined {
  for (const s of ranked(focus).slice(0, 6)) {
    if (focus.relationScore(s) === 0) continue;
    const list = /\b(?:such as|including)\s+([^.;:()]+)/i.exec(s.text)?.[1];
    const items = list
      ?.split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/)
      .map((x) => x.trim())
      .filter((x) => x !== '' && x.split(/\s+/).length <= 4);
    if (items && items.length >= 2) return { shortAnswer: items.join(', '), answer: cite(s) };
  }
  return undefined;
}

/** Any superlative a passage ranks with, as ordinalOf reads it (a pattern, not a word). */
const ANY_SUPERLATIVE = '\\p{L}+est';

/** The superlatives of a superlative's synonyms: "biggest" (big) → largest (large). */
export function gradedSynonyms(superlative: string, lexicon: Lexicon): string[] {
  const base = superlative
    .replace(/([b-df-hj-np-tv-z])\1est$/, '$1')
    .replace(/iest$/, 'y')
    .replace(/est$/, '');
  const forms = lexicon
    .related(base)
    .filter((w) => /^\p{Ll}+$/u.test(w) && w !== base)
    .map((w) => (w.endsWith('e') ? `${w}st` : w.endsWith('y') ? `${w.slice(0, -1)}iest` : `${w}est`));
  return [...new Set(forms)].filter((f) => f !== superlative);
}

/** Where a sentence ranks its subject on a superlative: "the largest" 1, "the third-largest" 3. */
function ordinalOf(text: string, superlative: string, ofClass: ReadonlySet<string> = new Set()): number | undefined {
  const m = new RegExp(`\\b(?:(${ORDINALS.join('|')}|\\d{1,2}(?:st|nd|rd|th))[\\s-]+)?${superlative}\\b\\s*([\\p{L}-]+)?`, 'iu').exec(text);
  if (!m) return undefined;
  // "the third-largest city" ranks a city; "the largest port" or "one of the largest museums" ranks no city.
  if (ofClass.size > 0 && !contentTerms(m[2] ?? '').some((t) => ofClass.has(t))) return undefined;
  if (!m[1]) return 1;
  const word = m[1].toLowerCase();
  return ORDINALS.includes(word) ? ORDINALS.indexOf(word) + 1 : Number.parseInt(word, 10);
}

/**
 * The figure a table gives for the row a question asks about ("from gas" → the row "gas,6" of a
 * share column: "6 percent"): a row named by a word of the relation, in a table whose title or
 * header speaks of another word of it ("electricity").
 */
export function tableFigure(tables: readonly Table[], focus: Focus): ExtractedAnswer | undefined {
  for (const { doc, rows } of tables) {
    const heading = tableHeading(doc);
    const measures = new Set(contentTerms(rows[0]?.column ?? ''));
    if (!measuresAsked(measures, focus)) continue;
    // A row named in full first, then one a word of the question begins ("hydro": hydroelectricity).
    for (const clipped of [false, true]) {
      for (const row of rows) {
        const named = rowNamedAt(row, focus, clipped);
        if (named < 0 || !focus.relation.some((set, i) => i !== named && [...set].some((t) => holdsTerm(heading, t)))) continue;
        const figure = rowFigure(row);
        return { shortAnswer: figure, answer: `${doc.title ?? doc.id}: ${row.name}, ${figure} [${doc.id}]` };
      }
    }
    // A table about what is asked that measures it but has no row for it ("from coal", where the
    // rows are nuclear, hydro, wind, solar and gas) does not give that figure; another row's
    // figure in a sentence elsewhere does not either.
    const onTopic = focus.relation.filter((set) => [...set].some((t) => holdsTerm(heading, t))).length;
    const measuresClass = [...focus.answerClass].some((t) => measures.has(t));
    if (measuresClass && onTopic > 0 && onTopic < focus.relation.length) return { shortAnswer: null, answer: NO_ANSWER };
  }
  return undefined;
}

/** Whether a table's figure column is what is asked: "what percentage" or "what share" reads a share column, "how much capacity" does not. */
function measuresAsked(measures: ReadonlySet<string>, focus: Focus): boolean {
  // "How much of France's electricity ...?" asks what part of it: a share.
  const part = /\bhow\s+much\s+of\b/i.test(focus.question) && contentTerms('share percent').some((t) => measures.has(t));
  return part || [focus.answerClass, ...focus.relation].some((set) => [...set].some((t) => measures.has(t)));
}

/**
 * The word of the relation that names a row ("from gas": the row "gas"), as its index; -1 when none
 * does. `clipped`: a word of four letters or more that begins the row's one word names it too
 * ("hydro" the row "hydroelectricity"), as the evidence reads it.
 */
function rowNamedAt(row: Row, focus: Focus, clipped = false): number {
  const terms = contentTerms(row.name);
  const names = (set: ReadonlySet<string>) =>
    clipped ? terms.length === 1 && [...set].some((t) => !t.includes(' ') && begun(new Set(terms), t)) : terms.every((t) => set.has(t));
  return focus.relation.findIndex((set) => terms.length > 0 && names(set));
}

/**
 * "What was the combined share of wind and solar?", "add up the shares of hydro, wind and solar":
 * the rows the question names, each by a word of its relation, added up in the column asked
 * ("15 percent"), each row in the answer. Undefined unless two rows or more of a table whose
 * title or header speaks of what is asked are named.
 */
export function tableTotal(tables: readonly Table[], focus: Focus): ExtractedAnswer | undefined {
  for (const { doc, rows } of tables) {
    if (!measuresAsked(new Set(contentTerms(rows[0]?.column ?? '')), focus)) continue;
    const heading = tableHeading(doc);
    const named = rows.filter((row) => rowNamedAt(row, focus) >= 0);
    if (named.length < 2 || !saysRelation(heading, focus)) continue;
    const total = { ...named[0]!, value: Number(named.reduce((sum, row) => sum + row.value, 0).toPrecision(12)) };
    return { shortAnswer: rowFigure(total), answer: `${doc.title ?? doc.id}: ${named.map((row) => `${row.name}, ${rowFigure(row)}`).join('; ')} [${doc.id}]` };
  }
  return undefined;
}

/**
 * "Which produces more of France's electricity, hydro or wind?": two rows of one table, the
 * options, compared by its figure ("hydroelectricity,12" against "wind,10"). An option names a row
 * when one's words begin the other's ("hydro" and "hydroelectricity"). Undefined unless both
 * options are rows of a table whose title or header speaks of what is asked.
 */
export function tableChoice(reading: QuestionReading, tables: readonly Table[], focus: Focus): ExtractedAnswer | undefined {
  const options = reading.options;
  if (!options || (reading.type !== 'choice' && reading.type !== 'comparison' && reading.type !== 'yes_no')) return undefined;
  // The same word, or one the start of the other ("hydro", "hydroelectricity"); a short word ("gas") only whole.
  const begins = (a: string, b: string) => a === b || (a.length >= 4 && b.length >= 4 && (a.startsWith(b) || b.startsWith(a)));
  // An option's scope the question names ("hydroelectricity in France") is no part of the row's name.
  const scope = new Set(contentTerms(reading.names.filter((n) => !options.includes(n)).join(' ')));
  // The head noun an option ends with ("wind power", and "nuclear [power] and wind power"), which
  // no row of the table says, is the class of both, not part of a row's name.
  const heads = new Set(options.map((o) => contentTerms(o).pop()));
  const names = (option: string, row: string, unsaid: (t: string) => boolean) => {
    const terms = contentTerms(option);
    const o = terms.filter((t) => !scope.has(t) && !(heads.has(t) && unsaid(t) && terms.length > 1));
    const r = contentTerms(row);
    return o.length > 0 && r.length > 0 && o.every((t) => r.some((u) => begins(t, u)));
  };
  for (const { doc, rows } of tables) {
    const unsaid = (t: string) => !rows.some((r) => contentTerms(r.name).some((u) => begins(t, u)));
    const [a, b] = options.map((o) => rows.find((r) => names(o, r.name, unsaid)));
    if (!a || !b || a === b || a.value === b.value) continue;
    // The table is about what is asked when its title or header says a word of it, or when the
    // question asks only which is more ("Which is bigger: wind or hydroelectricity?").
    const graded = reading.relation.every((w) => /^(?:\p{L}{2,}er|more|less|fewer)$/iu.test(w));
    if (!graded && !saysRelation(tableHeading(doc), focus)) continue;
    const firstWins = reading.wantsLess ? a.value < b.value : a.value > b.value;
    const support = `${doc.title ?? doc.id}: ${a.name}, ${rowFigure(a)}; ${b.name}, ${rowFigure(b)} [${doc.id}]`;
    // "Did solar produce more than gas?": yes when the first option wins, with both figures; a choice names the row.
    return settled(reading, options, firstWins, [rowFigure(a), rowFigure(b)], (verdict) => `${verdict}. ${support}`, (firstWins ? a : b).name);
  }
  return undefined;
}

/** What a table says it is about: the words of its title and header row, less its years. */
function tableHeading(doc: AnswerInput['documents'][number]): Set<string> {
  return new Set(contentTerms(`${doc.title ?? ''} ${doc.text.split('\n')[0]}`).filter((t) => !/^\d+$/.test(t)));
}

/**
 * "Which source provides the most electricity in France?": the row a table ranks first (or last,
 * for "the least"), when the table is about what is asked and its rows are of the class asked
 * for (its title or header says "source").
 */
export function tableSuperlative(reading: QuestionReading, tables: readonly Table[], focus: Focus, question: string): ExtractedAnswer | undefined {
  // "the third largest": the row ranked third; "at least 10 percent" is a bound, no superlative.
  const m = new RegExp(
    `\\b(?:(${ORDINALS.join('|')})[\\s-]+)?(?<!\\bat\\s+)(most|largest|biggest|highest|greatest|main|leading|least|smallest|lowest|fewest)\\b(?:\\s+(\\p{Ll}+))?`,
    'iu',
  ).exec(question);
  // The class asked for, or the noun the superlative ranks ("the second largest source of ...").
  const head = reading.answerClass?.split(' ').pop() ?? m?.[3];
  if (!m || head === undefined || (reading.type !== 'entity' && reading.type !== 'place')) return undefined;
  const least = /^(?:least|smallest|lowest|fewest)$/i.test(m[2]!);
  // What the class is of ("source of renewable electricity") the table must say whole: a table of
  // sources of electricity ranks no renewable source.
  const of = new RegExp(`\\b${escapeRegExp(head)}s?\\s+of\\s+((?:[\\p{Ll}-]+\\s+){0,3}?[\\p{Ll}-]+)(?=\\s+(?:in|for|during|by)\\b|\\s*[?,.]|\\s*$)`, 'iu').exec(
    question,
  )?.[1];
  // So must it say the word the question puts before the class ("Which renewable source ...?") when
  // a passage tells that kind apart ("its first renewable source"); "energy source" tells none apart.
  const kind = new RegExp(`\\b(\\p{Ll}[\\p{Ll}-]+)\\s+${escapeRegExp(head)}s?\\b`, 'u').exec(question)?.[1];
  const qualifier =
    kind && !RANKING_WORD.test(kind) && focus.all.some((s) => new RegExp(`\\b${escapeRegExp(kind)}\\s+${escapeRegExp(head)}`, 'i').test(s.text))
      ? kind
      : undefined;
  const rank = m[1] ? ORDINALS.indexOf(m[1].toLowerCase()) : 0;
  for (const { doc, rows } of tables) {
    const heading = tableHeading(doc);
    if (!contentTerms(head).every((t) => heading.has(t)) || !saysRelation(heading, focus)) continue;
    if (of !== undefined && !contentTerms(of).every((t) => heading.has(t))) continue;
    if (qualifier !== undefined && !contentTerms(qualifier).every((t) => heading.has(t))) continue;
    const row = [...rows].sort((a, b) => (least ? a.value - b.value : b.value - a.value))[rank];
    if (!row) continue;
    return { shortAnswer: rowWithFigure(row), answer: `${doc.title ?? doc.id}: ${row.name}, ${row.value}${row.unit} [${doc.id}]` };
  }
  return undefined;
}

/** Whether a table's title or header says a word of what is asked: the table is about it. */
function saysRelation(heading: ReadonlySet<string>, focus: Focus): boolean {
  return focus.holdsRelation(heading);
}

/** Words before a class noun that rank or pick it, not say its kind: "the largest source", "which source". */
const RANKING_WORD = new RegExp(`^(?:${ORDINALS.join('|')}|\\p{L}+est|most|least|main|leading|top|which|what|the|single|one)$`, 'iu');

/** A document that is a table, with its rows read once. */
type Row = NonNullable<ReturnType<typeof tableRows>>[number];

/** A row's figure as an answer says it: "65 percent" of a share. */
function rowFigure(row: Row): string {
  return `${row.value}${row.unit === '%' ? ' percent' : ''}`;
}

/** A row named with its figure, as a list or a ranked answer gives it: "nuclear (65%)". */
function rowWithFigure(row: Row): string {
  return `${row.name} (${row.value}${row.unit})`;
}

interface Table {
  doc: AnswerInput['documents'][number];
  rows: NonNullable<ReturnType<typeof tableRows>>;
}

/** A CSV table's rows as named figures: the first column names, the first numeric column measures. */
export function tableRows(text: string): Array<{ name: string; value: number; unit: string; column: string }> | undefined {
  const lines = text.trim().split('\n');
  if (lines.length < 3 || !lines.every((l) => l.includes(','))) return undefined;
  const header = lines[0]!.split(',');
  const rows = lines.slice(1).map((l) => l.split(','));
  const column = header.findIndex((_, i) => i > 0 && rows.every((r) => /^\s*-?\d+(?:\.\d+)?\s*$/.test(r[i] ?? '')));
  if (column < 0) return undefined;
  const unit = /percent|share|%/i.test(header[column]!) ? '%' : '';
  return rows.map((r) => ({ name: r[0]!.trim(), value: Number(r[column]), unit, column: header[column]!.trim() }));
}
