/**
 * X-Ray tracing through Powertools, for the Lambda processes only (runtime/lambda.ts builds their
 * runtimes with it). Kept out of observability.ts so that what builds its own runtime (the CLI,
 * `serve`, tests, benchmarks) never loads the X-Ray SDK: Powertools turns its tracer off outside
 * Lambda anyway, yet loading the SDK alone installs an async hook that tracks the creation and
 * destruction of every promise in the process, which slowed a local run by a tenth.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj } from '@middy/core';
import type { Tracing } from './observability.js';

/** Powertools' tracer: AWS SDK calls as subsegments, each invocation as the handler's subsegment. */
export function powertoolsTracing(): Tracing {
  const tracer = new Tracer();
  return {
    captureAWSv3Client: (client) => tracer.captureAWSv3Client(client),
    handlerMiddleware: () => captureLambdaHandler(tracer) as MiddlewareObj,
  };
}
