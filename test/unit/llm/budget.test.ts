import { describe, expect, it } from 'vitest';
import { BudgetExceededError } from '../../../functions/core/errors.js';
import { budgetOf, fitToBudget, usageOf, withBudget } from '../../../functions/core/planner/budget.js';
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
});
