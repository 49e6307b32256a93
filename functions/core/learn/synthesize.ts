/**
 * Synthesis: a mined chain, its parameter analysis and sample executions go to the LLM port in
 * seed 001's prompt, with the SynthesizedTool schema as the response schema; the answer is
 * validated (validate-tool.ts). A failing answer gets `max_retries_on_invalid` corrections with
 * its errors; then synthesis fails with one line and the last findings.
 *
 * The error strategy is not left to the model: the rules the observed failures call for
 * (draft.ts) replace the model's for every step seen failing, so the strategy always matches what
 * happened, whoever wrote the rest.
 */

import synthesizedToolSchemaJson from '../../../schemas/synthesized-tool.schema.json' with { type: 'json' };
import { SynthesisError } from '../errors.js';
import { callLlm } from '../llm/call-llm.js';
import { extractJson } from '../planner/extract-json.js';
import type { LlmMessage, LlmProvider, LlmRequest } from '../ports.js';
import type { LlmCallRecord } from '../types.js';
import { errorStrategyFrom } from './draft.js';
import { correctionPrompt, SYNTHESIS_SYSTEM, synthesisPrompt } from './prompt.js';
import type { LearningSettings, MinedChain, ParameterAnalysis, Session, SynthesisIssue, SynthesisOutcome, SynthesizedTool, ToolCatalogView } from './types.js';
import { validateSynthesizedTool } from './validate-tool.js';

export const synthesizedToolSchema: Readonly<Record<string, unknown>> = synthesizedToolSchemaJson;

const MAX_TOKENS = 4096;

export interface SynthesisInput {
  chain: MinedChain;
  analysis: ParameterAnalysis;
  /** Sessions holding the chain: the prompt shows the newest `max_samples` of them. */
  sessions: readonly Session[];
  catalog: ToolCatalogView;
  settings: Pick<LearningSettings, 'max_parallel_steps' | 'max_retries_on_invalid' | 'max_samples'>;
}

/** Parses a model's answer into a candidate tool; a finding when there is no JSON object in it. */
function candidateOf(text: string): { candidate?: unknown; issue?: SynthesisIssue } {
  try {
    const { value } = extractJson(text, 'tool_id');
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      // Structured-output providers may add a `reasoning` field; it is not part of the tool.
      const { reasoning: _reasoning, ...rest } = value as Record<string, unknown>;
      return { candidate: rest };
    }
    return { issue: { path: '(root)', message: 'the answer is JSON but not an object' } };
  } catch (error) {
    return { issue: { path: '(root)', message: `no JSON object in the answer: ${error instanceof Error ? error.message : String(error)}` } };
  }
}

/** The observed-failure rules over the model's, step by step. */
function withObservedStrategy(tool: SynthesizedTool, analysis: ParameterAnalysis): SynthesizedTool {
  const observed = errorStrategyFrom(analysis.failures);
  const covered = new Set(observed.rules.map((r) => r.step_index));
  return {
    ...tool,
    error_strategy: {
      default_behavior: 'abort',
      rules: [...observed.rules, ...tool.error_strategy.rules.filter((r) => !covered.has(r.step_index))].sort((a, b) => a.step_index - b.step_index),
    },
  };
}

/** Synthesizes and validates a composite tool for `input.chain`. Throws SynthesisError after the last invalid answer. */
export async function synthesizeTool(input: SynthesisInput, llm: LlmProvider, signal?: AbortSignal): Promise<SynthesisOutcome> {
  const { chain, analysis, catalog, settings } = input;
  const prompt = synthesisPrompt({
    chain,
    analysis,
    sessions: input.sessions,
    maxSamples: settings.max_samples,
    maxParallelSteps: settings.max_parallel_steps,
    tools: catalog.tools,
    stepTypes: catalog.stepTypes,
  });
  const intentChain = { key: chain.key, symbols: chain.symbols, sessionCount: chain.sessionCount, support: chain.support };
  const messages: LlmMessage[] = [{ role: 'user', content: prompt }];
  const llmCalls: LlmCallRecord[] = [];
  let issues: SynthesisIssue[] = [];
  const attempts = 1 + settings.max_retries_on_invalid;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const errors = issues.map((i) => `${i.path}: ${i.message}`);
    const request: LlmRequest = {
      purpose: 'synthesis',
      system: SYNTHESIS_SYSTEM,
      messages: [...messages],
      maxTokens: MAX_TOKENS,
      temperature: 0,
      intent: { kind: 'synthesis', chain: intentChain, analysis, maxParallelSteps: settings.max_parallel_steps, ...(attempt > 1 ? { errors } : {}) },
      responseSchema: synthesizedToolSchema as Record<string, unknown>,
    };
    const { response, record } = await callLlm(llm, request, signal);
    llmCalls.push(record);
    const { candidate, issue } = candidateOf(response.text);
    issues = issue ? [issue] : validateSynthesizedTool(candidate, catalog, settings, { key: chain.key, steps: analysis.steps });
    if (issues.length === 0) {
      return {
        tool: withObservedStrategy(candidate as SynthesizedTool, analysis),
        attempts: attempt,
        llmCalls,
        provider: response.provider,
        model: response.model,
      };
    }
    messages.push({ role: 'assistant', content: response.text }, { role: 'user', content: correctionPrompt(issues.map((i) => `${i.path}: ${i.message}`)) });
  }
  const shown = issues
    .slice(0, 3)
    .map((i) => `${i.path}: ${i.message}`)
    .join('; ');
  throw new SynthesisError(
    `synthesis of ${chain.key} failed: ${attempts} answer(s) did not validate; the last had ${issues.length} problem(s): ${shown}${issues.length > 3 ? '; ...' : ''}`,
    issues,
  );
}
