/**
 * The Cairn stack as `cdk synth` builds it with the default context (cdk.json): one synth for the
 * whole file, then assertions on the template, the permissions, the workflow definition and
 * cdk-nag's AwsSolutions rules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { TRACE_TABLE } from '../../functions/adapters/dynamodb/table.js';
import { TASK_STATES } from '../../functions/handlers/states.js';
import { taskStates, WORKFLOW_FILE } from '../../infra/constructs/workflow.js';
import { actionsOf, logicalIdOf, statementsOf, synthCairn } from './support.js';

const { app, stack, template } = synthCairn();

const WORKFLOW_STATES = ['Analyze', 'Generate', 'Validate', 'Repair', 'RejectPlan', 'Execute', 'AwaitInput', 'Replan', 'Finalize', 'RecordFailure'];
const INTAKE_FUNCTIONS = [
  'PlansCreatePlanFunction',
  'PlansListPlansFunction',
  'PlansGetPlanFunction',
  'PlansGetTraceFunction',
  'PlansSubmitInputFunction',
  'PlansListToolsFunction',
  'PlansApproveToolFunction',
  'TriggersSqsTaskFunction',
  'TriggersS3TaskFunction',
];
const INDEX_JOB = 'IndexJobFunction';
/** The functions that load the local engine (a native module built for x86_64 only in the lock). */
const ON_X86 = ['WorkflowExecuteFunction', INDEX_JOB];
/** The learning run, on its schedule. */
const LEARNING_FUNCTIONS = ['LearningLearnFunction'];
const fnId = (state: string) => logicalIdOf(template, 'AWS::Lambda::Function', `Workflow${state}Function`);
const roleId = (functionPrefix: string) => logicalIdOf(template, 'AWS::IAM::Role', `${functionPrefix}Role`);
const getAtt = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });

describe('Stack: Cairn (default context)', () => {
  describe('functions', () => {
    it('has one Node.js 24 Lambda per workflow state, per intake and for the index job, traced, with its own log group', () => {
      // Prepare
      const functions = template.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs24.x' } });

      // Assess
      expect(Object.keys(functions)).toHaveLength(WORKFLOW_STATES.length + INTAKE_FUNCTIONS.length + LEARNING_FUNCTIONS.length + 1);
      for (const [id, fn] of Object.entries(functions)) {
        expect(fn.Properties, id).toMatchObject({
          Architectures: [ON_X86.some((prefix) => id.startsWith(prefix)) ? 'x86_64' : 'arm64'],
          TracingConfig: { Mode: 'Active' },
          Handler: 'index.handler',
          LoggingConfig: { LogGroup: { Ref: expect.stringMatching(/Logs/) } },
          Environment: { Variables: expect.objectContaining({ POWERTOOLS_SERVICE_NAME: id.startsWith(INDEX_JOB) ? 'cairn-index' : 'cairn' }) },
        });
        // Source maps are not loaded at run time: reading them would cost every cold start.
        expect(fn.Properties.Environment.Variables, id).not.toHaveProperty('NODE_OPTIONS');
      }
    });

    it('gives each workflow function the timeout of its state in the definition', () => {
      for (const state of taskStates()) {
        template.hasResourceProperties('AWS::Lambda::Function', {
          Description: `Cairn workflow state ${state.name}`,
          Timeout: state.timeoutSeconds,
        });
      }
    });

    it('maps every Task state to a handler file of the state map the local runner runs too', () => {
      // Assess: the stack and functions/handlers/states.ts agree on the states, and each handler file exists.
      expect(
        taskStates()
          .map((s) => s.name)
          .sort(),
      ).toEqual(Object.keys(TASK_STATES).sort());
      for (const state of taskStates()) expect(existsSync(join('functions/handlers', state.handlerFile)), state.handlerFile).toBe(true);
    });

    it('keeps every log group for the configured retention', () => {
      const groups = template.findResources('AWS::Logs::LogGroup');
      // 20 functions, the state machine, the API's access logs.
      expect(Object.keys(groups)).toHaveLength(23);
      for (const [id, group] of Object.entries(groups)) expect(group.Properties.RetentionInDays, id).toBe(30);
    });

    it('tells the workflow functions where the LLM key is, and only them', () => {
      const secret = logicalIdOf(template, 'AWS::SecretsManager::Secret', 'LlmApiKey');
      for (const state of WORKFLOW_STATES) {
        template.hasResourceProperties('AWS::Lambda::Function', {
          Description: `Cairn workflow state ${state}`,
          Environment: { Variables: Match.objectLike({ CAIRN_LLM_SECRET_ARN: { Ref: secret } }) },
        });
      }
      for (const prefix of INTAKE_FUNCTIONS) {
        const fn = template.findResources('AWS::Lambda::Function')[logicalIdOf(template, 'AWS::Lambda::Function', prefix)]!;
        expect(fn.Properties.Environment.Variables).not.toHaveProperty('CAIRN_LLM_SECRET_ARN');
        expect(fn.Properties.Environment.Variables).toMatchObject({ CAIRN_STATE_MACHINE_ARN: { Ref: expect.stringMatching(/^WorkflowStateMachine/) } });
      }
    });
  });

  describe('workflow', () => {
    it('deploys infra/workflow.asl.json unchanged, each placeholder substituted by its function ARN', () => {
      // Prepare
      const [machine] = Object.values(template.findResources('AWS::StepFunctions::StateMachine'));
      const properties = machine!.Properties;
      const assetFile = join(app.outdir, `asset.${String(properties.DefinitionS3Location.Key)}`);
      const source = readFileSync(WORKFLOW_FILE, 'utf8');

      // Act: substitute as CloudFormation does, with each function's GetAtt as the value.
      const substitutions = properties.DefinitionSubstitutions as Record<string, unknown>;
      const substitute = (text: string) => text.replace(/\$\{(\w+)\}/g, (_, name: string) => JSON.stringify(substitutions[name]).replace(/"/g, "'"));
      const deployed = JSON.parse(substitute(readFileSync(assetFile, 'utf8'))) as { States: Record<string, { Resource?: string }> };

      // Assess
      expect(readFileSync(assetFile, 'utf8')).toBe(source);
      expect(Object.keys(substitutions).sort()).toEqual(WORKFLOW_STATES.map((s) => `${s}FunctionArn`).sort());
      const expected = JSON.parse(source) as { States: Record<string, { Resource?: string; Parameters?: { FunctionName?: string } }> };
      for (const state of WORKFLOW_STATES) {
        const arn = JSON.stringify(getAtt(fnId(state))).replace(/"/g, "'");
        // A state that waits on a task token names its function in Parameters; the others in Resource.
        const named = expected.States[state]!;
        if (named.Parameters?.FunctionName !== undefined) named.Parameters.FunctionName = arn;
        else named.Resource = arn;
      }
      expect(deployed).toEqual(expected);
    });

    it('is a Standard workflow that logs every event and is traced', () => {
      template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
        StateMachineType: 'STANDARD',
        LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: true },
        TracingConfiguration: { Enabled: true },
      });
    });

    it('may invoke the nine workflow functions and nothing else', () => {
      // Prepare
      const statements = statementsOf(template, roleId('WorkflowStateMachine'));

      // Assess
      const invoke = statements.filter((s) => actionsOf([s]).includes('lambda:InvokeFunction'));
      expect(invoke).toHaveLength(1);
      expect(invoke[0]!.Action).toBe('lambda:InvokeFunction');
      expect(invoke[0]!.Resource).toEqual(expect.arrayContaining(WORKFLOW_STATES.map((s) => getAtt(fnId(s)))));
      expect(invoke[0]!.Resource).toHaveLength(WORKFLOW_STATES.length);
    });
  });

  describe('data', () => {
    it("builds the trace table from the adapters' description: on demand, PITR, TTL, both GSIs", () => {
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TRACE_TABLE.timeToLiveAttribute, Enabled: true },
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TRACE_TABLE.globalSecondaryIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
            { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        })),
      });
      template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain' });
    });

    it('keeps the bucket encrypted, private, TLS-only and access-logged, with payloads expiring after the traces', () => {
      const bucket = logicalIdOf(template, 'AWS::S3::Bucket', 'StorageBucket');
      template.hasResourceProperties('AWS::S3::Bucket', {
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        LoggingConfiguration: { DestinationBucketName: { Ref: logicalIdOf(template, 'AWS::S3::Bucket', 'StorageAccessLogs') } },
        LifecycleConfiguration: { Rules: [Match.objectLike({ Prefix: 'payloads/', ExpirationInDays: 31, Status: 'Enabled' })] },
      });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: bucket },
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        },
      });
    });

    it('keeps an encrypted secret for the LLM key, empty until the user puts one', () => {
      template.hasResourceProperties('AWS::SecretsManager::Secret', { SecretString: '{"apiKey":""}' });
    });
  });

  describe('learning', () => {
    it('runs the learn function daily on an EventBridge Scheduler schedule, over the last week, through a role of its own', () => {
      const fn = logicalIdOf(template, 'AWS::Lambda::Function', 'LearningLearnFunction');
      template.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'rate(1 day)',
        Target: Match.objectLike({ Arn: getAtt(fn), Input: JSON.stringify({ since: '7d' }), RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 0 }) }),
      });
      template.resourceCountIs('AWS::Scheduler::Schedule', 1);
      template.hasResourceProperties('AWS::Lambda::Function', { Description: 'Cairn: learn composite tools from the stored plans', Timeout: 600 });
    });
  });

  describe('intake', () => {
    it('routes the seven API paths to their functions, each behind IAM authorization', () => {
      for (const route of [
        'POST /plans',
        'GET /plans',
        'GET /plans/{id}',
        'GET /plans/{id}/trace',
        'POST /plans/{id}/input',
        'GET /tools',
        'POST /tools/{id}/approve',
      ]) {
        template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: route, AuthorizationType: 'AWS_IAM' });
      }
      template.resourceCountIs('AWS::ApiGatewayV2::Route', 7);
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
        DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      });
    });

    it('sends a message that failed 3 receives to an encrypted dead-letter queue, and reports partial batch failures', () => {
      const dlq = logicalIdOf(template, 'AWS::SQS::Queue', 'TriggersRequestsDlq');
      template.hasResourceProperties('AWS::SQS::Queue', {
        RedrivePolicy: { deadLetterTargetArn: getAtt(dlq), maxReceiveCount: 3 },
        SqsManagedSseEnabled: true,
        VisibilityTimeout: 180,
      });
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: logicalIdOf(template, 'AWS::Lambda::Function', 'TriggersSqsTaskFunction') },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BatchSize: 10,
      });
    });

    it('starts the S3 trigger on .json and .txt files under the task prefix, failed events to their own DLQ', () => {
      template.hasResourceProperties('Custom::S3BucketNotifications', {
        NotificationConfiguration: {
          LambdaFunctionConfigurations: Match.arrayWith(
            ['.json', '.txt'].map((suffix) => ({
              Events: ['s3:ObjectCreated:*'],
              Filter: {
                Key: {
                  FilterRules: [
                    { Name: 'suffix', Value: suffix },
                    { Name: 'prefix', Value: 'tasks/' },
                  ],
                },
              },
              LambdaFunctionArn: getAtt(logicalIdOf(template, 'AWS::Lambda::Function', 'TriggersS3TaskFunction')),
            })),
          ),
        },
      });
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: 'Cairn S3 trigger: a task file starts a plan',
        DeadLetterConfig: { TargetArn: getAtt(logicalIdOf(template, 'AWS::SQS::Queue', 'TriggersTaskFileEventsDlq')) },
      });
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 2 });
    });
  });

  describe('alarms', () => {
    it("alarms on each function's errors, on failed and timed-out executions and on both dead-letter queues", () => {
      // Prepare
      const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
      const byMetric = (name: string) => alarms.filter((a) => a.MetricName === name);

      // Assess
      expect(byMetric('Errors')).toHaveLength(WORKFLOW_STATES.length + INTAKE_FUNCTIONS.length + LEARNING_FUNCTIONS.length + 1);
      expect(byMetric('ExecutionsFailed')).toHaveLength(1);
      expect(byMetric('ExecutionsTimedOut')).toHaveLength(1);
      expect(
        byMetric('ApproximateNumberOfMessagesVisible')
          .map((a) => a.Dimensions[0].Value['Fn::GetAtt'][0])
          .sort(),
      ).toEqual(
        [
          logicalIdOf(template, 'AWS::SQS::Queue', 'TriggersRequestsDlq'),
          logicalIdOf(template, 'AWS::SQS::Queue', 'TriggersTaskFileEventsDlq'),
          logicalIdOf(template, 'AWS::SQS::Queue', 'IndexJobFailedBuildsDlq'),
        ].sort(),
      );
      for (const alarm of alarms)
        expect(alarm).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
    });
  });

  describe('permissions', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement as Parameters<typeof actionsOf>[0]);

    it('names every action: no `*` and no `service:*` anywhere', () => {
      const actions = actionsOf(statements);
      expect(actions.length).toBeGreaterThan(50);
      expect(actions.filter((a) => a === '*' || a.endsWith(':*'))).toEqual([]);
    });

    it('uses Resource "*" only for the actions that have no resource-level permissions (X-Ray, log delivery)', () => {
      const onEverything = statements.filter((s) => s.Resource === '*');
      expect(onEverything.length).toBeGreaterThan(0);
      for (const action of actionsOf(onEverything)) {
        expect(action).toMatch(
          /^(xray:(PutTraceSegments|PutTelemetryRecords|GetSamplingRules|GetSamplingTargets)|logs:(CreateLogDelivery|GetLogDelivery|UpdateLogDelivery|DeleteLogDelivery|ListLogDeliveries|PutResourcePolicy|DescribeResourcePolicies|DescribeLogGroups)|s3:PutBucketNotification)$/,
        );
      }
    });

    it('lets the readers read plans and nothing more', () => {
      for (const reader of ['PlansGetPlanFunction', 'PlansGetTraceFunction', 'PlansListPlansFunction']) {
        // The list queries the indexes too: the same action, on them.
        const actions = [...new Set(actionsOf(statementsOf(template, roleId(reader))))];
        expect(actions).toEqual(
          [
            'dynamodb:BatchGetItem',
            'dynamodb:GetItem',
            'dynamodb:Query',
            'logs:CreateLogStream',
            'logs:PutLogEvents',
            's3:GetObject',
            'xray:PutTelemetryRecords',
            'xray:PutTraceSegments',
          ].sort(),
        );
      }
    });

    it('lets the workflow functions send every DynamoDB request the trace store makes', () => {
      // The commands the trace store sends, read from its source (its requests to the table, and
      // the store itself), as the IAM actions that authorize them: a TransactWriteItems is
      // authorized by the actions it holds (Put and Update here).
      const source = ['trace-store.ts', 'trace-requests.ts']
        .map((file) => readFileSync(join(import.meta.dirname, '../../functions/adapters/dynamodb', file), 'utf8'))
        .join('\n');
      const commands = new Set([...source.matchAll(/new (\w+)Command\(/g)].map((m) => m[1]!));
      const iamActions: Record<string, string[]> = {
        Get: ['GetItem'],
        Put: ['PutItem'],
        Update: ['UpdateItem'],
        Query: ['Query'],
        BatchGet: ['BatchGetItem'],
        BatchWrite: ['BatchWriteItem'],
        TransactWrite: ['PutItem', 'UpdateItem'],
      };
      expect([...commands].filter((c) => !(c in iamActions))).toEqual([]);
      const needed = [...commands].flatMap((c) => iamActions[c]!.map((action) => `dynamodb:${action}`));
      expect(needed).toContain('dynamodb:BatchWriteItem');
      for (const state of WORKFLOW_STATES) {
        const table = statementsOf(template, roleId(`Workflow${state}Function`)).filter((s) => !JSON.stringify(s.Resource).includes('/index/'));
        expect(actionsOf(table), state).toEqual(expect.arrayContaining(needed));
      }
    });

    it('lets the workflow, GET /plans, GET /tools and the learning run query the indexes, named one by one, and no other function', () => {
      const table = logicalIdOf(template, 'AWS::DynamoDB::Table', 'TracesTable');
      const indexQueries = (prefix: string) => statementsOf(template, roleId(prefix)).filter((s) => JSON.stringify(s.Resource).includes('/index/'));
      const expected = [
        {
          Effect: 'Allow',
          Action: 'dynamodb:Query',
          Resource: ['byStatus', 'byCreated'].map((index) => ({ 'Fn::Join': ['', [getAtt(table), `/index/${index}`]] })),
        },
      ];
      for (const fn of [...WORKFLOW_STATES.map((s) => `Workflow${s}Function`), 'PlansListPlansFunction', 'PlansListToolsFunction', 'LearningLearnFunction'])
        expect(indexQueries(fn), fn).toEqual(expected);
      for (const fn of ['PlansCreatePlanFunction', 'PlansGetPlanFunction', 'PlansGetTraceFunction', 'PlansApproveToolFunction'])
        expect(indexQueries(fn), fn).toEqual([]);
    });

    it('lets only the intake functions start executions, on the Cairn state machine only', () => {
      const machine = logicalIdOf(template, 'AWS::StepFunctions::StateMachine', 'WorkflowStateMachine');
      for (const starter of ['PlansCreatePlanFunction', 'TriggersSqsTaskFunction', 'TriggersS3TaskFunction']) {
        const start = statementsOf(template, roleId(starter)).filter((s) => actionsOf([s]).includes('states:StartExecution'));
        expect(start, starter).toEqual([{ Effect: 'Allow', Action: 'states:StartExecution', Resource: { Ref: machine } }]);
      }
      for (const state of WORKFLOW_STATES) {
        expect(actionsOf(statementsOf(template, roleId(`Workflow${state}Function`)))).not.toContain('states:StartExecution');
      }
    });

    it('lets only the answer function resume a waiting execution, on the Cairn state machine only', () => {
      const machine = logicalIdOf(template, 'AWS::StepFunctions::StateMachine', 'WorkflowStateMachine');
      const resume = statementsOf(template, roleId('PlansSubmitInputFunction')).filter((s) => actionsOf([s]).includes('states:SendTaskSuccess'));
      expect(resume).toEqual([{ Effect: 'Allow', Action: 'states:SendTaskSuccess', Resource: { Ref: machine } }]);
      const others = [...INTAKE_FUNCTIONS.filter((f) => f !== 'PlansSubmitInputFunction'), ...WORKFLOW_STATES.map((s) => `Workflow${s}Function`)];
      for (const fn of others) expect(actionsOf(statementsOf(template, roleId(fn))), fn).not.toContain('states:SendTaskSuccess');
    });

    it('waits for the answer on a task token for at most 24 hours, the waiting function itself having a short timeout', () => {
      const definition = JSON.parse(readFileSync(WORKFLOW_FILE, 'utf8')) as { States: Record<string, Record<string, unknown>> };
      expect(definition.States.AwaitInput).toMatchObject({
        Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken',
        Parameters: { FunctionName: `\${AwaitInputFunctionArn}`, Payload: { 'taskToken.$': '$$.Task.Token' } },
        TimeoutSeconds: 86_400,
      });
      template.hasResourceProperties('AWS::Lambda::Function', { Description: 'Cairn workflow state AwaitInput', Timeout: 60 });
    });

    it('lets only Finalize and RecordFailure (and the S3 trigger) write beside task files', () => {
      const bucket = logicalIdOf(template, 'AWS::S3::Bucket', 'StorageBucket');
      const writesTasks = (prefix: string) =>
        statementsOf(template, roleId(prefix)).some(
          (s) => actionsOf([s]).includes('s3:PutObject') && JSON.stringify(s.Resource) === JSON.stringify({ 'Fn::Join': ['', [getAtt(bucket), '/tasks/*']] }),
        );
      expect(['Finalize', 'RecordFailure'].every((s) => writesTasks(`Workflow${s}Function`))).toBe(true);
      expect(writesTasks('TriggersS3TaskFunction')).toBe(true);
      for (const state of ['Analyze', 'Generate', 'Validate', 'Repair', 'RejectPlan', 'Execute', 'AwaitInput'])
        expect(writesTasks(`Workflow${state}Function`), state).toBe(false);
      expect(writesTasks('PlansCreatePlanFunction')).toBe(false);
    });

    it('grants no media service and sets no media variable unless `-c media=aws` (stack-options.test.ts)', () => {
      const execute = template.findResources('AWS::Lambda::Function')[fnId('Execute')]!;
      expect(execute.Properties.Environment.Variables).not.toHaveProperty('CAIRN_MEDIA');
      expect(actionsOf(statements).filter((a) => a.startsWith('transcribe:') || a.startsWith('bedrock:'))).toEqual([]);
    });

    it('gives the functions no AWS managed policy', () => {
      for (const [id, role] of Object.entries(template.findResources('AWS::IAM::Role'))) {
        if (id.startsWith('BucketNotificationsHandler')) continue;
        expect(role.Properties.ManagedPolicyArns, id).toBeUndefined();
      }
    });
  });

  describe('cdk-nag AwsSolutions', () => {
    it('leaves no finding unacknowledged', () => {
      // Act
      const report = new AwsSolutionsChecks().validateScope(app);

      // Assess
      expect(report.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
      expect(report.success).toBe(true);
    });

    it('gives every acknowledgement a reason', () => {
      // Prepare
      const acknowledged: Array<{ path: string; id: string; reason: string }> = [];
      const visit = (node: IConstruct) => {
        for (const entry of node.node.metadata) {
          if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
          for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) acknowledged.push({ path: node.node.path, id, reason });
        }
        node.node.children.forEach(visit);
      };
      visit(stack);

      // Assess
      expect(acknowledged.length).toBeGreaterThan(10);
      for (const a of acknowledged) expect(a.reason.length, `${a.path} ${a.id}`).toBeGreaterThan(40);
      expect(new Set(acknowledged.map((a) => a.id.replace(/^[A-Za-z]+::/, '').replace(/\[.*$/, '')))).toEqual(
        new Set(['AwsSolutions-IAM5', 'AwsSolutions-IAM4', 'AwsSolutions-S1', 'AwsSolutions-SMG4', 'AwsSolutions-SQS3']),
      );
    });

    it('reports a finding nobody acknowledged (the check can fail)', () => {
      // Prepare: a queue with no encryption, no TLS policy and no dead-letter queue.
      const other = new App();
      new Queue(new Stack(other, 'Careless'), 'Plain');

      // Act
      const report = new AwsSolutionsChecks().validateScope(other);

      // Assess
      expect(report.success).toBe(false);
      expect(report.violations.map((v) => v.ruleName)).toEqual(expect.arrayContaining(['AwsSolutions-SQS3', 'AwsSolutions-SQS4']));
    });
  });
});
