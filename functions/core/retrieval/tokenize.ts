/**
 * Text analysis shared by every lexical method (BM25, the lexical vectorizer, the reranker) and by
 * the planner's sub-query sanitization: one definition of "a content word" for the whole system.
 */
import { porterStem } from './porter-stemmer.js';

/**
 * English stopwords: the usual function words (articles, pronouns, auxiliaries, prepositions,
 * conjunctions, question words). Apostrophes are removed before lookup, so contractions appear
 * without them. Forms that are also common content words (`won`, `us`, `don`) are left out on purpose.
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  'a',
  'about',
  'above',
  'after',
  'again',
  'against',
  'all',
  'also',
  'am',
  'an',
  'and',
  'any',
  'are',
  'arent',
  'as',
  'at',
  'be',
  'because',
  'been',
  'before',
  'being',
  'below',
  'between',
  'both',
  'but',
  'by',
  'can',
  'cannot',
  'cant',
  'could',
  'couldnt',
  'did',
  'didnt',
  'do',
  'does',
  'doesnt',
  'doing',
  'dont',
  'down',
  'during',
  'each',
  'either',
  'etc',
  'few',
  'for',
  'from',
  'further',
  'had',
  'hadnt',
  'has',
  'hasnt',
  'have',
  'havent',
  'having',
  'he',
  'hed',
  'hell',
  'her',
  'here',
  'heres',
  'hers',
  'herself',
  'hes',
  'him',
  'himself',
  'his',
  'how',
  'hows',
  'i',
  'id',
  'if',
  'im',
  'in',
  'into',
  'is',
  'isnt',
  'it',
  'its',
  'itself',
  'ive',
  'lets',
  'may',
  'me',
  'might',
  'more',
  'most',
  'must',
  'mustnt',
  'my',
  'myself',
  'neither',
  'no',
  'nor',
  'not',
  'of',
  'off',
  'on',
  'once',
  'only',
  'or',
  'other',
  'ought',
  'our',
  'ours',
  'ourselves',
  'out',
  'over',
  'own',
  'same',
  'shall',
  'shant',
  'she',
  'shed',
  'shes',
  'should',
  'shouldnt',
  'so',
  'some',
  'such',
  'than',
  'that',
  'thats',
  'the',
  'their',
  'theirs',
  'them',
  'themselves',
  'then',
  'there',
  'theres',
  'these',
  'they',
  'theyd',
  'theyll',
  'theyre',
  'theyve',
  'this',
  'those',
  'though',
  'through',
  'to',
  'too',
  'under',
  'until',
  'up',
  'upon',
  'very',
  'was',
  'wasnt',
  'we',
  'wed',
  'were',
  'werent',
  'weve',
  'what',
  'whats',
  'when',
  'whens',
  'where',
  'wheres',
  'whether',
  'which',
  'while',
  'who',
  'whom',
  'whos',
  'whose',
  'why',
  'whys',
  'will',
  'with',
  'within',
  'without',
  'wont',
  'would',
  'wouldnt',
  'yet',
  'you',
  'youd',
  'youll',
  'your',
  'youre',
  'yours',
  'yourself',
  'yourselves',
  'youve',
]);

// Scripts written without spaces between words: each character becomes a token of its own, which
// is crude but keeps such text searchable instead of one giant token per sentence.
const UNSPACED_SCRIPT = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;
const INNER_APOSTROPHE = /(\p{L})['\u2019\u02bc](?=\p{L})/gu;
const COMBINING_MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-cases and folds diacritics (NFKD, then combining marks dropped): `Café` -> `cafe`. */
export function normalizeText(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** Word tokens of `text`, normalized, stopwords included. `O'Brien's` -> `obriens`. */
export function tokenize(text: string): string[] {
  const prepared = normalizeText(text).replace(INNER_APOSTROPHE, '$1').replace(UNSPACED_SCRIPT, ' $1 ');
  return prepared.match(WORD) ?? [];
}

export function isStopword(token: string): boolean {
  return STOPWORDS.has(token);
}

// Stemming is the hot path of indexing; a bounded memo keeps it cheap without growing forever.
const STEM_MEMO_LIMIT = 100_000;
const stemMemo = new Map<string, string>();

/** The Porter stem of a normalized token; tokens that are not plain a-z words are kept as they are. */
export function stem(token: string): string {
  const known = stemMemo.get(token);
  if (known !== undefined) return known;
  // "died", "dies", "tied": a one-letter stem before -ied/-ies keeps its "ie" (as Porter2 does), so
  // "died" meets "die" ("Why did X die?"); Porter's own rule would leave "di".
  // "succeed", "proceed", "exceed" are kept whole, as Porter2 keeps them, so that "succeeded" (Porter: "succeed") meets
  // "succeed" (Porter: "succe"), and "successor" the sentence saying who succeeded.
  const invariant = /^(?:suc|pro|ex)ceeds?$/.exec(token)?.[0].replace(/s$/, '');
  const stemmed = invariant ?? porterStem(/^[a-z]ie[ds]$/.test(token) ? token.slice(0, 3) : token);
  if (stemMemo.size >= STEM_MEMO_LIMIT) stemMemo.clear();
  stemMemo.set(token, stemmed);
  return stemmed;
}

/** A single Latin letter carries no meaning on its own (`U.S.` -> `u`, `s`); digits and other scripts do. */
export function isContentToken(token: string): boolean {
  if (STOPWORDS.has(token)) return false;
  return !(token.length === 1 && token >= 'a' && token <= 'z');
}

/**
 * The stemmed content words of `text`, in order, repeats kept (term frequency and positions matter
 * to BM25 and to proximity). This is what "shares a content word" means in sub-query sanitization.
 */
export function contentTerms(text: string): string[] {
  return contentTermsOfTokens(tokenize(text));
}

/** `contentTerms` for text already tokenized, so callers needing both do not tokenize twice. */
export function contentTermsOfTokens(tokens: readonly string[]): string[] {
  const terms: string[] = [];
  for (const token of tokens) {
    if (isContentToken(token)) terms.push(stem(token));
  }
  return terms;
}

/**
 * For sub-query sanitization: true when `a` and `b` have at least one content word in common
 * (after stemming).
 */
export function sharesContentTerm(a: string, b: string): boolean {
  const terms = new Set(contentTerms(a));
  return contentTerms(b).some((term) => terms.has(term));
}

/** The share of `wanted` terms that `present` holds (0 when nothing is wanted). */
export function termShare(wanted: ReadonlySet<string>, present: ReadonlySet<string>): number {
  if (wanted.size === 0) return 0;
  let hit = 0;
  for (const term of wanted) if (present.has(term)) hit++;
  return hit / wanted.size;
}
