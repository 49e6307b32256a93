/** The context object Lambda passes a handler, for tests that invoke handlers in process. */
import type { Context } from 'aws-lambda';

/** A context of the function `functionName` in eu-west-1 with 15 s left; a fresh request id unless `overrides` names one. */
export function lambdaContext(functionName: string, overrides: Partial<Context> = {}): Context {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:eu-west-1:123456789012:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: `req-${Math.random().toString(36).slice(2)}`,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: '2026/01/01/[$LATEST]test',
    getRemainingTimeInMillis: () => 15_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
    ...overrides,
  };
}
