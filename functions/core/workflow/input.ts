/**
 * The user's answer to a plan's question (POST /plans/{id}/input, `cairn answer`, the terminal's
 * prompts): checked against the question's schema, stored once, and the waiting execution resumed.
 */
import { NotWaitingForInputError, PlanConflictError, RequestValidationError } from '../errors.js';
import type { TaskTokenSender, TraceStore } from '../ports.js';
import { type AnswerSchema, validateAnswer } from '../steps/answer-schema.js';
import type { PlanRecord } from '../types.js';
import { findPlan } from './plan-view.js';

export interface InputDeps {
  store: TraceStore;
  tokens: TaskTokenSender;
}

/**
 * Takes `answer` for the question `planId` waits on and resumes its execution. Throws
 * PlanNotFoundError (404) for an unknown plan, NotWaitingForInputError (409) when the plan waits
 * for nothing (never asked, answered already, ended), RequestValidationError (400) with every
 * problem and its path when the answer does not fit the schema. Returns the record as stored.
 */
export async function submitInput(deps: InputDeps, planId: string, answer: unknown): Promise<PlanRecord> {
  const record = await findPlan(deps.store, planId);
  const question = record.question;
  if (record.status !== 'waiting_for_input' || question === undefined) {
    throw new NotWaitingForInputError(`plan ${planId} is not waiting for input (status ${record.status})`);
  }
  const issues = validateAnswer(question.schema as unknown as AnswerSchema, answer);
  if (issues.length > 0) {
    throw new RequestValidationError(
      `the answer does not match the question of step ${question.step_id}`,
      issues.map((i) => ({ path: `answer${i.path}`, message: i.message })),
    );
  }
  let stored: PlanRecord;
  try {
    // Under the store's version check: of two answers at once, one is taken and the other refused.
    stored = await deps.store.updatePlan(planId, { status: 'executing', answers: { ...record.answers, [String(question.step_id)]: answer } });
  } catch (error) {
    if (error instanceof PlanConflictError) throw new NotWaitingForInputError(`plan ${planId} is not waiting for input any more: ${error.message}`);
    throw error;
  }
  await deps.store.appendEvent(planId, { type: 'input.received', phase: 'waiting_for_input', data: { step_id: question.step_id, answer } });
  await deps.store.appendEvent(planId, { type: 'plan.status', phase: 'executing', data: { from: 'waiting_for_input', to: 'executing' } });
  // The token of this question, when AwaitInput has stored it; otherwise AwaitInput finds the answer and resumes itself.
  const token = stored.inputToken?.step_id === question.step_id ? stored.inputToken.token : undefined;
  if (token !== undefined) await deps.tokens.succeed(token, { planId, stepId: question.step_id });
  return stored;
}
