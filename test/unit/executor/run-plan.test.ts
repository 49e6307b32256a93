import { beforeAll, describe, expect, it } from 'vitest';

import { buildPlan } from '../../../functions/adapters/llm/rule-based/plan-builder.js';
import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import { readTask } from '../../../functions/adapters/llm/rule-based/reading.js';
import { type ExecutionContext, type ExecutionHooks, executePlan } from '../../../functions/core/executor/run-plan.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import type { CorpusIndex, LlmProvider } from '../../../functions/core/ports.js';
import { EXECUTABLE_STEP_TYPES } from '../../../functions/core/steps/index.js';
import type { DecompositionStep, StepOutput } from '../../../functions/core/types.js';
import { miniCorpusIndex } from '../../support/corpus.js';
import { EXECUTION_TIME, executionContext } from '../../support/executor.js';
import { instructionOf, ScriptedLlm } from '../../support/llm.js';
import { llmStep, outputOfStep, planOf, type StepInput, searchStep } from '../../support/plans.js';

/** An LLM whose answer is a function of the llm_call's instruction ("answer to <instruction>" unless told). */
const scriptedLlm = (behave: (instruction: string) => Promise<string> | string = (i) => `answer to ${i}`) =>
  new ScriptedLlm((request) => behave(instructionOf(request)));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A keyword search for the three best matches. */
const search = (id: number, query: string, dependencies: number[] = [], extra: Partial<DecompositionStep> = {}): StepInput =>
  searchStep(id, query, dependencies, { ...extra, parameters: { top_k: 3, ...extra.parameters } });

/** Hooks that record `start:N` / `end:N` in order, and the parameters each step started with. */
function recordingHooks(onStart?: (step: DecompositionStep) => void) {
  const events: string[] = [];
  const started = new Map<number, Record<string, unknown>>();
  const ended: StepOutput[] = [];
  const hooks: ExecutionHooks = {
    onStepStart: (s, parameters) => {
      events.push(`start:${s.step_id}`);
      started.set(s.step_id, parameters);
      onStart?.(s);
    },
    onStepEnd: (output) => {
      events.push(`end:${output.step_id}`);
      ended.push(output);
    },
  };
  return { events, started, ended, hooks };
}

describe('Function: executePlan', () => {
  let index: CorpusIndex;
  const context = (llm: LlmProvider, extra: Partial<ExecutionContext> = {}): ExecutionContext =>
    executionContext({ task: 'How high is Mount Everest?', index, llm, ...extra });

  beforeAll(async () => {
    index = await miniCorpusIndex();
  });

  describe('dataflow', () => {
    it('starts a fast branch’s dependent before a slow unrelated branch ends', async () => {
      // Prepare: the slow call only returns once step 3 has started (or after 2 s, which a
      // layer-by-layer executor would need: step 3 is in the same layer as step 4).
      let releaseSlow: (() => void) | undefined;
      const step3Started = new Promise<void>((resolve) => (releaseSlow = resolve));
      let releasedBy = 'timeout';
      const llm = scriptedLlm(async (instruction) => {
        if (instruction === 'slow') {
          await Promise.race([step3Started.then(() => (releasedBy = 'step 3')), sleep(2000)]);
        }
        return `done: ${instruction}`;
      });
      const { events, hooks } = recordingHooks((s) => {
        if (s.step_id === 3) releaseSlow?.();
      });
      const plan = planOf(
        llmStep(1, 'slow'),
        search(2, 'Everest'),
        { step_id: 3, type: 'rerank', parameters: { input_step: 2 }, dependencies: [2] },
        llmStep(4, 'after slow', [1], { parameters: { prompt: 'after slow', input_step: 1 } }),
      );

      // Act
      const outcome = await executePlan(plan, context(llm, { hooks }));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(releasedBy).toBe('step 3');
      expect(events.indexOf('start:3')).toBeLessThan(events.indexOf('end:1'));
      expect(events.indexOf('end:3')).toBeLessThan(events.indexOf('end:1'));
      expect(events.indexOf('end:1')).toBeLessThan(events.indexOf('start:4'));
    });

    it.each([1, 2, 3])('never runs more than %i steps at once (concurrency cap)', async (cap) => {
      // Prepare
      const llm = scriptedLlm(async (instruction) => {
        await sleep(15);
        return instruction;
      });
      let running = 0;
      let maxRunning = 0;
      const hooks: ExecutionHooks = {
        onStepStart: () => {
          running++;
          maxRunning = Math.max(maxRunning, running);
        },
        onStepEnd: () => {
          running--;
        },
      };
      const plan = planOf(...[1, 2, 3, 4, 5, 6].map((id) => llmStep(id, `q${id}`)));

      // Act
      const outcome = await executePlan(plan, context(llm, { concurrency: cap, hooks }));

      // Assess: the cap is reached, never passed.
      expect(outcome.status).toBe('succeeded');
      expect(llm.maxRunning).toBe(cap);
      expect(maxRunning).toBe(cap);
      expect(outcome.llmCalls).toHaveLength(6);
    });

    it('treats a concurrency below 1 as 1', async () => {
      // Prepare
      const llm = scriptedLlm(async (instruction) => {
        await sleep(5);
        return instruction;
      });

      // Act
      const outcome = await executePlan(planOf(llmStep(1, 'a'), llmStep(2, 'b'), llmStep(3, 'c')), context(llm, { concurrency: 0 }));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(llm.maxRunning).toBe(1);
    });
  });

  describe('conditions and skips', () => {
    const skipPlan = () =>
      planOf(
        search(1, 'Mount Everest'),
        { step_id: 2, type: 'conditional', parameters: { expression: 'step_1.result.count > 100' }, dependencies: [1] },
        search(3, 'K2', [2], { condition: "step_2.result['run'] == True" }),
        { step_id: 4, type: 'rerank', parameters: { input_step: 3 }, dependencies: [3] },
        { step_id: 5, type: 'aggregate', parameters: { input_steps: [1, 3], method: 'union' }, dependencies: [1, 3] },
        llmStep(6, 'Answer anyway', [3], { parameters: { prompt: 'Answer anyway', input_step: 3 } }),
        { step_id: 7, type: 'aggregate', parameters: { input_steps: [1, 3], method: 'union' }, dependencies: [1, 3], on_dependency_skipped: 'skip' },
        { step_id: 8, type: 'filter', parameters: { input_step: 3, max_results: 1 }, dependencies: [3], on_dependency_skipped: 'continue' },
        search(9, 'Nile', [4]),
      );

    it('records a step whose condition is false as skipped, with the condition and the reason', async () => {
      // Prepare
      const plan = skipPlan();
      expect(validatePlan(plan).valid).toBe(true);

      // Act
      const outcome = await executePlan(plan, context(scriptedLlm()));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 2).result.run).toBe(false);
      expect(outputOfStep(outcome.outputs, 3)).toEqual({
        step_id: 3,
        type: 'keyword_search',
        status: 'skipped',
        skipped: true,
        condition: "step_2.result['run'] == True",
        reason: "condition is false: step_2.result['run'] == True",
        result: {},
        startedAt: EXECUTION_TIME.toISOString(),
        endedAt: EXECUTION_TIME.toISOString(),
        durationMs: 0,
        attempts: 0,
      });
    });

    it('skips dependents by default and lets aggregate and llm_call continue', async () => {
      // Act
      const outcome = await executePlan(skipPlan(), context(scriptedLlm()));

      // Assess
      expect(outcome.outputs.map((o) => [o.step_id, o.status])).toEqual([
        [1, 'succeeded'],
        [2, 'succeeded'],
        [3, 'skipped'],
        [4, 'skipped'],
        [5, 'succeeded'],
        [6, 'succeeded'],
        [7, 'skipped'],
        [8, 'succeeded'],
        [9, 'skipped'],
      ]);
      expect(outputOfStep(outcome.outputs, 4).reason).toBe('dependency step 3 was skipped');
      expect(outputOfStep(outcome.outputs, 9).reason).toBe('dependency step 4 was skipped');
      expect(outputOfStep(outcome.outputs, 7).reason).toBe('dependency step 3 was skipped');
      const aggregate = outputOfStep(outcome.outputs, 5).result;
      expect(aggregate.input_steps).toEqual([1]);
      expect(aggregate.missing_inputs).toEqual([3]);
      expect((aggregate.documents as Array<{ id: string }>).map((d) => d.id)).toEqual(
        (outputOfStep(outcome.outputs, 1).result.documents as Array<{ id: string }>).map((d) => d.id),
      );
      expect(outputOfStep(outcome.outputs, 8).result.count).toBe(0);
      expect(outputOfStep(outcome.outputs, 6).result.read_documents).toEqual([]);
    });

    it('runs a step whose condition holds and keeps the condition on its output', async () => {
      // Prepare
      const plan = planOf(
        search(1, 'Mount Everest'),
        { step_id: 2, type: 'conditional', parameters: { expression: 'step_1.result.count > 0' }, dependencies: [1] },
        search(3, 'K2', [2], { condition: "step_2.result['run'] == True" }),
      );

      // Act
      const outcome = await executePlan(plan, context(scriptedLlm()));

      // Assess
      expect(outputOfStep(outcome.outputs, 3)).toMatchObject({ status: 'succeeded', condition: "step_2.result['run'] == True", attempts: 1 });
      expect(outputOfStep(outcome.outputs, 3).skipped).toBeUndefined();
    });

    it('lets a condition and a conditional expression read an ancestor that is not a direct dependency', async () => {
      // Prepare: both are valid plans (the validator allows transitive references).
      const plan = planOf(
        search(1, 'Mount Everest'),
        { step_id: 2, type: 'rerank', parameters: { input_step: 1 }, dependencies: [1] },
        search(3, 'K2', [2], { condition: 'step_1.result.count > 0' }),
        { step_id: 4, type: 'conditional', parameters: { expression: 'step_1.result.count > 0' }, dependencies: [2] },
      );
      expect(validatePlan(plan)).toEqual({ valid: true, errors: [] });

      // Act
      const outcome = await executePlan(plan, context(scriptedLlm()));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 3).status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 4).result.run).toBe(true);
    });
  });

  describe('failure (abort)', () => {
    it('aborts: steps not yet started are skipped with a reason naming the failed step', async () => {
      // Prepare
      const llm = scriptedLlm((instruction) => {
        if (instruction === 'boom') throw new Error('model exploded\n  at somewhere');
        return 'ok';
      });
      const { events, hooks } = recordingHooks();
      const plan = planOf(llmStep(1, 'boom', [], { on_error: 'abort' }), search(2, 'Everest'), search(3, 'K2', [1]), llmStep(4, 'later', [2, 3]));

      // Act
      const outcome = await executePlan(plan, context(llm, { concurrency: 1, hooks }));

      // Assess
      expect(outcome.status).toBe('failed');
      expect(outcome.failedStep).toBe(1);
      expect(outcome.error).toBe('model exploded at somewhere');
      expect(outputOfStep(outcome.outputs, 1)).toMatchObject({ status: 'failed', error: 'model exploded at somewhere', attempts: 1 });
      for (const id of [2, 3, 4]) {
        expect(outputOfStep(outcome.outputs, id)).toMatchObject({ status: 'skipped', skipped: true, reason: 'not run: step 1 failed and the plan aborted' });
      }
      expect(events.filter((e) => e.startsWith('start:'))).toEqual(['start:1']);
    });

    it('lets a step that was already running finish when another fails', async () => {
      // Prepare
      const llm = scriptedLlm(async (instruction) => {
        if (instruction === 'boom') throw new Error('bad gateway');
        await sleep(30);
        return 'slow but fine';
      });
      const plan = planOf(llmStep(1, 'slow'), llmStep(2, 'boom', [], { on_error: 'abort' }), search(3, 'Everest', [1]));

      // Act
      const outcome = await executePlan(plan, context(llm, { concurrency: 2 }));

      // Assess
      expect(outcome.outputs.map((o) => [o.step_id, o.status])).toEqual([
        [1, 'succeeded'],
        [2, 'failed'],
        [3, 'skipped'],
      ]);
      expect(outcome.failedStep).toBe(2);
      expect(outputOfStep(outcome.outputs, 3).reason).toBe('not run: step 2 failed and the plan aborted');
    });

    it('aborts when a condition cannot be evaluated', async () => {
      // Prepare: comparing a number with a string is an error in the condition language.
      const plan = planOf(search(1, 'Everest'), search(2, 'K2', [1], { condition: "step_1.result.count > 'x'" }), search(3, 'Nile', [1]));

      // Act
      const outcome = await executePlan(plan, context(scriptedLlm(), { concurrency: 1 }));

      // Assess
      expect(outcome.status).toBe('failed');
      expect(outcome.failedStep).toBe(2);
      expect(outputOfStep(outcome.outputs, 2).error).toMatch(/^condition "step_1.result.count > 'x'" could not be evaluated: /);
      expect(outputOfStep(outcome.outputs, 3)).toMatchObject({ status: 'skipped', reason: 'not run: step 2 failed and the plan aborted' });
    });

    it('fails a search whose rendered query is empty', async () => {
      // Prepare: step 1 finds nothing, so the template renders to an empty string.
      const plan = planOf(search(1, 'zzzzqqq'), search(2, '{{ step_1.result.documents[0].title }}', [1]));

      // Act
      const outcome = await executePlan(plan, context(scriptedLlm()));

      // Assess
      expect(outcome.status).toBe('failed');
      expect(outcome.error).toBe('step 2: the query is empty after rendering its template');
    });
  });

  describe('retries and error strategies', () => {
    it('retries a failing llm_call and records the attempts it took', async () => {
      // Prepare
      let calls = 0;
      const llm = scriptedLlm(() => {
        calls++;
        if (calls < 3) throw new Error(`overloaded ${calls}`);
        return 'third time lucky';
      });
      const retries: string[] = [];
      const hooks: ExecutionHooks = { onStepRetry: (s, attempt, error, delayMs) => void retries.push(`${s.step_id}:${attempt}:${error}:${delayMs}`) };
      const plan = planOf(llmStep(1, 'flaky', [], { retry: { max_attempts: 3, backoff_ms: 1 } }));

      // Act
      const outcome = await executePlan(plan, context(llm, { hooks }));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 1)).toMatchObject({ status: 'succeeded', attempts: 3, result: { text: 'third time lucky' } });
      expect(retries).toEqual(['1:1:overloaded 1:1', '1:2:overloaded 2:2']);
    });

    it('records a step whose error strategy is skip as skipped with its error, and goes on', async () => {
      // Prepare
      const llm = scriptedLlm(() => {
        throw new Error('no model today');
      });
      const plan = planOf(llmStep(1, 'doomed', [], { on_error: 'skip' }), search(2, 'Everest'), search(3, 'K2', [1]));

      // Act
      const outcome = await executePlan(plan, context(llm));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 1)).toMatchObject({ status: 'skipped', skipped: true, attempts: 1, error: 'no model today' });
      expect(outputOfStep(outcome.outputs, 2).status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 3)).toMatchObject({ status: 'skipped', reason: 'dependency step 1 was skipped' });
    });
  });

  describe('hooks', () => {
    it('ends every step through onStepEnd and starts each step that runs with rendered parameters', async () => {
      // Prepare
      const { started, ended, hooks } = recordingHooks();
      const plan = planOf(
        search(1, 'Mount Everest'),
        search(2, '{{ step_1.result.documents[0].title }} height', [1]),
        search(3, 'never', [1], { condition: 'step_1.result.count == 0' }),
      );

      // Act
      const outcome = await executePlan(plan, context(scriptedLlm(), { hooks }));

      // Assess
      expect(ended.map((o) => o.step_id).sort()).toEqual([1, 2, 3]);
      expect([...started.keys()].sort()).toEqual([1, 2]);
      expect(started.get(2)).toEqual({ query: 'Mount Everest height', top_k: 3 });
      expect(outputOfStep(outcome.outputs, 2).result.query).toBe('Mount Everest height');
      expect(ended).toHaveLength(outcome.outputs.length);
    });
  });

  describe('end to end with the rule-based planner', () => {
    it('runs a bridge plan: the second hop reaches the entity the first hop’s passage names', async () => {
      // Prepare
      const task = 'What is the nationality of the director of Inception?';
      const plan = buildPlan(readTask(task), { allowedStepTypes: EXECUTABLE_STEP_TYPES, maxSteps: 20, topK: 5 });
      const hop = plan.plan.find((s) => s.type === 'multi-hop');
      const answer = plan.plan.at(-1)!;

      // Act
      const outcome = await executePlan(plan, context(new RuleBasedProvider(), { task, topK: 5 }));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(outcome.outputs.every((o) => o.status === 'succeeded')).toBe(true);
      expect(hop).toBeDefined();
      expect(outputOfStep(outcome.outputs, hop!.step_id).result.paths).toContainEqual({ id: 't-nolan', hop: 1, via: 't-inception' });
      expect(outputOfStep(outcome.outputs, answer.step_id).result.citations).toEqual(['t-inception', 't-nolan']);
      expect(outcome.llmCalls.map((c) => c.purpose)).toEqual(['answer']);
    });
  });
});
