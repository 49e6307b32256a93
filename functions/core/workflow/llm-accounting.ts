/**
 * What the plan's LLM calls cost: each call traced as an event, and the plan's metadata summing
 * calls, tokens, price and time per phase. Calls that got no answer are traced and kept too: the
 * request's budget counts them in every later phase (core/planner/budget.ts).
 */
import { LlmRefusalError } from '../errors.js';
import type { MeteredLlm } from '../planner/budget.js';
import type { LlmCallRecord, PlanMetadata, PlanRecord, TraceEventInput } from '../types.js';
import type { PhaseDeps } from './deps.js';
import type { WriteBehind } from './write-behind.js';

/** Adds LLM calls and a phase duration to the plan's metadata. */
export function withMetadata(deps: PhaseDeps, record: PlanRecord, phase: string, durationMs: number, calls: LlmCallRecord[]): PlanMetadata {
  const previous: PlanMetadata = record.metadata ?? {
    provider: deps.llm.name,
    model: deps.llm.model,
    iterations: 0,
    llmCalls: [],
    inputTokens: 0,
    outputTokens: 0,
    durationsMs: {},
    source: deps.llm.source,
  };
  const llmCalls = [...previous.llmCalls, ...calls];
  const priced = llmCalls.filter((c) => c.costUsd !== undefined);
  return {
    ...previous,
    llmCalls,
    inputTokens: llmCalls.reduce((n, c) => n + c.inputTokens, 0),
    outputTokens: llmCalls.reduce((n, c) => n + c.outputTokens, 0),
    durationsMs: { ...previous.durationsMs, [phase]: (previous.durationsMs[phase] ?? 0) + Math.round(durationMs) },
    // Only the calls with a known price count; a model with none adds nothing rather than a guess.
    ...(priced.length > 0 ? { costUsd: Math.round(priced.reduce((n, c) => n + (c.costUsd ?? 0), 0) * 1e6) / 1e6 } : {}),
  };
}

/** The trace event of one LLM call. */
export function llmCallEvent(phase: string, call: LlmCallRecord): TraceEventInput {
  return { type: 'llm.call', phase, data: { ...call } };
}

/** The phases whose model work may fail, and the key of their time in `metadata.durationsMs`. */
const DURATION_KEY = { analyzing: 'analyze', planning: 'generate', repairing: 'repair', finalizing: 'finalize' } as const;

/**
 * Runs a phase's model work through `llm`. When it fails, the calls that got no answer (failed,
 * aborted, timed out, stopped by the budget) and a refused one are traced and added to the plan's
 * metadata before the error goes on to fail the plan, so that a later phase, or this state tried
 * again, counts them against the request's budget.
 */
export async function tracingUnanswered<T>(
  deps: PhaseDeps,
  record: PlanRecord,
  phase: keyof typeof DURATION_KEY,
  llm: MeteredLlm,
  run: () => Promise<T>,
  /** The phase's writes still landing (its status): the calls are traced after them. */
  earlier?: WriteBehind,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const calls = [...(error instanceof LlmRefusalError ? [error.call] : []), ...llm.takeUnanswered()];
    if (calls.length > 0) {
      await earlier?.drain();
      const durationMs = calls.reduce((n, c) => n + c.durationMs, 0);
      await deps.store.updatePlanWithEvents(
        record.planId,
        { metadata: withMetadata(deps, record, DURATION_KEY[phase], durationMs, calls) },
        calls.map((call) => llmCallEvent(phase, call)),
      );
    }
    throw error;
  }
}
