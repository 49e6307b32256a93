/**
 * GET /tools and POST /tools/{id}/approve through their Lambda handlers, with API Gateway HTTP
 * API events, over DynamoDB Local.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { DynamoLearnedToolStore } from '../../../functions/adapters/dynamodb/learned-tools.js';
import { makeApproveToolHandler } from '../../../functions/handlers/intake/approve-tool.js';
import { makeListToolsHandler } from '../../../functions/handlers/intake/list-tools.js';
import { API_ROUTES } from '../../../functions/handlers/routes.js';
import { lambdaContext } from '../../support/lambda-context.js';
import { learnedRecord, searchThenGet } from '../../support/learned.js';
import { httpEvent, intakeRuntimeFor } from './support.js';

type Handler = (event: APIGatewayProxyEventV2, context: ReturnType<typeof lambdaContext>) => Promise<APIGatewayProxyStructuredResultV2>;

let list: Handler;
let approve: Handler;
let store: DynamoLearnedToolStore;

beforeAll(async () => {
  const rt = await intakeRuntimeFor('tools-api');
  list = makeListToolsHandler(rt) as unknown as Handler;
  approve = makeApproveToolHandler(rt) as unknown as Handler;
  store = new DynamoLearnedToolStore({ client: rt.clients.dynamo, tableName: rt.config.tableName });
  await store.save(learnedRecord('TESTING', searchThenGet({ tool_id: 'learned.waiting' }), '2030-01-02T00:00:00.000Z'));
  await store.save({
    ...learnedRecord('DRAFT', searchThenGet({ tool_id: 'learned.failed' }), '2030-01-01T00:00:00.000Z'),
    problems: ['mean similarity 0.2 < 0.95'],
  });
});

const body = (response: APIGatewayProxyStructuredResultV2) => JSON.parse(String(response.body)) as Record<string, unknown>;

function decide(id: string, payload: string | undefined) {
  const event = httpEvent({
    method: 'POST',
    path: `/tools/${id}/approve`,
    routeKey: 'POST /tools/{id}/approve',
    pathParameters: { id },
    ...(payload !== undefined ? { body: payload, headers: { 'content-type': 'application/json' } } : {}),
  });
  return approve(event, lambdaContext('ApproveTool'));
}

function listed(status?: string) {
  const event = httpEvent({ method: 'GET', path: '/tools', routeKey: 'GET /tools' });
  return list(status !== undefined ? { ...event, rawQueryString: `status=${status}`, queryStringParameters: { status } } : event, lambdaContext('ListTools'));
}

describe('Handler: GET /tools', () => {
  it('lists every learned tool newest first, with status, figures, definition and problems', async () => {
    const response = await listed();
    expect(response.statusCode).toBe(200);
    const tools = body(response).tools as Array<Record<string, unknown>>;
    expect(tools.map((t) => [t.id, t.status])).toEqual([
      ['learned.waiting', 'TESTING'],
      ['learned.failed', 'DRAFT'],
    ]);
    expect(tools[1]).toMatchObject({ problems: ['mean similarity 0.2 < 0.95'], chain: searchThenGet().source_chain, figures: { meanSimilarity: 0.97 } });
    expect((tools[0]!.definition as { tool_id: string }).tool_id).toBe('learned.waiting');
  });

  it('lists one status, and refuses an unknown one with 400', async () => {
    expect((body(await listed('DRAFT')).tools as Array<{ id: string }>).map((t) => t.id)).toEqual(['learned.failed']);
    const bad = await listed('LIVE');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('status must be one of DRAFT, TESTING, PROMOTED, REJECTED, got "LIVE"');
  });
});

describe('Handler: POST /tools/{id}/approve', () => {
  it('promotes a TESTING tool once: 200, then 409', async () => {
    const first = await decide('learned.waiting', JSON.stringify({ decision: 'promote' }));
    expect(first.statusCode).toBe(200);
    expect(body(first)).toMatchObject({ id: 'learned.waiting', status: 'PROMOTED' });
    const again = await decide('learned.waiting', JSON.stringify({ decision: 'promote' }));
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('tool learned.waiting is already PROMOTED: demote it first (npm start -- approve learned.waiting --demote)');
    expect((await store.get('learned.waiting'))?.status).toBe('PROMOTED');
  });

  it('demotes a PROMOTED tool back to TESTING, or to REJECTED, and then no further', async () => {
    // Prepare
    await store.save(learnedRecord('PROMOTED', searchThenGet({ tool_id: 'learned.undone' }), '2030-01-03T00:00:00.000Z'));

    // Act
    const back = await decide('learned.undone', JSON.stringify({ decision: 'demote' }));
    const promoted = await decide('learned.undone', JSON.stringify({ decision: 'promote' }));
    const out = await decide('learned.undone', JSON.stringify({ decision: 'demote', to: 'REJECTED' }));
    const again = await decide('learned.undone', JSON.stringify({ decision: 'demote' }));

    // Assess
    expect([back, promoted, out].map((r) => [r.statusCode, body(r).status])).toEqual([
      [200, 'TESTING'],
      [200, 'PROMOTED'],
      [200, 'REJECTED'],
    ]);
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('tool learned.undone is REJECTED, not PROMOTED: only a promoted tool can be demoted');
  });

  it.each([
    ['a DRAFT tool', 'learned.failed', { decision: 'promote' }, 409, 'tool learned.failed is DRAFT: it did not pass validation, so it cannot be promoted'],
    ['an unknown tool', 'learned.nothing', { decision: 'promote' }, 404, 'no learned tool learned.nothing'],
    [
      'a body without a decision',
      'learned.failed',
      { approve: true },
      400,
      'the body must be {"decision": "promote"}, {"decision": "reject"} or {"decision": "demote"} (with "to": "TESTING" or "REJECTED")',
    ],
    ['a demotion of an unknown tool', 'learned.nothing', { decision: 'demote' }, 404, 'no learned tool learned.nothing'],
    [
      'a demotion of a tool not promoted',
      'learned.failed',
      { decision: 'demote' },
      409,
      'tool learned.failed is DRAFT, not PROMOTED: only a promoted tool can be demoted',
    ],
    [
      'a demotion to a status it cannot go to',
      'learned.failed',
      { decision: 'demote', to: 'DRAFT' },
      400,
      'to: only a demotion takes it, and it must be "TESTING" or "REJECTED"',
    ],
    ['a field the body does not take', 'learned.failed', { decision: 'demote', reason: 'x' }, 400, 'reason: the body takes only decision and to'],
  ])('answers %s with one message', async (_label, id, payload, status, message) => {
    const response = await decide(id, JSON.stringify(payload));
    expect(response.statusCode).toBe(status);
    expect(body(response).message).toBe(message);
  });

  it('is in the route table that CDK and serve follow', () => {
    expect(API_ROUTES.filter((r) => r.path.startsWith('/tools')).map((r) => [r.routeKey, r.entry])).toEqual([
      ['GET /tools', 'list-tools.ts'],
      ['POST /tools/{id}/approve', 'approve-tool.ts'],
    ]);
  });
});
