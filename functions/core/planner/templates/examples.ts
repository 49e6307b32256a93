/**
 * One short example plan per kind of task, shown in a plan prompt when no plan of an earlier,
 * similar task is: the shape of a good plan for that kind, in the compact form a model writes
 * (plan-format.ts). Each is a valid plan once normalized (test/unit/planner/sizing.test.ts).
 */
import type { TaskShape } from '../sizing.js';

export interface ShippedExample {
  task: string;
  plan: Array<Record<string, unknown>>;
}

const step = (step_id: number, type: string, parameters: Record<string, unknown>, dependencies: number[] = [], more: Record<string, unknown> = {}) => ({
  step_id,
  type,
  parameters,
  dependencies,
  ...more,
});

export const SHIPPED_EXAMPLES: Readonly<Record<TaskShape, ShippedExample>> = {
  comparison: {
    task: 'Is Everest higher than K2?',
    plan: [
      step(1, 'keyword_search', { query: 'Everest elevation' }),
      step(2, 'keyword_search', { query: 'K2 elevation' }),
      step(3, 'llm_call', { prompt: 'Compare, citing each side.', input_steps: [1, 2] }, [1, 2]),
    ],
  },
  bridge: {
    task: 'Where was the director of Amelie born?',
    plan: [
      step(1, 'keyword_search', { query: 'Amelie director' }),
      step(2, 'multi-hop', { input_step: 1, hops: 1, query: 'born' }, [1]),
      step(3, 'llm_call', { prompt: 'Answer, citing sources.', input_steps: [1, 2] }, [1, 2]),
    ],
  },
  lookup: {
    task: 'What is the boiling point of ethanol?',
    plan: [step(1, 'keyword_search', { query: 'ethanol boiling point' }), step(2, 'llm_call', { prompt: 'Answer, citing sources.', input_step: 1 }, [1])],
  },
  conditional: {
    task: 'If Oslo has night buses, describe them, otherwise describe its trams',
    plan: [
      step(1, 'keyword_search', { query: 'Oslo night bus' }),
      step(2, 'conditional', { expression: 'step_1.result.count > 0' }, [1]),
      step(3, 'keyword_search', { query: 'Oslo trams' }, [2], { condition: "step_2.result['run'] == False" }),
      step(4, 'llm_call', { prompt: 'Describe, citing sources.', input_steps: [1, 3] }, [1, 3], { on_dependency_skipped: 'continue' }),
    ],
  },
  top_n: {
    task: 'What are the three longest rivers of Europe?',
    plan: [
      step(1, 'keyword_search', { query: 'longest rivers Europe', top_k: 15 }),
      step(2, 'filter', { input_step: 1, max_results: 3 }, [1]),
      step(3, 'llm_call', { prompt: 'List them, citing sources.', input_step: 2 }, [2]),
    ],
  },
  multimodal: {
    task: 'What does the speaker say about parking in meeting.mp3?',
    plan: [
      step(1, 'audio_transcription', { file: 'meeting.mp3' }),
      step(2, 'keyword_search', { query: '{{ step_1.result.text }} parking' }, [1]),
      step(3, 'llm_call', { prompt: 'Answer, citing sources.', input_steps: [1, 2] }, [1, 2]),
    ],
  },
};
