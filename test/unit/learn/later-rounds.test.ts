import { describe, expect, it } from 'vitest';
import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import { laterRoundChains } from '../../../functions/core/learn/later-rounds.js';
import { mineChains } from '../../../functions/core/learn/mine.js';
import { learnFromSessions } from '../../../functions/core/learn/pipeline.js';
import { DEFAULT_LEARNING_SETTINGS, type Session, type SessionStep } from '../../../functions/core/learn/types.js';
import { compositeProblems } from '../../../functions/core/tools/composite.js';

/** A step of a session: `round` the round that added it, `output` its documents' texts. */
function step(
  stepId: number,
  type: SessionStep['type'],
  input: Record<string, unknown>,
  round: number,
  texts: string[] = [],
  dependencies: number[] = [],
): SessionStep {
  return {
    position: 0,
    stepId,
    type,
    symbol: type,
    input,
    status: 'succeeded',
    latencyMs: 10,
    dependencies,
    eventId: `e#${stepId}`,
    at: '2026-01-01T00:00:00.000Z',
    round,
    ...(texts.length > 0 ? { output: { documents: texts.map((text, i) => ({ id: `d${i}`, title: `T${i}`, text, score: 1, rank: i + 1 })) } } : {}),
  };
}

/**
 * A comparison planned iteratively: two sides searched and answered in round one; in round two
 * each director the sides' best passages name is looked up and its best kept. `named` says whether
 * those passages do name them (a session whose look-up came from nowhere when false).
 */
function comparison(id: string, a: string, b: string, named = true): Session {
  const passage = (film: string, director: string) => `${film} is a film directed by ${named ? director : 'someone'}.`;
  const steps = [
    step(1, 'keyword_search', { query: `film A${id}` }, 1, [passage(`Film A${id}`, a), 'filler']),
    step(2, 'keyword_search', { query: `film B${id}` }, 1, [passage(`Film B${id}`, b), 'filler']),
    step(3, 'llm_call', { prompt: 'Compare', input_steps: [1, 2] }, 1, [], [1, 2]),
    step(4, 'graph_query', { query: a, top_k: 10 }, 2, [`${a} (born 1950)`]),
    step(5, 'graph_query', { query: b, top_k: 10 }, 2, [`${b} (born 1960)`]),
    step(6, 'filter', { input_step: 4, max_results: 1 }, 2, [`${a} (born 1950)`], [4]),
    step(7, 'filter', { input_step: 5, max_results: 1 }, 2, [`${b} (born 1960)`], [5]),
    step(8, 'llm_call', { prompt: 'Answer', input_steps: [1, 2, 6, 7] }, 2, [], [1, 2, 6, 7]),
  ].map((s, position) => ({ ...s, position }));
  return {
    sessionId: `c${id}`,
    at: `2026-01-0${id}T00:00:00.000Z`,
    task: `Which film has the director who was born later, Film A${id} or Film B${id}?`,
    steps,
  };
}

/** A lookup planned iteratively that needed no second round. */
function lookup(id: string): Session {
  const steps = [
    step(1, 'keyword_search', { query: `lake ${id}` }, 1, [`Lake ${id} is deep.`]),
    step(2, 'llm_call', { prompt: 'Answer', input_step: 1 }, 1, [], [1]),
  ];
  return { sessionId: `l${id}`, at: `2026-01-0${id}T00:00:00.000Z`, task: `What is Lake ${id}?`, steps: steps.map((s, position) => ({ ...s, position })) };
}

const SESSIONS = [
  comparison('1', 'Orla Venn', 'Marek Dorr'),
  comparison('2', 'Ilse Tarn', 'Bram Holt'),
  comparison('3', 'Nina Sorel', 'Ugo Brisk'),
  lookup('4'),
  lookup('5'),
];

describe('Function: laterRoundChains', () => {
  it("learns round two's look-up bound to the best passage of each round-one answer input, for the shape that made it", () => {
    // Act
    const [found, ...others] = laterRoundChains(SESSIONS);

    // Assess
    expect(others).toEqual([]);
    expect(found?.chain).toMatchObject({ key: 'graph_query → filter', sessionCount: 3 });
    expect(found?.binding).toEqual({ round: 2, task_kinds: ['comparison'], parameter: 'query', lists: [0, 1] });
    // A sample per session, the first look-up and its keep, as one run.
    expect(found?.samples.map((s) => s.steps.map((x) => [x.stepId, x.position]))).toEqual([
      [
        [4, 0],
        [6, 1],
      ],
      [
        [4, 0],
        [6, 1],
      ],
      [
        [4, 0],
        [6, 1],
      ],
    ]);
  });

  it('says in one line why a round whose names no round-one passage gives cannot be bound', () => {
    // Act
    const [found] = laterRoundChains([comparison('1', 'Orla Venn', 'Marek Dorr', false), comparison('2', 'Ilse Tarn', 'Bram Holt', false), lookup('3')]);

    // Assess
    expect(found?.binding).toBeUndefined();
    expect(found?.unbound).toBe(
      "the chain graph_query → filter of round 2 looked up, in 2 of its 2 plans, a name no best passage of round one's answer inputs gives: round one cannot bind it",
    );
  });

  it('finds nothing in plans of one round', () => {
    // Act & Assess
    expect(laterRoundChains([lookup('1'), lookup('2'), lookup('3')])).toEqual([]);
  });
});

describe('Function: mineChains, on iterative plans', () => {
  it("leaves a later round's steps out of every chain", () => {
    // Act
    const keys = mineChains(SESSIONS, { ...DEFAULT_LEARNING_SETTINGS, min_support: 0.1, max_length: 4 }).chains.map((c) => c.key);

    // Assess
    expect(keys.some((k) => k.includes('graph_query') || k.includes('filter'))).toBe(false);
  });
});

describe('Function: learnFromSessions, on iterative plans', () => {
  it('synthesizes, replays and promotes the later-round tool with its binding, which the registry check accepts', async () => {
    // Prepare
    const settings = { ...DEFAULT_LEARNING_SETTINGS, require_approval: false, min_replay_sessions: 3 };
    const catalog = { tools: [], stepTypes: ['graph_query', 'filter', 'keyword_search', 'llm_call'] };

    // Act
    const round = await learnFromSessions({ sessions: SESSIONS, settings, catalog, maxTools: 1 }, new RuleBasedProvider());

    // Assess
    expect(round.candidates).toHaveLength(1);
    const [candidate] = round.candidates;
    expect(candidate?.status).toBe('PROMOTED');
    const tool = candidate!.synthesis!.tool;
    expect(tool.tool_id).toBe('learned.round2_graph_query_filter');
    expect(tool.later_round).toEqual({ round: 2, task_kinds: ['comparison'], parameter: 'query', lists: [0, 1] });
    expect(compositeProblems(tool, { names: () => [] })).toEqual([]);
    expect(compositeProblems({ ...tool, later_round: { ...tool.later_round!, parameter: 'name' } }, { names: () => [] })).toEqual([
      'its later-round binding fills parameter name, which the schema does not declare',
    ]);
  });
});
