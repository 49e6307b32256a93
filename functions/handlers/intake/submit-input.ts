/**
 * `POST /plans/{id}/input`: the user's answer to the question a plan waits on, in the body as
 * `{"answer": {...}}`. 200 with the plan's status once the answer is taken and the execution
 * resumed; 400 with every problem and its path when the answer does not fit the question's schema;
 * 409 when the plan waits for no answer (a second answer included); 404 for an unknown plan.
 */
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { RequestValidationError } from '../../core/errors.js';
import { type InputDeps, submitInput } from '../../core/workflow/input.js';
import type { IntakeRuntime } from '../../runtime/intake.js';
import type { Observability } from '../../runtime/observability.js';
import { tokensOf } from '../../runtime/start.js';
import { type HttpResult, httpObserved, json } from '../middleware.js';

type SubmitInputEvent = Omit<APIGatewayProxyEventV2, 'body'> & { body: unknown };

export async function postInput(deps: InputDeps, obs: Observability, event: SubmitInputEvent): Promise<HttpResult> {
  const body = event.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('answer' in body)) {
    throw new RequestValidationError('invalid request', [{ path: 'answer', message: 'the body must be a JSON object with the answer in "answer"' }]);
  }
  const extra = Object.keys(body).filter((key) => key !== 'answer');
  if (extra.length > 0)
    throw new RequestValidationError(
      'invalid request',
      extra.map((key) => ({ path: key, message: 'is not a field of an answer request' })),
    );
  const planId = event.pathParameters?.id ?? '';
  const record = await submitInput(deps, planId, (body as { answer: unknown }).answer);
  obs.logger.info('input received', { planId: record.planId });
  obs.metrics.addMetric('InputsReceived', 'Count', 1);
  return json(200, { planId: record.planId, status: record.status });
}

/** The `POST /plans/{id}/input` handler over `rt`: the answer resumes the execution through the runtime's token sender. */
export function makeSubmitInputHandler(rt: IntakeRuntime) {
  const deps: InputDeps = { store: rt.store, tokens: tokensOf(rt) };
  return (
    httpObserved(rt.observability)
      .use(httpJsonBodyParser())
      // The body parser has replaced the body text with the JSON value it holds.
      .handler((event) => postInput(deps, rt.observability, event as unknown as SubmitInputEvent))
  );
}
