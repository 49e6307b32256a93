/**
 * The whole state machine (infra/workflow.asl.json), run locally by aws-local-stepfunctions with the
 * Lambda handlers, against AWS's DynamoDB Local started by the global setup.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../cli/local-runner.js';
import { type DecompositionPlan, PLAN_STATUSES, type PlanRecord, type TraceEvent } from '../../functions/core/types.js';
import { RuleBasedWithOverrides, taskOf, withDanglingDependency } from '../support/llm.js';
import { openLocalStack, storedEvents } from '../support/local-workflow.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * The LLM of these tests: the rule-based provider, except that the first plan of a task starting
 * with "BROKEN" gets a dangling dependency, and a task starting with "HOPELESS" never gets a valid
 * plan. That drives the repair loop through the real workflow.
 */
const scriptedPlanner = new RuleBasedWithOverrides(async (request, rules) => {
  const task = taskOf(request);
  const kind = request.intent.kind;
  if (task.startsWith('HOPELESS') && (kind === 'plan' || kind === 'repair')) {
    return 'Here is my plan: {"plan": [{"step_id": 1, "type": "teleport", "modality": "text", "parameters": {}, "dependencies": [1], "trace": {}}], "traceability": true}';
  }
  if (task.startsWith('BROKEN') && kind === 'plan') return withDanglingDependency((await rules()).text);
  return undefined;
});

let stack: LocalStack;
const work = tempDir('workflow');

beforeAll(async () => {
  stack = await openLocalStack('workflow', { llm: scriptedPlanner });
});

afterAll(async () => {
  await stack?.close();
});

const eventsOf = (record: PlanRecord): Promise<TraceEvent[]> => storedEvents(stack, record);

function statusSequence(events: TraceEvent[]): string[] {
  return events.filter((e) => e.type === 'plan.status').map((e) => String(e.data?.to));
}

describe('Workflow: the deployed state machine, run locally over DynamoDB Local', () => {
  it('plans, executes and traces a comparison with both sides as independent sub-queries', async () => {
    // Act
    const record = await stack.run({ task: 'Compare the populations of Lyon and Marseille' });

    // Assess
    expect(record.status).toBe('succeeded');
    expect(record.analysis?.task_kind).toBe('comparison');
    const plan = record.plan!;
    const searches = plan.plan.filter((s) => s.type === 'keyword_search');
    // Each side, then the whole question as a branch of its own.
    expect(searches.map((s) => s.parameters.query)).toEqual(['Lyon populations', 'Marseille populations', 'Compare the populations of Lyon and Marseille']);
    expect(searches.every((s) => s.dependencies.length === 0)).toBe(true);
    expect(record.results!.sources.slice(0, 2).map((s) => s.id)).toEqual(['lyon', 'marseille']);
    expect(record.results!.coverage).toEqual({ subquery_count: 3, covered_count: 3, coverage_ratio: 1 });
    expect(record.results!.citations).toEqual(expect.arrayContaining(['lyon', 'marseille']));
    const events = await eventsOf(record);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(statusSequence(events)).toEqual(['analyzing', 'planning', 'validating', 'executing', 'finalizing', 'succeeded']);
    const types = new Set(events.map((e) => e.type));
    for (const t of [
      'plan.received',
      'analysis.completed',
      'llm.call',
      'plan.generated',
      'validation.completed',
      'plan.accepted',
      'execution.completed',
      'plan.finalized',
    ] as const) {
      expect(types.has(t), t).toBe(true);
    }
    expect(events.filter((e) => e.type === 'step.completed')).toHaveLength(plan.plan.length);
    const outputs = await stack.runtime.store.listStepOutputs(record.planId);
    expect(outputs.map((o) => o.step_id)).toEqual(plan.plan.map((s) => s.step_id));
  });

  it('reads no plan record during a run: each phase starts from the version the phase before reported', async () => {
    // Prepare: the plan-record reads the runtime's client makes.
    const reads: string[] = [];
    stack.runtime.clients.dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        const key = (args.input as { Key?: { sk?: { S?: string } | string } }).Key?.sk;
        const sk = typeof key === 'string' ? key : key?.S;
        if (context.commandName === 'GetItemCommand' && (sk === 'META' || sk?.startsWith('ATTEMPT#'))) reads.push(sk);
        if (context.commandName === 'QueryCommand')
          reads.push(JSON.stringify((args.input as { ExpressionAttributeValues?: unknown }).ExpressionAttributeValues));
        return next(args);
      },
      { step: 'initialize', name: 'countRecordReads' },
    );

    // Act: a plan repaired once, so Repair and a second Validate run too.
    let record: PlanRecord;
    try {
      record = await stack.run({ task: 'BROKEN Compare the populations of Lyon and Marseille', options: { cache: false } });
    } finally {
      stack.runtime.clients.dynamo.middlewareStack.remove('countRecordReads');
    }

    // Assess: intake wrote the record, and each phase the version the next one starts from; Execute
    // wrote the outputs Finalize ranks. (The plan cache and the example plans are other reads.)
    expect(record.status).toBe('succeeded');
    expect(reads.filter((read) => read === 'META' || read.startsWith('ATTEMPT#') || read.includes('STEP#'))).toEqual([]);
    const events = await eventsOf(record);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(statusSequence(events)).toEqual(['analyzing', 'planning', 'validating', 'repairing', 'validating', 'executing', 'finalizing', 'succeeded']);
    expect(record.metadata!.iterations).toBe(2);
    // The analysis came in the plan's own call.
    expect(record.metadata!.llmCalls.map((c) => c.purpose)).toEqual(expect.arrayContaining(['plan', 'repair']));
    expect(record.analysis).toMatchObject({ task_kind: 'comparison' });
  });

  it('never moves a plan status backwards', async () => {
    const record = await stack.run({ task: 'Which river flows through the city where the Lumière brothers patented the cinematograph?' });
    const sequence = ['received', ...statusSequence(await eventsOf(record))];
    const rank = (s: string) =>
      ['received', 'analyzing', 'planning', 'executing', 'finalizing', 'succeeded'].indexOf(['validating', 'repairing'].includes(s) ? 'planning' : s);
    for (let i = 1; i < sequence.length; i++) expect(rank(sequence[i]!)).toBeGreaterThanOrEqual(rank(sequence[i - 1]!));
    expect(PLAN_STATUSES).toContain(record.status);
    expect(record.status).toBe('succeeded');
    // The bridge's second hop followed an entity the first hop's passage names.
    const outputs = await stack.runtime.store.listStepOutputs(record.planId);
    const hop = outputs.find((o) => o.type === 'multi-hop')!;
    expect(hop.result.paths).toContainEqual({ id: 'lyon', hop: 1, via: 'lumiere-brothers' });
    expect(record.results!.sources.slice(0, 5).map((s) => s.id)).toEqual(expect.arrayContaining(['lumiere-brothers', 'lyon']));
  });

  it('records a skipped branch with its condition', async () => {
    const record = await stack.run({
      task: 'If the corpus mentions a tram network in Lyon, summarize public transport in Lyon, otherwise describe the museums of Lyon',
    });
    expect(record.status).toBe('succeeded');
    const skipped = (await eventsOf(record)).filter((e) => e.type === 'step.skipped');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.data).toMatchObject({ skipped: true, condition: expect.stringContaining("result['run'] == False") });
    expect(record.results!.sources[0]!.id).toBe('lyon-transport');
  });

  it('repairs an invalid first plan by feeding the errors back', async () => {
    const record = await stack.run({ task: 'BROKEN Compare the populations of Lyon and Marseille' });
    expect(record.status).toBe('succeeded');
    const attempts = await stack.runtime.store.listAttempts(record.planId);
    expect(attempts.map((a) => [a.kind, a.validation?.valid])).toEqual([
      ['generate', false],
      ['repair', true],
    ]);
    expect(attempts[0]!.validation!.errors).toContainEqual({ path: 'plan.0.dependencies.0', message: 'step 99 does not exist', source: 'semantic' });
    expect(record.metadata!.iterations).toBe(2);
  });

  it('fails cleanly, with every attempt in the trace, when no valid plan comes', async () => {
    const record = await stack.run({ task: 'HOPELESS task that cannot be planned' });
    expect(record.status).toBe('failed');
    expect(record.error).toMatchObject({ name: 'PlanningFailedError', phase: 'validating' });
    expect(record.error!.message).toMatch(/^no valid plan after 3 attempt\(s\)/);
    const events = await eventsOf(record);
    expect(events.filter((e) => e.type === 'validation.completed')).toHaveLength(3);
    expect(events.some((e) => e.type === 'step.started')).toBe(false);
    expect(events.at(-1)!.type).toBe('plan.status');
    expect(events.at(-1)!.data).toMatchObject({ to: 'failed' });
  });

  it('fails the plan with the reason when a step fails, and runs nothing after it', async () => {
    const record = await stack.run({ task: 'What does the speaker say in missing-recording.mp3?' });
    expect(record.status).toBe('failed');
    expect(record.error!.phase).toBe('executing');
    expect(record.error!.message).toContain('no document in the corpus for "missing-recording.mp3"');
    const events = await eventsOf(record);
    expect(events.some((e) => e.type === 'step.failed')).toBe(true);
    expect(events.some((e) => e.type === 'plan.finalized')).toBe(false);
  });

  it('fails with a one-line reason on a corpus line that is not a document', async () => {
    const corpus = join(work, 'bad.jsonl');
    writeFileSync(corpus, '{"id": "a", "text": "fine"}\n{"id": "b"}\n');
    const record = await stack.run({ task: 'What is a bouchon?', corpus });
    expect(record.status).toBe('failed');
    expect(record.error!.message).toMatch(/bad\.jsonl line 2: .*text/);
    expect(record.error!.message).not.toContain('\n');
  });

  it('rejects a supplied plan with a cycle without asking any model', async () => {
    const plan = {
      plan: [
        { step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'Lyon' }, dependencies: [2], trace: {} },
        { step_id: 2, type: 'rerank', modality: 'text', parameters: { input_step: 1 }, dependencies: [1], trace: {} },
      ],
      traceability: true,
    } as DecompositionPlan;
    const record = await stack.run({ task: 'Lyon', options: { plan } });
    expect(record.status).toBe('failed');
    expect(record.error!.message).toMatch(/cycle/);
    expect(record.metadata?.llmCalls ?? []).toEqual([]);
  });

  it('refuses an empty task before any plan starts', async () => {
    await expect(stack.run({ task: '   ' })).rejects.toThrow('the task is empty');
    await expect(stack.run({ task: 'x'.repeat(9000) })).rejects.toThrow('the task is 9000 bytes, over the limit of 8192');
  });

  it('answers that the corpus does not answer a task it says nothing on, citing nothing, what was retrieved listed apart', async () => {
    const record = await stack.run({ task: 'Explain how vaccines train the immune system' });
    expect(record.status).toBe('succeeded');
    expect(record.results!.answer).toBe('The corpus does not answer this: no retrieved passage speaks of "vaccines", "train", "immune".');
    expect(record.results!.citations).toEqual([]);
    expect(record.results!.sources).toEqual([]);
    expect(record.results!.alsoRetrieved!.length).toBeGreaterThan(0);
  });

  it('says in the trace why a condition held', async () => {
    const record = await stack.run({ task: 'If the corpus mentions a tram network in Lyon, describe the trams, otherwise describe the museums' });
    const gate = (await eventsOf(record)).find((e) => e.type === 'step.completed' && e.data?.type === 'conditional')!;
    expect(gate.data).toMatchObject({ run: true, because: expect.stringMatching(/^\[lyon-transport\] says so: ".*tram/) });
  });
});
