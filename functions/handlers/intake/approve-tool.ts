/**
 * `POST /tools/{id}/approve`: a person's decision on a TESTING tool, `{"decision": "promote"}` or
 * `{"decision": "reject"}`, or the demotion of a PROMOTED one, `{"decision": "demote"}` (back to
 * TESTING) or `{"decision": "demote", "to": "REJECTED"}`; 404 for an unknown tool, 409 for one
 * not in the status the decision moves from.
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
  const body = (event.body ?? {}) as { decision?: unknown; to?: unknown };
  const { decision, to } = body;
  if (decision !== 'promote' && decision !== 'reject' && decision !== 'demote') {
    throw new InvalidInputError(
      'the body must be {"decision": "promote"}, {"decision": "reject"} or {"decision": "demote"} (with "to": "TESTING" or "REJECTED")',
    );
  }
  if (to !== undefined && (decision !== 'demote' || (to !== 'TESTING' && to !== 'REJECTED'))) {
    throw new InvalidInputError('to: only a demotion takes it, and it must be "TESTING" or "REJECTED"');
  }
  const unknown = Object.keys(body).filter((k) => k !== 'decision' && k !== 'to');
  if (unknown.length > 0) throw new InvalidInputError(`${unknown[0]}: the body takes only decision and to`);
  return json(200, toolView(await store.decide(id, decision, to)));
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
