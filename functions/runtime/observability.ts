/**
 * Powertools for every process of Cairn, Lambda or not: one logger, one metrics buffer and a
 * tracer (tracing.ts in Lambda, none elsewhere), and the middy chain every Lambda starts from. The
 * HTTP edge on top of that chain (body parsing, error responses) is the handlers' own
 * (functions/handlers/middleware.ts).
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy, { type MiddlewareObj, type MiddyfiedHandler } from '@middy/core';
import type { CairnConfig } from '../shared/config.js';

/** What the functions ask of a tracer. */
export interface Tracing {
  /** The client, its calls traced as subsegments (or the client itself when tracing is off). */
  captureAWSv3Client<T>(client: T): T;
  /** A middleware that traces each invocation of one handler; none when tracing is off. */
  readonly handlerMiddleware?: () => MiddlewareObj;
}

/** Tracing off: what the CLI, `serve`, tests and benchmarks run with (Powertools' tracer is off outside Lambda too). */
export const noTracing: Tracing = { captureAWSv3Client: (client) => client };

/** Powertools for one process: one logger, one metrics buffer, one tracer. */
export interface Observability {
  logger: Logger;
  metrics: Metrics;
  tracer: Tracing;
  /** Metrics are flushed (as EMF lines on stdout) only in Lambda, so local runs print nothing extra. */
  publishMetrics: boolean;
}

/** Service name, namespace and tracing switches come from POWERTOOLS_* variables the stack sets. */
export function createObservability(config: CairnConfig, tracing: Tracing = noTracing): Observability {
  const logger = new Logger({ logLevel: config.aws.logLevel });
  return { logger, metrics: new Metrics({ logger }), tracer: tracing, publishMetrics: config.aws.inLambda };
}

/** The chain every Lambda of Cairn starts from. */
export function observed<Event, Result>(obs: Observability): MiddyfiedHandler<Event, Result> {
  const chain = middy<Event, Result>();
  const tracing = obs.tracer.handlerMiddleware?.();
  if (tracing) chain.use(tracing);
  chain.use(injectLambdaContext(obs.logger, { resetKeys: true }));
  return obs.publishMetrics ? chain.use(logMetrics(obs.metrics, { captureColdStartMetric: true })) : chain;
}
