/** The part of the configuration only the deployed functions read (functions/shared/config.ts `aws`). */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../functions/core/errors.js';
import { loadConfig } from '../../../functions/shared/config.js';

const ARN = 'arn:aws:states:eu-west-1:123456789012:stateMachine:WorkflowStateMachine2E01A3A5-x1YZ';

describe('Function: loadConfig (AWS fields)', () => {
  it('reads what the stack sets on a function', () => {
    // Act
    const { aws } = loadConfig({
      AWS_LAMBDA_FUNCTION_NAME: 'Cairn-CreatePlan',
      CAIRN_PAYLOAD_BUCKET: 'cairn-storagebucket-1x2y3z',
      CAIRN_STATE_MACHINE_ARN: ARN,
      CAIRN_WORKFLOW_TYPE: 'express',
      CAIRN_TASK_PREFIX: 'inbox/',
      POWERTOOLS_LOG_LEVEL: 'debug',
    });

    // Assess
    expect(aws).toEqual({
      payloadBucket: 'cairn-storagebucket-1x2y3z',
      stateMachineArn: ARN,
      workflowType: 'express',
      taskPrefix: 'inbox/',
      inLambda: true,
      logLevel: 'DEBUG',
    });
  });

  it('logs at INFO in Lambda and stays silent elsewhere unless told', () => {
    expect(loadConfig({ AWS_LAMBDA_FUNCTION_NAME: 'f' }).aws.logLevel).toBe('INFO');
    expect(loadConfig({}).aws.logLevel).toBe('SILENT');
    expect(loadConfig({ POWERTOOLS_LOG_LEVEL: 'WARN' }).aws.logLevel).toBe('WARN');
  });

  it('lists every bad AWS value in the one ConfigError', () => {
    // Act
    let error: unknown;
    try {
      loadConfig({
        CAIRN_PAYLOAD_BUCKET: 'Not_A_Bucket',
        CAIRN_STATE_MACHINE_ARN: 'arn:aws:lambda:eu-west-1:123456789012:function:f',
        CAIRN_WORKFLOW_TYPE: 'turbo',
        CAIRN_TASK_PREFIX: '/tasks',
        POWERTOOLS_LOG_LEVEL: 'LOUD',
      });
    } catch (e) {
      error = e;
    }

    // Assess
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      [
        'invalid configuration: CAIRN_PAYLOAD_BUCKET must be an S3 bucket name, got "Not_A_Bucket"',
        'CAIRN_STATE_MACHINE_ARN must be a state machine ARN, got "arn:aws:lambda:eu-west-1:123456789012:function:f"',
        'CAIRN_WORKFLOW_TYPE must be standard or express, got "turbo"',
        'CAIRN_TASK_PREFIX must be a key prefix without spaces or a leading slash, got "/tasks"',
        'POWERTOOLS_LOG_LEVEL must be one of DEBUG, INFO, WARN, ERROR, CRITICAL, SILENT, got "LOUD"',
      ].join('; '),
    );
  });
});
