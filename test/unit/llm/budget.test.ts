import { describe, expect, it } from 'vitest';
import { FallbackProvider } from '../../../functions/adapters/llm/resilient/fallback.js';
import { RetryingProvider } from '../../../functions/adapters/llm/resilient/retry.js';
import { BudgetExceededError, LlmFatalError, LlmTransientError } from '../../../functions/core/errors.js';
import { requestText } from '../../../functions/core/llm/request-text.js';
import { tokenCounter } from '../../../functions/core/llm/token-count.js';
import { budgetOf, costOf, fitToBudget, usageOf, withBudget } from '../../../functions/core/planner/budget.js';
import type { LlmProvider, LlmRequest } from '../../../functions/core/ports.js';
import type { LlmCallRecord } from '../../../functions/core/types.js';
import { llmRequest, ScriptedLlm } from '../../support/llm.js';

const request = llmRequest({
  purpose: 'repair',
  system: 'You repair plans. Answer with the corrected plan only.',
  messages: [{ role: 'user', content: 'Step 2 reads step 9, which does not exist. Give the corrected plan for: compare Lyon and Marseille.' }],
  maxTokens: 4096,
});

/** The tokens of `r`'s prompt as a provider without `sentText` sends it. */
const promptOf = async (r: LlmRequest) => (await tokenCounter()).count(requestText(r));

const counting = () => new ScriptedLlm(() => 'ok', { name: 'counting', model: 'c-1' });

const call = (inputTokens: number, outputTokens: number, extra: Partial<LlmCallRecord> = {}): LlmCallRecord => ({
  purpose: 'plan',
  provider: 'p',
  model: 'm',
  inputTokens,
  outputTokens,
  durationMs: 1,
  promptHash: '',
  stopReason: 'end_turn',
  ...extra,
});

/** A retry layer that waits for nothing. */
const retrying = (inner: LlmProvider, maxAttempts = 3) => new RetryingProvider(inner, { maxAttempts, sleep: async () => {} });

/** A model that fails with `failures`, in order, then answers. */
const failingFirst = (...failures: Error[]) =>
  new ScriptedLlm(() => {
    const failure = failures.shift();
    if (failure) throw failure;
    return 'ok';
  });

describe('Function: fitToBudget', () => {
  it('refuses the call past maxLlmCalls in one line naming the cap and the call', () => {
    // Act + Assess
    expect(() => fitToBudget(request, { maxLlmCalls: 2 }, { calls: 2, tokens: 0 }, 0)).toThrow(
      new BudgetExceededError('budget maxLlmCalls 2 reached: 2 LLM call(s) made; the repair call was not made'),
    );
  });

  it('names the failure after which another attempt is refused', () => {
    // Act + Assess
    expect(() =>
      fitToBudget(request, { maxLlmCalls: 2 }, { calls: 2, tokens: 0 }, 0, new LlmTransientError('anthropic/claude: 529 overloaded\nretry later')),
    ).toThrow('budget maxLlmCalls 2 reached: 2 LLM call(s) made; the repair call was not tried again after: anthropic/claude: 529 overloaded retry later');
  });

  it('lowers the output limit to what the token budget leaves', () => {
    // Act
    const fitted = fitToBudget(request, { maxTokens: 1000 }, { calls: 1, tokens: 400 }, 100);

    // Assess: 1000 - 400 spent - 100 of prompt.
    expect(fitted.maxTokens).toBe(500);
  });

  it('leaves the request as it is when the budget has room for all of it', () => {
    // Act + Assess
    expect(fitToBudget(request, { maxTokens: 100_000, maxLlmCalls: 10 }, { calls: 1, tokens: 400 }, 100)).toBe(request);
  });

  it('refuses the call when the prompt alone would pass the token budget, counting what calls under way hold', () => {
    // Act + Assess
    expect(() => fitToBudget(request, { maxTokens: 450 }, { calls: 1, tokens: 300, held: 100 }, 100)).toThrow(
      'budget maxTokens 450 reached: 300 tokens spent and 100 held by calls under way, and the repair prompt is 100; the repair call was not made',
    );
  });

  it('refuses the call once maxLlmMs is spent', () => {
    // Act + Assess
    expect(() => fitToBudget(request, { maxLlmMs: 1000 }, { calls: 1, tokens: 0, ms: 1000.4 }, 0)).toThrow(
      'budget maxLlmMs 1000 reached: 1000 ms of LLM calls spent; the repair call was not made',
    );
  });
});

describe('Function: costOf, usageOf', () => {
  it('counts each attempt as a call, the prompt of each attempt that failed, and the larger count of the one that answered', () => {
    // Prepare: three attempts of a 300-token prompt; the provider reported 280 in, 40 out.
    const retried = call(280, 40, { attempts: 3, sentTokens: 300, durationMs: 900 });

    // Act + Assess
    expect(costOf(retried)).toEqual({ calls: 3, tokens: 300 + 40 + 2 * 300, ms: 900 });
  });

  it('counts a call that got no answer: its attempts, their prompts and its time', () => {
    // Prepare
    const unanswered = call(0, 0, { attempts: 2, sentTokens: 250, durationMs: 1_400, error: 'anthropic/claude: 529 overloaded', stopReason: 'error' });

    // Act + Assess
    expect(usageOf([call(100, 50), unanswered])).toEqual({ calls: 3, tokens: 150 + 500, ms: 1_401 });
  });
});

describe('Function: withBudget', () => {
  it('counts the calls it lets through, and stops the one past the cap before it is made', async () => {
    // Prepare
    const inner = counting();
    const llm = withBudget(inner, { maxLlmCalls: 3 }, usageOf([call(10, 10)]));

    // Act
    await llm.complete(request);
    await llm.complete(request);
    const third = await llm.complete(request).catch((e: unknown) => e);

    // Assess
    expect(inner.requests).toHaveLength(2);
    expect(third).toBeInstanceOf(BudgetExceededError);
  });

  it('counts each answer’s tokens against the cap: its prompt as counted, or the provider’s count when larger', async () => {
    // Prepare: the provider reports 100 in and 50 out.
    const prompt = await promptOf(request);
    const inner = counting();
    const llm = withBudget(inner, { maxTokens: 3 * (100 + 50) + prompt }, { calls: 0, tokens: 0 });

    // Act
    for (let i = 0; i < 3; i++) await llm.complete(request);
    const fourth = await llm.complete(request).catch((e: unknown) => e);

    // Assess: each call may answer with what is left after its prompt; 150 a call are spent (100
    // reported in, more than the prompt counts), so no room is left for a fourth prompt.
    expect(prompt).toBeLessThan(100);
    expect(inner.requests.map((r) => r.maxTokens)).toEqual([450, 300, 150]);
    expect(fourth).toBeInstanceOf(BudgetExceededError);
  });

  it('counts an answer the provider under-reports by its own count, and says both in the call', async () => {
    // Prepare: 16 tokens of answer, reported as 1; room for two prompts and that answer, no more.
    const text = 'Lyon lies at the confluence of the Rhône and the Saône rivers.';
    const inner = new ScriptedLlm(() => text, { inputTokens: 1, outputTokens: 1 });
    const prompt = await promptOf(request);
    const llm = withBudget(inner, { maxTokens: 2 * prompt + 16 }, { calls: 0, tokens: 0 });

    // Act
    const answer = await llm.complete(request);
    const second = await llm.complete(request).catch((e: unknown) => e);

    // Assess
    expect(answer).toMatchObject({ outputTokens: 1, answerTokens: 16, sentTokens: prompt });
    expect((second as Error).message).toContain(`: ${prompt + 16} tokens spent, and the repair prompt is ${prompt}`);
    expect(costOf(call(1, 1, { sentTokens: prompt, answerTokens: 16 })).tokens).toBe(prompt + 16);
  });

  it('counts the prompt as the provider sends it: the schema and the tools beside it included', async () => {
    // Prepare: the provider sends a long tool definition beside a short prompt.
    const tools = JSON.stringify({
      name: 'submit_plan',
      input_schema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field_${i}`, { type: 'string' }])) },
    });
    const inner = Object.assign(counting(), { sentText: async (r: LlmRequest) => `${requestText(r)}\n${tools}` });
    const sent = (await tokenCounter()).count(`${requestText(request)}\n${tools}`);
    const llm = withBudget(inner, { maxTokens: sent - 1 }, { calls: 0, tokens: 0 });

    // Act
    const refused = await llm.complete(request).catch((e: unknown) => e);

    // Assess: the request's own parts alone would have fitted.
    expect(await promptOf(request)).toBeLessThan(sent - 1);
    expect(refused).toBeInstanceOf(BudgetExceededError);
    expect((refused as Error).message).toContain(`the repair prompt is ${sent}`);
    expect(inner.calls).toBe(0);
  });

  it('is asked before every retry: an attempt past maxLlmCalls is not made, and the call ends naming the failure before it', async () => {
    // Prepare: a model overloaded twice; the retry layer would make three attempts.
    const inner = failingFirst(
      new LlmTransientError('anthropic/claude: 529 overloaded', { status: 529 }),
      new LlmTransientError('anthropic/claude: 529 overloaded', { status: 529 }),
    );
    const llm = withBudget(retrying(inner), { maxLlmCalls: 2 }, { calls: 0, tokens: 0 });

    // Act
    const error = await llm.complete(request).catch((e: unknown) => e);

    // Assess
    expect(inner.calls).toBe(2);
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect((error as Error).message).toBe(
      'budget maxLlmCalls 2 reached: 2 LLM call(s) made; the repair call was not tried again after: anthropic/claude: 529 overloaded',
    );
  });

  it('keeps a call that got no answer for the plan’s metadata, with its attempts, time and prompt, once', async () => {
    // Prepare
    const inner = failingFirst(...Array.from({ length: 3 }, () => new LlmTransientError('anthropic/claude: 529 overloaded', { status: 529 })));
    const llm = withBudget(retrying(inner), { maxTokens: 100_000 }, { calls: 0, tokens: 0 });

    // Act
    await llm.complete(request).catch(() => undefined);
    const taken = llm.takeUnanswered();

    // Assess
    expect(taken).toEqual([
      expect.objectContaining({
        purpose: 'repair',
        inputTokens: 0,
        outputTokens: 0,
        attempts: 3,
        sentTokens: await promptOf(request),
        stopReason: 'error',
        error: expect.stringContaining('529 overloaded (gave up after 3 attempt(s))'),
      }),
    ]);
    expect(taken[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(llm.takeUnanswered()).toEqual([]);
  });

  it('keeps the calls that got no answer even when the request sets no budget, and passes answers through', async () => {
    // Prepare
    const inner = failingFirst(new LlmFatalError('anthropic/claude: 401 invalid x-api-key'));
    const llm = withBudget(inner, budgetOf({}), { calls: 0, tokens: 0 });

    // Act
    await llm.complete(request).catch(() => undefined);
    const answer = await llm.complete(request);

    // Assess
    expect(llm.takeUnanswered()).toEqual([expect.objectContaining({ error: 'anthropic/claude: 401 invalid x-api-key', attempts: 1 })]);
    expect(answer).toMatchObject({ text: 'ok', inputTokens: 100 });
    expect(answer.sentTokens).toBeUndefined();
  });

  it('lowers a retry’s output limit by the prompt the failed attempt read', async () => {
    // Prepare
    const prompt = await promptOf(request);
    const inner = failingFirst(new LlmTransientError('503', { status: 503 }));
    const cap = 3 * prompt + 100;
    const llm = withBudget(retrying(inner), { maxTokens: cap }, { calls: 0, tokens: 0 });

    // Act
    await llm.complete(request);

    // Assess: the first attempt could answer with cap - prompt; the second with one prompt less.
    expect(inner.requests.map((r) => r.maxTokens)).toEqual([cap - prompt, cap - 2 * prompt]);
  });

  it('counts the next provider of a fallback list as one more call', async () => {
    // Prepare
    const broken = failingFirst(new LlmFatalError('anthropic/claude: 401 invalid x-api-key'));
    const spare = counting();
    const llm = withBudget(new FallbackProvider([broken, spare]), { maxLlmCalls: 1 }, { calls: 0, tokens: 0 });

    // Act
    const error = await llm.complete(request).catch((e: unknown) => e);

    // Assess
    expect(spare.calls).toBe(0);
    expect((error as Error).message).toBe(
      'budget maxLlmCalls 1 reached: 1 LLM call(s) made; the repair call was not tried again after: anthropic/claude: 401 invalid x-api-key',
    );
  });

  it("counts the failed calls of the plan's earlier phases", async () => {
    // Prepare: an earlier phase's call that got no answer after three attempts.
    const inner = counting();
    const llm = withBudget(inner, { maxLlmCalls: 3 }, usageOf([call(0, 0, { attempts: 3, error: '529 overloaded', stopReason: 'error' })]));

    // Act
    const error = await llm.complete(request).catch((e: unknown) => e);

    // Assess
    expect(inner.calls).toBe(0);
    expect((error as Error).message).toBe('budget maxLlmCalls 3 reached: 3 LLM call(s) made; the repair call was not made');
  });

  it('lets 2 of 16 calls started at once through under maxLlmCalls 2: the call is reserved before the await', async () => {
    // Prepare
    const inner = new ScriptedLlm(() => ({ text: 'ok', delayMs: 20 }));
    const llm = withBudget(inner, { maxLlmCalls: 2 }, { calls: 0, tokens: 0 });

    // Act
    const results = await Promise.allSettled(Array.from({ length: 16 }, () => llm.complete(request)));

    // Assess
    expect(inner.calls).toBe(2);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof BudgetExceededError)).toHaveLength(14);
  });

  it('makes 6 attempts in all when 16 calls start at once under maxLlmCalls 6 and half of them are retried', async () => {
    // Prepare: every other call is overloaded on each attempt.
    let n = 0;
    const inner = new ScriptedLlm(async (r) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (r.system.endsWith('fails')) throw new LlmTransientError('529 overloaded', { status: 529 });
      return 'ok';
    });
    const llm = withBudget(retrying(inner), { maxLlmCalls: 6 }, { calls: 0, tokens: 0 });

    // Act
    await Promise.allSettled(Array.from({ length: 16 }, () => llm.complete({ ...request, system: n++ % 2 === 0 ? 'this one fails' : 'this one answers' })));

    // Assess
    expect(inner.calls).toBe(6);
  });

  it('never lets calls started at once promise more tokens than the cap', async () => {
    // Prepare
    const prompt = await promptOf(request);
    const inner = new ScriptedLlm(() => ({ text: 'ok', delayMs: 20 }), { inputTokens: 1, outputTokens: 1 });
    const llm = withBudget(inner, { maxTokens: 3 * (prompt + 200) + 10 }, { calls: 0, tokens: 0 });

    // Act
    await Promise.allSettled(Array.from({ length: 16 }, () => llm.complete({ ...request, maxTokens: 200 })));

    // Assess: each call holds its prompt and 200 tokens of answer, so three fit.
    expect(inner.calls).toBe(3);
  });
});

/** A model that answers after `ms`, or fails when the call's signal aborts it first. */
const slowModel = (ms: number): LlmProvider & { aborted: number } => {
  const model = {
    name: 'slow',
    model: 'slow-1',
    source: 'test',
    aborted: 0,
    complete: (_request: unknown, signal?: AbortSignal) =>
      new Promise<never>((resolve, reject) => {
        const timer = setTimeout(
          () => resolve({ text: 'late', provider: 'slow', model: 'slow-1', inputTokens: 1, outputTokens: 1, stopReason: 'end_turn' } as never),
          ms,
        );
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          model.aborted += 1;
          reject(new Error('aborted'));
        });
      }),
  };
  return model;
};

describe('Function: withBudget, the time of LLM calls', () => {
  it('stops three calls under way together when their summed time reaches maxLlmMs, keeps them with their time, and refuses the next', async () => {
    // Prepare: 300 ms for three calls at once is 100 ms of wall time each; each would take 5 s.
    const inner = slowModel(5_000);
    const llm = withBudget(inner, { maxLlmMs: 300 }, { calls: 0, tokens: 0 });

    // Act
    const started = performance.now();
    const results = await Promise.allSettled([llm.complete(request), llm.complete(request), llm.complete(request)]);
    const wall = performance.now() - started;
    const next = await llm.complete(request).catch((e: unknown) => e);

    // Assess
    expect(inner.aborted).toBe(3);
    for (const r of results) expect(r).toMatchObject({ status: 'rejected', reason: expect.any(BudgetExceededError) });
    expect(String((results[0] as PromiseRejectedResult).reason.message)).toMatch(
      /^budget maxLlmMs 300 reached: \d+ ms of LLM calls spent; the repair call was stopped under way$/,
    );
    expect(wall).toBeGreaterThanOrEqual(90);
    expect(wall).toBeLessThan(400);
    expect(next).toBeInstanceOf(BudgetExceededError);
    const kept = llm.takeUnanswered();
    expect(kept).toHaveLength(3);
    expect(usageOf(kept).ms).toBeGreaterThanOrEqual(270);
  });

  it("counts the time the plan's earlier calls took, failed ones included", async () => {
    // Prepare
    const failed = call(0, 0, { durationMs: 600, error: '400 bad request', stopReason: 'error' });
    const llm = withBudget(slowModel(1), { maxLlmMs: 1_000 }, usageOf([{ ...call(1, 1), durationMs: 400 }, failed]));

    // Act + Assess
    await expect(llm.complete(request)).rejects.toThrow('budget maxLlmMs 1000 reached: 1000 ms of LLM calls spent; the repair call was not made');
  });
});
