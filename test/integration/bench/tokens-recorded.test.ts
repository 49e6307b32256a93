/**
 * The token bench's phase mapping and counting on requests Cairn really sends: the local workflow
 * on Claude (the real Anthropic SDK) against the loopback server, as bench/tokens.ts runs it, so a
 * change of the planner's or the answerer's prompts that the mapping no longer reads fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPromptsOf, cachedPrefix, cairnPhaseOf, MIN_CACHEABLE_TOKENS, WireCounter } from '../../../bench/tokens-count.js';
import type { LocalStack } from '../../../cli/local-runner.js';
import { AnthropicProvider } from '../../../functions/adapters/llm/anthropic/provider.js';
import { sentText } from '../../../functions/adapters/llm/sent-text.js';
import { tokenCounter } from '../../../functions/core/llm/token-count.js';
import { ruleBasedModel } from '../../support/llm-loopback/rule-based-model.js';
import { LoopbackLlm, type RecordedRequest } from '../../support/llm-loopback/server.js';
import { openLocalStack } from '../../support/local-workflow.js';

let server: LoopbackLlm;
let stack: LocalStack;

beforeAll(async () => {
  server = await LoopbackLlm.start(ruleBasedModel);
  const claude = new AnthropicProvider({ apiKey: 'sk-ant-bench-test', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 5_000 });
  stack = await openLocalStack('bench-tokens', { llm: claude });
});

afterAll(async () => {
  await stack?.close();
  await server?.close();
});

/** One task through the workflow: its requests as the server recorded them, and its answer step's prompts. */
async function run(task: string): Promise<{ requests: RecordedRequest[]; answerPrompts: string[] }> {
  const before = server.requests.length;
  const record = await stack.run({ task });
  expect(record.status).toBe('succeeded');
  return { requests: server.requests.slice(before), answerPrompts: answerPromptsOf(record.plan) };
}

describe('bench:tokens on the requests of a real run', () => {
  it('gives every call its phase, counts each answer from its recorded body, and the planner prefix, the same for both, as input under Claude’s minimum', async () => {
    // Prepare
    const counter = await tokenCounter();
    const wire = new WireCounter(counter);

    // Act
    const runs = [await run('Compare the populations of Lyon and Marseille'), await run('Compare the rivers of Lyon and Paris')];
    const counted = runs.map(({ requests, answerPrompts }) =>
      requests.map((r) => ({ phase: cairnPhaseOf(r, answerPrompts), tokens: wire.count(r), answered: r.response !== undefined, body: r.body })),
    );

    // Assess: the analysis comes in the plan's call.
    for (const calls of counted) {
      expect(calls.map((c) => c.phase)).toEqual(['plan', 'answer']);
      expect(calls.every((c) => c.answered && c.tokens.outputTokens > 0 && c.tokens.inputTokens > 0)).toBe(true);
    }
    const plans = counted.map((calls) => calls.find((c) => c.phase === 'plan')!);
    // Both tasks are planned with the same step types: one prefix, marked, too short for Claude to cache.
    expect(cachedPrefix(plans[0]!.body)).toEqual(cachedPrefix(plans[1]!.body));
    expect(counter.count(sentText('anthropic', cachedPrefix(plans[0]!.body)!))).toBeLessThan(MIN_CACHEABLE_TOKENS);
    expect(plans.map((p) => [p.tokens.cacheWriteTokens, p.tokens.cacheReadTokens])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
