/**
 * The short answer and the relevance rule with a model: the real Anthropic SDK and the
 * OpenAI-compatible client behind the local workflow, pointed at the loopback server, over the
 * sample corpus. The loopback "model" answers what it is sent as the rule-based planner would,
 * through the structured channel the request offers; a test scripts the answer it needs to claim
 * what the evidence does not say.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../cli/local-runner.js';
import { AnthropicProvider } from '../../../functions/adapters/llm/anthropic/provider.js';
import { OpenAiCompatibleProvider } from '../../../functions/adapters/llm/openai-compatible/provider.js';
import { intentOf, ruleBasedModel } from '../../support/llm-loopback/rule-based-model.js';
import { LoopbackLlm, type RecordedRequest, type Reply } from '../../support/llm-loopback/server.js';
import { openLocalStack } from '../../support/local-workflow.js';

let server: LoopbackLlm;
let claude: LocalStack;
let openai: LocalStack;

beforeAll(async () => {
  server = await LoopbackLlm.start(ruleBasedModel);
  claude = await openLocalStack('answer-claude', {
    llm: new AnthropicProvider({ apiKey: 'sk-ant-answer-key', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 5_000 }),
  });
  openai = await openLocalStack('answer-openai', {
    llm: new OpenAiCompatibleProvider({ baseURL: server.openaiBaseURL, model: 'qwen2.5-7b-instruct', timeoutMs: 5_000 }),
  });
});

beforeEach(() => {
  server.reset(ruleBasedModel);
});

afterAll(async () => {
  await claude?.close();
  await openai?.close();
  await server?.close();
});

/** The requests that asked for an answer from sources. */
const answerRequests = () => server.requests.filter((r) => intentOf(r).kind === 'answer');

describe('Short answers from a model, judged by the one relevance rule', () => {
  it('asks Claude for the short answer in its forced tool, and puts it first in the results', async () => {
    // Act
    const record = await claude.run({ task: 'Which river flows through Toulouse?', options: { cache: false } });

    // Assess
    expect(record.status).toBe('succeeded');
    expect(record.results).toMatchObject({ shortAnswer: 'Garonne', refused: false, citations: ['toulouse'] });
    expect(record.results?.sources.map((s) => s.id)).toEqual(['toulouse']);
    expect(record.results?.alsoRetrieved?.length).toBeGreaterThan(0);
    const tools = answerRequests()[0]!.body.tools as Array<{ input_schema: { properties: Record<string, unknown>; required?: string[] } }>;
    expect(Object.keys(tools[0]!.input_schema.properties)).toEqual(['reasoning', 'shortAnswer', 'answer']);
  });

  it('asks an OpenAI-compatible model through its JSON response format, and compares with both figures', async () => {
    // Act
    const record = await openai.run({ task: 'Compare the populations of Lyon and Marseille', options: { cache: false } });

    // Assess
    expect(record.results?.shortAnswer).toBe('Marseille: about 873,000 (2020), against about 522,000 (2020) for Lyon');
    expect(record.results?.sources.map((s) => s.id).sort()).toEqual(['lyon', 'marseille']);
    const format = answerRequests()[0]!.body.response_format as { json_schema: { schema: { properties: Record<string, unknown> } } };
    expect(format.json_schema.schema.properties).toHaveProperty('shortAnswer');
  });

  it('refuses a model answer whose short answer no passage says, citing nothing', async () => {
    // Prepare: the model claims a river the corpus never names for Toulouse, citing the Toulouse passage.
    server.respondWith(async (request: RecordedRequest): Promise<Reply> => {
      if (intentOf(request).kind !== 'answer') return ruleBasedModel(request);
      return { tool: { shortAnswer: 'the Loire', answer: 'The Loire flows through Toulouse. [toulouse]' } };
    });

    // Act
    const record = await claude.run({ task: 'Which river flows through Toulouse?', options: { cache: false } });

    // Assess
    expect(record.results).toMatchObject({ shortAnswer: null, refused: true, citations: [], sources: [] });
    expect(record.results?.answer).toBe('The corpus does not answer this: no retrieved passage says "the Loire".');
  });

  it('refuses a near miss before asking the model, and lists what was retrieved apart, unused', async () => {
    // Act
    const record = await claude.run({ task: 'What museums opened in Marseille in 2014?', options: { cache: false } });

    // Assess
    expect(record.results).toMatchObject({ shortAnswer: null, refused: true, citations: [], sources: [] });
    expect(record.results?.alsoRetrieved?.map((s) => s.id)).toContain('lyon-museums');
    expect(record.metadata?.confidence).toBe(0);
  });

  it('answers through a synonym the question uses ("head office") and an inflection ("people live")', async () => {
    // Act
    const maker = await openai.run({ task: 'Which aircraft maker has its head office in Toulouse?', options: { cache: false } });
    const people = await openai.run({ task: 'How many people live in Lyon?', options: { cache: false } });

    // Assess
    expect(maker.results?.shortAnswer).toBe('Airbus');
    expect(people.results?.shortAnswer).toBe('about 522,000 (2020)');
  });
});
