/**
 * The Cairn stack: the workflow and its functions, the three doors (HTTP API, bucket, queue),
 * the trace table, the bucket, the LLM key's secret, log groups and alarms. Each function gets
 * the configuration it reads (functions/shared/config.ts) and only the permissions its code uses.
 */
import { CfnOutput, Duration, SecretValue, Size, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { WORKFLOW_MEMORY_MB } from '../functions/shared/deployment.js';
import { CairnBucket, CORPUS_PREFIX, INDEX_PREFIX, PAYLOAD_PREFIX, TRANSCRIPT_PREFIX } from './constructs/cairn-bucket.js';
import { type CairnFunction, LOCAL_ENGINE_MODULES } from './constructs/cairn-function.js';
import { IndexJob } from './constructs/index-job.js';
import { LearningSchedule } from './constructs/learning-schedule.js';
import { grantMediaServices } from './constructs/media-services.js';
import { PlansApi } from './constructs/plans-api.js';
import { OpenSearchEngine } from './constructs/retrieval-engine.js';
import { TaskTriggers } from './constructs/task-triggers.js';
import { TraceTable } from './constructs/trace-table.js';
import { Workflow } from './constructs/workflow.js';
import type { CairnSettings } from './settings.js';

/** Execute's memory, in functions/shared/deployment.ts with the others: a plan's cost is estimated at it too. */
export { EXECUTE_MEMORY_MB } from '../functions/shared/deployment.js';

/** Where the sample corpus sits inside the Execute function's bundle (/var/task). */
const BUNDLED_CORPUS = '/var/task/corpus.jsonl';

export interface CairnStackProps extends StackProps {
  readonly settings: CairnSettings;
}

export class CairnStack extends Stack {
  readonly table: TraceTable;
  readonly storage: CairnBucket;
  readonly llmSecret: Secret;
  readonly workflow: Workflow;
  readonly api: PlansApi;
  readonly triggers: TaskTriggers;
  readonly indexJob: IndexJob;
  /** With `-c retrievalEngine=opensearch`. */
  readonly engine: OpenSearchEngine | undefined;
  readonly learning: LearningSchedule;

  constructor(scope: Construct, id: string, props: CairnStackProps) {
    super(scope, id, props);
    const { settings } = props;

    this.table = new TraceTable(this, 'Traces');
    this.storage = new CairnBucket(this, 'Storage', { payloadExpiration: Duration.days(settings.ttlDays + 1) });
    this.llmSecret = new Secret(this, 'LlmApiKey', {
      description: 'Cairn: the API key of the LLM provider, as {"apiKey": "..."}; empty until you put yours',
      secretObjectValue: { apiKey: SecretValue.unsafePlainText('') },
    });
    Validations.of(this.llmSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: "A third-party provider's API key: Secrets Manager cannot rotate it; it is replaced by hand at the provider.",
    });

    const shared = {
      CAIRN_TABLE: this.table.tableName,
      CAIRN_PAYLOAD_BUCKET: this.storage.bucketName,
      CAIRN_TTL_DAYS: String(settings.ttlDays),
      CAIRN_TASK_PREFIX: settings.taskPrefix,
    };
    this.workflow = new Workflow(this, 'Workflow', {
      type: settings.workflowType,
      environment: {
        ...shared,
        CAIRN_CORPUS: settings.corpus ?? BUNDLED_CORPUS,
        CAIRN_LLM_SECRET_ARN: this.llmSecret.secretArn,
        // Finalize estimates a plan's Step Functions cost by the workflow's type.
        CAIRN_WORKFLOW_TYPE: settings.workflowType === StateMachineType.EXPRESS ? 'express' : 'standard',
      },
      logRetention: settings.logRetention,
      ...(settings.corpus === undefined ? { extraFiles: { Execute: ['examples/corpus.jsonl'] } } : {}),
      // Execute opens the index the index job built: with the local engine it ships LanceDB and
      // keeps the index's files under /tmp; memory measured by bench:execute-memory (docs/benchmarks.md).
      ...(settings.retrievalEngine === 'local' ? { nodeModules: { Execute: LOCAL_ENGINE_MODULES }, ephemeralStorage: { Execute: Size.gibibytes(2) } } : {}),
      memorySizes: WORKFLOW_MEMORY_MB,
    });
    const intake = {
      ...shared,
      CAIRN_STATE_MACHINE_ARN: this.workflow.stateMachine.stateMachineArn,
      CAIRN_WORKFLOW_TYPE: settings.workflowType === StateMachineType.EXPRESS ? 'express' : 'standard',
    };
    this.api = new PlansApi(this, 'Plans', { authorization: settings.authorization, environment: intake, logRetention: settings.logRetention });
    this.triggers = new TaskTriggers(this, 'Triggers', {
      bucket: this.storage.bucket,
      taskPrefix: settings.taskPrefix,
      environment: intake,
      logRetention: settings.logRetention,
    });

    const retrieval = {
      CAIRN_RETRIEVAL_ENGINE: settings.retrievalEngine,
      CAIRN_INDEX_LOCATION: `s3://${this.storage.bucketName}/${INDEX_PREFIX}`,
    };
    this.indexJob = new IndexJob(this, 'IndexJob', {
      bucket: this.storage.bucket,
      corpusPrefix: CORPUS_PREFIX,
      environment: { ...retrieval, POWERTOOLS_SERVICE_NAME: 'cairn-index' },
      logRetention: settings.logRetention,
      nodeModules: settings.retrievalEngine === 'local' ? LOCAL_ENGINE_MODULES : [],
    });
    const execute = this.workflow.functions.get('Execute')!;
    for (const [name, value] of Object.entries(retrieval)) execute.addEnvironment(name, value);
    this.engine = settings.retrievalEngine === 'opensearch' ? this.useOpenSearch(execute) : undefined;
    this.learning = new LearningSchedule(this, 'Learning', {
      environment: { ...shared, CAIRN_LLM_SECRET_ARN: this.llmSecret.secretArn },
      logRetention: settings.logRetention,
    });

    this.grant(settings);
    this.acknowledgeCdkInternals();

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'POST <ApiUrl>plans' });
    // Planning and approving learned tools are granted apart (IAM auth): attach each to whom it is for.
    new CfnOutput(this, 'PlannerPolicyArn', { value: this.api.plannerPolicy.managedPolicyArn, description: 'Invoke every API route but approving tools' });
    new CfnOutput(this, 'ApproverPolicyArn', { value: this.api.approverPolicy.managedPolicyArn, description: 'Invoke POST /tools/{id}/approve' });
    new CfnOutput(this, 'BucketName', { value: this.storage.bucketName, description: `Task files go under ${settings.taskPrefix}` });
    new CfnOutput(this, 'QueueUrl', { value: this.triggers.queue.queueUrl, description: 'Each message body a request' });
    new CfnOutput(this, 'StateMachineArn', { value: this.workflow.stateMachine.stateMachineArn });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'LlmSecretArn', { value: this.llmSecret.secretArn, description: 'Put the LLM API key here' });
    new CfnOutput(this, 'IndexJobName', {
      value: this.indexJob.function.functionName,
      description: `Builds the index of a corpus written under ${CORPUS_PREFIX}`,
    });
    if (this.engine) new CfnOutput(this, 'OpenSearchEndpoint', { value: this.engine.endpoint });
  }

  /** Each function's permissions: what its code calls, on the resources it touches. */
  private grant(settings: CairnSettings): void {
    const { storage, table } = this;
    const payloads = (fn: IGrantable, write: boolean) => storage.grantObjects(fn, PAYLOAD_PREFIX, write ? ['s3:GetObject', 's3:PutObject'] : ['s3:GetObject']);

    for (const [state, fn] of this.workflow.functions) {
      table.grantWrite(fn);
      payloads(fn, true);
      // Every phase builds the same runtime, which reads the LLM key at start-up.
      this.llmSecret.grantRead(fn);
      // Corpora in S3 live under corpus/ in the Cairn bucket (docs/deploy.md).
      if (state === 'Execute') storage.grantObjects(fn, CORPUS_PREFIX, ['s3:GetObject']);
      if (state === 'Execute' && settings.media === 'aws') this.useMediaServices(fn, settings);
      // Finalize and RecordFailure write `<key>.result.json` beside a task file.
      if (state === 'Finalize' || state === 'RecordFailure') storage.grantObjects(fn, settings.taskPrefix, ['s3:PutObject']);
    }
    const starters: CairnFunction[] = [this.api.createPlan, this.triggers.queueFunction, this.triggers.bucketFunction];
    for (const fn of starters) {
      table.grantWrite(fn);
      payloads(fn, true);
      this.workflow.stateMachine.grantStartExecution(fn);
    }
    // The index job reads a corpus and writes its index; Execute reads the index, and the corpus
    // object's ETag (GetObject covers HeadObject) to know whether the index is still current.
    const job = this.indexJob.function;
    storage.grantObjects(job, CORPUS_PREFIX, ['s3:GetObject']);
    // indexes/ holds the local engine's builds, or with OpenSearch the lexical vectorizer's state.
    storage.grantObjects(job, INDEX_PREFIX, ['s3:GetObject', 's3:PutObject']);
    storage.grantObjects(this.workflow.functions.get('Execute')!, INDEX_PREFIX, ['s3:GetObject']);
    // A task file is read at the version its event announced, which takes GetObjectVersion on a versioned bucket.
    storage.grantObjects(this.triggers.bucketFunction, settings.taskPrefix, ['s3:GetObject', 's3:GetObjectVersion', 's3:PutObject']);
    for (const fn of [this.api.getPlan, this.api.getTrace]) {
      table.grantRead(fn);
      payloads(fn, false);
    }
    // The list reads the status and creation indexes, then the records (and their offloaded bodies).
    const listPlans = this.api.functionOf('list-plans');
    table.grantRead(listPlans);
    table.grantIndexQuery(listPlans);
    payloads(listPlans, false);
    // An answer resumes the execution waiting on its task token (SendTaskSuccess on this state machine only).
    const answerInput = this.api.functionOf('submit-input');
    table.grantWrite(answerInput);
    payloads(answerInput, true);
    this.workflow.stateMachine.grant(answerInput, 'states:SendTaskSuccess');
    // Learned tools: every phase loads the promoted ones; the API lists and decides them; the
    // learning run reads plans by time (and their offloaded bodies) and writes tools.
    for (const fn of this.workflow.functions.values()) table.grantIndexQuery(fn);
    const listTools = this.api.functionOf('list-tools');
    table.grantRead(listTools);
    table.grantIndexQuery(listTools);
    table.grantWrite(this.api.functionOf('approve-tool'));
    const learn = this.learning.function;
    table.grantWrite(learn);
    table.grantIndexQuery(learn);
    payloads(learn, false);
    this.llmSecret.grantRead(learn);
  }

  /** The OpenSearch Serverless collection: the index job loads it, Execute searches it. */
  private useOpenSearch(execute: CairnFunction): OpenSearchEngine {
    const engine = new OpenSearchEngine(this, 'Retrieval', { writers: [this.indexJob.function.role!], readers: [execute.role!] });
    for (const fn of [execute, this.indexJob.function]) fn.addEnvironment('CAIRN_OPENSEARCH_ENDPOINT', engine.endpoint);
    return engine;
  }

  /**
   * Media steps on AWS (`-c media=aws`), in the Execute function only: media files are read from
   * corpus/ (granted above), Transcribe writes transcripts under transcripts/ and the function
   * reads them back; Transcribe jobs and the caption model (media-services.ts).
   */
  private useMediaServices(fn: CairnFunction, settings: CairnSettings): void {
    fn.addEnvironment('CAIRN_MEDIA', 'aws');
    fn.addEnvironment('CAIRN_MEDIA_LOCATION', `s3://${this.storage.bucketName}/${CORPUS_PREFIX}`);
    fn.addEnvironment('CAIRN_TRANSCRIPT_LOCATION', `s3://${this.storage.bucketName}/${TRANSCRIPT_PREFIX}`);
    fn.addEnvironment('CAIRN_CAPTION_MODEL_ID', settings.captionModelId);
    this.storage.grantObjects(fn, TRANSCRIPT_PREFIX, ['s3:GetObject', 's3:PutObject']);
    grantMediaServices(fn, settings.captionModelId);
  }

  /**
   * The S3 event notifications are configured by a function CDK ships (BucketNotificationsHandler);
   * its findings are CDK's, acknowledged on it with the reason.
   */
  private acknowledgeCdkInternals(): void {
    const handler = this.node.children.find((child) => child.node.id.startsWith('BucketNotificationsHandler'));
    if (handler === undefined) return;
    Validations.of(handler).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's BucketNotificationsHandler, which sets the bucket's notifications at deploy time, comes with this managed policy.",
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: "CDK's BucketNotificationsHandler calls s3:PutBucketNotification, granted by CDK on every resource.",
      },
    );
  }
}
