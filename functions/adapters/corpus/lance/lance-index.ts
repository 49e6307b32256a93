/**
 * The corpus index on disk, in LanceDB: built once by `cairn index` (or `buildIndex`), opened by
 * every process after that without reading the corpus. One folder holds `manifest.json`, the
 * lexical vectorizer's fitted state, and a Lance database of four tables:
 *
 * - `docs`: the documents, their search text (title then text) under a full-text (BM25) index,
 *   and their vectors (cosine: an exact scan, or an HNSW graph from `ANN_MIN_DOCUMENTS` documents);
 * - `links`: the entity graph, each document's linked documents as computed at build time;
 * - `titles`: title keys and the documents they name, for entity linking in a query;
 * - `names`: the last path segment of each document's file, source, id and title, for `findDocument`.
 *
 * The folder is written under a temporary name beside it and renamed into place at the end, so a
 * build that fails or is interrupted leaves no index that could be opened as if complete; the
 * temporary folder of a build whose process was killed is removed by the next build beside it.
 * The manifest records every file's size and sha256, checked when the index is opened
 * (index-files.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
// Sets LanceDB's thread pool before LanceDB is loaded: keep this import above LanceDB's.
import './lance-runtime.js';
import * as lancedb from '@lancedb/lancedb';
import { CairnError, InvalidInputError } from '../../../core/errors.js';
import type { CorpusIndex, Embedder, SearchHit, SearchOptions } from '../../../core/ports.js';
import { BM25_DEFAULTS } from '../../../core/retrieval/bm25.js';
import { documentNames, positionsById, referenceName, searchableText } from '../../../core/retrieval/corpus-index.js';
import { ENTITY_GRAPH_METHOD, EntityGraph, mentionKeys } from '../../../core/retrieval/entity-graph.js';
import { reciprocalRankFusion } from '../../../core/retrieval/fusion.js';
import { extractFeatures, LexicalVectorizer, type TextFeatures } from '../../../core/retrieval/lexical-vectorizer.js';
import { contentTerms } from '../../../core/retrieval/tokenize.js';
import type { CorpusDocument, Modality } from '../../../core/types.js';
import { processRuns } from '../../../shared/process-runs.js';
import { type CorpusAccess, checkCorpusFile, readCorpusBytes, realOrSelf } from '../corpus-files.js';
import { loadCorpus } from '../load-corpus.js';
import { tableOf, utf8Column, vectorColumn } from './arrow-columns.js';
import { indexFileChecks, verifyIndexFiles } from './index-files.js';
import { type CorpusFingerprint, fingerprint, INDEX_FORMAT_VERSION, type IndexManifest, indexDamaged, MANIFEST_FILE, readManifest } from './manifest.js';

export const LANCE_ENGINE = 'lancedb@0.31';
const VECTORIZER_FILE = 'vectorizer.bin';
const DB_DIR = 'lance';
/**
 * From this many documents vector search goes through an HNSW graph (one partition, vectors
 * scalar-quantized to 8 bits) instead of an exact scan: LanceDB's exact scan of 1024-dimension
 * vectors grows with the corpus, the graph's search hardly does (bench:scale). IVF-PQ was tried
 * first and dropped: at 10k documents of lexical vectors it was slow to train and kept 4 to 7 of
 * the exact top 10.
 */
export const ANN_MIN_DOCUMENTS = 1_000;
/**
 * The graph's parameters, chosen on bench:scale's 100k generated corpus (no split: an engine's
 * speed and recall against its own exact scan, not relevance) against the build budget (a minute
 * for the whole index): a sparser, cheaper graph (m 12, 50 candidates while building) searched
 * wide at query time (`HNSW_EF`) and re-ranked on the full vectors (`REFINE`), which buys back the
 * recall the build saved. Measured there (hotpotqa questions): recall@10 against the exact scan
 * 0.92; m 16 and 100 kept 0.90 without the re-ranking and were much slower to build.
 */
const HNSW = { m: 12, efConstruction: 50 };
const HNSW_EF = 768;
const REFINE = 4;
/** Documents embedded and written per batch: bounds the memory a build needs beside the corpus. */
const BATCH = 25_000;
const DOC_COLUMNS = ['id', 'title', 'text', 'modality', 'metadata'];

export const LANCE_KEYWORD_METHOD = 'lancedb-fts-bm25';

/** How vector search finds its neighbours: an exact scan, or the HNSW graph. */
export type VectorIndexKind = 'exact' | 'ivf-hnsw-sq';

export interface BuildIndexOptions {
  /** The embedder; default a lexical vectorizer fitted on the corpus. */
  embedder?: Embedder;
  /** Dimensions of the default lexical vectorizer. Default 1024, as the in-memory index. */
  dimensions?: number;
  /** Documents from which an HNSW index is built for vector search. Default `ANN_MIN_DOCUMENTS`. */
  annMinDocuments?: number;
  /** Called after each stage with a short line (for the command's progress). */
  progress?: (line: string) => void;
  /** Where the corpus may be read from and how large a file may be (the corpus itself, and the default cap, unless said). */
  access?: CorpusAccess;
}

/** Longest term the full-text index keeps (LanceDB drops longer ones; its default is 40). */
const MAX_TERM_LENGTH = 200;

const repeat = <T>(items: readonly T[], times: number): T[] => Array.from({ length: Math.max(0, times) }, () => items).flat();

/** SQL string literal for a Lance filter. */
const sql = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/**
 * Builds the index of the corpus file (or folder) at `corpusPath` into `outDir`. The corpus is
 * hashed before it is read and again after the index is written: a corpus that changed in between
 * fails the build and nothing is left at `outDir`.
 */
export async function buildIndex(corpusPath: string, outDir: string, options: BuildIndexOptions = {}): Promise<IndexManifest> {
  const access = options.access ?? {};
  const before = await fingerprint(corpusPath, access);
  const documents = await loadCorpus(corpusPath, access);
  return writeIndex(documents, outDir, {
    ...options,
    corpus: before,
    verify: async () => {
      const after = await fingerprint(corpusPath, access);
      if (after.sha256 !== before.sha256) throw new InvalidInputError(`corpus ${corpusPath} changed while it was indexed; nothing was written, index it again`);
    },
  });
}

/**
 * Writes an index of `documents` into `outDir` (replacing an index there). `verify` runs after the
 * index is complete, before it is moved into place; if it throws, the index is discarded. Builds
 * beside `outDir` left by a process that no longer runs are removed first.
 */
export async function writeIndex(
  documents: readonly CorpusDocument[],
  outDir: string,
  options: BuildIndexOptions & { corpus: CorpusFingerprint; verify?: () => Promise<void> },
): Promise<IndexManifest> {
  const started = performance.now();
  const progress = options.progress ?? (() => {});
  positionsById(documents);
  const target = resolve(outDir);
  await mkdir(dirname(target), { recursive: true });
  await removeAbandonedBuilds(target);
  const temp = `${target}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const manifest = await writeInto(temp, documents, options, progress);
    await options.verify?.();
    const files = await indexFileChecks(temp);
    const finished: IndexManifest = { ...manifest, files, buildMs: Math.round(performance.now() - started) };
    await writeFile(join(temp, MANIFEST_FILE), `${JSON.stringify(finished, null, 2)}\n`);
    await replaceDir(temp, target);
    return finished;
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Removes the temporary folders of builds of `target` whose process is gone (`<target>.partial-<pid>-…`,
 * and `<target>.old-<pid>-…` left between the two renames of a replacement): a build killed mid-way
 * leaves its folder behind, and nothing else would ever remove it. A live process's are left alone.
 */
async function removeAbandonedBuilds(target: string): Promise<void> {
  const prefix = basename(target);
  const names = await readdir(dirname(target)).catch(() => [] as string[]);
  for (const name of names) {
    const match = /^\.(?:partial|old)-(\d+)-[0-9a-f]+$/.exec(name.slice(prefix.length));
    if (!name.startsWith(prefix) || !match) continue;
    const pid = Number(match[1]);
    if (pid !== process.pid && !processRuns(pid)) await rm(join(dirname(target), name), { recursive: true, force: true });
  }
}

/** Moves `from` to `to`, replacing what is there; the old folder is removed only once the new one is in place. */
async function replaceDir(from: string, to: string): Promise<void> {
  const exists = await stat(to).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await rename(from, to);
    return;
  }
  const old = `${to}.old-${process.pid}-${randomBytes(4).toString('hex')}`;
  await rename(to, old);
  await rename(from, to);
  await rm(old, { recursive: true, force: true });
}

async function writeInto(
  dir: string,
  documents: readonly CorpusDocument[],
  options: BuildIndexOptions & { corpus: CorpusFingerprint },
  progress: (line: string) => void,
): Promise<Omit<IndexManifest, 'buildMs' | 'files'>> {
  await mkdir(dir, { recursive: true });
  const db = await lancedb.connect(join(dir, DB_DIR));
  const texts = documents.map(searchableText);
  // What the full-text index holds: Cairn's own analysis of each document (the in-memory BM25's
  // terms, its title counted `titleWeight` times), so both indexes score the same terms.
  const keywordTexts: string[] = new Array(documents.length);
  const keywordText = (i: number, terms: readonly string[]) => {
    const title = documents[i]!.title;
    const titleTerms = title ? contentTerms(title) : [];
    // The searchable text already holds the title once.
    keywordTexts[i] = [...repeat(titleTerms, BM25_DEFAULTS.titleWeight - 1), ...terms].join(' ');
  };
  // Each stage's line says what it took: the build's time is found where it goes.
  const clock = () => {
    let at = performance.now();
    return (line: string) => {
      const now = performance.now();
      progress(`${line} (${((now - at) / 1000).toFixed(1)} s)`);
      at = now;
    };
  };
  const stage = clock();

  let embedder: Embedder;
  let vectorize: (start: number, end: number) => Promise<Float32Array[]>;
  if (options.embedder) {
    embedder = options.embedder;
    vectorize = (start, end) => embedder.embed(texts.slice(start, end));
    texts.forEach((text, i) => {
      keywordText(i, contentTerms(text));
    });
  } else {
    // Each text is analysed once: the features fit the vectorizer, then make the vectors batch by
    // batch (a batch's features are dropped once its vectors are written).
    const features: Array<TextFeatures | undefined> = texts.map((text, i) => extractFeatures(text, (terms) => keywordText(i, terms)));
    const lexical = new LexicalVectorizer({ dimensions: options.dimensions ?? 1024 }).fitFeatures(features as TextFeatures[]);
    embedder = lexical;
    vectorize = async (start, end) => {
      const vectors: Float32Array[] = [];
      for (let i = start; i < end; i++) {
        vectors.push(lexical.vectorOf(features[i]!));
        features[i] = undefined;
      }
      return vectors;
    };
    await writeFile(join(dir, VECTORIZER_FILE), lexical.stateBytes());
    stage('lexical vectorizer fitted');
  }
  const dimensions = embedder.dimensions;

  let docs: lancedb.Table | undefined;
  for (let start = 0; start < documents.length || (start === 0 && docs === undefined); start += BATCH) {
    const end = Math.min(start + BATCH, documents.length);
    const slice = documents.slice(start, end);
    const vectors = await vectorize(start, end);
    if (vectors.length !== slice.length) throw new CairnError(`embedder ${embedder.name} returned ${vectors.length} vectors for ${slice.length} documents`);
    const matrix = new Float32Array(slice.length * dimensions);
    vectors.forEach((vector, row) => {
      if (vector.length !== dimensions)
        throw new CairnError(`embedder ${embedder.name} returned a vector of ${vector.length} dimensions, expected ${dimensions}`);
      matrix.set(vector, row * dimensions);
    });
    const table = tableOf({
      id: utf8Column(slice.map((d) => d.id)),
      title: utf8Column(slice.map((d) => d.title ?? '')),
      text: utf8Column(slice.map((d) => d.text)),
      search_text: utf8Column(keywordTexts.slice(start, end)),
      modality: utf8Column(slice.map((d) => d.modality ?? 'text')),
      metadata: utf8Column(slice.map((d) => (d.metadata === undefined ? '' : JSON.stringify(d.metadata)))),
      vector: vectorColumn(matrix, dimensions),
    });
    if (docs === undefined) docs = await db.createTable('docs', table);
    else await docs.add(table);
    stage(`${end}/${documents.length} documents embedded and written`);
    if (documents.length === 0) break;
  }
  if (!docs) throw new CairnError('no documents table was written');
  const table = docs;
  const vectorIndex: VectorIndexKind = documents.length >= (options.annMinDocuments ?? ANN_MIN_DOCUMENTS) ? 'ivf-hnsw-sq' : 'exact';
  // LanceDB builds the documents' indexes in its own threads while this thread computes the entity
  // graph; they are built one after the other, each a commit of its own on the one table.
  const indexed = (async () => {
    const stage = clock();
    await table.createIndex('id', { config: lancedb.Index.btree() });
    await table.createIndex('search_text', {
      // The column is analysed already: split on spaces and taken as it is.
      config: lancedb.Index.fts({
        withPosition: false,
        baseTokenizer: 'whitespace',
        stem: false,
        removeStopWords: false,
        asciiFolding: false,
        lowercase: false,
        maxTokenLength: MAX_TERM_LENGTH,
      }),
    });
    stage('id and full-text indexes built');
    if (vectorIndex === 'ivf-hnsw-sq') {
      await table.createIndex('vector', { config: lancedb.Index.hnswSq({ distanceType: 'cosine', numPartitions: 1, ...HNSW }) });
      stage('vector index (HNSW, scalar-quantized) built');
    }
  })();
  // Should the graph fail, the index build is still awaited before the folder is removed.
  indexed.catch(() => {});
  stage('documents indexing started');

  const graph = new EntityGraph(documents);
  const linkRows = documents.flatMap((d) => {
    const linked = graph.neighbors(d.id);
    return linked.length > 0 ? [{ id: d.id, linked: JSON.stringify(linked) }] : [];
  });
  const links = await db.createTable('links', tableOf({ id: utf8Column(linkRows.map((r) => r.id)), linked: utf8Column(linkRows.map((r) => r.linked)) }));
  if (linkRows.length > 0) await links.createIndex('id', { config: lancedb.Index.btree() });
  const titleRows = [...graph.titleKeys()];
  const titles = await db.createTable(
    'titles',
    tableOf({ key: utf8Column(titleRows.map(([k]) => k)), ids: utf8Column(titleRows.map(([, ids]) => JSON.stringify(ids))) }),
  );
  if (titleRows.length > 0) await titles.createIndex('key', { config: lancedb.Index.btree() });
  const firstByName = new Map<string, string>();
  for (const doc of documents) for (const name of documentNames(doc)) if (!firstByName.has(name)) firstByName.set(name, doc.id);
  const names = await db.createTable('names', tableOf({ name: utf8Column([...firstByName.keys()]), id: utf8Column([...firstByName.values()]) }));
  if (firstByName.size > 0) await names.createIndex('name', { config: lancedb.Index.btree() });
  stage('entity graph and look-ups written');
  await indexed;
  db.close();

  return {
    format: 'cairn-corpus-index',
    formatVersion: INDEX_FORMAT_VERSION,
    corpus: options.corpus,
    documents: documents.length,
    engine: LANCE_ENGINE,
    keywordMethod: LANCE_KEYWORD_METHOD,
    vectorMethod: embedder.name,
    dimensions,
    vectorIndex,
    graphMethod: ENTITY_GRAPH_METHOD,
    maxTitleTokens: graph.maxTitleTokens,
    builtAt: new Date().toISOString(),
  };
}

export interface OpenIndexOptions {
  /** The embedder for query vectors when the index was not built with the lexical vectorizer; its name must match. */
  embedder?: Embedder;
}

/**
 * Opens the index in `dir`; one line when there is none, when it is of another format, when its
 * files are not the ones it was built with (index-files.ts), or when its embedder is not at hand.
 */
export async function openIndex(dir: string, options: OpenIndexOptions = {}): Promise<LanceCorpusIndex> {
  const manifest = await readManifest(dir);
  if (!manifest) throw new InvalidInputError(`no corpus index at ${dir} (build one with: npm start -- index --corpus <corpus> --out ${dir})`);
  await verifyIndexFiles(dir, manifest);
  const real = await realOrSelf(dir);
  let embedder = options.embedder;
  if (embedder === undefined || embedder.name !== manifest.vectorMethod) {
    if (manifest.files[VECTORIZER_FILE] === undefined)
      throw new InvalidInputError(`index ${dir} was built with the embedder ${manifest.vectorMethod}; configure that embedder to search it`);
    const access: CorpusAccess = { roots: [real], label: 'index file', maxFileBytes: manifest.files[VECTORIZER_FILE].bytes };
    const state = await readCorpusBytes(await checkCorpusFile(join(real, VECTORIZER_FILE), [real], access), [real], access);
    embedder = LexicalVectorizer.fromStateBytes(state);
  }
  try {
    const db = await lancedb.connect(join(real, DB_DIR));
    const [docs, links, titles, names] = await Promise.all(['docs', 'links', 'titles', 'names'].map((name) => db.openTable(name)));
    return new LanceCorpusIndex(manifest, embedder, { docs: docs!, links: links!, titles: titles!, names: names! }, dir);
  } catch (error) {
    throw engineDamage(dir, manifest, error);
  }
}

/**
 * An error of LanceDB reading the index, as the one "damaged" line: what the file checks cannot
 * see (an edit between the sampled blocks of a large file) still never reaches a user as an engine
 * error naming the engine's source files.
 */
function engineDamage(dir: string, manifest: IndexManifest, error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof CairnError || !/lance|arrow/i.test(message)) return error;
  return indexDamaged(dir, manifest.corpus.path, 'LanceDB cannot read its files');
}

interface Tables {
  docs: lancedb.Table;
  links: lancedb.Table;
  titles: lancedb.Table;
  names: lancedb.Table;
}

type Row = Record<string, unknown>;

function documentOf(row: Row): CorpusDocument {
  const doc: CorpusDocument = { id: String(row.id), text: String(row.text), modality: String(row.modality) as Modality };
  if (row.title !== '' && row.title !== undefined && row.title !== null) doc.title = String(row.title);
  if (typeof row.metadata === 'string' && row.metadata !== '') doc.metadata = JSON.parse(row.metadata) as Record<string, unknown>;
  return Object.freeze(doc);
}

export class LanceCorpusIndex implements CorpusIndex {
  readonly size: number;
  readonly keywordMethod: string;
  readonly vectorMethod: string;
  readonly graphMethod: string;

  constructor(
    readonly manifest: IndexManifest,
    private readonly embedder: Embedder,
    private readonly tables: Tables,
    /** The folder it was opened from, for the one line that says it is damaged. */
    private readonly dir: string,
  ) {
    this.size = manifest.documents;
    this.keywordMethod = manifest.keywordMethod;
    this.vectorMethod = manifest.vectorMethod;
    this.graphMethod = manifest.graphMethod;
  }

  /** A query's rows; an engine error reading the files is the index's "damaged" line. */
  private async rows(query: { toArray(): Promise<unknown[]> }): Promise<Row[]> {
    try {
      return (await query.toArray()) as Row[];
    } catch (error) {
      throw engineDamage(this.dir, this.manifest, error);
    }
  }

  async get(id: string): Promise<CorpusDocument | undefined> {
    const rows = await this.rows(
      this.tables.docs
        .query()
        .where(`id = ${sql(id)}`)
        .select(DOC_COLUMNS)
        .limit(1),
    );
    return rows[0] ? documentOf(rows[0]) : undefined;
  }

  async findDocument(reference: string): Promise<CorpusDocument | undefined> {
    const direct = await this.get(reference);
    if (direct) return direct;
    const rows = await this.rows(
      this.tables.names
        .query()
        .where(`name = ${sql(referenceName(reference))}`)
        .limit(1),
    );
    return rows[0] ? this.get(String(rows[0].id)) : undefined;
  }

  async keywordSearch(query: string, options: SearchOptions): Promise<SearchHit[]> {
    if (options.topK <= 0 || this.size === 0 || query.trim() === '') return [];
    // The query is analysed as the documents were; each distinct term counts once, as in memory.
    const terms = [...new Set(contentTerms(query))].join(' ');
    if (terms === '') return [];
    let search = this.tables.docs.query().fullTextSearch(terms, { columns: ['search_text'] });
    if (options.modality !== undefined) search = search.where(`modality = ${sql(options.modality)}`);
    const rows = await this.rows(search.select([...DOC_COLUMNS, '_score']).limit(options.topK));
    return rows.map((row) => ({ doc: documentOf(row), score: Number(row._score) }));
  }

  /** Cosine similarity, exact or through the HNSW graph (as the manifest says); only positive similarities are hits. */
  async vectorSearch(query: string, options: SearchOptions): Promise<SearchHit[]> {
    if (options.topK <= 0 || this.size === 0) return [];
    const [vector] = await this.embedder.embed([query]);
    if (!vector?.some((v) => v !== 0)) return [];
    let search = this.tables.docs
      .query()
      .nearestTo(vector)
      .distanceType('cosine')
      .select([...DOC_COLUMNS, '_distance'])
      .limit(options.topK);
    if (this.manifest.vectorIndex === 'ivf-hnsw-sq') search = search.ef(Math.max(HNSW_EF, options.topK)).refineFactor(REFINE);
    if (options.modality !== undefined) search = search.where(`modality = ${sql(options.modality)}`);
    const rows = await this.rows(search);
    return rows.flatMap((row) => {
      const score = 1 - Number(row._distance);
      return score > 1e-9 ? [{ doc: documentOf(row), score }] : [];
    });
  }

  /** The exact nearest neighbours' ids, scanning every vector: what the HNSW graph is measured against. */
  async exactVectorIds(query: string, topK: number): Promise<string[]> {
    const [vector] = await this.embedder.embed([query]);
    if (!vector?.some((v) => v !== 0)) return [];
    const rows = await this.rows(this.tables.docs.query().nearestTo(vector).distanceType('cosine').bypassVectorIndex().select(['id', '_distance']).limit(topK));
    return rows.filter((row) => 1 - Number(row._distance) > 1e-9).map((row) => String(row.id));
  }

  /**
   * Keyword and vector search fused by reciprocal rank (for the scale benchmark). The two run at
   * once: the engine answers each in its own threads, so the hybrid costs about the slower one.
   */
  async hybridSearch(query: string, topK: number): Promise<Array<{ id: string; score: number }>> {
    const [keyword, vector] = await Promise.all([this.keywordSearch(query, { topK }), this.vectorSearch(query, { topK })]);
    return reciprocalRankFusion([keyword.map((h) => ({ id: h.doc.id })), vector.map((h) => ({ id: h.doc.id }))])
      .slice(0, topK)
      .map(({ item, score }) => ({ id: item.id, score }));
  }

  async linkedDocuments(id: string): Promise<readonly string[]> {
    const rows = await this.rows(
      this.tables.links
        .query()
        .where(`id = ${sql(id)}`)
        .limit(1),
    );
    return rows[0] ? (JSON.parse(String(rows[0].linked)) as string[]) : [];
  }

  async documentsNamedIn(text: string): Promise<readonly string[]> {
    const keys = [...mentionKeys(text, this.manifest.maxTitleTokens)];
    if (keys.length === 0) return [];
    const rows = await this.rows(this.tables.titles.query().where(`key IN (${keys.map(sql).join(', ')})`));
    const byKey = new Map(rows.map((row) => [String(row.key), JSON.parse(String(row.ids)) as string[]]));
    // In the order the text names them, as the in-memory graph answers.
    const found = new Set<string>();
    for (const key of keys) for (const id of byKey.get(key) ?? []) found.add(id);
    return [...found];
  }

  close(): void {
    for (const table of Object.values(this.tables)) table.close();
  }
}
