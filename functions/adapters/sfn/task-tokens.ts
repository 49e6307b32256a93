/**
 * TaskTokenSender on Step Functions: SendTaskSuccess resumes the execution waiting in a
 * `.waitForTaskToken` state with the given output.
 */
import { SendTaskSuccessCommand, type SFNClient } from '@aws-sdk/client-sfn';
import { CairnError } from '../../core/errors.js';
import type { TaskTokenSender } from '../../core/ports.js';
import { isTransient } from '../../core/transient.js';
import { describeAwsError } from '../aws/transient.js';

/** SendTaskSuccess failed for a reason retrying will not fix: a token expired (the wait timed out), unknown, or access refused. */
export class TaskTokenError extends CairnError {
  static override readonly errorName: string = 'TaskTokenError';
  static override readonly transient: boolean | undefined = false;
}

/** SendTaskSuccess failed for a reason that may pass: throttling, a 5xx, a timeout. */
export class TaskTokenTransientError extends TaskTokenError {
  static override readonly errorName: string = 'TaskTokenTransientError';
  static override readonly transient = true;
}

export class SfnTaskTokens implements TaskTokenSender {
  constructor(private readonly client: SFNClient) {}

  async succeed(token: string, output: Readonly<Record<string, unknown>>): Promise<void> {
    try {
      await this.client.send(new SendTaskSuccessCommand({ taskToken: token, output: JSON.stringify(output) }));
    } catch (error) {
      // The message names the failure, never the token.
      const message = `Step Functions SendTaskSuccess failed: ${describeAwsError(error).replaceAll(token, '<token>')}`;
      throw isTransient(error) ? new TaskTokenTransientError(message, { cause: error }) : new TaskTokenError(message, { cause: error });
    }
  }
}
