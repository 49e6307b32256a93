/**
 * `cairn serve`: the HTTP API on this machine (127.0.0.1 only), answered by the handlers of the
 * deployed Lambdas (the route table of functions/handlers/routes.ts), made over the local runner's
 * runtime, behind a local stand-in for API Gateway; plans start in this process (POST answers
 * 202 at once; the plan runs in the background). Beside the API: a page of recent plans, a page per plan, the
 * OpenAPI document, and the pages' assets. The routes that change something ask for the owner's
 * token (owner-token.ts); the others are open to this machine, as the Host check leaves them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { corpusPathWithin } from '../../functions/adapters/corpus/file-corpus-provider.js';
import { oneLine } from '../../functions/core/errors.js';
import type { LlmProvider } from '../../functions/core/ports.js';
import { API_ROUTES, type ApiHandler, type ApiRouteName } from '../../functions/handlers/routes.js';
import type { CairnConfig } from '../../functions/shared/config.js';
import type { InProcessWorkflowStarter } from '../../local/workflow/workflow-starter.js';
import { LocalStack, lambdaContext, waitingForClients } from '../local-runner.js';
import { formatDuration } from '../view/activity.js';
import { type Assets, buildAssets, PAGE_SECURITY_HEADERS, pageShell } from './assets.js';
import { toHttpApiEvent, writeHttpApiResult } from './http-api-event.js';
import { matchRoute } from './match-route.js';
import { openApiDocument } from './openapi.js';
import { serveToken, tokenRefusal } from './owner-token.js';
import { forgetServeAddress, recordServeAddress } from './serve-address.js';

/** API Gateway HTTP APIs take bodies up to 10 MB; a request of Cairn is far smaller. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface ServeOptions {
  /** 0: any free port. */
  port: number;
  /** The configuration; the environment's when absent. */
  config?: CairnConfig;
  /** Folder of the embedded database; in memory when undefined. */
  dataDir?: string | undefined;
  /** CAIRN_HOME, where the token of the mutating routes is kept; a token for this process only when undefined. */
  home?: string | undefined;
  /** An LLM other than the one the environment selects (tests script one). */
  llm?: LlmProvider;
  /** Where a line about each finished plan goes; nowhere when undefined. */
  log?: (line: string) => void;
}

export interface CairnServer {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  port: number;
  /** What the mutating routes ask for: `Authorization: Bearer <token>`. */
  token: string;
  stack: LocalStack;
  starter: InProcessWorkflowStarter;
  /** Stops listening, waits for the plans under way, closes the database. */
  close(): Promise<void>;
}

/** What serve adds beside the API: the pages, the OpenAPI document, the assets. */
const UI_ROUTES = [
  { method: 'GET', path: '/', serves: 'plans-page' },
  { method: 'GET', path: '/ui/plans/{id}', serves: 'plan-page' },
  { method: 'GET', path: '/ui/tools', serves: 'tools-page' },
  { method: 'GET', path: '/openapi.json', serves: 'openapi' },
  { method: 'GET', path: '/assets/{name}', serves: 'asset' },
] as const;

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers }).end(JSON.stringify(body));
}

function sendHtml(response: ServerResponse, html: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...PAGE_SECURITY_HEADERS }).end(html);
}

class BodyTooLarge extends Error {}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** DNS rebinding: a page of another site that resolves its name to 127.0.0.1 sends its own Host. */
function isLocalHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

export async function startServer(options: ServeOptions): Promise<CairnServer> {
  const log = options.log ?? (() => undefined);
  const token = serveToken(options.home);
  const stack = await LocalStack.open({
    dataDir: options.dataDir,
    ...(options.config ? { config: options.config } : {}),
    ...(options.llm ? { llm: options.llm } : {}),
    onFinished: (record) => {
      const took = Date.parse(record.updatedAt) - Date.parse(record.createdAt);
      log(`plan ${record.planId} ${record.status} in ${formatDuration(took)}: ${record.request.task}`);
    },
    onBroken: (planId, error) => log(`plan ${planId}: the local workflow broke: ${oneLine(error)}`),
    onWaitForClients: (clients) => log(waitingForClients(clients)),
  });
  const { starter } = stack;
  let server: Server | undefined;
  try {
    // Made over the stack's runtime: create-plan starts plans with its in-process starter.
    const handlers = Object.fromEntries(API_ROUTES.map((route) => [route.name, route.make(stack.runtime)])) as Record<ApiRouteName, ApiHandler>;
    const assets = await buildAssets();

    let port = options.port;
    const served: Served = { api: handlers, corpusRoots: stack.runtime.config.corpusRoots, assets, stack, token, port: () => port };
    server = createServer((request, response) => {
      handle(served, request, response).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { message: 'internal error' });
        log(`${request.method} ${request.url}: ${oneLine(error)}`);
      });
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(options.port, '127.0.0.1', () => resolve());
    });
    port = (listening.address() as AddressInfo).port;
    const sweeper = sweepAbandonedPlans(stack, log);
    const url = `http://127.0.0.1:${port}/`;
    // run and plan of the same home print their plan's page on this serve.
    if (options.home !== undefined) recordServeAddress(options.home, url);
    return {
      url,
      port,
      token,
      stack,
      starter,
      close: async () => {
        clearInterval(sweeper);
        if (options.home !== undefined) forgetServeAddress(options.home);
        await new Promise<void>((resolve) => {
          listening.close(() => resolve());
          listening.closeAllConnections();
        });
        await stack.close();
      },
    };
  } catch (error) {
    server?.close();
    await stack.close();
    throw error;
  }
}

/** How often serve looks for plans left at work by a process that ended (another `run` on the same home, killed). */
const ABANDONED_SWEEP_MS = 30_000;

/** Marks failed, from time to time, the plans whose process ended; logs each. */
function sweepAbandonedPlans(stack: LocalStack, log: (line: string) => void): NodeJS.Timeout {
  const timer = setInterval(() => {
    stack.failAbandonedPlans().then(
      (failed) => {
        for (const planId of failed) log(`plan ${planId} failed: the process running it ended`);
      },
      (error: unknown) => log(`looking for plans whose process ended: ${oneLine(error)}`),
    );
  }, ABANDONED_SWEEP_MS);
  timer.unref();
  return timer;
}

/** What the requests are answered from. */
interface Served {
  api: Record<ApiRouteName, ApiHandler>;
  /** The folders a request may name a corpus under. */
  corpusRoots: readonly string[];
  assets: Assets;
  stack: LocalStack;
  /** The owner's token, which the mutating routes ask for. */
  token: string;
  port: () => number;
}

/**
 * Why a new plan's corpus may not be read, in one line; undefined when it may (or when the body is
 * not JSON at all: the handler answers that). The workflow checks the roots again when it loads
 * the corpus; refusing here answers 400 at once instead of a plan that fails later.
 */
async function corpusRefusal(roots: readonly string[], body: Buffer): Promise<string | undefined> {
  let corpus: unknown;
  try {
    corpus = (JSON.parse(body.toString('utf8')) as { corpus?: unknown } | null)?.corpus;
  } catch {
    return undefined;
  }
  // Not a string: the request schema refuses it. An `s3://` reference is not a file of this machine.
  if (typeof corpus !== 'string' || corpus.startsWith('s3://')) return undefined;
  try {
    await corpusPathWithin(roots, corpus);
    return undefined;
  } catch (error) {
    return oneLine(error);
  }
}

async function handle(served: Served, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const port = served.port();
  if (!isLocalHost(request.headers.host, port)) {
    sendJson(response, 421, { message: `this server answers only as 127.0.0.1:${port} or localhost:${port}` });
    return;
  }
  const method = request.method ?? 'GET';
  const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
  const api = matchRoute(API_ROUTES, method, pathname);
  if (api) {
    if (api.route.method !== 'GET') {
      const refused = tokenRefusal(served.token, request.headers.authorization);
      if (refused !== undefined) return sendJson(response, 401, { message: refused }, { 'www-authenticate': 'Bearer' });
    }
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch (error) {
      if (error instanceof BodyTooLarge) return sendJson(response, 413, { message: `the body is over ${MAX_BODY_BYTES} bytes` }, { connection: 'close' });
      throw error;
    }
    if (api.route.name === 'create-plan') {
      const refused = await corpusRefusal(served.corpusRoots, body);
      if (refused !== undefined) return sendJson(response, 400, { message: refused });
    }
    const event = toHttpApiEvent(request, body, { routeKey: api.route.routeKey, pathParameters: api.pathParameters });
    const handler = served.api[api.route.name];
    const result = await handler(event, lambdaContext(api.route.name, event.requestContext.requestId));
    // A decision on a learned tool holds for this server's next plan, not after the minute its
    // functions keep the promoted tools (as each Lambda does on AWS).
    const status = typeof result === 'object' && result !== null && 'statusCode' in result ? (result.statusCode ?? 200) : 200;
    if (api.route.name === 'approve-tool' && status < 300) await served.stack.runtime.learned.refresh({ force: true });
    writeHttpApiResult(response, result);
    return;
  }
  const ui = matchRoute(UI_ROUTES, method, pathname);
  switch (ui?.route.serves) {
    case 'plans-page':
      return sendHtml(response, pageShell('plans-page', 'Plans'));
    case 'plan-page': {
      const id = ui.pathParameters.id ?? '';
      return sendHtml(response, pageShell('plan-page', `Plan ${id}`, { 'plan-id': id }));
    }
    case 'tools-page':
      return sendHtml(response, pageShell('tools-page', 'Learned tools'));
    case 'openapi':
      return sendJson(response, 200, openApiDocument({ serverUrl: `http://127.0.0.1:${port}` }));
    case 'asset': {
      const asset = served.assets.get(ui.pathParameters.name ?? '');
      if (asset) {
        response.writeHead(200, { 'content-type': asset.contentType, 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' }).end(asset.body);
        return;
      }
      break;
    }
    default:
      break;
  }
  // As API Gateway answers a route it does not have.
  sendJson(response, 404, { message: 'Not Found' });
}
