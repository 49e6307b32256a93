/**
 * The elicitation step and its answer schema: what a plan may ask (the subset checked by the
 * validator), how an answer is checked (every problem with its path), how a typed entry becomes a
 * value, how the executor pauses at an unanswered question and goes on once it is answered, and
 * the patch rule that takes one answer only from a plan waiting for it.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { askInTerminal, describeQuestion } from '../../../cli/ask.js';
import { InputAlreadyGivenError, PlanConflictError } from '../../../functions/core/errors.js';
import { executePlan } from '../../../functions/core/executor/run-plan.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import { createCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { type AnswerSchema, parseFieldInput, validateAnswer } from '../../../functions/core/steps/answer-schema.js';
import { applyPlanPatch } from '../../../functions/core/trace/plan-patch.js';
import type { PlanRecord } from '../../../functions/core/types.js';
import { awaitInputPhase } from '../../../functions/core/workflow/await-input.js';
import type { PhaseDeps } from '../../../functions/core/workflow/deps.js';
import { executionContext, noLlm } from '../../support/executor.js';
import { askStep, CITY_QUESTION, planOf, receivedPlan, searchStep } from '../../support/plans.js';
import { localTools } from '../../support/tools.js';

const schema = CITY_QUESTION as unknown as AnswerSchema;

describe('Function: validateAnswer', () => {
  it.each([
    ['a valid answer', { city: 'Lyon', year: 2020 }, []],
    ['the optional field left out', { city: 'Paris' }, []],
    ['a required field missing', { year: 2020 }, [{ path: '/city', message: 'is required' }]],
    ['a value outside the enum', { city: 'Berlin' }, [{ path: '/city', message: 'must be one of "Lyon", "Marseille", "Paris", got "Berlin"' }]],
    ['a number below the minimum', { city: 'Lyon', year: 1700 }, [{ path: '/year', message: 'must be at least 1800, got 1700' }]],
    ['a fraction for an integer', { city: 'Lyon', year: 2020.5 }, [{ path: '/year', message: 'must be an integer, got 2020.5' }]],
    ['a string for a number', { city: 'Lyon', year: '2020' }, [{ path: '/year', message: 'must be a number, got the string "2020"' }]],
    ['a field not asked for', { city: 'Lyon', town: 'x' }, [{ path: '/town', message: 'is not a field of the question (fields: city, year)' }]],
    ['not an object', 'Lyon', [{ path: '', message: 'must be an object, got string' }]],
    ['null', null, [{ path: '', message: 'must be an object, got null' }]],
  ])('%s', (_, answer, issues) => {
    expect(validateAnswer(schema, answer)).toEqual(issues);
  });

  it('checks string lengths and booleans', () => {
    const s: AnswerSchema = { type: 'object', properties: { note: { type: 'string', minLength: 2, maxLength: 3 }, ok: { type: 'boolean' } } };
    expect(validateAnswer(s, { note: 'a', ok: 'yes' })).toEqual([
      { path: '/note', message: 'must have at least 2 character(s)' },
      { path: '/ok', message: 'must be true or false, got the string "yes"' },
    ]);
    expect(validateAnswer(s, { note: 'abcd' })).toEqual([{ path: '/note', message: 'must have at most 3 character(s)' }]);
  });
});

describe('Function: parseFieldInput', () => {
  it('reads numbers and yes/no, keeps what it cannot read for the validator to name, and takes an empty entry as the default', () => {
    expect(parseFieldInput({ type: 'integer' }, ' 42 ')).toBe(42);
    expect(parseFieldInput({ type: 'number' }, 'lots')).toBe('lots');
    expect(parseFieldInput({ type: 'boolean' }, 'Yes')).toBe(true);
    expect(parseFieldInput({ type: 'boolean' }, 'n')).toBe(false);
    expect(parseFieldInput({ type: 'string', default: 'Lyon' }, '  ')).toBe('Lyon');
    expect(parseFieldInput({ type: 'string' }, '')).toBeUndefined();
  });
});

describe('Plan validation of elicitation steps', () => {
  it('accepts the subset: a flat object of typed fields', () => {
    expect(validatePlan(planOf(askStep(1, 'Which city?'))).errors).toEqual([]);
  });

  it('refuses nested fields, unknown keywords and a schema that is not an object', () => {
    const nested = { type: 'object', properties: { place: { type: 'object', properties: {} } } };
    const pattern = { type: 'object', properties: { city: { type: 'string', pattern: '(a+)+$' } } };
    const errors = (s: Record<string, unknown>) => validatePlan(planOf(askStep(1, 'Which city?', [], s))).errors;
    expect(errors(nested).map((e) => e.path)).toContain('plan.0.parameters.schema.properties.place.type');
    expect(errors(pattern).length).toBeGreaterThan(0);
    expect(errors({ type: 'array', items: {} }).length).toBeGreaterThan(0);
  });

  it('names what the schema cannot say: required names a field, enums and bounds agree with the type', () => {
    const s = {
      type: 'object',
      properties: { year: { type: 'integer', minimum: 2030, maximum: 1800, enum: ['soon'] }, flag: { type: 'boolean', minLength: 1 } },
      required: ['city'],
    };
    const errors = validatePlan(planOf(askStep(1, 'When?', [], s))).errors.filter((e) => e.source === 'semantic');
    expect(errors.map((e) => [e.path, e.message])).toEqual([
      ['plan.0.parameters.schema.required.0', 'names "city", which is not among the properties'],
      ['plan.0.parameters.schema.properties.year.minimum', 'minimum 2030 is above maximum 1800'],
      ['plan.0.parameters.schema.properties.year.enum.0', 'must be a number, got the string "soon"'],
      ['plan.0.parameters.schema.properties.flag', 'minLength and maxLength apply to strings, not to a boolean'],
    ]);
  });
});

describe('Execution: a plan that asks', () => {
  const index = createCorpusIndex([{ id: 'lyon', title: 'Lyon', text: 'Lyon has about 522,000 inhabitants.' }]);
  const plan = planOf(askStep(1, 'Which city?'), searchStep(2, 'inhabitants of {{ step_1.result.answer.city }}', [1]), searchStep(3, 'Lyon'));
  const context = (answers?: Map<number, unknown>) =>
    executionContext({ task: 'How many inhabitants?', index, llm: noLlm, tools: localTools(), ...(answers ? { answers } : {}) });

  it('pauses at an unanswered question: the question is returned, its dependents wait, the rest runs', async () => {
    // Act
    const outcome = await executePlan(plan, context());

    // Assess
    expect(outcome.status).toBe('waiting');
    expect(outcome.questions).toEqual([{ step_id: 1, message: 'Which city?', schema: CITY_QUESTION }]);
    expect(outcome.outputs.map((o) => [o.step_id, o.status])).toEqual([[3, 'succeeded']]);
  });

  it('goes on with the answer: the step gives it as its result and templates read it; kept outputs are not run again', async () => {
    // Prepare
    const first = await executePlan(plan, context());
    const started: number[] = [];

    // Act
    const outcome = await executePlan(plan, {
      ...context(new Map([[1, { city: 'Lyon' }]])),
      keep: new Map(first.outputs.map((o) => [o.step_id, o])),
      hooks: { onStepStart: (s) => void started.push(s.step_id) },
    });

    // Assess
    expect(outcome.status).toBe('succeeded');
    expect(outcome.outputs.find((o) => o.step_id === 1)?.result).toEqual({ message: 'Which city?', answer: { city: 'Lyon' }, elicitation_method: 'user' });
    expect(outcome.outputs.find((o) => o.step_id === 2)?.result.query).toBe('inhabitants of Lyon');
    expect(started.sort()).toEqual([1, 2]);
  });

  it('lets a failure win over a question: the plan fails rather than waits', async () => {
    const failing = planOf(askStep(1, 'Which city?'), { step_id: 2, type: 'tool_call', parameters: { tool: 'no.such.tool', args: {} }, on_error: 'abort' });
    const outcome = await executePlan(failing, context());
    expect(outcome.status).toBe('failed');
  });
});

describe('Patch rule: one answer, from a plan that waits for it', () => {
  const now = new Date('2030-01-02T03:04:05.000Z');
  const waiting = receivedPlan({ planId: 'p-1', status: 'waiting_for_input' });

  it('takes an answer from a waiting plan', () => {
    const next = applyPlanPatch(waiting, { status: 'executing', answers: { 1: { city: 'Lyon' } } }, now);
    expect(next).toMatchObject({ status: 'executing', answers: { 1: { city: 'Lyon' } }, version: 2 });
  });

  it('refuses an answer once the plan executes again (a second answer, or one raced by another)', () => {
    const answered: PlanRecord = { ...waiting, status: 'executing', answers: { 1: { city: 'Lyon' } } };
    expect(() => applyPlanPatch(answered, { status: 'executing', answers: { 1: { city: 'Paris' } } }, now)).toThrow(PlanConflictError);
    // Patches that leave the answers as they are go through.
    expect(applyPlanPatch(answered, { answers: { 1: { city: 'Lyon' } }, status: 'finalizing' }, now).status).toBe('finalizing');
  });
});

describe('Phase: AwaitInput', () => {
  const storeWith = (record: PlanRecord) => {
    let current = record;
    return {
      getPlan: async () => current,
      updatePlan: async (_: string, patch: Partial<PlanRecord>) => {
        current = applyPlanPatch(current, patch, new Date());
        return current;
      },
      current: () => current,
    };
  };

  it('stores the token with the plan and waits', async () => {
    const store = storeWith(receivedPlan({ planId: 'p-2', status: 'waiting_for_input' }));
    const out = await awaitInputPhase({ store } as unknown as PhaseDeps, { planId: 'p-2', stepId: 1, taskToken: 'token-1' });
    expect(out).toEqual({ planId: 'p-2', stepId: 1 });
    expect(store.current().inputToken).toEqual({ step_id: 1, token: 'token-1' });
  });

  it('goes straight on when the answer came before the token was stored', async () => {
    const store = storeWith(receivedPlan({ planId: 'p-3', status: 'executing', answers: { 1: { city: 'Lyon' } } }));
    await expect(awaitInputPhase({ store } as unknown as PhaseDeps, { planId: 'p-3', stepId: 1, taskToken: 't' })).rejects.toThrow(InputAlreadyGivenError);
  });
});

describe('Terminal: the question asked field by field', () => {
  const question = { step_id: 1, message: 'Which city?', schema: { ...CITY_QUESTION }, askedAt: '2030-01-02T03:04:05.000Z' };

  it('asks each field, explains a wrong answer and asks again, then returns a valid answer', async () => {
    // Prepare
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = '';
    output.on('data', (chunk: Buffer) => {
      shown += chunk.toString('utf8');
    });
    const typed = ['Berlin', '', 'Lyon', '2020'];
    const answering = askInTerminal(question, { input, output });
    for (const line of typed) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      input.write(`${line}\n`);
    }

    // Act
    const answer = await answering;

    // Assess
    expect(answer).toEqual({ city: 'Lyon', year: 2020 });
    expect(shown).toContain('City (string, one of Lyon | Marseille | Paris): ');
    expect(shown).toContain('city: must be one of "Lyon", "Marseille", "Paris", got "Berlin"');
    expect(shown).toContain('Please answer again.');
  });

  it('describes the question with the command that answers it', () => {
    expect(describeQuestion('p-9', question).split('\n')).toEqual([
      'Question (step 1): Which city?',
      '  city: City (string, one of Lyon | Marseille | Paris)',
      '  year: year (integer, 1800 to 2030, optional)',
      `Answer: npm start -- answer p-9 --json '{"city":"Lyon","year":1800}'`,
    ]);
  });
});
