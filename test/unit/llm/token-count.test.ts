import { describe, expect, it } from 'vitest';
import { sentText } from '../../../functions/adapters/llm/sent-text.js';
import { requestText } from '../../../functions/core/llm/request-text.js';
import { tokenCounter } from '../../../functions/core/llm/token-count.js';
import { llmRequest } from '../../support/llm.js';

describe('Function: tokenCounter', () => {
  it('counts with o200k_base: a few words of prose, and dense text at about one token for every two characters', async () => {
    // Prepare
    const counter = await tokenCounter();
    const dense = '0x3fa9c2e1 Δ12.407 Лион-311 里昂42';

    // Act + Assess: the counts o200k_base gives (tiktoken's reference encoder agrees).
    expect(counter.count('hello world')).toBe(2);
    expect(counter.count('Lyon lies at the confluence of the Rhône and the Saône rivers.')).toBe(16);
    expect(counter.count(dense)).toBe(21);
    // Four characters a token would have said 8.
    expect(counter.count(dense)).toBeGreaterThan(Math.ceil(dense.length / 4));
    expect(counter.count('')).toBe(0);
  });

  it('counts a special token written in a document as text, rather than throwing', async () => {
    // Prepare
    const counter = await tokenCounter();

    // Act + Assess
    expect(counter.count('a document that says <|endoftext|> in the middle')).toBeGreaterThan(7);
  });

  it('builds the encoder once per process', async () => {
    // Act + Assess
    expect(await tokenCounter()).toBe(await tokenCounter());
  });
});

describe('Function: requestText', () => {
  it('reads the system text, every turn and the JSON Schema of the structured answer', () => {
    // Prepare
    const schema = { title: 'Plan', type: 'object', properties: { steps: { type: 'array' } } };
    const request = llmRequest({
      system: 'You plan.',
      messages: [
        { role: 'user', content: 'Plan this.' },
        { role: 'assistant', content: '', toolCall: { id: 't1', input: { steps: [1] } } },
        { role: 'user', content: 'Round 2.', toolResult: { id: 't1' } },
      ],
      responseSchema: schema,
    });

    // Act
    const text = requestText(request);

    // Assess
    for (const part of ['You plan.', 'Plan this.', '{"steps":[1]}', 'Round 2.', JSON.stringify(schema)]) expect(text).toContain(part);
  });
});

describe('Function: sentText', () => {
  const anthropicBody = (model: string, maxTokens: number) => ({
    model,
    max_tokens: maxTokens,
    system: [{ type: 'text', text: 'You plan.', cache_control: { type: 'ephemeral' } }],
    messages: [
      { role: 'user', content: 'Plan this.' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'submit_plan', input: { steps: [1] } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'Round 2.' }] },
    ],
    tools: [{ name: 'submit_plan', description: 'Submit the answer.', input_schema: { type: 'object', properties: { steps: { type: 'array' } } } }],
    tool_choice: { type: 'tool', name: 'submit_plan' },
  });

  it('reads what the model reads from a Messages API body: system, turns, tool calls and results, tool definitions', () => {
    // Act
    const text = sentText('anthropic', anthropicBody('claude-sonnet-4-6', 100));

    // Assess
    for (const part of [
      'You plan.',
      'Plan this.',
      '{"steps":[1]}',
      'Round 2.',
      'Submit the answer.',
      '{"type":"object","properties":{"steps":{"type":"array"}}}',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('ephemeral');
  });

  it('leaves out what is not read as tokens: the model, max_tokens', () => {
    // Act + Assess
    expect(sentText('anthropic', anthropicBody('claude-sonnet-4-6', 100))).toBe(sentText('anthropic', anthropicBody('claude-opus-4-1', 32_000)));
  });

  it('reads a chat completions body: messages, tool calls, the response format and the tools', () => {
    // Prepare
    const schema = { type: 'object', properties: { steps: { type: 'array' } } };
    const body = {
      model: 'qwen2.5-7b-instruct',
      temperature: 0,
      max_tokens: 100,
      messages: [
        { role: 'system', content: 'You plan.' },
        { role: 'user', content: 'Plan this.' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'submit_plan', arguments: '{"steps":[1]}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'Round 2.' },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'submit_plan', schema, strict: false } },
      tools: [{ type: 'function', function: { name: 'submit_plan', parameters: schema } }],
    };

    // Act
    const text = sentText('openai', body);

    // Assess: the schema is sent twice (format and tool), and counted twice.
    for (const part of ['You plan.', 'Plan this.', '{"steps":[1]}', 'Round 2.']) expect(text).toContain(part);
    expect(text.split(JSON.stringify(schema))).toHaveLength(3);
    expect(text).not.toContain('qwen');
  });
});
