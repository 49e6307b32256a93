/** `GET /plans`: the stored plans, newest first, filtered (status, kind, q, since) and paged (limit, next). */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { TraceStore } from '../../core/ports.js';
import { listPlanPage, parsePlanListQuery } from '../../core/workflow/plan-list.js';
import type { IntakeRuntime } from '../../runtime/intake.js';
import { type HttpResult, httpObserved, json } from '../middleware.js';

export async function listPlans(store: TraceStore, event: APIGatewayProxyEventV2): Promise<HttpResult> {
  const query = parsePlanListQuery(event.queryStringParameters ?? {});
  return json(200, await listPlanPage(store, query));
}

export function makeListPlansHandler(rt: IntakeRuntime) {
  return httpObserved(rt.observability).handler((event) => listPlans(rt.store, event));
}
