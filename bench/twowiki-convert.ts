/**
 * Converts a 2WikiMultihopQA file (Ho et al., COLING 2020) into the files `cairn eval` reads,
 * without copying it into the project: a corpus JSONL pooled from the context paragraphs of the
 * questions kept (one document per paragraph title) and a questions JSONL of
 * {id, question, gold_ids, answer, aliases?, kind, split}.
 *
 *   npm run bench:twowiki -- <input.json> <out-dir> [--limit n] [--skip n] [--complete]      (limit defaults to 150)
 *
 * The input may be the dataset's own layout (a JSON list, or JSONL, of records with _id, type,
 * question, context, supporting_facts, answer), the Hugging Face repack (context and
 * supporting_facts as JSON strings) or a pandas export by columns ({field: {row: value}}, where
 * `_id` became `_1`; or `id`, a context of {title, text} objects under `paragraphs` and the
 * supporting facts by columns, {title: [...], sent_id: [...]}). The first n records in the file's order are kept (after the first `--skip`
ones: a second set of the same file shares no question with the first); the gold documents are the
 * distinct titles of supporting_facts; the split is the hash of the id (cli/eval-scores.ts#splitOf).
 * `--complete` first drops the records whose own context lacks one of their gold paragraphs (a
 * question its corpus cannot answer). HotpotQA's distractor records have the same fields, so the
 * same converter reads a HotpotQA file of this layout.
 * docs/evaluation.md says where the public copy used here comes from.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { splitOf } from '../cli/eval-scores.js';

type Paragraph = [string, string[]];

export interface TwoWikiRecord {
  id: string;
  type: string;
  question: string;
  answer: string;
  aliases: string[];
  context: Paragraph[];
  supportingTitles: string[];
}

class ConvertError extends Error {}

/** A field that may be stored as the value itself or as its JSON text. */
function decoded(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * A context given as paragraph objects ({title, text}, the text its sentences joined), as some
 * repacks write it: read as [title, [text]], the text's runs of spaces made one.
 */
function paragraphsOf(value: unknown): unknown {
  if (!Array.isArray(value)) return undefined;
  return value.map((p: { title?: unknown; text?: unknown }) =>
    typeof p?.title === 'string' && typeof p.text === 'string' ? [p.title, [p.text.replace(/\s+/g, ' ').trim()]] : p,
  );
}

/** Supporting facts given by columns ({title: [...], sent_id: [...]}, the Hugging Face layout) read as [title, sentence] pairs. */
function factsOf(value: unknown): unknown {
  const columns = value as { title?: unknown; sent_id?: unknown } | null;
  if (columns === null || typeof columns !== 'object' || Array.isArray(columns) || !Array.isArray(columns.title)) return value;
  const sentences = Array.isArray(columns.sent_id) ? columns.sent_id : [];
  return columns.title.map((t, i) => [t, sentences[i] ?? 0]);
}

function recordOf(raw: Record<string, unknown>, where: string): TwoWikiRecord {
  const id = [raw._id, raw._1, raw.id].find((v) => typeof v === 'string' && v !== '');
  const context = decoded(raw.context) ?? paragraphsOf(raw.paragraphs);
  const facts = factsOf(decoded(raw.supporting_facts));
  const aliases = decoded(raw.answer_aliases ?? []);
  if (typeof id !== 'string' || typeof raw.question !== 'string' || typeof raw.answer !== 'string') {
    throw new ConvertError(`${where}: a record needs an id (_id), a question and an answer`);
  }
  const isParagraph = (p: unknown): p is Paragraph =>
    Array.isArray(p) && typeof p[0] === 'string' && Array.isArray(p[1]) && p[1].every((x) => typeof x === 'string');
  if (!Array.isArray(context) || !context.every(isParagraph)) throw new ConvertError(`${where}: context is not a list of [title, sentences]`);
  if (!Array.isArray(facts) || !facts.every((f) => Array.isArray(f) && typeof f[0] === 'string')) {
    throw new ConvertError(`${where}: supporting_facts is not a list of [title, sentence]`);
  }
  return {
    id,
    type: typeof raw.type === 'string' ? raw.type : 'unknown',
    question: raw.question,
    answer: raw.answer,
    aliases: Array.isArray(aliases) ? aliases.filter((a): a is string => typeof a === 'string' && a !== raw.answer) : [],
    context,
    supportingTitles: [...new Set((facts as Array<[string, unknown]>).map(([t]) => t))],
  };
}

/** The records of a file in any of the three layouts, in the file's order. */
export function parseTwoWiki(text: string, path: string): TwoWikiRecord[] {
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    // Not one JSON value: JSON Lines, one record a line.
    whole = undefined;
  }
  let rows: unknown[];
  if (Array.isArray(whole)) rows = whole;
  else if (typeof whole === 'object' && whole !== null && typeof (whole as { question?: unknown }).question === 'object') {
    // A pandas export by columns: every field maps row keys to values; the rows are the question column's keys.
    const columns = whole as Record<string, Record<string, unknown>>;
    rows = Object.keys(columns.question ?? {}).map((k) => Object.fromEntries(Object.entries(columns).map(([field, values]) => [field, values?.[k]])));
  } else if (whole !== undefined) rows = [whole];
  else {
    rows = text.split('\n').flatMap((line, i) => {
      if (line.trim() === '') return [];
      try {
        return [JSON.parse(line) as unknown];
      } catch {
        throw new ConvertError(`${path} line ${i + 1}: not JSON`);
      }
    });
  }
  if (rows.length === 0) throw new ConvertError(`${path}: no records`);
  return rows.map((row, i) => {
    if (typeof row !== 'object' || row === null) throw new ConvertError(`${path} record ${i + 1}: not an object`);
    return recordOf(row as Record<string, unknown>, `${path} record ${i + 1}`);
  });
}

export interface Converted {
  documents: Array<{ id: string; title: string; text: string }>;
  questions: Array<Record<string, unknown>>;
  /** Titles seen with two different texts (the first text is kept). */
  conflicts: number;
  /** Gold titles no kept paragraph carries. */
  missingGold: number;
}

/** A record whose own context carries every one of its gold paragraphs. */
export function isComplete(record: TwoWikiRecord): boolean {
  const titles = new Set(record.context.map(([title]) => title));
  return record.supportingTitles.every((t) => titles.has(t));
}

export function convertTwoWiki(records: readonly TwoWikiRecord[]): Converted {
  const byTitle = new Map<string, string>();
  let conflicts = 0;
  for (const r of records) {
    for (const [title, sentences] of r.context) {
      const text = sentences
        .map((s) => s.trim())
        .join(' ')
        .trim();
      const known = byTitle.get(title);
      if (known === undefined) byTitle.set(title, text);
      else if (known !== text) conflicts++;
    }
  }
  const questions = records.map((r) => ({
    id: r.id,
    question: r.question,
    gold_ids: r.supportingTitles,
    answer: r.answer,
    ...(r.aliases.length > 0 ? { aliases: r.aliases } : {}),
    kind: r.type,
    split: splitOf(r.id),
  }));
  const missingGold = records.flatMap((r) => r.supportingTitles).filter((t) => !byTitle.has(t)).length;
  return { documents: [...byTitle].map(([title, text]) => ({ id: title, title, text })), questions, conflicts, missingGold };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // A numeric flag's value, and the positions it and its value take.
  const flagAt = (name: string) => args.indexOf(name);
  const numberOf = (name: string, fallback: number) => (flagAt(name) >= 0 ? Number(args[flagAt(name) + 1]) : fallback);
  const limit = numberOf('--limit', 150);
  const skip = numberOf('--skip', 0);
  const complete = args.includes('--complete');
  const taken = new Set(['--limit', '--skip'].flatMap((f) => (flagAt(f) >= 0 ? [flagAt(f), flagAt(f) + 1] : [])));
  const [input, outArg] = args.filter((a, i) => a !== '--complete' && !taken.has(i));
  if (!input || !outArg || !Number.isInteger(limit) || limit < 1 || !Number.isInteger(skip) || skip < 0) {
    console.error(
      'bench:twowiki: give the 2WikiMultihopQA file (not in ../shared/data; docs/evaluation.md says where it comes from) and an out-dir: npm run bench:twowiki -- <2wikimultihopqa.json> <out-dir> [--limit n] [--skip n] [--complete]',
    );
    process.exit(2);
  }
  let text: string;
  try {
    text = await readFile(input, 'utf8');
  } catch {
    console.error(`input file not found: ${input}`);
    process.exit(2);
  }
  let records: TwoWikiRecord[];
  try {
    const parsed = parseTwoWiki(text, input);
    records = (complete ? parsed.filter(isComplete) : parsed).slice(skip, skip + limit);
  } catch (error) {
    console.error(error instanceof ConvertError ? error.message : String(error));
    process.exit(2);
  }
  const out = resolve(outArg);
  const converted = convertTwoWiki(records);
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'corpus.jsonl'), `${converted.documents.map((d) => JSON.stringify(d)).join('\n')}\n`);
  await writeFile(join(out, 'questions.jsonl'), `${converted.questions.map((q) => JSON.stringify(q)).join('\n')}\n`);
  const kinds = new Map<string, number>();
  for (const r of records) kinds.set(r.type, (kinds.get(r.type) ?? 0) + 1);
  const test = converted.questions.filter((q) => q.split === 'test').length;
  console.log(
    `${converted.documents.length} documents, ${records.length} questions (${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')}; ${records.length - test} dev, ${test} test) -> ${out}`,
  );
  if (converted.conflicts > 0) console.log(`  ${converted.conflicts} paragraphs share a title with another text: the first text is kept`);
  if (converted.missingGold > 0) console.log(`  ${converted.missingGold} gold titles are missing from the pooled corpus`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
