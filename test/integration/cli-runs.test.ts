/**
 * The `cairn` commands that steer and find runs, as a user runs them (a separate process, its exit
 * code and output): request options from `--options`, the `plans` listing with its filters and
 * pages, and the one-line refusals of bad input.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cairnEnvironment, type ProcessRun, runCairn } from '../support/cairn-process.js';
import { ruleBasedModel } from '../support/llm-loopback/rule-based-model.js';
import { LoopbackLlm } from '../support/llm-loopback/server.js';
import { closedPortUrl } from '../support/net.js';
import { tempDir } from '../support/temp-dir.js';

const home = tempDir('cli-runs');

function cairn(args: string[]): Promise<ProcessRun> {
  return runCairn(args, cairnEnvironment(home));
}

interface RunJson {
  planId: string;
  status: string;
  analysis: unknown;
  metadata: { llmCalls: Array<{ purpose: string }>; cost?: Record<string, unknown> } | null;
  error: { message: string } | null;
}

describe('cairn run --options', () => {
  it('takes the request options as JSON, as POST /plans does: no analysis, and a budget of model calls', async () => {
    // Act
    const plain = await cairn(['run', 'Compare the populations of Lyon and Marseille', '--json']);
    const unanalysed = await cairn(['run', 'Compare the populations of Lyon and Marseille', '--json', '--options', '{"analyze":false}']);
    const budgeted = await cairn(['run', 'Compare the populations of Lyon and Marseille', '--json', '--options', '{"maxLlmCalls":1}']);

    // Assess
    const [p, u, b] = [plain, unanalysed, budgeted].map((r) => JSON.parse(r.stdout) as RunJson) as [RunJson, RunJson, RunJson];
    expect(plain.code).toBe(0);
    expect(p.analysis).not.toBeNull();
    expect(unanalysed.code).toBe(0);
    expect(u.analysis).toBeNull();
    expect(u.metadata?.llmCalls.map((c) => c.purpose)).not.toContain('analysis');
    expect(p.metadata?.llmCalls.length).toBeGreaterThan(1);
    expect(b.metadata?.llmCalls.length).toBeLessThanOrEqual(1);
  });

  it.each([
    ['options that are not JSON', ['run', 'Lyon', '--options', '{maxLlmCalls: 2}'], /^cairn: --options is not valid JSON: /],
    ['options that are not an object', ['plan', 'Lyon', '--options', '[1]'], /^cairn: --options must be a JSON object/],
    ['an option out of the request schema', ['run', 'Lyon', '--options', '{"maxLlmCalls":0}'], /^cairn: invalid request: options\.maxLlmCalls: must be >= 1$/],
    ['an unknown option', ['run', 'Lyon', '--options', '{"maxLLMCalls":2}'], /^cairn: invalid request: options: .*maxLLMCalls/],
    ['an unknown status filter', ['plans', '--status', 'done'], /^cairn: --status must be one of received, /],
    ['a limit of 0', ['plans', '--limit', '0'], /^cairn: --limit must be an integer from 1 to 200; got "0"$/],
    ['a limit of 10,000', ['plans', '--limit', '10000'], /^cairn: --limit must be an integer from 1 to 200; got "10000"$/],
    ['a malformed cursor', ['plans', '--next', 'xyz'], /^cairn: --next is not a cursor this API gave/],
  ])('refuses %s with one line naming it and exit 1', async (_label, args, message) => {
    // Act
    const run = await cairn(args);

    // Assess
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr.trim()).toMatch(message);
  });
});

describe('cairn plans', () => {
  it('lists the runs newest first, filters them, and prints the command of the next page', async () => {
    // Prepare
    const first = JSON.parse((await cairn(['run', 'What are the top 3 sources of electricity in France?', '--json'])).stdout) as RunJson;
    const second = JSON.parse((await cairn(['run', 'Compare the populations of Lyon and Toulouse', '--json'])).stdout) as RunJson;

    // Act
    const all = await cairn(['plans', '--json']);
    const topN = await cairn(['plans', '--kind', 'top_n', '--json']);
    const text = await cairn(['plans', '--text', 'toulouse', '--json']);
    const failed = await cairn(['plans', '--status', 'failed', '--json']);
    const paged = await cairn(['plans', '--limit', '1']);

    // Assess
    const ids = (r: ProcessRun) => (JSON.parse(r.stdout) as { plans: Array<{ planId: string }> }).plans.map((p) => p.planId);
    expect(all.code).toBe(0);
    expect(ids(all).slice(0, 2)).toEqual([second.planId, first.planId]);
    expect(ids(topN)).toEqual([first.planId]);
    expect(ids(text)).toEqual([second.planId]);
    expect(ids(failed)).not.toContain(first.planId);
    expect(paged.stdout).toContain(second.planId);
    const next = /^older: npm start -- (plans --limit 1 --next \S+)$/m.exec(paged.stdout)?.[1];
    expect(next).toBeDefined();
    // The printed command works as printed: the next page holds the run before.
    const page2 = await cairn(next!.split(' '));
    expect(page2.code).toBe(0);
    expect(page2.stdout).toContain(first.planId);
    expect(page2.stdout).not.toContain(second.planId);
  });
});

describe('cairn run with a fallback', () => {
  it('names the provider and model that answered each call, not the one that failed, in the summary and the trace', async () => {
    // Prepare: an OpenAI-compatible server that refuses every connection, the rule-based planner behind it
    const env = cairnEnvironment(home, { CAIRN_OPENAI_BASE_URL: `${await closedPortUrl()}/v1`, CAIRN_LLM_FALLBACK: 'rule-based' });

    // Act
    const run = await runCairn(['run', 'Compare the populations of Lyon and Marseille'], env);
    const planId = /^Plan (p-\S+) succeeded/m.exec(run.stdout)?.[1];
    const trace = await runCairn(['trace', String(planId)], env);

    // Assess
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Plan: \d+ steps, valid on attempt 1, source rule-based$/m);
    // Every call fell back: as many as the run made.
    const count = /^LLM: rule-based\/cairn-rules-v1 \((\d+) call\(s\) fell back after openai\/gpt-4\.1-mini failed\), (\d+) calls, /m.exec(run.stdout);
    expect(count?.[1]).toBeDefined();
    expect(count?.[1]).toBe(count?.[2]);
    const calls = trace.stdout.split('\n').filter((line) => /\sllm\.call\s/.test(line));
    expect(calls).toHaveLength(Number(count?.[1]));
    expect(calls.length).toBeGreaterThan(0);
    for (const line of calls) expect(line).toMatch(/via rule-based\/cairn-rules-v1: .*, after openai\/gpt-4\.1-mini failed$/);
  }, 60_000);
});

describe('cairn run: what a plan cost', () => {
  let server: LoopbackLlm | undefined;
  afterAll(async () => server?.close());

  it('gives metadata.cost with the priced model calls and the AWS estimate, summed, and prints it in the run and the trace', async () => {
    // Prepare: an OpenAI-compatible server on this machine answering as gpt-4.1-mini, a model with a price.
    server = await LoopbackLlm.start(ruleBasedModel);
    const env = cairnEnvironment(home, { CAIRN_OPENAI_BASE_URL: server.openaiBaseURL, CAIRN_OPENAI_MODEL: 'gpt-4.1-mini' });

    // Act
    const run = await runCairn(['run', 'Compare the populations of Lyon and Marseille', '--json'], env);
    const json = JSON.parse(run.stdout) as RunJson & { metadata: { cost: { usd: number; llmUsd: number; awsUsd: number; aws: Record<string, number> } } };
    const text = await runCairn(['trace', json.planId], env);

    // Assess
    expect(run.code).toBe(0);
    const cost = json.metadata.cost;
    expect(cost.llmUsd).toBeGreaterThan(0);
    expect(cost.awsUsd).toBeGreaterThan(0);
    expect(cost.usd).toBeCloseTo(cost.llmUsd + cost.awsUsd, 8);
    expect(cost.aws.stateTransitions).toBeGreaterThanOrEqual(8);
    expect(text.stdout).toMatch(
      new RegExp(`^Cost: \\$${cost.usd.toFixed(6).replace('.', '\\.')} = LLM \\$[0-9.]+ \\+ AWS \\$[0-9.]+ \\(estimate, standard workflow: `, 'm'),
    );
  }, 60_000);
});
