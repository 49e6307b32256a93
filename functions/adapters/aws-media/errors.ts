/**
 * Failures of the AWS media tools, in the two kinds the executor tells apart: another attempt
 * may succeed, or it will not.
 */
import { CairnError } from '../../core/errors.js';
import { ToolInputError } from '../../core/tools/registry.js';
import { isTransient } from '../../core/transient.js';
import { describeAwsError } from '../aws/transient.js';

/**
 * Throttling, a 5xx, a model not ready, or the step's time running out while a job runs on: the
 * step is retried, and a retried transcription picks the same job up again.
 */
export class MediaServiceTransientError extends CairnError {
  static override readonly errorName: string = 'MediaServiceTransientError';
  static override readonly transient = true;
}

/**
 * The media cannot be read this way: the Transcribe job FAILED, the object is not in S3, access is
 * denied, the model refused the image. A ToolInputError, so never retried.
 */
export class MediaToolError extends ToolInputError {
  static override readonly errorName: string = 'MediaToolError';
}

/** What Transcribe and Bedrock answer when they are busy, beyond the names every AWS service uses. */
const MEDIA_TRANSIENT_NAMES = new Set([
  'LimitExceededException',
  'InternalFailureException',
  'InternalServerException',
  'ServiceUnavailableException',
  'ServiceQuotaExceededException',
  'ModelNotReadyException',
  'ModelTimeoutException',
  'ModelErrorException',
  // The step's abort signal fired (its timeout): the work may finish on the next attempt.
  'AbortError',
]);

/** An SDK failure of `operation` as one of the two kinds; Cairn's own errors pass through. */
export function mediaError(operation: string, error: unknown): CairnError {
  if (error instanceof CairnError) return error;
  const message = `${operation} failed: ${describeAwsError(error)}`;
  const transient = isTransient(error, MEDIA_TRANSIENT_NAMES);
  return transient ? new MediaServiceTransientError(message, { cause: error }) : new MediaToolError(message, { cause: error });
}
