import { describe, expect, it } from 'vitest';
import { nextRound } from '../../../functions/adapters/llm/rule-based/next-round.js';
import type { LlmIntent } from '../../../functions/core/ports.js';
import { EXECUTABLE_STEP_TYPES } from '../../../functions/core/steps/index.js';
import type { RoundResult } from '../../../functions/core/types.js';
import { planOf, searchStep, step } from '../../support/plans.js';

type NextRoundIntent = Extract<LlmIntent, { kind: 'next_round' }>;

const BRIDGE = 'Which river flows through the city where the Lumière brothers patented the cinematograph?';

/** A first round as the rule-based planner writes it without the graph step: a search, then the answer. */
const firstRound = planOf(searchStep(1, BRIDGE), step({ step_id: 2, type: 'llm_call', parameters: { prompt: 'answer', input_step: 1 }, dependencies: [1] }));

const found = (docs: Array<{ id: string; title: string; snippet: string }>): RoundResult => ({
  step_id: 1,
  round: 1,
  name: 'keyword_search',
  args: { query: BRIDGE },
  status: 'succeeded',
  result: { documents: docs, count: docs.length },
});

const intentWith = (results: RoundResult[], overrides: Partial<NextRoundIntent> = {}): NextRoundIntent => ({
  kind: 'next_round',
  task: BRIDGE,
  round: 2,
  maxRounds: 5,
  plan: firstRound,
  results,
  allowedStepTypes: EXECUTABLE_STEP_TYPES,
  maxSteps: 20,
  topK: 10,
  ...overrides,
});

const lumiere = {
  id: 'lumiere-brothers',
  title: 'Auguste and Louis Lumière',
  snippet: 'The Lumière brothers patented the cinematograph in 1895 in Lyon, France.',
};

describe('Function: nextRound (the rule-based planner between rounds)', () => {
  it("looks up in round 2 the name round 1's best passage gives beside a word of the question, by its title", () => {
    // Act
    const reply = nextRound(intentWith([found([lumiere])]));

    // Assess: "patented the cinematograph in 1895 in Lyon": Lyon follows the question's words; France is past them.
    expect(reply.steps.map((s) => [s.step_id, s.type])).toEqual([
      [3, 'graph_query'],
      [4, 'filter'],
      [5, 'llm_call'],
    ]);
    expect(reply.steps[0]!.parameters).toMatchObject({ query: 'Lyon' });
    // The look-up's best document joins the final ranking; the answer reads round 1's evidence and it.
    expect(reply.steps[1]!.parameters).toEqual({ input_step: 3, max_results: 1 });
    expect(reply.steps[2]).toMatchObject({ type: 'llm_call', dependencies: [1, 4] });
    expect(reply.reasoning).toMatch(/name Lyon beside words of the task/);
  });

  it('does not ask about a date, the passage itself or what the question already names', () => {
    // Act
    const reply = nextRound(
      intentWith([
        found([{ id: 'cinematograph', title: 'Cinematograph', snippet: 'The Cinematograph was patented by the Lumière brothers in December 1895.' }]),
      ]),
    );

    // Assess
    expect(reply.steps).toEqual([]);
    expect(reply.reasoning).toMatch(/name nothing beside the words of the task/);
  });

  it('does not ask about a name no word of the question stands beside', () => {
    // Prepare: the passage names a river, but after words the question does not use.
    const reply = nextRound(
      intentWith([found([{ id: 'lumiere-brothers', title: 'Auguste and Louis Lumière', snippet: 'The Lumière brothers often walked along the Saône.' }])]),
    );

    // Assess
    expect(reply.steps).toEqual([]);
  });

  it('adds nothing after round 2', () => {
    expect(nextRound(intentWith([found([lumiere])], { round: 3 })).steps).toEqual([]);
  });

  it('looks up the name each side of a comparison gives, and reads a side shortened to its ids from another list', () => {
    // Prepare: each side's search found the film, whose passage names its director; side 2 was
    // shortened to fit (ids only), its passage shown by the rerank (step 3).
    const task = 'Which film has the director born later, Red Harbour or Blue Valley?';
    const result = (step_id: number, result: Record<string, unknown>): RoundResult => ({
      step_id,
      round: 1,
      name: 'keyword_search',
      args: {},
      status: 'succeeded',
      result,
    });
    const red = { id: 'red-harbour', title: 'Red Harbour', snippet: 'Red Harbour is a 1950 film directed by Anna Varga.' };
    const blue = { id: 'blue-valley', title: 'Blue Valley', snippet: 'Blue Valley is a 1962 film directed by Tomas Berg.' };
    const plan = planOf(
      searchStep(1, 'Red Harbour director'),
      searchStep(2, 'Blue Valley director'),
      step({ step_id: 3, type: 'rerank', parameters: { input_step: 1, query: task }, dependencies: [1] }),
      step({ step_id: 4, type: 'llm_call', parameters: { prompt: 'answer', input_steps: [1, 2] }, dependencies: [1, 2] }),
    );
    const results = [
      result(1, { documents: [red], count: 1 }),
      result(2, { see: 'step_2.result (shortened to fit)', document_ids: ['blue-valley'] }),
      result(3, { documents: [red, blue], count: 2 }),
    ];

    // Act
    const reply = nextRound(intentWith(results, { task, plan }));

    // Assess
    const lookUps = reply.steps.filter((s) => s.type === 'graph_query').map((s) => s.parameters.query);
    expect(lookUps).toEqual(['Anna Varga', 'Tomas Berg']);
    expect(reply.steps.at(-1)).toMatchObject({ type: 'llm_call', dependencies: [1, 2, 7, 8] });
  });

  it('uses only the step types the request allows', () => {
    // Act
    const reply = nextRound(intentWith([found([lumiere])], { allowedStepTypes: ['vector_search', 'llm_call'] }));

    // Assess
    expect(reply.steps.map((s) => s.type)).toEqual(['vector_search', 'llm_call']);
  });
});
