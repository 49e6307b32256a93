/**
 * What a plan spent on its model, measured where it is spent rather than where Cairn records it:
 * the HTTP requests the loopback server received and their bodies (tokens counted with the
 * tokenizer the budget uses, from the same text: adapters/llm/sent-text.ts), the answers as the
 * model gave them, and each HTTP attempt's time, taken under the retry layer. The budget tests and
 * `bench/faults-llm.ts` judge the budgets by it.
 *
 * Its model is the rule-based one, with the faults a budget must survive: a call marked to fail
 * (a 529, which the retry layer retries), one that fails slowly (a 400 after a wait), a slow
 * Finalize answer; and it stops at the request's max_tokens as a real model does (the loopback
 * server itself ignores it).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnthropicProvider } from '../../../functions/adapters/llm/anthropic/provider.js';
import { sentText } from '../../../functions/adapters/llm/sent-text.js';
import type { TokenCounter } from '../../../functions/core/llm/token-count.js';
import type { LlmProvider } from '../../../functions/core/ports.js';
import { intentOf, ruleBasedModel } from './rule-based-model.js';
import type { LoopbackLlm, Reply, Responder } from './server.js';

/** An llm_call instruction holding this fails at once with a 529, on every attempt. */
export const FAILS = '(this call fails)';
/** An llm_call instruction holding this fails with a 400 after SLOW_FAIL_MS. */
export const FAILS_SLOWLY = '(this call fails slowly)';
export const SLOW_FAIL_MS = 600;
/** How long Finalize's answer takes when the model is asked for slow answers. */
export const SLOW_ANSWER_MS = 700;
/** Finalize's instruction when it composes the answer (core/workflow/finalize.ts). */
export const FINALIZE_INSTRUCTION = 'Answer the task from the sources, citing them.';

export interface Spent {
  /** HTTP requests received: every attempt of every call. */
  httpCalls: number;
  /** The attempts' time, summed. */
  msSpent: number;
  /** The tokens of every request body received, as the model reads them. */
  tokensSent: number;
  /** The tokens of every answer given. */
  tokensAnswered: number;
}

export class Spending {
  private ms = 0;
  private answered = 0;
  /** Which reset the answers belong to: a call of the test before, answered after the reset, is not this test's spending. */
  private epoch = 0;

  constructor(
    private readonly server: LoopbackLlm,
    private readonly counter: TokenCounter,
  ) {}

  /** Forgets what was spent (and the server's requests), and answers with `model()` from now on. */
  reset(options: { slowAnswer?: boolean } = {}): void {
    this.epoch += 1;
    this.server.reset(this.model(options));
    this.ms = 0;
    this.answered = 0;
  }

  spent(): Spent {
    const tokensSent = this.server.requests.reduce((n, r) => n + this.counter.count(sentText(r.api, r.body)), 0);
    return { httpCalls: this.server.requests.length, msSpent: Math.round(this.ms), tokensSent, tokensAnswered: this.answered };
  }

  /** The provider under the retry layer, timing every attempt, the failed ones too. */
  timed(inner: AnthropicProvider): LlmProvider {
    return {
      name: inner.name,
      model: inner.model,
      source: inner.source,
      sentText: (request) => inner.sentText(request),
      complete: async (request, signal) => {
        const started = performance.now();
        try {
          return await inner.complete(request, signal);
        } finally {
          this.ms += performance.now() - started;
        }
      },
    };
  }

  private model(options: { slowAnswer?: boolean }): Responder {
    const epoch = this.epoch;
    return async (request) => {
      const intent = intentOf(request);
      const instruction = intent.kind === 'answer' ? intent.instruction : '';
      if (instruction.includes(FAILS_SLOWLY)) {
        await sleep(SLOW_FAIL_MS);
        return { status: 400, message: 'the model cannot read these sources' };
      }
      if (instruction.includes(FAILS)) return { status: 529 };
      if (options.slowAnswer && instruction === FINALIZE_INSTRUCTION) await sleep(SLOW_ANSWER_MS);
      const { cut, tokens } = cutAt(await ruleBasedModel(request), Number(request.body.max_tokens), this.counter);
      if (epoch === this.epoch) this.answered += tokens;
      return cut;
    };
  }
}

/**
 * An answer as a model gives it under `maxTokens`, and the tokens of what is given. One past the
 * limit is cut there (stop reason max_tokens); a structured answer cut short is no longer a whole
 * tool call, and comes as the prose of its JSON, unreadable as a model's cut answer is.
 */
function cutAt(reply: Reply, maxTokens: number, counter: TokenCounter): { cut: Reply; tokens: number } {
  if ('tool' in reply) {
    const tokens = counter.count(JSON.stringify(reply.tool)) + counter.count(reply.text ?? '');
    return tokens <= maxTokens ? { cut: reply, tokens } : cutProse(`${reply.text ?? ''}${JSON.stringify(reply.tool)}`, maxTokens, counter);
  }
  if (!('text' in reply) || 'refusal' in reply) return { cut: reply, tokens: 0 };
  const tokens = counter.count(reply.text);
  return tokens <= maxTokens ? { cut: reply, tokens } : cutProse(reply.text, maxTokens, counter);
}

/** The longest prefix of `text` within `maxTokens`, found by bisection on its length in characters. */
function cutProse(text: string, maxTokens: number, counter: TokenCounter): { cut: Reply; tokens: number } {
  let [fits, over] = [0, text.length];
  while (over - fits > 1) {
    const mid = (fits + over) >> 1;
    if (counter.count(text.slice(0, mid)) <= maxTokens) fits = mid;
    else over = mid;
  }
  const kept = text.slice(0, fits);
  return { cut: { text: kept, stopReason: 'max_tokens' }, tokens: counter.count(kept) };
}

/**
 * Text a tokenizer finds dense: hexadecimal ids, decimals, Cyrillic and Chinese names, about two
 * characters a token where English prose has four. Eight documents that all speak of Lyon's
 * sensor logs, written to `dir/dense.jsonl`; returns the file's path.
 */
export function writeDenseCorpus(dir: string): string {
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  const hex = () => next().toString(16).padStart(8, '0');
  const lines = Array.from({ length: 8 }, (_, i) => {
    const parts: string[] = [];
    while (parts.join(' ').length < 600) parts.push(`Lyon ${hex()} Δ${(next() % 100_000) / 1000} Лион-${next() % 997} 里昂${next() % 89} ${hex()};`);
    return JSON.stringify({ id: `dense-${i + 1}`, title: `Lyon sensor log ${i + 1}`, text: parts.join(' ') });
  });
  const path = join(dir, 'dense.jsonl');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
