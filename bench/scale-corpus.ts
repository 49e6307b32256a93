/**
 * Corpora of any size made from the text of a HotpotQA folder (../shared/data/hotpotqa-100): each
 * document is a few real sentences drawn from its paragraphs under a title of its own, and about
 * one document in three names another document's title, so the entity graph has links to store.
 * The same size and seed give the same corpus.
 */

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seeded } from '../test/support/random.js';

export interface SourceText {
  titles: string[];
  sentences: string[];
}

export async function readSourceText(dataDir: string): Promise<SourceText> {
  const corpus = JSON.parse(await readFile(join(dataDir, 'train_corpus.json'), 'utf8')) as Record<string, string[]>;
  const titles = Object.keys(corpus);
  const sentences = Object.values(corpus)
    .flat()
    .map((s) => s.trim())
    .filter((s) => s.length > 20);
  if (titles.length === 0 || sentences.length === 0) throw new Error(`${dataDir}/train_corpus.json holds no paragraphs`);
  return { titles, sentences };
}

const SUFFIXES = ['North', 'South', 'Academy', 'Records', 'Society', 'Festival', 'Company', 'Trust', 'Review', 'Club', 'Institute', 'Station'];

/** The title of generated document `i`: a real title with a distinguishing suffix and number. */
export function generatedTitle(source: SourceText, i: number): string {
  return `${source.titles[i % source.titles.length]} ${SUFFIXES[i % SUFFIXES.length]} ${i}`;
}

/** Writes `size` generated documents as JSONL to `path`. */
export async function writeScaleCorpus(source: SourceText, size: number, path: string, seed = 42): Promise<void> {
  const random = seeded(seed);
  const out = createWriteStream(path);
  for (let i = 0; i < size; i++) {
    const count = 2 + Math.floor(random() * 3);
    const parts: string[] = [];
    for (let s = 0; s < count; s++) parts.push(source.sentences[Math.floor(random() * source.sentences.length)]!);
    if (random() < 0.33) parts.push(`It is often compared with ${generatedTitle(source, Math.floor(random() * size))}.`);
    const line = `${JSON.stringify({ id: `d${i}`, title: generatedTitle(source, i), text: parts.join(' ') })}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
