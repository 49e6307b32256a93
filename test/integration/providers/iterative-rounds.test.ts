/**
 * Iterative mode with a real model's wire format: the whole workflow (local state machine,
 * DynamoDB Local) with Claude through the real Anthropic SDK, and with an OpenAI-compatible
 * server through the fetch client, both pointed at the loopback server. Between rounds the
 * planner is sent the conversation so far: each earlier round's plan as a call of the structured
 * output tool and that round's results as its tool result. The loopback server refuses a tool
 * call left without its result (as the real APIs do), so a plan that succeeds kept every pair.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../cli/local-runner.js';
import { AnthropicProvider } from '../../../functions/adapters/llm/anthropic/provider.js';
import { OpenAiCompatibleProvider } from '../../../functions/adapters/llm/openai-compatible/provider.js';
import { RetryingProvider } from '../../../functions/adapters/llm/resilient/retry.js';
import { RESULT_LIMITS } from '../../../functions/core/planner/rounds.js';
import { recordingPolicy } from '../../support/llm-loopback/harness.js';
import { ruleBasedModel } from '../../support/llm-loopback/rule-based-model.js';
import { LoopbackLlm, type RecordedRequest } from '../../support/llm-loopback/server.js';
import { openLocalStack } from '../../support/local-workflow.js';
import { tempDir } from '../../support/temp-dir.js';

/**
 * A corpus of its own where each film's passage names three of its crew beside the question's
 * word "film", and fillers sharing the question's words rank above the crew's own passages: round 1
 * leaves six leads, round 2 looks up four (the rule-based planner's most), so the planner is asked
 * again after round 2 and is shown the conversation of both rounds.
 */
const CREW = [
  {
    id: 'harbour-lights',
    title: 'Harbour Lights',
    text: 'Harbour Lights is a film directed by Orla Venn, a film scored by Ivo Pell and a film cut by Una Rask.',
  },
  { id: 'tin-kettle', title: 'The Tin Kettle', text: 'The Tin Kettle is a film directed by Marek Dorr, a film scored by Cal Brin and a film cut by Ede Moss.' },
  ...['Orla Venn', 'Ivo Pell', 'Una Rask', 'Marek Dorr', 'Cal Brin', 'Ede Moss'].map((name, i) => ({
    id: name.toLowerCase().replace(' ', '-'),
    title: name,
    text: `${name} (born 19${20 + i}) grew up in Lusk.`,
  })),
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ id: `filler-${n}`, title: `Filler ${n}`, text: `Filler ${n}: a film director born later than the film.` })),
];
const TASK = 'Which film has the director who was born later, Harbour Lights or The Tin Kettle?';
const request = (corpus: string) => ({ task: TASK, corpus, options: { mode: 'iterative' as const, cache: false } });

let server: LoopbackLlm;
let claude: LocalStack;
let openai: LocalStack;
let corpus: string;

beforeAll(async () => {
  server = await LoopbackLlm.start(ruleBasedModel);
  const anthropic = new AnthropicProvider({ apiKey: 'sk-ant-rounds', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 5_000 });
  const local = new OpenAiCompatibleProvider({ baseURL: server.openaiBaseURL, model: 'qwen2.5-7b-instruct', timeoutMs: 5_000 });
  claude = await openLocalStack('rounds-claude', { llm: new RetryingProvider(anthropic, recordingPolicy()) });
  openai = await openLocalStack('rounds-openai', { llm: new RetryingProvider(local, recordingPolicy()) });
  corpus = join(tempDir('rounds'), 'crew.jsonl');
  writeFileSync(corpus, `${CREW.map((d) => JSON.stringify(d)).join('\n')}\n`);
});

beforeEach(() => {
  server.reset(ruleBasedModel);
});

afterAll(async () => {
  await claude?.close();
  await openai?.close();
  await server?.close();
});

type Message = { role: string; content?: unknown; tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>; tool_call_id?: string };
const messagesOf = (r: RecordedRequest) => r.body.messages as Message[];
const blocksOf = (m: Message) => (Array.isArray(m.content) ? (m.content as Array<Record<string, unknown>>) : []);

describe('Iterative mode over the wire: results in the prompt, tool calls paired with their results', () => {
  it('sends Claude each round as a tool_use answered by a tool_result holding the bounded results', async () => {
    // Act
    const record = await claude.run(request(corpus));

    // Assess
    expect(record.status).toBe('succeeded');
    expect(record.rounds!.rounds).toHaveLength(2);
    const lookBacks = server.requests.filter((r) => r.api === 'anthropic' && messagesOf(r).length > 1);
    expect(lookBacks).toHaveLength(2);
    const [afterRound1, afterRound2] = lookBacks.map(messagesOf);
    expect(afterRound1!.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(afterRound2!.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    const tool = (lookBacks[1]!.body.tools as Array<{ name: string }>)[0]!.name;
    for (const [i, id] of ['round_1', 'round_2'].entries()) {
      const use = blocksOf(afterRound2![1 + 2 * i]!)[0]!;
      const result = blocksOf(afterRound2![2 + 2 * i]!)[0]!;
      // The earlier call names the tool this request offers, and its result comes first in the next turn.
      expect(use).toMatchObject({ type: 'tool_use', id, name: tool });
      expect(result).toMatchObject({ type: 'tool_result', tool_use_id: id });
    }
    // Round 1's results: each step by id, name and args, documents cut to id, title and a snippet.
    const results = String(blocksOf(afterRound1![2]!)[0]!.content);
    const payload = JSON.parse(results.split('\n\n')[0]!) as {
      round: number;
      results: Array<{ step_id: number; name: string; result: Record<string, unknown> }>;
    };
    expect(payload.round).toBe(1);
    expect(payload.results.map((r) => r.step_id)).toEqual(record.rounds!.rounds[0]!.stepIds);
    // A comparison's twelve steps pass the results' size limit: the oldest keep their document ids only.
    const searches = payload.results.filter((r) => r.name === 'keyword_search');
    expect(searches.some((r) => Array.isArray(r.result.document_ids))).toBe(true);
    const search = searches.find((r) => Array.isArray(r.result.documents))!;
    const docs = search.result.documents as Array<{ id: string; snippet: string }>;
    expect(docs.length).toBeLessThanOrEqual(RESULT_LIMITS.documents);
    expect(docs.every((d) => d.snippet.length <= RESULT_LIMITS.snippetChars)).toBe(true);
    expect(results).toMatch(/Round 2 of at most 5/);
    // The planner is told what round 1 left uncovered: the crew the films' passages name.
    expect(results).toMatch(
      /Left uncovered: round 1 left 6 documents its passages name and it did not rank: Orla Venn \(named in harbour-lights beside "film"\)/,
    );
  });

  it('sends an OpenAI-compatible server each round as an assistant tool call answered by a tool message', async () => {
    // Act
    const record = await openai.run(request(corpus));

    // Assess
    expect(record.status).toBe('succeeded');
    expect(record.rounds!.rounds).toHaveLength(2);
    const lookBacks = server.requests.filter((r) => r.api === 'openai' && messagesOf(r).some((m) => m.role === 'tool'));
    expect(lookBacks).toHaveLength(2);
    const last = lookBacks[1]!;
    const messages = messagesOf(last).filter((m) => m.role !== 'system');
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool']);
    const format = (last.body.response_format as { json_schema: { name: string } }).json_schema.name;
    expect(last.body.tools).toEqual([expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: format }) })]);
    expect(last.body.tool_choice).toBe('none');
    for (const [i, id] of ['round_1', 'round_2'].entries()) {
      expect(messages[1 + 2 * i]!.tool_calls).toEqual([expect.objectContaining({ id, function: expect.objectContaining({ name: format }) })]);
      expect(messages[2 + 2 * i]!.tool_call_id).toBe(id);
    }
    // The plan the assistant "called" with is round 1's steps, as they ran.
    const firstCall = JSON.parse(messages[1]!.tool_calls![0]!.function.arguments) as { plan: Array<{ step_id: number }> };
    expect(firstCall.plan.map((s) => s.step_id)).toEqual(record.rounds!.rounds[0]!.stepIds);
  });

  it('is refused by the server when a tool call is left without its result (the check the runs above passed)', async () => {
    // Act: a conversation whose assistant tool call is followed by a plain user turn.
    const response = await fetch(`${server.openaiBaseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
      body: JSON.stringify({
        model: 'm',
        messages: [
          { role: 'user', content: 'plan' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'round_1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
          { role: 'user', content: 'results' },
        ],
      }),
    });

    // Assess
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(/round_1/);
  });
});
