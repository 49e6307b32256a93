/**
 * What the handler tests share: the runtime a deployed intake function builds (pointed at
 * DynamoDB Local), the events AWS sends (API Gateway HTTP API payload 2.0, S3 event notifications,
 * SQS batches) and the error Step Functions gives when it throttles.
 */
import {
  ExecutionAlreadyExists,
  type ServiceInputTypes,
  type ServiceOutputTypes,
  SFNClient,
  type SFNClientResolvedConfig,
  SFNServiceException,
  StartExecutionCommand,
  type StartExecutionCommandInput,
} from '@aws-sdk/client-sfn';
import { type AwsStub, mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, inject } from 'vitest';
import { createIntakeRuntime, type IntakeRuntime } from '../../../functions/runtime/intake.js';
import { loadConfig } from '../../../functions/shared/config.js';
import { BUCKET } from '../../support/aws-events.js';
import { createTraceTable, uniqueTableName } from '../../support/dynamo.js';

// The events themselves are plain builders, shared with the fault benchmark.
export { BUCKET, type HttpRequest, httpEvent, type S3Object, s3Event, sqsEvent, sqsRecord } from '../../support/aws-events.js';

export const STATE_MACHINE_ARN = 'arn:aws:states:eu-west-1:123456789012:stateMachine:CairnWorkflow';

/**
 * The intake runtime of a deployed intake function: its configuration read from the variables
 * the stack gives it, pointed at a fresh table on DynamoDB Local.
 */
export async function intakeRuntimeFor(name: string, extra: Record<string, string> = {}): Promise<IntakeRuntime> {
  const endpoint = inject('dynamoEndpoint');
  const tableName = uniqueTableName(name);
  const config = loadConfig({
    CAIRN_DYNAMODB_ENDPOINT: endpoint,
    CAIRN_TABLE: tableName,
    CAIRN_PAYLOAD_BUCKET: BUCKET,
    CAIRN_STATE_MACHINE_ARN: STATE_MACHINE_ARN,
    CAIRN_TASK_PREFIX: 'tasks/',
    AWS_REGION: 'eu-west-1',
    ...extra,
  });
  await createTraceTable(tableName, endpoint);
  return createIntakeRuntime(config);
}

export type SfnStub = AwsStub<ServiceInputTypes, ServiceOutputTypes, SFNClientResolvedConfig>;

/**
 * Step Functions as the tests need it: a Standard workflow refuses a second execution with the
 * same name. Returns the names of the executions that really started.
 */
export function standardWorkflow(sfn: SfnStub): Set<string> {
  const started = new Set<string>();
  sfn.on(StartExecutionCommand).callsFake((input: StartExecutionCommandInput) => {
    const name = input.name ?? '';
    if (started.has(name))
      throw new ExecutionAlreadyExists({ message: `Execution Already Exists: '${input.stateMachineArn}:${name}'`, $metadata: { httpStatusCode: 400 } });
    started.add(name);
    return { executionArn: `${String(input.stateMachineArn).replace(':stateMachine:', ':execution:')}:${name}`, startDate: new Date() };
  });
  return started;
}

/**
 * The Step Functions client of a test file: mocked, a fresh Standard workflow before each test
 * (`started()` names the executions it really started), restored after the file.
 */
export function mockStepFunctions(): { sfn: SfnStub; started: () => Set<string>; restart: () => void } {
  const sfn = mockClient(SFNClient);
  let started = new Set<string>();
  const restart = () => {
    sfn.reset();
    started = standardWorkflow(sfn);
  };
  beforeEach(restart);
  afterEach(() => sfn.reset());
  afterAll(() => sfn.restore());
  return { sfn, started: () => started, restart };
}

/** The error Step Functions answers StartExecution with when the account is over its rate. */
export const sfnThrottled = (): SFNServiceException =>
  new SFNServiceException({ name: 'ThrottlingException', $fault: 'client', $metadata: { httpStatusCode: 400 }, message: 'Rate exceeded' });
