/** `GET /plans/{id}/trace`: the plan's trace events in order; 404 for an id never seen. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { TraceStore } from '../../core/ports.js';
import { findPlan, traceView } from '../../core/workflow/plan-view.js';
import type { IntakeRuntime } from '../../runtime/intake.js';
import { type HttpResult, httpObserved, json } from '../middleware.js';

export async function getTrace(store: TraceStore, event: APIGatewayProxyEventV2): Promise<HttpResult> {
  const record = await findPlan(store, event.pathParameters?.id ?? '');
  return json(200, traceView(record, await store.listEvents(record.planId)));
}

export function makeGetTraceHandler(rt: IntakeRuntime) {
  return httpObserved(rt.observability).handler((event) => getTrace(rt.store, event));
}
