import { describe, expect, it } from 'vitest';
import { costOf, priceOf } from '../../../functions/adapters/llm/pricing.js';

describe('Function: priceOf', () => {
  it.each([
    ['claude-sonnet-4-6', 3],
    ['claude-haiku-4-5-20251001', 1],
    ['claude-sonnet-4-5@20250929', 3],
    ['gpt-4o-2024-08-06', 2.5],
    ['gpt-4o-mini', 0.15],
    ['claude-opus-4-1', 15],
  ])('prices %s at $%d per million input tokens', (model, input) => {
    // Act
    const price = priceOf(model);

    // Assess
    expect(price?.input).toBe(input);
  });

  it.each(['claude-opus-4-9', 'claude-sonnet-5', 'llama3.1:8b', 'gpt-4o-audio-preview'])('leaves %s unpriced rather than guess from a prefix', (model) => {
    // Act + Assess
    expect(priceOf(model)).toBeUndefined();
  });

  it('takes an operator price over the table', () => {
    // Act
    const price = priceOf('claude-sonnet-4-6', { 'claude-sonnet-4-6': { input: 2, output: 10 } });

    // Assess
    expect(price).toEqual({ input: 2, output: 10 });
  });
});

describe('Function: costOf', () => {
  it('bills uncached input, cache reads, cache writes and output at their own rates, to the millionth of a dollar', () => {
    // Act
    const usd = costOf({ input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }, { uncachedInput: 1000, cacheRead: 10_000, cacheWrite: 2000, output: 500 });

    // Assess: 0.003 + 0.003 + 0.0075 + 0.0075
    expect(usd).toBe(0.021);
  });

  it('bills cached input at the input price when the model has no cache price', () => {
    // Act + Assess
    expect(costOf({ input: 1, output: 2 }, { uncachedInput: 0, cacheRead: 1_000_000, cacheWrite: 0, output: 0 })).toBe(1);
  });
});
