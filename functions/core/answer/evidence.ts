/**
 * The relevance floor of every answer, whichever model writes it: when the evidence kept for a
 * task does not speak about what the task asks, the honest answer is that the corpus does not
 * answer it, citing nothing. Quoting the nearest unrelated passage with a citation would lend it
 * an authority it does not have.
 *
 * "Speaks about" is read on the task's content words: at least half of them must occur in the
 * evidence, and every name the task mentions must occur there (a question about Berlin is not
 * answered by passages about Lyon, however many other words they share).
 */
import { isContentToken, stem, tokenize } from '../retrieval/tokenize.js';

export interface EvidenceDocument {
  id: string;
  title?: string;
  text: string;
}

export interface EvidenceCheck {
  covered: boolean;
  /** Share of the task's content words found in the evidence. */
  share: number;
  /** The task's words (as written) that no passage contains. */
  missing: string[];
}

/** At least this share of the task's content words must occur in the evidence. */
export const EVIDENCE_MIN_SHARE = 0.5;

/**
 * Words that say what to do with the answer, not what it is about: "explain", "compare", "list",
 * "the corpus". They are not evidence that a passage is on topic.
 */
const INSTRUCTION_STEMS = new Set(
  [
    'explain',
    'describe',
    'compare',
    'comparison',
    'list',
    'name',
    'tell',
    'give',
    'summarise',
    'summarize',
    'summary',
    'show',
    'find',
    'identify',
    'rank',
    'top',
    'recommend',
    'suggest',
    'pick',
    'enumerate',
    'mention',
    'mentions',
    'say',
    'says',
    'corpus',
    'document',
    'documents',
    'source',
    'sources',
    'passage',
    'information',
    'detail',
    'details',
    'overview',
    'fact',
    'facts',
    'thing',
    'things',
    'everything',
    'please',
    'many',
    'much',
    'otherwise',
    'else',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
  ].map(stem),
);

interface TaskWord {
  surface: string;
  term: string;
  /** Written with a capital inside the sentence: part of a name. */
  name: boolean;
}

function taskWords(task: string): TaskWord[] {
  const out: TaskWord[] = [];
  const seen = new Set<string>();
  // Word by word with their original spelling, so the answer can say which words were missing.
  // A file the task names is read by a media step, not looked up: its name is not a word to find.
  const words = task.replace(/(?:[\w\-./]+\/)?[\w\-.]+\.[a-z0-9]{2,4}\b/gi, ' ');
  for (const m of words.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    for (const token of tokenize(m[0])) {
      if (!isContentToken(token)) continue;
      const term = stem(token);
      if (INSTRUCTION_STEMS.has(term) || seen.has(term)) continue;
      seen.add(term);
      const before = words.slice(0, m.index).trimEnd();
      const sentenceStart = before === '' || /[.?!:;"“(]$/.test(before);
      out.push({ surface: m[0], term, name: /^\p{Lu}/u.test(m[0]) && !sentenceStart });
    }
  }
  return out;
}

export function checkEvidence(task: string, documents: readonly EvidenceDocument[]): EvidenceCheck {
  const wanted = taskWords(task);
  if (wanted.length === 0) return { covered: documents.length > 0, share: documents.length > 0 ? 1 : 0, missing: [] };
  const present = new Set<string>();
  for (const d of documents) for (const token of tokenize(`${d.title ?? ''} ${d.text}`)) present.add(stem(token));
  const missing = wanted.filter((w) => !present.has(w.term));
  const share = Math.round(((wanted.length - missing.length) / wanted.length) * 1000) / 1000;
  const namesFound = missing.every((w) => !w.name);
  return { covered: documents.length > 0 && share >= EVIDENCE_MIN_SHARE && namesFound, share, missing: missing.map((w) => w.surface) };
}

/** The answer when the floor is not met: it says so, names what was missing, and cites nothing. */
export function noAnswer(check: EvidenceCheck): string {
  const missing = check.missing.slice(0, 5);
  return missing.length > 0
    ? `The corpus does not answer this: no retrieved passage speaks of ${missing.map((w) => `"${w}"`).join(', ')}.`
    : 'The corpus does not answer this: nothing relevant was retrieved.';
}

interface OutputLike {
  step_id: number;
  result: Record<string, unknown>;
}

/**
 * The evidence an answer was written from: the documents the answer step read (whole texts, found
 * in the outputs of the steps that retrieved them), or, when the plan has no answer step or the
 * step does not say what it read, the kept sources.
 */
export function evidenceOf(answerOutput: OutputLike | undefined, outputs: readonly OutputLike[], sources: readonly EvidenceDocument[]): EvidenceDocument[] {
  const read = answerOutput?.result.read_documents;
  if (!Array.isArray(read) || read.length === 0) return [...sources];
  const byId = new Map<string, EvidenceDocument>();
  for (const output of outputs) {
    const docs = output.result.documents;
    if (!Array.isArray(docs)) continue;
    for (const d of docs as EvidenceDocument[]) {
      if (typeof d?.id !== 'string' || typeof d.text !== 'string') continue;
      // One document may come as a media step's transcript and as a search hit's text: both speak for it.
      const known = byId.get(d.id);
      byId.set(d.id, known && !known.text.includes(d.text) ? { ...known, text: `${known.text} ${d.text}` } : (known ?? d));
    }
  }
  // An earlier answer's text read as a document is named after its step.
  for (const output of outputs)
    if (typeof output.result.text === 'string') byId.set(`step-${output.step_id}`, { id: `step-${output.step_id}`, text: output.result.text });
  return read.flatMap((id) => (typeof id === 'string' && byId.has(id) ? [byId.get(id)!] : []));
}
