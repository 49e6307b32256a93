/**
 * `POST /plans/{id}/input`, called with API Gateway HTTP API events, over DynamoDB Local; the
 * answer resumes the execution through the real Step Functions client (@aws-sdk/client-sfn) sent
 * to a loopback server that speaks Step Functions' JSON protocol and records each call.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SFNClient } from '@aws-sdk/client-sfn';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { SfnTaskTokens } from '../../../functions/adapters/sfn/task-tokens.js';
import type { PlanRecord } from '../../../functions/core/types.js';
import { makeGetPlanHandler } from '../../../functions/handlers/intake/get-plan.js';
import { makeSubmitInputHandler } from '../../../functions/handlers/intake/submit-input.js';
import { createIntakeRuntime, type IntakeRuntime } from '../../../functions/runtime/intake.js';
import { loadConfig } from '../../../functions/shared/config.js';
import { createTraceTable, uniqueTableName } from '../../support/dynamo.js';
import { lambdaContext } from '../../support/lambda-context.js';
import { CITY_QUESTION, receivedPlan } from '../../support/plans.js';
import { httpEvent } from './support.js';

type Handler = (event: APIGatewayProxyEventV2, context: ReturnType<typeof lambdaContext>) => Promise<APIGatewayProxyStructuredResultV2>;

/** What the loopback Step Functions received: the operation (X-Amz-Target) and the JSON body. */
const calls: Array<{ target: string; body: Record<string, unknown> }> = [];
let answerWith: { status: number; body: Record<string, unknown> } = { status: 200, body: {} };
let server: Server;
let rt: IntakeRuntime;
let submit: Handler;
let getPlan: Handler;

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      calls.push({ target: String(request.headers['x-amz-target']), body: JSON.parse(text) as Record<string, unknown> });
      response.writeHead(answerWith.status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(answerWith.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sfn = new SFNClient({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' },
    maxAttempts: 1,
  });
  const endpoint = inject('dynamoEndpoint');
  const tableName = uniqueTableName('submit-input');
  await createTraceTable(tableName, endpoint);
  rt = createIntakeRuntime(loadConfig({ CAIRN_DYNAMODB_ENDPOINT: endpoint, CAIRN_TABLE: tableName, AWS_REGION: 'eu-west-1' }), {
    tokens: new SfnTaskTokens(sfn),
  });
  submit = makeSubmitInputHandler(rt) as unknown as Handler;
  getPlan = makeGetPlanHandler(rt) as unknown as Handler;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

beforeEach(() => {
  calls.length = 0;
  answerWith = { status: 200, body: {} };
});

/** A plan waiting on the city question of step 1, its execution's token stored as AwaitInput stores it. */
async function waitingPlan(): Promise<{ record: PlanRecord; token: string }> {
  const token = `AQCEAAAAKgAAAAMAAAAAAAAAA${randomUUID().replaceAll('-', '')}`;
  const record = receivedPlan({ planId: `p-${randomUUID()}` });
  await rt.store.createPlan(record);
  await rt.store.updatePlan(record.planId, {
    status: 'waiting_for_input',
    question: { step_id: 1, message: 'Which French city?', schema: { ...CITY_QUESTION }, askedAt: '2030-01-02T03:04:05.000Z' },
    inputToken: { step_id: 1, token },
  });
  return { record, token };
}

function post(id: string, body: string) {
  const path = `/plans/${id}/input`;
  const event = httpEvent({
    method: 'POST',
    path,
    routeKey: 'POST /plans/{id}/input',
    pathParameters: { id },
    body,
    headers: { 'content-type': 'application/json' },
  });
  return submit(event, lambdaContext('SubmitInput'));
}

describe('POST /plans/{id}/input', () => {
  it('takes a valid answer and resumes the execution with SendTaskSuccess on its token; a second answer is a 409', async () => {
    // Prepare
    const { record, token } = await waitingPlan();
    const view = await getPlan(
      httpEvent({ method: 'GET', path: `/plans/${record.planId}`, routeKey: 'GET /plans/{id}', pathParameters: { id: record.planId } }),
      lambdaContext('GetPlan'),
    );

    // Act
    const taken = await post(record.planId, JSON.stringify({ answer: { city: 'Lyon', year: 2020 } }));
    const second = await post(record.planId, JSON.stringify({ answer: { city: 'Paris' } }));

    // Assess
    expect(view.statusCode).toBe(200);
    expect(JSON.parse(view.body!)).toMatchObject({ status: 'waiting_for_input', question: { step_id: 1, message: 'Which French city?' } });
    expect(view.body).not.toContain(token);
    expect(taken.statusCode).toBe(200);
    expect(JSON.parse(taken.body!)).toEqual({ planId: record.planId, status: 'executing' });
    expect(calls).toEqual([
      { target: 'AWSStepFunctions.SendTaskSuccess', body: { taskToken: token, output: JSON.stringify({ planId: record.planId, stepId: 1 }) } },
    ]);
    expect(second.statusCode).toBe(409);
    expect(JSON.parse(second.body!).message).toBe(`plan ${record.planId} is not waiting for input (status executing)`);
    expect((await rt.store.getPlan(record.planId))?.answers).toEqual({ 1: { city: 'Lyon', year: 2020 } });
  });

  it('refuses an answer that does not fit the schema with a 400 naming every error and its path, and resumes nothing', async () => {
    // Prepare
    const { record } = await waitingPlan();

    // Act
    const refused = await post(record.planId, JSON.stringify({ answer: { city: 'Berlin', year: 'soon', mood: 'fine' } }));
    const notAnObject = await post(record.planId, JSON.stringify({ answer: ['Lyon'] }));
    const noAnswer = await post(record.planId, JSON.stringify({ city: 'Lyon' }));

    // Assess
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body!).errors).toEqual([
      { path: 'answer/city', message: 'must be one of "Lyon", "Marseille", "Paris", got "Berlin"' },
      { path: 'answer/year', message: 'must be a number, got the string "soon"' },
      { path: 'answer/mood', message: 'is not a field of the question (fields: city, year)' },
    ]);
    expect(JSON.parse(notAnObject.body!).errors).toEqual([{ path: 'answer', message: 'must be an object, got an array' }]);
    expect(noAnswer.statusCode).toBe(400);
    expect(calls).toEqual([]);
    expect((await rt.store.getPlan(record.planId))?.status).toBe('waiting_for_input');
  });

  it('answers 404 for an unknown plan and 409 for a plan that waits for nothing', async () => {
    // Prepare
    const running = receivedPlan({ planId: `p-${randomUUID()}` });
    await rt.store.createPlan(running);

    // Act
    const unknown = await post('p-0000000000000000', JSON.stringify({ answer: { city: 'Lyon' } }));
    const notWaiting = await post(running.planId, JSON.stringify({ answer: { city: 'Lyon' } }));

    // Assess
    expect(unknown.statusCode).toBe(404);
    expect(notWaiting.statusCode).toBe(409);
    expect(JSON.parse(notWaiting.body!).message).toBe(`plan ${running.planId} is not waiting for input (status received)`);
    expect(calls).toEqual([]);
  });

  it('answers 503 when Step Functions throttles, without naming the token; the same answer again resumes once, a third time is a 409', async () => {
    // Prepare
    const { record, token } = await waitingPlan();
    answerWith = { status: 400, body: { __type: 'com.amazonaws.states#ThrottlingException', message: 'Rate exceeded' } };

    // Act
    const busy = await post(record.planId, JSON.stringify({ answer: { city: 'Paris' } }));
    answerWith = { status: 200, body: {} };
    const other = await post(record.planId, JSON.stringify({ answer: { city: 'Lyon' } }));
    const retried = await post(record.planId, JSON.stringify({ answer: { city: 'Paris' } }));
    const again = await post(record.planId, JSON.stringify({ answer: { city: 'Paris' } }));

    // Assess
    expect(busy.statusCode).toBe(503);
    expect(busy.body).not.toContain(token);
    expect(other.statusCode).toBe(409);
    expect(retried.statusCode).toBe(200);
    expect(again.statusCode).toBe(409);
    expect(calls.map((c) => c.target)).toEqual(['AWSStepFunctions.SendTaskSuccess', 'AWSStepFunctions.SendTaskSuccess']);
    expect(calls.every((c) => c.body.taskToken === token)).toBe(true);
  });
});
