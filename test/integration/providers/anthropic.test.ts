/**
 * Claude's provider and its retries against a real HTTP server: the real @anthropic-ai/sdk client, pointed at the loopback
 * server by base URL, asked by the real planner. Scripted answers and faults per test.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AnthropicProvider, type AnthropicProviderOptions } from '../../../functions/adapters/llm/anthropic/provider.js';
import { LlmRefusalError } from '../../../functions/core/errors.js';
import { planSchema } from '../../../functions/core/plan/schemas.js';
import { analyzeTask, callLlm, generatePlan, validateAttempt } from '../../../functions/core/planner/planner.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';
import { faultyAnswer } from '../../support/llm-loopback/faults.js';
import { useLoopbackLlm } from '../../support/llm-loopback/harness.js';
import type { LoopbackLlm } from '../../support/llm-loopback/server.js';
import { plannerDepsFor, planningInput, validationOptions } from '../../support/planner.js';

const TASK = 'Compare the populations of Lyon and Marseille';
const API_KEY = 'sk-ant-loopback-0123456789';

const loopback = useLoopbackLlm(TASK);
let server: LoopbackLlm;
let plan: DecompositionPlan;
beforeEach(() => ({ server, plan } = loopback()));

function claude(options: Partial<AnthropicProviderOptions> = {}): AnthropicProvider {
  return new AnthropicProvider({ apiKey: API_KEY, model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 2_000, ...options });
}

describe('Class: AnthropicProvider, the real SDK against the loopback server', () => {
  it('asks for the plan through a forced tool built from a reduced copy of the plan schema', async () => {
    // Act
    await generatePlan(plannerDepsFor(claude()), planningInput(TASK));

    // Assess
    // biome-ignore lint/suspicious/noExplicitAny: the test walks an arbitrary JSON request body
    const body = server.requests[0]!.body as Record<string, any>;
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'submit_decomposition_plan', disable_parallel_tool_use: true });
    const schema = body.tools[0].input_schema;
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual(['reasoning', 'plan', 'traceability']);
    const text = JSON.stringify(schema);
    for (const dropped of ['$ref', '$defs', '$schema', '$id', '"minimum"', '"uniqueItems"', '"maxLength"']) expect(text).not.toContain(dropped);
    expect(schema.properties.plan.items.properties.step_id.description).toContain('(minimum 1)');
    // The shipped schema is untouched.
    expect(planSchema.$defs).toBeDefined();
  });

  it('marks the system prompt for caching, sends max_tokens, a timeout and no sampling parameter, and keeps the key in the header only', async () => {
    // Act
    await generatePlan(plannerDepsFor(claude()), planningInput(TASK));

    // Assess
    const { body, headers } = server.requests[0]!;
    expect((body.system as Array<Record<string, unknown>>)[0]).toMatchObject({ type: 'text', cache_control: { type: 'ephemeral' } });
    expect(String((body.system as Array<{ text: string }>)[0]!.text)).toContain('Allowed step types:');
    expect(body.max_tokens).toBe(4096);
    for (const name of ['temperature', 'top_p', 'top_k']) expect(body).not.toHaveProperty(name);
    expect(headers['anthropic-version']).toBe('2026-10-21');
    expect(headers['x-stainless-timeout']).toBe('2');
    expect(headers['x-stainless-retry-count']).toBe('0');
    expect(headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(JSON.stringify(body)).not.toContain(API_KEY);
  });

  it('turns a tool answer into the plan with its reasoning kept apart', async () => {
    // Prepare
    server.script(faultyAnswer('clean', plan));

    // Act
    const attempt = await generatePlan(plannerDepsFor(claude()), planningInput(TASK));

    // Assess
    expect(attempt.candidate).toEqual(plan);
    expect(attempt.reasoning).toBe('Search, then combine.');
    expect(attempt.llm).toMatchObject({ provider: 'anthropic', model: 'claude-sonnet-4-6', stopReason: 'tool_use' });
    expect(validateAttempt(attempt, validationOptions)).toEqual({ valid: true, errors: [] });
  });

  it('extracts JSON from a fenced block with prose around it when the model answers in text', async () => {
    // Prepare
    server.script(faultyAnswer('fenced', plan));

    // Act
    const attempt = await generatePlan(plannerDepsFor(claude()), planningInput(TASK));

    // Assess
    expect(attempt.candidate).toEqual(plan);
    expect(attempt.reasoning).toBe('I split the task into sub-queries that run in parallel, then combine them.\n\nEach step cites its sources.');
  });

  it('records truncated JSON (stop_reason max_tokens) as cut off, with nothing to validate', async () => {
    // Prepare
    server.script(faultyAnswer('truncated', plan));

    // Act
    const attempt = await generatePlan(plannerDepsFor(claude()), planningInput(TASK));

    // Assess
    expect(attempt.candidate).toBeUndefined();
    expect(attempt.extractionError).toBe('the answer was cut off at the token limit (stop_reason max_tokens)');
    expect(attempt.llm.stopReason).toBe('max_tokens');
  });

  it.each([
    ['missing-field', { path: 'plan.0', message: "must have required property 'modality'" }],
    ['wrong-enum', { path: 'plan.0.type', message: expect.stringMatching(/^must be one of \[vector_search, keyword_search/) }],
    ['dangling', { path: expect.stringMatching(/^plan\.\d+\.dependencies\.\d+$/), message: 'step 99 does not exist' }],
    ['cycle', { path: 'plan', message: expect.stringMatching(/^dependency cycle /) }],
  ] as const)('reports a plan with a %s by path and fault, for the repair turn', async (fault, expected) => {
    // Prepare
    server.script(faultyAnswer(fault, plan));

    // Act
    const attempt = await generatePlan(plannerDepsFor(claude()), planningInput(TASK));
    const validation = validateAttempt(attempt, validationOptions);

    // Assess
    expect(validation.valid).toBe(false);
    expect(validation.errors).toContainEqual(expect.objectContaining(expected));
  });

  it('gives an empty answer and a prose answer without JSON as extraction errors', async () => {
    // Prepare
    server.script(faultyAnswer('empty', plan), faultyAnswer('non-json', plan));

    // Act
    const empty = await generatePlan(plannerDepsFor(claude()), planningInput(TASK));
    const prose = await generatePlan(plannerDepsFor(claude()), planningInput(TASK));

    // Assess
    expect(empty.extractionError).toBe('the response is empty');
    expect(prose.extractionError).toBe('the response holds no JSON object');
  });

  it('fails a refusal at once with LlmRefusalError, carrying the refused call', async () => {
    // Prepare
    server.script(faultyAnswer('refusal', plan));

    // Act
    const outcome = await generatePlan(plannerDepsFor(claude()), planningInput(TASK)).catch((error: unknown) => error);

    // Assess
    expect(outcome).toBeInstanceOf(LlmRefusalError);
    expect((outcome as LlmRefusalError).message).toBe('anthropic/claude-sonnet-4-6 refused the plan request (stop_reason refusal)');
    expect((outcome as LlmRefusalError).call).toMatchObject({ purpose: 'plan', stopReason: 'refusal', provider: 'anthropic' });
  });

  it('accounts tokens, the prompt-cache write then read, and the cost at the model price', async () => {
    // Act
    const first = await generatePlan(plannerDepsFor(claude()), planningInput(TASK));
    const second = await generatePlan(plannerDepsFor(claude()), planningInput('What is a bouchon?'));

    // Assess
    expect(first.llm.cacheWriteTokens).toBeGreaterThan(1000);
    expect(first.llm.cacheReadTokens ?? 0).toBe(0);
    expect(second.llm.cacheReadTokens).toBe(first.llm.cacheWriteTokens);
    expect(second.llm.cacheWriteTokens ?? 0).toBe(0);
    // Claude Sonnet 4.6: $3 in, $15 out, cache writes 1.25x and reads 0.1x the input price.
    const { inputTokens, outputTokens, cacheReadTokens = 0 } = second.llm;
    const expected = ((inputTokens - cacheReadTokens) * 3 + cacheReadTokens * 0.3 + outputTokens * 15) / 1e6;
    expect(second.llm.costUsd).toBeCloseTo(expected, 6);
    expect(second.llm.costUsd!).toBeLessThan(first.llm.costUsd!);
  });

  it('asks the analysis through its own tool and validates what comes back', async () => {
    // Act
    const outcome = await analyzeTask(plannerDepsFor(claude()), TASK);

    // Assess
    expect(outcome.issues).toEqual([]);
    expect(outcome.analysis).toMatchObject({ task_kind: 'comparison', key_entities: ['Lyon', 'Marseille'] });
    expect((server.requests[0]!.body as { tool_choice: { name: string } }).tool_choice.name).toBe('submit_task_analysis');
    expect(server.requests[0]!.body.max_tokens).toBe(1024);
  });

  it('asks in prose, with no tool, when structured output is off', async () => {
    // Act
    const attempt = await generatePlan(plannerDepsFor(claude({ structured: false })), planningInput(TASK));

    // Assess
    expect(server.requests[0]!.body).not.toHaveProperty('tools');
    expect(server.requests[0]!.body).not.toHaveProperty('tool_choice');
    expect(validateAttempt(attempt, validationOptions).valid).toBe(true);
    expect(attempt.reasoning).toMatch(/^I read this as a comparison task\./);
  });

  it('sends an answer request without a tool (no schema) and returns its prose', async () => {
    // Prepare
    server.script({ text: 'Lyon has 522,000 inhabitants [lyon].' });

    // Act
    const { response } = await callLlm(claude(), {
      purpose: 'answer',
      system: 'sys',
      messages: [{ role: 'user', content: 'How many people live in Lyon?' }],
      maxTokens: 256,
      temperature: 0,
      intent: { kind: 'answer', question: 'How many people live in Lyon?', instruction: '', documents: [] },
    });

    // Assess
    expect(response.text).toBe('Lyon has 522,000 inhabitants [lyon].');
    expect(server.requests[0]!.body).not.toHaveProperty('tools');
  });
});

describe('Loopback server: refuses what the Messages API refuses', () => {
  it('would be refused by the API with a sampling parameter: the loopback server checks it as the API does', async () => {
    // Prepare: a raw request with temperature, as code that builds its own body would send.
    const response = await fetch(`${server.anthropicBaseURL}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}`, 'anthropic-version': '2026-10-21' },
      body: JSON.stringify({ model: 'claude-sonnet-4-6', max_tokens: 10, temperature: 0, messages: [{ role: 'user', content: 'hi' }] }),
    });

    // Assess
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: 'temperature: Extra inputs are not permitted' } });
  });

  it('would be refused by the API with a tool_use left without its tool_result: the loopback server checks it as the API does', async () => {
    // Prepare
    const messages = [
      { role: 'user', content: 'plan' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'submit_decomposition_plan', input: {} }] },
      { role: 'user', content: [{ type: 'text', text: 'fix it' }] },
    ];

    // Act
    const response = await fetch(`${server.anthropicBaseURL}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}`, 'anthropic-version': '2026-10-21' },
      body: JSON.stringify({ model: 'claude-sonnet-4-6', max_tokens: 10, messages }),
    });

    // Assess
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('tool_use ids were found without tool_result blocks');
  });
});
