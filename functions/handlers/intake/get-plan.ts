/** `GET /plans/{id}`: status, plan, results, sources and each executed step's details; 404 for an id never seen. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { TraceStore } from '../../core/ports.js';
import { findPlan, planView } from '../../core/workflow/plan-view.js';
import type { IntakeRuntime } from '../../runtime/intake.js';
import { type HttpResult, httpObserved, json } from '../middleware.js';

export async function getPlan(store: TraceStore, event: APIGatewayProxyEventV2): Promise<HttpResult> {
  const record = await findPlan(store, event.pathParameters?.id ?? '');
  // A plan that has not reached Execute has no outputs to read.
  const outputs = record.plan ? await store.listStepOutputs(record.planId) : [];
  return json(200, planView(record, outputs));
}

export function makeGetPlanHandler(rt: IntakeRuntime) {
  return httpObserved(rt.observability).handler((event) => getPlan(rt.store, event));
}
