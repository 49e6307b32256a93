import { ExecutionAlreadyExists, SFNClient, SFNServiceException, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createSfnClient } from '../../../functions/adapters/sfn/client.js';
import { WorkflowStartError, WorkflowStartTransientError } from '../../../functions/adapters/sfn/errors.js';
import { SfnWorkflowStarter } from '../../../functions/adapters/sfn/workflow-starter.js';

const sfn = mockClient(SFNClient);
const ARN = 'arn:aws:states:eu-west-1:123456789012:stateMachine:Cairn';

function starter(workflowType: 'standard' | 'express' = 'standard'): SfnWorkflowStarter {
  return new SfnWorkflowStarter({ client: createSfnClient({ region: 'eu-west-1', maxAttempts: 1 }), stateMachineArn: ARN, workflowType });
}

function serviceError(name: string, status: number): SFNServiceException {
  return new SFNServiceException({ name, $fault: status >= 500 ? 'server' : 'client', $metadata: { httpStatusCode: status }, message: `${name} happened` });
}

afterEach(() => {
  sfn.reset();
});

describe('Class: SfnWorkflowStarter', () => {
  it('starts an execution named after the plan, with the workflow input as JSON', async () => {
    // Prepare
    sfn.on(StartExecutionCommand).resolves({ executionArn: `${ARN}:p-1`, startDate: new Date() });

    // Act
    const outcome = await starter().start('p-1', { planId: 'p-1', maxIterations: 3 });

    // Assess
    expect(outcome).toEqual({ started: true });
    expect(sfn.commandCalls(StartExecutionCommand).map((c) => c.args[0].input)).toEqual([
      { stateMachineArn: ARN, name: 'p-1', input: '{"planId":"p-1","maxIterations":3}' },
    ]);
  });

  it('answers "already started" when the name is taken', async () => {
    // Prepare
    sfn.on(StartExecutionCommand).rejects(new ExecutionAlreadyExists({ message: 'Execution Already Exists', $metadata: { httpStatusCode: 400 } }));

    // Act / Assess
    await expect(starter().start('p-1', { planId: 'p-1', maxIterations: 3 })).resolves.toEqual({ started: false });
  });

  it.each([
    ['ThrottlingException', 400],
    ['ServiceUnavailable', 503],
    ['InternalFailure', 500],
  ])('turns %s into a WorkflowStartTransientError, the SDK error kept as cause', async (name, status) => {
    // Prepare
    const error = serviceError(name, status);
    sfn.on(StartExecutionCommand).rejects(error);

    // Act
    const thrown = await starter()
      .start('p-1', { planId: 'p-1', maxIterations: 3 })
      .catch((e: unknown) => e);

    // Assess
    expect(thrown).toBeInstanceOf(WorkflowStartTransientError);
    expect((thrown as Error).message).toBe(`Step Functions StartExecution on ${ARN} failed: ${name}: ${name} happened`);
    expect((thrown as Error).cause).toBe(error);
  });

  it.each([
    ['AccessDeniedException', 400],
    ['StateMachineDoesNotExist', 400],
    ['InvalidExecutionInput', 400],
  ])('turns %s into a WorkflowStartError that is not transient', async (name, status) => {
    // Prepare
    sfn.on(StartExecutionCommand).rejects(serviceError(name, status));

    // Act
    const thrown = await starter()
      .start('p-1', { planId: 'p-1', maxIterations: 3 })
      .catch((e: unknown) => e);

    // Assess
    expect(thrown).toBeInstanceOf(WorkflowStartError);
    expect(thrown).not.toBeInstanceOf(WorkflowStartTransientError);
  });

  it('deduplicates by name for Standard workflows only', () => {
    expect(starter('standard').deduplicatesByName).toBe(true);
    expect(starter('express').deduplicatesByName).toBe(false);
  });
});
