/**
 * An HTTP handler for an AWS SDK client whose server runs in the same process (the embedded
 * DynamoDB store of the local runner): each request the client has built, serialized and signed
 * goes to the server's request listener as a request/response pair in memory, without a socket.
 * The client is the real one, middleware and (de)serialization included; only the loopback TCP
 * connection and the two HTTP parsers are left out, which cost about a sixth of a local run's CPU.
 * Other processes still reach the same server over HTTP.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';

/** What `http.createServer` calls for each request. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

type RequestHandler = Extract<NonNullable<DynamoDBClientConfig['requestHandler']>, { handle: unknown }>;
type SdkRequest = Parameters<RequestHandler['handle']>[0];
type SdkResponse = Awaited<ReturnType<RequestHandler['handle']>>['response'];

/** The parts of a request a DynamoDB-compatible server reads: method, URL, headers, and the body as events. */
class InMemoryRequest extends EventEmitter {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Record<string, string>,
  ) {
    super();
  }
}

/** What a listener answered: its status, headers and body. */
export interface InProcessAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The parts of a response such a server writes: status, headers and one `end(body)`. */
class InMemoryResponse {
  statusCode = 200;
  private readonly headers: Record<string, string> = {};
  private ended = false;

  constructor(private readonly done: (answer: InProcessAnswer) => void) {}

  setHeader(name: string, value: string | number | readonly string[]): this {
    this.headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    return this;
  }

  getHeader(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }

  writeHead(statusCode: number, headers: Record<string, string | number> = {}): this {
    this.statusCode = statusCode;
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    return this;
  }

  end(body?: string | Uint8Array): this {
    if (this.ended) return this;
    this.ended = true;
    this.done({ statusCode: this.statusCode, headers: this.headers, body: body === undefined ? Buffer.alloc(0) : Buffer.from(body) });
    return this;
  }
}

/**
 * Hands one request to `listener` in memory, as a server would from a socket, and resolves with
 * what it answered. Rejects when the listener throws while taking the request.
 */
export function askInProcess(
  listener: RequestListener,
  request: { method: string; url: string; headers: Record<string, string>; body?: Buffer },
): Promise<InProcessAnswer> {
  return new Promise((resolve, reject) => {
    try {
      listener(inMemoryRequest(request), new InMemoryResponse(resolve) as unknown as ServerResponse);
    } catch (error) {
      reject(error);
    }
  });
}

/**
 * A request in memory, for a listener called right after: as from a socket, its body arrives once
 * the listener has subscribed to it (on the next microtask).
 */
export function inMemoryRequest(request: { method: string; url: string; headers: Record<string, string>; body?: Buffer }): IncomingMessage {
  const req = new InMemoryRequest(request.method, request.url, request.headers);
  queueMicrotask(() => {
    if (request.body !== undefined && request.body.length > 0) req.emit('data', request.body);
    req.emit('end');
  });
  return req as unknown as IncomingMessage;
}

function bodyBytes(body: unknown): Buffer {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === 'string') return Buffer.from(body);
  // A view of the same bytes: the SDK's JSON bodies are byte arrays that warn when read as strings.
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('the in-process handler takes string or byte bodies, not streams');
}

export function inProcessHttpHandler(listener: RequestListener): RequestHandler {
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    handle: async (request: SdkRequest) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(request.query ?? {})) {
        for (const one of Array.isArray(value) ? value : [value]) if (one !== null && one !== undefined) query.append(key, one);
      }
      const search = query.size > 0 ? `?${query}` : '';
      const headers: Record<string, string> = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
      headers.host ??= `${request.hostname}${request.port ? `:${request.port}` : ''}`;
      const answer = await askInProcess(listener, { method: request.method, url: `${request.path}${search}`, headers, body: bodyBytes(request.body) });
      // The body as bytes, not a stream: the SDK reads a JSON answer whole either way, and takes
      // bytes as they are where a stream costs a Readable and its iteration per request.
      return { response: { statusCode: answer.statusCode, headers: answer.headers, body: answer.body } as SdkResponse };
    },
  } as RequestHandler;
}
