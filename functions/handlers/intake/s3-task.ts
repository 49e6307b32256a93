/**
 * The S3 trigger: a task file under the task prefix (`.json` in the request shape, or `.txt`
 * holding the task) starts a plan. A file that is not a request gets `<key>.result.json` with the
 * error at once; a plan that starts gets it when it finishes (publish-result.ts). The plan id
 * comes from the object's version, so a redelivered event starts nothing new. A file overwritten
 * before its plan started (its start throttled, S3's retry not yet come) is superseded: the newer
 * upload's event, or the older one's stale retry, marks that plan failed with the reason.
 */
import type { S3Event, S3EventRecord } from 'aws-lambda';
import { DynamoS3EventOrder, type S3EventOrder } from '../../adapters/dynamodb/s3-event-order.js';
import type { S3TaskFiles } from '../../adapters/s3/task-files.js';
import { IdempotencyKeyConflictError, InvalidInputError, RequestValidationError } from '../../core/errors.js';
import type { PlanRequest } from '../../core/types.js';
import { rejectedTaskFile } from '../../core/workflow/plan-view.js';
import { requestFromTaskFile, taskFileKind } from '../../core/workflow/requests.js';
import { markSuperseded, planIdFor, requestIdentity, type StartDeps, startPlan } from '../../core/workflow/start-plan.js';
import type { IntakeRuntime } from '../../runtime/intake.js';
import { type Observability, observed } from '../../runtime/observability.js';
import { startDepsOf, taskFilesOf } from '../../runtime/start.js';

export interface TaskFileDeps {
  start: StartDeps;
  files: S3TaskFiles;
  /** The last event seen per key: an older one is stale and starts nothing. */
  order: S3EventOrder;
  obs: Observability;
  taskPrefix: string;
}

/** Each record in turn; a failure other than a bad file fails the event, and S3's retry is safe: a redelivered file starts nothing new. */
export async function startTaskFiles(deps: TaskFileDeps, event: S3Event): Promise<void> {
  for (const record of event.Records) await startTaskFile(deps, record);
}

async function startTaskFile(deps: TaskFileDeps, record: S3EventRecord): Promise<void> {
  const { logger, metrics } = deps.obs;
  const bucket = record.s3.bucket.name;
  // Keys arrive URL-encoded, spaces as '+'.
  const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
  const kind = taskFileKind(key, deps.taskPrefix);
  if (kind === undefined) {
    logger.debug('not a task file', { bucket, key });
    return;
  }
  const { sequencer, versionId } = record.s3.object;
  const ordered = sequencer !== undefined && sequencer !== '' ? sequencer : undefined;
  // S3 may deliver the events of one key out of order: an upload older than one already seen
  // must not start a plan after the newer one did.
  let replaced: string | undefined;
  if (ordered !== undefined) {
    const place = await deps.order.advance(bucket, key, ordered);
    if (!place.latest) {
      logger.info('stale task file event', { bucket, key, sequencer });
      metrics.addMetric('StaleTaskFileEvents', 'Count', 1);
      // This upload's plan, if an earlier delivery stored it and its start failed, never runs now.
      await supersede(deps, planIdFor(requestIdentity.s3(bucket, key, record.s3.object)), bucket, key);
      return;
    }
    replaced = place.replaced;
  }
  const origin = { source: 's3', bucket, key } as const;
  let request: PlanRequest;
  try {
    // The version this event announced: a later upload has its own event.
    const text = await deps.files.read(bucket, key, versionId !== undefined && versionId !== '' ? versionId : undefined);
    if (text === undefined) {
      logger.warn('task file deleted before it was read', { bucket, key });
      if (replaced !== undefined) await supersede(deps, replaced, bucket, key);
      return;
    }
    request = requestFromTaskFile(kind, text, deps.start.limits);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    logger.warn('task file refused', { bucket, key, reason: error.message });
    metrics.addMetric('TaskFilesRefused', 'Count', 1);
    if (replaced !== undefined) await supersede(deps, replaced, bucket, key);
    const issues = error instanceof RequestValidationError ? error.issues : [{ path: '(root)', message: error.message }];
    await deps.files.write(origin, rejectedTaskFile({ name: error.name, message: error.message, issues }));
    return;
  }
  const identity = request.idempotencyKey !== undefined ? requestIdentity.key(request.idempotencyKey) : requestIdentity.s3(bucket, key, record.s3.object);
  const planId = planIdFor(identity);
  // Two uploads naming one idempotency key are one request: the newer does not supersede it.
  if (replaced !== undefined && replaced !== planId) await supersede(deps, replaced, bucket, key);
  // The plan is named in the order before it is stored, so an upload that replaces this one finds
  // it. A newer upload that moved past this event meanwhile found no plan to supersede: this one
  // stores none, so nothing is left `received`.
  if (ordered !== undefined && !(await deps.order.claim(bucket, key, ordered, planId))) {
    logger.info('stale task file event', { bucket, key, sequencer });
    metrics.addMetric('StaleTaskFileEvents', 'Count', 1);
    return;
  }
  let started: Awaited<ReturnType<typeof startPlan>>;
  try {
    started = await startPlan(deps.start, { ...request, origin }, identity);
  } catch (error) {
    // An idempotency key another request already used: the file is answered, not retried by S3.
    if (!(error instanceof IdempotencyKeyConflictError)) throw error;
    logger.warn('task file refused', { bucket, key, reason: error.message });
    metrics.addMetric('TaskFilesRefused', 'Count', 1);
    await deps.files.write(
      origin,
      rejectedTaskFile({ name: error.name, message: error.message, issues: [{ path: 'idempotencyKey', message: error.message }] }),
    );
    return;
  }
  logger.info(started.duplicate ? 'task file seen before' : 'plan started', { bucket, key, planId: started.planId, status: started.status });
  metrics.addMetric(started.duplicate ? 'DuplicateRequests' : 'PlansStarted', 'Count', 1);
}

/** Marks `planId` superseded when it was stored and never started; logs when it was. */
async function supersede(deps: TaskFileDeps, planId: string, bucket: string, key: string): Promise<void> {
  const reason = `a newer upload of s3://${bucket}/${key} replaced this task file before its plan started`;
  if (await markSuperseded(deps.start.store, planId, reason)) {
    deps.obs.logger.info('plan superseded', { bucket, key, planId });
    deps.obs.metrics.addMetric('PlansSuperseded', 'Count', 1);
  }
}

export function makeS3TaskHandler(rt: IntakeRuntime) {
  const order = new DynamoS3EventOrder({ client: rt.clients.dynamo, tableName: rt.config.tableName, ttlDays: rt.config.ttlDays });
  const deps: TaskFileDeps = { start: startDepsOf(rt), files: taskFilesOf(rt), order, obs: rt.observability, taskPrefix: rt.config.aws.taskPrefix };
  return observed<S3Event, void>(rt.observability).handler((event) => startTaskFiles(deps, event));
}
