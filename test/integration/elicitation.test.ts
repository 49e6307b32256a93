/**
 * A plan that asks the user something, through the whole state machine (infra/workflow.asl.json)
 * run locally over DynamoDB Local: Execute pauses at the question, AwaitInput stores the token and
 * waits, the answer resumes it, and later steps read the answer. Also: the answer refused (schema,
 * twice, unknown plan), an answer after the process that started the plan has gone (the plan is
 * resumed from the same state), and a wait that times out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStack } from '../../cli/local-runner.js';
import { NotWaitingForInputError, PlanNotFoundError, RequestValidationError } from '../../functions/core/errors.js';
import type { PlanRecord, PlanRequest } from '../../functions/core/types.js';
import { planView, traceView } from '../../functions/core/workflow/plan-view.js';
import { localTestConfig } from '../support/local-config.js';
import { openLocalStack, stepEvents, storedEvents } from '../support/local-workflow.js';
import { askStep, llmStep, planOf, searchStep } from '../support/plans.js';

/** Asks for a city, searches it and answers; step 4 needs no answer and runs before the question. */
const askingPlan = planOf(
  askStep(1, 'Which French city?'),
  searchStep(2, 'population of {{ step_1.result.answer.city }}', [1], { parameters: { top_k: 3 } }),
  llmStep(3, 'What is the population of {{ step_1.result.answer.city }}?', [2], { parameters: { input_step: 2 } }),
  searchStep(4, 'France city population'),
);
const request = (): PlanRequest => ({ task: 'What is the population of the city?', options: { plan: askingPlan, analyze: false } });

let stack: LocalStack;

beforeAll(async () => {
  stack = await openLocalStack('elicitation');
});

afterAll(async () => {
  await stack?.close();
});

describe('Elicitation: a question to the user through the state machine', () => {
  let waiting: PlanRecord;

  it('pauses at the question with status waiting_for_input, the question in the plan view and the trace, the token in neither', async () => {
    // Act
    waiting = await stack.run(request());

    // Assess
    expect(waiting.status).toBe('waiting_for_input');
    expect(waiting.question).toMatchObject({ step_id: 1, message: 'Which French city?', schema: { required: ['city'] } });
    expect(waiting.inputToken?.step_id).toBe(1);
    const view = planView(waiting);
    expect(view.question?.message).toBe('Which French city?');
    const events = await storedEvents(stack, waiting);
    expect(events.find((e) => e.type === 'input.requested')?.data).toMatchObject({ step_id: 1, message: 'Which French city?' });
    const token = waiting.inputToken!.token;
    expect(JSON.stringify(view)).not.toContain(token);
    expect(JSON.stringify(traceView(waiting, events))).not.toContain(token);
    // What needs no answer has run; what needs it has not.
    expect(stepEvents(events, 4).map((e) => e.type)).toEqual(['step.started', 'step.completed']);
    expect(stepEvents(events, 2)).toEqual([]);
  });

  it('refuses an answer that does not fit the schema, naming every problem with its path, and keeps waiting', async () => {
    // Act
    const refused = await stack.answer(waiting.planId, { town: 'Lyon', year: 1799.5 }).catch((error: unknown) => error);

    // Assess
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect((refused as RequestValidationError).issues).toEqual([
      { path: 'answer/city', message: 'is required' },
      { path: 'answer/town', message: 'is not a field of the question (fields: city, year)' },
      { path: 'answer/year', message: 'must be an integer, got 1799.5' },
    ]);
    expect((await stack.runtime.store.getPlan(waiting.planId))?.status).toBe('waiting_for_input');
  });

  it('resumes with a valid answer: later steps read it, nothing that ran before runs again, and the plan succeeds', async () => {
    // Act
    const done = await stack.answer(waiting.planId, { city: 'Lyon' });

    // Assess
    expect(done.status).toBe('succeeded');
    expect(done.answers).toEqual({ 1: { city: 'Lyon' } });
    const events = await storedEvents(stack, done);
    expect(stepEvents(events, 2).find((e) => e.type === 'step.started')?.data?.parameters).toMatchObject({ query: 'population of Lyon' });
    expect(stepEvents(events, 4).filter((e) => e.type === 'step.started')).toHaveLength(1);
    expect(events.find((e) => e.type === 'input.received')?.data).toEqual({ step_id: 1, answer: { city: 'Lyon' } });
    expect(done.results?.answer).toContain('Lyon');
    expect(done.results?.citations).toContain('lyon');
    const statuses = events.filter((e) => e.type === 'plan.status').map((e) => e.data?.to);
    expect(statuses.slice(statuses.indexOf('executing'))).toEqual(['executing', 'waiting_for_input', 'executing', 'finalizing', 'succeeded']);
  });

  it('refuses a second answer to the same question, and an answer to an unknown plan', async () => {
    // Act
    const second = await stack.answer(waiting.planId, { city: 'Paris' }).catch((error: unknown) => error);
    const unknown = await stack.answer('p-0000000000000000', { city: 'Paris' }).catch((error: unknown) => error);

    // Assess
    expect(second).toBeInstanceOf(NotWaitingForInputError);
    expect((second as Error).message).toContain('is not waiting for input (status succeeded)');
    expect(unknown).toBeInstanceOf(PlanNotFoundError);
  });

  it('takes one answer of two sent at once', async () => {
    // Prepare
    const asked = await stack.run(request());

    // Act
    const outcomes = await Promise.allSettled([stack.answer(asked.planId, { city: 'Lyon' }), stack.answer(asked.planId, { city: 'Marseille' })]);

    // Assess
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(NotWaitingForInputError);
    const record = await stack.runtime.store.getPlan(asked.planId);
    expect(record?.status).toBe('succeeded');
    expect(Object.keys(record?.answers ?? {})).toEqual(['1']);
  });
});

describe('Elicitation: across processes and over time', () => {
  it('resumes a plan whose waiting execution ended with its process, from the same state, in the process that answers', async () => {
    // Prepare: one stack asks and closes (as `cairn run` off a terminal exits); another, on the same table, answers.
    const config = localTestConfig('elicitation-resume');
    const first = await LocalStack.open({ config });
    const asked = await first.run(request());
    await first.close();
    const second = await LocalStack.open({ config });

    try {
      // Act
      const done = await second.answer(asked.planId, { city: 'Marseille' });

      // Assess
      expect(asked.status).toBe('waiting_for_input');
      expect(done.status).toBe('succeeded');
      expect(done.results?.sources.map((s) => s.id)).toContain('marseille');
      const events = await second.runtime.store.listEvents(asked.planId);
      expect(stepEvents(events, 4).filter((e) => e.type === 'step.started')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('fails the plan with a clear reason when no answer comes before the wait times out', async () => {
    // Prepare
    const impatient = await openLocalStack('elicitation-timeout', { inputTimeoutSeconds: 1 });

    try {
      // Act
      const asked = await impatient.run(request());
      const ended = await waitForStatus(impatient, asked.planId, 'failed', 10_000);

      // Assess
      expect(asked.status).toBe('waiting_for_input');
      expect(ended.error).toMatchObject({ name: 'States.Timeout', phase: 'waiting_for_input' });
      expect(ended.error?.message).toMatch(/^no answer came to the question of step 1 \(asked .*\) before the wait timed out$/);
      const late = await impatient.answer(asked.planId, { city: 'Lyon' }).catch((error: unknown) => error);
      expect(late).toBeInstanceOf(NotWaitingForInputError);
    } finally {
      await impatient.close();
    }
  });
});

async function waitForStatus(on: LocalStack, planId: string, status: PlanRecord['status'], timeoutMs: number): Promise<PlanRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await on.runtime.store.getPlan(planId);
    if (record?.status === status) return record;
    if (Date.now() > deadline) throw new Error(`plan ${planId} is ${record?.status}, not ${status}, after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
