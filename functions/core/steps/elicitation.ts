/**
 * `elicitation`: asks the user a question (`message`) whose answer follows a small JSON Schema
 * (`schema`, see answer-schema.ts). Without the answer the step pauses the plan: the executor
 * stops it and its dependents, and the workflow waits for the user. With it, the step's result is
 * the answer, read by later steps as `step_N.result.answer.<field>`.
 */
import schema from '../../../schemas/steps/elicitation.schema.json' with { type: 'json' };
import { InputRequiredError } from '../errors.js';
import type { StepDefinition } from './step.js';

export const elicitation: StepDefinition = {
  schema,
  operator: async (step, p, _inputs, ctx) => {
    const message = String(p.message);
    if (ctx.answers?.has(step.step_id) !== true) throw new InputRequiredError(step.step_id, message, p.schema as Record<string, unknown>);
    return { message, answer: ctx.answers.get(step.step_id), elicitation_method: 'user' };
  },
  // The answer is given once: asking again would not change it.
  errorPolicy: { strategy: 'abort', maxAttempts: 1, backoffMs: 0, timeoutMs: 30_000 },
  onDependencySkipped: 'skip',
  subquery: false,
  ranking: false,
  label: 'ask {"message"}',
};
