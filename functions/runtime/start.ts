/**
 * What the functions that start plans add to the intake runtime: the Step Functions starter and,
 * for the S3 trigger, the task files. Apart from intake.ts so the readers' bundles
 * (GET /plans/...) carry neither.
 */
import { S3TaskFiles } from '../adapters/s3/task-files.js';
import { createSfnClient } from '../adapters/sfn/client.js';
import { SfnTaskTokens } from '../adapters/sfn/task-tokens.js';
import { SfnWorkflowStarter } from '../adapters/sfn/workflow-starter.js';
import { ConfigError } from '../core/errors.js';
import { systemClock, type TaskTokenSender, type WorkflowStarter } from '../core/ports.js';
import type { StartDeps } from '../core/workflow/start-plan.js';
import type { IntakeRuntime } from './intake.js';

/**
 * What startPlan needs: the runtime's own starter, else Step Functions; a ConfigError at init
 * when neither is there (CAIRN_STATE_MACHINE_ARN missing).
 */
export function startDepsOf(rt: IntakeRuntime): StartDeps {
  return {
    store: rt.store,
    starter: rt.starter ?? stepFunctionsStarter(rt),
    clock: systemClock,
    limits: { maxTaskBytes: rt.config.maxTaskBytes, maxIterations: rt.config.maxIterations },
  };
}

function stepFunctionsStarter(rt: IntakeRuntime): WorkflowStarter {
  const stateMachineArn = rt.config.aws.stateMachineArn;
  if (stateMachineArn === undefined) throw new ConfigError('invalid configuration: CAIRN_STATE_MACHINE_ARN is required to start plans');
  return new SfnWorkflowStarter({
    client: rt.observability.tracer.captureAWSv3Client(createSfnClient({ region: rt.config.region })),
    stateMachineArn,
    workflowType: rt.config.aws.workflowType,
  });
}

/**
 * What resumes a waiting execution: the runtime's own sender, else Step Functions' SendTaskSuccess,
 * its client made on first use (a runtime that never resumes anything never makes it).
 */
export function tokensOf(rt: IntakeRuntime): TaskTokenSender {
  if (rt.tokens) return rt.tokens;
  let sfn: SfnTaskTokens | undefined;
  return {
    succeed: (token, output) => {
      sfn ??= new SfnTaskTokens(rt.observability.tracer.captureAWSv3Client(createSfnClient({ region: rt.config.region })));
      return sfn.succeed(token, output);
    },
  };
}

/** Task files in the Cairn bucket; a ConfigError at init when CAIRN_PAYLOAD_BUCKET is missing. */
export function taskFilesOf(rt: IntakeRuntime): S3TaskFiles {
  if (rt.config.aws.payloadBucket === undefined) throw new ConfigError('invalid configuration: CAIRN_PAYLOAD_BUCKET is required to read task files');
  return new S3TaskFiles({ client: rt.clients.s3() });
}
