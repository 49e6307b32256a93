/**
 * Per-request budgets, enforced before a call is made. A request may cap its LLM calls and
 * its tokens (input + output, every call, retries included once); a call that would pass either
 * cap is not made and BudgetExceededError names which cap and by how much.
 *
 * The token cap is checked against an estimate of the prompt (4 characters a token, as the
 * rule-based provider counts) plus what has been spent; the call's output limit is lowered to what
 * is left, so a call can never spend past the cap by more than the estimate's error.
 *
 * The time cap counts the milliseconds of LLM calls, summed over the calls (two calls of a second
 * at once spend two seconds). A call starts only while time is left, and calls under way are
 * aborted together the moment the time left is used up.
 */
import { BudgetExceededError } from '../errors.js';
import type { LlmProvider, LlmRequest, LlmResponse } from '../ports.js';
import type { LlmCallRecord, PlanOptions } from '../types.js';

export interface LlmBudget {
  maxLlmCalls?: number | undefined;
  maxTokens?: number | undefined;
  /** Most milliseconds of LLM calls, summed over the calls. */
  maxLlmMs?: number | undefined;
}

export interface LlmUsage {
  calls: number;
  tokens: number;
  /** Milliseconds spent in LLM calls; none when absent. */
  ms?: number | undefined;
}

export function budgetOf(options: PlanOptions | undefined): LlmBudget {
  return { maxLlmCalls: options?.maxLlmCalls, maxTokens: options?.maxTokens, maxLlmMs: options?.maxLlmMs };
}

/** What a plan's earlier calls spent, from its metadata. */
export function usageOf(calls: readonly LlmCallRecord[]): LlmUsage {
  return {
    calls: calls.length,
    tokens: calls.reduce((n, c) => n + c.inputTokens + c.outputTokens, 0),
    ms: calls.reduce((n, c) => n + c.durationMs, 0),
  };
}

export function estimatePromptTokens(request: LlmRequest): number {
  const chars = request.system.length + request.messages.reduce((n, m) => n + m.content.length, 0);
  return Math.max(1, Math.ceil(chars / 4));
}

/**
 * The request as it may be sent within the budget (its output limit lowered to what is left), or
 * BudgetExceededError when no call fits.
 */
export function fitToBudget(request: LlmRequest, budget: LlmBudget, used: LlmUsage): LlmRequest {
  if (budget.maxLlmCalls !== undefined && used.calls + 1 > budget.maxLlmCalls) {
    throw new BudgetExceededError(
      `budget exceeded: the request allows ${budget.maxLlmCalls} LLM call(s) and ${used.calls} were made; the ${request.purpose} call was not made`,
    );
  }
  if (budget.maxLlmMs !== undefined && (used.ms ?? 0) >= budget.maxLlmMs) {
    throw new BudgetExceededError(
      `budget exceeded: the request allows ${budget.maxLlmMs} ms of LLM calls and ${Math.round(used.ms ?? 0)} ms were spent; the ${request.purpose} call was not made`,
    );
  }
  if (budget.maxTokens === undefined) return request;
  const prompt = estimatePromptTokens(request);
  const room = budget.maxTokens - used.tokens - prompt;
  if (room < 1) {
    throw new BudgetExceededError(
      `budget exceeded: the request allows ${budget.maxTokens} tokens, ${used.tokens} were spent and the ${request.purpose} prompt needs about ${prompt}; the call was not made`,
    );
  }
  return room < request.maxTokens ? { ...request, maxTokens: room } : request;
}

/**
 * The LLM behind a budget: every call is checked (and fitted) before it is made, and counted after.
 *
 * Calls may run at once (parallel llm_call steps), so a call reserves its share before it starts:
 * one call and its prompt estimate plus its output limit in tokens. The check and the reservation
 * happen with no await between them, so sixteen calls started together under `maxLlmCalls: 2` make
 * two calls, and under a token cap they cannot together promise more than the cap. When a call
 * ends, its reservation is replaced by what it really spent.
 */
export function withBudget(llm: LlmProvider, budget: LlmBudget, spent: LlmUsage): LlmProvider {
  if (budget.maxLlmCalls === undefined && budget.maxTokens === undefined && budget.maxLlmMs === undefined) return llm;
  const used = { calls: spent.calls, tokens: spent.tokens };
  const time = budget.maxLlmMs === undefined ? undefined : new LlmClock(budget.maxLlmMs, spent.ms ?? 0);
  let reserved = 0;
  return {
    name: llm.name,
    model: llm.model,
    source: llm.source,
    async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
      const fitted = fitToBudget(request, budget, { calls: used.calls, tokens: used.tokens + reserved, ms: time?.spent() });
      const reservation = budget.maxTokens === undefined ? 0 : estimatePromptTokens(fitted) + fitted.maxTokens;
      used.calls += 1;
      reserved += reservation;
      const timed = time?.start();
      try {
        const within = timed ? (signal ? AbortSignal.any([signal, timed.signal]) : timed.signal) : signal;
        const response = await llm.complete(fitted, within);
        used.tokens += response.inputTokens + response.outputTokens;
        return response;
      } catch (error) {
        // A failed call may still have read its prompt: its estimate is counted, never its output.
        used.tokens += estimatePromptTokens(fitted);
        if (timed?.signal.aborted && !signal?.aborted) {
          throw new BudgetExceededError(
            `budget exceeded: the request allows ${budget.maxLlmMs} ms of LLM calls, used up while the ${request.purpose} call was under way; it was stopped`,
            { cause: error },
          );
        }
        throw error;
      } finally {
        reserved -= reservation;
        timed?.end();
      }
    },
  };
}

/**
 * The time of LLM calls, summed over the calls, against a cap. Calls under way share one abort
 * signal, fired when the time they have used, added to what the ended calls spent, reaches the cap:
 * with k calls under way the time left runs out k times as fast, so the timer is set again at each
 * start and end.
 */
class LlmClock {
  private settled: number;
  private readonly running = new Set<number>();
  private controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly cap: number,
    spent: number,
  ) {
    this.settled = spent;
  }

  /** Milliseconds spent: the ended calls', and the calls under way so far. */
  spent(now = performance.now()): number {
    let ms = this.settled;
    for (const started of this.running) ms += now - started;
    return ms;
  }

  start(): { signal: AbortSignal; end: () => void } {
    const started = performance.now();
    // Two calls started in the same millisecond must not share one entry of the set.
    let key = started;
    while (this.running.has(key)) key += 1e-6;
    this.running.add(key);
    const { signal } = this.controller;
    this.arm();
    return {
      signal,
      end: () => {
        this.running.delete(key);
        this.settled += performance.now() - started;
        this.arm();
      },
    };
  }

  private arm(): void {
    clearTimeout(this.timer);
    if (this.running.size === 0) {
      // Nothing under way: a new start gets a fresh signal.
      if (this.controller.signal.aborted) this.controller = new AbortController();
      return;
    }
    const left = (this.cap - this.spent()) / this.running.size;
    const fire = () => this.controller.abort(new BudgetExceededError(`the request's ${this.cap} ms of LLM calls are used up`));
    if (left <= 0) fire();
    else this.timer = setTimeout(fire, Math.ceil(left));
  }
}
