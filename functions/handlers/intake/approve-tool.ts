/**
 * `POST /tools/{id}/approve`: a person's decision on a TESTING tool, `{"decision": "promote"}` or
 * `{"decision": "reject"}`; 404 for an unknown tool, 409 for one not in TESTING (DRAFT, or decided).
 */
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { InvalidInputError } from '../../core/errors.js';
import { type LearnedToolStore, toolView } from '../../core/tools/learned.js';
import type { IntakeRuntime } from '../../runtime/intake.js';
import { type HttpResult, httpObserved, json } from '../middleware.js';
import { learnedToolStoreOf } from './list-tools.js';

type ApproveEvent = Omit<APIGatewayProxyEventV2, 'body'> & { body: unknown };

export async function approveTool(store: LearnedToolStore, event: ApproveEvent): Promise<HttpResult> {
  const id = event.pathParameters?.id ?? '';
  const decision = (event.body as { decision?: unknown } | null | undefined)?.decision;
  if (decision !== 'promote' && decision !== 'reject') throw new InvalidInputError('the body must be {"decision": "promote"} or {"decision": "reject"}');
  return json(200, toolView(await store.decide(id, decision)));
}

export function makeApproveToolHandler(rt: IntakeRuntime) {
  const store = learnedToolStoreOf(rt);
  return (
    httpObserved(rt.observability)
      .use(httpJsonBodyParser())
      // The body parser has replaced the body text with the JSON value it holds.
      .handler((event) => approveTool(store, event as unknown as ApproveEvent))
  );
}
