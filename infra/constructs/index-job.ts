/**
 * The index job: a function that builds the index of a corpus in S3 once, so that Execute opens it
 * and never indexes. A corpus file written under corpus/ (`.jsonl` or `.json`) starts it; it can
 * also be invoked with `{"corpus": "s3://<bucket>/corpus/<file>"}` to rebuild by hand. With the
 * local engine it writes the index under indexes/ of the bucket; with OpenSearch it loads the
 * collection. It has Lambda's longest timeout and room under /tmp for the corpus and its index.
 */
import { Duration, Size, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type Bucket, EventType } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { CairnFunction } from './cairn-function.js';

/** The corpus files that start a build: the formats the corpus loader reads. */
export const CORPUS_SUFFIXES = ['.jsonl', '.json'] as const;

export interface IndexJobProps {
  readonly bucket: Bucket;
  readonly corpusPrefix: string;
  readonly environment: Record<string, string>;
  readonly logRetention: RetentionDays;
  /** Packages shipped beside the code (the local engine's). */
  readonly nodeModules: readonly string[];
}

export class IndexJob extends Construct {
  readonly function: CairnFunction;
  readonly failedEvents: Queue;

  constructor(scope: Construct, id: string, props: IndexJobProps) {
    super(scope, id);
    this.failedEvents = new Queue(this, 'FailedBuildsDlq', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    Validations.of(this.failedEvents).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: "This queue is itself a dead-letter queue: the index job's failed builds land here.",
    });
    this.function = new CairnFunction(this, 'Function', {
      handlerFile: 'build-index.ts',
      description: 'Cairn index job: builds the index of a corpus in S3 once',
      timeout: Duration.minutes(15),
      // Building holds the corpus, its vectors and the entity graph at once: more memory, and
      // more CPU with it.
      memorySize: 3008,
      ephemeralStorageSize: Size.gibibytes(4),
      environment: props.environment,
      logRetention: props.logRetention,
      nodeModules: props.nodeModules,
      // A build that failed fails the same way again (a bad line, a changed corpus): no retries;
      // the event waits in the dead-letter queue, and the error is in the logs.
      asyncInvocation: { retryAttempts: 0, deadLetterQueue: this.failedEvents },
    });
    new Alarm(this, 'FailedBuildsAlarm', {
      alarmDescription: 'An index build failed (its reason is in the index job logs); Execute refuses that corpus until a build succeeds',
      metric: this.failedEvents.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    for (const suffix of CORPUS_SUFFIXES) {
      props.bucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.function), { prefix: props.corpusPrefix, suffix });
    }
  }
}
