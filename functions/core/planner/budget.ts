/**
 * Per-request budgets, enforced before a call is made. A request may cap its LLM calls and
 * its tokens (input + output, every call, retries included once); a call that would pass either
 * cap is not made and BudgetExceededError names which cap and by how much.
 *
 * The token cap is checked against an estimate of the prompt (4 characters a token, as the
 * rule-based provider counts) plus what has been spent; the call's output limit is lowered to what
 * is left, so a call can never spend past the cap by more than the estimate's error.
 */
import { BudgetExceededError } from '../errors.js';
import type { LlmProvider, LlmRequest, LlmResponse } from '../ports.js';
import type { LlmCallRecord, PlanOptions } from '../types.js';

export interface LlmBudget {
  maxLlmCalls?: number | undefined;
  maxTokens?: number | undefined;
}

export interface LlmUsage {
  calls: number;
  tokens: number;
}

export function budgetOf(options: PlanOptions | undefined): LlmBudget {
  return { maxLlmCalls: options?.maxLlmCalls, maxTokens: options?.maxTokens };
}

/** What a plan's earlier calls spent, from its metadata. */
export function usageOf(calls: readonly LlmCallRecord[]): LlmUsage {
  return { calls: calls.length, tokens: calls.reduce((n, c) => n + c.inputTokens + c.outputTokens, 0) };
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
  if (budget.maxLlmCalls === undefined && budget.maxTokens === undefined) return llm;
  const used = { ...spent };
  let reserved = 0;
  return {
    name: llm.name,
    model: llm.model,
    source: llm.source,
    async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
      const fitted = fitToBudget(request, budget, { calls: used.calls, tokens: used.tokens + reserved });
      const reservation = budget.maxTokens === undefined ? 0 : estimatePromptTokens(fitted) + fitted.maxTokens;
      used.calls += 1;
      reserved += reservation;
      try {
        const response = await llm.complete(fitted, signal);
        used.tokens += response.inputTokens + response.outputTokens;
        return response;
      } catch (error) {
        // A failed call may still have read its prompt: its estimate is counted, never its output.
        used.tokens += estimatePromptTokens(fitted);
        throw error;
      } finally {
        reserved -= reservation;
      }
    },
  };
}
