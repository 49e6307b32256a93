/**
 * What a provider says it sends (`sentText`, which the token budget counts) against what the
 * loopback server reads from the body it received: the same text, through the real Anthropic SDK and
 * the OpenAI-compatible client, for a structured plan request (the forced tool or the response
 * format and their schema) and for an iterative round (tool calls and their results).
 */
import { describe, expect, it } from 'vitest';
import { AnthropicProvider } from '../../../functions/adapters/llm/anthropic/provider.js';
import { OpenAiCompatibleProvider } from '../../../functions/adapters/llm/openai-compatible/provider.js';
import { RetryingProvider } from '../../../functions/adapters/llm/resilient/retry.js';
import { sentText } from '../../../functions/adapters/llm/sent-text.js';
import { planSchema } from '../../../functions/core/plan/schemas.js';
import type { LlmProvider, LlmRequest } from '../../../functions/core/ports.js';
import { useLoopbackLlm } from '../../support/llm-loopback/harness.js';

const loopback = useLoopbackLlm();

const planRequest: LlmRequest = {
  purpose: 'plan',
  system: 'You are Cairn, a planner. Answer with a plan.',
  messages: [{ role: 'user', content: 'Task: Compare the populations of Lyon and Marseille\n\nUse at most 6 steps.' }],
  maxTokens: 2048,
  temperature: 0,
  intent: { kind: 'plan', task: 'Compare the populations of Lyon and Marseille', allowedStepTypes: ['keyword_search', 'llm_call'], maxSteps: 6, topK: 5 },
  responseSchema: planSchema as Record<string, unknown>,
};

/** An iterative plan's next round: round 1's plan as a tool call, its results as the tool's result. */
const roundRequest: LlmRequest = {
  ...planRequest,
  messages: [
    planRequest.messages[0]!,
    { role: 'assistant', content: '', toolCall: { id: 'round-1', input: { plan: [{ step_id: 1, type: 'keyword_search', parameters: { query: 'Lyon' } }] } } },
    { role: 'user', content: '{"results":[]}\n\nRound 2 of at most 3.', toolResult: { id: 'round-1' } },
  ],
};

const providers: Array<[string, 'anthropic' | 'openai', () => LlmProvider & { sentText(request: LlmRequest): Promise<string> }]> = [
  [
    'Anthropic',
    'anthropic',
    () => new AnthropicProvider({ apiKey: 'sk-ant-sent', model: 'claude-sonnet-4-6', baseURL: loopback().server.anthropicBaseURL, timeoutMs: 5_000 }),
  ],
  [
    'OpenAI-compatible',
    'openai',
    () => new OpenAiCompatibleProvider({ apiKey: 'sk-sent', model: 'qwen2.5-7b-instruct', baseURL: loopback().server.openaiBaseURL, timeoutMs: 5_000 }),
  ],
];

describe('LlmProvider.sentText', () => {
  for (const [name, api, make] of providers) {
    it.each([
      ['a structured plan request', planRequest],
      ['an iterative round with a tool call and its result', roundRequest],
    ])(`${name}: says of %s what the server reads in the body it receives, the schema included`, async (_what, request) => {
      // Prepare
      const { server } = loopback();
      server.script({ text: 'ok' });
      const provider = make();

      // Act
      const said = await provider.sentText(request);
      await provider.complete(request);

      // Assess
      expect(server.requests).toHaveLength(1);
      expect(said).toBe(sentText(api, server.requests[0]!.body));
      expect(said).toContain('Compare the populations of Lyon and Marseille');
      // The schema travels with the prompt, and is counted with it.
      expect(said).toContain('"step_id"');
    });
  }

  it('is passed on by the retry layer', async () => {
    // Prepare
    const claude = providers[0]![2]();

    // Act + Assess
    expect(await new RetryingProvider(claude).sentText(planRequest)).toBe(await claude.sentText(planRequest));
  });
});
