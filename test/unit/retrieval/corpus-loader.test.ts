import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileCorpusProvider } from '../../../functions/adapters/corpus/file-corpus-provider.js';
import { checkDocument, detectFormat, loadCorpus, loadCorpusFile, parseCorpusText } from '../../../functions/adapters/corpus/load-corpus.js';
import { InvalidInputError } from '../../../functions/core/errors.js';

const fixtures = fileURLToPath(new URL('../../fixtures/corpus/', import.meta.url));
const fixture = (name: string): string => join(fixtures, name);

async function loadError(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the load to fail');
}

describe('Function: loadCorpusFile', () => {
  it('reads a JSONL corpus, skipping blank lines', async () => {
    // Act
    const docs = await loadCorpusFile(fixture('mini.jsonl'));

    // Assess
    expect(docs).toHaveLength(12);
    expect(docs[0]).toMatchObject({ id: 't-everest', title: 'Mount Everest', modality: 'text', metadata: { region: 'asia' } });
    expect(new Set(docs.map((doc) => doc.modality ?? 'text'))).toEqual(new Set(['text', 'image', 'audio', 'table']));
  });

  it('reads a JSON array corpus', async () => {
    // Act
    const docs = await loadCorpusFile(fixture('array.json'));

    // Assess
    expect(docs.map((doc) => doc.id)).toEqual(['j1', 'j2']);
    expect(docs[1]?.modality).toBe('image');
  });

  it('names the file and line of a bad document, in one line', async () => {
    // Act
    const error = await loadError(() => loadCorpusFile(fixture('bad-text.jsonl')));

    // Assess
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.message).toBe(`${fixture('bad-text.jsonl')} line 3: not a document: "text" must be a string`);
  });

  it('names the item of a bad document in a JSON array', async () => {
    // Act
    const error = await loadError(() => loadCorpusFile(fixture('bad-modality.json')));

    // Assess
    expect(error.message).toBe(`${fixture('bad-modality.json')} item 3: not a document: "modality" must be one of [text, image, audio, table, video]`);
  });

  it('rejects a duplicate id with both line numbers (blank lines counted)', async () => {
    // Act
    const error = await loadError(() => loadCorpusFile(fixture('duplicate-id.jsonl')));

    // Assess
    const file = fixture('duplicate-id.jsonl');
    expect(error.message).toBe(`${file} line 4: duplicate id "same" (first at ${file} line 1)`);
  });

  it('reports a missing file plainly', async () => {
    // Act
    const error = await loadError(() => loadCorpusFile('/nowhere/corpus.jsonl'));

    // Assess
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.message).toBe('corpus file not found: /nowhere/corpus.jsonl');
  });
});

describe('Function: parseCorpusText', () => {
  it.each([
    ['{"id": "x", "text": "ok"}\n{"id": "", "text": "t"}', 'c.jsonl line 2: not a document: "id" must be a non-empty string'],
    ['{"id": "x", "text": "ok", "title": 3}', 'c.jsonl line 1: not a document: "title" must be a string'],
    ['{"id": "x", "text": "ok", "metadata": [1]}', 'c.jsonl line 1: not a document: "metadata" must be an object'],
    ['["x"]', 'c.jsonl line 1: not a document: expected a JSON object, got an array'],
  ])('rejects %j', (text, message) => {
    // Act & Assess
    expect(() => parseCorpusText(text, 'c.jsonl', 'jsonl')).toThrow(message);
  });

  it('reports invalid JSON with its line, in one line', async () => {
    // Act
    let message = '';
    try {
      parseCorpusText('{"id": "x", "text": "ok"}\n{"id": oops}', 'c.jsonl', 'jsonl');
    } catch (error) {
      message = (error as Error).message;
    }

    // Assess
    expect(message).toMatch(/^c\.jsonl line 2: not valid JSON( at character \d+)?$/);
    expect(message).not.toContain('\n');
  });

  it('rejects a JSON corpus that is not an array', async () => {
    // Act & Assess
    expect(() => parseCorpusText('{"documents": []}', 'c.json', 'json')).toThrow('c.json: a JSON corpus must be an array of documents');
  });

  it('accepts CRLF line ends and a byte-order mark', async () => {
    // Act
    const docs = parseCorpusText('\uFEFF{"id": "a", "text": "1"}\r\n\r\n{"id": "b", "text": "2"}\r\n', 'c.jsonl', 'jsonl');

    // Assess
    expect(docs.map((doc) => doc.id)).toEqual(['a', 'b']);
  });

  it('keeps only the known fields of a document', async () => {
    // Act
    const doc = checkDocument({ id: 'a', text: 't', url: 'http://x' });

    // Assess
    expect(doc).toEqual({ id: 'a', text: 't' });
  });

  it('reads a recording or a picture by the transcript or caption it ships, and nothing else by its metadata', () => {
    // Act
    const audio = checkDocument({ id: 'a', text: 'Audio recording.', modality: 'audio', metadata: { transcript: 'We built 250 km of cycle lanes.' } });
    const image = checkDocument({ id: 'i', text: 'Photograph.', modality: 'image', metadata: { caption: 'The white basilica.' } });
    const text = checkDocument({ id: 't', text: 'A passage.', metadata: { transcript: 'not a recording' } });
    const told = checkDocument({ id: 'b', text: 'Audio: We built 250 km.', modality: 'audio', metadata: { transcript: 'We built 250 km.' } });

    // Assess
    expect(audio).toMatchObject({ text: 'Audio recording. We built 250 km of cycle lanes.' });
    expect(image).toMatchObject({ text: 'Photograph. The white basilica.' });
    expect(text).toMatchObject({ text: 'A passage.' });
    expect(told).toMatchObject({ text: 'Audio: We built 250 km.' });
  });

  it('detects the format by extension, then by content', async () => {
    // Act & Assess
    expect(detectFormat('x.jsonl', '[')).toBe('jsonl');
    expect(detectFormat('x.json', '  [ {} ]')).toBe('json');
    expect(detectFormat('x.json', '{"id": "a"}')).toBe('jsonl');
    expect(detectFormat('x.txt', '[]')).toBe('json');
  });
});

describe('Function: loadCorpus (directories)', () => {
  let dir = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cairn-corpus-'));
    await writeFile(join(dir, 'b.jsonl'), '{"id": "b1", "text": "second file"}\n');
    await writeFile(join(dir, 'a.json'), '[{"id": "a1", "text": "first file"}]');
    await writeFile(join(dir, 'notes.txt'), 'ignored');
    await mkdir(join(dir, 'dup'));
    await writeFile(join(dir, 'dup', 'one.jsonl'), '{"id": "x", "text": "1"}\n');
    await writeFile(join(dir, 'dup', 'two.jsonl'), '{"id": "x", "text": "2"}\n');
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('loads every corpus file of a directory in name order', async () => {
    // Act
    const docs = await loadCorpus(dir);

    // Assess
    expect(docs.map((doc) => doc.id)).toEqual(['a1', 'b1']);
  });

  it('rejects an id repeated across files, naming both places', async () => {
    // Act
    const error = await loadError(() => loadCorpus(join(dir, 'dup')));

    // Assess
    expect(error.message).toBe(`${join(dir, 'dup', 'two.jsonl')} line 1: duplicate id "x" (first at ${join(dir, 'dup', 'one.jsonl')} line 1)`);
  });
});

describe('Class: FileCorpusProvider', () => {
  it('loads the default corpus when no reference is given, and indexes it once', async () => {
    // Prepare
    const provider = new FileCorpusProvider(fixture('mini.jsonl'));

    // Act
    const [first, second] = await Promise.all([provider.load(undefined), provider.load(undefined)]);
    const third = await provider.load(fixture('mini.jsonl'));

    // Assess
    expect(first.size).toBe(12);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect((await first.keywordSearch('Karakoram', { topK: 1 }))[0]?.doc.id).toBe('t-k2');
  });

  it('loads another path on request and caches it separately', async () => {
    // Prepare
    const provider = new FileCorpusProvider(fixture('mini.jsonl'));

    // Act
    const other = await provider.load(fixture('array.json'));

    // Assess
    expect(other.size).toBe(2);
    expect((await provider.load(undefined)).size).toBe(12);
  });

  it('fails clearly for a missing file, a remote reference and an empty one, without caching the failure', async () => {
    // Prepare
    const provider = new FileCorpusProvider('/nowhere/corpus.jsonl');

    // Act & Assess
    await expect(provider.load(undefined)).rejects.toThrow('corpus file not found: /nowhere/corpus.jsonl');
    await expect(provider.load('s3://bucket/corpus.jsonl')).rejects.toThrow(/reads local files; cannot load s3:\/\/bucket\/corpus.jsonl/);
    await expect(provider.load('  ')).rejects.toThrow(InvalidInputError);
    await expect(provider.load(undefined)).rejects.toThrow(InvalidInputError);
  });
});

describe('Class: FileCorpusProvider, under corpus roots', () => {
  it('reads a corpus under a root and refuses one outside, or a link out of a root, before reading it', async () => {
    // Prepare
    const root = mkdtempSync(join(tmpdir(), 'cairn-roots-'));
    writeFileSync(join(root, 'ok.jsonl'), '{"id": "a", "text": "Lyon"}\n');
    symlinkSync('/etc/passwd', join(root, 'escape.jsonl'));
    const provider = new FileCorpusProvider(join(root, 'ok.jsonl'), { roots: [root] });

    // Act
    const inside = await provider.load(undefined);
    const outside = await loadError(() => provider.load('/etc/passwd'));
    const linked = await loadError(() => provider.load(join(root, 'escape.jsonl')));
    const environ = await loadError(() => provider.load('/proc/self/environ'));

    // Assess
    expect(inside.size).toBe(1);
    for (const error of [outside, linked, environ]) {
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.message).toMatch(/^corpus \S+ is outside the corpus folders \(/);
      expect(error.message).not.toMatch(/root:|PATH=/);
    }
  });

  it('never quotes the text of a file that is not JSON', async () => {
    // Prepare
    const root = mkdtempSync(join(tmpdir(), 'cairn-roots-'));
    writeFileSync(join(root, 'secret.jsonl'), 'root:x:0:0:root:/root:/bin/bash\n');
    const provider = new FileCorpusProvider(join(root, 'secret.jsonl'), { roots: [root] });

    // Act
    const error = await loadError(() => provider.load(undefined));

    // Assess
    expect(error.message).toBe(`${join(root, 'secret.jsonl')} line 1: not valid JSON`);
  });
});
