import { describe, expect, it } from 'vitest';
import { BudgetExceededError } from '../../../functions/core/errors.js';
import { budgetOf, fitToBudget, usageOf, withBudget } from '../../../functions/core/planner/budget.js';
import type { LlmProvider } from '../../../functions/core/ports.js';
import type { LlmCallRecord } from '../../../functions/core/types.js';
import { llmRequest, ScriptedLlm } from '../../support/llm.js';

// 400 characters of prompt: about 100 tokens.
const request = llmRequest({ purpose: 'repair', system: 's'.repeat(200), messages: [{ role: 'user', content: 'u'.repeat(200) }], maxTokens: 4096 });

const counting = () => new ScriptedLlm(() => 'ok', { name: 'counting', model: 'c-1' });

const call = (inputTokens: number, outputTokens: number): LlmCallRecord => ({
  purpose: 'plan',
  provider: 'p',
  model: 'm',
  inputTokens,
  outputTokens,
  durationMs: 1,
  promptHash: '',
  stopReason: 'end_turn',
});

describe('Function: fitToBudget', () => {
  it('refuses the call past maxLlmCalls, naming the cap and the call', () => {
    // Act + Assess
    expect(() => fitToBudget(request, { maxLlmCalls: 2 }, { calls: 2, tokens: 0 })).toThrow(
      new BudgetExceededError('budget exceeded: the request allows 2 LLM call(s) and 2 were made; the repair call was not made'),
    );
  });

  it('lowers the output limit to what the token budget leaves', () => {
    // Act
    const fitted = fitToBudget(request, { maxTokens: 1000 }, { calls: 1, tokens: 400 });

    // Assess: 1000 - 400 spent - 100 of prompt.
    expect(fitted.maxTokens).toBe(500);
  });

  it('leaves the request as it is when the budget has room for all of it', () => {
    // Act + Assess
    expect(fitToBudget(request, { maxTokens: 100_000, maxLlmCalls: 10 }, { calls: 1, tokens: 400 })).toBe(request);
  });

  it('refuses the call when the prompt alone would pass the token budget', () => {
    // Act + Assess
    expect(() => fitToBudget(request, { maxTokens: 450 }, { calls: 1, tokens: 400 })).toThrow(
      'budget exceeded: the request allows 450 tokens, 400 were spent and the repair prompt needs about 100; the call was not made',
    );
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

  it('counts each answer’s tokens against the cap', async () => {
    // Prepare: 150 tokens an answer, 100 of prompt each time.
    const inner = counting();
    const llm = withBudget(inner, { maxTokens: 500 }, { calls: 0, tokens: 0 });

    // Act
    for (let i = 0; i < 3; i++) await llm.complete(request);
    const fourth = await llm.complete(request).catch((e: unknown) => e);

    // Assess: 500 - 100 of prompt; then 150 spent; then 300 spent; then 450 spent, no room.
    expect(inner.requests.map((r) => r.maxTokens)).toEqual([400, 250, 100]);
    expect(fourth).toBeInstanceOf(BudgetExceededError);
  });

  it('is the provider itself when the request sets no budget', () => {
    // Prepare
    const inner = counting();

    // Act + Assess
    expect(withBudget(inner, budgetOf({}), { calls: 0, tokens: 0 })).toBe(inner);
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

  it('never lets calls started at once promise more tokens than the cap', async () => {
    // Prepare: 100 tokens of prompt a call, 150 spent a call.
    const inner = new ScriptedLlm(() => ({ text: 'ok', delayMs: 20 }));
    const llm = withBudget(inner, { maxTokens: 1000 }, { calls: 0, tokens: 0 });

    // Act
    await Promise.allSettled(Array.from({ length: 16 }, () => llm.complete({ ...request, maxTokens: 200 })));

    // Assess: each call reserves 100 + 200 = 300 tokens, so three fit in 1000, and they spend 450.
    expect(inner.calls).toBe(3);
    expect(inner.calls * 150).toBeLessThanOrEqual(1000);
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
  it('stops three calls under way together when their summed time reaches maxLlmMs, and refuses the next', async () => {
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
    expect(String((results[0] as PromiseRejectedResult).reason.message)).toContain('allows 300 ms of LLM calls');
    expect(wall).toBeGreaterThanOrEqual(90);
    expect(wall).toBeLessThan(400);
    expect(next).toBeInstanceOf(BudgetExceededError);
  });

  it("counts the time the plan's earlier calls took", async () => {
    // Prepare
    const llm = withBudget(slowModel(1), { maxLlmMs: 1_000 }, usageOf([{ ...call(1, 1), durationMs: 1_000 }]));

    // Act + Assess
    await expect(llm.complete(request)).rejects.toThrow('budget exceeded: the request allows 1000 ms of LLM calls and 1000 ms were spent');
  });
});
