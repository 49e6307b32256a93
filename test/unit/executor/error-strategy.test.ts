import { describe, expect, it } from 'vitest';
import { type ExecutionContext, type ExecutionHooks, executePlan } from '../../../functions/core/executor/run-plan.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import type { LlmProvider } from '../../../functions/core/ports.js';
import { createCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { stepPolicy } from '../../../functions/core/steps/index.js';
import type { ToolRegistry } from '../../../functions/core/tools/registry.js';
import { STEP_TYPES } from '../../../functions/core/types.js';
import { EXECUTION_TIME, executionContext } from '../../support/executor.js';
import { ScriptedLlm } from '../../support/llm.js';
import { outputOfStep, planOf, searchStep, step, toolStep } from '../../support/plans.js';
import { testTools } from '../../support/tools.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const index = createCorpusIndex([
  { id: 'everest', title: 'Mount Everest', text: 'Mount Everest is the highest mountain on Earth.' },
  { id: 'k2', title: 'K2', text: 'K2 is the second-highest mountain, after Mount Everest.' },
]);

function context(tools: ToolRegistry, extra: Partial<ExecutionContext> = {}): ExecutionContext {
  return executionContext({ task: 'How high is Mount Everest?', index, llm: new ScriptedLlm(() => 'fine'), tools, ...extra });
}

function retryRecorder() {
  const retries: Array<{ step: number; attempt: number; error: string; delayMs: number }> = [];
  const hooks: ExecutionHooks = {
    onStepRetry: (s, attempt, error, delayMs) => {
      retries.push({ step: s.step_id, attempt, error, delayMs });
    },
  };
  return { retries, hooks };
}

describe('stepPolicy', () => {
  it.each([
    ['llm_call', { strategy: 'retry', maxAttempts: 3, backoffMs: 250, timeoutMs: 60_000 }],
    ['tool_call', { strategy: 'retry', maxAttempts: 3, backoffMs: 250, timeoutMs: 30_000 }],
    ['audio_transcription', { strategy: 'retry', maxAttempts: 3, backoffMs: 500, timeoutMs: 120_000 }],
    ['image_captioning', { strategy: 'retry', maxAttempts: 3, backoffMs: 500, timeoutMs: 60_000 }],
    ['keyword_search', { strategy: 'abort', maxAttempts: 1, backoffMs: 100, timeoutMs: 30_000 }],
    ['vector_search', { strategy: 'abort', maxAttempts: 1, backoffMs: 100, timeoutMs: 30_000 }],
    ['graph_query', { strategy: 'abort', maxAttempts: 1, backoffMs: 100, timeoutMs: 30_000 }],
    ['multi-hop', { strategy: 'abort', maxAttempts: 1, backoffMs: 100, timeoutMs: 30_000 }],
    ['filter', { strategy: 'abort', maxAttempts: 1, backoffMs: 100, timeoutMs: 30_000 }],
    ['rerank', { strategy: 'abort', maxAttempts: 1, backoffMs: 100, timeoutMs: 30_000 }],
    ['aggregate', { strategy: 'abort', maxAttempts: 1, backoffMs: 100, timeoutMs: 30_000 }],
    ['conditional', { strategy: 'abort', maxAttempts: 1, backoffMs: 100, timeoutMs: 30_000 }],
  ] as const)('defaults a %s step to %j', (type, policy) => {
    // Act
    const result = stepPolicy(step({ step_id: 1, type, parameters: {} }));

    // Assess
    expect(result).toEqual(policy);
  });

  it('has a default for every step type', () => {
    // Act
    const strategies = STEP_TYPES.map((type) => stepPolicy(step({ step_id: 1, type, parameters: {} })).strategy);

    // Assess
    expect(strategies.every((s) => s === 'retry' || s === 'abort')).toBe(true);
  });

  it('takes the declared on_error, retry and timeout_ms over the defaults', () => {
    // Act
    const policy = stepPolicy(
      step({ step_id: 1, type: 'llm_call', parameters: {}, on_error: 'skip', retry: { max_attempts: 4, backoff_ms: 7 }, timeout_ms: 1234 }),
    );

    // Assess
    expect(policy).toEqual({ strategy: 'skip', maxAttempts: 4, backoffMs: 7, timeoutMs: 1234 });
  });

  it('gives a deterministic step declared retry two attempts and a 100 ms backoff', () => {
    // Act
    const policy = stepPolicy(step({ step_id: 1, type: 'keyword_search', parameters: {}, on_error: 'retry' }));

    // Assess
    expect(policy).toEqual({ strategy: 'retry', maxAttempts: 2, backoffMs: 100, timeoutMs: 30_000 });
  });

  it('gives a step declared skip or abort a single attempt unless it declares more', () => {
    // Act
    const skip = stepPolicy(step({ step_id: 1, type: 'llm_call', parameters: {}, on_error: 'skip' }));
    const abort = stepPolicy(step({ step_id: 1, type: 'tool_call', parameters: {}, on_error: 'abort' }));
    const abortWithRetries = stepPolicy(step({ step_id: 1, type: 'tool_call', parameters: {}, on_error: 'abort', retry: { max_attempts: 2 } }));

    // Assess
    expect(skip.maxAttempts).toBe(1);
    expect(abort.maxAttempts).toBe(1);
    expect(abortWithRetries).toEqual({ strategy: 'abort', maxAttempts: 2, backoffMs: 250, timeoutMs: 30_000 });
  });

  it('honours a declared backoff of 0 ms', () => {
    // Act
    const policy = stepPolicy(step({ step_id: 1, type: 'llm_call', parameters: {}, retry: { backoff_ms: 0 } }));

    // Assess
    expect(policy.backoffMs).toBe(0);
  });
});

describe('executePlan error strategies', () => {
  describe('retry', () => {
    it('retries a step that fails once, then records it succeeded after two attempts', async () => {
      // Prepare
      const { tools, counts } = testTools();
      const { retries, hooks } = retryRecorder();
      const plan = planOf(toolStep(1, 'test.flaky', { failures: 1 }, { retry: { backoff_ms: 5 } }));
      expect(validatePlan(plan).valid).toBe(true);

      // Act
      const outcome = await executePlan(plan, context(tools, { hooks }));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 1)).toMatchObject({ status: 'succeeded', attempts: 2, result: { tool: 'test.flaky', output: { call: 2 } } });
      expect(retries).toEqual([{ step: 1, attempt: 1, error: 'flaky failure 1', delayMs: 5 }]);
      expect(counts.flaky).toBe(2);
    });

    it('doubles the backoff after each attempt and waits it out', async () => {
      // Prepare
      const { tools } = testTools();
      const { retries, hooks } = retryRecorder();
      const plan = planOf(toolStep(1, 'test.flaky', { failures: 2 }, { retry: { max_attempts: 3, backoff_ms: 20 } }));

      // Act
      const started = performance.now();
      const outcome = await executePlan(plan, context(tools, { hooks }));
      const elapsed = performance.now() - started;

      // Assess
      expect(outputOfStep(outcome.outputs, 1)).toMatchObject({ status: 'succeeded', attempts: 3 });
      expect(retries.map((r) => [r.attempt, r.delayMs])).toEqual([
        [1, 20],
        [2, 40],
      ]);
      expect(elapsed).toBeGreaterThanOrEqual(55);
    });

    it('aborts the plan once the attempts are spent, with the last error', async () => {
      // Prepare
      const { tools, counts } = testTools();
      const { retries, hooks } = retryRecorder();
      const plan = planOf(
        toolStep(1, 'test.flaky', { failures: 9 }, { on_error: 'retry', retry: { max_attempts: 3, backoff_ms: 1 } }),
        searchStep(2, 'Everest', [1]),
        searchStep(3, 'K2', [], { condition: 'True' }),
      );

      // Act
      const outcome = await executePlan(plan, context(tools, { hooks, concurrency: 1 }));

      // Assess
      expect(outcome).toMatchObject({ status: 'failed', failedStep: 1, error: 'flaky failure 3' });
      expect(outputOfStep(outcome.outputs, 1)).toMatchObject({ status: 'failed', attempts: 3, error: 'flaky failure 3', result: {} });
      expect(outputOfStep(outcome.outputs, 2)).toMatchObject({ status: 'skipped', reason: 'not run: step 1 failed and the plan aborted' });
      expect(outputOfStep(outcome.outputs, 3)).toMatchObject({ status: 'skipped', reason: 'not run: step 1 failed and the plan aborted' });
      expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
      expect(counts.flaky).toBe(3);
    });
  });

  describe('skip', () => {
    it('records the failed step skipped with its error, and dependents follow on_dependency_skipped', async () => {
      // Prepare
      const { tools } = testTools();
      const plan = planOf(
        toolStep(1, 'test.throws', { kind: 'Error' }, { on_error: 'skip' }),
        searchStep(2, 'Everest', [1]),
        searchStep(3, 'Everest', [1], { on_dependency_skipped: 'continue' }),
        { step_id: 4, type: 'llm_call', parameters: { prompt: 'Answer', input_steps: [1, 3] }, dependencies: [1, 3] },
        { step_id: 5, type: 'aggregate', parameters: { input_steps: [1, 3], method: 'union' }, dependencies: [1, 3] },
        searchStep(6, 'K2'),
      );
      expect(validatePlan(plan).valid).toBe(true);

      // Act
      const outcome = await executePlan(plan, context(tools));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 1)).toEqual({
        step_id: 1,
        type: 'tool_call',
        status: 'skipped',
        skipped: true,
        result: {},
        startedAt: EXECUTION_TIME.toISOString(),
        endedAt: EXECUTION_TIME.toISOString(),
        durationMs: 0,
        attempts: 1,
        reason: 'failed after 1 attempt(s), skipped by its error strategy: thrown Error',
        error: 'thrown Error',
      });
      expect(outputOfStep(outcome.outputs, 2)).toMatchObject({ status: 'skipped', reason: 'dependency step 1 was skipped' });
      expect(outcome.outputs.filter((o) => o.status === 'succeeded').map((o) => o.step_id)).toEqual([3, 4, 5, 6]);
      expect(outputOfStep(outcome.outputs, 5).result).toMatchObject({ input_steps: [3], missing_inputs: [1] });
    });

    it('retries first when the step declares attempts, then skips', async () => {
      // Prepare
      const { tools, counts } = testTools();
      const { retries, hooks } = retryRecorder();
      const plan = planOf(toolStep(1, 'test.flaky', { failures: 5 }, { on_error: 'skip', retry: { max_attempts: 2, backoff_ms: 1 } }));

      // Act
      const outcome = await executePlan(plan, context(tools, { hooks }));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 1)).toMatchObject({
        status: 'skipped',
        attempts: 2,
        error: 'flaky failure 2',
        reason: 'failed after 2 attempt(s), skipped by its error strategy: flaky failure 2',
      });
      expect(retries).toHaveLength(1);
      expect(counts.flaky).toBe(2);
    });
  });

  describe('abort', () => {
    it('stops the plan at the first failure of a step declared abort, without retrying it', async () => {
      // Prepare
      const { tools, counts } = testTools();
      const { retries, hooks } = retryRecorder();
      const plan = planOf(toolStep(1, 'test.flaky', { failures: 1 }, { on_error: 'abort' }), searchStep(2, 'Everest', [1]), searchStep(3, 'K2', [1]));

      // Act
      const outcome = await executePlan(plan, context(tools, { hooks }));

      // Assess
      expect(outcome).toMatchObject({ status: 'failed', failedStep: 1, error: 'flaky failure 1' });
      expect(outputOfStep(outcome.outputs, 1)).toMatchObject({ status: 'failed', attempts: 1 });
      expect(outcome.outputs.filter((o) => o.status === 'skipped').map((o) => [o.step_id, o.reason])).toEqual([
        [2, 'not run: step 1 failed and the plan aborted'],
        [3, 'not run: step 1 failed and the plan aborted'],
      ]);
      expect(retries).toEqual([]);
      expect(counts.flaky).toBe(1);
    });
  });

  describe('timeouts', () => {
    it('aborts an attempt past timeout_ms (its signal fires), retries it, then fails', async () => {
      // Prepare
      const { tools, counts } = testTools();
      const { retries, hooks } = retryRecorder();
      const plan = planOf(toolStep(1, 'test.slow', { ms: [5000, 5000] }, { timeout_ms: 30, retry: { max_attempts: 2, backoff_ms: 1 } }));

      // Act
      const started = performance.now();
      const outcome = await executePlan(plan, context(tools, { hooks }));
      const elapsed = performance.now() - started;

      // Assess
      expect(outcome).toMatchObject({ status: 'failed', failedStep: 1, error: 'step 1 timed out after 30 ms' });
      expect(outputOfStep(outcome.outputs, 1)).toMatchObject({ status: 'failed', attempts: 2, error: 'step 1 timed out after 30 ms' });
      expect(retries).toEqual([{ step: 1, attempt: 1, error: 'step 1 timed out after 30 ms', delayMs: 1 }]);
      expect(counts).toMatchObject({ slow: 2, aborted: 2 });
      expect(elapsed).toBeLessThan(2000);
    });

    it('succeeds on the next attempt when only the first one was too slow', async () => {
      // Prepare
      const { tools, counts } = testTools();
      const plan = planOf(toolStep(1, 'test.slow', { ms: [5000, 1] }, { timeout_ms: 40, retry: { backoff_ms: 1 } }));

      // Act
      const outcome = await executePlan(plan, context(tools));

      // Assess
      expect(outputOfStep(outcome.outputs, 1)).toMatchObject({ status: 'succeeded', attempts: 2, result: { output: { waited: 1 } } });
      expect(counts).toMatchObject({ slow: 2, aborted: 1 });
    });

    it('aborts the model request of an llm_call past its timeout: the signal reaches the provider', async () => {
      // Prepare
      const { tools } = testTools();
      let received: AbortSignal | undefined;
      const llm: LlmProvider = {
        name: 'slow',
        model: 'slow-1',
        source: 'test',
        complete: async (_request, signal) => {
          received = signal;
          await sleep(100);
          return { text: 'late', provider: 'slow', model: 'slow-1', inputTokens: 1, outputTokens: 1, stopReason: 'end_turn' };
        },
      };
      const plan = planOf({ step_id: 1, type: 'llm_call', parameters: { prompt: 'Answer' }, timeout_ms: 20, on_error: 'abort' });

      // Act
      const outcome = await executePlan(plan, context(tools, { llm }));

      // Assess
      expect(outcome.error).toBe('step 1 timed out after 20 ms');
      expect(received?.aborted).toBe(true);
    });

    it('skips a step that keeps timing out when its strategy is skip', async () => {
      // Prepare
      const { tools } = testTools();
      const plan = planOf(toolStep(1, 'test.slow', { ms: [5000] }, { timeout_ms: 20, on_error: 'skip' }), searchStep(2, 'Everest'));

      // Act
      const outcome = await executePlan(plan, context(tools));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 1)).toMatchObject({ status: 'skipped', attempts: 1, error: 'step 1 timed out after 20 ms' });
    });
  });

  describe('errors another attempt cannot fix', () => {
    it.each(['ToolNotAllowedError', 'ToolArgumentsError', 'ToolInputError', 'ExpressionError', 'StepExecutionError'] as const)(
      'does not retry a %s',
      async (kind) => {
        // Prepare
        const { tools, counts } = testTools();
        const { retries, hooks } = retryRecorder();
        const plan = planOf(toolStep(1, 'test.throws', { kind }, { on_error: 'retry', retry: { max_attempts: 3, backoff_ms: 1 } }));

        // Act
        const outcome = await executePlan(plan, context(tools, { hooks }));

        // Assess
        expect(outcome).toMatchObject({ status: 'failed', failedStep: 1, error: `thrown ${kind}` });
        expect(outputOfStep(outcome.outputs, 1).attempts).toBe(1);
        expect(retries).toEqual([]);
        expect(counts.throws).toBe(1);
      },
    );

    it('retries any other error', async () => {
      // Prepare
      const { tools, counts } = testTools();
      const plan = planOf(toolStep(1, 'test.throws', { kind: 'Error' }, { retry: { max_attempts: 3, backoff_ms: 1 } }));

      // Act
      const outcome = await executePlan(plan, context(tools));

      // Assess
      expect(outputOfStep(outcome.outputs, 1)).toMatchObject({ status: 'failed', attempts: 3 });
      expect(counts.throws).toBe(3);
    });

    it('refuses a tool the request does not allow once, without running it', async () => {
      // Prepare
      const { tools, counts } = testTools();
      const { retries, hooks } = retryRecorder();
      const plan = planOf(toolStep(1, 'test.flaky', { failures: 0 }, { retry: { backoff_ms: 1 } }));

      // Act
      const outcome = await executePlan(plan, context(tools, { hooks, allowedTools: ['corpus.search'] }));

      // Assess
      expect(outcome.error).toBe("tool test.flaky is not in this request's allow-list [corpus.search]");
      expect(outputOfStep(outcome.outputs, 1).attempts).toBe(1);
      expect(retries).toEqual([]);
      expect(counts.flaky).toBe(0);
    });

    it('refuses arguments that fail the schema once, without running the tool', async () => {
      // Prepare
      const { tools, counts } = testTools();
      const { retries, hooks } = retryRecorder();
      const plan = planOf(toolStep(1, 'test.flaky', { failures: 'none' }, { retry: { backoff_ms: 1 } }));

      // Act
      const outcome = await executePlan(plan, context(tools, { hooks }));

      // Assess
      expect(outcome.error).toBe('arguments of test.flaky fail its schema: args.failures: must be integer');
      expect(outputOfStep(outcome.outputs, 1).attempts).toBe(1);
      expect(retries).toEqual([]);
      expect(counts.flaky).toBe(0);
    });

    it('does not retry a tool whose input cannot work (a document the corpus does not hold)', async () => {
      // Prepare
      const { tools } = testTools();
      const { retries, hooks } = retryRecorder();
      const plan = planOf(toolStep(1, 'corpus.get', { id: 'atlantis' }, { retry: { backoff_ms: 1 } }));

      // Act
      const outcome = await executePlan(plan, context(tools, { hooks }));

      // Assess
      expect(outcome.error).toBe('no document "atlantis" in the corpus');
      expect(retries).toEqual([]);
    });

    it('does not retry a conditional whose expression fails, nor a search whose query is empty', async () => {
      // Prepare
      const { tools } = testTools();
      const { retries, hooks } = retryRecorder();
      const plan = planOf(
        searchStep(1, 'Everest'),
        {
          step_id: 2,
          type: 'conditional',
          parameters: { expression: "step_1.result.count > 'x'" },
          dependencies: [1],
          on_error: 'skip',
          retry: { max_attempts: 3, backoff_ms: 1 },
        },
        searchStep(3, '{{ step_1.result.documents[5].title }}', [1], { on_error: 'skip', retry: { max_attempts: 3, backoff_ms: 1 } }),
      );

      // Act
      const outcome = await executePlan(plan, context(tools, { hooks }));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 2)).toMatchObject({ status: 'skipped', attempts: 1, error: expect.stringMatching(/^column \d+: cannot compare /) });
      expect(outputOfStep(outcome.outputs, 3)).toMatchObject({
        status: 'skipped',
        attempts: 1,
        error: 'step 3: the query is empty after rendering its template',
      });
      expect(retries).toEqual([]);
    });
  });

  describe('conditions that reference a skipped step', () => {
    it('evaluates a condition over the skipped step when the step continues past it', async () => {
      // Prepare
      const { tools } = testTools();
      const plan = planOf(
        toolStep(1, 'test.throws', { kind: 'Error' }, { on_error: 'skip' }),
        searchStep(2, 'Everest', [1], { on_dependency_skipped: 'continue', condition: 'not step_1.skipped' }),
        searchStep(3, 'Everest', [1], { on_dependency_skipped: 'continue', condition: "step_1.skipped and step_1.status == 'skipped'" }),
        searchStep(4, 'Everest', [1], { on_dependency_skipped: 'continue', condition: 'len(step_1.result.documents) > 0' }),
        searchStep(5, 'Everest', [1], { condition: 'step_1.skipped' }),
      );
      expect(validatePlan(plan).valid).toBe(true);

      // Act
      const outcome = await executePlan(plan, context(tools));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 2)).toMatchObject({
        status: 'skipped',
        condition: 'not step_1.skipped',
        reason: 'condition is false: not step_1.skipped',
      });
      expect(outputOfStep(outcome.outputs, 3).status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 4)).toMatchObject({ status: 'skipped', reason: 'condition is false: len(step_1.result.documents) > 0' });
      // The default policy skips a dependent of a skipped step before its condition is read.
      expect(outputOfStep(outcome.outputs, 5)).toMatchObject({ status: 'skipped', reason: 'dependency step 1 was skipped' });
    });

    it('aborts the plan, with the reason, when such a condition cannot be evaluated and the step’s strategy is abort', async () => {
      // Prepare: the skipped step has no count, and null cannot be compared with a number.
      const { tools } = testTools();
      const plan = planOf(
        toolStep(1, 'test.throws', { kind: 'Error' }, { on_error: 'skip' }),
        searchStep(2, 'Everest', [1], { on_dependency_skipped: 'continue', condition: 'step_1.result.count > 0' }),
      );

      // Act
      const outcome = await executePlan(plan, context(tools));

      // Assess
      expect(outcome.status).toBe('failed');
      expect(outcome.failedStep).toBe(2);
      expect(outcome.error).toMatch(/^condition "step_1\.result\.count > 0" could not be evaluated: column \d+: cannot compare null with /);
    });

    it('follows the step’s skip strategy when such a condition cannot be evaluated', async () => {
      // Prepare
      const { tools } = testTools();
      const plan = planOf(
        toolStep(1, 'test.throws', { kind: 'Error' }, { on_error: 'skip' }),
        searchStep(2, 'Everest', [1], { on_dependency_skipped: 'continue', condition: 'step_1.result.count > 0', on_error: 'skip' }),
        searchStep(3, 'K2'),
      );

      // Act
      const outcome = await executePlan(plan, context(tools));

      // Assess
      expect(outcome.status).toBe('succeeded');
      expect(outputOfStep(outcome.outputs, 2)).toMatchObject({
        status: 'skipped',
        condition: 'step_1.result.count > 0',
        error: expect.stringMatching(/^condition "step_1\.result\.count > 0" could not be evaluated: /),
        reason: expect.stringMatching(/skipped by its error strategy: condition "step_1\.result\.count > 0" could not be evaluated: /),
      });
      expect(outputOfStep(outcome.outputs, 3).status).toBe('succeeded');
    });
  });

  it('holds no concurrency slot while a step waits for its dependencies', async () => {
    // Prepare: with one slot, a slow root and its dependent still finish (no deadlock).
    const { tools } = testTools();
    const plan = planOf(toolStep(1, 'test.slow', { ms: [10] }), searchStep(2, 'Everest', [1]), searchStep(3, 'K2', [2]));

    // Act
    const outcome = await Promise.race([executePlan(plan, context(tools, { concurrency: 1 })), sleep(3000).then(() => 'deadlock' as const)]);

    // Assess
    expect(outcome).not.toBe('deadlock');
    expect(outcome !== 'deadlock' && outcome.status).toBe('succeeded');
  });
});
