/**
 * Iterative planning (seed 002): after a round runs, its results go back to the planner, which
 * adds steps to the plan or answers. The plan grows: a round's steps take ids after the last
 * step of the earlier rounds and may read their results, and the steps already run are never
 * run again. This module asks for the next round and judges what came back; the loop itself is
 * a Choice in the state machine.
 *
 * The conversation is rebuilt each round from the stored plan and results: the task's plan
 * prompt, then for every earlier round the planner's answer as a structured-output tool call and
 * that round's results as its tool result, so a provider with tools always sees each call paired
 * with its result.
 */

import { canonicalJson } from '../canonical-json.js';
import { callLlm, type LlmOutcome } from '../llm/call-llm.js';
import type { LlmMessage, LlmRequest } from '../ports.js';
import type { DecompositionPlan, DecompositionStep, RoundResult, RoundsRecord, StepOutput } from '../types.js';
import { extractJson } from './extract-json.js';
import { modelPlanSchema, normalizeStep } from './plan-format.js';
import { type PlannerDeps, type PlanningInput, sizedSystem } from './planner.js';
import { planPrompt } from './prompts.js';
import { DEFAULT_TEMPLATES } from './templates/index.js';

/** How much of the results the planner is shown: per document, per text, and in all. */
export const RESULT_LIMITS = { documents: 5, snippetChars: 240, textChars: 800, totalChars: 12_000 } as const;

/**
 * The schema of a round's answer: the compact plan (plan-format.ts) with an optional `answer` and
 * nothing required. It keeps the plan schema's title, so a provider names its structured-output
 * tool the same in every round and the earlier rounds' calls in the conversation name a tool that exists.
 */
export function roundSchema(): Record<string, unknown> {
  return modelPlanSchema({ answer: true });
}

/** The steps each round added, in round order; the first round is every step no later round claims. */
export function stepsByRound(plan: DecompositionPlan, rounds: RoundsRecord | undefined): Map<number, DecompositionStep[]> {
  const roundOf = new Map<number, number>();
  for (const r of rounds?.rounds ?? []) for (const id of r.stepIds) roundOf.set(id, r.round);
  const byRound = new Map<number, DecompositionStep[]>();
  for (const step of plan.plan) {
    const round = roundOf.get(step.step_id) ?? 1;
    byRound.set(round, [...(byRound.get(round) ?? []), step]);
  }
  return new Map([...byRound.entries()].sort(([a], [b]) => a - b));
}

/**
 * The results of the steps that ran, as the planner sees them: documents cut to their ids, titles
 * and the start of their text, long texts cut short. Once the whole passes its limit, the oldest
 * results keep only their scalars and document ids and name their step for the rest.
 */
export function roundResults(plan: DecompositionPlan, outputs: readonly StepOutput[], rounds: RoundsRecord | undefined): RoundResult[] {
  const byId = new Map(outputs.map((o) => [o.step_id, o]));
  const results: RoundResult[] = [];
  for (const [round, steps] of stepsByRound(plan, rounds)) {
    for (const step of steps) {
      const output = byId.get(step.step_id);
      if (!output) continue;
      results.push({
        step_id: step.step_id,
        round,
        name: step.type === 'tool_call' && typeof step.tool === 'string' ? step.tool : step.type,
        args: step.type === 'tool_call' ? (step.params ?? step.parameters) : step.parameters,
        status: output.status,
        result: boundedResult(output.result),
        ...(output.error ? { error: output.error } : output.reason && output.status !== 'succeeded' ? { error: output.reason } : {}),
      });
    }
  }
  let size = JSON.stringify(results).length;
  for (const r of results) {
    if (size <= RESULT_LIMITS.totalChars) break;
    const before = JSON.stringify(r.result).length;
    r.result = referenced(r.result, r.step_id);
    size -= before - JSON.stringify(r.result).length;
  }
  return results;
}

function boundedResult(result: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(result)) {
    if (key === 'documents' && Array.isArray(value)) {
      const docs = value as Array<{ id: string; title?: string; text?: string; score?: number }>;
      out.documents = docs.slice(0, RESULT_LIMITS.documents).map((d) => ({
        id: d.id,
        ...(d.title ? { title: d.title } : {}),
        ...(typeof d.score === 'number' ? { score: Math.round(d.score * 1000) / 1000 } : {}),
        ...(typeof d.text === 'string' ? { snippet: cut(d.text, RESULT_LIMITS.snippetChars) } : {}),
      }));
      if (docs.length > RESULT_LIMITS.documents) out.more_documents = docs.length - RESULT_LIMITS.documents;
    } else if (typeof value === 'string') {
      out[key] = cut(value, RESULT_LIMITS.textChars);
    } else if (typeof value === 'object' && value !== null) {
      const text = JSON.stringify(value);
      out[key] = text.length <= RESULT_LIMITS.snippetChars ? value : cut(text, RESULT_LIMITS.snippetChars);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** A result reduced to its scalars and document ids, naming its step for the rest. */
function referenced(result: Record<string, unknown>, stepId: number): Record<string, unknown> {
  const out: Record<string, unknown> = { see: `step_${stepId}.result (shortened to fit)` };
  for (const [key, value] of Object.entries(result)) {
    if (key === 'documents' && Array.isArray(value)) out.document_ids = (value as Array<{ id: string }>).map((d) => d.id);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else if (typeof value === 'string' && value.length <= 80) out[key] = value;
  }
  return out;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** What the planner said about the next round. */
export type RoundReply =
  | { kind: 'answer'; answer: string; reasoning?: string }
  | { kind: 'steps'; steps: unknown[]; reasoning?: string }
  | { kind: 'unreadable'; error: string };

export interface NextRoundInput extends PlanningInput {
  round: number;
  maxRounds: number;
  plan: DecompositionPlan;
  rounds: RoundsRecord | undefined;
  outputs: readonly StepOutput[];
  /** What the last round left uncovered (workflow/round-gap.ts), said to the planner. */
  gap?: string;
}

/** Asks the planner for the next round, with every earlier round's plan and results in the conversation. */
export async function planNextRound(deps: PlannerDeps, input: NextRoundInput): Promise<{ reply: RoundReply; outcome: LlmOutcome }> {
  const templates = deps.templates ?? DEFAULT_TEMPLATES;
  const results = roundResults(input.plan, input.outputs, input.rounds);
  const request: LlmRequest = {
    purpose: 'plan',
    // The same system prompt as the first plan's, learned tools included: the model may call one in a later round, and the prefix stays cacheable.
    system: sizedSystem(deps, input, templates),
    messages: roundMessages(input, results, templates),
    maxTokens: deps.budgets.plan,
    temperature: 0,
    intent: {
      kind: 'next_round',
      task: input.task,
      ...(input.analysis ? { analysis: input.analysis } : {}),
      round: input.round,
      maxRounds: input.maxRounds,
      plan: input.plan,
      results,
      allowedStepTypes: input.allowedStepTypes,
      maxSteps: input.maxSteps,
      topK: input.topK,
    },
    responseSchema: roundSchema(),
  };
  const outcome = await callLlm(deps.llm, request);
  const reply = readReply(outcome.response.text);
  // What the model may leave out of a step (its modality, its trace) is filled in, as for a first plan.
  return { reply: reply.kind === 'steps' ? { ...reply, steps: reply.steps.map((s) => normalizeStep(s, deps.llm.source)) } : reply, outcome };
}

function roundMessages(input: NextRoundInput, results: RoundResult[], templates: typeof DEFAULT_TEMPLATES): LlmMessage[] {
  const messages: LlmMessage[] = [
    {
      role: 'user',
      content: planPrompt(
        { task: input.task, analysis: input.analysis, constraints: input.constraints, context: input.context, maxSteps: input.maxSteps },
        templates,
      ),
    },
  ];
  const byRound = stepsByRound(input.plan, input.rounds);
  const lastId = Math.max(0, ...input.plan.plan.map((s) => s.step_id));
  for (const [round, steps] of byRound) {
    const id = `round_${round}`;
    const answer = { plan: steps, traceability: input.plan.traceability };
    messages.push({ role: 'assistant', content: JSON.stringify(answer), toolCall: { id, input: answer } });
    const ofRound = results.filter((r) => r.round === round);
    const last = round === input.round - 1;
    const instruction = last
      ? [
          `Round ${input.round} of at most ${input.maxRounds}. Above are the results of every step that ran (step id, name, args, result, error).`,
          'If they answer the task, reply with {"answer": "...", "plan": []}, citing document ids in [brackets].',
          `Otherwise reply with {"plan": [...], "traceability": true} holding only the NEW steps, numbered from ${lastId + 1}; they may depend on earlier steps by id.`,
          'Ask about what the results found (a name, a date, a place they mention) rather than repeating a search that already ran.',
          ...(input.gap ? [`Left uncovered: ${input.gap}.`] : []),
        ].join('\n')
      : '';
    messages.push({ role: 'user', content: `${JSON.stringify({ round, results: ofRound })}${instruction ? `\n\n${instruction}` : ''}`, toolResult: { id } });
  }
  return messages;
}

function readReply(text: string): RoundReply {
  let value: unknown;
  let reasoning = '';
  try {
    const extracted = extractJson(text, 'plan');
    value = extracted.value;
    reasoning = extracted.reasoning;
  } catch (error) {
    return { kind: 'unreadable', error: (error as Error).message };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'unreadable', error: 'the answer is not a JSON object' };
  const { answer, plan, reasoning: said } = value as { answer?: unknown; plan?: unknown; reasoning?: unknown };
  const why = [reasoning.trim(), typeof said === 'string' ? said.trim() : ''].filter((t) => t !== '').join('\n\n');
  const extra = why ? { reasoning: why } : {};
  const steps = Array.isArray(plan) ? plan : [];
  if (typeof answer === 'string' && answer.trim() !== '' && steps.length === 0) return { kind: 'answer', answer: answer.trim(), ...extra };
  if (plan !== undefined && !Array.isArray(plan)) return { kind: 'unreadable', error: '`plan` is not a list of steps' };
  return { kind: 'steps', steps, ...extra };
}

/** What a round's steps do to the plan. */
export type RoundMerge =
  | { kind: 'merged'; plan: DecompositionPlan; newIds: number[] }
  | { kind: 'no_more_steps' }
  | { kind: 'no_progress'; detail: string }
  | { kind: 'conflict'; detail: string };

/**
 * The plan with a round's steps added. Steps sent again with the id and content they had are
 * ignored (a model often repeats the plan it is extending); a step that reuses an earlier id with
 * other content is a conflict. A round whose new steps all do what earlier steps did (same type,
 * same parameters) makes no progress, and neither does one that only sends the plan back.
 */
export function mergeRound(previous: DecompositionPlan, steps: readonly unknown[]): RoundMerge {
  const byId = new Map(previous.plan.map((s) => [s.step_id, s]));
  const added: DecompositionStep[] = [];
  for (const raw of steps) {
    const step = raw as DecompositionStep;
    const id = typeof step === 'object' && step !== null ? step.step_id : undefined;
    const before = typeof id === 'number' ? byId.get(id) : undefined;
    if (before === undefined) {
      added.push(step);
      continue;
    }
    if (canonicalJson(withoutTrace(before)) !== canonicalJson(withoutTrace(step))) {
      return { kind: 'conflict', detail: `step ${id} already ran in an earlier round; new steps take ids from ${Math.max(...byId.keys()) + 1}` };
    }
  }
  if (added.length === 0) {
    return steps.length > 0 ? { kind: 'no_progress', detail: 'the planner sent back the plan that already ran, with no new step' } : { kind: 'no_more_steps' };
  }
  const done = new Set(previous.plan.map(signature));
  const repeats = added.filter((s) => done.has(signature(s)));
  if (repeats.length === added.length) {
    return {
      kind: 'no_progress',
      detail: `every new step repeats a step that already ran (${repeats.map((s) => `${s.type} ${JSON.stringify(s.parameters ?? {})}`).join('; ')})`,
    };
  }
  return { kind: 'merged', plan: { ...previous, plan: [...previous.plan, ...added] }, newIds: added.map((s) => s.step_id) };
}

/** What a step does, apart from its id, its place in the graph and its explanation. */
function signature(step: DecompositionStep): string {
  return canonicalJson({ type: step.type, parameters: step.parameters ?? {}, tool: step.tool ?? null, params: step.params ?? null });
}

function withoutTrace(step: DecompositionStep): unknown {
  const { trace: _trace, ...rest } = step;
  return rest;
}
