/**
 * Model fallback: the fallback chain over real clients. Claude and an OpenAI-compatible server both live on
 * the loopback server; the first fails for good, the next answers.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AnthropicProvider } from '../../../functions/adapters/llm/anthropic/provider.js';
import { OpenAiCompatibleProvider } from '../../../functions/adapters/llm/openai-compatible/provider.js';
import { FallbackProvider } from '../../../functions/adapters/llm/resilient/fallback.js';
import { RetryingProvider } from '../../../functions/adapters/llm/resilient/retry.js';
import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import { createLlmProvider } from '../../../functions/adapters/llm/select-provider.js';
import { LlmFatalError, LlmRefusalError, LlmTransientError } from '../../../functions/core/errors.js';
import { generatePlan } from '../../../functions/core/planner/planner.js';
import { loadConfig } from '../../../functions/shared/config.js';
import { TRANSPORT_FAULTS } from '../../support/llm-loopback/faults.js';
import { recordingPolicy, useLoopbackLlm } from '../../support/llm-loopback/harness.js';
import { ruleBasedModel } from '../../support/llm-loopback/rule-based-model.js';
import type { LoopbackLlm } from '../../support/llm-loopback/server.js';
import { plannerDepsFor, planningInput } from '../../support/planner.js';

const TASK = 'What is a bouchon?';

const loopback = useLoopbackLlm();
let server: LoopbackLlm;
beforeEach(() => ({ server } = loopback()));

function chain(): FallbackProvider {
  const claude = new RetryingProvider(
    new AnthropicProvider({ apiKey: 'k', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 2_000 }),
    recordingPolicy(),
  );
  const local = new RetryingProvider(
    new OpenAiCompatibleProvider({ baseURL: server.openaiBaseURL, model: 'llama-3.1-8b', timeoutMs: 2_000 }),
    recordingPolicy(),
  );
  return new FallbackProvider([claude, local]);
}

describe('Class: FallbackProvider', () => {
  it('answers from the next provider when the first fails for good, and says which failed', async () => {
    // Prepare
    server.script({ status: 401, type: 'authentication_error', message: 'invalid x-api-key' });

    // Act
    const attempt = await generatePlan(plannerDepsFor(chain()), planningInput(TASK));

    // Assess
    expect(server.requests.map((r) => r.api)).toEqual(['anthropic', 'openai']);
    expect(attempt.llm).toMatchObject({
      provider: 'openai',
      model: 'llama-3.1-8b',
      attempts: 1,
      failedOver: ['anthropic/claude-sonnet-4-6: authentication failed (check the API key) (401): invalid x-api-key'],
    });
    expect(attempt.candidate).toBeDefined();
  });

  it('moves on once the first provider’s retries are used up', async () => {
    // Prepare
    server.script(TRANSPORT_FAULTS.overloaded, TRANSPORT_FAULTS.overloaded, TRANSPORT_FAULTS.overloaded);

    // Act
    const attempt = await generatePlan(plannerDepsFor(chain()), planningInput(TASK));

    // Assess
    expect(server.requests.map((r) => r.api)).toEqual(['anthropic', 'anthropic', 'anthropic', 'openai']);
    expect(attempt.llm.failedOver).toEqual(['anthropic/claude-sonnet-4-6: overloaded (529): Overloaded (gave up after 3 attempt(s))']);
  });

  it('keeps the first provider’s identity and answers from it when it works', async () => {
    // Act
    const provider = chain();
    const attempt = await generatePlan(plannerDepsFor(provider), planningInput(TASK));

    // Assess
    expect([provider.name, provider.model, provider.source]).toEqual(['anthropic', 'claude-sonnet-4-6', 'anthropic']);
    expect(attempt.llm.provider).toBe('anthropic');
    expect(attempt.llm).not.toHaveProperty('failedOver');
  });

  it('does not fall back on a refusal: it is an answer about the task', async () => {
    // Prepare
    server.script({ refusal: true });

    // Act
    const outcome = await generatePlan(plannerDepsFor(chain()), planningInput(TASK)).catch((e: unknown) => e);

    // Assess
    expect(outcome).toBeInstanceOf(LlmRefusalError);
    expect(server.requests).toHaveLength(1);
  });

  it('fails with every failure listed: transient when one was, fatal otherwise', async () => {
    // Prepare
    server.script({ status: 401, message: 'bad key' }, { status: 500, message: 'boom' }, { status: 500, message: 'boom' }, { status: 500, message: 'boom' });

    // Act
    const transient = await generatePlan(plannerDepsFor(chain()), planningInput(TASK)).catch((e: unknown) => e);
    server.reset(ruleBasedModel);
    server.script({ status: 401, message: 'bad key' }, { status: 404, message: 'model not found' });
    const fatal = await generatePlan(plannerDepsFor(chain()), planningInput(TASK)).catch((e: unknown) => e);

    // Assess
    expect(transient).toBeInstanceOf(LlmTransientError);
    expect((transient as Error).message).toBe(
      'every LLM failed: anthropic/claude-sonnet-4-6: authentication failed (check the API key) (401): bad key | openai/llama-3.1-8b: server error (500): boom (gave up after 3 attempt(s))',
    );
    expect(fatal).toBeInstanceOf(LlmFatalError);
    expect((fatal as Error).message).toContain('openai/llama-3.1-8b: model or endpoint not found (404): model not found');
  });

  it('can end on the rule-based planner, which needs no network', async () => {
    // Prepare
    server.script({ status: 401, message: 'bad key' });
    const claude = new AnthropicProvider({ apiKey: 'k', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 2_000 });

    // Act
    const attempt = await generatePlan(plannerDepsFor(new FallbackProvider([claude, new RuleBasedProvider()])), planningInput(TASK));

    // Assess
    expect(attempt.llm.provider).toBe('rule-based');
    expect(attempt.llm.failedOver).toHaveLength(1);
  });

  it('is what the environment configures: Claude first, then the local server, each loaded on its first call', async () => {
    // Prepare
    const { llm } = loadConfig({
      CAIRN_LLM_PROVIDER: 'anthropic',
      ANTHROPIC_API_KEY: 'sk-ant-from-env',
      ANTHROPIC_BASE_URL: server.anthropicBaseURL,
      CAIRN_OPENAI_BASE_URL: server.openaiBaseURL,
      CAIRN_OPENAI_MODEL: 'llama-3.1-8b',
      CAIRN_LLM_FALLBACK: 'openai',
      CAIRN_LLM_TIMEOUT_MS: '2000',
    });
    server.script({ status: 403, type: 'permission_error', message: 'model not enabled for this key' });

    // Act
    const attempt = await generatePlan(plannerDepsFor(createLlmProvider(llm)), planningInput(TASK));

    // Assess
    expect(server.requests.map((r) => [r.api, r.body.model])).toEqual([
      ['anthropic', 'claude-sonnet-4-6'],
      ['openai', 'llama-3.1-8b'],
    ]);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-ant-from-env');
    expect(attempt.llm).toMatchObject({
      provider: 'openai',
      failedOver: ['anthropic/claude-sonnet-4-6: permission denied (403): model not enabled for this key'],
    });
  });
});
