/**
 * The two other doors: a task file under the task prefix of the bucket, and a message on
 * the request queue. The queue's dead-letter queue takes a message after `maxReceiveCount`
 * failed receives; the S3 trigger's failed events (after Lambda's two retries) go to a second
 * one. An alarm fires on either holding anything.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type Bucket, EventType } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { CairnFunction } from './cairn-function.js';

/** Receives before a message is given up on and moved to the dead-letter queue. */
export const MAX_RECEIVE_COUNT = 3;

export interface TaskTriggersProps {
  readonly bucket: Bucket;
  readonly taskPrefix: string;
  readonly environment: Record<string, string>;
  readonly logRetention: RetentionDays;
}

export class TaskTriggers extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly taskFileEventsDlq: Queue;
  readonly queueFunction: CairnFunction;
  readonly bucketFunction: CairnFunction;

  constructor(scope: Construct, id: string, props: TaskTriggersProps) {
    super(scope, id);
    const timeout = Duration.seconds(30);
    const secureQueue = { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true };

    this.queueFunction = new CairnFunction(this, 'SqsTaskFunction', {
      handlerFile: 'sqs-task.ts',
      description: 'Cairn SQS trigger: each message a request',
      timeout,
      memorySize: 512,
      environment: props.environment,
      logRetention: props.logRetention,
    });
    this.deadLetterQueue = new Queue(this, 'RequestsDlq', { ...secureQueue, retentionPeriod: Duration.days(14) });
    this.queue = new Queue(this, 'Requests', {
      ...secureQueue,
      // Six times the function's timeout, as Lambda advises, so a batch in progress is not received twice.
      visibilityTimeout: Duration.seconds(timeout.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    this.queueFunction.addEventSource(new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }));

    this.taskFileEventsDlq = new Queue(this, 'TaskFileEventsDlq', { ...secureQueue, retentionPeriod: Duration.days(14) });
    Validations.of(this.taskFileEventsDlq).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: "This queue is itself a dead-letter queue: the S3 trigger's failed asynchronous invocations land here.",
    });
    this.bucketFunction = new CairnFunction(this, 'S3TaskFunction', {
      handlerFile: 's3-task.ts',
      description: 'Cairn S3 trigger: a task file starts a plan',
      timeout,
      memorySize: 512,
      environment: props.environment,
      logRetention: props.logRetention,
      // S3 invokes asynchronously: two retries, then the event goes to the dead-letter queue.
      asyncInvocation: { retryAttempts: 2, deadLetterQueue: this.taskFileEventsDlq },
    });
    for (const suffix of ['.json', '.txt']) {
      props.bucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.bucketFunction), { prefix: props.taskPrefix, suffix });
    }

    for (const [name, queue, what] of [
      ['RequestsDlqAlarm', this.deadLetterQueue, 'A request message failed 3 times and is in the dead-letter queue'],
      ['TaskFileEventsDlqAlarm', this.taskFileEventsDlq, 'A task file event failed 3 times and is in the dead-letter queue'],
    ] as const) {
      new Alarm(this, name, {
        alarmDescription: what,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    }
  }
}
