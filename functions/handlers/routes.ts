/**
 * The one route table of the HTTP API: for each route its method and path, the Lambda entry file
 * CDK bundles and wires to it (infra/constructs/plans-api.ts), and the factory that makes its
 * handler over a runtime (`cairn serve` answers each route with it). The OpenAPI document is
 * written from this table too.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { IntakeRuntime } from '../runtime/intake.js';
import { makeApproveToolHandler } from './intake/approve-tool.js';
import { makeCreatePlanHandler } from './intake/create-plan.js';
import { makeGetPlanHandler } from './intake/get-plan.js';
import { makeGetTraceHandler } from './intake/get-trace.js';
import { makeListPlansHandler } from './intake/list-plans.js';
import { makeListToolsHandler } from './intake/list-tools.js';
import { makeSubmitInputHandler } from './intake/submit-input.js';

export type ApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

export type ApiRouteName = 'create-plan' | 'list-plans' | 'get-plan' | 'get-trace' | 'submit-input' | 'list-tools' | 'approve-tool';

export interface ApiRoute {
  method: 'GET' | 'POST';
  /** OpenAPI's path template: `{name}` is one path segment. */
  path: string;
  /** API Gateway's route key, as the event carries it. */
  routeKey: string;
  /** The route's name, in the words of its function: `create-plan` runs as `CreatePlanFunction`. */
  name: ApiRouteName;
  /** The entry module under functions/handlers/ that CDK bundles; it exports `handler`. */
  entry: string;
  /** Makes the route's handler over a runtime. */
  make: (rt: IntakeRuntime) => ApiHandler;
}

const route = (method: ApiRoute['method'], path: string, name: ApiRouteName, make: (rt: IntakeRuntime) => unknown): ApiRoute => ({
  method,
  path,
  routeKey: `${method} ${path}`,
  name,
  entry: `${name}.ts`,
  // A middy handler takes the event it was typed with; the route's events are all HTTP API events.
  make: make as (rt: IntakeRuntime) => ApiHandler,
});

export const API_ROUTES: readonly ApiRoute[] = [
  route('POST', '/plans', 'create-plan', makeCreatePlanHandler),
  route('GET', '/plans', 'list-plans', makeListPlansHandler),
  route('GET', '/plans/{id}', 'get-plan', makeGetPlanHandler),
  route('GET', '/plans/{id}/trace', 'get-trace', makeGetTraceHandler),
  route('POST', '/plans/{id}/input', 'submit-input', makeSubmitInputHandler),
  route('GET', '/tools', 'list-tools', makeListToolsHandler),
  route('POST', '/tools/{id}/approve', 'approve-tool', makeApproveToolHandler),
];
