/**
 * Claude's provider and its retries against a real HTTP server: the real @anthropic-ai/sdk client, pointed at the loopback
 * server by base URL, asked by the real planner. Scripted answers and faults per test.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AnthropicProvider, type AnthropicProviderOptions } from '../../../functions/adapters/llm/anthropic/provider.js';
import { LlmFatalError, LlmRefusalError } from '../../../functions/core/errors.js';
import { planSchema } from '../../../functions/core/plan/schemas.js';
import { normalizePlan } from '../../../functions/core/planner/plan-format.js';
import { analyzeTask, callLlm, generatePlan, repairPlan, validateAttempt } from '../../../functions/core/planner/planner.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';
import { expectRoundedCost } from '../../support/llm.js';
import { faultyAnswer } from '../../support/llm-loopback/faults.js';
import { useLoopbackLlm } from '../../support/llm-loopback/harness.js';
import { ruleBasedModel } from '../../support/llm-loopback/rule-based-model.js';
import { LoopbackLlm } from '../../support/llm-loopback/server.js';
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
  it('asks for the plan through a forced tool whose schema is the short shape of a plan, the prompt saying the rest', async () => {
    // Act
    await generatePlan(plannerDepsFor(claude()), planningInput(TASK));

    // Assess
    // biome-ignore lint/suspicious/noExplicitAny: the test walks an arbitrary JSON request body
    const body = server.requests[0]!.body as Record<string, any>;
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'submit_decomposition_plan', disable_parallel_tool_use: true });
    const schema = body.tools[0].input_schema;
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual(['reasoning', 'analysis', 'plan']);
    expect(schema.properties.plan.items.required).toEqual(['step_id', 'type', 'parameters', 'dependencies']);
    expect(JSON.stringify(body.tools[0]).length).toBeLessThan(400);
    // The shipped schema, which validation judges by, is untouched.
    expect(planSchema.$defs).toBeDefined();
  });

  it('marks the system prompt for caching, sends max_tokens, a timeout and no sampling parameter, and keeps the key in the header only', async () => {
    // Act
    await generatePlan(plannerDepsFor(claude()), planningInput(TASK));

    // Assess
    const { body, headers } = server.requests[0]!;
    expect((body.system as Array<Record<string, unknown>>)[0]).toMatchObject({ type: 'text', cache_control: { type: 'ephemeral' } });
    expect(String((body.system as Array<{ text: string }>)[0]!.text)).toContain('Step types and parameters (? optional):');
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

    // Assess: the steps as written, with their modality and a trace naming the provider filled in.
    expect(attempt.candidate).toEqual(normalizePlan(plan, 'anthropic'));
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
    expect(attempt.candidate).toEqual(normalizePlan(plan, 'anthropic'));
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
    ['missing-field', { path: 'plan.0', message: "must have required property 'dependencies'" }],
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
    // Act: two tasks planned with the same step types share the system prompt, the cached prefix.
    const first = await generatePlan(plannerDepsFor(claude()), planningInput(TASK));
    const second = await generatePlan(plannerDepsFor(claude()), planningInput('Compare the rivers of Lyon and Paris'));

    // Assess
    expect(first.llm.cacheWriteTokens).toBeGreaterThan(100);
    expect(first.llm.cacheReadTokens ?? 0).toBe(0);
    expect(second.llm.cacheReadTokens).toBe(first.llm.cacheWriteTokens);
    expect(second.llm.cacheWriteTokens ?? 0).toBe(0);
    // Claude Sonnet 4.6: $3 in, $15 out, cache writes 1.25x and reads 0.1x the input price.
    const { inputTokens, outputTokens, cacheReadTokens = 0 } = second.llm;
    const expected = ((inputTokens - cacheReadTokens) * 3 + cacheReadTokens * 0.3 + outputTokens * 15) / 1e6;
    expectRoundedCost(second.llm.costUsd, expected);
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

describe('Class: AnthropicProvider, bad input', () => {
  it('refuses a prompt that would pass the context window before sending it, in one line', async () => {
    // Prepare: an 8,000-token window and a task of some 6,000 tokens.
    const task = `Compare ${'Lyon and Marseille '.repeat(2000)}`;

    // Act
    const outcome = await generatePlan(plannerDepsFor(claude({ contextTokens: 8000 })), planningInput(task)).catch((error: unknown) => error);

    // Assess
    expect(outcome).toBeInstanceOf(LlmFatalError);
    expect((outcome as Error).message).toMatch(
      /^anthropic\/claude-sonnet-4-6: the plan prompt is \d+ tokens; with max_tokens 4096 it would pass the model's context window of 8000 tokens, so it was not sent$/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('asks again without the cache mark when the server refuses it, as a second attempt, and sends no mark after', async () => {
    // Prepare: a proxy that does not know cache_control.
    server.script({ status: 400, type: 'invalid_request_error', message: 'system.0.cache_control: Extra inputs are not permitted' });
    const provider = claude();

    // Act
    const first = await generatePlan(plannerDepsFor(provider), planningInput(TASK));
    const second = await generatePlan(plannerDepsFor(provider), planningInput(TASK));

    // Assess
    const marks = server.requests.map((r) => (r.body.system as Array<Record<string, unknown>>)[0]!.cache_control ?? null);
    expect(marks).toEqual([{ type: 'ephemeral' }, null, null]);
    expect(first.llm.attempts).toBe(2);
    expect(validateAttempt(first, validationOptions).valid).toBe(true);
    expect(second.llm.attempts).toBeUndefined();
  });

  it('fails in one line when the server refuses the request without the mark too', async () => {
    // Prepare
    server.script(
      { status: 400, type: 'invalid_request_error', message: 'system.0.cache_control: Extra inputs are not permitted' },
      { status: 400, type: 'invalid_request_error', message: 'messages: too many' },
    );

    // Act
    const outcome = await generatePlan(plannerDepsFor(claude()), planningInput(TASK)).catch((error: unknown) => error);

    // Assess
    expect(outcome).toBeInstanceOf(LlmFatalError);
    expect((outcome as Error).message).toContain('messages: too many');
    expect((outcome as Error).message).not.toContain('\n');
    expect(server.requests).toHaveLength(2);
  });

  it('counts a cached prefix the server does not honour as uncached input, at the full price', async () => {
    // Prepare: a server that takes the mark and caches nothing.
    const plain = await LoopbackLlm.start(ruleBasedModel, { promptCache: false });
    const provider = claude({ baseURL: plain.anthropicBaseURL });

    // Act
    const first = await generatePlan(plannerDepsFor(provider), planningInput(TASK));
    const second = await generatePlan(plannerDepsFor(provider), planningInput(TASK));
    await plain.close();

    // Assess
    expect([first.llm.cacheReadTokens ?? 0, second.llm.cacheReadTokens ?? 0, second.llm.cacheWriteTokens ?? 0]).toEqual([0, 0, 0]);
    expect(second.llm.inputTokens).toBe(first.llm.inputTokens);
    const { inputTokens, outputTokens } = second.llm;
    expectRoundedCost(second.llm.costUsd, (inputTokens * 3 + outputTokens * 15) / 1e6);
  });

  it('does not take a plan the server let run past max_tokens, and the repair asks for a shorter one', async () => {
    // Prepare: a plan budget of 64 output tokens, which the server's whole plan passes.
    const deps = { ...plannerDepsFor(claude()), budgets: { analysis: 1024, plan: 64, answer: 1024 } };

    // Act
    const attempt = await generatePlan(deps, planningInput(TASK));
    const validation = validateAttempt(attempt, validationOptions);
    await repairPlan(deps, { ...planningInput(TASK), previous: { ...attempt, validation }, attempt: 2 });

    // Assess
    expect(attempt.extractionError).toMatch(/^the answer ran past its limit: \d+ output tokens for max_tokens 64$/);
    expect(attempt.candidate).toBeUndefined();
    const repairUser = (server.requests[1]!.body.messages as Array<{ content: string }>)[0]!.content;
    expect(repairUser).toContain('It held no plan (the answer ran past its limit:');
    expect(repairUser).toContain('write the whole plan, shorter.');
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
