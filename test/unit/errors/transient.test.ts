import { describe, expect, it } from 'vitest';
import { TraceStoreError, TraceStoreTransientError, toStoreError } from '../../../functions/adapters/dynamodb/errors.js';
import { WorkflowStartError, WorkflowStartTransientError } from '../../../functions/adapters/sfn/errors.js';
import {
  BudgetExceededError,
  CairnError,
  ExpressionError,
  LlmFatalError,
  LlmRefusalError,
  LlmTransientError,
  PlanningFailedError,
  StepExecutionError,
} from '../../../functions/core/errors.js';
import { ToolArgumentsError, ToolInputError, ToolNotAllowedError } from '../../../functions/core/tools/registry.js';
import { failureKind, isRetryable, isTransient, isTransientStatus } from '../../../functions/core/transient.js';

/** A failure shaped like the AWS SDK's: a name, an HTTP status, and sometimes `$retryable`. */
function sdkError(name: string, status?: number, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`${name} happened`), { name, ...(status === undefined ? {} : { $metadata: { httpStatusCode: status } }), ...extra });
}

const refusedCall = {
  purpose: 'plan',
  provider: 'p',
  model: 'm',
  inputTokens: 1,
  outputTokens: 1,
  durationMs: 1,
  promptHash: '',
  stopReason: 'refusal',
} as const;

describe('Function: failureKind', () => {
  it.each([
    ['LlmTransientError', new LlmTransientError('429'), 'transient'],
    ['TraceStoreTransientError', new TraceStoreTransientError('throttled'), 'transient'],
    ['WorkflowStartTransientError', new WorkflowStartTransientError('throttled'), 'transient'],
    ['LlmFatalError', new LlmFatalError('401'), 'permanent'],
    ['LlmRefusalError (a fatal error)', new LlmRefusalError('refused', refusedCall), 'permanent'],
    ['TraceStoreError', new TraceStoreError('no table'), 'permanent'],
    ['WorkflowStartError', new WorkflowStartError('no state machine'), 'permanent'],
    ['ToolNotAllowedError', new ToolNotAllowedError('x'), 'permanent'],
    ['ToolArgumentsError', new ToolArgumentsError('x'), 'permanent'],
    ['ToolInputError', new ToolInputError('x'), 'permanent'],
    ['ExpressionError', new ExpressionError('x'), 'permanent'],
    ['StepExecutionError', new StepExecutionError('x'), 'permanent'],
    ['BudgetExceededError', new BudgetExceededError('x'), 'permanent'],
    ['a CairnError that does not say', new PlanningFailedError('x'), 'unknown'],
    ['a connection cut mid-body', new TypeError('terminated'), 'transient'],
    ['a plain Error', new Error('bug'), 'unknown'],
    ['a thrown string', 'boom', 'unknown'],
  ] as const)('classes %s as %s by its class', (_, error, kind) => {
    expect(failureKind(error)).toBe(kind);
  });

  it('lets a Cairn error’s class speak over its shape', () => {
    // A permanent error whose cause carried a 503 is still permanent: the adapter already decided.
    const error = Object.assign(new TraceStoreError('decided'), { $metadata: { httpStatusCode: 503 } });
    expect(failureKind(error)).toBe('permanent');
  });

  it.each([
    ['a throttling name', sdkError('ThrottlingException', 400)],
    ['DynamoDB capacity', sdkError('ProvisionedThroughputExceededException', 400)],
    ['an S3 slow-down', sdkError('SlowDown', 503)],
    ['a 500', sdkError('SomethingInternal', 500)],
    ['a 429', sdkError('TooMany', 429)],
    ['the SDK’s own retryable mark', sdkError('Odd', 400, { $retryable: {} })],
    ['a reset connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
    ['a DNS failure', Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' })],
  ])('classes a raw failure with %s as transient', (_, error) => {
    expect(failureKind(error)).toBe('transient');
  });

  it.each([
    ['a validation error', sdkError('ValidationException', 400)],
    ['a denied access', sdkError('AccessDeniedException', 403)],
    ['a missing key', sdkError('NoSuchKey', 404)],
    ['a refused condition', sdkError('ConditionalCheckFailedException', 400)],
  ])('does not class a raw failure with %s as transient', (_, error) => {
    expect(isTransient(error)).toBe(false);
  });

  it('adds the names one service alone uses, only for its adapter', () => {
    const busy = sdkError('ModelNotReadyException', 400);
    expect(isTransient(busy)).toBe(false);
    expect(isTransient(busy, new Set(['ModelNotReadyException']))).toBe(true);
  });
});

describe('Function: isTransientStatus', () => {
  it('is true for 408, 409, 429 and every 5xx, false for the other client errors', () => {
    expect([408, 409, 429, 500, 502, 503, 504, 529].every(isTransientStatus)).toBe(true);
    expect([400, 401, 403, 404, 413, 422].some(isTransientStatus)).toBe(false);
  });
});

describe('Function: isRetryable', () => {
  it('retries what is transient or unknown, and nothing known to be permanent', () => {
    expect(isRetryable(new LlmTransientError('x'))).toBe(true);
    expect(isRetryable(new Error('a bug, maybe a blip'))).toBe(true);
    expect(isRetryable(new CairnError('says nothing'))).toBe(true);
    expect(isRetryable(new ToolInputError('no such document'))).toBe(false);
    expect(isRetryable(new LlmFatalError('401'))).toBe(false);
  });
});

describe('Adapters use the one classifier', () => {
  it('makes a DynamoDB failure transient exactly when the classifier says so', () => {
    for (const cause of [sdkError('ThrottlingException', 400), sdkError('InternalServerError', 500), sdkError('ValidationException', 400)]) {
      const wrapped = toStoreError('PutItem t', cause);
      expect(wrapped instanceof TraceStoreTransientError, cause.name).toBe(isTransient(cause));
      expect(failureKind(wrapped), cause.name).toBe(isTransient(cause) ? 'transient' : 'permanent');
    }
  });
});
