/**
 * The Porter stemming algorithm (M.F. Porter, 1980, "An algorithm for suffix stripping"), with the
 * two departures of Porter's own reference implementation (`bli` -> `ble`, `logi` -> `log` in
 * step 2), so stems match what other Porter implementations produce.
 *
 * Written here rather than imported: it is ~100 lines, has no dependencies, and the tokenizer calls
 * it for every word of the corpus, so it stays allocation-light.
 */

// A consonant is a letter other than a, e, i, o, u, and other than y preceded by a consonant.
// A leading `y` is upper-cased before stemming so these classes treat it as a consonant.
const c = '[^aeiou]';
const v = '[aeiouy]';
const C = `${c}[^aeiouy]*`; // a run of consonants
const V = `${v}[aeiou]*`; // a run of vowels

const MEASURE_GT_0 = new RegExp(`^(${C})?${V}${C}`); // m > 0
const MEASURE_EQ_1 = new RegExp(`^(${C})?${V}${C}(${V})?$`); // m = 1
const MEASURE_GT_1 = new RegExp(`^(${C})?${V}${C}${V}${C}`); // m > 1
const HAS_VOWEL = new RegExp(`^(${C})?${v}`); // *v*
const ENDS_CVC = new RegExp(`^${C}${v}[^aeiouwxy]$`); // *o, for the short stems where it matters
const ENDS_DOUBLE_CONSONANT = /([^aeiouylsz])\1$/;

const STEP2: Readonly<Record<string, string>> = {
  ational: 'ate',
  tional: 'tion',
  enci: 'ence',
  anci: 'ance',
  izer: 'ize',
  bli: 'ble',
  alli: 'al',
  entli: 'ent',
  eli: 'e',
  ousli: 'ous',
  ization: 'ize',
  ation: 'ate',
  ator: 'ate',
  alism: 'al',
  iveness: 'ive',
  fulness: 'ful',
  ousness: 'ous',
  aliti: 'al',
  iviti: 'ive',
  biliti: 'ble',
  logi: 'log',
};

const STEP3: Readonly<Record<string, string>> = {
  icate: 'ic',
  ative: '',
  alize: 'al',
  iciti: 'ic',
  ical: 'ic',
  ful: '',
  ness: '',
};

// The lazy `(.+?)` makes each rule pick the longest suffix that matches, as the algorithm requires.
const STEP1A_SSES_IES = /^(.+?)(ss|i)es$/;
const STEP1A_S = /^(.+?)([^s])s$/;
const STEP1B_EED = /^(.+?)eed$/;
const STEP1B_ED_ING = /^(.+?)(ed|ing)$/;
const STEP1B_RESTORE_E = /(at|bl|iz)$/;
const STEP1C = /^(.+?)y$/;
const STEP2_RE = new RegExp(`^(.+?)(${Object.keys(STEP2).join('|')})$`);
const STEP3_RE = new RegExp(`^(.+?)(${Object.keys(STEP3).join('|')})$`);
const STEP4_RE = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/;
const STEP4_ION = /^(.+?)(s|t)(ion)$/;
const STEP5_E = /^(.+?)e$/;

/** Stems one lower-case word. Words shorter than 3 letters, or with anything but a-z, are returned as given. */
export function porterStem(word: string): string {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return word;

  const leadingY = word.startsWith('y');
  let w = leadingY ? `Y${word.slice(1)}` : word;
  // Each step matches the word as the steps before it left it.
  // Step 1a: plurals.
  const plural = STEP1A_SSES_IES.exec(w) ?? STEP1A_S.exec(w);
  if (plural) w = `${plural[1]}${plural[2]}`;

  // Step 1b: -eed, -ed, -ing.
  const eed = STEP1B_EED.exec(w);
  const edIng = eed ? null : STEP1B_ED_ING.exec(w);
  if (eed) {
    if (MEASURE_GT_0.test(eed[1] ?? '')) w = w.slice(0, -1);
  } else if (edIng) {
    const stem = edIng[1] ?? '';
    if (HAS_VOWEL.test(stem)) {
      w = stem;
      if (STEP1B_RESTORE_E.test(w)) w += 'e';
      else if (ENDS_DOUBLE_CONSONANT.test(w)) w = w.slice(0, -1);
      else if (ENDS_CVC.test(w)) w += 'e';
    }
  }

  // Step 1c: y -> i when the stem has a vowel.
  const y = STEP1C.exec(w);
  if (y) {
    const stem = y[1] ?? '';
    if (HAS_VOWEL.test(stem)) w = `${stem}i`;
  }

  // Step 2: double suffixes to single ones.
  const double = STEP2_RE.exec(w);
  if (double) {
    const stem = double[1] ?? '';
    if (MEASURE_GT_0.test(stem)) w = stem + (STEP2[double[2] ?? ''] ?? '');
  }

  // Step 3: -ic-, -full, -ness, ...
  const step3 = STEP3_RE.exec(w);
  if (step3) {
    const stem = step3[1] ?? '';
    if (MEASURE_GT_0.test(stem)) w = stem + (STEP3[step3[2] ?? ''] ?? '');
  }

  // Step 4: drop the last suffix when the stem is long enough (m > 1).
  const suffix = STEP4_RE.exec(w);
  const ion = suffix ? null : STEP4_ION.exec(w);
  if (suffix) {
    const stem = suffix[1] ?? '';
    if (MEASURE_GT_1.test(stem)) w = stem;
  } else if (ion) {
    const stem = `${ion[1] ?? ''}${ion[2] ?? ''}`;
    if (MEASURE_GT_1.test(stem)) w = stem;
  }

  // Step 5a: a final -e.
  const finalE = STEP5_E.exec(w);
  if (finalE) {
    const stem = finalE[1] ?? '';
    if (MEASURE_GT_1.test(stem) || (MEASURE_EQ_1.test(stem) && !ENDS_CVC.test(stem))) w = stem;
  }

  // Step 5b: -ll -> -l when m > 1.
  if (w.endsWith('ll') && MEASURE_GT_1.test(w)) w = w.slice(0, -1);

  return leadingY ? `y${w.slice(1)}` : w;
}
