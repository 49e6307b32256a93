/**
 * The SQS trigger: each message body is a request. Messages are processed one by one and the
 * failed ones reported back (partial batch response), so only they come back; one that keeps
 * failing (not a request, say) reaches the dead-letter queue after the queue's maxReceiveCount.
 * The plan id comes from the message id, or from `idempotencyKey` in the body, so a redelivered
 * message starts nothing new.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { InvalidInputError } from '../../core/errors.js';
import type { PlanRequest } from '../../core/types.js';
import { parseJsonRequest, readRequest } from '../../core/workflow/requests.js';
import { requestIdentity, type StartDeps, startPlan } from '../../core/workflow/start-plan.js';
import type { IntakeRuntime } from '../../runtime/intake.js';
import { type Observability, observed } from '../../runtime/observability.js';
import { startDepsOf } from '../../runtime/start.js';

export async function startFromMessage(deps: StartDeps, obs: Observability, record: SQSRecord): Promise<string> {
  const messageId = record.messageId;
  let request: PlanRequest;
  try {
    request = readRequest(parseJsonRequest(record.body), deps.limits);
  } catch (error) {
    if (error instanceof InvalidInputError) {
      obs.logger.warn('message refused', { messageId, receiveCount: record.attributes.ApproximateReceiveCount, reason: error.message });
      obs.metrics.addMetric('MessagesRefused', 'Count', 1);
    }
    throw error;
  }
  const identity = request.idempotencyKey !== undefined ? requestIdentity.key(request.idempotencyKey) : requestIdentity.sqs(messageId);
  const started = await startPlan(deps, { ...request, origin: { source: 'sqs', messageId } }, identity);
  obs.logger.info(started.duplicate ? 'message seen before' : 'plan started', { messageId, planId: started.planId, status: started.status });
  obs.metrics.addMetric(started.duplicate ? 'DuplicateRequests' : 'PlansStarted', 'Count', 1);
  return started.planId;
}

export function makeSqsTaskHandler(rt: IntakeRuntime) {
  const deps = startDepsOf(rt);
  const processor = new BatchProcessor(EventType.SQS);
  return observed<SQSEvent, SQSBatchResponse>(rt.observability).handler((event, context) =>
    processPartialResponse(event, (record: SQSRecord) => startFromMessage(deps, rt.observability, record), processor, { context }),
  );
}
