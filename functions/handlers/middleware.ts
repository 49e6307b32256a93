/**
 * The HTTP API's edge, on the chain every Lambda starts from (observed, runtime/observability.ts):
 * the event normalizers, JSON body parsing and error responses that show 4xx details and hide 5xx
 * internals.
 */
import type { MiddlewareObj, MiddyfiedHandler } from '@middy/core';
import httpErrorHandler from '@middy/http-error-handler';
import httpEventNormalizer from '@middy/http-event-normalizer';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { TraceStoreTransientError } from '../adapters/dynamodb/errors.js';
import { WorkflowStartTransientError } from '../adapters/sfn/errors.js';
import { TaskTokenTransientError } from '../adapters/sfn/task-tokens.js';
import {
  forbiddenKeyMessage,
  IdempotencyKeyConflictError,
  InvalidInputError,
  NotWaitingForInputError,
  PlanNotFoundError,
  RequestValidationError,
} from '../core/errors.js';
import { MAX_NESTING_DEPTH, nestingMessage } from '../core/plan/depth.js';
import { LearnedToolNotFoundError, LearnedToolStateError } from '../core/tools/learned.js';
import { type Observability, observed } from '../runtime/observability.js';

export type HttpResult = APIGatewayProxyStructuredResultV2;

/** An API Gateway (HTTP API, payload 2.0) handler: the observed chain plus the HTTP edge. */
export function httpObserved<Event extends APIGatewayProxyEventV2 = APIGatewayProxyEventV2>(obs: Observability): MiddyfiedHandler<Event, HttpResult> {
  return observed<Event, HttpResult>(obs)
    .use(
      httpErrorHandler({
        logger: (error: unknown) => obs.logger.error('request failed', error instanceof Error ? error : String(error)),
        fallbackMessage: JSON.stringify({ message: 'internal error' }),
      }),
    )
    .use(problemResponses(obs))
    .use(httpHeaderNormalizer())
    .use(httpEventNormalizer()) as MiddyfiedHandler<Event, HttpResult>;
}

/** A JSON response. */
export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

interface Problem {
  statusCode: number;
  body: { message: string; errors?: ReadonlyArray<{ path: string; message: string }> };
  headers?: Record<string, string>;
}

/** The HTTP answer to an error a client can act on; undefined for anything else (a 500). */
export function problemOf(error: unknown): Problem | undefined {
  if (error instanceof RequestValidationError) {
    return { statusCode: 400, body: { message: 'invalid request', errors: error.issues } };
  }
  if (error instanceof IdempotencyKeyConflictError) return { statusCode: 422, body: { message: error.message } };
  if (error instanceof InvalidInputError) return { statusCode: 400, body: { message: error.message, errors: [{ path: '(root)', message: error.message }] } };
  if (error instanceof PlanNotFoundError) return { statusCode: 404, body: { message: error.message } };
  if (error instanceof NotWaitingForInputError) return { statusCode: 409, body: { message: error.message } };
  if (error instanceof LearnedToolNotFoundError) return { statusCode: 404, body: { message: error.message } };
  if (error instanceof LearnedToolStateError) return { statusCode: 409, body: { message: error.message } };
  if (error instanceof TraceStoreTransientError || error instanceof WorkflowStartTransientError || error instanceof TaskTokenTransientError) {
    return { statusCode: 503, body: { message: 'the service is busy; retry the request' }, headers: { 'Retry-After': '1' } };
  }
  const http = error as { statusCode?: unknown; cause?: { package?: unknown; message?: unknown } } | undefined;
  if (http?.cause?.package === '@middy/http-json-body-parser') {
    if (http.statusCode === 415) return { statusCode: 415, body: { message: 'the body must be JSON (Content-Type: application/json)' } };
    // The parser refuses a key that could reach an object's prototype; no request field has such a
    // name, so the key is refused as what it is rather than accepted as data nothing reads.
    const forbidden = forbiddenKeyOf(error);
    if (forbidden !== undefined) {
      return { statusCode: 400, body: { message: 'invalid request', errors: [{ path: '(body)', message: forbiddenKeyMessage(forbidden) }] } };
    }
    // The parser walks the body recursively with its reviver: a body nested too deep overflows the stack there.
    const overflow = typeof http.cause.message === 'string' && /maximum call stack/i.test(http.cause.message);
    if (overflow) return { statusCode: 400, body: { message: 'invalid request', errors: [{ path: '(body)', message: nestingMessage(MAX_NESTING_DEPTH) }] } };
    const detail = typeof http.cause.message === 'string' ? http.cause.message : 'the body is missing';
    return { statusCode: 400, body: { message: 'invalid request', errors: [{ path: '(body)', message: `not valid JSON: ${detail}` }] } };
  }
  return undefined;
}

/** The key the body parser refused (`__proto__`, or a `constructor` holding a `prototype`). */
function forbiddenKeyOf(error: unknown): string | undefined {
  const refused = error as { message?: unknown; cause?: { data?: unknown; message?: unknown } };
  if (refused.message !== 'Forbidden key in JSON body' || refused.cause?.message !== undefined) return undefined;
  return typeof refused.cause?.data === 'string' ? refused.cause.data : undefined;
}

/**
 * Turns the errors of problemOf into exposed HTTP errors for http-error-handler, which runs after
 * it; logged at warn, since they are the client's. Anything else goes on as a 500.
 */
function problemResponses(obs: Observability): MiddlewareObj<APIGatewayProxyEventV2, HttpResult> {
  return {
    onError: (request) => {
      const problem = problemOf(request.error);
      if (problem === undefined) return;
      obs.logger.warn('request refused', { statusCode: problem.statusCode, problem: problem.body });
      obs.metrics.addMetric(problem.statusCode >= 500 ? 'RequestsThrottled' : 'RequestsRefused', 'Count', 1);
      request.error = Object.assign(new Error(JSON.stringify(problem.body)), {
        statusCode: problem.statusCode,
        expose: true,
        headers: problem.headers ?? {},
      });
    },
  };
}
