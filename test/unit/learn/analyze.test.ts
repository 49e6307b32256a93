import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../functions/core/errors.js';
import { analyzeParameters, commonType } from '../../../functions/core/learn/analyze.js';
import { chainKey } from '../../../functions/core/learn/mine.js';
import { fixtureSessions, QUESTIONS, RETRIEVAL_CHAIN, retrievalSession, sessionOf, TOOL_CHAIN } from '../../support/learn.js';

const retrieval = { key: chainKey(RETRIEVAL_CHAIN), symbols: [...RETRIEVAL_CHAIN] };
const tools = { key: chainKey(TOOL_CHAIN), symbols: [...TOOL_CHAIN] };

function classes(analysis: ReturnType<typeof analyzeParameters>) {
  return Object.fromEntries(analysis.findings.map((f) => [`${f.step}.${f.key}`, f.class]));
}

describe('Function: analyzeParameters', () => {
  it('classifies the retrieval chain: one external question, constants, step references and a template', () => {
    // Act
    const analysis = analyzeParameters(retrieval, fixtureSessions());

    // Assess
    expect(analysis.samples).toBe(6);
    expect(classes(analysis)).toEqual({
      '0.query': 'external',
      '0.top_k': 'constant',
      '1.query': 'external',
      '1.top_k': 'constant',
      '2.input_step': 'internal',
      '2.query': 'external',
      '2.top_k': 'constant',
      '3.input_step': 'internal',
      '3.prompt': 'internal',
    });
    const find = (step: number, key: string) => analysis.findings.find((f) => f.step === step && f.key === key)!;
    // The same question asked three times is one parameter.
    expect(new Set([find(0, 'query').parameter, find(1, 'query').parameter, find(2, 'query').parameter])).toEqual(new Set(['query']));
    expect(find(0, 'top_k').value).toBe(10);
    expect(find(2, 'input_step')).toMatchObject({ value: 2, from: { step: 1, path: '' } });
    expect(find(3, 'prompt').template).toBe('Answer from {{ step_3.result.documents }}');
    expect(analysis.dependsOn).toEqual([[], [], [0, 1], [2]]);
    expect(analysis.disagreements).toEqual([]);
    expect(analysis.failures.every((f) => f.failures === 0)).toBe(true);
  });

  it('wires a tool input to the earlier output holding its value in every sample', () => {
    // Act
    const analysis = analyzeParameters(tools, fixtureSessions());

    // Assess
    expect(analysis.wires).toEqual([{ fromStep: 0, fromPath: 'results.0.id', toStep: 1, toKey: 'id' }]);
    expect(analysis.steps.map((s) => s.tool ?? s.type)).toEqual(['corpus.search', 'corpus.get', 'llm_call']);
    expect(analysis.findings.find((f) => f.step === 2 && f.key === 'prompt')?.template).toBe('Summarize {{ step_2.result.text }}');
  });

  it('names samples that disagree: a value most samples share but not all, and a key some lack', () => {
    // Prepare: session 6 asks for 20 documents, session 5 leaves top_k out of the rerank.
    const sessions = QUESTIONS.map((q, i) =>
      retrievalSession(`d${i}`, i + 1, q, i === 5 ? { 0: { input: { query: q, top_k: 20 } } } : i === 4 ? { 2: { input: { input_step: 2, query: q } } } : {}),
    );

    // Act
    const analysis = analyzeParameters(retrieval, sessions);

    // Assess
    expect(analysis.disagreements).toEqual([
      'step 0 (vector_search) input.top_k: 10 in 5 of 6 samples, other values in 1',
      'step 2 (rerank) input.top_k: present in 5 of 6 samples',
    ]);
    expect(analysis.findings.find((f) => f.step === 0 && f.key === 'top_k')).toMatchObject({ class: 'external', parameter: 'top_k' });
    expect(analysis.findings.find((f) => f.step === 2 && f.key === 'top_k')).toMatchObject({ class: 'ambiguous', parameter: 'top_k_3' });
  });

  it('calls a later input that varies and comes from nowhere in the chain ambiguous, and a reference outside the chain too', () => {
    // Prepare: the rerank's query differs from the search's, and in one session its input step is outside the chain.
    const sessions = QUESTIONS.map((q, i) =>
      retrievalSession(`a${i}`, i + 1, q, { 2: { input: { input_step: i === 0 ? 9 : 2, query: `rerank ${i} for ${q}`, top_k: 5 } } }),
    );

    // Act
    const analysis = analyzeParameters(retrieval, sessions);

    // Assess
    const find = (key: string) => analysis.findings.find((f) => f.step === 2 && f.key === key)!;
    expect(find('query').class).toBe('ambiguous');
    expect(find('input_step').class).toBe('ambiguous');
    expect(analysis.disagreements).toContain('step 2 (rerank) input.input_step: refers to a step outside the chain in 1 of 6 samples');
  });

  it('counts failures per step and whether the chain still ended well', () => {
    // Prepare: the keyword search failed (skipped by its plan) in two sessions that still answered.
    const sessions = QUESTIONS.map((q, i) => retrievalSession(`f${i}`, i + 1, q, i < 2 ? { 1: { status: 'failed', error: 'timeout' } } : {}));

    // Act
    const analysis = analyzeParameters(retrieval, sessions);

    // Assess
    expect(analysis.failures[1]).toEqual({ step: 1, failures: 2, samples: 6, recovered: 2 });
  });

  it('refuses a chain no session holds', () => {
    // Act + Assess
    expect(() => analyzeParameters({ key: 'x → y', symbols: ['x', 'y'] }, fixtureSessions())).toThrow(InvalidInputError);
  });
});

describe('Function: commonType', () => {
  it('names the type all samples share, numbers for integers mixed with fractions, mixed otherwise', () => {
    expect(commonType([1, 2])).toBe('integer');
    expect(commonType([1, 2.5])).toBe('number');
    expect(commonType(['a', 1])).toBe('mixed');
  });

  it("calls a later input the caller's when it equals an earlier step's input, even if that step's output echoes it", () => {
    // Prepare: two sides searched by keywords, the second side then by vectors, side by side in the
    // plan; each search's result repeats its query, and the queries vary from one session to the next.
    const sessions = QUESTIONS.map((q, i) =>
      sessionOf(`e${i}`, i + 1, [
        { stepId: 1, type: 'keyword_search', input: { query: q, top_k: 10 }, output: { query: q, documents: [] } },
        { stepId: 2, type: 'keyword_search', input: { query: `${q} history`, top_k: 10 }, output: { query: `${q} history`, documents: [] } },
        { stepId: 3, type: 'vector_search', input: { query: `${q} history`, top_k: 10 }, output: { query: `${q} history`, documents: [] } },
      ]),
    );

    // Act
    const analysis = analyzeParameters(
      { key: 'keyword_search → keyword_search → vector_search', symbols: ['keyword_search', 'keyword_search', 'vector_search'] },
      sessions,
    );

    // Assess: the second side's query is one parameter for both its searches, and neither waits for the other.
    expect(analysis.findings.filter((f) => f.key === 'query').map((f) => [f.step, f.class, f.parameter])).toEqual([
      [0, 'external', 'query'],
      [1, 'ambiguous', 'query_2'],
      [2, 'ambiguous', 'query_2'],
    ]);
    expect(analysis.wires).toEqual([]);
    expect(analysis.dependsOn).toEqual([[], [], []]);
  });
});
