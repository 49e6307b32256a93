/**
 * What every part of the keyless answerer (index.ts) shares: its input and output, the sentences it
 * reads, the question's focus that scores them (Focus, ranked), and small helpers on titles, names
 * and ranks (titleKey, sameName, sentencesAbout, ORDINALS), and a defining sentence's subject (subjectOf).
 */
import { AGENT_NOUN, classRecogniser, MONEY, PRICE_ASKED } from '../../../../core/answer/answer-classes.js';
import { type Candidate, candidatesFor, numbersIn, RACE_TIME } from '../../../../core/answer/candidates.js';
import { classWords, countsPeople, countsPersons, expandedTerms, holdsTerm, type QuestionReading, relationSets } from '../../../../core/answer/question.js';
import { respelling } from '../../../../core/answer/spelling.js';
import { bareTitle, escapeRegExp } from '../../../../core/answer/text.js';
import type { Lexicon } from '../../../../core/ports.js';
import { contentTerms } from '../../../../core/retrieval/tokenize.js';

/** A candidate that is a race time and nothing else ("2:19:40"). */
const RACE_TIME_WHOLE = new RegExp(`^${RACE_TIME.source}$`);

/** The noun an opening calls its subject, before what qualifies it: "is a 1981 thriller film directed by ...": film. */
const WORK_OPENING =
  /\s(?:is|was)\s+(?:an?|the)\s+(?:[^\s,.;()]+\s+){0,4}?(\p{Ll}+)(?=[,.;]|\s+(?:by|of|in|from|directed|written|starring|produced|released|about|based|that|which|who|whose|with|for|set|made)\b)/u;

export interface AnswerInput {
  question: string;
  instruction: string;
  documents: Array<{ id: string; title?: string; text: string }>;
}

export interface ExtractedAnswer {
  shortAnswer: string | null;
  answer: string;
  /**
   * A yes/no comparison settled by two figures (choice.ts settled): the two as its verdict writes
   * them, the winner's first, for a question asked through it that wants their gap. Not part of
   * the answer a model's structured output carries.
   */
  compared?: readonly [string, string];
}

/** The verbs that say where a thing is, each asked by any other ("Where is X based?": "headquartered in"). */
const PLACING_VERBS = ['based', 'located', 'situated', 'headquartered', 'sited'];

export const NO_ANSWER = 'No source in the corpus answers this.';

export interface Sentence {
  docId: string;
  docRank: number;
  title: string;
  text: string;
  position: number;
  terms: Set<string>;
}

export const cite = (s: Sentence) => `${s.text} [${s.docId}]`;

/** A sentence's subject, then "is a" and up to three words that are no preposition, before a kind ("Dorvacin is an ", "Harbour Lights is a Canadian drama television "): group 1. */
const KIND_OF_SUBJECT =
  /^(\p{Lu}[\p{L}\p{N}'’-]*(?:\s+[\p{L}\p{N}'’-]+){0,3})\s+(?:is|was|are|were)\s+(?:an?|the)\s+(?:(?!(?:of|in|for|from|with|by|to|on|at)\s)[\p{L}-]+\s+){0,3}$/u;

/** How a nation's or a people's adjective ends ("Kessian", "Danish", "Chinese", "Arabic", "Israeli"). */
const ADJECTIVE_ENDING = /(?:an|ese|ish|ic|i)$/u;

/** A sentence's subject (a name, or a pronoun standing for one) and "is a", before a kind: "Aurora was an uncrewed ". */
const OWN_KIND_SUBJECT =
  /(?:^|[.;]\s+)(?:(\p{Lu}[\p{L}\p{N}'’-]*(?:\s+[\p{L}\p{N}'’-]+){0,3})|It|He|She|They)\s+(?:is|was|are|were)\s+(?:an?|the)\s+(?:[\p{Ll}-]+\s+){0,2}$/u;
/** What ends a noun phrase's head: a stop, a participle, a relative word or a preposition ("space probe launched by"). */
const PREDICATE_HEAD_END = /^(?:\s*[,.;:()]|\s*$|\s+(?:\p{Ll}+ed|\p{Ll}+ing|that|which|who|whose|with|of|in|for|from|by|on|at|to|and|built|made)\b)/u;

/** A price asked: what PRICE_ASKED reads ("How much was paid for it?"), and a cost ("How much did tickets cost?"). */
const COST_ASKED = new RegExp(
  `${PRICE_ASKED.source}|\\bhow\\s+much\\b[^?]*\\b(?:cost|costs|costed|pay|paid|charge|charged|sell|sold|price|worth|spend|spent)\\b`,
  'i',
);
/** The kinds a figure's noun is when it is no sum of money: a time, a unit of measurement, a person, a work. */
const NOT_MONEY = ['time period', 'unit of measurement', 'person', 'creation'];

/** A post held at a place, before its name: "a professor at the", "taught at", "worked for". */
const POST_AT =
  /\b(?:professor|lecturer|teacher|fellow|dean|rector|chancellor|president|director|chair|head|researcher|taught|teaches|teaching|worked|works|working|employed)\b[^.;,]{0,25}?\b(?:at|of|for)\s+(?:the\s+)?$/i;

/** A question asking where someone learned: "Which school did X attend?", "... study at?", "... graduate from?". */
const ATTENDED = /\b(?:attend(?:s|ed)?|stud(?:y|ied|ies)|graduat(?:e|ed|es)|educated|enrol(?:l?ed|s)?|alma\s+mater)\b/i;

/** The question's focus as sentence scores: its names, its relation's words (with related words) and its answer class. */
export class Focus {
  readonly nameTerms: string[][];
  readonly relation: Array<Set<string>>;
  readonly weights: number[];
  /** Each relation word's own terms, as the question says it (not the lexicon's related words). */
  private readonly ownTerms: Array<Set<string>>;
  readonly answerClass: Set<string>;
  readonly questionTerms: Set<string>;
  /** How rare a term is among the sentences here: rarer words say more. */
  readonly idf: (t: string) => number;

  constructor(
    readonly reading: QuestionReading,
    readonly all: Sentence[],
    readonly lexicon: Lexicon,
    /** The question reads as a bridge (the planner's reading, rule-based/reading.ts): its names only lead to what is asked about. */
    readonly bridge = false,
    /** The question as asked, for what its reading leaves out (a comparative word, "more"). */
    readonly question = '',
  ) {
    // A word of the question misspelt ("aquire") reads as the passages' word a letter away ("acquired").
    const related = respelling((w) => lexicon.related(w), [...new Set(all.map((s) => s.text))]);
    this.nameTerms = reading.names.map((n) => contentTerms(n)).filter((t) => t.length > 0);
    // Two words the lexicon knows as one ("film director") also count through their head's own
    // forms ("directed by"): the answerer weighs sentences, it does not refuse on them.
    // The verbs that place a thing say one thing: "based" is said by "headquartered in Bodø" (not "based on a novel").
    const places = !/\bbased\s+(?:on|off|upon)\b/i.test(question);
    const placing = (w: string) => (places && PLACING_VERBS.includes(w) ? PLACING_VERBS.flatMap((v) => related(v)) : related(w));
    const sets = relationSets(reading.relation, placing);
    // Two sides weighed by their people ("Which island has more people, A or B?"): a word that counts
    // the people who live somewhere is said by a population too, as a count asked of them is (classWords).
    const weighed = ['choice', 'comparison', 'yes_no'].includes(reading.type);
    this.relation = sets.map((r) => {
      const terms = r.words.includes(' ') ? new Set([...r.terms, ...expandedTerms(r.words.split(' ').pop()!, related)]) : r.terms;
      return weighed && countsPeople(r.words.split(' ').pop()!, lexicon) ? new Set([...terms, ...expandedTerms('population', related)]) : terms;
    });
    // What the question's clause asks ("created by who?") weighs twice what identifies its subject
    // (fitted on HotpotQA's dev split and checked on the sample set's and 2WikiMultihopQA's).
    const asked = new Set(contentTerms((reading.asked ?? []).join(' ')));
    this.weights = sets.map((r) => (contentTerms(r.words).some((t) => asked.has(t)) ? 2 : 1));
    this.ownTerms = sets.map((r) => new Set(contentTerms(r.words)));
    this.answerClass = classWords(reading, lexicon);
    // A class of two words ("tram line") is also said by its modifier: "the Rhônexpress tram".
    for (const t of contentTerms(reading.answerClass ?? '')) this.answerClass.add(t);
    // The class asked for is not given: "Which glacier ...?" is answered by "the Rhône Glacier".
    this.questionTerms = new Set(contentTerms([reading.names.join(' '), reading.relation.join(' ')].join(' ')));
    const df = new Map<string, number>();
    for (const s of all) for (const t of s.terms) df.set(t, (df.get(t) ?? 0) + 1);
    this.idf = (t) => Math.log(1 + all.length / (df.get(t) ?? 1));
  }

  /** How much of the relation a sentence holds, rarer words weighing more. */
  relationScore(s: Sentence): number {
    let score = 0;
    for (const [i, words] of this.relation.entries()) {
      let best = 0;
      // A word the lexicon relates to the question's, said only within a name, does not say it:
      // "joined" is not said by "the European Union".
      const said = (t: string) => this.ownTerms[i]!.has(t) || t.includes(' ') || uncapitalisedTerms(s).has(t);
      for (const t of words) if (holdsTerm(s.terms, t) && said(t)) best = Math.max(best, Math.max(...t.split(' ').map(this.idf)));
      score += best * this.weights[i]!;
    }
    return score;
  }

  /** Whether some words (a table's heading, a phrase before a span) hold a word of the relation, in any of its forms. */
  holdsRelation(terms: ReadonlySet<string>): boolean {
    return this.relation.some((set) => [...set].some((t) => holdsTerm(terms, t)));
  }

  /** Whether some words hold every word of the relation, each in one of its forms. */
  holdsWholeRelation(terms: ReadonlySet<string>): boolean {
    return this.relation.every((set) => [...set].some((t) => holdsTerm(terms, t)));
  }

  /** Whether the relation's i-th word is of the question's own clause ("created by who?"). */
  isAsked(i: number): boolean {
    return this.weights[i] === 2;
  }

  /** What holding the relation's i-th word is worth: its rarest form's weight. */
  setWeight(i: number): number {
    return this.weights[i]! * Math.max(0, ...[...this.relation[i]!].map((t) => Math.max(...t.split(' ').map(this.idf))));
  }

  /** How many of the question's names the sentence (or its passage's title) holds. */
  nameScore(s: Sentence): number {
    const title = new Set(contentTerms(s.title));
    let score = 0;
    // A namesake the question tells apart from the one it asks about ("the 1915 film" of three Charley's Aunts) is not about it.
    if (this.otherNamesakes.has(s.docId)) return 0;
    for (const [i, terms] of this.nameTerms.entries()) {
      const inText = terms.filter((t) => s.terms.has(t)).length / terms.length;
      const inTitle = terms.filter((t) => title.has(t)).length / terms.length;
      // A name of several words with a passage of its own ("Port of Marseille") is spoken of there,
      // or where it stands whole: "Marseille is a port city" is not about its port.
      if (terms.length > 1 && this.ownPassage[i] && !sameName(s.title, this.reading.names[i] ?? '')) {
        score += s.text.toLowerCase().includes((this.reading.names[i] ?? '').toLowerCase()) ? 1 : 0;
        continue;
      }
      score += Math.max(inText, 0.8 * inTitle);
    }
    return score;
  }

  /**
   * The passages titled as another passage is, whose qualifier the question does not say when it
   * says another's: asked of "the 1915 American film version of Charley's Aunt", the passages
   * "Charley's Aunt (1925 film)" and "Charley's Aunt (1930 film)" are about other films. A word
   * every qualifier of the title holds ("film") tells none apart.
   */
  private get otherNamesakes(): Set<string> {
    if (this.namesakesMemo) return this.namesakesMemo;
    const asked = new Set(contentTerms(this.question));
    const byTitle = new Map<string, Map<string, string[]>>();
    for (const s of this.all) {
      const qualifier = /\(([^)]*)\)\s*$/.exec(s.title)?.[1] ?? '';
      const docs = byTitle.get(titleKey(s.title)) ?? new Map<string, string[]>();
      docs.set(s.docId, contentTerms(qualifier));
      byTitle.set(titleKey(s.title), docs);
    }
    const out = new Set<string>();
    for (const docs of byTitle.values()) {
      if (docs.size < 2) continue;
      const told = (terms: string[]) => terms.filter((t) => [...docs.values()].some((other) => !other.includes(t)));
      const said = [...docs].filter(([, terms]) => told(terms).some((t) => asked.has(t)));
      if (said.length === 0) continue;
      for (const [docId] of docs) if (!said.some(([d]) => d === docId)) out.add(docId);
    }
    this.namesakesMemo = out;
    return out;
  }

  private namesakesMemo: Set<string> | undefined;

  /** Whether the sentence's passage is the own passage of one of the question's names (titled after it whole: "Lyon", "Neighbours (TV series)"). */
  isOwnPassage(s: Sentence): boolean {
    return this.reading.names.some((n) => sameName(s.title, n));
  }

  /** The sentences of the passage titled after a name ("Neighbours (TV series)" for Neighbours), in passage order. */
  passageOf(name: string): Sentence[] {
    return this.all.filter((x) => sameName(x.title, name));
  }

  /** Whether the sentence's passage is titled after one of the question's names ("Public transport in Lyon" for Lyon's). */
  titledAfterName(s: Sentence): boolean {
    const title = ` ${titleKey(s.title)} `;
    return this.reading.names.some((n) => title.includes(` ${titleKey(n)} `));
  }

  /** For each of the question's names, whether a passage here is titled after it. */
  private get ownPassage(): boolean[] {
    this.ownPassageMemo ??= this.reading.names.map((n) => this.all.some((s) => sameName(s.title, n)));
    return this.ownPassageMemo;
  }

  private ownPassageMemo: boolean[] | undefined;

  classScore(s: Sentence): number {
    for (const t of this.answerClass) if (holdsTerm(s.terms, t)) return 1;
    if (this.spansOfClass) return this.spansOfClass(s.text).length > 0 ? 1 : 0;
    // "How many people attend X?": "draws about 40,000 visitors" counts a kind of the class.
    if (this.reading.type === 'number' && this.countsClassIn(s.text)) return 1;
    // "What instrument does X play?": "X is a Danish drummer" names one who plays a kind of it (kindsIn).
    const head = this.kindHead;
    if (this.reading.type !== 'entity' || head === undefined) return 0;
    return (s.text.match(/\b\p{Ll}{3,}\b/gu) ?? []).some((w) => this.kindOfAgent(w, head) !== undefined) ? 1 : 0;
  }

  /**
   * The class asked's head noun when common nouns can name kinds of it, read once: a class a person
   * is a kind of ("What entity ...?") is too broad to be told by a common noun (every noun is one).
   */
  private get kindHead(): string | undefined {
    if (this.kindHeadRead === undefined) {
      const head = this.reading.answerClass?.split(' ').pop();
      this.kindHeadRead = head && this.lexicon.isKindOf && !this.lexicon.isKindOf('person', head) ? head : null;
    }
    return this.kindHeadRead ?? undefined;
  }

  private kindHeadRead: string | null | undefined;

  /** Whether a sentence gives a figure counting the class asked, read once a sentence: classScore runs on every ranking. */
  private countsClassIn(text: string): boolean {
    let counts = this.countingClass.get(text);
    if (counts === undefined) {
      counts = numbersIn(text).some((c) => this.countsClass(c));
      this.countingClass.set(text, counts);
    }
    return counts;
  }

  private readonly countingClass = new Map<string, boolean>();

  /** The spans that answer a question asking for a class told by its spans (a nationality); undefined for the other questions. */
  get spansOfClass(): ((sentence: string) => Candidate[]) | undefined {
    if (this.spansRead === undefined) {
      const spans = classRecogniser(this.reading.answerClass);
      // A school attended is a place of learning, not a school of art ("the Skarvik school"), nor one
      // where a post is held ("has been a professor at the University of Bergen").
      this.spansRead =
        spans && ATTENDED.test(this.question)
          ? (sentence: string) => spans(sentence).filter((c) => !/\sschool$/.test(c.text) && !POST_AT.test(sentence.slice(Math.max(0, c.at - 60), c.at)))
          : (spans ?? null);
    }
    return this.spansRead ?? undefined;
  }

  private spansRead: ((sentence: string) => Candidate[]) | null | undefined;

  /** The candidates of a sentence: the spans of the class asked for when it has them, else those of the expected type. */
  candidates(text: string): Candidate[] {
    const found = this.titleWithAnd(
      (this.spansOfClass ? this.spansOfClass(text) : candidatesFor(text, this.reading.type))
        .flatMap((c) => this.forApart(c))
        .filter((c) => !this.commonOpener(c, text) && !this.nameAdjective(c, text) && !this.yearAndOrigin(c) && !this.insideTitle(c, text)),
      text,
    );
    if (this.reading.type !== 'entity') return found;
    // "Under what name ...?", "under the pseudonym Bass Communion": a kind of name right before a
    // name calls it that; the name answers, as one of the class.
    const head = this.reading.answerClass?.split(' ').pop();
    const asksName = head !== undefined && (head === 'name' || this.lexicon.isKindOf?.(head, 'name') === true);
    const kinds = this.kindsIn(text).flatMap((k) => {
      const named = asksName && found.find((c) => c.kind === 'name' && /^\s+$/.test(text.slice(k.at + k.text.length, c.at)) && c.at > k.at);
      if (!named) return [k];
      this.kinds.set(named.text, true);
      return [];
    });
    return [...found, ...kinds];
  }

  /**
   * Two names "for" joins where the first ends in a name no common word spells: "by the perfumer
   * Sylvie Arnaud for Maison Averne" names her and the house; "Minister for Health", "Centre for
   * Policy Studies" and "Pulitzer Prizes for Drama" are one name each.
   */
  private forApart(c: Candidate): Candidate[] {
    const m = c.kind === 'name' ? /^(.*?(\p{L}+))\s+for\s+(?=\p{Lu})/u.exec(c.text) : null;
    const common = (w: string) => this.lexicon.isCommonWord?.(w) !== false || (/s$/.test(w) && this.lexicon.isCommonWord?.(w.slice(0, -1)) === true);
    if (!m || common(m[2]!) || !/\s/.test(m[1]!)) return [c];
    return [
      { ...c, text: m[1]! },
      { ...c, text: c.text.slice(m[0].length), at: c.at + m[0].length },
    ];
  }

  /**
   * "What cookbook did Maja Holt write?": after the class asked, one noun, two names joined by "and"
   * up to a verb or the clause's end are one title ("her cookbook Salt and Smoke won ...", "Their
   * debut album, Salt and Static, was ..."), not two names.
   */
  private titleWithAnd(found: Candidate[], text: string): Candidate[] {
    if (this.titleAfterClass === undefined) {
      const head = this.reading.answerClass?.split(' ').pop();
      const name = String.raw`\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*`;
      this.titleAfterClass =
        head === undefined || /s$/.test(head) || this.reading.type !== 'entity'
          ? null
          : new RegExp(`\\b${escapeRegExp(head)},?\\s+(${name}\\s+and\\s+${name})(?=\\s+\\p{Ll}|\\s*[,.;]|\\s*$)`, 'u');
    }
    const m = this.titleAfterClass?.exec(text);
    if (!m) return found;
    const at = m.index + m[0].length - m[1]!.length;
    const title: Candidate = { text: m[1]!, at, kind: 'name' };
    return [...found.filter((c) => c.at + c.text.length <= at || c.at >= at + title.text.length), title].sort((a, b) => a.at - b.at);
  }

  /** titleWithAnd's pattern, made once a question: null when the class asked is none or plural. */
  private titleAfterClass: RegExp | null | undefined;

  /**
   * The words of a sentence that name a kind of the class asked for, when the class is a common
   * noun WordNet files things under ("What colour ...?": "white"; "What instrument ...?": "piano").
   */
  kindsIn(text: string): Candidate[] {
    const head = this.kindHead;
    if (head === undefined) return [];
    const out: Candidate[] = [];
    // "a double bass player": a kind named in two words, read before the words alone.
    for (const m of text.matchAll(/\b(?=(\p{Ll}{3,}\s+\p{Ll}{3,})\b)/gu)) {
      // Not one whose last word is a kind alone: "professional tennis" is tennis.
      if (this.isKindWord(m[1]!, head) && !this.isKindWord(m[1]!.split(/\s+/)[1]!, head) && !this.ownKindSaid(text, m.index, m[1]!))
        out.push({ text: m[1]!, at: m.index, kind: 'name' });
    }
    for (const m of text.matchAll(/\b\p{Ll}{3,}\b/gu)) {
      if (out.some((c) => m.index >= c.at && m.index < c.at + c.text.length)) continue;
      const named = this.isKindWord(m[0], head) ? m[0] : this.kindOfAgent(m[0], head);
      if (!named || (named === m[0] && this.ownKindSaid(text, m.index, m[0]))) continue;
      // "the antibiotic dorvacin": a word the lexicon does not know, right after the kind, is the one of it named.
      const next = /^\s+(\p{Ll}{4,})\b(?![\s-]+\p{Ll})/u.exec(text.slice(m.index + m[0].length));
      if (named === m[0] && next && this.unknownWord(next[1]!)) {
        this.kinds.set(next[1]!, true);
        out.push({ text: next[1]!, at: m.index + m[0].length + next[0].length - next[1]!.length, kind: 'name' });
        continue;
      }
      // "described the saxifrage Saxifraga kvarnensis": a binomial right after the kind is the one of it named.
      const binomial = named === m[0] ? /^\s+(\p{Lu}\p{Ll}+\s+\p{Ll}{3,})\b/u.exec(text.slice(m.index + m[0].length)) : null;
      if (binomial) {
        this.kinds.set(binomial[1]!, true);
        out.push({ text: binomial[1]!, at: m.index + m[0].length + binomial[0].length - binomial[1]!.length, kind: 'name' });
        continue;
      }
      // "Dorvacin is an antibiotic used to ...": the kind said of the sentence's subject names it.
      const subject = named === m[0] ? KIND_OF_SUBJECT.exec(text.slice(0, m.index))?.[1] : undefined;
      if (subject && !this.isGiven({ text: subject, at: 0, kind: 'name' })) {
        this.kinds.set(subject, true);
        out.push({ text: subject, at: 0, kind: 'name' });
      } else out.push({ text: named, at: m.index, kind: 'name' });
    }
    return out.sort((a, b) => a.at - b.at);
  }

  /**
   * Whether a kind is what the sentence says a name given is, as its predicate's head ("Aurora was
   * an uncrewed space probe launched by ..."), where the question asks what was done to or by that
   * name (a verb in its relation: "What rocket launched Aurora?"): the name's own kind is not the
   * other thing asked for. A question asking what the name is has no verb ("What kind of ship was ...?").
   */
  private ownKindSaid(text: string, at: number, kind: string): boolean {
    if (this.reading.relation.length === 0) return false;
    const subject = OWN_KIND_SUBJECT.exec(text.slice(0, at));
    if (!subject) return false;
    const name = subject[1];
    const given = name === undefined || this.isGiven({ text: name, at: 0, kind: 'name' });
    return given && PREDICATE_HEAD_END.test(text.slice(at + kind.length));
  }

  /** Whether the lexicon knows a word in no sense, common or name ("dorvacin"). */
  private unknownWord(word: string): boolean {
    const related = this.lexicon.related(word);
    return related.length === 1 && related[0] === word && this.lexicon.isCommonWord?.(word) !== true && this.lexicon.isOnlyName?.(word) !== true;
  }

  /** Whether a word names a kind of the class; the class itself, by another of its words ("film" for "movie"), is none. */
  private isKindWord(word: string, head: string): boolean {
    let kind = this.kinds.get(word);
    if (kind === undefined) {
      kind = this.lexicon.isKindOf!(word, head) && word !== head && !contentTerms(word).some((t) => this.answerClass.has(t));
      this.kinds.set(word, kind);
    }
    return kind;
  }

  /**
   * The kind of the class an agent noun is made from, as the lexicon derives it: "pianist" plays the
   * piano, "drummer" the drum. What one does something with is a thing made or an activity, and so is
   * the class: a "defender" is made from "protectorship", a kind of position (a post), never a
   * position a defender plays.
   */
  private kindOfAgent(word: string, head: string): string | undefined {
    if (!AGENT_NOUN.test(word)) return undefined;
    let named = this.agents.get(word);
    if (named === undefined) {
      // A cello is six levels below artifact (bowed, stringed, musical instrument, device, instrumentality).
      const usable = (f: string, levels?: number) => ['artifact', 'activity'].some((k) => this.lexicon.isKindOf!(f, k, levels));
      // Of the forms, the one the agent noun is made from as written ("violinist": violin, not fiddle).
      const shared = (f: string) => {
        let i = 0;
        while (i < f.length && f[i] === word[i]) i++;
        return i;
      };
      named = usable(head)
        ? (this.lexicon
            .related(word)
            .filter((f) => f !== word && /^\p{Ll}{3,}$/u.test(f) && this.isKindWord(f, head) && usable(f, 8))
            .sort((a, b) => shared(b) - shared(a))[0] ?? null)
        : null;
      this.agents.set(word, named);
    }
    return named ?? undefined;
  }

  private readonly kinds = new Map<string, boolean>();

  private readonly agents = new Map<string, string | null>();

  /** The passages' titles of two words or more, without their parenthesis: "The Tall Blond Man with One Black Shoe". */
  private get titles(): string[] {
    this.titlesRead ??= [...new Set(this.all.map((s) => bareTitle(s.title)))].filter((t) => /\s/.test(t));
    return this.titlesRead;
  }

  private titlesRead: string[] | undefined;

  /**
   * Whether a name is only a part of a passage's title written whole around it: "One Black Shoe" in
   * "The Tall Blond Man with One Black Shoe is a 1972 film" names no place and no one; the title does.
   */
  insideTitle(c: Candidate, text: string): boolean {
    if (c.kind !== 'name') return false;
    const end = c.at + c.text.length;
    const beforeComma = (t: string) => (t.includes(', ') ? t.slice(0, t.indexOf(', ')) : undefined);
    return this.titles.some((t) => {
      // "Quiet Shore" of "The Quiet Shore" is the title itself, less its article.
      if (t.replace(/^The\s+/, '') === c.text) return false;
      // A title's part before its comma is a name of its own ("dismissed by Frederick Henry, Prince
      // of Orange"), but not where the title opens its sentence: its own passage's lead is about it.
      const own = beforeComma(t) === c.text;
      for (let at = text.indexOf(t); at >= 0; at = text.indexOf(t, at + 1)) {
        if (at <= c.at && end <= at + t.length && t.length > c.text.length && !(own && at === c.at && at > 0)) return true;
      }
      return false;
    });
  }

  /** Whether a candidate is a word kindsIn found to name a kind of the class asked for. */
  isKind(c: Candidate): boolean {
    return this.kinds.get(c.text) === true;
  }

  /**
   * A sentence's first word is capitalised whatever it is: alone, it is a name only when the
   * lexicon knows it as one or not at all ("Nice", "Marseille"), never when every sense of it is a
   * common word ("Audio recording ...", "Most large solar farms ...", "Photograph of ...").
   */
  commonOpener(c: Candidate, text = ''): boolean {
    // A passage's own title opening its sentence is its subject, common word or not ("Bouillabaisse is ...").
    if (c.kind !== 'name' || c.at !== 0 || /\s/.test(c.text) || this.all.some((s) => sameName(s.title, c.text))) return false;
    // A participle opening its sentence before its preposition ("Produced by Walter Futter", "Located
    // in ...", "Born in Concepción, she ...", "Built in 1984 ...") is no name: regular, or a verb's
    // irregular form the lexicon knows (Born, the physicist, is a name too).
    const participle =
      /^\s+(?:by|in|at|on|from|with|for|as|near|under)\b/.test(text.slice(c.text.length)) &&
      (/^\p{Lu}\p{Ll}{3,}ed$/u.test(c.text) || (this.lexicon.irregularForms?.(c.text.toLowerCase()) ?? []).length > 0);
    return participle || this.lexicon.isCommonWord?.(c.text) === true;
  }

  /**
   * Whether a span is the year and origin a description opens with ("a 1947 American animated
   * film", "a 2000 American CGI film"): a year, a name's adjective, then only acronyms or more
   * such adjectives. It names nothing; the thing described is the sentence's subject.
   */
  yearAndOrigin(c: Candidate): boolean {
    const [year, origin, ...rest] = c.text.split(/\s+/);
    if (c.kind !== 'name' || !/^\d{4}$/.test(year ?? '') || origin === undefined) return false;
    const adjective = (w: string) => this.lexicon.isNameAdjective?.(w) === true;
    return adjective(origin) && rest.every((w) => adjective(w) || /^[\p{Lu}\d-]{2,}$/u.test(w));
  }

  /** "French", "European": what a person or a place is, never who or where one is; "Greek settlers" are people. */
  nameAdjective(c: Candidate, text: string): boolean {
    if (c.kind !== 'name' || /\s/.test(c.text) || this.spansOfClass) return false;
    if (/^\s+\p{Ll}{3,}[^su\s]s\b/u.test(text.slice(c.at + c.text.length))) return false;
    // One word between "a" and a common noun describes it, whether the lexicon knows the name it is
    // of or not: "a Teravian chemist", "a Teravian car maker".
    // Not one before the class asked that reads as no adjective: "a Vega-X rocket" names a rocket.
    const next = /^\s+(\p{Ll}+)/u.exec(text.slice(c.at + c.text.length))?.[1];
    const ofClass = next !== undefined && this.answerClass.has(contentTerms(next)[0] ?? next) && !ADJECTIVE_ENDING.test(c.text);
    if (/\b(?:a|an)\s+$/i.test(text.slice(0, c.at)) && next !== undefined && !ofClass) return true;
    return (this.reading.type === 'person' || this.reading.type === 'place') && this.lexicon.isNameAdjective?.(c.text) === true;
  }

  /**
   * Whether a sentence's passage says the event the question asks about: a verb of the question in
   * its past form ("designed", "founded", "patented"), through its inflections and the lexicon's
   * related words. A question with no such verb asks for no event.
   */
  saysEvent(s: Sentence): boolean {
    const events = this.relation.filter((_, i) => /\p{L}{3,}ed$/u.test(this.reading.relation[i] ?? ''));
    if (events.length === 0) return true;
    // Said in the sentence's passage: its other sentences often carry the verb ("It was founded in ...").
    const passage = this.all.filter((x) => x.docId === s.docId);
    return events.some((set) => [...set].some((t) => passage.some((x) => holdsTerm(x.terms, t))));
  }

  /**
   * Whether a text of a sentence ("the deepest lake in the country") calls a region by a noun after
   * "the" (country, state, city: a kind of region to the lexicon) where another sentence of its
   * passage names the region with all the given words ("a lake in eastern Osterland"): the noun
   * stands for that name as a pronoun stands for its passage's subject.
   */
  regionCalled(s: Sentence, text: string, terms: readonly string[]): boolean {
    const regions = [...text.matchAll(/\bthe\s+(\p{Ll}{4,})\b(?!\s+of\b)/gu)].filter((m) => this.lexicon.isKindOf?.(m[1]!, 'region', 3) === true);
    return regions.length > 0 && terms.length > 0 && this.all.some((x) => x.docId === s.docId && x !== s && terms.every((t) => x.terms.has(t)));
  }

  about(s: Sentence): number {
    return 1.5 * this.nameScore(s) + this.relationScore(s) + this.classScore(s);
  }

  /**
   * Whether a noun a figure counts is of the class asked: the class itself, a kind of it, for a
   * count of people any kind of person (residents, inhabitants, visitors), for a population the
   * people who live there.
   */
  ofCountedClass(noun: string): boolean {
    const head = this.reading.answerClass?.split(' ').pop() ?? '';
    if (head === '') return false;
    // Relatives are counted by their own kind: "four children" counts no siblings.
    const people = countsPersons(head, this.lexicon) && this.lexicon.isKindOf?.(head, 'relative') !== true;
    return (
      this.answerClass.has(contentTerms(noun)[0] ?? '') ||
      this.lexicon.isKindOf?.(noun, head) === true ||
      (people && this.lexicon.isKindOf?.(noun, 'person') === true) ||
      // A population asked is counted by those who live there: "about 10,900 inhabitants".
      (head === 'population' && countsPeople(noun, this.lexicon))
    );
  }

  /** Whether a figure counts a thing of the class asked ("about 600,000 visitors", asked how many people). */
  countsClass(c: Candidate): boolean {
    const unit = c.kind === 'number' ? /\b(\p{L}{3,})$/u.exec(c.text)?.[1] : undefined;
    return unit !== undefined && this.ofCountedClass(unit);
  }

  /** Whether the question asks a price or a worth ("How much is the Prix Fermat worth?"). */
  get asksCost(): boolean {
    return COST_ASKED.test(this.question);
  }

  /**
   * Whether a figure measures what is asked: a question asking for a share ("what share", "what
   * percentage": a class the lexicon relates to percent) is answered by a percentage, never by "22
   * gigawatts" or a bare count; one asking how many of a thing, never by an amount in a unit of
   * measurement. Other questions take any figure.
   */
  measures(c: Candidate, sentence: string): boolean {
    if (c.kind !== 'number' || this.reading.type !== 'number') return true;
    // A time a race was run in ("2:19:40") answers a time or a record asked, never a count.
    if (RACE_TIME_WHOLE.test(c.text)) return [...this.answerClass].some((t) => /^(?:time|record|best)/.test(t));
    // "It has retreated by about 1.5 kilometres" gives a change, which only a change asked takes ("How much has it retreated?").
    // The noun a figure ends on ("3,500 people", "80 million tonnes"), read by the tests below.
    const unit = /\b(\p{L}{3,})$/u.exec(c.text)?.[1];
    // Not a count of those who did it: "spoken by about 3,500 people", "used by 40,000 visitors".
    if (
      /\b\p{Ll}{3,}(?:ed|en)\s+by\s+$/u.test(sentence.slice(Math.max(0, c.at - 30), c.at)) &&
      !/\bhow\s+much\s+(?:has|have|had|did|does|do)\b/i.test(this.question) &&
      !(unit !== undefined && (/^people$/i.test(unit) || this.lexicon.isKindOf?.(unit, 'person') === true))
    )
      return false;
    // "for pupils aged 11 to 18" gives ages, which answer only an age asked.
    if (/\baged\s+(?:between\s+)?$/i.test(sentence.slice(Math.max(0, c.at - 20), c.at))) return /\bhow\s+old\b|\bages?\b/i.test(this.question);
    // "How many of its crew drowned?" asks the part: "Seven of her nine crew drowned" gives the whole after "of".
    if (/\bhow\s+many\s+of\b/i.test(this.question) && /\bof\s+(?:the|his|her|its|their)\s+$/i.test(sentence.slice(Math.max(0, c.at - 12), c.at))) return false;
    // "twice" answers how many times, or how often.
    if (/^(?:twice|thrice)$/i.test(c.text)) return /\bhow\s+(?:many\s+times|often)\b/i.test(this.question);
    // "How deep is Lake Vessel?" asks for a length: an area ("310 square kilometres") is no depth,
    // nor is a measure said of another of its lengths ("14 kilometres long").
    const length = LENGTH_ASKED.exec(this.question)?.[1]?.toLowerCase();
    // Nor is a sum of money ("3.8 billion kronor") a length or a time.
    if (length && (AREA_SAID.test(c.text) || MONEY.test(c.text))) return false;
    const said = LENGTH_SAID.exec(sentence.slice(c.at + c.text.length))?.[1]?.toLowerCase();
    if (length && said && said !== length && !(TALL.test(said) && TALL.test(length))) return false;
    // "How many containers?" counts them: "80 million tonnes" is a measure in a unit, no count of containers.
    // "How much did tickets cost?" asks a price: "four days" is a time, no sum of money.
    if (COST_ASKED.test(this.question) && !MONEY.test(c.text) && unit && NOT_MONEY.some((k) => this.lexicon.isKindOf?.(unit, k) === true)) return false;
    // "How long is Night Ferry?": a count of works or of people ("nine feature films") is no length.
    if (length && unit && ['creation', 'person', 'organization'].some((k) => this.lexicon.isKindOf?.(unit, k) === true)) return false;
    const counts = /\bhow\s+many\b/i.test(this.question) && this.answerClass.size > 0;
    if (counts && unit && !this.ofCountedClass(unit) && this.lexicon.isKindOf?.(unit, 'unit of measurement') === true) return false;
    // ... nor with a count of another thing ("12 cranes" for containers), unless the class is said
    // just before it: "has won the title eleven times" counts titles; "a herd of wild reindeer, about
    // 3,500 animals" counts reindeer by a wider noun.
    if (counts && unit && /[^su]s$/.test(unit) && !this.ofCountedClass(unit) && !this.countsClassBefore(c, unit, sentence)) return false;
    if (![...this.answerClass].some((t) => t.startsWith('percent'))) return true;
    return /%|\bper\s?cent\b/i.test(c.text);
  }

  /** Whether a count's noun counts the class said just before it: "the title eleven times", "wild reindeer, about 3,500 animals". */
  private countsClassBefore(c: Candidate, unit: string, sentence: string): boolean {
    const head = this.reading.answerClass?.split(' ').pop();
    const times = unit === 'times';
    if (!times && (head === undefined || this.lexicon.isKindOf?.(head, unit.replace(/s$/, ''), 10) !== true)) return false;
    return contentTerms(sentence.slice(Math.max(0, c.at - 30), c.at)).some((t) => this.answerClass.has(t));
  }

  /**
   * Whether a name is the title of a passage here whose opening calls it a work ("Night Ferry is a
   * 1981 thriller film"): a film, a book or an album is no one who did something.
   */
  isWorkTitle(c: Candidate): boolean {
    if (c.kind !== 'name' || !this.lexicon.isKindOf) return false;
    let work = this.works.get(c.text);
    if (work === undefined) {
      const lead = this.all.find((s) => s.position === 0 && sameName(s.title, c.text));
      const head = lead ? WORK_OPENING.exec(lead.text)?.[1] : undefined;
      work = head !== undefined && this.lexicon.isKindOf(head, 'creation');
      this.works.set(c.text, work);
    }
    return work;
  }

  private readonly works = new Map<string, boolean>();

  /** A candidate is no answer when the question already says it. */
  isGiven(c: Candidate): boolean {
    // A count the sentence words as "the only species" is the question's only when it says "only".
    if (c.kind === 'number' && /\bonly\b/i.test(c.text)) return /\bonly\b/i.test(this.question);
    const terms = contentTerms(c.text);
    if (this.setApart && terms.some((t) => this.setApart!.has(t))) return true;
    if (this.namesakeOf(c.text)) return false;
    // A longer form of a name the question gives ("Herbert Weston Scott Howell III" for "Scott Howell") is that name.
    return (
      terms.length > 0 &&
      (terms.every((t) => this.questionTerms.has(t)) ||
        this.nameTerms.some((n) => n.length >= 2 && n.every((t) => terms.includes(t))) ||
        this.ownSubject(c.text))
    );
  }

  /**
   * "Which orchestra did Leena Varis lead before Brenholt?": the words of the name the question
   * sets apart from the thing it asks ("before Brenholt": not Brenholt's own); undefined for a
   * question that sets none apart.
   */
  get setApart(): ReadonlySet<string> | undefined {
    if (this.apartMemo === undefined) {
      const before =
        this.reading.type === 'entity'
          ? /\b(?:before|after|prior\s+to)\s+(?:(?:joining|moving\s+to|coming\s+to|going\s+to)\s+)?(?:the\s+)?(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)/u.exec(
              this.question,
            )?.[1]
          : undefined;
      this.apartMemo = before === undefined ? null : new Set(contentTerms(before));
    }
    return this.apartMemo ?? undefined;
  }

  private apartMemo: Set<string> | null | undefined;

  /**
   * Whether a name is the father or the son of a name the question gives: "George Halpin Junior",
   * where a passage is titled "George Halpin" and the question does not say "Junior".
   */
  private namesakeOf(name: string): boolean {
    const bare = GENERATION.exec(name)?.[1];
    return bare !== undefined && this.reading.names.some((n) => sameName(n, bare) && this.all.some((s) => s.position === 0 && sameName(s.title, n)));
  }

  /**
   * Whether a name is how the own passage of a name the question gives opens on its subject:
   * "Timothy Hill (born May 31, 1973) is an American animator", of "Tim Hill (director)", is Tim Hill.
   */
  private ownSubjects: Set<string> | undefined;

  private ownSubject(name: string): boolean {
    this.ownSubjects ??= new Set(
      this.ownOpenings()
        .map((s) => subjectOf(s.text.replace(/\s*\([^)]*\)/g, ''))?.trim())
        .filter((x): x is string => x !== undefined),
    );
    return this.ownSubjects.has(name);
  }

  private openings: Sentence[] | undefined;

  /** The opening sentences of the passages titled after a name the question gives ("Toulouse is the fourth-largest city ..."). */
  ownOpenings(): readonly Sentence[] {
    this.openings ??= this.all.filter((s) => s.position === 0 && this.isOwnPassage(s));
    return this.openings;
  }
}

/** The best sentences first: most about the focus, then the higher-ranked passage, then the earlier sentence. */
export function ranked(focus: Focus, sentencesOf: readonly Sentence[] = focus.all): Sentence[] {
  return rankedBy(focus, sentencesOf, false);
}

/** The sentences about the question at all (`about` above 0), ranked as `ranked` ranks them, each scored once. */
export function rankedAbout(focus: Focus, sentencesOf: readonly Sentence[] = focus.all): Sentence[] {
  return rankedBy(focus, sentencesOf, true);
}

function rankedBy(focus: Focus, sentencesOf: readonly Sentence[], aboutOnly: boolean): Sentence[] {
  const score = new Map(sentencesOf.map((s) => [s, focus.about(s)]));
  return sentencesOf
    .filter((s) => !aboutOnly || score.get(s)! > 0)
    .sort((a, b) => score.get(b)! - score.get(a)! || a.docRank - b.docRank || a.position - b.position);
}

/**
 * The terms a sentence says outside a name of several capitalised words: its words in lower case,
 * its first word, and a capitalised word standing alone ("the President of Israel" says
 * president; "the European Union" says no union).
 */
const UNCAPITALISED = new WeakMap<Sentence, Set<string>>();
function uncapitalisedTerms(s: Sentence): Set<string> {
  let terms = UNCAPITALISED.get(s);
  if (!terms) {
    const words = s.text.split(/[^\p{L}\p{N}'’-]+/u).filter(Boolean);
    const capital = (i: number) => i > 0 && i < words.length && /^\p{Lu}/u.test(words[i]!);
    terms = new Set(contentTerms(words.filter((_, i) => !capital(i) || (!capital(i - 1) && !capital(i + 1))).join(' ')));
    UNCAPITALISED.set(s, terms);
  }
  return terms;
}

/** Whether a sentence, or its passage's title, holds at least half of some words ("the Lumière brothers"). */
export function holdsHalf(s: Sentence, terms: readonly string[]): boolean {
  const title = new Set(contentTerms(s.title));
  return terms.filter((t) => s.terms.has(t) || title.has(t)).length * 2 >= terms.length;
}

/** A passage's title as a key: lower case, without its parenthesised qualifier ("Adam Green (filmmaker)"). */
export function titleKey(title: string): string {
  return contentTerms(bareTitle(title)).join(' ');
}

/** A passage's title names the same thing as a span: "Neighbours" and "Neighbours (TV series)". */
export function sameName(title: string, span: string): boolean {
  const a = contentTerms(bareTitle(title));
  const b = contentTerms(span);
  return a.length > 0 && a.length === b.length && a.every((t, i) => t === b[i]);
}

/** The sentences about one side: those naming it, or those of a passage titled after it. */
export function sentencesAbout(side: string, focus: Focus): Sentence[] {
  const terms = contentTerms(side);
  if (terms.length === 0) return [];
  const named = (s: Sentence) => terms.every((t) => s.terms.has(t)) || terms.every((t) => contentTerms(s.title).includes(t));
  return ranked(focus, focus.all.filter(named));
}

/** A verb that only says where a thing is ("sit", "lie", "located"): the place itself says it. */
export const LOCATIVE_VERB = /^(?:sits?|sitting|sat|lies|lie|lying|lay|stands?|standing|stood|located|situated)$/i;

/** A question asking for a length: how deep, tall, high, long, wide, far or thick a thing is; the adjective, group 1. */
/** A name with the generation that tells a father from his son ("George Halpin Junior"): the name without it, group 1. */
const GENERATION = /^(.+?),?\s+(?:Junior|Jr\.?|Senior|Sr\.?|the\s+(?:Younger|Elder))$/;
const LENGTH_ASKED = /\bhow\s+(deep|tall|high|long|wide|far|thick)\b/i;
/** The length a measure is said to be, just after it ("14 kilometres long"), group 1. */
const LENGTH_SAID = /^\s+(deep|tall|high|long|wide|thick)\b/i;
/** Two words asking the same length. */
const TALL = /^(?:tall|high)$/;
/** A figure of an area or a volume: "310 square kilometres", "9,100 km²", "40 hectares", "2 cubic metres". */
const AREA_SAID = /\b(?:square|sq\.?|cubic|hectares?|acres?)\b|[²³]/i;

export const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** Whether a word ranks as a superlative does ("largest", "oldest", "third"), not one that merely ends so ("west", "interest", "forest"). */
export function ranksAs(word: string): boolean {
  return ORDINALS.includes(word.toLowerCase()) || (/^\p{L}{2,}est$/u.test(word) && !/(?:west|east|interest|forest|contest|request|protest|test)$/i.test(word));
}

/** A defining sentence's copula and the article after it: "Hüsker Dü was an American rock band". */
export const COPULA = /\s(?:is|was|are|were)\s+(?:an?\s+|the\s+)?/;

/** What a defining sentence is about: the words before its first copula ("The Lumière brothers, Auguste and Louis,"). */
export function subjectOf(text: string): string | undefined {
  const copula = COPULA.exec(text);
  return copula ? text.slice(0, copula.index) : undefined;
}
