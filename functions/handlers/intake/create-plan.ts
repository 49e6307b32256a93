/**
 * `POST /plans`: a request in the body, checked by the request schema; 202 with the plan id
 * and where to follow it. An `Idempotency-Key` header (or `idempotencyKey` in the body) makes a
 * retried call find the plan it started instead of starting another.
 */
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { RequestValidationError } from '../../core/errors.js';
import { readRequest } from '../../core/workflow/requests.js';
import { requestIdentity, type StartDeps, startPlan } from '../../core/workflow/start-plan.js';
import type { IntakeRuntime } from '../../runtime/intake.js';
import type { Observability } from '../../runtime/observability.js';
import { startDepsOf } from '../../runtime/start.js';
import { type HttpResult, httpObserved, json } from '../middleware.js';

type CreatePlanEvent = Omit<APIGatewayProxyEventV2, 'body'> & { body: unknown };

const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,128}$/;

export async function createPlan(deps: StartDeps, obs: Observability, event: CreatePlanEvent): Promise<HttpResult> {
  const key = idempotencyKeyOf(event);
  const request = readRequest(event.body, deps.limits);
  const identityKey = key ?? request.idempotencyKey;
  const started = await startPlan(
    deps,
    { ...request, origin: { source: 'http', requestId: event.requestContext.requestId } },
    identityKey === undefined ? undefined : requestIdentity.key(identityKey),
  );
  obs.logger.info(started.duplicate ? 'request replayed' : 'plan started', { planId: started.planId, status: started.status });
  obs.metrics.addMetric(started.duplicate ? 'DuplicateRequests' : 'PlansStarted', 'Count', 1);
  const statusUrl = urlOf(event, `/plans/${started.planId}`);
  return json(
    202,
    { planId: started.planId, status: started.status, statusUrl, traceUrl: `${statusUrl}/trace`, duplicate: started.duplicate },
    { Location: statusUrl, ...(started.duplicate ? { 'Idempotent-Replayed': 'true' } : {}) },
  );
}

/** The Idempotency-Key header, checked; it must agree with a key in the body. */
function idempotencyKeyOf(event: CreatePlanEvent): string | undefined {
  const header = event.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const problems = [];
  if (!IDEMPOTENCY_KEY.test(header)) problems.push({ path: 'headers.idempotency-key', message: 'must be 1 to 128 printable ASCII characters without spaces' });
  const inBody = (event.body as { idempotencyKey?: unknown } | null)?.idempotencyKey;
  if (inBody !== undefined && inBody !== header) problems.push({ path: 'idempotencyKey', message: 'differs from the Idempotency-Key header' });
  if (problems.length > 0) throw new RequestValidationError('invalid Idempotency-Key', problems);
  return header;
}

/**
 * An absolute URL on the API that received `event` (the `$default` stage has no path prefix).
 * API Gateway answers over https only; `cairn serve` on localhost says `X-Forwarded-Proto: http`.
 */
export function urlOf(event: Pick<APIGatewayProxyEventV2, 'requestContext'> & { headers?: APIGatewayProxyEventV2['headers'] }, path: string): string {
  const { domainName, stage } = event.requestContext;
  const scheme = event.headers?.['x-forwarded-proto'] === 'http' ? 'http' : 'https';
  return `${scheme}://${domainName}${stage && stage !== '$default' ? `/${stage}` : ''}${path}`;
}

/** The `POST /plans` handler over `rt`: plans are started by the runtime's starter. */
export function makeCreatePlanHandler(rt: IntakeRuntime) {
  const deps = startDepsOf(rt);
  return (
    httpObserved(rt.observability)
      .use(httpJsonBodyParser())
      // The body parser has replaced the body text with the JSON value it holds.
      .handler((event) => createPlan(deps, rt.observability, event as unknown as CreatePlanEvent))
  );
}
