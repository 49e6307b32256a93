/** `GET /plans/{id}`: status, plan, results and sources; 404 for an id never seen. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { TraceStore } from '../../core/ports.js';
import { findPlan, planView } from '../../core/workflow/plan-view.js';
import type { IntakeRuntime } from '../../runtime/intake.js';
import { type HttpResult, httpObserved, json } from '../middleware.js';

export async function getPlan(store: TraceStore, event: APIGatewayProxyEventV2): Promise<HttpResult> {
  return json(200, planView(await findPlan(store, event.pathParameters?.id ?? '')));
}

export function makeGetPlanHandler(rt: IntakeRuntime) {
  return httpObserved(rt.observability).handler((event) => getPlan(rt.store, event));
}
