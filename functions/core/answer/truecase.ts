/**
 * A question typed all in lower case ("what river flows through toulouse", "who was the architect
 * of the musee des confluences") names things the question reader cannot see: it finds names by
 * their capitals. The passages the answer is read from spell those names; a run of the question's
 * words that spells one of them, accents and case aside, is written as the passages write it.
 *
 * A passage's name counts when a passage writes it with its capital inside a sentence ("... the
 * Musée des Confluences"), where a capital marks a name, or when it is a passage's title and one
 * of its words is not only a common word ("Toulouse", "Nice"; not "Bouillabaisse" or "Wind
 * power", whose capitals are those of a title) or a passage writes it with a capital after its
 * first word ("Mount Sabre"), and no passage writes it in lower case ("the
 * cinematograph"). A question with a capital beyond its first word
 * (and "I") was cased by its writer and is left as written, but for a title of three words or
 * more it writes with fewer capitals than the title has ("the 2010 South American footballer of
 * the year").
 */
import type { Lexicon } from '../ports.js';
import { respeltQuestion } from './spelling.js';
import { bareTitle, entitySpans, escapeRegExp, sentences } from './text.js';

const MAX_NAME_WORDS = 6;
const MAX_TITLE_WORDS = 10;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu;

/** Letters no decomposition takes apart, as they are written in ASCII ("Kjær": kjaer, "Straße": strasse). */
const LIGATURES: Record<string, string> = { æ: 'ae', ø: 'o', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const LIGATURE = new RegExp(`[${Object.keys(LIGATURES).join('')}]`, 'g');

/** Lower case, without accents, one apostrophe, one space: the key two spellings of a name share. */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(LIGATURE, (c) => LIGATURES[c]!)
    .replace(/’/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether the writer cased the question: a capital after its first word, "I" aside. */
function isCased(question: string): boolean {
  const words = [...question.matchAll(WORD)].map((m) => m[0]);
  return words.slice(1).some((w) => /^\p{Lu}/u.test(w) && !/^I(?:['’]\p{Ll}+)?$/u.test(w));
}

/** The names the passages spell, by their folded key. */
function namesOf(documents: ReadonlyArray<{ title?: string; text: string }>, lexicon: Lexicon): Map<string, string> {
  const names = new Map<string, string>();
  const add = (name: string) => {
    const key = foldName(name);
    if (key.length >= 2 && !/^[\d\s,.]+$/.test(key) && !names.has(key)) names.set(key, name.trim());
  };
  for (const doc of documents) {
    for (const sentence of sentences(doc.text)) {
      for (const span of entitySpans(sentence)) if (sentence.indexOf(span) > 0) add(span);
    }
  }
  // A title the passages also write in lower case ("patented the cinematograph") is a common noun.
  for (const doc of documents) {
    const title = bareTitle(doc.title ?? '').trim();
    const inLowerCase = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(title.toLowerCase())}(?![\\p{L}\\p{N}])`, 'u');
    if (title === '' || documents.some((d) => inLowerCase.test(d.text))) continue;
    // Of common words, a title is a name where a word after its first keeps its capital in a
    // passage's text ("Mount Sabre is a dormant volcano"), as a title in sentence case does not
    // ("Wind power").
    // (Looked for in the texts only when every word is a common one.)
    const capitalInside = () => /\s\p{Lu}/u.test(title) && documents.some((d) => d.text.includes(title));
    if (title.split(/\s+/).some((w) => lexicon.isCommonWord?.(w) !== true) || capitalInside()) add(title);
  }
  return names;
}

/**
 * The titles of three words or more, by their folded key: a cased question may still write one
 * partly in lower case ("the 2010 South American footballer of the year", titled "2010 South
 * American Footballer of the Year").
 */
function longTitlesOf(documents: ReadonlyArray<{ title?: string; text: string }>): Map<string, string> {
  const titles = new Map<string, string>();
  for (const doc of documents) {
    const title = bareTitle(doc.title ?? '').trim();
    if (title.split(/\s+/).length >= 3) titles.set(foldName(title), title);
  }
  return titles;
}

/**
 * Whether a run of a cased question writes a title with fewer capitals than the title has: it opens
 * as a name does (a capital or a figure), and each of its capitals is the title's, some of the
 * title's lacking ("2010 South American footballer of the year"). Capitals the title lacks ("Hit
 * Parade Of 1941") are the writer's style, left as written.
 */
function partlyLowerCase(run: readonly string[], title: string): boolean {
  const words = title.split(/\s+/);
  if (words.length !== run.length || !/^[\p{Lu}\p{N}]/u.test(run[0]!)) return false;
  const capital = (w: string) => /^\p{Lu}/u.test(w);
  return run.every((w, i) => !capital(w) || capital(words[i]!)) && run.some((w, i) => !capital(w) && capital(words[i]!));
}

/** The question with each run of its words that spells a passage's name written as the passage writes it. */
export function truecased(question: string, documents: ReadonlyArray<{ title?: string; text: string }>, lexicon: Lexicon): string {
  if (documents.length === 0) return question;
  // A cased question is rewritten only where it writes a long title partly in lower case, a capital in it.
  const cased = isCased(question);
  const names = cased ? longTitlesOf(documents) : namesOf(documents, lexicon);
  const maxWords = cased ? MAX_TITLE_WORDS : MAX_NAME_WORDS;
  const words = [...question.matchAll(WORD)].map((m) => {
    // "lyon's" is Lyon with its possessive; a closing full stop is the sentence's.
    const word = m[0].replace(/['’]s$|\.+$/u, '');
    return { word, start: m.index, end: m.index + word.length };
  });
  let out = '';
  let last = 0;
  for (let i = 0; i < words.length; ) {
    let matched = 0;
    for (let n = Math.min(maxWords, words.length - i); n >= 1 && matched === 0; n--) {
      const run = words.slice(i, i + n);
      const name = names.get(foldName(run.map((w) => w.word).join(' ')));
      if (
        name === undefined ||
        (cased &&
          !partlyLowerCase(
            run.map((w) => w.word),
            name,
          ))
      )
        continue;
      out += question.slice(last, run[0]!.start) + name;
      last = run[n - 1]!.end;
      matched = n;
    }
    i += Math.max(1, matched);
  }
  return out + question.slice(last);
}

/**
 * A question's acronym that no passage writes, written as the passages write what it stands for:
 * "Who is the CEO of Norvik Air?" of a passage saying "its chief executive" asks for the chief
 * executive. What it stands for is the lexicon's (its synonyms whose words' initials it spells,
 * commonest first); a passage may write all of one or all but its last word ("chief executive" of
 * "chief executive officer"). Left as written when no passage writes any.
 */
function expandedAcronyms(question: string, texts: readonly string[], lexicon: Lexicon): string {
  return question.replace(/\b\p{Lu}{2,5}\b/gu, (acronym) => {
    const written = (phrase: string) => {
      const m = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, 'iu');
      return texts.map((t) => m.exec(t)?.[0]).find((x) => x !== undefined);
    };
    if (written(acronym) !== undefined) return acronym;
    // A phrase whose words' initials it spells ("chief executive officer"; not "the states" of US).
    const spelt = (p: string) =>
      /^[\p{L}-]+(?:\s+[\p{L}-]+)+$/u.test(p) &&
      p
        .split(/\s+/)
        .map((w) => w[0]!.toUpperCase())
        .join('') === acronym;
    for (const phrase of lexicon.related(acronym).filter(spelt)) {
      const words = phrase.split(/\s+/);
      const said = written(phrase) ?? (words.length >= 3 ? written(words.slice(0, -1).join(' ')) : undefined);
      if (said !== undefined) return said;
    }
    return acronym;
  });
}

/**
 * The question as the passages write it, as the answerer and the relevance rule both read it: a
 * word misspelt read as the passages' word a letter away ("Toulose", spelling.ts), an acronym as
 * what it stands for ("CEO": chief executive), then a question
 * typed in lower case cased by the names the passages spell ("toulouse": Toulouse).
 */
export function asPassagesWrite(question: string, documents: ReadonlyArray<{ title?: string; text: string }>, lexicon: Lexicon): string {
  const texts = documents.map((d) => `${d.title ?? ''} ${d.text}`);
  return truecased(expandedAcronyms(respeltQuestion(question, texts, lexicon), texts, lexicon), documents, lexicon);
}
