import { describe, expect, it } from 'vitest';

import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import { mineChains } from '../../../functions/core/learn/mine.js';
import { approvalReasons, chainsToSynthesize, learnFromSessions, statusAfterValidation } from '../../../functions/core/learn/pipeline.js';
import { DEFAULT_LEARNING_SETTINGS, type ToolCatalogView } from '../../../functions/core/learn/types.js';
import { STEP_TYPES } from '../../../functions/core/types.js';
import { fixtureSessions } from '../../support/learn.js';
import { hybridSearch } from '../../support/learned.js';
import { ScriptedLlm } from '../../support/llm.js';

const catalog: ToolCatalogView = { tools: ['corpus.search', 'corpus.get'], stepTypes: STEP_TYPES };
const settings = { ...DEFAULT_LEARNING_SETTINGS, min_support: 0.2, max_length: 4, min_replay_sessions: 2 };

describe('Function: statusAfterValidation', () => {
  it('keeps a passing tool in TESTING when approval is required, promotes it when not, and leaves the rest DRAFT', () => {
    expect(statusAfterValidation({ status: 'passed' }, { require_approval: true })).toBe('TESTING');
    expect(statusAfterValidation({ status: 'passed' }, { require_approval: false })).toBe('PROMOTED');
    expect(statusAfterValidation({ status: 'failed' }, { require_approval: false })).toBe('DRAFT');
    expect(statusAfterValidation({ status: 'insufficient_data' }, { require_approval: false })).toBe('DRAFT');
  });

  it('keeps a passing tool with a reason to be approved in TESTING even when approval is off', () => {
    expect(statusAfterValidation({ status: 'passed' }, { require_approval: false }, ['its step 0 calls http.fetch, a network tool'])).toBe('TESTING');
    expect(statusAfterValidation({ status: 'failed' }, { require_approval: false }, ['its step 1 runs llm_call'])).toBe('DRAFT');
  });
});

describe('Function: approvalReasons', () => {
  it('names each part that calls a network tool or runs llm_call, and nothing for a corpus-only chain', () => {
    // Prepare
    const parts = (steps: Array<[number, 'tool' | 'step', string]>) => ({
      steps: steps.map(([step_index, kind, tool_id]) => ({ step_index, kind, tool_id, constants: {}, parameter_map: {}, depends_on: [] })),
    });

    // Act
    const risky = approvalReasons(
      {
        ...hybridSearch(),
        ...parts([
          [0, 'tool', 'http_fetch'],
          [1, 'step', 'keyword_search'],
          [2, 'step', 'llm_call'],
        ]),
      },
      ['http.fetch'],
    );
    const corpusOnly = approvalReasons(hybridSearch(), ['http.fetch']);

    // Assess
    expect(risky).toEqual(['its step 0 calls http_fetch, a network tool', 'its step 2 runs llm_call']);
    expect(corpusOnly).toEqual([]);
  });
});

describe('Function: chainsToSynthesize', () => {
  it('picks the chains that replace the most step calls, none inside another, none already known', () => {
    // Prepare
    const chains = mineChains(fixtureSessions(), settings).chains;

    // Act + Assess: the full chain saves 3 calls in 6 sessions; its two-step parts overlap it.
    expect(chainsToSynthesize(chains, 3).map((c) => c.key)).toEqual([
      'vector_search → keyword_search → rerank → llm_call',
      'corpus.search → corpus.get → llm_call',
    ]);
    expect(chainsToSynthesize(chains, 3, new Set(['vector_search → keyword_search → rerank → llm_call'])).map((c) => c.key)).toEqual([
      'vector_search → keyword_search',
      'corpus.search → corpus.get → llm_call',
    ]);
  });
});

describe('Function: learnFromSessions', () => {
  it('mines, synthesizes without a key and validates: both fixture chains pass and wait for approval', async () => {
    // Act
    const round = await learnFromSessions({ sessions: fixtureSessions(), settings, catalog }, new RuleBasedProvider());

    // Assess
    expect(round).toMatchObject({ sessions: 10, chainsMined: 3 });
    expect(round.candidates.map((c) => [c.synthesis?.tool.tool_id, c.report?.status, c.status])).toEqual([
      ['learned.vector_search_keyword_search_rerank_llm_call', 'passed', 'TESTING'],
      ['learned.corpus_search_corpus_get_llm_call', 'passed', 'TESTING'],
    ]);
  });

  it('never promotes a chain with an llm_call or a network tool with approval off: it waits in TESTING with the reasons', async () => {
    // Act: both fixture chains end in an llm_call; corpus.get stands for a network tool here.
    const round = await learnFromSessions(
      { sessions: fixtureSessions(), settings: { ...settings, require_approval: false }, catalog: { ...catalog, networkTools: ['corpus.get'] } },
      new RuleBasedProvider(),
    );

    // Assess
    expect(round.candidates.map((c) => [c.report?.status, c.status])).toEqual([
      ['passed', 'TESTING'],
      ['passed', 'TESTING'],
    ]);
    expect(round.candidates[1]!.approval).toEqual(['its step 1 calls corpus.get, a network tool', 'its step 2 runs llm_call']);
  });

  it('promotes a passing corpus-only chain with approval off', async () => {
    // Act: the two searches of the fixture, which call no model and no network tool.
    const round = await learnFromSessions(
      {
        sessions: fixtureSessions(),
        settings: { ...settings, require_approval: false },
        catalog,
        knownChainKeys: new Set(['vector_search → keyword_search → rerank → llm_call']),
      },
      new RuleBasedProvider(),
    );

    // Assess
    const searches = round.candidates.find((c) => c.chain.key === 'vector_search → keyword_search');
    expect(searches).toMatchObject({ status: 'PROMOTED', approval: [] });
  });

  it('reports a chain whose synthesis fails as DRAFT with its one-line error, and goes on', async () => {
    // Act
    const round = await learnFromSessions({ sessions: fixtureSessions(), settings, catalog, maxTools: 1 }, new ScriptedLlm(() => '{"tool_id": 3}'));

    // Assess
    expect(round.candidates).toHaveLength(1);
    expect(round.candidates[0]).toMatchObject({ status: 'DRAFT' });
    expect(round.candidates[0]!.synthesis).toBeUndefined();
    expect(round.candidates[0]!.error).toMatch(/^synthesis of vector_search → keyword_search → rerank → llm_call failed: 2 answer\(s\) did not validate/);
  });

  it('records a chain the LLM cannot answer for (the provider down) as DRAFT with one line, and goes on to the next', async () => {
    // Prepare: the first synthesis call fails as an unreachable provider does; the rest are the keyless planner's.
    const keyless = new RuleBasedProvider();
    let calls = 0;
    const flaky = new ScriptedLlm(async (request) => {
      calls++;
      if (calls === 1) throw new Error('connect ECONNREFUSED 127.0.0.1:9\n  at the socket');
      return (await keyless.complete(request)).text;
    });

    // Act
    const round = await learnFromSessions({ sessions: fixtureSessions(), settings, catalog }, flaky);

    // Assess
    expect(round.candidates.map((c) => [c.chain.key, c.status])).toEqual([
      ['vector_search → keyword_search → rerank → llm_call', 'DRAFT'],
      ['corpus.search → corpus.get → llm_call', 'TESTING'],
    ]);
    expect(round.candidates[0]).toMatchObject({ error: 'connect ECONNREFUSED 127.0.0.1:9 at the socket', problems: [] });
  });

  it('keeps a tool DRAFT, with the reason, when the catalog no longer registers one of its parts', async () => {
    // Prepare: synthesis is answered with the tool chain's composite drafted against the full catalog,
    // then learning runs where corpus.get is gone.
    const full = await learnFromSessions({ sessions: fixtureSessions(), settings, catalog }, new RuleBasedProvider());
    const tool = full.candidates[1]!.synthesis!.tool;
    const stale = new ScriptedLlm(() => JSON.stringify(tool));

    // Act
    const round = await learnFromSessions(
      { sessions: fixtureSessions(), settings, catalog: { ...catalog, tools: ['corpus.search'] }, knownChainKeys: new Set([full.candidates[0]!.chain.key]) },
      stale,
    );

    // Assess: the synthesis check refuses it (a tool that does not exist), twice, so no tool at all.
    const corpus = round.candidates.find((c) => c.chain.key === 'corpus.search → corpus.get → llm_call')!;
    expect(corpus.status).toBe('DRAFT');
    expect(corpus.error ?? corpus.problems.join('; ')).toMatch(/corpus\.get/);
  });
});
