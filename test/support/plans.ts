/**
 * Plans, steps, step outputs and plan records as the tests write them: only what a test cares about is spelled
 * out, the rest takes the plain defaults (text modality, no dependencies, an empty trace).
 */
import { randomUUID } from 'node:crypto';
import type { DecompositionPlan, DecompositionStep, PlanAttempt, PlanRecord, RetrievedDocument, StepOutput, StepType } from '../../functions/core/types.js';

/** A step with what the test names; modality, dependencies and trace may be left out. */
export type StepInput = Partial<DecompositionStep> & Pick<DecompositionStep, 'step_id' | 'type' | 'parameters'>;

export const step = (s: StepInput): DecompositionStep => ({ modality: 'text', dependencies: [], trace: {}, ...s });

export const planOf = (...steps: StepInput[]): DecompositionPlan => ({ plan: steps.map(step), traceability: true });

/** A step by position: id, type, parameters and dependencies, as the operator tests call them. */
export const stepOf = (step_id: number, type: StepType, parameters: Record<string, unknown> = {}, dependencies: number[] = []): DecompositionStep =>
  step({ step_id, type, parameters, dependencies });

/** A keyword search for `query`; parameters in `extra` are added to the query, not put in its place. */
export const searchStep = (id: number, query: string, dependencies: number[] = [], extra: Partial<DecompositionStep> = {}): StepInput => ({
  step_id: id,
  type: 'keyword_search',
  dependencies,
  ...extra,
  parameters: { query, ...extra.parameters },
});

/** An llm_call with `prompt`; parameters in `extra` are added to the prompt. */
export const llmStep = (id: number, prompt: string, dependencies: number[] = [], extra: Partial<DecompositionStep> = {}): StepInput => ({
  step_id: id,
  type: 'llm_call',
  dependencies,
  ...extra,
  parameters: { prompt, ...extra.parameters },
});

/** A tool_call of the registered tool `tool` with `args`. */
export const toolStep = (id: number, tool: string, args: Record<string, unknown>, extra: Partial<DecompositionStep> = {}): StepInput => ({
  step_id: id,
  type: 'tool_call',
  parameters: { tool, args },
  ...extra,
});

/** The answer schema of `askStep`: a city from a list (required) and an optional year. */
export const CITY_QUESTION = {
  type: 'object',
  properties: {
    city: { type: 'string', title: 'City', enum: ['Lyon', 'Marseille', 'Paris'] },
    year: { type: 'integer', minimum: 1800, maximum: 2030 },
  },
  required: ['city'],
} as const;

/** An elicitation step asking `message`, its answer following `schema` (CITY_QUESTION by default). */
export const askStep = (id: number, message: string, dependencies: number[] = [], schema: Record<string, unknown> = CITY_QUESTION): StepInput => ({
  step_id: id,
  type: 'elicitation',
  dependencies,
  parameters: { message, schema },
});

/** A plan as a model writes it in prose: the JSON in a fenced block. */
export const fencedJson = (value: unknown): string => `\`\`\`json\n${JSON.stringify(value)}\n\`\`\``;

/**
 * The step types the rule-based planner writes, without the graph steps: a fixed list, so that a
 * test's table does not depend on which operators this build has.
 */
export const BASE_STEP_TYPES: StepType[] = [
  'keyword_search',
  'vector_search',
  'filter',
  'rerank',
  'aggregate',
  'conditional',
  'llm_call',
  'audio_transcription',
  'image_captioning',
];

/** What a finished step left, for the operators that read their inputs' outputs. */
export const stepOutput = (step_id: number, type: StepType, result: Record<string, unknown>, status: StepOutput['status'] = 'succeeded'): StepOutput => ({
  step_id,
  type,
  status,
  result,
  startedAt: '',
  endedAt: '',
  durationMs: 0,
  attempts: 1,
});

/** The output of step `id` among an execution's outputs; fails the test when there is none. */
export const outputOfStep = (outputs: StepOutput[], id: number): StepOutput => {
  const found = outputs.find((o) => o.step_id === id);
  if (!found) throw new Error(`no output for step ${id}`);
  return found;
};

/** A retrieved text document with its score; text defaults to "text of <id>", rank to 1. */
export const retrievedDoc = (id: string, score: number, extra: Partial<RetrievedDocument> = {}): RetrievedDocument => ({
  id,
  text: `text of ${id}`,
  modality: 'text',
  score,
  rank: 1,
  ...extra,
});

/** A plan record as intake stores it: received, version 1, no events yet; a fresh id unless `overrides` names one. */
export const receivedPlan = (overrides: Partial<PlanRecord> = {}): PlanRecord => ({
  planId: `plan-${randomUUID()}`,
  status: 'received',
  version: 1,
  request: { task: 'Compare the rainfall of Lyon and Porto', options: { maxIterations: 3 } },
  createdAt: '2030-01-02T03:04:05.000Z',
  updatedAt: '2030-01-02T03:04:05.000Z',
  eventCount: 0,
  ...overrides,
});

/** A stored planner attempt numbered `n` (a generation for 1, a repair after), invalid unless overridden. */
export function plannerAttempt(n: number, overrides: Partial<PlanAttempt> = {}): PlanAttempt {
  return {
    attempt: n,
    kind: n === 1 ? 'generate' : 'repair',
    rawText: `{"plan": [], "attempt": ${n}}`,
    candidate: { plan: [], traceability: true },
    validation: { valid: false, errors: [{ path: 'plan', message: 'must not be empty', source: 'schema' }] },
    llm: {
      purpose: n === 1 ? 'plan' : 'repair',
      provider: 'rule-based',
      model: 'rules-1',
      inputTokens: 120,
      outputTokens: 40,
      durationMs: 3,
      promptHash: 'sha256:abc',
      stopReason: 'end_turn',
    },
    createdAt: '2030-01-02T03:04:06.000Z',
    ...overrides,
  };
}
