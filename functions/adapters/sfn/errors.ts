/**
 * Step Functions failures as Cairn errors, the SDK error kept as `cause`. The intake answers the
 * transient kind with a retry (HTTP 503, an SQS redelivery, an S3 event retry).
 */
import { CairnError } from '../../core/errors.js';
import { isTransient } from '../../core/transient.js';
import { describeAwsError } from '../aws/transient.js';

/** StartExecution failed for a reason retrying will not fix (a missing state machine, access, bad input). */
export class WorkflowStartError extends CairnError {
  static override readonly errorName: string = 'WorkflowStartError';
  static override readonly transient: boolean | undefined = false;
}

/** StartExecution failed for a reason that may pass: throttling, a 5xx, a timeout. */
export class WorkflowStartTransientError extends WorkflowStartError {
  static override readonly errorName: string = 'WorkflowStartTransientError';
  static override readonly transient = true;
}

export function toStartError(stateMachineArn: string, error: unknown): WorkflowStartError {
  const message = `Step Functions StartExecution on ${stateMachineArn} failed: ${describeAwsError(error)}`;
  return isTransient(error) ? new WorkflowStartTransientError(message, { cause: error }) : new WorkflowStartError(message, { cause: error });
}
