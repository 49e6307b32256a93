/**
 * The intake fault scenarios: the same request delivered again by S3, SQS and HTTP, an S3 event
 * older than one already seen, an SQS batch with bad messages, input nested far too deep, a
 * request naming a file outside the corpus folders, and starts that Step Functions throttles
 * (redelivered on a Standard and on an Express workflow, retried over HTTP, or superseded by a
 * newer upload). Real code paths: the intake handler factories over an intake runtime on the
 * embedded store (dynalite in memory), plans started by the in-process workflow starter whose
 * runner only counts the executions, or by the Step Functions starter; S3 and Step Functions
 * through aws-sdk-client-mock (no local server, and none that throttles), and `cairn serve` on a
 * loopback port.
 *
 *   node --import tsx bench/faults-intake.ts --json   the rows as a JSON array on the last line
 *
 * `intakeFaultRows()` gives the same rows to a benchmark that gathers every fault scenario. Each
 * row's `ok` is computed from its figures.
 */
import { readFileSync } from 'node:fs';
import { GetObjectCommand, PutObjectCommand, S3Client, type S3ClientResolvedConfig, type ServiceInputTypes, type ServiceOutputTypes } from '@aws-sdk/client-s3';
import {
  ExecutionAlreadyExists,
  SFNClient,
  type SFNClientResolvedConfig,
  SFNServiceException,
  type ServiceInputTypes as SfnInputs,
  type ServiceOutputTypes as SfnOutputs,
  StartExecutionCommand,
  type StartExecutionCommandInput,
} from '@aws-sdk/client-sfn';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, S3Event, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { type AwsStub, mockClient } from 'aws-sdk-client-mock';
import { startServer } from '../cli/serve/server.js';
import { createDynamoClient } from '../functions/adapters/dynamodb/client.js';
import { parsePlanText } from '../functions/core/plan/load.js';
import { validatePlan } from '../functions/core/plan/validate.js';
import type { WorkflowStarter } from '../functions/core/ports.js';
import type { PlanRecord } from '../functions/core/types.js';
import { planIdFor, requestIdentity } from '../functions/core/workflow/start-plan.js';
import { makeCreatePlanHandler } from '../functions/handlers/intake/create-plan.js';
import { makeS3TaskHandler } from '../functions/handlers/intake/s3-task.js';
import { makeSqsTaskHandler } from '../functions/handlers/intake/sqs-task.js';
import { createIntakeRuntime, type IntakeRuntime } from '../functions/runtime/intake.js';
import { loadConfig } from '../functions/shared/config.js';
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../local/store/embedded.js';
import { ensureTable } from '../local/store/ensure-table.js';
import { InProcessWorkflowStarter } from '../local/workflow/workflow-starter.js';
import { httpEvent, s3Event, sqsEvent, sqsRecord } from '../test/support/aws-events.js';
import { lambdaContext } from '../test/support/lambda-context.js';
import { planOf, searchStep } from '../test/support/plans.js';
import { s3Body } from '../test/support/s3.js';
import type { FaultRow } from './faults-llm.js';

const BUCKET = 'cairn-bench-bucket';
const DELIVERIES = 3;

type HttpHandler = (event: APIGatewayProxyEventV2, context: ReturnType<typeof lambdaContext>) => Promise<APIGatewayProxyStructuredResultV2>;
type S3Handler = (event: S3Event, context: ReturnType<typeof lambdaContext>) => Promise<void>;
type SqsHandler = (event: SQSEvent, context: ReturnType<typeof lambdaContext>) => Promise<SQSBatchResponse>;

/** The three intake handlers over one fresh table, and the names of the executions really started. */
interface Intake {
  http: (body: string, headers?: Record<string, string>) => Promise<APIGatewayProxyStructuredResultV2>;
  s3: (event: S3Event) => Promise<void>;
  sqs: (event: SQSEvent) => Promise<SQSBatchResponse>;
  executions: string[];
  /** Calls to the starter's start, refused ones included: what got past the store's own checks. */
  startCalls: () => number;
}

let tables = 0;

/** A fresh table on the embedded store, and the intake's configuration over it with `extra` settings. */
async function intakeConfig(dynamo: EmbeddedDynamo, extra: Record<string, string> = {}): Promise<ReturnType<typeof loadConfig>> {
  const tableName = `bench-faults-intake-${++tables}`;
  const client = createDynamoClient({ endpoint: dynamo.endpoint });
  try {
    await ensureTable(client, tableName);
  } finally {
    client.destroy();
  }
  return loadConfig({
    CAIRN_DYNAMODB_ENDPOINT: dynamo.endpoint,
    CAIRN_TABLE: tableName,
    CAIRN_PAYLOAD_BUCKET: BUCKET,
    CAIRN_TASK_PREFIX: 'tasks/',
    AWS_REGION: 'eu-west-1',
    ...extra,
  });
}

async function intakeOn(dynamo: EmbeddedDynamo): Promise<Intake> {
  const config = await intakeConfig(dynamo);
  const executions: string[] = [];
  // The starter refuses a second execution of a name, as a Standard workflow does; its runner
  // runs nothing and counts what really started.
  const starter = new InProcessWorkflowStarter({
    runner: {
      execute: async (name) => {
        executions.push(name);
      },
    },
  });
  let startCalls = 0;
  const counted: WorkflowStarter = {
    deduplicatesByName: starter.deduplicatesByName,
    start: (name, input) => {
      startCalls++;
      return starter.start(name, input);
    },
  };
  const rt = createIntakeRuntime(config, { starter: counted });
  const createPlan = makeCreatePlanHandler(rt) as unknown as HttpHandler;
  const s3Task = makeS3TaskHandler(rt) as unknown as S3Handler;
  const sqsTask = makeSqsTaskHandler(rt) as unknown as SqsHandler;
  const settle = async <T>(result: Promise<T>): Promise<T> => {
    const value = await result;
    await starter.drain();
    return value;
  };
  return {
    http: (body, headers = { 'content-type': 'application/json' }) =>
      settle(createPlan(httpEvent({ method: 'POST', path: '/plans', routeKey: 'POST /plans', body, headers }), lambdaContext('CreatePlan'))),
    s3: (event) => settle(s3Task(event, lambdaContext('S3Task'))),
    sqs: (event) => settle(sqsTask(event, lambdaContext('SqsTask'))),
    executions,
    startCalls: () => startCalls,
  };
}

export async function intakeFaultRows(): Promise<FaultRow[]> {
  const rows: FaultRow[] = [];
  const dynamo = await startEmbeddedDynamo();
  // S3 has no local server: its client serves the task files from here and accepts result files.
  const s3 = mockClient(S3Client);
  try {
    s3.on(PutObjectCommand).resolves({});
    rows.push(await duplicateS3(await intakeOn(dynamo), s3));
    rows.push(await staleS3(await intakeOn(dynamo), s3));
    rows.push(await duplicateSqs(await intakeOn(dynamo)));
    rows.push(await duplicateHttp(await intakeOn(dynamo)));
    rows.push(await partialBatch(await intakeOn(dynamo)));
    rows.push(await deepNesting(await intakeOn(dynamo)));
    const sfn = mockClient(SFNClient);
    try {
      for (const type of ['express', 'standard'] as const) rows.push(await throttledThenRedelivered(await sfnIntakeOn(dynamo, sfn, type), s3));
      rows.push(await httpRetryAfterFailedStart(dynamo, sfn));
      rows.push(await supersededUpload(await sfnIntakeOn(dynamo, sfn, 'express'), s3));
    } finally {
      sfn.restore();
    }
  } finally {
    s3.restore();
    await dynamo.close();
  }
  rows.push(await corpusOutsideRoots());
  return rows;
}

type S3Mock = AwsStub<ServiceInputTypes, ServiceOutputTypes, S3ClientResolvedConfig>;

/** Serves `versions[VersionId]` (or `text` without a version) as the object `key`. */
function taskFile(s3: S3Mock, key: string, versions: Record<string, string>): void {
  s3.on(GetObjectCommand, { Bucket: BUCKET, Key: key }).callsFake((input: { VersionId?: string }) => {
    const text = versions[input.VersionId ?? ''] ?? versions[''] ?? '';
    return { ContentLength: Buffer.byteLength(text, 'utf8'), Body: s3Body(text) };
  });
}

async function duplicateS3(intake: Intake, s3: S3Mock): Promise<FaultRow> {
  taskFile(s3, 'tasks/twice.json', { '': JSON.stringify({ task: 'Who built the Eiffel Tower?' }) });
  const event = s3Event([{ key: 'tasks/twice.json', sequencer: '0062E99A88DC407470' }], BUCKET);
  for (let i = 0; i < DELIVERIES; i++) await intake.s3(event);
  return {
    scenario: 'duplicate S3 delivery',
    ok: intake.executions.length === 1,
    deliveries: DELIVERIES,
    executionsStarted: intake.executions.length,
    startCalls: intake.startCalls(),
    expected: 1,
  };
}

async function staleS3(intake: Intake, s3: S3Mock): Promise<FaultRow> {
  const key = 'tasks/versions.txt';
  taskFile(s3, key, { v1: 'Who designed the first version?', v2: 'Who designed the second version?' });
  // S3 delivers the newer upload's event first, then the older one.
  await intake.s3(s3Event([{ key, sequencer: '0062E99A88DC4075B0', versionId: 'v2' }], BUCKET));
  const byNewer = intake.executions.length;
  await intake.s3(s3Event([{ key, sequencer: '0062E99A88DC4075A0', versionId: 'v1' }], BUCKET));
  const byOlder = intake.executions.length - byNewer;
  return {
    scenario: 'stale S3 event',
    ok: byNewer === 1 && byOlder === 0,
    executionsByNewer: byNewer,
    executionsByOlder: byOlder,
    startCalls: intake.startCalls(),
    expectedByOlder: 0,
  };
}

async function duplicateSqs(intake: Intake): Promise<FaultRow> {
  const message = JSON.stringify({ task: 'Who built the Eiffel Tower?' });
  const failures: number[] = [];
  for (let i = 1; i <= DELIVERIES; i++) failures.push((await intake.sqs(sqsEvent([sqsRecord('m-redelivered', message, i)]))).batchItemFailures.length);
  const byRedelivery = intake.executions.length;
  // Other messages (other ids) that carry one idempotencyKey: one logical request.
  const keyed = JSON.stringify({ task: 'Who directed Alien?', idempotencyKey: 'ticket-1138' });
  for (let i = 1; i <= DELIVERIES; i++) await intake.sqs(sqsEvent([sqsRecord(`m-keyed-${i}`, keyed)]));
  const bySameKey = intake.executions.length - byRedelivery;
  return {
    scenario: 'duplicate SQS delivery',
    ok: byRedelivery === 1 && bySameKey === 1 && failures.every((n) => n === 0),
    deliveries: DELIVERIES,
    executionsByRedelivery: byRedelivery,
    executionsBySameIdempotencyKey: bySameKey,
    startCalls: intake.startCalls(),
    expectedEach: 1,
    failedItems: failures.reduce((a, b) => a + b, 0),
  };
}

async function duplicateHttp(intake: Intake): Promise<FaultRow> {
  const headers = { 'content-type': 'application/json', 'Idempotency-Key': 'order-7f3a' };
  const body = JSON.stringify({ task: 'What are the top 3 sources of electricity in France?' });
  const responses: APIGatewayProxyStructuredResultV2[] = [];
  for (let i = 0; i < DELIVERIES; i++) responses.push(await intake.http(body, headers));
  const planIds = new Set(responses.map((r) => String((JSON.parse(String(r.body)) as { planId?: unknown }).planId)));
  const replayed = responses.filter((r) => r.headers?.['Idempotent-Replayed'] === 'true').length;
  return {
    scenario: 'duplicate HTTP request',
    ok: intake.executions.length === 1 && planIds.size === 1 && replayed === DELIVERIES - 1 && responses.every((r) => r.statusCode === 202),
    requests: DELIVERIES,
    executionsStarted: intake.executions.length,
    startCalls: intake.startCalls(),
    distinctPlanIds: planIds.size,
    replaysFlagged: replayed,
    statuses: responses.map((r) => r.statusCode),
  };
}

async function partialBatch(intake: Intake): Promise<FaultRow> {
  const bad = ['m-not-json', 'm-not-a-request'];
  const response = await intake.sqs(
    sqsEvent([
      sqsRecord('m-good-1', JSON.stringify({ task: 'Compare the populations of Lyon and Marseille' })),
      sqsRecord('m-not-json', 'task: compare'),
      sqsRecord('m-good-2', JSON.stringify({ task: 'Who wrote Les Misérables?' })),
      sqsRecord('m-not-a-request', JSON.stringify({ prompt: 'Compare' })),
      sqsRecord('m-good-3', JSON.stringify({ task: 'Who painted the Mona Lisa?' })),
    ]),
  );
  const failed = response.batchItemFailures.map((f) => f.itemIdentifier);
  const exact = failed.length === bad.length && [...failed].sort().join() === [...bad].sort().join();
  return {
    scenario: 'SQS partial batch',
    ok: exact && intake.executions.length === 3,
    batch: 5,
    failedIds: failed,
    expectedFailedIds: bad,
    executionsStarted: intake.executions.length,
  };
}

/** `levels` arrays, one inside the other, around 'x'. */
function nested(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

async function deepNesting(intake: Intake): Promise<FaultRow> {
  const messages: string[] = [];
  let threw = 0;
  const refuse = async (attempt: () => Promise<string[]>): Promise<void> => {
    try {
      messages.push(...(await attempt()));
    } catch (error) {
      threw++;
      messages.push(String((error as Error).message));
    }
  };
  // A plan 3,500 levels deep given to the validator.
  await refuse(async () => {
    const plan = planOf(searchStep(1, 'who built the tower')) as unknown as { plan: Array<{ parameters: Record<string, unknown> }> };
    plan.plan[0]!.parameters.extra = nested(3_500);
    return validatePlan(plan).errors.map((e) => e.message);
  });
  // A 60 KB request nested ~30,000 levels, POSTed to the HTTP intake.
  const body = `{"task":"Deep","options":{"plan":${'['.repeat(30_000)}${']'.repeat(30_000)}}}`;
  let httpStatus = 0;
  await refuse(async () => {
    const response = await intake.http(body);
    httpStatus = response.statusCode ?? 0;
    return ((JSON.parse(String(response.body)) as { errors?: Array<{ message: string }> }).errors ?? []).map((e) => e.message);
  });
  // A plan file 6,000 levels deep through the plan loader.
  await refuse(async () => validatePlan(parsePlanText(`{"plan":${'['.repeat(6_000)}${']'.repeat(6_000)}}`, 'deep.json')).errors.map((e) => e.message));
  const oneLineEach = messages.length === 3 && messages.every((m) => m.length > 0 && !m.includes('\n') && !/call stack/i.test(m));
  return {
    scenario: 'deep nesting',
    ok: threw === 0 && oneLineEach && httpStatus === 400 && intake.executions.length === 0,
    inputs: 3,
    refusals: messages.length,
    threw,
    maxMessageLength: Math.max(...messages.map((m) => m.length)),
    httpStatus,
    httpBodyBytes: body.length,
    executionsStarted: intake.executions.length,
  };
}

/** The first bytes of `path` as text, or undefined when this process cannot read it. */
function firstBytes(path: string): string | undefined {
  try {
    const text = readFileSync(path).subarray(0, 16).toString('utf8');
    return text.length > 0 ? text : undefined;
  } catch {
    return undefined;
  }
}

async function corpusOutsideRoots(): Promise<FaultRow> {
  const server = await startServer({
    config: loadConfig({ CAIRN_TABLE: 'bench-faults-serve', CAIRN_CORPUS: 'examples/corpus.jsonl', CAIRN_PLAN_CACHE: 'false' }),
    port: 0,
  });
  const files = ['/etc/passwd', '/proc/self/environ'];
  const statuses: number[] = [];
  let leaked = 0;
  let checked = 0;
  try {
    for (const corpus of files) {
      const response = await fetch(new URL('/plans', server.url), {
        method: 'POST',
        // The owner's token: the request reaches the corpus check (a request without it gets 401).
        headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
        body: JSON.stringify({ task: 'What is a bouchon?', corpus }),
      });
      const text = await response.text();
      statuses.push(response.status);
      const head = firstBytes(corpus);
      if (head !== undefined) {
        checked++;
        if (text.includes(head)) leaked++;
      }
    }
  } finally {
    await server.close();
  }
  return {
    scenario: 'corpus outside roots',
    ok: statuses.every((s) => s === 400) && leaked === 0 && server.starter.active === 0,
    files,
    statuses,
    filesReadableToCompare: checked,
    responsesQuotingTheFile: leaked,
  };
}

// ---------------------------------------------------------------------------------------------
// Starts that Step Functions throttles

type SfnMock = AwsStub<SfnInputs, SfnOutputs, SFNClientResolvedConfig>;

const STATE_MACHINE_ARN = 'arn:aws:states:eu-west-1:123456789012:stateMachine:CairnBench';

/** The intake handlers over the Step Functions starter of a deployed function, and what Step Functions did. */
interface SfnIntake extends Omit<Intake, 'executions' | 'startCalls'> {
  type: 'standard' | 'express';
  rt: IntakeRuntime;
  /** Executions really started, by name: an Express workflow starts one per accepted call, whatever its name. */
  executionsOf: (name: string) => number;
  /** StartExecution calls, throttled and refused ones included. */
  startCalls: () => number;
  /** The next `n` StartExecution calls are throttled. */
  throttleNext: (n: number) => void;
}

/** The error Step Functions answers StartExecution with when the account is over its rate. */
const throttled = (): SFNServiceException =>
  new SFNServiceException({ name: 'ThrottlingException', $fault: 'client', $metadata: { httpStatusCode: 400 }, message: 'Rate exceeded' });

async function sfnIntakeOn(dynamo: EmbeddedDynamo, sfn: SfnMock, type: 'standard' | 'express'): Promise<SfnIntake> {
  const config = await intakeConfig(dynamo, { CAIRN_STATE_MACHINE_ARN: STATE_MACHINE_ARN, CAIRN_WORKFLOW_TYPE: type });
  // Step Functions as each type behaves with names: Standard refuses a second execution of a
  // name, Express starts another.
  const executions = new Map<string, number>();
  let calls = 0;
  let throttle = 0;
  sfn.reset();
  sfn.on(StartExecutionCommand).callsFake((input: StartExecutionCommandInput) => {
    calls++;
    if (throttle > 0) {
      throttle--;
      throw throttled();
    }
    const name = input.name ?? '';
    if (type === 'standard' && executions.has(name))
      throw new ExecutionAlreadyExists({ message: `Execution Already Exists: '${STATE_MACHINE_ARN}:${name}'`, $metadata: { httpStatusCode: 400 } });
    executions.set(name, (executions.get(name) ?? 0) + 1);
    return { executionArn: `${STATE_MACHINE_ARN.replace(':stateMachine:', ':execution:')}:${name}`, startDate: new Date() };
  });
  const rt = createIntakeRuntime(config);
  const createPlan = makeCreatePlanHandler(rt) as unknown as HttpHandler;
  const s3Task = makeS3TaskHandler(rt) as unknown as S3Handler;
  const sqsTask = makeSqsTaskHandler(rt) as unknown as SqsHandler;
  return {
    type,
    rt,
    http: (body, headers = { 'content-type': 'application/json' }) =>
      createPlan(httpEvent({ method: 'POST', path: '/plans', routeKey: 'POST /plans', body, headers }), lambdaContext('CreatePlan')),
    s3: (event) => s3Task(event, lambdaContext('S3Task')),
    sqs: (event) => sqsTask(event, lambdaContext('SqsTask')),
    executionsOf: (name) => executions.get(name) ?? 0,
    startCalls: () => calls,
    throttleNext: (n) => {
      throttle = n;
    },
  };
}

/** Whether `attempt` threw (a Lambda invocation S3 retries). */
async function threw(attempt: () => Promise<unknown>): Promise<boolean> {
  try {
    await attempt();
    return false;
  } catch {
    return true;
  }
}

async function statusOf(intake: SfnIntake, planId: string): Promise<PlanRecord | undefined> {
  return intake.rt.store.getPlan(planId);
}

/**
 * The first start of a plan is throttled; SQS redelivers the message and S3 retries the event,
 * twice each (the second redelivery is a plain duplicate). Each plan must run exactly once.
 */
async function throttledThenRedelivered(intake: SfnIntake, s3: S3Mock): Promise<FaultRow> {
  const messageId = `m-throttled-${intake.type}`;
  const message = JSON.stringify({ task: 'Who built the Eiffel Tower?' });
  intake.throttleNext(1);
  const sqsFailures: number[] = [];
  for (let receive = 1; receive <= DELIVERIES; receive++) {
    // A batch whose every record failed is thrown whole (Powertools' FullBatchFailureError): SQS redelivers it.
    try {
      sqsFailures.push((await intake.sqs(sqsEvent([sqsRecord(messageId, message, receive)]))).batchItemFailures.length);
    } catch {
      sqsFailures.push(1);
    }
  }
  const sqsPlan = planIdFor(requestIdentity.sqs(messageId));

  const key = `tasks/throttled-${intake.type}.json`;
  const object = { key, sequencer: '0062E99A88DC407480', versionId: 'v1' };
  taskFile(s3, key, { v1: JSON.stringify({ task: 'Who painted the Mona Lisa?' }) });
  intake.throttleNext(1);
  const s3Threw: boolean[] = [];
  for (let i = 0; i < DELIVERIES; i++) s3Threw.push(await threw(() => intake.s3(s3Event([object], BUCKET))));
  const s3Plan = planIdFor(requestIdentity.s3(BUCKET, key, object));

  const sqsExecutions = intake.executionsOf(sqsPlan);
  const s3Executions = intake.executionsOf(s3Plan);
  const statuses = [(await statusOf(intake, sqsPlan))?.status, (await statusOf(intake, s3Plan))?.status];
  return {
    scenario: `throttled start, then redelivery (${intake.type})`,
    ok: sqsFailures[0] === 1 && s3Threw[0] === true && sqsExecutions === 1 && s3Executions === 1,
    workflow: intake.type,
    deliveries: DELIVERIES,
    sqsItemFailures: sqsFailures,
    s3InvocationFailed: s3Threw,
    sqsExecutions,
    s3Executions,
    expectedEach: 1,
    startCalls: intake.startCalls(),
    statusesAfter: statuses,
  };
}

/** An HTTP call with an Idempotency-Key whose start is throttled, retried with the same key: one execution, on either workflow type. */
async function httpRetryAfterFailedStart(dynamo: EmbeddedDynamo, sfn: SfnMock): Promise<FaultRow> {
  const figures: Record<string, { statuses: number[]; executions: number }> = {};
  for (const type of ['express', 'standard'] as const) {
    const intake = await sfnIntakeOn(dynamo, sfn, type);
    const key = `order-${type}-42`;
    const headers = { 'content-type': 'application/json', 'Idempotency-Key': key };
    const body = JSON.stringify({ task: 'What are the top 3 sources of electricity in France?' });
    intake.throttleNext(1);
    const statuses: number[] = [];
    for (let i = 0; i < DELIVERIES; i++) statuses.push((await intake.http(body, headers)).statusCode ?? 0);
    figures[type] = { statuses, executions: intake.executionsOf(planIdFor(requestIdentity.key(key))) };
  }
  const express = figures.express!;
  const standard = figures.standard!;
  return {
    scenario: 'HTTP retry with the same Idempotency-Key after a failed start',
    ok: [express, standard].every((f) => f.statuses[0] === 503 && f.statuses.slice(1).every((s) => s === 202) && f.executions === 1),
    requests: DELIVERIES,
    expressStatuses: express.statuses,
    expressExecutions: express.executions,
    standardStatuses: standard.statuses,
    standardExecutions: standard.executions,
    expectedEach: 1,
  };
}

/**
 * A task file whose start is throttled, overwritten before S3 retries its event: the newer upload
 * runs, the older one never does, and its plan must not stay `received` for ever.
 */
async function supersededUpload(intake: SfnIntake, s3: S3Mock): Promise<FaultRow> {
  const key = 'tasks/overwritten.json';
  taskFile(s3, key, { v1: JSON.stringify({ task: 'Who designed the first version?' }), v2: JSON.stringify({ task: 'Who designed the second version?' }) });
  const older = { key, sequencer: '0062E99A88DC4076A0', versionId: 'v1' };
  const newer = { key, sequencer: '0062E99A88DC4076B0', versionId: 'v2' };
  const olderPlan = planIdFor(requestIdentity.s3(BUCKET, key, older));
  const newerPlan = planIdFor(requestIdentity.s3(BUCKET, key, newer));
  intake.throttleNext(1);
  const firstThrew = await threw(() => intake.s3(s3Event([older], BUCKET)));
  await intake.s3(s3Event([newer], BUCKET));
  const afterNewer = await statusOf(intake, olderPlan);
  // S3 retries the older upload's failed event, now stale.
  const retryThrew = await threw(() => intake.s3(s3Event([older], BUCKET)));
  const afterRetry = await statusOf(intake, olderPlan);
  const olderExecutions = intake.executionsOf(olderPlan);
  const newerExecutions = intake.executionsOf(newerPlan);
  const settled = (record: PlanRecord | undefined) => record !== undefined && record.status !== 'received';
  return {
    scenario: 'superseded upload never started',
    ok: firstThrew && !retryThrew && settled(afterNewer) && settled(afterRetry) && olderExecutions === 0 && newerExecutions === 1,
    firstStartThrottled: firstThrew,
    olderStatusAfterNewer: afterNewer?.status ?? 'missing',
    olderStatusAfterRetry: afterRetry?.status ?? 'missing',
    olderReason: afterRetry?.error?.message ?? null,
    olderExecutions,
    newerExecutions,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await intakeFaultRows();
  if (!process.argv.includes('--json')) for (const row of rows) console.log(JSON.stringify(row));
  console.log(JSON.stringify(rows));
}
