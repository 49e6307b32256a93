import { describe, expect, it } from 'vitest';
import { nextRound } from '../../../functions/adapters/llm/rule-based/next-round.js';
import type { LlmIntent } from '../../../functions/core/ports.js';
import { EXECUTABLE_STEP_TYPES } from '../../../functions/core/steps/index.js';
import type { DecompositionStep, RoundResult } from '../../../functions/core/types.js';
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
  snippet: 'The Lumière brothers were French inventors who patented the cinematograph in 1895 in Lyon.',
};

describe('Function: nextRound (the rule-based planner between rounds)', () => {
  it("asks in round 2 about the names round 1's best passage gives, which the question only describes", () => {
    // Act
    const reply = nextRound(intentWith([found([lumiere])]));

    // Assess
    const searches = reply.steps.filter((s) => s.type === 'keyword_search');
    expect(searches.map((s) => s.parameters.query)).toEqual(['French', 'Lyon']);
    expect(reply.steps.map((s) => [s.step_id, s.type])).toEqual([
      [3, 'keyword_search'],
      [4, 'keyword_search'],
      [5, 'aggregate'],
      [6, 'filter'],
      [7, 'aggregate'],
      [8, 'llm_call'],
    ]);
    // The names are fused into the second hop; its best document joins round 1's final ranking;
    // the answer reads that ranking and the whole second hop.
    const [secondHop, best, fused, answer] = reply.steps.slice(2) as [DecompositionStep, DecompositionStep, DecompositionStep, DecompositionStep];
    expect(secondHop.parameters).toMatchObject({ input_steps: [3, 4], method: 'rank_fusion' });
    expect(best.parameters).toMatchObject({ input_step: 5, max_results: 1 });
    expect(fused.parameters).toMatchObject({ input_steps: [1, 6], method: 'rank_fusion' });
    expect(answer).toMatchObject({ type: 'llm_call', dependencies: [7, 5] });
    expect(reply.reasoning).toMatch(/name French and Lyon/);
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
    expect(reply.reasoning).toMatch(/name no entity/);
  });

  it('stops when round 1 already crossed the bridge: another list holds a document the first hop names', () => {
    // Prepare: the answer read the first hop (1) and a second list (3) that found Lyon.
    const plan = planOf(
      searchStep(1, BRIDGE),
      searchStep(3, 'second hop'),
      step({ step_id: 4, type: 'llm_call', parameters: { prompt: 'answer', input_steps: [1, 3] }, dependencies: [1, 3] }),
    );
    const secondList: RoundResult = {
      ...found([{ id: 'lyon', title: 'Lyon', snippet: 'Lyon lies at the confluence of the Rhône and the Saône.' }]),
      step_id: 3,
    };

    // Act
    const reply = nextRound(intentWith([found([lumiere]), secondList], { plan }));

    // Assess
    expect(reply.steps).toEqual([]);
    expect(reply.reasoning).toMatch(/crossed the bridge: a first-hop passage names Lyon/);
  });

  it('adds nothing after round 2', () => {
    expect(nextRound(intentWith([found([lumiere])], { round: 3 })).steps).toEqual([]);
  });

  it('asks about one new name from each side of a comparison the first round left unanswered', () => {
    // Prepare: each side's search found the film, whose passage names its director; the directors' passages were not found.
    const task = 'Which film has the director born later, Red Harbour or Blue Valley?';
    const side = (step_id: number, doc: { id: string; title: string; snippet: string }): RoundResult => ({
      step_id,
      round: 1,
      name: 'keyword_search',
      args: { query: doc.title },
      status: 'succeeded',
      result: { documents: [doc], count: 1 },
    });
    const plan = planOf(
      searchStep(1, 'Red Harbour director'),
      searchStep(2, 'Blue Valley director'),
      step({ step_id: 3, type: 'llm_call', parameters: { prompt: 'answer', input_steps: [1, 2] }, dependencies: [1, 2] }),
    );
    const results = [
      side(1, { id: 'red-harbour', title: 'Red Harbour', snippet: 'Red Harbour is a 1950 film directed by Anna Varga.' }),
      side(2, { id: 'blue-valley', title: 'Blue Valley', snippet: 'Blue Valley is a 1962 film directed by Tomas Berg.' }),
    ];

    // Act
    const reply = nextRound(intentWith(results, { task, plan }));

    // Assess
    const queries = reply.steps.filter((s) => s.type === 'keyword_search').map((s) => s.parameters.query);
    expect(queries).toEqual(['Anna Varga', 'Tomas Berg']);
    expect(reply.steps.at(-1)?.type).toBe('llm_call');
  });

  it('uses only the step types the request allows', () => {
    // Act
    const reply = nextRound(intentWith([found([lumiere])], { allowedStepTypes: ['vector_search', 'llm_call'] }));

    // Assess
    expect(reply.steps.map((s) => s.type)).toEqual(['vector_search', 'vector_search', 'llm_call']);
  });
});
