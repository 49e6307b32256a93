/**
 * The SQS trigger (partial batch failures, one plan per logical request) with SQS batches as Lambda's event source mapping sends them, over
 * DynamoDB Local; Step Functions through aws-sdk-client-mock.
 */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { planIdFor, requestIdentity } from '../../../functions/core/workflow/start-plan.js';
import { makeSqsTaskHandler } from '../../../functions/handlers/intake/sqs-task.js';
import type { IntakeRuntime } from '../../../functions/runtime/intake.js';
import { lambdaContext } from '../../support/lambda-context.js';
import { intakeRuntimeFor, mockStepFunctions, sfnThrottled, sqsEvent, sqsRecord } from './support.js';

type Handler = (event: SQSEvent, context: ReturnType<typeof lambdaContext>) => Promise<SQSBatchResponse>;

const { sfn, started, restart } = mockStepFunctions();
let handler: Handler;
let rt: IntakeRuntime;

beforeAll(async () => {
  rt = await intakeRuntimeFor('sqs-task');
  handler = makeSqsTaskHandler(rt) as unknown as Handler;
});

const invoke = (event: SQSEvent) => handler(event, lambdaContext('SqsTask'));

describe('Handler: SQS requests', () => {
  it('starts a plan per good message and reports only the bad ones as failed', async () => {
    // Act
    const response = await invoke(
      sqsEvent([
        sqsRecord('m-good', JSON.stringify({ task: 'Compare the populations of Lyon and Marseille' })),
        sqsRecord('m-not-json', 'task: compare'),
        sqsRecord('m-not-a-request', JSON.stringify({ prompt: 'Compare' })),
      ]),
    );

    // Assess
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-not-json' }, { itemIdentifier: 'm-not-a-request' }] });
    expect(started().size).toBe(1);
    const record = await rt.store.getPlan([...started()][0]!);
    expect(record?.request).toEqual({ task: 'Compare the populations of Lyon and Marseille', origin: { source: 'sqs', messageId: 'm-good' } });
  });

  it('starts nothing new for a redelivered message', async () => {
    // Prepare
    const message = JSON.stringify({ task: 'Who built the Eiffel Tower?' });

    // Act
    const first = await invoke(sqsEvent([sqsRecord('m-redelivered', message, 1)]));
    const second = await invoke(sqsEvent([sqsRecord('m-redelivered', message, 2)]));

    // Assess
    expect(first.batchItemFailures).toEqual([]);
    expect(second.batchItemFailures).toEqual([]);
    expect(started().size).toBe(1);
  });

  it('starts one plan for two messages carrying the same idempotencyKey', async () => {
    // Prepare
    const message = JSON.stringify({ task: 'Who directed Alien?', idempotencyKey: 'ticket-1138' });

    // Act
    await invoke(sqsEvent([sqsRecord('m-a', message), sqsRecord('m-b', message)]));

    // Assess
    expect(started().size).toBe(1);
  });

  it('reports a message whose workflow was throttled, and starts it when the message comes back', async () => {
    // Prepare
    // The records of a batch run concurrently: only this message's execution is throttled.
    sfn.on(StartExecutionCommand, { name: planIdFor(requestIdentity.sqs('m-throttled')) }).rejectsOnce(sfnThrottled());
    const message = sqsRecord('m-throttled', JSON.stringify({ task: 'Who painted the Mona Lisa?' }));
    const other = sqsRecord('m-fine', JSON.stringify({ task: 'Who wrote Les Misérables?' }));

    // Act
    const first = await invoke(sqsEvent([message, other]));
    restart();
    const second = await invoke(sqsEvent([{ ...message, attributes: { ...message.attributes, ApproximateReceiveCount: '2' } }]));

    // Assess
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'm-throttled' }]);
    expect(second.batchItemFailures).toEqual([]);
    expect([...started()]).toEqual([planIdFor(requestIdentity.sqs('m-throttled'))]);
    const record = await rt.store.getPlan([...started()][0]!);
    expect(record?.request.task).toBe('Who painted the Mona Lisa?');
    expect(record?.status).toBe('received');
  });

  it('reports every message of a batch that failed entirely, so SQS retries them and not the rest', async () => {
    // Prepare
    sfn.reset();
    sfn.on(StartExecutionCommand).rejects(sfnThrottled());

    // Act
    const outcome = await invoke(sqsEvent([sqsRecord('m-x', JSON.stringify({ task: 'a b c' })), sqsRecord('m-y', JSON.stringify({ task: 'd e f' }))])).catch(
      (error: unknown) => error,
    );

    // Assess: Powertools throws when the whole batch failed; Lambda then returns every message.
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).name).toBe('FullBatchFailureError');
  });
});
