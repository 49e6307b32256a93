/**
 * Sessions for the learning tests: a builder of session steps, and a fixture of ten sessions with
 * known chains whose support and confidence are counted by hand in test/unit/learn/mine.test.ts.
 *
 * The fixture's sessions:
 * - s01..s06: vector_search → keyword_search → rerank → llm_call over one question each, the two
 *   searches feeding the rerank, the llm_call's prompt a template over the rerank, then the plan's
 *   answer (an llm_call reading the first);
 * - s07, s08: corpus.search → corpus.get → llm_call, the id read from the search's first result,
 *   then the answer;
 * - s09: vector_search → keyword_search → llm_call, that llm_call the answer;
 * - s10: keyword_search → rerank.
 * A plan's answer (an llm_call nothing reads) is never part of a mined chain.
 * Latencies are fixed per symbol (below), so average latencies are sums.
 */
import type { Session, SessionStep } from '../../functions/core/learn/types.js';
import type { StepType } from '../../functions/core/types.js';

export const LATENCY_MS: Readonly<Record<string, number>> = {
  vector_search: 100,
  keyword_search: 50,
  rerank: 30,
  llm_call: 400,
  'corpus.search': 20,
  'corpus.get': 10,
};

export interface StepSpec {
  stepId: number;
  type: StepType;
  tool?: string;
  input: Record<string, unknown>;
  rawInput?: Record<string, unknown>;
  output?: Record<string, unknown>;
  status?: SessionStep['status'];
  error?: string;
  dependencies?: number[];
  latencyMs?: number;
  symbol?: string;
}

/** A session from step specs, in the order given; `day` orders sessions (a later day is newer). */
export function sessionOf(sessionId: string, day: number, specs: readonly StepSpec[]): Session {
  const at = `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
  return {
    sessionId,
    at,
    task: `task of ${sessionId}`,
    steps: specs.map((spec, position) => {
      const symbol = spec.symbol ?? spec.tool ?? spec.type;
      const status = spec.status ?? 'succeeded';
      return {
        position,
        stepId: spec.stepId,
        type: spec.type,
        ...(spec.tool ? { tool: spec.tool } : {}),
        symbol,
        input: spec.input,
        ...(spec.rawInput ? { rawInput: spec.rawInput } : {}),
        ...(status === 'succeeded' ? { output: spec.output ?? {} } : {}),
        status,
        ...(spec.error ? { error: spec.error } : {}),
        latencyMs: spec.latencyMs ?? LATENCY_MS[symbol] ?? 1,
        dependencies: spec.dependencies ?? [],
        eventId: `${sessionId}#${10 + position}`,
        at,
      };
    }),
  };
}

const docs = (question: string, prefix: string) => [
  { id: `${prefix}-1`, title: `${question} first`, text: `about ${question}`, score: 0.9 },
  { id: `${prefix}-2`, title: `${question} second`, text: `more on ${question}`, score: 0.7 },
];

/** The plan's answer: an llm_call reading step `from`, that no step reads. */
const answerSpec = (stepId: number, from: number): StepSpec => ({
  stepId,
  type: 'llm_call',
  input: { input_step: from, prompt: 'Answer the task' },
  rawInput: { input_step: from, prompt: 'Answer the task' },
  output: { answer: 'The answer.' },
  dependencies: [from],
});

/** The four-step retrieval chain over `question`; `overrides` change one step's spec by position. */
export function retrievalSession(sessionId: string, day: number, question: string, overrides: Record<number, Partial<StepSpec>> = {}): Session {
  const ranked = docs(question, sessionId);
  const specs: StepSpec[] = [
    { stepId: 1, type: 'vector_search', input: { query: question, top_k: 10 }, output: { documents: ranked, method: 'lexical-vector' } },
    { stepId: 2, type: 'keyword_search', input: { query: question, top_k: 10 }, output: { documents: ranked, method: 'bm25' } },
    {
      stepId: 3,
      type: 'rerank',
      input: { input_step: 2, query: question, top_k: 5 },
      rawInput: { input_step: 2, query: question, top_k: 5 },
      output: { documents: ranked, method: 'term-overlap' },
      dependencies: [1, 2],
    },
    {
      stepId: 4,
      type: 'llm_call',
      input: { input_step: 3, prompt: `Answer from ${ranked.map((d) => d.title).join(', ')}` },
      rawInput: { input_step: 3, prompt: 'Answer from {{ step_3.result.documents }}' },
      output: { answer: `The answer about ${question} is in ${ranked[0]?.title}.`, citations: [ranked[0]?.id] },
      dependencies: [3],
    },
    answerSpec(5, 4),
  ];
  return sessionOf(
    sessionId,
    day,
    specs.map((spec, i) => ({ ...spec, ...overrides[i] })),
  );
}

/** The tool chain: a search, a get of its first result, an answer. */
export function toolSession(sessionId: string, day: number, question: string): Session {
  const id = `${sessionId}-doc`;
  return sessionOf(sessionId, day, [
    { stepId: 1, type: 'tool_call', tool: 'corpus.search', input: { query: question }, output: { results: [{ id, title: question, score: 1 }] } },
    { stepId: 2, type: 'tool_call', tool: 'corpus.get', input: { id }, output: { id, text: `the text of ${question}` }, dependencies: [1] },
    {
      stepId: 3,
      type: 'llm_call',
      input: { input_step: 2, prompt: `Summarize the text of ${question}` },
      rawInput: { input_step: 2, prompt: 'Summarize {{ step_2.result.text }}' },
      output: { answer: `A summary of ${question}.` },
      dependencies: [2],
    },
    answerSpec(4, 3),
  ]);
}

export const QUESTIONS = ['Lyon population', 'Marseille port', 'Nice climate', 'Lille history', 'Nantes bridges', 'Bordeaux wine'] as const;

/** The ten sessions of the fixture (see the header). */
export function fixtureSessions(): Session[] {
  const q = (i: number) => QUESTIONS[i] ?? 'question';
  return [
    ...QUESTIONS.map((question, i) => retrievalSession(`s0${i + 1}`, i + 1, question)),
    toolSession('s07', 7, 'Toulouse rockets'),
    toolSession('s08', 8, 'Rennes markets'),
    sessionOf('s09', 9, [
      { stepId: 1, type: 'vector_search', input: { query: q(0), top_k: 10 }, output: { documents: [] } },
      { stepId: 2, type: 'keyword_search', input: { query: q(0), top_k: 10 }, output: { documents: [] } },
      { stepId: 3, type: 'llm_call', input: { prompt: 'Answer' }, output: { answer: 'none' }, dependencies: [1, 2] },
    ]),
    sessionOf('s10', 10, [
      { stepId: 1, type: 'keyword_search', input: { query: q(1), top_k: 10 }, output: { documents: [] } },
      { stepId: 2, type: 'rerank', input: { input_step: 1, query: q(1) }, output: { documents: [] }, dependencies: [1] },
    ]),
  ];
}

export const RETRIEVAL_CHAIN = ['vector_search', 'keyword_search', 'rerank', 'llm_call'] as const;
export const TOOL_CHAIN = ['corpus.search', 'corpus.get', 'llm_call'] as const;
