/**
 * A word of a question's relation misspelt ("aquire", "tributory"): read as the one word of the
 * passages a letter away from it, when the lexicon does not know it and no passage says it as
 * written. Questions typed by people carry such slips; the passages, edited text, seldom do.
 * respeltQuestion does the same for every word of a question, names among them ("Toulose").
 */
import type { Lexicon } from '../ports.js';
import { contentTerms } from '../retrieval/tokenize.js';

/** Whether two words are one letter apart: a letter left out, added, changed, or two neighbours swapped. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.slice(i) === long.slice(i + 1);
}

/** Whether two words differ only by two neighbouring letters swapped ("Wein", "Wien"): one edit apart, with the same letters. */
export function neighboursSwapped(a: string, b: string): boolean {
  return a.length === b.length && oneEditApart(a, b) && [...a].sort().join('') === [...b].sort().join('');
}

/**
 * `related` (the lexicon's words for a word), also reading a word of five letters or more that the
 * lexicon does not know and no passage says as the one word of the passages a letter away from it.
 */
export function respelling(related: (phrase: string) => readonly string[], passages: readonly string[]): (phrase: string) => readonly string[] {
  let words: Map<string, string> | undefined;
  return (phrase) => {
    const known = related(phrase);
    const word = phrase.trim().toLowerCase();
    if (known.length > 1 || !/^\p{Ll}{5,}$/u.test(word)) return known;
    // The passages' words by their stems, read once, on the first word that needs them.
    words ??= new Map(passages.flatMap((p) => (p.toLowerCase().match(/\p{Ll}{4,}/gu) ?? []).map((w) => [contentTerms(w)[0] ?? w, w] as const)));
    const stem = contentTerms(word)[0] ?? word;
    if (words.has(stem)) return known;
    const near = [...words].filter(([s, w]) => oneEditApart(s, stem) || oneEditApart(w, word));
    return new Set(near.map(([s]) => s)).size === 1 ? [...known, near[0]![1]] : known;
  };
}

const QUESTION_WORDS = ['which', 'what', 'where', 'when', 'who', 'whom', 'whose', 'how', 'why'];

/**
 * The question with its first word, when the lexicon does not know it, read as the question word a
 * letter away ("wich", "waht"), and with each word of six letters or more that no passage writes
 * and the lexicon does not know written as the one word of the passages a letter away from it,
 * when there is one: "In which industry is Toulose the European hub?" reads "Toulouse";
 * "populaton of nice" reads "population". A word the lexicon knows ("Berlin", "tidal") is never
 * respelt: the question may ask of what the passages do not hold, and is then refused as asked.
 * A word of four or five letters is respelt only for two neighbours swapped ("Wein filter" reads
 * "Wien"): a letter left out, added or changed in so short a word finds too many other words.
 */
export function respeltQuestion(question: string, passages: readonly string[], lexicon: Lexicon): string {
  // Without a lexicon that tells words from names (a bundle shipped without WordNet), no word is known: none is respelt.
  if (!lexicon.isCommonWord || !lexicon.isOnlyName) return question;
  const unknown = (lower: string) => !(lexicon.related(lower).length > 1 || lexicon.isCommonWord?.(lower) === true || lexicon.isOnlyName?.(lower) === true);
  // A question word misspelt first ("wich rivers ...", "Waht is ..."): the one question word a letter away.
  const opening = question.replace(/^(\s*)(\p{L}{3,6})\b/u, (whole, space: string, word: string) => {
    const lower = word.toLowerCase();
    const near = QUESTION_WORDS.filter((w) => oneEditApart(w, lower));
    if (QUESTION_WORDS.includes(lower) || near.length !== 1 || !unknown(lower)) return whole;
    return space + (/^\p{Lu}/u.test(word) ? near[0]!.charAt(0).toUpperCase() + near[0]!.slice(1) : near[0]!);
  });
  // The passages' words in lower case, each as first written, read once, on the first word that needs them.
  let words: Map<string, string> | undefined;
  return opening.replace(/\p{L}{4,}/gu, (word) => {
    const lower = word.toLowerCase();
    if (!words) {
      words = new Map();
      for (const w of passages.flatMap((p) => p.match(/\p{L}{4,}/gu) ?? [])) if (!words.has(w.toLowerCase())) words.set(w.toLowerCase(), w);
    }
    if (words.has(lower)) return word;
    if (!unknown(lower)) return word;
    const near = [...words.keys()].filter((w) => (lower.length >= 6 ? oneEditApart(w, lower) : neighboursSwapped(w, lower)));
    if (near.length !== 1) return word;
    // Written as the passages write it when the question wrote a capital; in lower case otherwise (truecased reads it then).
    return /^\p{Lu}/u.test(word) ? words.get(near[0]!)! : near[0]!;
  });
}
