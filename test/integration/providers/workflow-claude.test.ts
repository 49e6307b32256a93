/**
 * The whole workflow (infra/workflow.asl.json run by the local runner, DynamoDB Local) with Claude
 * as its LLM: the real Anthropic SDK behind the retry layer, pointed at the loopback server. The
 * loopback "model" is the rule-based planner answering what it is sent; each test scripts the
 * answers it needs to go wrong.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../cli/local-runner.js';
import { AnthropicProvider } from '../../../functions/adapters/llm/anthropic/provider.js';
import { RetryingProvider } from '../../../functions/adapters/llm/resilient/retry.js';
import type { PlanRecord, TraceEvent } from '../../../functions/core/types.js';
import { type AnswerFault, faultyAnswer, goodPlanFor } from '../../support/llm-loopback/faults.js';
import { recordingPolicy } from '../../support/llm-loopback/harness.js';
import { intentOf, ruleBasedModel } from '../../support/llm-loopback/rule-based-model.js';
import { LoopbackLlm, type RecordedRequest, type Reply } from '../../support/llm-loopback/server.js';
import { openLocalStack, storedEvents } from '../../support/local-workflow.js';

let server: LoopbackLlm;
let stack: LocalStack;

beforeAll(async () => {
  server = await LoopbackLlm.start(ruleBasedModel);
  const claude = new AnthropicProvider({ apiKey: 'sk-ant-workflow-key', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 5_000 });
  stack = await openLocalStack('claude-workflow', { llm: new RetryingProvider(claude, recordingPolicy()) });
});

beforeEach(() => {
  server.reset(ruleBasedModel);
});

afterAll(async () => {
  await stack?.close();
  await server?.close();
});

/** Answers the planner's plan and repair requests with `fault`, everything else as the rule-based model would. */
function plansGoWrong(fault: AnswerFault, times = Infinity): (request: RecordedRequest) => Promise<Reply> {
  let left = times;
  return async (request) => {
    const intent = intentOf(request);
    if ((intent.kind === 'plan' || intent.kind === 'repair') && left > 0) {
      left -= 1;
      return faultyAnswer(fault, await goodPlanFor(intent.task));
    }
    return ruleBasedModel(request);
  };
}

// An answer is asked through a forced tool too (its short answer's schema): planning is the rest.
const planningRequests = () => server.requests.filter((r) => Array.isArray(r.body.tools) && intentOf(r).kind !== 'answer');
const events = (record: PlanRecord): Promise<TraceEvent[]> => storedEvents(stack, record);

describe('Workflow with Claude: the deployed state machine, the real SDK, the loopback server', () => {
  it('repairs a first plan with a dangling dependency, and accounts every call with its cost', async () => {
    // Prepare
    server.respondWith(plansGoWrong('dangling', 1));

    // Act
    const record = await stack.run({ task: 'Compare the populations of Lyon and Marseille' });

    // Assess
    expect(record.status).toBe('succeeded');
    const attempts = await stack.runtime.store.listAttempts(record.planId);
    expect(attempts.map((a) => [a.kind, a.validation?.valid])).toEqual([
      ['generate', false],
      ['repair', true],
    ]);
    expect(attempts[0]!.validation!.errors.map((e) => e.message)).toContain('step 99 does not exist');
    // The repair turn sent the error back to the model, with the step it names and not the others.
    const repairTurn = planningRequests()[1]!;
    const repairText = JSON.stringify(repairTurn.body.messages);
    expect(repairText).toContain('step 99 does not exist');
    expect(repairText).toContain('The steps the errors name:');
    expect(repairText).not.toContain('"type\\":\\"vector_search\\",\\"parameters');
    const calls = record.metadata!.llmCalls;
    // The analysis came in the plan's own call: no call of its own.
    expect(calls.slice(0, 2).map((c) => [c.purpose, c.provider, c.model, c.attempts])).toEqual([
      ['plan', 'anthropic', 'claude-sonnet-4-6', 1],
      ['repair', 'anthropic', 'claude-sonnet-4-6', 1],
    ]);
    expect(calls.every((c) => typeof c.costUsd === 'number' && c.costUsd > 0)).toBe(true);
    expect(record.metadata!.costUsd).toBeCloseTo(
      calls.reduce((n, c) => n + c.costUsd!, 0),
      6,
    );
    expect(record.metadata).toMatchObject({ provider: 'anthropic', model: 'claude-sonnet-4-6', source: 'anthropic', iterations: 2 });
    // The plan and repair requests share the cached prefix (the tool and the system prompt): written once, then read.
    expect(calls[1]!.cacheReadTokens).toBeGreaterThan(100);
    expect(calls[1]!.cacheReadTokens).toBe(calls[0]!.cacheWriteTokens);
    const traced = (await events(record)).filter((e) => e.type === 'llm.call');
    expect(traced.map((e) => e.data?.purpose)).toEqual(calls.map((c) => c.purpose));
    expect(traced[0]!.data).toMatchObject({ provider: 'anthropic', costUsd: calls[0]!.costUsd });
    expect(JSON.stringify(await events(record))).not.toContain('sk-ant-workflow-key');
  });

  it('fails after the configured iterations when no valid plan ever comes, every attempt in the trace and nothing executed', async () => {
    // Prepare
    server.respondWith(plansGoWrong('wrong-enum'));

    // Act
    const record = await stack.run({ task: 'What are the top 3 sources of electricity in France?', options: { maxIterations: 4 } });

    // Assess
    expect(record.status).toBe('failed');
    expect(record.error).toMatchObject({ name: 'PlanningFailedError', phase: 'validating' });
    expect(record.error!.message).toMatch(/^no valid plan after 4 attempt\(s\); 1 error\(s\) remain, first: plan\.0\.type: must be one of \[/);
    const trace = await events(record);
    expect(trace.filter((e) => e.type === 'validation.completed').map((e) => e.data?.valid)).toEqual([false, false, false, false]);
    const rejected = trace.find((e) => e.type === 'plan.rejected')!;
    expect((rejected.data!.history as unknown[]).length).toBe(4);
    expect(trace.some((e) => e.type === 'step.started')).toBe(false);
    expect(planningRequests()).toHaveLength(4);
  });

  it('serves a repeat from the plan cache: no planning request, and the trace says source cache', async () => {
    // Prepare
    const task = 'Which river flows through the city where the Lumière brothers patented the cinematograph?';
    const first = await stack.run({ task });
    const before = planningRequests().length;

    // Act
    const repeat = await stack.run({ task: `  which RIVER flows through the city where the Lumière brothers patented the cinematograph? ` });

    // Assess
    expect(first.status).toBe('succeeded');
    expect(before).toBe(1);
    expect(first.analysis).toMatchObject({ task_kind: 'bridge' });
    expect(repeat.analysis).toEqual(first.analysis);
    expect(repeat.status).toBe('succeeded');
    expect(planningRequests()).toHaveLength(before);
    expect(repeat.plan).toEqual(first.plan);
    expect(repeat.metadata).toMatchObject({ source: 'cache', cache: { hit: true, fromPlanId: first.planId } });
    expect(repeat.metadata!.llmCalls.filter((c) => c.purpose === 'plan' || c.purpose === 'analysis')).toEqual([]);
    const trace = await events(repeat);
    expect(trace.find((e) => e.type === 'plan.cache_hit')!.data).toMatchObject({ fromPlanId: first.planId, source: 'cache', provider: 'anthropic' });
    expect(trace.find((e) => e.type === 'plan.generated')!.data).toMatchObject({ source: 'cache' });
    expect(trace.find((e) => e.type === 'analysis.completed')!.data).toMatchObject({ source: 'cache' });
  });

  it('does not look up the cache when the request says cache: false', async () => {
    // Prepare
    const task = 'What is a bouchon?';
    await stack.run({ task });
    const before = planningRequests().length;

    // Act
    const again = await stack.run({ task, options: { cache: false } });

    // Assess
    expect(again.status).toBe('succeeded');
    expect(planningRequests().length).toBe(before + 1);
    expect(again.metadata!.source).toBe('anthropic');
  });

  it('stops at the request’s LLM-call budget before the call is made, and fails with that reason', async () => {
    // Prepare
    server.respondWith(plansGoWrong('cycle', 1));

    // Act
    const record = await stack.run({ task: 'Compare the rivers of Lyon and Grenoble', options: { maxLlmCalls: 1 } });

    // Assess
    expect(record.status).toBe('failed');
    expect(record.error).toMatchObject({
      name: 'BudgetExceededError',
      phase: 'repairing',
      message: 'budget maxLlmCalls 1 reached: 1 LLM call(s) made; the repair call was not made',
    });
    expect(planningRequests()).toHaveLength(1);
    const failed = (await events(record)).find((e) => e.type === 'plan.failed')!;
    expect(failed.data).toMatchObject({ error: 'BudgetExceededError' });
  });

  it('fails a refusal at once with a clear reason, the refused call traced, nothing executed', async () => {
    // Prepare
    server.respondWith(plansGoWrong('refusal'));

    // Act
    const record = await stack.run({ task: 'Compare the museums of Lyon and Marseille' });

    // Assess
    expect(record.status).toBe('failed');
    expect(record.error).toMatchObject({ name: 'LlmRefusalError', message: 'anthropic/claude-sonnet-4-6 refused the plan request (stop_reason refusal)' });
    const trace = await events(record);
    expect(trace.filter((e) => e.type === 'llm.call').map((e) => [e.data?.purpose, e.data?.stopReason])).toEqual([['plan', 'refusal']]);
    expect(trace.some((e) => e.type === 'step.started')).toBe(false);
  });

  it('fails on a rejected key with one line, and makes no second request', async () => {
    // Prepare
    server.script({ status: 401, type: 'authentication_error', message: 'invalid x-api-key' });

    // Act
    const record = await stack.run({ task: 'Describe the bridges of Lyon' });

    // Assess
    expect(record.status).toBe('failed');
    expect(record.error).toMatchObject({
      name: 'LlmFatalError',
      phase: 'planning',
      message: 'anthropic/claude-sonnet-4-6: authentication failed (check the API key) (401): invalid x-api-key',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('asks a one-sentence task’s analysis in its plan call: two model calls, the first before any step', async () => {
    // Act
    const record = await stack.run({ task: 'Which river flows through Toulouse?', options: { cache: false } });

    // Assess
    expect(record.status).toBe('succeeded');
    expect(record.metadata!.llmCalls.map((c) => c.purpose)).toEqual(['plan', 'answer']);
    expect(record.analysis).toMatchObject({ task_kind: 'lookup' });
    const trace = await events(record);
    const analysed = trace.find((e) => e.type === 'analysis.completed')!;
    expect(analysed).toMatchObject({ phase: 'planning', data: { withPlan: true, issues: [] } });
    expect(trace.findIndex((e) => e.type === 'analysis.completed')).toBeLessThan(trace.findIndex((e) => e.type === 'step.started'));
    const user = (planningRequests()[0]!.body.messages as Array<{ content: string }>)[0]!.content;
    expect(user).toContain('then give {"analysis": {complexity: simple|moderate|complex');
  });

  it('asks the analysis of a task with context on its own, and sizes the plan prompt to the types it suggests', async () => {
    // Act
    const record = await stack.run({
      task: 'What does the interview say about cycling?',
      context: 'The interview is interview-lyon-mobility.mp3.',
      options: { cache: false },
    });

    // Assess
    expect(record.metadata!.llmCalls.map((c) => c.purpose).slice(0, 2)).toEqual(['analysis', 'plan']);
    const [analysis, plan] = planningRequests();
    expect((analysis!.body.tool_choice as { name: string }).name).toBe('submit_task_analysis');
    const system = String((plan!.body.system as Array<{ text: string }>)[0]!.text);
    for (const type of record.analysis!.suggested_step_types) expect(system).toMatch(new RegExp(`^${type} \\{`, 'm'));
    expect((plan!.body.messages as Array<{ content: string }>)[0]!.content).toContain('Analysis: {');
  });

  it('renders the request’s own plan template', async () => {
    // Act
    const record = await stack.run({
      task: 'Compare the parks of Lyon and Nice',
      options: { analyze: false, promptTemplates: { plan: 'Plan the task below for a French audience.\n\nTask: {{task}}\n\nUse at most {{maxSteps}} steps.' } },
    });

    // Assess
    expect(record.status).toBe('succeeded');
    const user = (planningRequests()[0]!.body.messages as Array<{ content: string }>)[0]!.content;
    expect(user).toBe('Plan the task below for a French audience.\n\nTask: Compare the parks of Lyon and Nice\n\nUse at most 20 steps.');
  });
});
