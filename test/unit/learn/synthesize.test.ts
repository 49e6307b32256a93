import { describe, expect, it } from 'vitest';

import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import { SynthesisError } from '../../../functions/core/errors.js';
import { analyzeParameters } from '../../../functions/core/learn/analyze.js';
import { draftTool, errorStrategyFrom } from '../../../functions/core/learn/draft.js';
import { chainKey, mineChains } from '../../../functions/core/learn/mine.js';
import { synthesizeTool } from '../../../functions/core/learn/synthesize.js';
import { DEFAULT_LEARNING_SETTINGS, type ToolCatalogView } from '../../../functions/core/learn/types.js';
import { STEP_TYPES } from '../../../functions/core/types.js';
import { fixtureSessions, QUESTIONS, RETRIEVAL_CHAIN, retrievalSession } from '../../support/learn.js';
import { ScriptedLlm } from '../../support/llm.js';

const catalog: ToolCatalogView = { tools: ['corpus.search', 'corpus.get'], stepTypes: STEP_TYPES };
const settings = { ...DEFAULT_LEARNING_SETTINGS, min_support: 0.2, max_length: 4 };

function input() {
  const sessions = fixtureSessions();
  const chain = mineChains(sessions, settings).chains.find((c) => c.key === chainKey(RETRIEVAL_CHAIN))!;
  return { chain, analysis: analyzeParameters(chain, sessions), sessions, catalog, settings };
}

describe('Function: synthesizeTool', () => {
  it('synthesizes with the rule-based provider, no key needed: one call, a valid tool', async () => {
    // Act
    const outcome = await synthesizeTool(input(), new RuleBasedProvider());

    // Assess
    expect(outcome).toMatchObject({ attempts: 1, provider: 'rule-based', model: 'cairn-rules-v1' });
    expect(outcome.tool.tool_id).toBe('learned.vector_search_keyword_search_rerank_llm_call');
    expect(outcome.tool.source_chain).toBe('vector_search → keyword_search → rerank → llm_call');
    expect(outcome.llmCalls).toHaveLength(1);
    expect(outcome.llmCalls[0]).toMatchObject({ purpose: 'synthesis', provider: 'rule-based' });
  });

  it('sends seed 001’s prompt: chain, analysis, samples and requirements, with the response schema', async () => {
    // Prepare
    const llm = new ScriptedLlm((request) =>
      JSON.stringify(draftTool(input().chain, request.intent.kind === 'synthesis' ? request.intent.analysis : input().analysis, 3)),
    );

    // Act
    await synthesizeTool(input(), llm);

    // Assess
    const request = llm.requests[0]!;
    const prompt = request.messages[0]!.content;
    expect(request).toMatchObject({ purpose: 'synthesis', temperature: 0, intent: { kind: 'synthesis', maxParallelSteps: 3 } });
    expect(request.responseSchema?.title).toBe('SynthesizedTool');
    expect(prompt).toContain('Tools: vector_search → keyword_search → rerank → llm_call');
    expect(prompt).toContain('Support: 0.6 (60% of sessions)');
    expect(prompt).toContain('Confidence: 1');
    expect(prompt).toContain('Avg Latency: 580ms');
    expect(prompt).toContain('- query: string (from step 0 input query)');
    expect(prompt).toContain('- Step 0.input.top_k = 10');
    expect(prompt).toContain('### Sample 1 (session: s06)');
    expect(prompt).toContain('Step 3: llm_call');
    expect(prompt).toContain('5. Mark steps that can run in parallel in `parallel_groups` (max 3 concurrent');
    // max_samples (5) of the six sessions are shown.
    expect(prompt).not.toContain('### Sample 6');
  });

  it('sends the errors back once and keeps the corrected answer', async () => {
    // Prepare
    const good = draftTool(input().chain, input().analysis, 3);
    const bad = { ...good, parallel_groups: [[2, 3]] };
    const llm = new ScriptedLlm((request) =>
      request.intent.kind === 'synthesis' && request.intent.errors ? JSON.stringify(good) : `Here it is:\n\`\`\`json\n${JSON.stringify(bad)}\n\`\`\``,
    );

    // Act
    const outcome = await synthesizeTool(input(), llm);

    // Assess
    expect(outcome.attempts).toBe(2);
    expect(outcome.tool.parallel_groups).toEqual([[0, 1]]);
    const retry = llm.requests[1]!;
    expect(retry.messages).toHaveLength(3);
    expect(retry.messages[1]).toMatchObject({ role: 'assistant' });
    expect(retry.messages[2]!.content).toContain('The previous response had validation errors:');
    expect(retry.messages[2]!.content).toContain("parallel_groups.0: sub-step 3 needs sub-step 2's data, so they cannot run in parallel");
    expect(retry.intent).toMatchObject({
      kind: 'synthesis',
      errors: ["parallel_groups.0: sub-step 3 needs sub-step 2's data, so they cannot run in parallel"],
    });
  });

  it('fails with one line after an answer with an invalid schema twice', async () => {
    // Prepare
    const bad = { ...draftTool(input().chain, input().analysis, 3), parameters: { type: 'objekt' } };
    const llm = new ScriptedLlm(() => JSON.stringify(bad));

    // Act
    const failure = await synthesizeTool(input(), llm).catch((error: unknown) => error);

    // Assess
    expect(llm.calls).toBe(2);
    expect(failure).toBeInstanceOf(SynthesisError);
    const message = (failure as SynthesisError).message;
    expect(message).toMatch(
      /^synthesis of vector_search → keyword_search → rerank → llm_call failed: 2 answer\(s\) did not validate; the last had \d+ problem\(s\): parameters.type: not JSON Schema 2020-12/,
    );
    expect(message).not.toContain('\n');
    expect((failure as SynthesisError).issues.length).toBeGreaterThan(0);
  });

  it('fails the same way on an answer with no JSON in it, after max_retries_on_invalid corrections', async () => {
    // Prepare
    const llm = new ScriptedLlm(() => 'I would rather not.');

    // Act
    const failure = await synthesizeTool({ ...input(), settings: { ...settings, max_retries_on_invalid: 0 } }, llm).catch((error: unknown) => error);

    // Assess
    expect(llm.calls).toBe(1);
    expect((failure as Error).message).toMatch(/1 answer\(s\) did not validate; the last had 1 problem\(s\): \(root\): no JSON object in the answer/);
  });

  it('keeps the error strategy the observed failures call for, whatever the model wrote', async () => {
    // Prepare: the keyword search failed in two of six sessions, and the chain failed with it.
    const sessions = QUESTIONS.map((q, i) =>
      retrievalSession(`f${i}`, i + 1, q, i < 2 ? { 1: { status: 'failed', error: 'timeout' }, 3: { status: 'failed', error: 'no documents' } } : {}),
    );
    const chain = { ...input().chain };
    const analysis = analyzeParameters(chain, sessions);
    const model = {
      ...draftTool(chain, analysis, 3),
      error_strategy: { default_behavior: 'skip' as const, rules: [{ step_index: 1, action: 'skip' as const, reason: 'whatever' }] },
    };

    // Act
    const outcome = await synthesizeTool({ chain, analysis, sessions, catalog, settings }, new ScriptedLlm(() => JSON.stringify(model)));

    // Assess
    expect(outcome.tool.error_strategy).toEqual({
      default_behavior: 'abort',
      rules: [
        { step_index: 1, action: 'retry', max_retries: 2, backoff_ms: 500, backoff_factor: 2, reason: 'failed in 2 of 6 samples: intermittent' },
        { step_index: 3, action: 'retry', max_retries: 2, backoff_ms: 500, backoff_factor: 2, reason: 'failed in 2 of 6 samples: intermittent' },
      ],
    });
  });
});

describe('Function: errorStrategyFrom', () => {
  it('skips what later steps compensate, retries what fails under half the time, aborts what fails the chain, and aborts by default', () => {
    // Act
    const strategy = errorStrategyFrom([
      { step: 0, failures: 0, samples: 10, recovered: 0 },
      { step: 1, failures: 3, samples: 10, recovered: 3 },
      { step: 2, failures: 4, samples: 10, recovered: 0 },
      { step: 3, failures: 10, samples: 10, recovered: 0 },
      { step: 4, failures: 5, samples: 10, recovered: 1 },
    ]);

    // Assess
    expect(strategy.default_behavior).toBe('abort');
    expect(strategy.rules.map((r) => [r.step_index, r.action])).toEqual([
      [1, 'skip'],
      [2, 'retry'],
      [3, 'abort'],
      [4, 'abort'],
    ]);
    expect(strategy.rules[2]!.reason).toBe('failed in 10 of 10 samples and the chain failed with it');
  });
});
