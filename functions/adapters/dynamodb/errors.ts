/**
 * DynamoDB failures as Cairn errors. Conditional-check failures are domain outcomes and become
 * PlanExistsError / PlanConflictError / PlanNotFoundError where they happen; everything else
 * becomes one of these, with the SDK error as `cause`. The names are what Step Functions' Retry
 * matches: TraceStoreTransientError is worth retrying, TraceStoreError is not.
 */
import { CairnError } from '../../core/errors.js';
import { isTransient } from '../../core/transient.js';

/** A DynamoDB call failed for a reason retrying will not fix (validation, access, missing table). */
export class TraceStoreError extends CairnError {
  static override readonly errorName: string = 'TraceStoreError';
  static override readonly transient: boolean | undefined = false;
}

/** A DynamoDB call failed for a reason that may pass: throttling, a 5xx, a timeout, a dropped connection. */
export class TraceStoreTransientError extends TraceStoreError {
  static override readonly errorName: string = 'TraceStoreTransientError';
  static override readonly transient = true;
}

export function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

export function isConditionalFailure(error: unknown): boolean {
  return errorName(error) === 'ConditionalCheckFailedException';
}

/** Why DynamoDB cancelled a transaction: one code per action, in order ('None' for an action that was fine). */
function cancellationCodes(error: unknown): string[] {
  if (errorName(error) !== 'TransactionCanceledException') return [];
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

/** A transaction cancelled because the condition of its action number `index` failed. */
export function isCancelledByCondition(error: unknown, index = 0): boolean {
  return cancellationCodes(error)[index] === 'ConditionalCheckFailed';
}

/** A transaction cancelled because another write to one of its items was under way: worth another try, later. */
export function isCancelledByConflict(error: unknown): boolean {
  return cancellationCodes(error).includes('TransactionConflict');
}

/** Codes for a cancelled transaction that another attempt may get through: a conflict with another write, throttling. */
const PASSING_CANCELLATIONS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded']);

/** Wraps an SDK failure of `operation` (e.g. `PutItem cairn-traces`), keeping it as `cause`. */
export function toStoreError(operation: string, error: unknown): TraceStoreError {
  if (error instanceof TraceStoreError) return error;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const message = `DynamoDB ${operation} failed: ${detail}`;
  const passing = cancellationCodes(error).some((code) => PASSING_CANCELLATIONS.has(code));
  return passing || isTransient(error) ? new TraceStoreTransientError(message, { cause: error }) : new TraceStoreError(message, { cause: error });
}
