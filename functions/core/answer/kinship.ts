/**
 * Kinship questions read as paths of single family relations, and followed passage by passage.
 * "Who is X's paternal grandfather?" is X's father's father; "the father-in-law" is the spouse's
 * father; "the uncle" a parent's brother. This is the closed set of English kinship terms and their
 * compositions (domain knowledge, as a lexicon is), never a cue of one question.
 *
 * A relation is read where an encyclopaedic passage about a person states it of that person ("the
 * son of A and B": A the father, B the mother; "his wife C"; "the sister of D"), or where another
 * passage states the inverse of it ("She was the mother of X" in the mother's passage). The next
 * person of a path is followed to the passage titled after them.
 */
import { contentTerms } from '../retrieval/tokenize.js';
import { bareTitle, CLOSING_WORDS, entitySpans, sentences } from './text.js';

/** One family relation, the step of a path. */
export type Kin = 'father' | 'mother' | 'parent' | 'spouse' | 'child' | 'son' | 'daughter' | 'sibling' | 'brother' | 'sister';

/** Each kinship term as the single relations it is made of, in order from the person asked about. */
const PATHS: Readonly<Record<string, readonly Kin[]>> = {
  'paternal grandfather': ['father', 'father'],
  'paternal grandmother': ['father', 'mother'],
  'maternal grandfather': ['mother', 'father'],
  'maternal grandmother': ['mother', 'mother'],
  grandfather: ['parent', 'father'],
  grandmother: ['parent', 'mother'],
  grandparent: ['parent', 'parent'],
  grandson: ['child', 'son'],
  granddaughter: ['child', 'daughter'],
  grandchild: ['child', 'child'],
  'father-in-law': ['spouse', 'father'],
  'mother-in-law': ['spouse', 'mother'],
  'son-in-law': ['child', 'spouse'],
  'daughter-in-law': ['child', 'spouse'],
  'brother-in-law': ['spouse', 'brother'],
  'sister-in-law': ['spouse', 'sister'],
  uncle: ['parent', 'brother'],
  aunt: ['parent', 'sister'],
  nephew: ['sibling', 'son'],
  niece: ['sibling', 'daughter'],
  father: ['father'],
  mother: ['mother'],
  parent: ['parent'],
  husband: ['spouse'],
  wife: ['spouse'],
  spouse: ['spouse'],
  son: ['son'],
  daughter: ['daughter'],
  child: ['child'],
  brother: ['brother'],
  sister: ['sister'],
  sibling: ['sibling'],
};

/** Each relation seen from the relative's side: a father's relative is his child. */
const INVERSE: Readonly<Record<Kin, Kin>> = {
  father: 'child',
  mother: 'child',
  parent: 'child',
  spouse: 'spouse',
  child: 'parent',
  son: 'parent',
  daughter: 'parent',
  sibling: 'sibling',
  brother: 'sibling',
  sister: 'sibling',
};

const TERM = `(?:(?:paternal|maternal)\\s+)?(?:grandfather|grandmother|grandparent|grandson|granddaughter|grandchild)|(?:father|mother|son|daughter|brother|sister)-in-law|uncle|aunt|nephew|niece|father|mother|parent|husband|wife|spouse|son|daughter|child|brother|sister|sibling`;

export interface KinQuestion {
  /** The kinship term as asked ("paternal grandfather"). */
  term: string;
  /** The single relations, from the person asked about. */
  path: Kin[];
  /** The person (or the description of one: "the director of film X") the relation starts from. */
  subject: string;
  /** The words of the question that name the relative ("the husband of X", "X's husband"). */
  phrase: string;
  /** Whether the relative is the answer ("Who is X's uncle?") rather than what is asked about ("Where was X's husband born?"). */
  asksWho: boolean;
}

/** The kinship a question asks through: "the KIN of X" or "X's KIN"; undefined when it asks none. */
export function kinQuestion(question: string): KinQuestion | undefined {
  const q = question
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s*\?+\s*$/, '');
  // "What is the name of X's brother?" asks who he is, as "Who is X's brother?" does.
  const asksWho = (before: string) =>
    /^(?:who|whom)\s+(?:is|was|are|were)\s+(?:the\s+)?$/i.test(before) ||
    /^(?:name|who\s+(?:is|was)|what\s+(?:is|was|are|were)\s+the\s+names?\s+of)\s+$/i.test(before);
  // "the paternal grandfather of X"
  const of = new RegExp(`\\b(?:the\\s+)?(${TERM})\\s+of\\s+(.+)$`).exec(q);
  if (of && !/^(?:which|what|whom|who)\b/i.test(of[2]!)) {
    const term = of[1]!.toLowerCase().replace(/\s+/g, ' ');
    const subject = of[2]!
      .replace(CLOSING_WORDS, '')
      .replace(/[,;]\s*(?:who|which|that)\b.*$/i, '')
      .trim();
    const path = PATHS[term];
    if (path && subject !== '')
      return {
        term,
        path: [...path],
        subject,
        phrase: q.slice(of.index, of.index + of[0].length - (of[2]!.length - subject.length)),
        asksWho: asksWho(q.slice(0, of.index)),
      };
  }
  // "Who is X married to?", "Whom did X marry?": X's spouse.
  const married = /^(?:who|whom)\s+(?:(?:is|was)\s+(.+?)\s+married\s+to|did\s+(.+?)\s+marry)$/i.exec(q);
  if (married) return { term: 'spouse', path: ['spouse'], subject: married[1] ?? married[2]!, phrase: married[1] ?? married[2]!, asksWho: true };
  // "X is father to which actress?": the relative is X's, the other way round (X's child).
  const to = new RegExp(`^(.+?)\\s+(?:is|was|are|were)\\s+(?:the\\s+)?(${TERM})\\s+(?:to|of)\\s+(?:which|what|whom|who)\\b`, 'i').exec(q);
  if (to) {
    const term = to[2]!.toLowerCase().replace(/\s+/g, ' ');
    const spans = entitySpans(to[1]!);
    const subject = spans.find((n) => /\s/.test(n)) ?? spans[0];
    const path = PATHS[term];
    if (path && subject) return { term, path: [...path].reverse().map((k) => INVERSE[k]), subject, phrase: subject, asksWho: true };
  }
  // "X's paternal grandfather": X runs from the question's verb or its last lower-case "of".
  const poss = new RegExp(`^(.*?)(?:'s|’s|')\\s+(${TERM})\\b`, 'i').exec(q);
  if (poss) {
    const head = poss[1]!;
    // "Which country Konrad Wolf's father is from?": the question word and its noun stand before X.
    const asked = /^(?:[Ww]hich|[Ww]hat)\s+(?:[\p{Ll}-]+\s+){1,3}(?=\p{Lu})/u.exec(head)?.[0].length ?? 0;
    const start = Math.max(...[...head.matchAll(/\b(?:of|is|was|are|were|did|does|do)\s+/g)].map((m) => m.index + m[0].length), asked);
    const subject = head.slice(start).trim();
    const term = poss[2]!.toLowerCase().replace(/\s+/g, ' ');
    const path = PATHS[term];
    if (path && subject !== '') {
      const rest = q.slice(poss[0].length);
      // "What was X's brother called?" asks his name too.
      const called = /^what\s+(?:is|was|are|were)\s+$/i.test(head.slice(0, start)) && /^\s*(?:called|named)$/i.test(rest);
      return {
        term,
        path: [...path],
        subject,
        phrase: q.slice(start, poss[0].length),
        asksWho: (asksWho(head.slice(0, start)) && rest.trim() === '') || called,
      };
    }
  }
  return undefined;
}

/** A document as the kinship reader sees it. */
export interface KinDocument {
  id: string;
  title?: string;
  text: string;
}

/** One step followed: the relative named, where, and the passage of their own when the corpus has it. */
export interface KinStep {
  name: string;
  /** The sentence that states the relation, and its passage. */
  sentence: string;
  docId: string;
  /** The relative's own passage, when one is titled after them. */
  own?: KinDocument;
}

const FEMALE_TITLE = /^(?:Queen|Empress|Princess|Lady|Duchess|Countess|Baroness|Marchioness|Mrs|Madame|Dame|Shahzadi|Begum)\b/;
/** Words that join a name's parts in lower case ("Jacob De la Gardie", "Amlaíb mac Gofraid", "Olaf of Sweden"). */
const CONNECTORS = new Set([
  'of',
  'de',
  'la',
  'le',
  'du',
  'des',
  'del',
  'della',
  'di',
  'da',
  'do',
  'dos',
  'van',
  'von',
  'der',
  'den',
  'zu',
  'mac',
  'ua',
  'ibn',
  'bin',
  'al',
  'y',
  'the',
]);
/** A lower-case word that ends the words describing a person: what follows it is no longer their name. */
const DESCRIPTION_ENDS =
  /^(?:in|on|at|by|was|were|is|are|who|which|that|he|she|with|from|to|for|as|had|has|have|also|but|or|nor|not|after|before|when|while|until|since)$/;
/** A verb after a capitalised word: the word is a name, not an adjective ("Gofraid was"). */
const NAME_FOLLOWS = /^(?:was|were|had|has|and|who|which|whom|whose|died|became|ruled|reigned|succeeded)$/;
/**
 * An office held, written before a name and no part of it: "former United States Senator from
 * Oklahoma, Tom Coburn", "Governor and U.S. Senator Clifford Hansen". Royal and noble titles stay
 * with the name ("King Binnya U", "Sir Edmund Venn"): passages are titled so.
 */
const OFFICE =
  /^(?:(?:former|late|then)\s+)?(?:(?:U\.\s?S\.|United\s+States|US|State|Federal)\s+)?(?:Senator|Governor|President|Vice\s+President|General|Colonel|Admiral|Judge|Justice|Minister|Prime\s+Minister|Premier|Mayor|Congressman|Congresswoman|Representative|Ambassador|Bishop|Archbishop|Reverend|Professor|Chancellor|Secretary)(?:\s+from\s+\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)?\s*,)?\s+(?:and\s+)?(?=\p{Lu})/u;
/** A parenthesised aside after a name: another spelling of it or the name it is also known by. */
const ASIDE = /^\s*\(((?:aka\s+|also\s+known\s+as\s+)?\p{Lu}[^()\d]{1,60})\)/u;

/**
 * The name that begins at `at` in a sentence, after the words that describe the person ("the
 * Roman consul and censor Scipio Africanus", "screenwriter and actor Zdeněk Svěrák"): the longest
 * title of a passage written there ("Charles Howard, 1st Earl of Carlisle"), else the run of
 * capitalised words and name connectors.
 */
function nameAt(text: string, at: number, titles: readonly string[]): { name: string; end: number } | undefined {
  let i = at;
  // Describing words: lower-case words, and a capitalised adjective before one ("Roman consul"), at most eight.
  for (let k = 0; k < 8; k++) {
    const m = /^(\p{Ll}[\p{Ll}-]*(?:['’]s)?|\p{Lu}\p{Ll}+(?=\s+(\p{Ll}{3,})\b))\s*,?\s+/u.exec(text.slice(i));
    if (!m) break;
    const word = m[1]!;
    if (/^\p{Ll}/u.test(word) ? DESCRIPTION_ENDS.test(word) || (word === 'and' && k === 0) : CONNECTORS.has(m[2]!) || NAME_FOLLOWS.test(m[2]!)) break;
    i += m[0].length;
  }
  for (let office = OFFICE.exec(text.slice(i)); office; office = OFFICE.exec(text.slice(i))) i += office[0].length;
  const rest = text.slice(i);
  const lowerRest = rest.toLowerCase();
  const title = titles
    .filter((t) => t.length > 2 && lowerRest.startsWith(t.toLowerCase()) && !/^[\p{L}\p{N}]/u.test(rest.slice(t.length)))
    .sort((a, b) => b.length - a.length)[0];
  if (title) return { name: rest.slice(0, title.length), end: i + title.length };
  const words = [...rest.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)];
  const run: RegExpMatchArray[] = [];
  for (const w of words) {
    const last = run[run.length - 1];
    const gap = last ? rest.slice(last.index! + last[0].length, w.index) : rest.slice(0, w.index);
    if (gap.trim() !== '' || (run.length === 0 && w.index! > 0)) break;
    const capital = /^[\p{Lu}\p{N}]/u.test(w[0]) || /^[dl]['’]\p{Lu}/u.test(w[0]);
    if (capital || (run.length > 0 && CONNECTORS.has(w[0].toLowerCase().replace(/['’]$/, '')))) run.push(w);
    else break;
    // "King Binnya U. After ...": a stop after a word ends the name unless the word is an initial before a name.
    if (/\.$/.test(w[0]) && !/^\p{Lu}\.$/u.test(w[0])) break;
  }
  while (run.length > 0 && !/^[\p{Lu}\p{N}]/u.test(run[run.length - 1]![0])) run.pop();
  if (run.length === 0) return undefined;
  const last = run[run.length - 1]!;
  let end = last.index! + last[0].replace(/[.]$/, '').length;
  let name = rest.slice(0, end);
  // "Margaret of Baux (Margherita del Balzo of Andria)": the aside is the same person's other name.
  const aside = ASIDE.exec(rest.slice(end));
  if (aside) {
    name = `${name} (${aside[1]!.trim()})`;
    end += aside[0].length;
  }
  // "Guy I, Count of Blois", "Albert, 8th Prince of Thurn and Taxis": a title of a place after the comma is part of the
  // name; a second place after "and" only where the sentence, an aside or the second parent ("and his wife") follows
  // ("and Margaret of Valois" is a person).
  const styled =
    /^,\s+(?:\d+(?:st|nd|rd|th)\s+)?\p{Lu}\p{Ll}+\s+of\s+\p{Lu}[\p{L}'’-]*(?:\s+and\s+\p{Lu}[\p{L}'’-]*(?=\s*[.;]|\s+\(|\s+and\s+(?:his|her)\s|$))?/u.exec(
      rest.slice(end),
    );
  if (styled) {
    name = `${name}${styled[0]}`;
    end += styled[0].length;
  }
  return { name, end: i + end };
}

/** Parent cues: "son of", "the eldest daughter of", "son and heir of", "born to". */
const PARENT_CUE =
  /\b(?:(?:sons?|daughters?|child|children|heir|offspring)(?!-)\s+(?:and\s+(?:heir|successor)\s+)?(?:of|to)|born\s+to)\s+(?:(?:his|her|their)\s+(?:father|mother)\s*,?\s*)?/gi;
/** "his father, X", "his mother was X". */
const FATHER_CUE = /\b(?:his|her|their)\s+(?:late\s+)?father\s*(?:,\s*|(?:was|is)\s+)?/gi;
const MOTHER_CUE = /\b(?:his|her|their)\s+(?:late\s+)?mother\s*(?:,\s*|(?:was|is)\s+)?/gi;
/** "wife of", "wife and Queen Consort of", "married to", "his second wife", "his wives include". */
const SPOUSE_CUE =
  /\b(?:(?:wife|husband|spouse|widow|widower|consort)\s+(?:and\s+(?:\p{Lu}\p{Ll}+\s+){1,2})?of\s+|married\s+(?:to\s+)?|(?:his|her)\s+(?:(?:first|second|third|fourth|late)\s+)?(?:wife|husband|spouse|consort)\s*,?\s*|(?:his|her)\s+(?:wives|husbands|spouses)\s+(?:include[sd]?|were)\s+)/giu;
const SIBLING_CUE =
  /\b(?:(?:brother|sister|sibling|half-brother|half-sister)s?\s+of\s+|(?:his|her)\s+(?:(?:elder|older|younger|twin|half-)\s*)?(?:brother|sister)s?\s*,?\s*)/gi;
const CHILD_CUE = /\b(?:(?:father|mother|parent)\s+of\s+|(?:his|her|their)\s+(?:(?:eldest|elder|younger|youngest|only)\s+)?(?:son|daughter|child)\s*,?\s*)/gi;

/**
 * Where the second parent's name starts after the first's: "... and his wife Anne", "..., by his
 * first wife, Catharina" within a few commas of titles; else "and Jacquetta of Luxembourg" after at
 * most one title ("Richard Woodville, 1st Earl Rivers, and ..."). `herHusband` when the second is
 * named as "her husband", so the first is the mother ("son of Elizabeth Stafford and her husband John Tuchet").
 */
function secondParent(text: string): { at: number; herHusband: boolean } | undefined {
  const wife = /^[^;.()]{0,80}?,?\s+(?:and|by)\s+(his|her)\s+(?:(?:first|second|third|chief|late)\s+)?(wife|husband|consort|queen|empress|spouse)\s*,?\s*/.exec(
    text,
  );
  if (wife) return { at: wife[0].length, herHusband: wife[1] === 'her' && wife[2] === 'husband' };
  const plain = /^(?:,\s*[^,;.()]{1,40}?)?(?:\s*\([^)]*\))?,?\s+(?:and|by)\s+/.exec(text);
  return plain ? { at: plain[0].length, herHusband: false } : undefined;
}

/** The nouns naming a relative who is no parent: "nephew", "grandson", "half-brother", "stepson". */
const NON_PARENT = String.raw`nephew|niece|cousin|uncle|aunt|brother|sister|son|daughter|grand\p{Ll}+|half-\p{Ll}+|step\p{Ll}+`;
/** The nouns naming a relative, a pattern's alternatives: "his father Wong Kei-ying", "and thus nephew of B". */
export const RELATIVE_NOUN = `father|mother|wife|husband|${NON_PARENT}`;
/** A word describing a name as a relative other than a parent: "and thus nephew of B". */
const OTHER_RELATIVE = new RegExp(`\\b(?:${NON_PARENT})\\b`, 'iu');

/**
 * Whether a sentence states the first relation a kinship question asks through ("She is married to
 * ... Roman Polanski" for "the husband of X"), whatever words the question uses.
 */
export function statesKinOf(sentence: string, kin: KinQuestion | undefined): boolean {
  return kin !== undefined && relativesIn(sentence, kin.path[0]!, []).length > 0;
}

/** The relatives of one kind a sentence names of its subject, in the order they appear. */
export function relativesIn(sentence: string, kin: Kin, titles: readonly string[]): string[] {
  const found: string[] = [];
  const push = (name: string | undefined) => {
    if (name && !found.includes(name)) found.push(name);
  };
  const after = (cue: RegExp) => [...sentence.matchAll(cue)].map((m) => nameAt(sentence, m.index + m[0].length, titles));
  if (kin === 'father' || kin === 'mother' || kin === 'parent') {
    for (const m of sentence.matchAll(PARENT_CUE)) {
      const first = nameAt(sentence, m.index + m[0].length, titles);
      if (!first) continue;
      const said = /\b(?:his|her|their)\s+(father|mother)/i.exec(m[0])?.[1]?.toLowerCase();
      const second = secondParent(sentence.slice(first.end));
      const found2 = second !== undefined ? nameAt(sentence, first.end + second.at, titles) : undefined;
      // "son of A and thus nephew of B": B is described as another relative, no parent.
      const other = found2 && !OTHER_RELATIVE.test(sentence.slice(first.end + second!.at, found2.end - found2.name.length)) ? found2 : undefined;
      // "son of A and B": the father first, by the convention of such sentences, unless A is a woman's
      // title or B is named as "her husband".
      const firstIsMother = said === 'mother' || (said === undefined && (second?.herHusband === true || FEMALE_TITLE.test(first.name)));
      if (kin === 'parent') {
        push(first.name);
        push(other?.name);
      } else if ((kin === 'father') !== firstIsMother) push(first.name);
      else push(other?.name);
    }
    for (const n of after(kin === 'mother' ? MOTHER_CUE : FATHER_CUE)) push(n?.name);
    if (kin === 'parent') for (const n of after(MOTHER_CUE)) push(n?.name);
  }
  if (kin === 'spouse') for (const n of after(SPOUSE_CUE)) push(n?.name);
  if (kin === 'sibling' || kin === 'brother' || kin === 'sister') for (const n of after(SIBLING_CUE)) push(n?.name);
  if (kin === 'child' || kin === 'son' || kin === 'daughter') for (const n of after(CHILD_CUE)) push(n?.name);
  return found;
}

/** A passage's title without its parenthesised qualifier, as words. */
const key = (s: string) => contentTerms(bareTitle(s)).join(' ');
const HONORIFIC =
  /^(?:(?:Sir|King|Queen|Emperor|Empress|Prince|Princess|Lord|Lady|Duke|Duchess|Count|Countess|Pope|Saint|St\.?|Crown\s+Prince|Shahzadi|Dr\.?)\s+)+/;

/** A peerage a title gives after its holder's name, without its ordinal ("1st Earl of Selby": Earl of Selby), group 1. */
const PEERAGE = /^(?:\d+(?:st|nd|rd|th)\s+)?((?:Lord|Lady|Earl|Duke|Duchess|Baron|Baroness|Count|Countess|Marquess|Marquis|Viscount)\b.*)$/;

/** The passage titled after a name: the same words, or the name less an honorific, or a title that begins with the name. */
export function ownPassage(name: string, documents: readonly KinDocument[], exclude?: string): KinDocument | undefined {
  const plain = bareTitle(name);
  const candidates = documents.filter((d) => d.id !== exclude && d.title);
  const exact = candidates.find((d) => d.title!.toLowerCase() === name.toLowerCase()) ?? candidates.find((d) => key(d.title!) === key(plain));
  if (exact) return exact;
  const bare = key(plain.replace(HONORIFIC, ''));
  if (bare !== '') {
    const found = candidates.find((d) => key(d.title!) === bare);
    if (found) return found;
  }
  // "Lord Dunmore" for "Robert Lyle, Lord Dunmore", "Earl of Selby" for "Thomas Wray, 1st Earl of Selby": a peer by the peerage after the comma.
  const peer = candidates.find((d) => {
    const peerage = PEERAGE.exec(d.title!.split(',').slice(1).join(',').trim())?.[1];
    return peerage !== undefined && key(peerage) === key(plain);
  });
  if (peer) return peer;
  // "Harald IV of Vessmark" for "Harald IV" or "King Harald IV": a ruler's title names the realm after the name.
  const ruled = plain.replace(HONORIFIC, '');
  const ruler = ruled.includes(' ') ? candidates.find((d) => key(/^(.+?)\s+of\s+\p{Lu}/u.exec(bareTitle(d.title!))?.[1] ?? '') === key(ruled)) : undefined;
  if (ruler) return ruler;
  // "Charles Emmanuel II" for "Charles Emmanuel II, Duke of Savoy"; "Simon Yuen Siu-tien" for "Yuen Siu-tien".
  const words = new Set(contentTerms(plain));
  return candidates.find((d) => {
    const t = contentTerms(bareTitle(d.title!));
    const head = contentTerms(d.title!.split(',')[0]!);
    // A one-word name stands for a title only as the title's head before its region ("Young, New South Wales").
    const headOnly = head.length === 1 && d.title!.includes(',');
    return (t.length >= 2 && t.every((w) => words.has(w))) || ((head.length >= 2 || headOnly) && head.length === words.size && head.every((w) => words.has(w)));
  });
}

/**
 * The relative one step away from a person: named in the person's own passage, else in another
 * passage that states the inverse relation of the person.
 */
export function followKin(person: KinDocument, kin: Kin, documents: readonly KinDocument[], goesOn = false): KinStep | undefined {
  const titles = documents.flatMap((d) => (d.title ? [d.title] : []));
  const steps: KinStep[] = [];
  for (const s of sentences(person.text)) {
    for (const name of relativesIn(s, kin, titles)) {
      if (key(name) === key(person.title ?? '')) continue;
      const own = ownPassage(name, documents, person.id);
      steps.push({ name, sentence: s, docId: person.id, ...(own ? { own } : {}) });
    }
  }
  // The inverse, said in the relative's own passage: "She was the mother of X" is X's mother.
  const inverse: Partial<Record<Kin, Kin[]>> = {
    father: ['child', 'son', 'daughter'],
    mother: ['child', 'son', 'daughter'],
    parent: ['child', 'son', 'daughter'],
    spouse: ['spouse'],
    sibling: ['sibling'],
    brother: ['sibling'],
    sister: ['sibling'],
  };
  const personKey = key(person.title ?? '');
  for (const d of documents) {
    if (d.id === person.id || !d.title || personKey === '') continue;
    for (const s of sentences(d.text)) {
      const said = (inverse[kin] ?? []).flatMap((k) => relativesIn(s, k, titles)).some((n) => key(n) === personKey || ownPassage(n, [person]) !== undefined);
      if (!said) continue;
      // Which parent the passage's subject is: "She was the mother of", "He was the father of".
      const role = /\b(father|mother)\s+of\b/i.exec(s)?.[1]?.toLowerCase();
      if ((kin === 'father' || kin === 'mother') && role !== undefined && role !== kin) continue;
      steps.push({ name: bareTitle(d.title), sentence: s, docId: d.id, own: d });
    }
  }
  // The first relative stated is the surest (a passage names its subject's parents before the
  // others it mentions); a step that a path goes on from needs one with a passage of its own.
  return goesOn ? steps.find((s) => s.own) : steps[0];
}

/** A path followed from a person's passage: every step, or undefined when one is not stated. */
export function followPath(person: KinDocument, path: readonly Kin[], documents: readonly KinDocument[]): KinStep[] | undefined {
  const out: KinStep[] = [];
  let at = person;
  for (const [i, kin] of path.entries()) {
    const step = followKin(at, kin, documents, i < path.length - 1);
    if (!step) return undefined;
    out.push(step);
    if (i < path.length - 1) {
      if (!step.own) return undefined;
      at = step.own;
    }
  }
  return out;
}
