/**
 * The intake fault scenarios: the same request delivered again by S3, SQS and HTTP, an S3 event
 * older than one already seen, an SQS batch with bad messages, input nested far too deep, and a
 * request naming a file outside the corpus folders. Real code paths: the intake handler factories
 * over an intake runtime on the embedded store (dynalite in memory), plans started by the
 * in-process workflow starter whose runner only counts the executions; S3 through
 * aws-sdk-client-mock (no local server), and `cairn serve` on a loopback port.
 *
 *   node --import tsx bench/faults-intake.ts --json   the rows as a JSON array on the last line
 *
 * `intakeFaultRows()` gives the same rows to a benchmark that gathers every fault scenario. Each
 * row's `ok` is computed from its figures.
 */
import { readFileSync } from 'node:fs';
import { GetObjectCommand, PutObjectCommand, S3Client, type S3ClientResolvedConfig, type ServiceInputTypes, type ServiceOutputTypes } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, S3Event, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { type AwsStub, mockClient } from 'aws-sdk-client-mock';
import { startServer } from '../cli/serve/server.js';
import { createDynamoClient } from '../functions/adapters/dynamodb/client.js';
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../functions/adapters/dynamodb/embedded.js';
import { ensureTable } from '../functions/adapters/dynamodb/table.js';
import { InProcessWorkflowStarter } from '../functions/adapters/local/workflow-starter.js';
import { parsePlanText } from '../functions/core/plan/load.js';
import { validatePlan } from '../functions/core/plan/validate.js';
import type { WorkflowStarter } from '../functions/core/ports.js';
import { makeCreatePlanHandler } from '../functions/handlers/intake/create-plan.js';
import { makeS3TaskHandler } from '../functions/handlers/intake/s3-task.js';
import { makeSqsTaskHandler } from '../functions/handlers/intake/sqs-task.js';
import { createIntakeRuntime } from '../functions/runtime/intake.js';
import { loadConfig } from '../functions/shared/config.js';
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

async function intakeOn(dynamo: EmbeddedDynamo): Promise<Intake> {
  const tableName = `bench-faults-intake-${++tables}`;
  const client = createDynamoClient({ endpoint: dynamo.endpoint });
  try {
    await ensureTable(client, tableName);
  } finally {
    client.destroy();
  }
  const config = loadConfig({
    CAIRN_DYNAMODB_ENDPOINT: dynamo.endpoint,
    CAIRN_TABLE: tableName,
    CAIRN_PAYLOAD_BUCKET: BUCKET,
    CAIRN_TASK_PREFIX: 'tasks/',
    AWS_REGION: 'eu-west-1',
  });
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
        headers: { 'content-type': 'application/json' },
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await intakeFaultRows();
  if (!process.argv.includes('--json')) for (const row of rows) console.log(JSON.stringify(row));
  console.log(JSON.stringify(rows));
}
