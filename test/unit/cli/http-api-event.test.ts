import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { toHttpApiEvent, writeHttpApiResult } from '../../../cli/serve/http-api-event.js';
import { matchRoute } from '../../../cli/serve/match-route.js';
import { API_ROUTES } from '../../../functions/handlers/routes.js';

function request(method: string, url: string, headers: Record<string, string | string[]>): IncomingMessage {
  return { method, url, headers, httpVersion: '1.1', socket: { remoteAddress: '127.0.0.1', localPort: 8787 } } as unknown as IncomingMessage;
}

/** A ServerResponse that keeps what was written. */
function response() {
  const out: { status?: number; headers?: Record<string, string | string[]>; body?: Buffer } = {};
  const res = {
    writeHead(status: number, headers: Record<string, string | string[]>) {
      out.status = status;
      out.headers = headers;
      return res;
    },
    end(body: Buffer | string) {
      out.body = Buffer.from(body);
    },
  };
  return { res: res as unknown as ServerResponse, out };
}

describe('Routes: matchRoute', () => {
  it.each([
    ['POST', '/plans', 'POST /plans', {}],
    ['GET', '/plans', 'GET /plans', {}],
    ['GET', '/plans/p-abc', 'GET /plans/{id}', { id: 'p-abc' }],
    ['GET', '/plans/p%2Dabc/trace', 'GET /plans/{id}/trace', { id: 'p-abc' }],
  ])('%s %s is %s', (method, path, routeKey, pathParameters) => {
    expect(matchRoute(API_ROUTES, method, path)).toEqual({ route: expect.objectContaining({ routeKey }), pathParameters });
  });

  it.each([
    ['PUT', '/plans'],
    ['DELETE', '/plans/p-abc'],
    ['GET', '/plans/'],
    ['GET', '/plans/p-abc/trace/more'],
    ['GET', '/plans/%E0%A4%A'],
  ])('has no route for %s %s', (method, path) => {
    expect(matchRoute(API_ROUTES, method, path)).toBeUndefined();
  });
});

describe('Adapter: toHttpApiEvent', () => {
  it('builds the payload 2.0 event API Gateway sends, over http on this machine', () => {
    // Prepare
    const req = request('POST', '/plans?x=1&x=2&y=3', {
      host: '127.0.0.1:8787',
      'content-type': 'application/json',
      'idempotency-key': 'k-1',
      cookie: 'a=1; b=2',
      'user-agent': 'test',
    });
    const now = new Date('2026-05-01T10:00:00.000Z');

    // Act
    const event = toHttpApiEvent(req, Buffer.from('{"task":"Lyon"}'), { routeKey: 'POST /plans', pathParameters: {} }, now);

    // Assess
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /plans',
      rawPath: '/plans',
      rawQueryString: 'x=1&x=2&y=3',
      cookies: ['a=1', 'b=2'],
      queryStringParameters: { x: '1,2', y: '3' },
      body: '{"task":"Lyon"}',
      isBase64Encoded: false,
      requestContext: {
        domainName: '127.0.0.1:8787',
        http: { method: 'POST', path: '/plans', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
        routeKey: 'POST /plans',
        stage: '$default',
        time: '2026-05-01T10:00:00.000Z',
        timeEpoch: now.getTime(),
      },
    });
    expect(event.headers).toMatchObject({ 'idempotency-key': 'k-1', 'x-forwarded-proto': 'http', 'x-forwarded-for': '127.0.0.1' });
    expect(event.headers).not.toHaveProperty('cookie');
    expect(event.pathParameters).toBeUndefined();
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('passes a body that is not text as base64, and path parameters as given', () => {
    // Act
    const event = toHttpApiEvent(request('GET', '/plans/p-1', { host: 'localhost:1', 'content-type': 'application/octet-stream' }), Buffer.from([0xff, 0x00]), {
      routeKey: 'GET /plans/{id}',
      pathParameters: { id: 'p-1' },
    });

    // Assess
    expect(event).toMatchObject({ body: '/wA=', isBase64Encoded: true, pathParameters: { id: 'p-1' } });
  });
});

describe('Adapter: writeHttpApiResult', () => {
  it('writes status, headers, cookies and a base64 body', () => {
    // Prepare
    const { res, out } = response();

    // Act
    writeHttpApiResult(res, {
      statusCode: 202,
      headers: { Location: '/plans/p-1', 'Content-Type': 'application/json' },
      cookies: ['s=1'],
      body: Buffer.from('{"a":1}').toString('base64'),
      isBase64Encoded: true,
    });

    // Assess
    expect(out.status).toBe(202);
    expect(out.headers).toEqual({ location: '/plans/p-1', 'content-type': 'application/json', 'set-cookie': ['s=1'] });
    expect(out.body?.toString()).toBe('{"a":1}');
  });

  it('answers a plain value as API Gateway does: 200 with it as JSON', () => {
    // Prepare
    const { res, out } = response();

    // Act
    writeHttpApiResult(res, { answer: 42 } as never);

    // Assess
    expect(out.status).toBe(200);
    expect(JSON.parse(out.body!.toString())).toEqual({ answer: 42 });
  });
});
