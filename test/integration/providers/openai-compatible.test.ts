/**
 * The OpenAI-compatible provider against a real HTTP server: its fetch client, pointed at the
 * loopback server's chat completions endpoint as at a local model server, asked by the real planner.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { type OpenAiCompatibleOptions, OpenAiCompatibleProvider } from '../../../functions/adapters/llm/openai-compatible/provider.js';
import { LlmFatalError, LlmRefusalError, LlmTransientError } from '../../../functions/core/errors.js';
import { normalizePlan } from '../../../functions/core/planner/plan-format.js';
import { analyzeTask, generatePlan, repairPlan, validateAttempt } from '../../../functions/core/planner/planner.js';
import type { LlmRequest } from '../../../functions/core/ports.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';
import { expectRoundedCost } from '../../support/llm.js';
import { faultyAnswer } from '../../support/llm-loopback/faults.js';
import { useLoopbackLlm } from '../../support/llm-loopback/harness.js';
import type { LoopbackLlm } from '../../support/llm-loopback/server.js';
import { plannerDepsFor, planningInput, validationOptions } from '../../support/planner.js';

const TASK = 'Compare the populations of Lyon and Marseille';

const loopback = useLoopbackLlm(TASK);
let server: LoopbackLlm;
let plan: DecompositionPlan;
beforeEach(() => ({ server, plan } = loopback()));

function local(options: Partial<OpenAiCompatibleOptions> = {}): OpenAiCompatibleProvider {
  return new OpenAiCompatibleProvider({ baseURL: server.openaiBaseURL, model: 'qwen2.5-7b-instruct', timeoutMs: 2_000, ...options });
}

describe('Class: OpenAiCompatibleProvider, its fetch client against a local server', () => {
  it('asks with the reduced plan schema as a json_schema response format, temperature 0 and max_tokens, with no key', async () => {
    // Act
    const attempt = await generatePlan(plannerDepsFor(local()), planningInput(TASK));

    // Assess
    const { body, headers } = server.requests[0]!;
    expect(body).toMatchObject({ model: 'qwen2.5-7b-instruct', temperature: 0, max_tokens: 4096 });
    expect(body).not.toHaveProperty('max_completion_tokens');
    const format = body.response_format as { type: string; json_schema: { name: string; strict: boolean; schema: { properties: object } } };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema).toMatchObject({ name: 'submit_decomposition_plan', strict: false });
    expect(Object.keys(format.json_schema.schema.properties)).toEqual(['reasoning', 'analysis', 'plan']);
    expect((body.messages as Array<{ role: string }>).map((m) => m.role)).toEqual(['system', 'user']);
    expect(headers.authorization).toBe('Bearer no-key');
    expect(headers['content-type']).toBe('application/json');
    expect(server.requests).toHaveLength(1);
    expect(validateAttempt(attempt, validationOptions).valid).toBe(true);
    expect(attempt.reasoning).toMatch(/^I read this as a comparison task\./);
  });

  it('reads a JSON answer, and counts the tokens the server reports', async () => {
    // Prepare
    server.script(faultyAnswer('clean', plan));

    // Act
    const attempt = await generatePlan(plannerDepsFor(local()), planningInput(TASK));

    // Assess
    expect(attempt.candidate).toEqual(normalizePlan(plan, 'openai'));
    expect(attempt.reasoning).toBe('Search, then combine.');
    expect(attempt.llm.inputTokens).toBeGreaterThan(200);
    expect(attempt.llm.outputTokens).toBeGreaterThan(100);
    expect(attempt.llm).not.toHaveProperty('estimatedTokens');
    // A local model has no price: no cost rather than a made-up one.
    expect(attempt.llm).not.toHaveProperty('costUsd');
  });

  it('estimates the tokens, and says so, when the server reports no usage', async () => {
    // Prepare
    server.script({ text: 'Short answer.', omitUsage: true });

    // Act
    const attempt = await generatePlan(plannerDepsFor(local()), planningInput(TASK));

    // Assess
    expect(attempt.llm).toMatchObject({ estimatedTokens: true, outputTokens: 4 });
    expect(attempt.llm.inputTokens).toBeGreaterThan(200);
  });

  it('prices a known OpenAI model, and a model priced by the operator', async () => {
    // Act
    const known = await generatePlan(plannerDepsFor(local({ model: 'gpt-4.1-mini' })), planningInput(TASK));
    const priced = await generatePlan(plannerDepsFor(local({ prices: { 'qwen2.5-7b-instruct': { input: 0.1, output: 0.2 } } })), planningInput(TASK));

    // Assess
    expectRoundedCost(known.llm.costUsd, (known.llm.inputTokens * 0.4 + known.llm.outputTokens * 1.6) / 1e6);
    expectRoundedCost(priced.llm.costUsd, (priced.llm.inputTokens * 0.1 + priced.llm.outputTokens * 0.2) / 1e6);
  });

  it('extracts a fenced plan from prose when the server ignores the response format', async () => {
    // Prepare
    server.script(faultyAnswer('fenced', plan));

    // Act
    const attempt = await generatePlan(plannerDepsFor(local()), planningInput(TASK));

    // Assess
    expect(attempt.candidate).toEqual(normalizePlan(plan, 'openai'));
  });

  it('maps finish_reason length to a cut-off answer', async () => {
    // Prepare
    server.script(faultyAnswer('truncated', plan));

    // Act
    const attempt = await generatePlan(plannerDepsFor(local()), planningInput(TASK));

    // Assess
    expect(attempt.llm.stopReason).toBe('max_tokens');
    expect(attempt.extractionError).toBe('the answer was cut off at the token limit (stop_reason max_tokens)');
  });

  it('reports a dangling dependency and a cycle for the repair turn', async () => {
    // Prepare
    server.script(faultyAnswer('dangling', plan), faultyAnswer('cycle', plan));

    // Act
    const dangling = validateAttempt(await generatePlan(plannerDepsFor(local()), planningInput(TASK)), validationOptions);
    const cycle = validateAttempt(await generatePlan(plannerDepsFor(local()), planningInput(TASK)), validationOptions);

    // Assess
    expect(dangling.errors.map((e) => e.message)).toContain('step 99 does not exist');
    expect(cycle.errors.some((e) => e.message.startsWith('dependency cycle'))).toBe(true);
  });

  it('fails a refusal with LlmRefusalError', async () => {
    // Prepare
    server.script(faultyAnswer('refusal', plan));

    // Act
    const outcome = await generatePlan(plannerDepsFor(local()), planningInput(TASK)).catch((e: unknown) => e);

    // Assess
    expect(outcome).toBeInstanceOf(LlmRefusalError);
    expect((outcome as LlmRefusalError).call.stopReason).toBe('refusal');
  });

  it('refuses a prompt that would pass the configured context window before sending it, in one line', async () => {
    // Prepare: a local server with an 8,192-token window, and a task of some 9,000 tokens.
    const task = `Compare ${'Lyon and Marseille '.repeat(3000)}`;

    // Act
    const outcome = await generatePlan(plannerDepsFor(local({ contextTokens: 8192 })), planningInput(task)).catch((error: unknown) => error);

    // Assess
    expect(outcome).toBeInstanceOf(LlmFatalError);
    expect((outcome as Error).message).toMatch(
      /the plan prompt is \d+ tokens; with max_tokens 4096 it would pass the model's context window of 8192 tokens, so it was not sent$/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('does not take a plan the server let run past max_tokens, and the repair asks for a shorter one', async () => {
    // Prepare: a plan budget of 64 output tokens, which the server's whole plan passes (it stops on its own, finish_reason stop).
    const deps = { ...plannerDepsFor(local()), budgets: { analysis: 1024, plan: 64, answer: 1024 } };

    // Act
    const attempt = await generatePlan(deps, planningInput(TASK));
    const validation = validateAttempt(attempt, validationOptions);
    await repairPlan(deps, { ...planningInput(TASK), previous: { ...attempt, validation }, attempt: 2 });

    // Assess
    expect(server.requests[0]!.body).toMatchObject({ max_tokens: 64 });
    expect(attempt.extractionError).toMatch(/^the answer ran past its limit: \d+ output tokens for max_tokens 64$/);
    expect(attempt.candidate).toBeUndefined();
    expect(validation.valid).toBe(false);
    const repairUser = (server.requests[1]!.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')!.content;
    expect(repairUser).toContain('It held no plan (the answer ran past its limit:');
    expect(repairUser).toContain('write the whole plan, shorter.');
  });

  it('validates an analysis asked with its own response format', async () => {
    // Act
    const outcome = await analyzeTask(plannerDepsFor(local()), TASK);

    // Assess
    expect(outcome.analysis?.task_kind).toBe('comparison');
    expect((server.requests[0]!.body.response_format as { json_schema: { name: string } }).json_schema.name).toBe('submit_task_analysis');
  });

  it('sends the key when one is configured, and max_tokens to a server that is not api.openai.com', async () => {
    // Prepare
    const provider = local({ apiKey: 'sk-local-123' });

    // Act
    await generatePlan(plannerDepsFor(provider), planningInput(TASK));

    // Assess
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-local-123');
    expect(server.requests[0]!.body).toHaveProperty('max_tokens');
  });

  it('asks without a response format when structured output is off', async () => {
    // Act
    await generatePlan(plannerDepsFor(local({ structured: false })), planningInput(TASK));

    // Assess
    expect(server.requests[0]!.body).not.toHaveProperty('response_format');
  });

  it("ends the request when the caller's signal aborts it: a fatal abort, not a timeout", async () => {
    // Prepare
    server.script({ hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();

    // Act
    const outcome = await local({ timeoutMs: 5_000 })
      .complete(ANSWER_REQUEST, controller.signal)
      .catch((e: unknown) => e);

    // Assess
    expect(outcome).toBeInstanceOf(LlmFatalError);
    expect((outcome as Error).message).toBe('openai/qwen2.5-7b-instruct: the request was aborted');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reads an error status whose body is not JSON (a proxy page) as a server error with its text', async () => {
    // Prepare: a gateway in front of the model server, answering with its own page.
    const gateway = createServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>502 Bad Gateway</html>');
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;

    // Act
    const outcome = await local({ baseURL: `http://127.0.0.1:${port}/v1` })
      .complete(ANSWER_REQUEST)
      .catch((e: unknown) => e)
      .finally(() => new Promise((resolve) => gateway.close(resolve)));

    // Assess
    expect(outcome).toBeInstanceOf(LlmTransientError);
    expect((outcome as Error).message).toBe('openai/qwen2.5-7b-instruct: server error (502): <html>502 Bad Gateway</html>');
  });
});

/** A plain prose request, for the tests that call the provider directly. */
const ANSWER_REQUEST: LlmRequest = {
  purpose: 'answer',
  system: 'Answer briefly.',
  messages: [{ role: 'user', content: 'What is a bouchon?' }],
  maxTokens: 64,
  temperature: 0,
  intent: { kind: 'answer', question: 'What is a bouchon?', instruction: 'Answer briefly.', documents: [] },
};
