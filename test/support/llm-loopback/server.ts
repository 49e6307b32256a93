/**
 * A real HTTP server on a loopback port that speaks the Anthropic Messages API (POST /v1/messages)
 * and the OpenAI chat completions API (POST /v1/chat/completions). The real SDK clients are pointed
 * at it by base URL; nothing of the SDKs is mocked.
 *
 * It answers from a script (a queue of replies, one per request) and, when the queue is empty,
 * from a responder (by default the rule-based model of rule-based-model.ts). A reply is what a
 * model or a server might do: answer in prose, answer through the structured channel (a tool call
 * for Anthropic, JSON content for OpenAI), refuse, answer nothing, fail with a status, hang, drop
 * the connection, or send a body that is not JSON.
 *
 * It checks each request as the real APIs do (a 400 names the fault): an Anthropic request needs
 * a key, a version, a model, max_tokens and messages; API version 2026-10-21 rejects sampling
 * parameters; every tool_use needs its tool_result first thing in the next user turn (and every
 * OpenAI tool call its `tool` message right after it); a forced tool
 * must exist and its schema must be an object. Usage is counted at four characters a token, and
 * Anthropic prompt caching is simulated: the prefix up to a `cache_control` mark is written on its
 * first sight and read afterwards. Each recorded request keeps the body of the answer it got
 * (`response`), and `latencyMs` holds every reply back as a model's time would (the token bench).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { closeServer, listenOnLoopback, withBody } from '../net.js';

export type Api = 'anthropic' | 'openai';

export interface RecordedRequest {
  api: Api;
  path: string;
  headers: IncomingHttpHeaders;
  // The parsed JSON body, as the client sent it.
  body: Record<string, unknown>;
  /** The body of the model's answer as it was sent (a 200 answer; not a fault or an error). */
  response?: Record<string, unknown>;
}

export interface LoopbackOptions {
  /** Every reply waits this long before it is sent, as a model's time to answer would. */
  latencyMs?: number;
  /** Honour `cache_control` marks (default true); false: a server that takes them and caches nothing, its usage all uncached input. */
  promptCache?: boolean;
}

export type Reply =
  /** The model answers in prose (possibly holding JSON); `omitUsage` as some local servers do. */
  | { text: string; stopReason?: string; omitUsage?: boolean }
  /** The model answers through the structured channel; `text` is prose beside it; `name`: which tool offered (the first when absent). */
  | { tool: unknown; text?: string; stopReason?: string; name?: string }
  | { refusal: true; text?: string }
  | { empty: true }
  /** An HTTP error with the API's error body. */
  | { status: number; type?: string; message?: string; errorCode?: string; headers?: Record<string, string> }
  /** Never answers: the client's timeout must end the request. */
  | { hang: true }
  /** Drops the connection before answering. */
  | { reset: true }
  /** A 200 whose body is not JSON. */
  | { garbage: string }
  /** A 200 whose headers come at once and whose body (an answer of `text`) comes one byte every `intervalMs`. */
  | { drip: { intervalMs: number; text?: string } }
  /** A 200's headers, then nothing: no body, the connection kept open. */
  | { silence: true }
  /** A 200's headers and half its body, then the connection cut (fetch says `TypeError: terminated`). */
  | { cut: true };

/** The replies that are an answer of the model (not a fault of the server). */
type Answer = Exclude<
  Reply,
  { status: number } | { hang: true } | { reset: true } | { garbage: string } | { drip: unknown } | { silence: true } | { cut: true }
>;

export type Responder = (request: RecordedRequest) => Reply | Promise<Reply>;

const ANTHROPIC_ERROR_TYPES: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export class LoopbackLlm {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: Reply[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly cachedPrefixes = new Set<string>();
  private sequence = 0;
  /** Bodies being dripped right now: a client that gave up has closed its connection, so this falls back to 0. */
  dripping = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private responder: Responder,
    private readonly latencyMs: number,
    private readonly promptCache: boolean,
  ) {}

  static async start(responder: Responder = () => ({ text: 'No script for this request.' }), options: LoopbackOptions = {}): Promise<LoopbackLlm> {
    const server = createServer();
    // The client alone ends an idle kept-alive connection: a server closing one as the client
    // reuses it (Node's 5 s default, reached on a loaded machine between two tests) resets the next
    // request (ECONNRESET) though nothing failed. close() destroys every socket at the end.
    server.keepAliveTimeout = 0;
    const loopback = new LoopbackLlm(server, await listenOnLoopback(server), responder, options.latencyMs ?? 0, options.promptCache ?? true);
    server.on('connection', (socket) => {
      loopback.sockets.add(socket);
      socket.on('close', () => loopback.sockets.delete(socket));
    });
    server.on('request', (req, res) => {
      withBody(req, (raw) => {
        void loopback.handle(req.url ?? '', req.headers, raw.toString('utf8'), res).catch((error: unknown) => {
          if (!res.headersSent) send(res, 500, { type: 'error', error: { type: 'api_error', message: String(error) } });
        });
      });
    });
    return loopback;
  }

  /** The base URL of the Anthropic client. */
  get anthropicBaseURL(): string {
    return this.url;
  }

  /** The base URL of the OpenAI client. */
  get openaiBaseURL(): string {
    return `${this.url}/v1`;
  }

  /** Replies for the next requests, in order; the responder answers once they are used up. */
  script(...replies: Reply[]): void {
    this.queue.push(...replies);
  }

  respondWith(responder: Responder): void {
    this.responder = responder;
  }

  /** Forgets the script, the recorded requests and the simulated prompt cache. */
  reset(responder?: Responder): void {
    this.queue.length = 0;
    this.requests.length = 0;
    this.cachedPrefixes.clear();
    if (responder) this.responder = responder;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await closeServer(this.server);
  }

  private async handle(path: string, headers: IncomingHttpHeaders, raw: string, res: ServerResponse): Promise<void> {
    const api: Api | undefined = path.startsWith('/v1/messages') ? 'anthropic' : path.startsWith('/v1/chat/completions') ? 'openai' : undefined;
    if (api === undefined) return send(res, 404, { error: { type: 'not_found_error', message: `no route ${path}` } });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(res, 400, errorBody(api, 400, 'invalid_request_error', 'the body is not JSON'));
    }
    const request: RecordedRequest = { api, path, headers, body };
    this.requests.push(request);
    const invalid = api === 'anthropic' ? anthropicFault(headers, body) : openaiFault(headers, body);
    if (invalid)
      return send(res, invalid.status, errorBody(api, invalid.status, ANTHROPIC_ERROR_TYPES[invalid.status] ?? 'invalid_request_error', invalid.message));
    const reply = this.queue.shift() ?? (await this.responder(request));
    if ('hang' in reply) return;
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if ('reset' in reply) {
      res.socket?.destroy();
      return;
    }
    if ('garbage' in reply) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(reply.garbage);
      return;
    }
    if ('silence' in reply) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
      return;
    }
    if ('drip' in reply || 'cut' in reply) {
      this.sequence += 1;
      const answer: Answer = { text: ('drip' in reply ? reply.drip.text : undefined) ?? 'An answer sent slowly.' };
      const bytes = Buffer.from(JSON.stringify(api === 'anthropic' ? this.anthropicMessage(body, answer) : openaiCompletion(body, answer, this.sequence)));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
      if ('cut' in reply) {
        res.write(bytes.subarray(0, bytes.length >> 1), () => res.socket?.destroy());
        return;
      }
      this.dripping += 1;
      res.on('close', () => (this.dripping -= 1));
      return drip(res, bytes, reply.drip.intervalMs);
    }
    if ('status' in reply) {
      const type = reply.type ?? ANTHROPIC_ERROR_TYPES[reply.status] ?? 'api_error';
      const message = reply.message ?? `scripted ${reply.status}`;
      return send(res, reply.status, errorBody(api, reply.status, type, message, reply.errorCode), reply.headers);
    }
    this.sequence += 1;
    request.response = api === 'anthropic' ? this.anthropicMessage(body, reply) : openaiCompletion(body, reply, this.sequence);
    return send(res, 200, request.response);
  }

  private anthropicMessage(body: Record<string, unknown>, reply: Answer): Record<string, unknown> {
    const tools = (body.tools as Array<{ name: string }> | undefined) ?? [];
    let content: Array<Record<string, unknown>> = [];
    let stopReason = 'end_turn';
    if ('tool' in reply) {
      if (reply.text) content.push({ type: 'text', text: reply.text });
      const tool = tools.find((t) => t.name === reply.name) ?? tools[0];
      if (tool) {
        content.push({ type: 'tool_use', id: `toolu_${String(this.sequence).padStart(6, '0')}`, name: tool.name, input: reply.tool });
        stopReason = 'tool_use';
      } else {
        content.push({ type: 'text', text: JSON.stringify(reply.tool) });
      }
      stopReason = reply.stopReason ?? stopReason;
    } else if ('text' in reply && !('refusal' in reply)) {
      content = reply.text === '' ? [] : [{ type: 'text', text: reply.text }];
      stopReason = reply.stopReason ?? 'end_turn';
    } else if ('refusal' in reply) {
      content = reply.text ? [{ type: 'text', text: reply.text }] : [];
      stopReason = 'refusal';
    }
    const outputTokens = tokens(JSON.stringify(content));
    return {
      id: `msg_${String(this.sequence).padStart(6, '0')}`,
      type: 'message',
      role: 'assistant',
      model: String(body.model),
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { ...this.anthropicInputUsage(body), output_tokens: outputTokens },
    };
  }

  /** Input tokens, with the cached prefix (tools, then system, up to the last cache_control) written once and read after. */
  private anthropicInputUsage(body: Record<string, unknown>): Record<string, number> {
    const tools = (body.tools as unknown[] | undefined) ?? [];
    const system =
      typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : ((body.system as Array<Record<string, unknown>> | undefined) ?? []);
    const total = tokens(JSON.stringify({ tools, system, messages: body.messages }));
    const marked = system.findLastIndex((block) => block.cache_control !== undefined);
    if (marked < 0 || !this.promptCache) return { input_tokens: total, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    const prefix = JSON.stringify({ tools, system: system.slice(0, marked + 1) });
    const prefixTokens = Math.min(total, tokens(prefix));
    const hash = createHash('sha256')
      .update(`${String(body.model)}\u0000${prefix}`)
      .digest('hex');
    const seen = this.cachedPrefixes.has(hash);
    this.cachedPrefixes.add(hash);
    return {
      input_tokens: total - prefixTokens,
      cache_creation_input_tokens: seen ? 0 : prefixTokens,
      cache_read_input_tokens: seen ? prefixTokens : 0,
    };
  }
}

function openaiCompletion(body: Record<string, unknown>, reply: Answer, sequence: number): Record<string, unknown> {
  let content: string | null = '';
  let refusal: string | null = null;
  let finish = 'stop';
  if ('tool' in reply) {
    content = body.response_format ? JSON.stringify(reply.tool) : `${reply.text ?? ''}\n\n${JSON.stringify(reply.tool)}`.trim();
    if (reply.stopReason === 'max_tokens') finish = 'length';
  } else if ('refusal' in reply) {
    content = null;
    refusal = reply.text ?? 'I cannot help with that.';
  } else if ('text' in reply) {
    content = reply.text;
    finish = reply.stopReason === 'max_tokens' ? 'length' : 'stop';
  }
  const prompt = tokens(JSON.stringify(body.messages));
  const completion = tokens(content ?? refusal ?? '');
  return {
    id: `chatcmpl-${sequence}`,
    object: 'chat.completion',
    created: 1_700_000_000 + sequence,
    model: String(body.model),
    choices: [{ index: 0, message: { role: 'assistant', content, refusal }, finish_reason: finish, logprobs: null }],
    ...('omitUsage' in reply && reply.omitUsage
      ? {}
      : { usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, prompt_tokens_details: { cached_tokens: 0 } } }),
  };
}

/** Four characters a token, as the rule-based provider counts. */
function tokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function errorBody(api: Api, status: number, type: string, message: string, errorCode?: string): Record<string, unknown> {
  if (api === 'openai') return { error: { message, type, code: errorCode ?? null, param: null } };
  return { type: 'error', error: { type, message, ...(errorCode ? { details: { error_code: errorCode } } : {}) }, request_id: `req_loopback_${status}` };
}

/** Writes `bytes` one at a time, `intervalMs` apart, until done or the client goes away. */
function drip(res: ServerResponse, bytes: Buffer, intervalMs: number): void {
  let next = 0;
  const timer = setInterval(() => {
    if (res.destroyed || next >= bytes.length) {
      clearInterval(timer);
      if (!res.destroyed) res.end();
      return;
    }
    res.write(bytes.subarray(next, next + 1));
    next += 1;
  }, intervalMs);
  res.on('close', () => clearInterval(timer));
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_loopback', ...headers });
  res.end(JSON.stringify(body));
}

type Fault = { status: number; message: string };

const SAMPLING = ['temperature', 'top_p', 'top_k'] as const;

/** What the Messages API would refuse in this request, or undefined. */
function anthropicFault(headers: IncomingHttpHeaders, body: Record<string, unknown>): Fault | undefined {
  if (!headers['x-api-key'] && !/^Bearer \S+/.test(String(headers.authorization ?? ''))) return { status: 401, message: 'missing API key' };
  const version = headers['anthropic-version'];
  if (!version) return { status: 400, message: 'anthropic-version: header is required' };
  if (typeof body.model !== 'string' || body.model === '') return { status: 400, message: 'model: Field required' };
  if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) return { status: 400, message: 'max_tokens: must be a positive integer' };
  if (version === '2026-10-21') {
    for (const name of SAMPLING) if (name in body) return { status: 400, message: `${name}: Extra inputs are not permitted` };
  }
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) return { status: 400, message: 'messages: at least one message is required' };
  if ((messages[0] as { role?: string }).role !== 'user') return { status: 400, message: 'messages.0.role: the first message must use the user role' };
  const system = body.system;
  if (Array.isArray(system) && system.some((b: { text?: string }) => !b.text)) return { status: 400, message: 'system: text content blocks must be non-empty' };
  const breakpoints = (Array.isArray(system) ? system : []).filter((b: { cache_control?: unknown }) => b.cache_control).length;
  if (breakpoints > 4) return { status: 400, message: 'A maximum of 4 blocks with cache_control may be provided' };
  for (const [i, message] of (messages as Array<{ role: string; content: unknown }>).entries()) {
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content as Array<Record<string, unknown>>);
    if (!Array.isArray(blocks) || blocks.length === 0) return { status: 400, message: `messages.${i}: content must be non-empty` };
    if (blocks.some((b) => b.type === 'text' && !b.text)) return { status: 400, message: `messages.${i}: text content blocks must be non-empty` };
    const uses = blocks.filter((b) => b.type === 'tool_use').map((b) => String(b.id));
    if (uses.length > 0) {
      const next = messages[i + 1] as { role: string; content: unknown } | undefined;
      const nextBlocks = next && Array.isArray(next.content) ? (next.content as Array<Record<string, unknown>>) : [];
      const leading = nextBlocks.slice(0, uses.length);
      const answered = new Set(leading.filter((b) => b.type === 'tool_result').map((b) => String(b.tool_use_id)));
      const missing = uses.filter((id) => !answered.has(id));
      if (next && missing.length > 0) {
        return { status: 400, message: `messages.${i + 1}: tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}` };
      }
    }
    const results = blocks.filter((b) => b.type === 'tool_result').map((b) => String(b.tool_use_id));
    const previous = messages[i - 1] as { content: unknown } | undefined;
    const previousUses =
      previous && Array.isArray(previous.content)
        ? (previous.content as Array<Record<string, unknown>>).filter((b) => b.type === 'tool_use').map((b) => String(b.id))
        : [];
    const orphan = results.find((id) => !previousUses.includes(id));
    if (orphan) return { status: 400, message: `messages.${i}: unexpected tool_use_id found in tool_result blocks: ${orphan}` };
  }
  const tools = (body.tools as Array<{ name: string; input_schema?: { type?: string } }> | undefined) ?? [];
  if (tools.some((t) => t.input_schema?.type !== 'object')) return { status: 400, message: 'tools: input_schema.type must be "object"' };
  const choice = body.tool_choice as { type?: string; name?: string } | undefined;
  if (choice?.type === 'tool' && !tools.some((t) => t.name === choice.name))
    return { status: 400, message: `tool_choice: tool ${String(choice.name)} not found in tools` };
  return undefined;
}

/** What chat completions would refuse in this request, or undefined. */
function openaiFault(headers: IncomingHttpHeaders, body: Record<string, unknown>): Fault | undefined {
  if (!/^Bearer \S+/.test(String(headers.authorization ?? ''))) return { status: 401, message: 'missing API key' };
  if (typeof body.model !== 'string' || body.model === '') return { status: 400, message: 'model is required' };
  if (!Array.isArray(body.messages) || body.messages.length === 0) return { status: 400, message: 'messages must be non-empty' };
  // Every assistant tool call is answered by `tool` messages right after it, and a `tool` message answers a call before it.
  const messages = body.messages as Array<{ role?: string; tool_calls?: Array<{ id?: string }>; tool_call_id?: string }>;
  for (const [i, message] of messages.entries()) {
    const ids = (message.tool_calls ?? []).map((c) => String(c.id));
    const answered = new Set(
      messages
        .slice(i + 1, i + 1 + ids.length)
        .filter((m) => m.role === 'tool')
        .map((m) => String(m.tool_call_id)),
    );
    const missing = ids.filter((id) => !answered.has(id));
    if (missing.length > 0) {
      return {
        status: 400,
        message: `messages.${i}: an assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id' (missing ${missing.join(', ')})`,
      };
    }
    if (message.role === 'tool') {
      const callers = messages.slice(0, i).flatMap((m) => (m.tool_calls ?? []).map((c) => String(c.id)));
      if (!callers.includes(String(message.tool_call_id))) {
        return { status: 400, message: `messages.${i}: messages with role 'tool' must be a response to a preceding message with 'tool_calls'` };
      }
    }
  }
  const format = body.response_format as { type?: string; json_schema?: { name?: string; schema?: unknown } } | undefined;
  if (format?.type === 'json_schema' && (!/^[a-zA-Z0-9_-]{1,64}$/.test(String(format.json_schema?.name)) || typeof format.json_schema?.schema !== 'object')) {
    return { status: 400, message: 'response_format.json_schema needs a name and a schema' };
  }
  return undefined;
}
