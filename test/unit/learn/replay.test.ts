import { describe, expect, it } from 'vitest';

import { analyzeParameters } from '../../../functions/core/learn/analyze.js';
import { draftTool } from '../../../functions/core/learn/draft.js';
import { chainKey } from '../../../functions/core/learn/mine.js';
import { replayValidate } from '../../../functions/core/learn/replay.js';
import { outputSimilarity, tfidfCosine } from '../../../functions/core/learn/similarity.js';
import { DEFAULT_LEARNING_SETTINGS, type SynthesizedTool } from '../../../functions/core/learn/types.js';
import { fixtureSessions, QUESTIONS, RETRIEVAL_CHAIN, retrievalSession, TOOL_CHAIN } from '../../support/learn.js';

const settings = { ...DEFAULT_LEARNING_SETTINGS, min_replay_sessions: 6 };
const retrieval = { key: chainKey(RETRIEVAL_CHAIN), symbols: [...RETRIEVAL_CHAIN] as string[], sessionCount: 6, support: 0.6 };
const tools = { key: chainKey(TOOL_CHAIN), symbols: [...TOOL_CHAIN] as string[], sessionCount: 2, support: 0.2 };

function drafted(chain = retrieval, sessions = fixtureSessions()): SynthesizedTool {
  return draftTool(chain, analyzeParameters(chain, sessions), 3);
}

describe('Function: tfidfCosine', () => {
  it('scores equal texts 1, disjoint texts 0, and overlap in between as scikit-learn would', () => {
    expect(tfidfCosine('the port of Marseille', 'the port of Marseille')).toBeCloseTo(1, 12);
    expect(tfidfCosine('alpha beta', 'gamma delta')).toBe(0);
    // Two documents, "a b" vs "a c" with two-letter tokens: idf(shared) = 1, idf(own) = ln(3/2) + 1.
    const own = Math.log(1.5) + 1;
    expect(tfidfCosine('aa bb', 'aa cc')).toBeCloseTo(1 / (1 + own * own), 12);
  });

  it('compares outputs by their text, or exactly', () => {
    expect(outputSimilarity({ answer: 'x y', n: 1 }, { n: 1, answer: 'x y' }, 'exact_match')).toBe(1);
    expect(outputSimilarity({ answer: 'xx yy' }, { answer: 'xx zz' }, 'exact_match')).toBe(0);
    expect(outputSimilarity(undefined, { answer: 'xx' }, 'cosine_tfidf')).toBe(0);
  });
});

describe('Function: replayValidate', () => {
  it('passes the drafted composite over the recorded sessions: same outputs, as fast as the recorded run', () => {
    // Act
    const report = replayValidate(drafted(), retrieval, fixtureSessions(), settings);

    // Assess
    expect(report.status).toBe('passed');
    expect(report).toMatchObject({ sessionsAvailable: 6, sessionsReplayed: 6, wiring: { checked: 24, mismatches: 0 } });
    expect(report.similarity).toMatchObject({ method: 'cosine_tfidf', mean: 1, min: 1, threshold: 0.95 });
    // Each recorded run: the two searches side by side (100 ms and 50), then 30 and 400: a longest
    // path of 530 ms; the composite's parts wait for the same steps, so 530 too.
    expect(report.latency).toMatchObject({ originalMs: 6 * 530, compositeMs: 6 * 530, parallelSavingsMs: 0, ratio: 1 });
    expect(report.sessions[0]).toMatchObject({ sessionId: 's06', externalInputs: { query: 'Bordeaux wine' } });
    expect(report.errorParity).toEqual({ parity: true, failuresSeen: 0, unhandled: [] });
    expect(report.reasons).toEqual([]);
  });

  it('follows wiring through tool outputs', () => {
    // Act
    const report = replayValidate(drafted(tools), tools, fixtureSessions(), { ...settings, min_replay_sessions: 2, similarity_method: 'exact_match' });

    // Assess
    expect(report.status).toBe('passed');
    expect(report.similarity.mean).toBe(1);
  });

  it('fails a composite whose constant is wrong: the first step asks for something else and nothing downstream is known', () => {
    // Prepare
    const tool = drafted();
    tool.steps[0]!.constants.top_k = 20;

    // Act
    const report = replayValidate(tool, retrieval, fixtureSessions(), settings);

    // Assess
    expect(report.status).toBe('failed');
    expect(report.similarity.mean).toBe(0);
    // Per session: the search's input, and the answer's prompt, a template over a rerank whose output is not known.
    expect(report.wiring.mismatches).toBe(12);
    expect(report.sessions[0]!.wiringMismatches).toEqual([
      'sub-step 0 (vector_search) input differs: top_k (20 instead of 10)',
      'sub-step 3 (llm_call) input differs: prompt (its source produced nothing known)',
    ]);
    expect(report.reasons[0]).toMatch(/^mean similarity 0 is below equivalence_threshold 0.95/);
  });

  it('stands in another session’s recording for an input the composite builds differently', () => {
    // Prepare: a composite that always asks about Lyon: the Lyon session replays faithfully; for the
    // others, the searches for Lyon are known from the Lyon session, but the rerank reads the searches'
    // outputs, which are not the recorded ones, so the answer is not known.
    const tool = drafted();
    for (const step of tool.steps.slice(0, 3)) {
      delete step.parameter_map.query;
      step.constants.query = QUESTIONS[0];
    }
    tool.parameters = { type: 'object', properties: {}, additionalProperties: false };

    // Act
    const report = replayValidate(tool, retrieval, fixtureSessions(), settings);

    // Assess
    expect(report.sessions.find((s) => s.sessionId === 's01')?.similarity).toBe(1);
    expect(report.sessions.find((s) => s.sessionId === 's02')?.similarity).toBe(0);
    expect(report.similarity.mean).toBeCloseTo(1 / 6, 4);
    expect(report.similarity.min).toBe(0);
  });

  it('says insufficient data, not an error, when fewer sessions than min_replay_sessions hold the chain', () => {
    // Act
    const report = replayValidate(drafted(), retrieval, fixtureSessions(), { ...settings, min_replay_sessions: 10 });

    // Assess
    expect(report.status).toBe('insufficient_data');
    expect(report.sessionsReplayed).toBe(0);
    expect(report.reasons).toEqual(['6 session(s) hold the chain; min_replay_sessions is 10']);
  });

  it('replays the newest min_replay_sessions sessions only', () => {
    // Act
    const report = replayValidate(drafted(), retrieval, fixtureSessions(), { ...settings, min_replay_sessions: 3 });

    // Assess
    expect(report.sessions.map((s) => s.sessionId)).toEqual(['s06', 's05', 's04']);
  });

  it('checks error parity: a failure the strategy handles passes, one it does not fails with the session named', () => {
    // Prepare: the keyword search failed in two sessions and the chain still answered.
    const sessions = QUESTIONS.map((q, i) => retrievalSession(`f${i}`, i + 1, q, i < 2 ? { 1: { status: 'failed', error: 'timeout' } } : {}));
    const tool = drafted(retrieval, sessions);
    const bare = structuredClone(tool);
    bare.error_strategy.rules = [];

    // Act
    const handled = replayValidate(tool, retrieval, sessions, { ...settings, equivalence_threshold: 0 });
    const unhandled = replayValidate(bare, retrieval, sessions, { ...settings, equivalence_threshold: 0 });

    // Assess
    expect(tool.error_strategy.rules).toEqual([{ step_index: 1, action: 'skip', reason: 'failed in 2 of 6 samples; the chain still ended well each time' }]);
    expect(handled.errorParity).toEqual({ parity: true, failuresSeen: 2, unhandled: [] });
    expect(unhandled.status).toBe('failed');
    expect(unhandled.errorParity.unhandled[0]).toBe('session f1: sub-step 1 (keyword_search) failed (timeout) and no rule of the error strategy handles it');
  });

  it('fails on latency when the composite makes a part wait that the plan ran side by side', () => {
    // Prepare: the keyword search waits for the vector search (100 + 50 + 30 + 400 = 580 ms against 530).
    const tool = drafted();
    tool.steps[1]!.depends_on = [0];
    tool.parallel_groups = [];

    // Act
    const report = replayValidate(tool, retrieval, fixtureSessions(), { ...settings, max_latency_regression: 1.05 });

    // Assess
    expect(report.latency).toMatchObject({ originalMs: 6 * 530, compositeMs: 6 * 580, ratio: 1.0943 });
    expect(report.reasons).toEqual(['latency ratio 1.0943 is above max_latency_regression 1.05']);
  });
});
