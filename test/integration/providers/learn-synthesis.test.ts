/**
 * Synthesis through the real Anthropic SDK and the real OpenAI-compatible client, against the
 * loopback server: the SynthesizedTool schema goes out as structured output (a forced tool, a
 * json_schema response format) and the structured answer comes back as a validated tool.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AnthropicProvider } from '../../../functions/adapters/llm/anthropic/provider.js';
import { OpenAiCompatibleProvider } from '../../../functions/adapters/llm/openai-compatible/provider.js';
import { SynthesisError } from '../../../functions/core/errors.js';
import { analyzeParameters } from '../../../functions/core/learn/analyze.js';
import { draftTool } from '../../../functions/core/learn/draft.js';
import { chainKey, mineChains } from '../../../functions/core/learn/mine.js';
import { synthesizeTool } from '../../../functions/core/learn/synthesize.js';
import { DEFAULT_LEARNING_SETTINGS } from '../../../functions/core/learn/types.js';
import { STEP_TYPES } from '../../../functions/core/types.js';
import { fixtureSessions, TOOL_CHAIN } from '../../support/learn.js';
import { useLoopbackLlm } from '../../support/llm-loopback/harness.js';
import type { LoopbackLlm } from '../../support/llm-loopback/server.js';

const loopback = useLoopbackLlm();
let server: LoopbackLlm;
beforeEach(() => ({ server } = loopback()));

const settings = { ...DEFAULT_LEARNING_SETTINGS, min_support: 0.2, max_length: 4 };
const sessions = fixtureSessions();
const chain = mineChains(sessions, settings).chains.find((c) => c.key === chainKey(TOOL_CHAIN))!;
const analysis = analyzeParameters(chain, sessions);
const input = { chain, analysis, sessions, catalog: { tools: ['corpus.search', 'corpus.get'], stepTypes: STEP_TYPES }, settings };
const good = draftTool(chain, analysis, 3);

describe('Function: synthesizeTool over HTTP', () => {
  it('asks Claude through a forced tool built from the SynthesizedTool schema and keeps its structured answer', async () => {
    // Prepare
    server.script({ tool: { reasoning: 'The id flows from the search to the get.', ...good } });
    const claude = new AnthropicProvider({ apiKey: 'sk-ant-learn', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 2_000 });

    // Act
    const outcome = await synthesizeTool(input, claude);

    // Assess
    // biome-ignore lint/suspicious/noExplicitAny: the test walks an arbitrary JSON request body
    const body = server.requests[0]!.body as Record<string, any>;
    expect(body.tool_choice).toMatchObject({ type: 'tool', name: 'submit_synthesized_tool' });
    expect(Object.keys(body.tools[0].input_schema.properties)).toEqual(
      expect.arrayContaining(['reasoning', 'tool_id', 'parameters', 'steps', 'internal_wiring']),
    );
    expect(JSON.stringify(body.messages)).toContain('Tools: corpus.search → corpus.get → llm_call');
    expect(outcome).toMatchObject({ attempts: 1, provider: 'anthropic', model: 'claude-sonnet-4-6' });
    expect(outcome.tool.internal_wiring).toEqual([{ from_step: 0, from_key: 'results.0.id', to_step: 1, to_key: 'id' }]);
    expect(outcome.tool.steps.map((s) => s.tool_id)).toEqual(['corpus.search', 'corpus.get', 'llm_call']);
  });

  it('asks an OpenAI-compatible server for a json_schema response, corrects once, then keeps the answer', async () => {
    // Prepare: the first answer wires a step that does not exist.
    const wrong = { ...good, internal_wiring: [{ from_step: 7, from_key: 'results.0.id', to_step: 1, to_key: 'id' }] };
    server.script({ tool: wrong }, { tool: good });
    const openai = new OpenAiCompatibleProvider({ baseURL: server.openaiBaseURL, model: 'qwen2.5-7b-instruct', timeoutMs: 2_000 });

    // Act
    const outcome = await synthesizeTool(input, openai);

    // Assess
    // biome-ignore lint/suspicious/noExplicitAny: the test walks an arbitrary JSON request body
    const first = server.requests[0]!.body as Record<string, any>;
    expect(first.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'submit_synthesized_tool' } });
    // biome-ignore lint/suspicious/noExplicitAny: the test walks an arbitrary JSON request body
    const second = server.requests[1]!.body as Record<string, any>;
    expect(JSON.stringify(second.messages)).toContain('internal_wiring.0.from_step: sub-step 7 does not exist');
    expect(outcome.attempts).toBe(2);
    expect(outcome.tool.internal_wiring[0]!.from_step).toBe(0);
  });

  it('fails clearly when Claude answers with an invalid parameters schema twice', async () => {
    // Prepare
    const invalid = { ...good, parameters: { type: 'object', properties: { query: { type: 'text' } } } };
    server.script({ tool: invalid }, { tool: invalid });
    const claude = new AnthropicProvider({ apiKey: 'sk-ant-learn', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 2_000 });

    // Act
    const failure = await synthesizeTool(input, claude).catch((error: unknown) => error);

    // Assess
    expect(server.requests).toHaveLength(2);
    expect(failure).toBeInstanceOf(SynthesisError);
    expect((failure as Error).message).toMatch(
      /^synthesis of corpus.search → corpus.get → llm_call failed: 2 answer\(s\) did not validate; .*parameters.properties.query.type: not JSON Schema 2020-12/,
    );
  });
});
