/**
 * Node's HTTP requests as API Gateway HTTP API (payload format 2.0) events, and the handlers'
 * answers back as HTTP responses: what API Gateway does in front of the Lambdas, done locally so
 * that `cairn serve` runs the very handlers the stack deploys.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';

export interface RouteTarget {
  routeKey: string;
  pathParameters: Record<string, string>;
}

/** API Gateway passes these bodies as text; anything else as base64. */
const TEXT_BODY = /^(text\/|application\/(json|[\w.+-]+\+json|xml|x-www-form-urlencoded|javascript))/i;

/** Headers as API Gateway gives them: lower-case names, repeated values joined by commas, cookies apart. */
function eventHeaders(headers: IncomingHttpHeaders): { headers: Record<string, string>; cookies: string[] } {
  const out: Record<string, string> = {};
  let cookies: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : value;
    if (name === 'cookie') cookies = text.split(/;\s*/).filter(Boolean);
    else out[name] = text;
  }
  return { headers: out, cookies };
}

function queryParameters(search: URLSearchParams): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const key of new Set(search.keys())) out[key] = search.getAll(key).join(',');
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The event API Gateway would send for this request, over plain HTTP on this machine. */
export function toHttpApiEvent(request: IncomingMessage, body: Buffer, target: RouteTarget, now: Date = new Date()): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const { headers, cookies } = eventHeaders(request.headers);
  // What API Gateway adds: the client's address and the scheme it used.
  headers['x-forwarded-for'] = request.socket.remoteAddress ?? '127.0.0.1';
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-port'] = String(request.socket.localPort ?? '');
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_BODY.test(contentType);
  const query = queryParameters(url.searchParams);
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey: target.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(query ? { queryStringParameters: query } : {}),
    ...(Object.keys(target.pathParameters).length > 0 ? { pathParameters: target.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: target.routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length > 0 ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };
}

/**
 * Writes a handler's answer. A structured result sets status, headers, cookies and body; any
 * other value is, as API Gateway reads it, a 200 with that value as JSON.
 */
export function writeHttpApiResult(response: ServerResponse, result: APIGatewayProxyResultV2): void {
  if (typeof result !== 'object' || result === null || !('statusCode' in result || 'body' in result || 'headers' in result)) {
    const text = typeof result === 'string' ? result : JSON.stringify(result);
    response.writeHead(200, { 'content-type': 'application/json' }).end(text);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies && result.cookies.length > 0) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  response.writeHead(result.statusCode ?? 200, headers).end(body);
}
