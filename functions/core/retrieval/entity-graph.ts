/**
 * The corpus as a graph of entities: every document with a title names an entity, and a document
 * that mentions another document's title links to it (as a wiki link would). Multi-hop questions
 * cross exactly these links: the passage found first names the entity the answer is about.
 *
 * Titles are matched as whole token sequences (lowercased, diacritics folded), with a trailing
 * parenthetical dropped ("Big Stone Gap (film)" is mentioned as "Big Stone Gap"). A title of two
 * words is also mentioned with a middle name between them ("Wojciech Jerzy Has" names "Wojciech
 * Has", "John F. Kennedy" names "John Kennedy"). Titles of one stopword-like token are not linked:
 * they would match everywhere.
 */
import type { CorpusDocument } from '../types.js';
import { isStopword, tokenize } from './tokenize.js';

export const ENTITY_GRAPH_METHOD = 'title-mention-graph-v2';

/** Longest title, in tokens, that is matched; longer titles are rare and costly to scan for. */
const MAX_TITLE_TOKENS = 10;

function titleKey(title: string): string[] {
  return tokenize(title.replace(/\s*\([^)]*\)\s*$/, ''));
}

export class EntityGraph {
  private readonly byKey = new Map<string, string[]>();
  /** Every shorter run of tokens a title key starts with: a scan stops extending a run that starts none. */
  private readonly prefixes = new Set<string>();
  private readonly outgoing = new Map<string, Set<string>>();
  private readonly incoming = new Map<string, Set<string>>();
  private readonly maxTokens: number;
  readonly edgeCount: number;

  constructor(documents: readonly CorpusDocument[]) {
    let maxTokens = 1;
    for (const doc of documents) {
      if (!doc.title) continue;
      const key = titleKey(doc.title);
      if (key.length === 0 || key.length > MAX_TITLE_TOKENS) continue;
      if (key.length === 1 && (key[0]!.length < 3 || isStopword(key[0]!))) continue;
      const joined = key.join(' ');
      const ids = this.byKey.get(joined) ?? [];
      ids.push(doc.id);
      this.byKey.set(joined, ids);
      for (let n = 1; n < key.length; n++) this.prefixes.add(key.slice(0, n).join(' '));
      maxTokens = Math.max(maxTokens, key.length);
    }
    this.maxTokens = maxTokens;
    let edges = 0;
    for (const doc of documents) {
      const named = this.named(doc.text);
      named.delete(doc.id);
      this.outgoing.set(doc.id, named);
      for (const target of named) {
        let back = this.incoming.get(target);
        if (!back) {
          back = new Set();
          this.incoming.set(target, back);
        }
        back.add(doc.id);
        edges++;
      }
    }
    this.edgeCount = edges;
  }

  /** The longest title key, in tokens: how far `mentionKeys` must look. */
  get maxTitleTokens(): number {
    return this.maxTokens;
  }

  /** Every title key with the documents it names (what an on-disk index stores). */
  titleKeys(): IterableIterator<[string, string[]]> {
    return this.byKey.entries();
  }

  /** Ids of the documents whose titles the text mentions. */
  namedIn(text: string): string[] {
    return [...this.named(text)];
  }

  /** Documents this one mentions, then documents that mention it. */
  neighbors(id: string): string[] {
    const out = this.outgoing.get(id) ?? new Set<string>();
    const back = [...(this.incoming.get(id) ?? [])].filter((x) => !out.has(x));
    return [...out, ...back];
  }

  /**
   * The documents named in `text`, in the order `mentionKeys` would find them; a run of tokens is
   * extended only while it starts some title, which keeps the scan near one look-up per token.
   */
  private named(text: string): Set<string> {
    const found = new Set<string>();
    const tokens = mentionTokens(text);
    for (let i = 0; i < tokens.length; i++) {
      let key = '';
      for (let n = 1; n <= this.maxTokens && i + n <= tokens.length; n++) {
        key = n === 1 ? tokens[i]! : `${key} ${tokens[i + n - 1]!}`;
        const ids = this.byKey.get(key);
        if (ids) for (const id of ids) found.add(id);
        if (!this.prefixes.has(key)) break;
      }
      const skipping = middleNameKey(tokens, i);
      if (skipping !== undefined) for (const id of this.byKey.get(skipping) ?? []) found.add(id);
    }
    return found;
  }
}

/**
 * The key of a two-word name mentioned with a middle name at `i` ("wojciech jerzy has" → "wojciech
 * has"): the word between is a word of letters, not a stopword ("Paris and Lyon" names no "Paris Lyon").
 */
function middleNameKey(tokens: readonly string[], i: number): string | undefined {
  const middle = tokens[i + 1];
  if (i + 2 >= tokens.length || middle === undefined || !/^\p{L}+$/u.test(middle) || isStopword(middle)) return undefined;
  return `${tokens[i]!} ${tokens[i + 2]!}`;
}

// "Lyon's" mentions Lyon: drop the possessive before tokens are joined ("lyons").
const mentionTokens = (text: string): string[] => tokenize(text.replace(/['’]s\b/g, ''));

/** Every run of up to `maxTokens` tokens of `text`, as a title key would be written, and every two-word name with a middle name. */
export function mentionKeys(text: string, maxTokens: number): Set<string> {
  const tokens = mentionTokens(text);
  const keys = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    let key = '';
    for (let n = 1; n <= maxTokens && i + n <= tokens.length; n++) {
      key = n === 1 ? tokens[i]! : `${key} ${tokens[i + n - 1]!}`;
      keys.add(key);
    }
    const skipping = middleNameKey(tokens, i);
    if (skipping !== undefined) keys.add(skipping);
  }
  return keys;
}
