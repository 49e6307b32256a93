/**
 * The user's answer to a plan's question (POST /plans/{id}/input, `cairn answer`, the terminal's
 * prompts): checked against the question's schema, stored once, and the waiting execution resumed.
 */
import { NotWaitingForInputError, PlanConflictError, RequestValidationError } from '../errors.js';
import type { TaskTokenSender, TraceStore } from '../ports.js';
import { type AnswerSchema, validateAnswer } from '../steps/answer-schema.js';
import { jsonEqual } from '../trace/plan-patch.js';
import type { PlanRecord } from '../types.js';
import { statusEvent } from './plan-record.js';
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
  if (question !== undefined && isUnsentAnswer(record, question.step_id, answer)) {
    // The same answer again, after it was stored but the execution could not be resumed (a 503):
    // resume it now rather than refuse the retry.
    await resume(deps, record.planId, question.step_id, record.inputToken!.token);
    return record;
  }
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
    // The answer, the status and their events' numbers in one write, the events right after it.
    ({ record: stored } = await deps.store.updatePlanWithEvents(
      planId,
      { status: 'executing', answers: { ...record.answers, [String(question.step_id)]: answer } },
      [{ type: 'input.received', phase: 'waiting_for_input', data: { step_id: question.step_id, answer } }, statusEvent('waiting_for_input', 'executing')],
    ));
  } catch (error) {
    if (error instanceof PlanConflictError) throw new NotWaitingForInputError(`plan ${planId} is not waiting for input any more: ${error.message}`);
    throw error;
  }
  // The token of this question, when AwaitInput has stored it; otherwise AwaitInput finds the answer and goes on by itself.
  const token = stored.inputToken?.step_id === question.step_id ? stored.inputToken.token : undefined;
  if (token !== undefined) await resume(deps, planId, question.step_id, token);
  return stored;
}

/** Whether `answer` is the one taken for `stepId` while its execution was never resumed. */
function isUnsentAnswer(record: PlanRecord, stepId: number, answer: unknown): boolean {
  const token = record.inputToken;
  return (
    record.status === 'executing' &&
    token?.step_id === stepId &&
    token.resumed !== true &&
    record.answers?.[String(stepId)] !== undefined &&
    jsonEqual(record.answers[String(stepId)], answer)
  );
}

/** Resumes the execution, then marks the token used, so that a later identical answer is refused, not sent twice. */
async function resume(deps: InputDeps, planId: string, stepId: number, token: string): Promise<void> {
  await deps.tokens.succeed(token, { planId, stepId });
  try {
    await deps.store.updatePlan(planId, { inputToken: { step_id: stepId, token, resumed: true } });
  } catch (error) {
    // The plan may have finished already; its token is spent either way.
    if (!(error instanceof PlanConflictError)) throw error;
  }
}
