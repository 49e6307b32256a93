/**
 * An HTTP server on loopback speaking the part of S3's REST API the index job and the corpus
 * provider use, path-style: PUT, GET (with If-None-Match) and HEAD of an object, ETags the MD5 of
 * the body as S3's are for a single-part upload, NoSuchKey as S3 answers it, a streamed
 * upload's aws-chunked body decoded as S3 decodes it. The real S3 client
 * talks to it (`loopbackS3Client`). A hook can replace an object between two requests, as another
 * writer would.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { S3Client } from '@aws-sdk/client-s3';
import { closeServer, listenOnLoopback, withBody } from './net.js';

interface StoredObject {
  body: Buffer;
  etag: string;
}

export class S3Loopback {
  readonly objects = new Map<string, StoredObject>();
  readonly requests: Array<{ method: string; key: string }> = [];
  /** Called after each request is answered. */
  afterRequest: ((method: string, key: string) => void) | undefined;
  private server: Server | undefined;
  endpoint = '';

  static async start(): Promise<S3Loopback> {
    const loopback = new S3Loopback();
    const server = createServer((req, res) =>
      withBody(req, (body) => {
        const answer = loopback.handle(req, body);
        res.writeHead(answer.status, answer.headers);
        res.end(req.method === 'HEAD' ? undefined : answer.body);
        loopback.afterRequest?.(req.method ?? 'GET', loopback.requests.at(-1)?.key ?? '');
      }),
    );
    loopback.server = server;
    loopback.endpoint = await listenOnLoopback(server);
    return loopback;
  }

  async close(): Promise<void> {
    await closeServer(this.server);
  }

  put(bucket: string, key: string, body: string | Buffer): string {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
    this.objects.set(`${bucket}/${key}`, { body: bytes, etag });
    return etag;
  }

  text(bucket: string, key: string): string | undefined {
    return this.objects.get(`${bucket}/${key}`)?.body.toString('utf8');
  }

  keys(prefix = ''): string[] {
    return [...this.objects.keys()].filter((k) => k.startsWith(prefix)).sort();
  }

  private handle(req: IncomingMessage, body: Buffer): { status: number; headers: Record<string, string>; body?: Buffer | string } {
    const url = new URL(req.url ?? '/', 'http://loopback');
    const key = decodeURIComponent(url.pathname.slice(1));
    const method = req.method ?? 'GET';
    this.requests.push({ method, key });
    if (method === 'PUT') {
      // A streamed body comes aws-chunked (with a checksum trailer), which S3 decodes.
      const content = req.headers['x-amz-decoded-content-length'] !== undefined ? decodeAwsChunked(body) : body;
      const etag = this.put(key.split('/')[0]!, key.split('/').slice(1).join('/'), content);
      return { status: 200, headers: { etag } };
    }
    const stored = this.objects.get(key);
    if (stored === undefined) {
      const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`;
      return { status: 404, headers: { 'content-type': 'application/xml' }, body: xml };
    }
    if (req.headers['if-none-match'] === stored.etag) return { status: 304, headers: { etag: stored.etag } };
    return {
      status: 200,
      headers: { etag: stored.etag, 'content-length': String(stored.body.length), 'content-type': 'application/octet-stream' },
      body: stored.body,
    };
  }
}

/** The payload of an `aws-chunked` body: `<hex size>[;ext]\r\n<bytes>\r\n` chunks up to a zero-size one, then trailers. */
function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('aws-chunked body without a final chunk');
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** The real S3 client pointed at the loopback server. */
export function loopbackS3Client(server: S3Loopback): S3Client {
  return new S3Client({
    endpoint: server.endpoint,
    region: 'eu-west-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'AKIDLOOPBACK', secretAccessKey: 'loopback-secret' },
    maxAttempts: 1,
  });
}
