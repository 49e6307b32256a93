/**
 * Per-request budgets, enforced before anything is spent. A request may cap its plan's LLM calls
 * (`maxLlmCalls`), their tokens (`maxTokens`: input and output) and their time (`maxLlmMs`, the
 * milliseconds of the calls summed: two calls of a second at once spend two seconds).
 *
 * What counts: every HTTP attempt is a call, the first, each retry and each fallback provider's,
 * whether it answers, fails, is aborted or times out. A call's tokens are its prompt as sent (the
 * system text, the turns, the tool definitions and the schema of the structured answer, counted
 * with a real tokenizer: core/llm/token-count.ts) for every attempt, and for the attempt that
 * answered its prompt and its answer, each the larger of our count and the provider's own. A call's
 * time is its wall time, retries and their waits included.
 *
 * When: before each attempt. The first attempt of a call is checked here; each further attempt is
 * checked by the layer that makes it (the retry layer, the fallback list), through the gate this
 * ledger hands down (`LlmAttemptGate`). The output limit of an attempt is lowered to the tokens
 * left, so a call cannot spend past the cap by more than the count's error (for Claude, the
 * difference between its tokenizer and o200k_base).
 *
 * Across phases: every call a phase made, answered or not, goes into the plan's metadata
 * (`llmCalls`; an unanswered one with its `error`), and the next phase starts from `usageOf` them.
 */
import { BudgetExceededError, boundedMessage, oneLine } from '../errors.js';
import { promptHashOf } from '../llm/call-llm.js';
import { requestText } from '../llm/request-text.js';
import { tokenCounter } from '../llm/token-count.js';
import type { LlmAttemptGate, LlmProvider, LlmRequest, LlmResponse } from '../ports.js';
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
  /** Tokens promised to calls under way (their prompt and output limit), not spent yet. */
  held?: number | undefined;
}

export function budgetOf(options: PlanOptions | undefined): LlmBudget {
  return { maxLlmCalls: options?.maxLlmCalls, maxTokens: options?.maxTokens, maxLlmMs: options?.maxLlmMs };
}

/**
 * What one recorded call cost the budget: a call per attempt; the prompt of every attempt that got
 * no answer (it may have been read); for the one that answered, its prompt and its answer, each
 * the larger of the provider's count and ours; its time.
 */
export function costOf(call: LlmCallRecord): LlmUsage {
  const attempts = Math.max(1, call.attempts ?? 1);
  const sent = call.sentTokens ?? 0;
  const answered = Math.max(call.inputTokens, sent) + Math.max(call.outputTokens, call.answerTokens ?? 0);
  return { calls: attempts, tokens: answered + (attempts - 1) * sent, ms: call.durationMs };
}

/** What a plan's earlier calls spent, from its metadata: the calls that got no answer included. */
export function usageOf(calls: readonly LlmCallRecord[]): LlmUsage {
  const usage = { calls: 0, tokens: 0, ms: 0 };
  for (const call of calls) {
    const cost = costOf(call);
    usage.calls += cost.calls;
    usage.tokens += cost.tokens;
    usage.ms += cost.ms ?? 0;
  }
  return usage;
}

/**
 * The request as it may be sent within the budget (its output limit lowered to what is left), or
 * BudgetExceededError, one line naming the cap, when no attempt fits. `prompt` is the attempt's
 * prompt in tokens (0 when the budget has no token cap); `after`, the failure of the attempt
 * before, when this one would try again.
 */
export function fitToBudget(request: LlmRequest, budget: LlmBudget, used: LlmUsage, prompt: number, after?: unknown): LlmRequest {
  const notMade =
    after === undefined
      ? `the ${request.purpose} call was not made`
      : `the ${request.purpose} call was not tried again after: ${boundedMessage(oneLine(after), 512)}`;
  if (budget.maxLlmCalls !== undefined && used.calls + 1 > budget.maxLlmCalls) {
    throw new BudgetExceededError(`budget maxLlmCalls ${budget.maxLlmCalls} reached: ${used.calls} LLM call(s) made; ${notMade}`);
  }
  if (budget.maxLlmMs !== undefined && (used.ms ?? 0) >= budget.maxLlmMs) {
    throw new BudgetExceededError(`budget maxLlmMs ${budget.maxLlmMs} reached: ${Math.round(used.ms ?? 0)} ms of LLM calls spent; ${notMade}`);
  }
  if (budget.maxTokens === undefined) return request;
  const held = used.held ?? 0;
  const room = budget.maxTokens - used.tokens - held - prompt;
  if (room < 1) {
    const spent = held > 0 ? `${used.tokens} tokens spent and ${held} held by calls under way` : `${used.tokens} tokens spent`;
    throw new BudgetExceededError(`budget maxTokens ${budget.maxTokens} reached: ${spent}, and the ${request.purpose} prompt is ${prompt}; ${notMade}`);
  }
  return room < request.maxTokens ? { ...request, maxTokens: room } : request;
}

/** The LLM of one phase behind the request's budget, keeping the calls that got no answer for the plan's metadata. */
export interface MeteredLlm extends LlmProvider {
  /** The calls that got no answer since the last take (failed, aborted, timed out, stopped by the budget), as records; each is taken once. */
  takeUnanswered(): LlmCallRecord[];
  /**
   * Settles once no call is under way. A step that timed out has let go of its call, which ends
   * when its abort has unwound: a phase waits for that before it takes the calls to record.
   */
  idle(): Promise<void>;
}

/**
 * The LLM behind a budget: every attempt is checked (and fitted) before it is made, and counted.
 *
 * Calls may run at once (parallel llm_call steps), so a call reserves its share before it starts:
 * one call, and its prompt plus its output limit in tokens. The check and the reservation happen
 * with no await between them (the prompt is counted before), so sixteen calls started together
 * under `maxLlmCalls: 2` make two calls, and under a token cap they cannot together promise more
 * than the cap. When a call ends, its reservation is replaced by what it spent.
 *
 * Without a budget it still records the calls that got no answer: the trace says what was tried.
 */
export function withBudget(llm: LlmProvider, budget: LlmBudget, spent: LlmUsage): MeteredLlm {
  return new Ledger(llm, budget, spent);
}

/** One call under way: the attempts made, the tokens it holds, whether its last attempt's prompt is still to be counted. */
interface CallState {
  attempts: number;
  held: number;
  promptOpen: boolean;
}

class Ledger implements MeteredLlm {
  private calls: number;
  private tokens: number;
  private held = 0;
  private readonly clock: LlmClock | undefined;
  private unanswered: LlmCallRecord[] = [];
  private running = 0;
  private waiting: Array<() => void> = [];

  constructor(
    private readonly llm: LlmProvider,
    private readonly budget: LlmBudget,
    spent: LlmUsage,
  ) {
    this.calls = spent.calls;
    this.tokens = spent.tokens;
    this.clock = budget.maxLlmMs === undefined ? undefined : new LlmClock(budget.maxLlmMs, spent.ms ?? 0);
  }

  get name(): string {
    return this.llm.name;
  }
  get model(): string {
    return this.llm.model;
  }
  get source(): string {
    return this.llm.source;
  }

  async sentText(request: LlmRequest): Promise<string> {
    return (await this.llm.sentText?.(request)) ?? requestText(request);
  }

  takeUnanswered(): LlmCallRecord[] {
    const taken = this.unanswered;
    this.unanswered = [];
    return taken;
  }

  idle(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  private usage(): LlmUsage {
    return { calls: this.calls, tokens: this.tokens, held: this.held, ms: this.clock?.spent() };
  }

  /** Takes `call`'s tokens for an attempt of `request` (its prompt, and its output limit once fitted). */
  private hold(call: CallState, request: LlmRequest, prompt: number | undefined): void {
    this.held -= call.held;
    call.held = prompt === undefined ? 0 : prompt + request.maxTokens;
    this.held += call.held;
  }

  async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
    // Counted first (the tokenizer loads on the first count); from the check to the reservation
    // nothing is awaited, so calls started together cannot all pass the same check.
    const counter = this.budget.maxTokens === undefined ? undefined : await tokenCounter();
    const prompt = counter === undefined ? undefined : counter.count(await this.sentText(request));
    const fitted = fitToBudget(request, this.budget, this.usage(), prompt ?? 0);
    const call: CallState = { attempts: 1, held: 0, promptOpen: true };
    this.calls += 1;
    this.hold(call, fitted, prompt);
    const gate: LlmAttemptGate = (next, after) => {
      // The attempt before got no answer: its prompt may have been read.
      this.closePrompt(call, prompt);
      this.hold(call, next, undefined);
      const refitted = fitToBudget(next, this.budget, this.usage(), prompt ?? 0, after);
      this.calls += 1;
      call.attempts += 1;
      call.promptOpen = true;
      this.hold(call, refitted, prompt);
      return refitted;
    };
    const timed = this.clock?.start();
    const started = performance.now();
    this.running += 1;
    try {
      const within = timed ? (signal ? AbortSignal.any([signal, timed.signal]) : timed.signal) : signal;
      const response = await this.llm.complete(fitted, within, gate);
      // A layer that retried without asking the gate still made its attempts: they count.
      const attempts = Math.max(call.attempts, response.attempts ?? 1);
      this.calls += attempts - call.attempts;
      const answer = counter?.count(response.text);
      this.tokens += Math.max(response.inputTokens, prompt ?? 0) + Math.max(response.outputTokens, answer ?? 0) + (attempts - call.attempts) * (prompt ?? 0);
      return {
        ...response,
        ...(response.attempts !== undefined || attempts > 1 ? { attempts } : {}),
        ...(prompt !== undefined ? { sentTokens: prompt } : {}),
        ...(answer !== undefined ? { answerTokens: answer } : {}),
      };
    } catch (error) {
      this.closePrompt(call, prompt);
      const failure =
        timed?.signal.aborted && !signal?.aborted
          ? new BudgetExceededError(
              `budget maxLlmMs ${this.budget.maxLlmMs} reached: ${Math.round(this.clock?.spent() ?? 0)} ms of LLM calls spent; the ${request.purpose} call was stopped under way`,
              { cause: error },
            )
          : error;
      this.unanswered.push(unansweredCall(this.llm, request, failure, performance.now() - started, call.attempts, prompt));
      throw failure;
    } finally {
      this.held -= call.held;
      call.held = 0;
      timed?.end();
      this.running -= 1;
      if (this.running === 0) for (const resolve of this.waiting.splice(0)) resolve();
    }
  }

  /** Counts the prompt of the attempt that just got no answer, once. */
  private closePrompt(call: CallState, prompt: number | undefined): void {
    if (call.promptOpen) this.tokens += prompt ?? 0;
    call.promptOpen = false;
  }
}

/** The record of a call that got no answer: its time, attempts and prompt count against the budget in later phases. */
function unansweredCall(
  llm: LlmProvider,
  request: LlmRequest,
  error: unknown,
  durationMs: number,
  attempts: number,
  prompt: number | undefined,
): LlmCallRecord {
  return {
    purpose: request.purpose,
    provider: llm.name,
    model: llm.model,
    inputTokens: 0,
    outputTokens: 0,
    durationMs: Math.round(durationMs),
    promptHash: promptHashOf(request),
    stopReason: 'error',
    error: boundedMessage(oneLine(error), 1024),
    attempts,
    ...(prompt !== undefined ? { sentTokens: prompt } : {}),
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
    const fire = () => this.controller.abort(new BudgetExceededError(`budget maxLlmMs ${this.cap} reached: the LLM calls under way were stopped`));
    if (left <= 0) fire();
    else this.timer = setTimeout(fire, Math.ceil(left));
  }
}
