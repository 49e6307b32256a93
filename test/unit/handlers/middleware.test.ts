/** The middy chains of runtime/observability.ts and handlers/middleware.ts: Powertools around every handler, and HTTP errors at the edge. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TraceStoreTransientError } from '../../../functions/adapters/dynamodb/errors.js';
import { WorkflowStartError, WorkflowStartTransientError } from '../../../functions/adapters/sfn/errors.js';
import { InvalidInputError, PlanNotFoundError, RequestValidationError } from '../../../functions/core/errors.js';
import { problemOf } from '../../../functions/handlers/middleware.js';
import { createObservability, observed } from '../../../functions/runtime/observability.js';
import { loadConfig } from '../../../functions/shared/config.js';
import { lambdaContext } from '../../support/lambda-context.js';

const context = lambdaContext('Cairn-Analyze', { awsRequestId: 'req-1' });

/** Every line the Powertools consoles wrote to stdout while `act` ran. */
async function stdoutOf(act: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(
      ...String(chunk)
        .split('\n')
        .filter((l) => l.trim() !== ''),
    );
    return true;
  });
  try {
    await act();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Function: observed', () => {
  it('in Lambda, logs JSON with the invocation context and publishes metrics with the cold start', async () => {
    // Prepare
    vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'cairn');
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'Cairn');
    // Lambda sets it; Powertools counts a cold start only for on-demand initialization.
    vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
    const obs = createObservability(loadConfig({ AWS_LAMBDA_FUNCTION_NAME: 'Cairn-Analyze' }));
    const handler = observed<{ planId: string }, string>(obs).handler(async (event) => {
      obs.logger.info('phase done', { planId: event.planId });
      obs.metrics.addMetric('PlansStarted', 'Count', 1);
      return 'ok';
    });

    // Act
    let result: unknown;
    const lines = await stdoutOf(async () => {
      result = await handler({ planId: 'p-1' }, context);
    });

    // Assess
    expect(result).toBe('ok');
    const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.find((r) => r.message === 'phase done')).toMatchObject({
      level: 'INFO',
      service: 'cairn',
      function_name: 'Cairn-Analyze',
      function_request_id: 'req-1',
      planId: 'p-1',
    });
    const metricNames = records.flatMap((r) =>
      ((r._aws as { CloudWatchMetrics?: Array<{ Metrics: Array<{ Name: string }> }> } | undefined)?.CloudWatchMetrics ?? []).flatMap((m) =>
        m.Metrics.map((x) => x.Name),
      ),
    );
    expect(metricNames).toEqual(expect.arrayContaining(['ColdStart', 'PlansStarted']));
  });

  it('outside Lambda, writes nothing to stdout (the CLI prints JSON there)', async () => {
    // Prepare
    const obs = createObservability(loadConfig({}));
    const handler = observed<object, string>(obs).handler(async () => {
      obs.logger.info('quiet');
      obs.metrics.addMetric('PlansStarted', 'Count', 1);
      return 'ok';
    });

    // Act
    const lines = await stdoutOf(() => handler({}, context));

    // Assess
    expect(lines).toEqual([]);
  });
});

describe('Function: problemOf', () => {
  it.each([
    [
      new RequestValidationError('invalid', [{ path: 'task', message: 'is empty' }]),
      400,
      { message: 'invalid request', errors: [{ path: 'task', message: 'is empty' }] },
    ],
    [new InvalidInputError('the task is empty'), 400, { message: 'the task is empty', errors: [{ path: '(root)', message: 'the task is empty' }] }],
    [new PlanNotFoundError('plan "p-1" not found'), 404, { message: 'plan "p-1" not found' }],
    [new TraceStoreTransientError('DynamoDB PutItem failed: ThrottlingException'), 503, { message: 'the service is busy; retry the request' }],
    [new WorkflowStartTransientError('StartExecution failed: ThrottlingException'), 503, { message: 'the service is busy; retry the request' }],
  ])('answers %s with %i and no internals', (error, statusCode, body) => {
    expect(problemOf(error)).toMatchObject({ statusCode, body });
  });

  it('leaves anything else to be a 500', () => {
    expect(problemOf(new WorkflowStartError('AccessDenied on arn:aws:states:...'))).toBeUndefined();
    expect(problemOf(new TypeError('x is undefined'))).toBeUndefined();
  });
});
