/**
 * Reads a corpus from disk: JSONL (one document per line, blank lines ignored), a JSON array of
 * documents, or a directory of such files. Every document is checked, and a bad one stops the load
 * with one line that says where and what: `corpus.jsonl line 3: not a document: "text" must be a string`.
 */
import { extname } from 'node:path';
import { InvalidInputError } from '../../core/errors.js';
import { type CorpusDocument, MODALITIES, type Modality } from '../../core/types.js';
import { type CorpusAccess, type CorpusFile, checkCorpusFile, listCorpusFiles, readCorpusBytes, realRoots } from './corpus-files.js';

export type CorpusFormat = 'jsonl' | 'json';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks one parsed value; returns the document, or the problem as a short phrase. */
export function checkDocument(value: unknown): CorpusDocument | string {
  if (!isPlainObject(value)) return `expected a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`;
  const { id, title, text, modality, metadata } = value;
  if (typeof id !== 'string' || id.trim() === '') return '"id" must be a non-empty string';
  if (typeof text !== 'string') return '"text" must be a string';
  if (title !== undefined && typeof title !== 'string') return '"title" must be a string';
  if (modality !== undefined && !(MODALITIES as readonly unknown[]).includes(modality)) {
    return `"modality" must be one of [${MODALITIES.join(', ')}]`;
  }
  if (metadata !== undefined && !isPlainObject(metadata)) return '"metadata" must be an object';
  const doc: CorpusDocument = { id, text: withMediaText(text, modality, metadata) };
  if (title !== undefined) doc.title = title;
  if (modality !== undefined) doc.modality = modality as Modality;
  if (metadata !== undefined) doc.metadata = metadata;
  return doc;
}

/**
 * A recording or a picture that ships its transcript or caption (`metadata.transcript`,
 * `metadata.caption`) is searched and read by what it says, not only by its label ("Audio
 * recording: interview with ..."): the words are appended to its text. The modality steps still
 * read the same words for a plan that asks for them.
 */
function withMediaText(text: string, modality: unknown, metadata: Record<string, unknown> | undefined): string {
  const words = modality === 'audio' ? metadata?.transcript : modality === 'image' ? metadata?.caption : undefined;
  if (typeof words !== 'string' || words.trim() === '' || text.includes(words.trim())) return text;
  return text.trim() === '' ? words.trim() : `${text.trimEnd()} ${words.trim()}`;
}

/** JSONL when the extension says so; for `.json` and anything else, a leading `[` means a JSON array. */
export function detectFormat(path: string, text: string): CorpusFormat {
  const extension = extname(path).toLowerCase();
  if (extension === '.jsonl' || extension === '.ndjson') return 'jsonl';
  return text.trimStart().startsWith('[') ? 'json' : 'jsonl';
}

/** Where a document came from, for error messages and the duplicate check across files. */
interface Located {
  doc: CorpusDocument;
  where: string;
}

function parseLocated(text: string, label: string, format: CorpusFormat): Located[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const located: Located[] = [];
  const add = (value: unknown, where: string): void => {
    const checked = checkDocument(value);
    if (typeof checked === 'string') throw new InvalidInputError(`${where}: not a document: ${checked}`);
    located.push({ doc: checked, where });
  };

  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      throw new InvalidInputError(`${label}: not valid JSON${jsonErrorPlace(error)}`, { cause: error });
    }
    if (!Array.isArray(parsed)) throw new InvalidInputError(`${label}: a JSON corpus must be an array of documents`);
    parsed.forEach((item, i) => {
      add(item, `${label} item ${i + 1}`);
    });
    return located;
  }

  body.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    const where = `${label} line ${i + 1}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      throw new InvalidInputError(`${where}: not valid JSON${jsonErrorPlace(error)}`, { cause: error });
    }
    add(parsed, where);
  });
  return located;
}

/**
 * Where JSON.parse stopped, without its message: V8 quotes the text around the fault, and a file
 * named by mistake (`/etc/passwd`) must not have its first bytes printed or stored in a trace.
 */
function jsonErrorPlace(error: unknown): string {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  return position ? ` at character ${Number(position[1]) + 1}` : '';
}

function rejectDuplicates(located: readonly Located[]): CorpusDocument[] {
  const firstSeen = new Map<string, string>();
  return located.map(({ doc, where }) => {
    const previous = firstSeen.get(doc.id);
    if (previous !== undefined) throw new InvalidInputError(`${where}: duplicate id ${JSON.stringify(doc.id)} (first at ${previous})`);
    firstSeen.set(doc.id, where);
    return doc;
  });
}

/** Parses corpus text already in memory; `label` names it in errors (usually the file path). */
export function parseCorpusText(text: string, label: string, format: CorpusFormat): CorpusDocument[] {
  return rejectDuplicates(parseLocated(text, label, format));
}

/** A checked file's text, read through its checked handle (corpus-files.ts). */
async function readCorpusText(file: CorpusFile, roots: readonly string[], access: CorpusAccess): Promise<string> {
  return (await readCorpusBytes(file, roots, access)).toString('utf8');
}

/**
 * Loads one corpus file (JSONL or a JSON array, by extension or content). Only a regular file
 * under `access.roots` (the file itself when none are given) is read, within the size cap.
 */
export async function loadCorpusFile(path: string, access: CorpusAccess = {}): Promise<CorpusDocument[]> {
  const roots = await realRoots(access, path);
  const file = await checkCorpusFile(path, roots, access);
  const text = await readCorpusText(file, roots, access);
  return parseCorpusText(text, path, detectFormat(path, text));
}

/**
 * Loads a corpus file, or every `.jsonl`/`.ndjson`/`.json` file of a directory (not recursive, in
 * name order, ids unique across all of them). Each file is resolved, checked under the roots (a
 * link out of them is refused naming the link) and read by the path that was checked.
 */
export async function loadCorpus(path: string, access: CorpusAccess = {}): Promise<CorpusDocument[]> {
  const files = await listCorpusFiles(path, access);
  const roots = await realRoots(access, path);
  const located: Located[] = [];
  for (const file of files) {
    const text = await readCorpusText(file, roots, access);
    located.push(...parseLocated(text, file.path, detectFormat(file.path, text)));
  }
  return rejectDuplicates(located);
}
