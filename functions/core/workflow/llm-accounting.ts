/**
 * What the plan's LLM calls cost: each call traced as an event, and the plan's metadata summing
 * calls, tokens, price and time per phase.
 */
import type { LlmCallRecord, PlanMetadata, PlanRecord, TraceEventInput } from '../types.js';
import type { PhaseDeps } from './deps.js';

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
