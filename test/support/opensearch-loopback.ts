/**
 * An HTTP server on loopback speaking the part of OpenSearch's REST API Cairn's engine adapter uses:
 * HEAD/PUT an index, `_bulk`, `_doc`, and `_search` with `term`, `terms`, `multi_match` (scored
 * with BM25 over lowercased words, a `^n` field boost honoured), `bool` (must + filter), `knn`
 * (faiss inner-product scores: `ip + 1`, or `1 / (1 - ip)` below zero), `sort` and `_source`
 * lists. No OpenSearch runs on this machine; the real client talks to this over HTTP. It keeps
 * every request (method, path, headers) and can be told to fail the next requests.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { closeServer, listenOnLoopback, withBody } from './net.js';

type Source = Record<string, unknown>;
interface Stored {
  id: string;
  source: Source;
}
interface Index {
  mappings: unknown;
  docs: Stored[];
}
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

export class OpenSearchLoopback {
  readonly indices = new Map<string, Index>();
  readonly requests: SeenRequest[] = [];
  private failures: Array<{ status: number; body: unknown }> = [];
  private pathFaults: Array<{ path: string; status: number; skip: number }> = [];
  private nextId = 1;
  private server: Server | undefined;
  endpoint = '';

  static async start(): Promise<OpenSearchLoopback> {
    const loopback = new OpenSearchLoopback();
    const server = createServer((req, res) =>
      withBody(req, (raw) => {
        const { status, body } = loopback.handle(req, raw.toString('utf8'));
        const text = body === undefined ? '' : JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(req.method === 'HEAD' ? undefined : text);
      }),
    );
    loopback.server = server;
    loopback.endpoint = await listenOnLoopback(server);
    return loopback;
  }

  async close(): Promise<void> {
    await closeServer(this.server);
  }

  /** The next `count` requests answer `status` (e.g. 429, 503) with an OpenSearch error body. */
  failNext(count: number, status: number): void {
    for (let i = 0; i < count; i++) this.failures.push({ status, body: { error: { type: 'test_fault', reason: `loopback fault ${status}` }, status } });
  }

  /** The request to `path` after the next `skip` ones answers `status`. */
  failMatching(path: string, status: number, skip = 0): void {
    this.pathFaults.push({ path, status, skip });
  }

  /** Every stored document of the index whose name starts with `prefix`. */
  documentsOf(prefix: string): Source[] {
    return [...this.indices.entries()].filter(([name]) => name.startsWith(prefix)).flatMap(([, index]) => index.docs.map((d) => d.source));
  }

  private handle(req: IncomingMessage, text: string): { status: number; body: unknown } {
    const url = new URL(req.url ?? '/', 'http://loopback');
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, headers: req.headers });
    const failure = this.failures.shift();
    if (failure !== undefined) return failure;
    const fault = this.pathFaults.find((f) => f.path === url.pathname);
    if (fault !== undefined && fault.skip-- === 0) {
      this.pathFaults.splice(this.pathFaults.indexOf(fault), 1);
      return { status: fault.status, body: { error: { type: 'test_fault', reason: `loopback fault ${fault.status}` }, status: fault.status } };
    }
    const parts = url.pathname
      .split('/')
      .filter((p) => p !== '')
      .map(decodeURIComponent);
    if (parts[0] === '_bulk' && method === 'POST') return this.bulk(text);
    const [name, action] = parts;
    if (name === undefined) return { status: 200, body: { version: { distribution: 'opensearch', number: '2.x-loopback' } } };
    const index = this.indices.get(name);
    if (action === undefined && method === 'HEAD') return { status: index ? 200 : 404, body: undefined };
    if (action === undefined && method === 'PUT') {
      if (index) return { status: 400, body: { error: { type: 'resource_already_exists_exception', reason: `index [${name}] already exists` }, status: 400 } };
      this.indices.set(name, { mappings: JSON.parse(text || '{}'), docs: [] });
      return { status: 200, body: { acknowledged: true, index: name } };
    }
    if (action === '_doc' && method === 'POST')
      return { status: 201, body: { _index: name, _id: this.add(name, JSON.parse(text) as Source), result: 'created' } };
    if (action === '_search' && (method === 'POST' || method === 'GET')) {
      if (!index) return notFound(name);
      return { status: 200, body: search(index, JSON.parse(text || '{}') as Record<string, unknown>) };
    }
    return { status: 400, body: { error: { type: 'illegal_argument_exception', reason: `loopback does not speak ${method} ${url.pathname}` }, status: 400 } };
  }

  private add(name: string, source: Source): string {
    const index = this.indices.get(name) ?? { mappings: {}, docs: [] };
    this.indices.set(name, index);
    const id = `auto-${this.nextId++}`;
    index.docs.push({ id, source });
    return id;
  }

  private bulk(text: string): { status: number; body: unknown } {
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    const items: unknown[] = [];
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const action = JSON.parse(lines[i]!) as { index?: { _index: string } };
      const target = action.index?._index;
      if (target === undefined || !this.indices.has(target)) {
        items.push({ index: { _index: target, status: 404, error: { type: 'index_not_found_exception', reason: `no such index [${target}]` } } });
        continue;
      }
      items.push({ index: { _index: target, _id: this.add(target, JSON.parse(lines[i + 1]!) as Source), status: 201, result: 'created' } });
    }
    return { status: 200, body: { took: 1, errors: items.some((item) => (item as { index: { error?: unknown } }).index.error !== undefined), items } };
  }
}

function notFound(name: string): { status: number; body: unknown } {
  return { status: 404, body: { error: { type: 'index_not_found_exception', reason: `no such index [${name}]` }, status: 404 } };
}

const words = (text: unknown): string[] => (typeof text === 'string' ? (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) : []);

/** A query's score for one document: undefined when it does not match. */
type Scorer = (doc: Source) => number | undefined;

function search(index: Index, body: Record<string, unknown>): unknown {
  const scorer = compile(body.query as Record<string, unknown> | undefined, index);
  let hits = index.docs.flatMap((doc) => {
    const score = scorer(doc.source);
    return score === undefined ? [] : [{ doc, score }];
  });
  const sort = body.sort as Array<Record<string, string>> | undefined;
  if (sort !== undefined && sort.length > 0) {
    const [[field, order]] = Object.entries(sort[0]!) as [[string, string]];
    const sign = order === 'desc' ? -1 : 1;
    hits.sort((a, b) => sign * compare(a.doc.source[field], b.doc.source[field]));
  } else {
    hits.sort((a, b) => b.score - a.score);
  }
  hits = hits.slice(0, typeof body.size === 'number' ? body.size : 10);
  const fields = body._source as string[] | undefined;
  return {
    took: 1,
    hits: {
      total: { value: hits.length, relation: 'eq' },
      hits: hits.map(({ doc, score }) => ({
        _id: doc.id,
        _score: sort ? null : score,
        _source: Array.isArray(fields) ? Object.fromEntries(fields.filter((f) => f in doc.source).map((f) => [f, doc.source[f]])) : doc.source,
      })),
    },
  };
}

function compare(a: unknown, b: unknown): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

function compile(query: Record<string, unknown> | undefined, index: Index): Scorer {
  if (query === undefined || 'match_all' in query) return () => 1;
  const [kind, spec] = Object.entries(query)[0] as [string, Record<string, unknown>];
  if (kind === 'term') {
    const [field, value] = Object.entries(spec)[0]!;
    return (doc) => (hasValue(doc[field], value) ? 1 : undefined);
  }
  if (kind === 'terms') {
    const [field, values] = Object.entries(spec)[0] as [string, unknown[]];
    return (doc) => (values.some((v) => hasValue(doc[field], v)) ? 1 : undefined);
  }
  if (kind === 'bool') {
    const must = ((spec.must as Record<string, unknown>[] | undefined) ?? []).map((q) => compile(q, index));
    const filter = ((spec.filter as Record<string, unknown>[] | undefined) ?? []).map((q) => compile(q, index));
    return (doc) => {
      if (filter.some((f) => f(doc) === undefined)) return undefined;
      let total = must.length === 0 ? 1 : 0;
      for (const m of must) {
        const s = m(doc);
        if (s === undefined) return undefined;
        total += s;
      }
      return total;
    };
  }
  if (kind === 'multi_match') return bm25(index, String(spec.query), spec.fields as string[]);
  if (kind === 'knn') {
    const [field, { vector, filter }] = Object.entries(spec)[0] as [string, { vector: number[]; k: number; filter?: Record<string, unknown> }];
    const pass = filter === undefined ? () => 1 : compile(filter, index);
    return (doc) => {
      const stored = doc[field] as number[] | undefined;
      if (stored === undefined || pass(doc) === undefined) return undefined;
      let ip = 0;
      for (let i = 0; i < vector.length; i++) ip += vector[i]! * (stored[i] ?? 0);
      return ip >= 0 ? ip + 1 : 1 / (1 - ip);
    };
  }
  throw new Error(`loopback does not speak the ${kind} query`);
}

function hasValue(stored: unknown, value: unknown): boolean {
  return Array.isArray(stored) ? stored.includes(value) : stored === value;
}

function bm25(index: Index, text: string, fieldSpecs: string[]): Scorer {
  const terms = [...new Set(words(text))];
  const fields = fieldSpecs.map((spec) => {
    const [name, boost] = spec.split('^');
    return { name: name!, boost: boost === undefined ? 1 : Number(boost) };
  });
  const n = index.docs.length;
  const stats = fields.map(({ name }) => {
    const df = new Map<string, number>();
    let totalLength = 0;
    for (const doc of index.docs) {
      const tokens = words(doc.source[name]);
      totalLength += tokens.length;
      for (const t of new Set(tokens)) df.set(t, (df.get(t) ?? 0) + 1);
    }
    return { df, avg: totalLength / Math.max(1, n) };
  });
  return (doc) => {
    let best: number | undefined;
    fields.forEach(({ name, boost }, f) => {
      const tokens = words(doc[name]);
      let score = 0;
      for (const term of terms) {
        const tf = tokens.filter((t) => t === term).length;
        if (tf === 0) continue;
        const df = stats[f]!.df.get(term) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * tokens.length) / Math.max(1, stats[f]!.avg)));
      }
      if (score > 0) best = Math.max(best ?? 0, score * boost);
    });
    return best;
  };
}
