/**
 * The HTTP API's three Lambdas, called with API Gateway HTTP API events, over DynamoDB Local;
 * Step Functions through aws-sdk-client-mock (its answers, throttling and failures).
 */
import { SFNServiceException, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCreatePlanHandler } from '../../../functions/handlers/intake/create-plan.js';
import { makeGetPlanHandler } from '../../../functions/handlers/intake/get-plan.js';
import { makeGetTraceHandler } from '../../../functions/handlers/intake/get-trace.js';
import type { IntakeRuntime } from '../../../functions/runtime/intake.js';
import { lambdaContext } from '../../support/lambda-context.js';
import { httpEvent, intakeRuntimeFor, mockStepFunctions, STATE_MACHINE_ARN, sfnThrottled } from './support.js';

type Handler = (event: APIGatewayProxyEventV2, context: ReturnType<typeof lambdaContext>) => Promise<APIGatewayProxyStructuredResultV2>;

const { sfn, started, restart } = mockStepFunctions();
let createPlan: Handler;
let getPlan: Handler;
let getTrace: Handler;
let rt: IntakeRuntime;

beforeAll(async () => {
  rt = await intakeRuntimeFor('http-api');
  createPlan = makeCreatePlanHandler(rt) as unknown as Handler;
  getPlan = makeGetPlanHandler(rt) as unknown as Handler;
  getTrace = makeGetTraceHandler(rt) as unknown as Handler;
});

function post(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return createPlan(httpEvent({ method: 'POST', path: '/plans', routeKey: 'POST /plans', body, headers }), lambdaContext('CreatePlan'));
}

function get(id: string, trace = false) {
  const event = httpEvent({
    method: 'GET',
    path: `/plans/${id}${trace ? '/trace' : ''}`,
    routeKey: trace ? 'GET /plans/{id}/trace' : 'GET /plans/{id}',
    pathParameters: { id },
  });
  return (trace ? getTrace : getPlan)(event, lambdaContext(trace ? 'GetTrace' : 'GetPlan'));
}

const json = (response: APIGatewayProxyStructuredResultV2) => JSON.parse(String(response.body)) as Record<string, unknown>;

describe('Handler: POST /plans', () => {
  it('stores the plan, starts its workflow and answers 202 with where to follow it', async () => {
    // Act
    const response = await post(JSON.stringify({ task: 'Compare the populations of Lyon and Marseille', options: { topK: 5 } }));

    // Assess
    expect(response.statusCode).toBe(202);
    const body = json(response);
    const planId = String(body.planId);
    expect(body).toEqual({
      planId,
      status: 'received',
      statusUrl: `https://abc123.execute-api.eu-west-1.amazonaws.com/plans/${planId}`,
      traceUrl: `https://abc123.execute-api.eu-west-1.amazonaws.com/plans/${planId}/trace`,
      duplicate: false,
    });
    expect(response.headers).toMatchObject({ Location: body.statusUrl, 'Content-Type': 'application/json' });
    expect(sfn.commandCalls(StartExecutionCommand).map((c) => c.args[0].input)).toEqual([
      { stateMachineArn: STATE_MACHINE_ARN, name: planId, input: JSON.stringify({ planId, maxIterations: 3 }) },
    ]);
    const record = await rt.store.getPlan(planId);
    expect(record?.request).toMatchObject({ task: 'Compare the populations of Lyon and Marseille', origin: { source: 'http' } });
  });

  it('starts one execution for two calls with the same Idempotency-Key, and answers the second with the same plan', async () => {
    // Prepare
    const headers = { 'content-type': 'application/json', 'Idempotency-Key': 'order-7f3a' };
    const body = JSON.stringify({ task: 'What are the top 3 sources of electricity in France?' });

    // Act
    const first = await post(body, headers);
    const second = await post(body, headers);

    // Assess
    expect(json(second).planId).toBe(json(first).planId);
    expect(json(second).duplicate).toBe(true);
    expect(second.headers).toMatchObject({ 'Idempotent-Replayed': 'true' });
    expect([...started()]).toEqual([json(first).planId]);
  });

  it('answers 422 to an Idempotency-Key reused with a different body, and replays it for the same body in another key order', async () => {
    // Prepare
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'order-reused' };
    const first = await post(JSON.stringify({ task: 'Who designed the Pont de Normandie?', options: { topK: 4, maxIterations: 2 } }), headers);

    // Act
    const other = await post(JSON.stringify({ task: 'Who designed the Millau Viaduct?', options: { topK: 4, maxIterations: 2 } }), headers);
    const same = await post(JSON.stringify({ options: { maxIterations: 2, topK: 4 }, task: 'Who designed the Pont de Normandie?' }), headers);

    // Assess
    expect(first.statusCode).toBe(202);
    expect(other.statusCode).toBe(422);
    expect(json(other)).toEqual({
      message: `this idempotency key already started plan ${String(json(first).planId)} with a different request; send the same request to get that plan, or use a new key`,
    });
    expect(same.statusCode).toBe(202);
    expect(json(same)).toMatchObject({ planId: json(first).planId, duplicate: true });
    expect([...started()]).toEqual([json(first).planId]);
  });

  it('does not call Step Functions again once the plan is under way', async () => {
    // Prepare
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'order-under-way' };
    const first = await post(JSON.stringify({ task: 'Who built the Eiffel Tower?' }), headers);
    await rt.store.updatePlan(String(json(first).planId), { status: 'analyzing' });
    sfn.resetHistory();

    // Act
    const second = await post(JSON.stringify({ task: 'Who built the Eiffel Tower?' }), headers);

    // Assess
    expect(json(second)).toMatchObject({ planId: json(first).planId, status: 'analyzing', duplicate: true });
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });

  it('answers 400 naming every problem of the body and its path', async () => {
    // Act
    const response = await post(JSON.stringify({ task: '', tools: ['search', 7], options: { topK: 500, colour: 'red' }, prompt: 'x' }));

    // Assess
    expect(response.statusCode).toBe(400);
    const body = json(response) as { message: string; errors: Array<{ path: string; message: string }> };
    expect(body.message).toBe('invalid request');
    expect(body.errors.map((e) => e.path).sort()).toEqual(['(root)', 'options', 'options.topK', 'task', 'tools.1']);
    expect(body.errors.find((e) => e.path === 'options.topK')!.message).toBe('must be <= 100');
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });

  it('answers 400 for a body that is not JSON, at the body', async () => {
    const response = await post('{"task": "unterminated');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message: 'invalid request', errors: [{ path: '(body)', message: expect.stringMatching(/^not valid JSON: /) }] });
  });

  it('answers 400 naming a __proto__ key in the body, not "the body is missing"', async () => {
    // Act
    const response = await post('{"task": "What is a bouchon?", "__proto__": {"admin": true}}');

    // Assess
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message: 'invalid request', errors: [{ path: '(body)', message: 'the body has a forbidden key __proto__' }] });
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });

  it('answers 400 with one line to a 60 KB body nested deeper than intake allows', async () => {
    // Act
    const response = await post(`{"task": "Deep", "options": {"plan": ${'['.repeat(30_000)}${']'.repeat(30_000)}}}`);

    // Assess
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message: 'invalid request', errors: [{ path: '(body)', message: 'nests deeper than 64 levels of objects and arrays' }] });
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });

  it('answers 415 for a body that is not declared JSON', async () => {
    const response = await post('task=hello', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
    expect(json(response)).toEqual({ message: 'the body must be JSON (Content-Type: application/json)' });
  });

  it('reads a base64-encoded body as API Gateway may send it', async () => {
    // Act
    const event = httpEvent({
      method: 'POST',
      path: '/plans',
      routeKey: 'POST /plans',
      body: Buffer.from(JSON.stringify({ task: 'What is a bouchon?' })).toString('base64'),
      headers: { 'content-type': 'application/json; charset=utf-8' },
      isBase64Encoded: true,
    });
    const response = await createPlan(event, lambdaContext('CreatePlan'));

    // Assess
    expect(response.statusCode).toBe(202);
  });

  it('refuses an origin in the body and a malformed Idempotency-Key', async () => {
    // Act
    const origin = await post(JSON.stringify({ task: 'x', origin: { source: 's3', bucket: 'other', key: 'tasks/a.json' } }));
    const key = await post(JSON.stringify({ task: 'x' }), { 'content-type': 'application/json', 'idempotency-key': 'has spaces in it' });

    // Assess
    expect(origin.statusCode).toBe(400);
    expect(json(origin).errors as unknown[]).toEqual([{ path: 'origin', message: 'is set by Cairn, not by a request' }]);
    expect(key.statusCode).toBe(400);
    expect((json(key).errors as Array<{ path: string }>).map((e) => e.path)).toEqual(['headers.idempotency-key']);
  });

  it('answers 503 with Retry-After when Step Functions throttles, and a retry with the key starts the plan', async () => {
    // Prepare
    const throttled = sfnThrottled();
    sfn.reset();
    sfn.on(StartExecutionCommand).rejectsOnce(throttled);
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'order-throttled' };

    // Act
    const busy = await post(JSON.stringify({ task: 'Who directed Alien?' }), headers);
    restart();
    const retried = await post(JSON.stringify({ task: 'Who directed Alien?' }), headers);

    // Assess
    expect(busy.statusCode).toBe(503);
    expect(busy.headers).toMatchObject({ 'Retry-After': '1' });
    expect(json(busy)).toEqual({ message: 'the service is busy; retry the request' });
    expect(retried.statusCode).toBe(202);
    expect(json(retried)).toMatchObject({ status: 'received', duplicate: true });
    expect(sfn.commandCalls(StartExecutionCommand).map((c) => c.args[0].input.name)).toEqual([json(retried).planId]);
    expect([...started()]).toEqual([json(retried).planId]);
  });

  it('marks a plan without a key failed when its workflow cannot start', async () => {
    // Prepare
    sfn.reset();
    sfn.on(StartExecutionCommand).rejects(sfnThrottled());
    const before = new Set((await rt.store.listPlans({ limit: 1000 })).map((p) => p.planId));

    // Act
    const response = await post(JSON.stringify({ task: 'Who painted the Mona Lisa?' }));

    // Assess
    expect(response.statusCode).toBe(503);
    const created = (await rt.store.listPlans({ limit: 1000 })).filter((p) => !before.has(p.planId));
    expect(created.map((p) => [p.status, p.error?.phase])).toEqual([['failed', 'received']]);
  });

  it('answers 500 without internals when Step Functions refuses for good', async () => {
    // Prepare
    sfn.reset();
    sfn.on(StartExecutionCommand).rejects(
      new SFNServiceException({
        name: 'AccessDeniedException',
        $fault: 'client',
        $metadata: { httpStatusCode: 400 },
        message: `User: arn:aws:sts::123456789012:assumed-role/x is not authorized on ${STATE_MACHINE_ARN}`,
      }),
    );

    // Act
    const response = await post(JSON.stringify({ task: 'Who wrote Les Misérables?' }));

    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('{"message":"internal error"}');
  });
});

describe('Handler: GET /plans/{id} and /trace', () => {
  it('shows a plan and its trace in order', async () => {
    // Prepare
    const planId = String(json(await post(JSON.stringify({ task: 'Which river flows through Lyon?' }))).planId);
    await rt.store.appendEvent(planId, { type: 'plan.status', phase: 'analyzing', data: { from: 'received', to: 'analyzing' } });
    await rt.store.updatePlan(planId, { status: 'analyzing' });

    // Act
    const plan = await get(planId);
    const trace = await get(planId, true);

    // Assess
    expect(plan.statusCode).toBe(200);
    expect(json(plan)).toMatchObject({ planId, status: 'analyzing', task: 'Which river flows through Lyon?', sources: [] });
    expect(json(plan)).not.toHaveProperty('results');
    expect(trace.statusCode).toBe(200);
    const events = json(trace).events as Array<{ seq: number; type: string }>;
    expect(events.map((e) => [e.seq, e.type])).toEqual([
      [1, 'plan.received'],
      [2, 'plan.status'],
    ]);
  });

  it.each([['p-0000000000000000000000000000dead'], ['not-a-plan-id'], [`p-${'a'.repeat(200)}`]])('answers 404 for %s', async (id) => {
    // Act
    const plan = await get(id);
    const trace = await get(id, true);

    // Assess
    expect(plan.statusCode).toBe(404);
    expect(json(plan)).toEqual({ message: `plan ${JSON.stringify(id)} not found` });
    expect(trace.statusCode).toBe(404);
  });
});
