/**
 * What a call costs. A small table of list prices in USD per million tokens; a dated snapshot
 * is priced as its model (`claude-haiku-4-5-20251001` as `claude-haiku-4-5`).
 * CAIRN_LLM_PRICES adds or replaces entries, e.g. for a new model or a negotiated rate. A model
 * with no entry is not priced: its calls carry no `costUsd`, rather than a made-up one.
 *
 * Prompt caching: Anthropic bills cache writes (5-minute TTL) at 1.25x and cache reads at 0.1x the
 * input price; OpenAI bills cached input at its own rate, given per model.
 */

export interface ModelPrice {
  /** USD per million uncached input tokens. */
  input: number;
  /** USD per million output tokens. */
  output: number;
  /** USD per million input tokens read from the prompt cache; `input` when absent. */
  cacheRead?: number;
  /** USD per million input tokens written to the prompt cache; `input` when absent. */
  cacheWrite?: number;
}

const anthropic = (input: number, output: number): ModelPrice => ({ input, output, cacheRead: input * 0.1, cacheWrite: input * 1.25 });

export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'claude-opus-4-7': anthropic(5, 25),
  'claude-opus-4-6': anthropic(5, 25),
  'claude-opus-4-5': anthropic(5, 25),
  'claude-opus-4-1': anthropic(15, 75),
  'claude-opus-4': anthropic(15, 75),
  'claude-sonnet-4-6': anthropic(3, 15),
  'claude-sonnet-4-5': anthropic(3, 15),
  'claude-sonnet-4': anthropic(3, 15),
  'claude-3-7-sonnet': anthropic(3, 15),
  'claude-haiku-4-5': anthropic(1, 5),
  'claude-3-5-haiku': anthropic(0.8, 4),
  'claude-3-haiku': anthropic(0.25, 1.25),
  'gpt-4.1-nano': { input: 0.1, output: 0.4, cacheRead: 0.025 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6, cacheRead: 0.1 },
  'gpt-4.1': { input: 2, output: 8, cacheRead: 0.5 },
  'gpt-4o-mini': { input: 0.15, output: 0.6, cacheRead: 0.075 },
  'gpt-4o': { input: 2.5, output: 10, cacheRead: 1.25 },
};

export interface TokenUsage {
  /** Input tokens neither read from nor written to the cache. */
  uncachedInput: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
}

/**
 * A snapshot of a model: its name plus a date (`-20251001`, `-2024-08-06`), a Vertex version
 * (`@20250929`) or `-latest`. Anything else is another model: `claude-opus-4-7` is not priced as
 * `claude-opus-4`.
 */
const SNAPSHOT = /^(?:-\d{8}|-\d{4}-\d{2}-\d{2}|@[\w.-]+|-latest)$/;

/** The price of `model` or of the model it is a snapshot of: an override first, then the table. */
export function priceOf(model: string, overrides: Readonly<Record<string, ModelPrice>> = {}): ModelPrice | undefined {
  for (const table of [overrides, MODEL_PRICES]) {
    const match = Object.keys(table).find((name) => model === name || (model.startsWith(name) && SNAPSHOT.test(model.slice(name.length))));
    if (match !== undefined) return table[match];
  }
  return undefined;
}

/** USD, rounded to a millionth of a dollar. */
export function costOf(price: ModelPrice, usage: TokenUsage): number {
  const usd =
    (usage.uncachedInput * price.input +
      usage.cacheRead * (price.cacheRead ?? price.input) +
      usage.cacheWrite * (price.cacheWrite ?? price.input) +
      usage.output * price.output) /
    1_000_000;
  return Math.round(usd * 1_000_000) / 1_000_000;
}
