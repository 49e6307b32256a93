/**
 * Faulty first answers of the kinds real models give, built from a good plan: shared by the
 * provider tests and the repair benchmark (bench/repair.ts), so both replay the same faults.
 */
import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import { extractJson } from '../../../functions/core/planner/extract-json.js';
import { EXECUTABLE_STEP_TYPES } from '../../../functions/core/steps/index.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';
import type { Reply } from './server.js';

export const ANSWER_FAULTS = ['clean', 'fenced', 'truncated', 'missing-field', 'wrong-enum', 'dangling', 'cycle', 'non-json', 'empty', 'refusal'] as const;
export type AnswerFault = (typeof ANSWER_FAULTS)[number];

/** Transport faults met before the answer arrives: the retry layer must get through them. */
export const TRANSPORT_FAULTS = {
  'rate-limited': { status: 429, type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit', headers: { 'retry-after': '1' } },
  overloaded: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
  'server-error': { status: 500, type: 'api_error', message: 'Internal server error' },
} as const satisfies Record<string, Reply>;
export type TransportFault = keyof typeof TRANSPORT_FAULTS;

const rules = new RuleBasedProvider();

/** The rule-based planner's plan for `task`: the good plan the faults are made from. */
export async function goodPlanFor(task: string): Promise<DecompositionPlan> {
  const answer = await rules.complete({
    purpose: 'plan',
    system: '',
    messages: [],
    maxTokens: 4096,
    temperature: 0,
    intent: { kind: 'plan', task, allowedStepTypes: EXECUTABLE_STEP_TYPES, maxSteps: 20, topK: 10 },
  });
  return extractJson(answer.text, 'plan').value as DecompositionPlan;
}

function fencedText(plan: unknown): string {
  return `I split the task into sub-queries that run in parallel, then combine them.\n\n\`\`\`json\n${JSON.stringify(plan, null, 2)}\n\`\`\`\n\nEach step cites its sources.`;
}

/** The first answer of a model making `fault` on `plan`. */
export function faultyAnswer(fault: AnswerFault, plan: DecompositionPlan): Reply {
  const copy = structuredClone(plan) as unknown as { plan: Array<Record<string, unknown>>; traceability: boolean };
  const first = copy.plan[0]!;
  const last = copy.plan.at(-1)!;
  switch (fault) {
    case 'clean':
      return { tool: { reasoning: 'Search, then combine.', ...copy } };
    case 'fenced':
      return { text: fencedText(copy) };
    case 'truncated': {
      const text = fencedText(copy);
      return { text: text.slice(0, Math.floor(text.length * 0.6)), stopReason: 'max_tokens' };
    }
    case 'missing-field':
      // A field every step needs (a step's modality and trace are filled in when left out).
      delete first.dependencies;
      return { tool: copy };
    case 'wrong-enum':
      first.type = 'search';
      return { tool: copy };
    case 'dangling':
      last.dependencies = [...(last.dependencies as number[]), 99];
      return { tool: copy };
    case 'cycle':
      // The first step now waits on the last, which (directly or not) waits on it, or on itself.
      first.dependencies = [last.step_id as number];
      return { tool: copy };
    case 'non-json':
      return { text: 'I would search the corpus for each part of the task, then compare what I find and answer with citations.' };
    case 'empty':
      return { empty: true };
    case 'refusal':
      return { refusal: true, text: 'I cannot help with planning this request.' };
  }
}
