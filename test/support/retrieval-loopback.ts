/**
 * A real HTTP server on a loopback port that speaks the embedding and rerank APIs Cairn calls,
 * so the real clients (Node's fetch, the AWS SDK's Bedrock clients) are pointed at it by URL or
 * `endpoint` and nothing of them is mocked. It listens twice, on HTTP/1.1 (`url`, for fetch) and on
 * cleartext HTTP/2 (`h2url`, for the Bedrock clients, whose default transport is HTTP/2):
 *   - POST /v1/embeddings                   OpenAI-compatible (llama-server, Ollama, vLLM, TEI)
 *   - POST /v1/rerank, /rerank              the Cohere shape ({query, documents, top_n}) and TEI's ({query, texts})
 *   - POST /model/{modelId}/invoke          Bedrock Runtime InvokeModel, Titan Text Embeddings V2 and Cohere Embed bodies
 *   - POST /rerank with `queries`           Bedrock Agent Runtime Rerank
 *
 * Its "model" is small and honest: a text's vector is its words hashed into `dimensions` buckets
 * (so texts sharing words are near), and a relevance score is the share of the query's words a
 * document holds. A script of replies (one per request) makes it fail the way servers do: a status
 * (with an AWS error type for the Bedrock paths), a hang, a reset connection, a body that is not
 * JSON, or vectors of the wrong size.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createH2Server, type Http2Server, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { closeServer, listenOnLoopback, withBody } from './net.js';

export type RetrievalApi = 'openai-embeddings' | 'cohere-rerank' | 'tei-rerank' | 'bedrock-invoke' | 'bedrock-rerank';

export interface RetrievalRequest {
  api: RetrievalApi;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export type RetrievalReply =
  /** Answer as the model would. */
  | { ok: true }
  /** An error status; `awsType` is sent as `x-amzn-errortype` for the Bedrock paths. */
  | { status: number; message?: string; awsType?: string; headers?: Record<string, string> }
  | { hang: true }
  | { reset: true }
  | { garbage: string }
  /** Answer with vectors of this many dimensions instead of the asked ones. */
  | { dimensions: number }
  /** A 200 with this JSON body, whatever was asked (an answer of the wrong shape). */
  | { body: unknown };

const words = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** The text's words hashed into `dimensions` buckets, normalised to length 1. */
export function hashedVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of words(text)) {
    let h = 2166136261;
    for (const c of word) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
    vector[(h >>> 0) % dimensions]! += 1;
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((x) => x / norm);
}

/** The share of the query's distinct words the document holds. */
export function overlapScore(query: string, document: string): number {
  const q = new Set(words(query));
  const d = new Set(words(document));
  return q.size === 0 ? 0 : [...q].filter((w) => d.has(w)).length / q.size;
}

export class LoopbackRetrieval {
  readonly requests: RetrievalRequest[] = [];
  private readonly queue: RetrievalReply[] = [];
  private readonly sockets = new Set<Socket>();
  /** The vector size the OpenAI-compatible endpoint answers (its model's size). */
  embeddingDimensions = 16;
  /** Answer `data` in reverse order (the spec allows any order; `index` says which). */
  reverseOrder = false;

  private constructor(
    private readonly server: Server,
    private readonly h2: Http2Server,
  ) {}

  static async start(): Promise<LoopbackRetrieval> {
    let self: LoopbackRetrieval | undefined;
    const onRequest = (req: IncomingMessage | Http2ServerRequest, res: Response | Http2ServerResponse) => {
      withBody(req, (raw) => void self!.handle(req.url ?? '/', req.headers, raw.toString('utf8'), res as Response));
    };
    const server = createServer(onRequest);
    const h2 = createH2Server(onRequest);
    for (const s of [server, h2] as const)
      s.on('connection', (socket: Socket) => {
        self?.sockets.add(socket);
        socket.on('close', () => self?.sockets.delete(socket));
      });
    self = new LoopbackRetrieval(server, h2);
    await listenOnLoopback(server);
    await listenOnLoopback(h2);
    return self;
  }

  /** HTTP/1.1, for fetch. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Cleartext HTTP/2, for the Bedrock clients. */
  get h2url(): string {
    return `http://127.0.0.1:${(this.h2.address() as AddressInfo).port}`;
  }

  /** Replies for the next requests, in order; afterwards the server answers normally. */
  script(...replies: RetrievalReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await closeServer(this.server);
    await closeServer(this.h2);
  }

  private apiOf(path: string, body: Record<string, unknown>): RetrievalApi | undefined {
    if (path === '/v1/embeddings' || path === '/embeddings') return 'openai-embeddings';
    if (/^\/model\/[^/]+\/invoke$/.test(path)) return 'bedrock-invoke';
    if (path.endsWith('/rerank')) return Array.isArray(body.queries) ? 'bedrock-rerank' : Array.isArray(body.texts) ? 'tei-rerank' : 'cohere-rerank';
    return undefined;
  }

  private async handle(url: string, headers: IncomingHttpHeaders, raw: string, res: Response): Promise<unknown> {
    const path = url.split('?')[0] ?? '/';
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(res, 400, { error: { message: 'body is not JSON' } });
    }
    const api = this.apiOf(path, body);
    if (!api) return send(res, 404, { error: { message: `no route ${path}` } });
    this.requests.push({ api, path, headers, body });
    const reply = this.queue.shift() ?? { ok: true };
    const aws = api === 'bedrock-invoke' || api === 'bedrock-rerank';
    if ('hang' in reply) return;
    if ('reset' in reply) return void ('stream' in res ? res.stream.close(2) : res.socket?.destroy());
    if ('body' in reply) return send(res, 200, reply.body);
    if ('garbage' in reply) {
      (res as ServerResponse).writeHead(200, { 'content-type': 'application/json' });
      return void res.end(reply.garbage);
    }
    if ('status' in reply) {
      const message = reply.message ?? `failed with ${reply.status}`;
      const extra = { ...(aws && reply.awsType ? { 'x-amzn-errortype': reply.awsType } : {}), ...reply.headers };
      return send(res, reply.status, aws ? { message } : { error: { message, type: 'server_error' } }, extra);
    }
    if (aws && !String(headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256'))
      return send(res, 403, { message: 'missing signature' }, { 'x-amzn-errortype': 'AccessDeniedException' });
    const dims = 'dimensions' in reply ? reply.dimensions : undefined;
    switch (api) {
      case 'openai-embeddings':
        return this.openaiEmbeddings(body, res, dims);
      case 'bedrock-invoke':
        return this.bedrockInvoke(decodeURIComponent(path.split('/')[2] ?? ''), body, res, dims);
      case 'cohere-rerank':
      case 'tei-rerank':
        return this.rerank(api, body, res);
      case 'bedrock-rerank':
        return this.bedrockRerank(body, res);
    }
  }

  private openaiEmbeddings(body: Record<string, unknown>, res: Response, dims: number | undefined): true {
    const input = typeof body.input === 'string' ? [body.input] : body.input;
    if (typeof body.model !== 'string' || !Array.isArray(input) || input.some((t) => typeof t !== 'string'))
      return send(res, 400, { error: { message: 'model and input (a string or a list of strings) are required' } });
    const data = (input as string[]).map((text, index) => ({ object: 'embedding', index, embedding: hashedVector(text, dims ?? this.embeddingDimensions) }));
    if (this.reverseOrder) data.reverse();
    return send(res, 200, { object: 'list', model: body.model, data, usage: { prompt_tokens: 1, total_tokens: 1 } });
  }

  private bedrockInvoke(modelId: string, body: Record<string, unknown>, res: Response, dims: number | undefined): true {
    const invalid = (message: string) => send(res, 400, { message }, { 'x-amzn-errortype': 'ValidationException' });
    if (modelId.startsWith('amazon.titan-embed-text-v2')) {
      if (typeof body.inputText !== 'string' || body.inputText === '') return invalid('inputText is required');
      const size = Number(body.dimensions ?? 1024);
      if (![256, 512, 1024].includes(size)) return invalid('dimensions must be 256, 512 or 1024');
      return send(res, 200, { embedding: hashedVector(body.inputText, dims ?? size), inputTextTokenCount: words(body.inputText).length });
    }
    if (modelId.startsWith('cohere.embed')) {
      const texts = body.texts;
      if (!Array.isArray(texts) || texts.length === 0 || texts.length > 96) return invalid('texts must hold 1 to 96 strings');
      if (body.input_type !== 'search_document' && body.input_type !== 'search_query') return invalid('input_type is required');
      const vectors = (texts as string[]).map((t) => hashedVector(t, dims ?? 1024));
      return send(res, 200, { id: 'x', texts, response_type: 'embeddings_by_type', embeddings: { float: vectors } });
    }
    return send(res, 404, { message: `model ${modelId} not found` }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
  }

  private rerank(api: 'cohere-rerank' | 'tei-rerank', body: Record<string, unknown>, res: Response): true {
    const docs = api === 'tei-rerank' ? body.texts : body.documents;
    if (typeof body.query !== 'string' || !Array.isArray(docs)) return send(res, 400, { error: { message: 'query and documents are required' } });
    const scored = (docs as string[])
      .map((text, index) => ({ index, score: overlapScore(body.query as string, text) }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
    if (api === 'tei-rerank')
      return send(
        res,
        200,
        scored.map(({ index, score }) => ({ index, score })),
      );
    const topN = typeof body.top_n === 'number' ? body.top_n : scored.length;
    return send(res, 200, { id: 'r', results: scored.slice(0, topN).map(({ index, score }) => ({ index, relevance_score: score })), meta: {} });
  }

  private bedrockRerank(body: Record<string, unknown>, res: Response): true {
    const query = (body.queries as Array<{ textQuery?: { text?: string } }>)[0]?.textQuery?.text;
    const sources = body.sources as Array<{ inlineDocumentSource?: { textDocument?: { text?: string } } }>;
    const config = body.rerankingConfiguration as { bedrockRerankingConfiguration?: { numberOfResults?: number; modelConfiguration?: { modelArn?: string } } };
    const modelArn = config?.bedrockRerankingConfiguration?.modelConfiguration?.modelArn ?? '';
    if (typeof query !== 'string' || !/^arn:aws:bedrock:[a-z0-9-]+::foundation-model\//.test(modelArn))
      return send(res, 400, { message: 'a text query and a model ARN are required' }, { 'x-amzn-errortype': 'ValidationException' });
    const scored = sources
      .map((s, index) => ({ index, relevanceScore: overlapScore(query, s.inlineDocumentSource?.textDocument?.text ?? '') }))
      .sort((a, b) => b.relevanceScore - a.relevanceScore || a.index - b.index);
    return send(res, 200, { results: scored.slice(0, config.bedrockRerankingConfiguration?.numberOfResults ?? scored.length) });
  }
}

/** Either server's response: the same calls answer on both. */
type Response = ServerResponse | Http2ServerResponse;

function send(res: Response, status: number, body: unknown, headers: Record<string, string> = {}): true {
  // Both kinds of response take (status, headers); their typings differ only in overloads.
  (res as ServerResponse).writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
  return true;
}
