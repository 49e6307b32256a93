/**
 * Starts are never lost: a start Step Functions throttles fails the delivery (an SQS item reported,
 * the S3 invocation thrown, HTTP 503), and the delivery that comes back starts the plan once, on a
 * Standard workflow (which refuses a second execution of a name) and on an Express one (which
 * does not). A task file overwritten before its plan started is superseded, not left `received`.
 * The intake handlers over DynamoDB Local; Step Functions and S3 through aws-sdk-client-mock, since
 * no local server throttles.
 */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand, type StartExecutionCommandInput } from '@aws-sdk/client-sfn';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, S3Event, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { planIdFor, requestIdentity, SUPERSEDED_ERROR } from '../../../functions/core/workflow/start-plan.js';
import { makeCreatePlanHandler } from '../../../functions/handlers/intake/create-plan.js';
import { makeS3TaskHandler } from '../../../functions/handlers/intake/s3-task.js';
import { makeSqsTaskHandler } from '../../../functions/handlers/intake/sqs-task.js';
import type { IntakeRuntime } from '../../../functions/runtime/intake.js';
import { lambdaContext } from '../../support/lambda-context.js';
import { s3Body } from '../../support/s3.js';
import { BUCKET, httpEvent, intakeRuntimeFor, STATE_MACHINE_ARN, s3Event, sfnThrottled, sqsEvent, sqsRecord } from './support.js';

type WorkflowType = 'standard' | 'express';

const sfn = mockClient(SFNClient);
const s3 = mockClient(S3Client);
afterAll(() => {
  sfn.restore();
  s3.restore();
});

/** Executions really started, by name, and how many calls to throttle first. */
let executions: Map<string, number>;
let throttle: number;

/** Step Functions as `type` behaves with names, throttling the next `throttle` calls. */
function workflow(type: WorkflowType): void {
  executions = new Map();
  throttle = 0;
  sfn.reset();
  sfn.on(StartExecutionCommand).callsFake((input: StartExecutionCommandInput) => {
    if (throttle > 0) {
      throttle--;
      throw sfnThrottled();
    }
    const name = input.name ?? '';
    if (type === 'standard' && executions.has(name))
      throw new ExecutionAlreadyExists({ message: `Execution Already Exists: '${STATE_MACHINE_ARN}:${name}'`, $metadata: { httpStatusCode: 400 } });
    executions.set(name, (executions.get(name) ?? 0) + 1);
    return { executionArn: `${STATE_MACHINE_ARN.replace(':stateMachine:', ':execution:')}:${name}`, startDate: new Date() };
  });
}

/** Serves `versions[VersionId]` as the object `key`. */
function taskFile(key: string, versions: Record<string, string>): void {
  s3.on(GetObjectCommand, { Bucket: BUCKET, Key: key }).callsFake((input: { VersionId?: string }) => {
    const text = versions[input.VersionId ?? ''] ?? '';
    return { ContentLength: Buffer.byteLength(text, 'utf8'), Body: s3Body(text) };
  });
}

interface Doors {
  rt: IntakeRuntime;
  sqs: (event: SQSEvent) => Promise<SQSBatchResponse>;
  s3: (event: S3Event) => Promise<void>;
  http: (body: string, key: string) => Promise<APIGatewayProxyStructuredResultV2>;
}

const doors = new Map<WorkflowType, Promise<Doors>>();

/** The three intake handlers of a deployment with a `type` workflow, on a table of their own. */
function doorsOf(type: WorkflowType): Promise<Doors> {
  let made = doors.get(type);
  if (!made) {
    made = intakeRuntimeFor(`lost-starts-${type}`, { CAIRN_WORKFLOW_TYPE: type }).then((rt) => {
      const sqs = makeSqsTaskHandler(rt) as unknown as (e: SQSEvent, c: unknown) => Promise<SQSBatchResponse>;
      const s3Task = makeS3TaskHandler(rt) as unknown as (e: S3Event, c: unknown) => Promise<void>;
      const http = makeCreatePlanHandler(rt) as unknown as (e: APIGatewayProxyEventV2, c: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
      return {
        rt,
        sqs: (event) => sqs(event, lambdaContext('SqsTask')),
        s3: (event) => s3Task(event, lambdaContext('S3Task')),
        http: (body, key) =>
          http(
            httpEvent({
              method: 'POST',
              path: '/plans',
              routeKey: 'POST /plans',
              body,
              headers: { 'content-type': 'application/json', 'idempotency-key': key },
            }),
            lambdaContext('CreatePlan'),
          ),
      };
    });
    doors.set(type, made);
  }
  return made;
}

beforeEach(() => {
  s3.reset();
  s3.on(PutObjectCommand).resolves({});
});

describe.each(['standard', 'express'] as const)('Starts throttled on a %s workflow', (type) => {
  beforeEach(() => workflow(type));

  it('reports the SQS message, starts the plan once when it comes back, and nothing on a later duplicate', async () => {
    // Prepare
    const intake = await doorsOf(type);
    const body = JSON.stringify({ task: 'Who built the Eiffel Tower?' });
    const planId = planIdFor(requestIdentity.sqs(`m-${type}`));
    throttle = 1;

    // Act: a batch whose only record failed is thrown whole, which SQS redelivers too.
    const first = await intake.sqs(sqsEvent([sqsRecord(`m-${type}`, body, 1)])).catch((error: unknown) => error);
    const stored = await intake.rt.store.getPlan(planId);
    const second = await intake.sqs(sqsEvent([sqsRecord(`m-${type}`, body, 2)]));
    const third = await intake.sqs(sqsEvent([sqsRecord(`m-${type}`, body, 3)]));

    // Assess
    expect(first).toBeInstanceOf(Error);
    expect(stored).toMatchObject({ status: 'received' });
    expect(stored?.startedAt).toBeUndefined();
    expect([second.batchItemFailures, third.batchItemFailures]).toEqual([[], []]);
    expect(executions.get(planId)).toBe(1);
    expect((await intake.rt.store.getPlan(planId))?.startedAt).toBeDefined();
  });

  it("fails the S3 invocation, and S3's retry of the event starts the plan once", async () => {
    // Prepare
    const intake = await doorsOf(type);
    const key = `tasks/retried-${type}.json`;
    const object = { key, sequencer: '0062E99A88DC407480', versionId: 'v1' };
    taskFile(key, { v1: JSON.stringify({ task: 'Who painted the Mona Lisa?' }) });
    throttle = 1;

    // Act
    const first = intake.s3(s3Event([object]));
    await expect(first).rejects.toThrow(/ThrottlingException/);
    await intake.s3(s3Event([object]));
    await intake.s3(s3Event([object]));

    // Assess
    expect(executions.get(planIdFor(requestIdentity.s3(BUCKET, key, object)))).toBe(1);
  });

  it('answers 503 to an HTTP call whose start is throttled, and its retry with the same key starts the plan once', async () => {
    // Prepare
    const intake = await doorsOf(type);
    const key = `order-${type}`;
    const body = JSON.stringify({ task: 'What are the top 3 sources of electricity in France?' });
    throttle = 1;

    // Act
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await intake.http(body, key)).statusCode ?? 0);

    // Assess
    expect(statuses).toEqual([503, 202, 202]);
    expect(executions.get(planIdFor(requestIdentity.key(key)))).toBe(1);
  });

  it('marks the plan of an upload overwritten before it started superseded, and starts only the newer one', async () => {
    // Prepare
    const intake = await doorsOf(type);
    const key = `tasks/overwritten-${type}.json`;
    taskFile(key, { v1: JSON.stringify({ task: 'Who designed the first version?' }), v2: JSON.stringify({ task: 'Who designed the second version?' }) });
    const older = { key, sequencer: '0062E99A88DC4076A0', versionId: 'v1' };
    const newer = { key, sequencer: '0062E99A88DC4076B0', versionId: 'v2' };
    const olderPlan = planIdFor(requestIdentity.s3(BUCKET, key, older));
    throttle = 1;

    // Act
    await expect(intake.s3(s3Event([older]))).rejects.toThrow(/ThrottlingException/);
    await intake.s3(s3Event([newer]));
    const afterNewer = await intake.rt.store.getPlan(olderPlan);
    await intake.s3(s3Event([older]));

    // Assess
    expect(afterNewer).toMatchObject({
      status: 'failed',
      error: { name: SUPERSEDED_ERROR, message: `a newer upload of s3://${BUCKET}/${key} replaced this task file before its plan started`, phase: 'received' },
    });
    expect(executions.get(olderPlan)).toBeUndefined();
    expect(executions.get(planIdFor(requestIdentity.s3(BUCKET, key, newer)))).toBe(1);
    expect((await intake.rt.store.getPlan(olderPlan))?.status).toBe('failed');
  });

  it("supersedes the older plan on its stale retry when the newer upload's event came first", async () => {
    // Prepare: the older upload's plan is stored, its start throttled; the newer upload's event
    // arrives before the older plan is named in the order (its first delivery was lost).
    const intake = await doorsOf(type);
    const key = `tasks/raced-${type}.txt`;
    taskFile(key, { v1: 'Who wrote the first draft?', v2: 'Who wrote the second draft?' });
    const older = { key, sequencer: '0062E99A88DC4077A0', versionId: 'v1' };
    const newer = { key, sequencer: '0062E99A88DC4077B0', versionId: 'v2' };
    const olderPlan = planIdFor(requestIdentity.s3(BUCKET, key, older));
    await intake.rt.store.createPlan({
      planId: olderPlan,
      status: 'received',
      version: 1,
      request: { task: 'Who wrote the first draft?', origin: { source: 's3', bucket: BUCKET, key } },
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      eventCount: 0,
    });

    // Act
    await intake.s3(s3Event([newer]));
    await intake.s3(s3Event([older]));

    // Assess
    expect(await intake.rt.store.getPlan(olderPlan)).toMatchObject({ status: 'failed', error: { name: SUPERSEDED_ERROR } });
    expect(executions.get(olderPlan)).toBeUndefined();
  });

  it('never supersedes a plan that started', async () => {
    // Prepare
    const intake = await doorsOf(type);
    const key = `tasks/started-${type}.txt`;
    taskFile(key, { v1: 'Who drew the first map?', v2: 'Who drew the second map?' });
    const older = { key, sequencer: '0062E99A88DC4078A0', versionId: 'v1' };
    const newer = { key, sequencer: '0062E99A88DC4078B0', versionId: 'v2' };

    // Act
    await intake.s3(s3Event([older]));
    await intake.s3(s3Event([newer]));

    // Assess
    const olderPlan = planIdFor(requestIdentity.s3(BUCKET, key, older));
    expect(await intake.rt.store.getPlan(olderPlan)).toMatchObject({ status: 'received' });
    expect(executions.get(olderPlan)).toBe(1);
    expect(executions.get(planIdFor(requestIdentity.s3(BUCKET, key, newer)))).toBe(1);
  });
});
