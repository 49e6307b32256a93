import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FallbackProvider } from '../../../functions/adapters/llm/resilient/fallback.js';
import { RetryingProvider } from '../../../functions/adapters/llm/resilient/retry.js';
import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import { createLlmProvider } from '../../../functions/adapters/llm/select-provider.js';
import { ConfigError } from '../../../functions/core/errors.js';
import { loadConfig } from '../../../functions/shared/config.js';
import { llmRequest } from '../../support/llm.js';

const KEY = 'sk-ant-api03-secret-value';

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('Function: loadConfig, LLM settings', () => {
  it('uses the rule-based planner when nothing is set, with the default token budgets, the cache and two examples', () => {
    // Act
    const { llm, planner } = loadConfig({});

    // Assess
    expect(llm).toMatchObject({
      primary: { provider: 'rule-based', model: 'cairn-rules-v1' },
      fallback: [],
      timeoutMs: 60_000,
      maxAttempts: 3,
      structured: true,
      prices: {},
    });
    expect(planner).toEqual({ tokenBudgets: { analysis: 1024, plan: 4096, answer: 1024 }, planCache: true, fewShotExamples: 2 });
  });

  it('uses Claude when ANTHROPIC_API_KEY is set, with the model and base URL given', () => {
    // Act
    const { llm } = loadConfig({ ANTHROPIC_API_KEY: KEY, CAIRN_ANTHROPIC_MODEL: 'claude-haiku-4-5', ANTHROPIC_BASE_URL: 'https://proxy.internal/anthropic' });

    // Assess
    expect(llm.primary).toEqual({ provider: 'anthropic', model: 'claude-haiku-4-5' });
    expect(llm.anthropic.baseURL).toBe('https://proxy.internal/anthropic');
    expect(llm.anthropic.apiKey?.reveal()).toBe(KEY);
  });

  it('uses the OpenAI-compatible server when CAIRN_OPENAI_BASE_URL is set, key or not, even beside an Anthropic key', () => {
    // Act
    const { llm } = loadConfig({ ANTHROPIC_API_KEY: KEY, CAIRN_OPENAI_BASE_URL: 'http://localhost:8080/v1', CAIRN_OPENAI_MODEL: 'qwen2.5-7b-instruct' });

    // Assess
    expect(llm.primary).toEqual({ provider: 'openai', model: 'qwen2.5-7b-instruct' });
    expect(llm.openai).toMatchObject({ baseURL: 'http://localhost:8080/v1', apiKey: undefined });
  });

  it('takes CAIRN_LLM_PROVIDER over what the keys suggest, and reads the fallback list in order', () => {
    // Act
    const { llm } = loadConfig({
      ANTHROPIC_API_KEY: KEY,
      OPENAI_API_KEY: 'sk-openai',
      CAIRN_LLM_PROVIDER: 'openai',
      CAIRN_LLM_FALLBACK: 'anthropic:claude-haiku-4-5, anthropic, rule-based',
    });

    // Assess
    expect(llm.primary).toEqual({ provider: 'openai', model: 'gpt-4.1-mini' });
    expect(llm.fallback).toEqual([
      { provider: 'anthropic', model: 'claude-haiku-4-5' },
      { provider: 'anthropic', model: 'claude-sonnet-4-6' },
      { provider: 'rule-based', model: 'cairn-rules-v1' },
    ]);
  });

  it('lists every problem at once: a provider without its key, unknown names, bad numbers, bad URLs and bad prices', () => {
    // Act
    const message = problems({
      CAIRN_LLM_PROVIDER: 'anthropic',
      CAIRN_LLM_FALLBACK: 'gemini:pro,openai',
      CAIRN_LLM_TIMEOUT_MS: '600000',
      CAIRN_LLM_MAX_ATTEMPTS: '0',
      ANTHROPIC_BASE_URL: 'api.anthropic.com',
      CAIRN_LLM_PRICES: '{"m": {"input": "cheap"}}',
    });

    // Assess
    expect(message).toBe(
      'invalid configuration: ' +
        [
          'ANTHROPIC_BASE_URL must be an http(s) URL, got "api.anthropic.com"',
          'CAIRN_LLM_FALLBACK entry "gemini:pro" must name one of rule-based, anthropic, openai, got "gemini"',
          'the anthropic provider needs ANTHROPIC_API_KEY or CAIRN_LLM_SECRET_ARN',
          'the openai provider needs OPENAI_API_KEY for https://api.openai.com/v1 (a local server set in CAIRN_OPENAI_BASE_URL needs none)',
          'CAIRN_LLM_TIMEOUT_MS must be an integer from 100 to 110000, got "600000"',
          'CAIRN_LLM_MAX_ATTEMPTS must be an integer from 1 to 10, got "0"',
          'CAIRN_LLM_PRICES must be a JSON object of model -> {input, output, cacheRead?, cacheWrite?} in USD per million tokens',
        ].join('; '),
    );
  });

  it('reads prices, budgets, cache and few-shot settings', () => {
    // Act
    const { llm, planner } = loadConfig({
      CAIRN_LLM_PRICES: '{"llama-3.1-70b": {"input": 0.6, "output": 0.8}}',
      CAIRN_PLAN_MAX_TOKENS: '8192',
      CAIRN_ANALYSIS_MAX_TOKENS: '512',
      CAIRN_PLAN_CACHE: 'false',
      CAIRN_FEW_SHOT: '0',
      CAIRN_LLM_STRUCTURED: 'off',
    });

    // Assess
    expect(llm.prices).toEqual({ 'llama-3.1-70b': { input: 0.6, output: 0.8 } });
    expect(llm.structured).toBe(false);
    expect(planner).toEqual({ tokenBudgets: { analysis: 512, plan: 8192, answer: 1024 }, planCache: false, fewShotExamples: 0 });
  });

  it('never prints a key: not as JSON, not through inspect, not as a string', () => {
    // Act
    const config = loadConfig({ ANTHROPIC_API_KEY: KEY, OPENAI_API_KEY: 'sk-openai-secret', CAIRN_LLM_FALLBACK: 'openai' });

    // Assess
    for (const printed of [JSON.stringify(config), inspect(config, { depth: 10 }), String(config.llm.anthropic.apiKey)]) {
      expect(printed).not.toContain(KEY);
      expect(printed).not.toContain('sk-openai-secret');
    }
    expect(JSON.stringify(config.llm.anthropic)).toContain('"apiKey":"[redacted]"');
  });
});

describe('Function: createLlmProvider', () => {
  it('builds the rule-based planner alone when nothing is configured, loaded on its first call, answering as the planner does', async () => {
    // Prepare
    const request = llmRequest({ purpose: 'analysis', maxTokens: 1024, intent: { kind: 'analysis', task: 'List the top 3 highest mountains' } });

    // Act
    const provider = createLlmProvider(loadConfig({}).llm);
    const response = await provider.complete(request);

    // Assess
    expect(provider).toMatchObject({ name: 'rule-based', model: 'cairn-rules-v1', source: 'rule-based' });
    expect(response).toEqual(await new RuleBasedProvider().complete(request));
  });

  it('puts Claude behind its retry layer, and a fallback list behind a FallbackProvider that keeps the first identity', () => {
    // Act
    const single = createLlmProvider(loadConfig({ ANTHROPIC_API_KEY: KEY }).llm);
    const chain = createLlmProvider(loadConfig({ ANTHROPIC_API_KEY: KEY, CAIRN_LLM_FALLBACK: 'rule-based' }).llm);

    // Assess
    expect(single).toBeInstanceOf(RetryingProvider);
    expect([single.name, single.model, single.source]).toEqual(['anthropic', 'claude-sonnet-4-6', 'anthropic']);
    expect(chain).toBeInstanceOf(FallbackProvider);
    expect(chain.name).toBe('anthropic');
  });
});
