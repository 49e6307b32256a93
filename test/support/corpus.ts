/**
 * Corpora for tests: the mini fixture corpus (mountains, a film, media documents) and small
 * in-memory ones written inside a test.
 */
import { fileURLToPath } from 'node:url';
import { loadCorpus } from '../../functions/adapters/corpus/load-corpus.js';
import { createCorpusIndex, type InMemoryCorpusIndex } from '../../functions/core/retrieval/corpus-index.js';
import type { CorpusDocument } from '../../functions/core/types.js';

/** test/fixtures/corpus/mini.jsonl, as an absolute path. */
export const MINI_CORPUS = fileURLToPath(new URL('../fixtures/corpus/mini.jsonl', import.meta.url));

/** The mini corpus loaded by the corpus loader and indexed. */
export const miniCorpusIndex = async (): Promise<InMemoryCorpusIndex> => createCorpusIndex(await loadCorpus(MINI_CORPUS));

/** A corpus document with a title (none when `title` is undefined). */
export const corpusDoc = (id: string, title: string | undefined, text: string): CorpusDocument => ({ id, ...(title !== undefined ? { title } : {}), text });
