/**
 * Tokens counted with a real BPE tokenizer, the one count that budgets and the token benchmarks
 * share: js-tiktoken's o200k_base (OpenAI's GPT-4o/GPT-4.1/o-series vocabulary), pure JavaScript
 * with its ranks shipped in the package, so counting needs no network and no file.
 *
 * Anthropic publishes no tokenizer for Claude: o200k_base stands in for it too. A count for Claude
 * is therefore close, not exact; where the provider reports its own count after the call, the
 * budget takes the larger of the two (core/planner/budget.ts).
 *
 * The ranks are some 2.3 MB of JavaScript and the encoder built from them a large table: both are
 * loaded on the first count (a dynamic import, so a bundle keeps them in a chunk of their own), and
 * a process that never counts (no token budget) never pays for them.
 */
export interface TokenCounter {
  /** The tokens `text` encodes to; special tokens written in the text count as ordinary text. */
  count(text: string): number;
}

let loading: Promise<TokenCounter> | undefined;

/** The o200k_base counter, built once per process on first use. */
export function tokenCounter(): Promise<TokenCounter> {
  loading ??= load().catch((error: unknown) => {
    // A failed load is not cached: the next count tries again.
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(): Promise<TokenCounter> {
  const [{ Tiktoken }, { default: ranks }] = await Promise.all([import('js-tiktoken/lite'), import('js-tiktoken/ranks/o200k_base')]);
  const encoder = new Tiktoken(ranks);
  // No special token is allowed and none is refused: a document that contains `<|endoftext|>`
  // is text to the model (the APIs treat it so), never a reason to throw.
  return { count: (text) => (text === '' ? 0 : encoder.encode(text, [], []).length) };
}
