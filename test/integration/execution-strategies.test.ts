/**
 * Execution through the whole workflow (infra/workflow.asl.json run locally with the Lambda
 * handlers, over DynamoDB Local): tools and their allow-list, argument schemas, error strategies,
 * timeouts, graph queries on absent entities, sub-query sanitization and the coverage retry round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../cli/local-runner.js';
import { singleQueryPlan } from '../../functions/core/plan/sanitize.js';
import type { DecompositionPlan, PlanRecord, TraceEvent } from '../../functions/core/types.js';
import { COVERAGE_MIN_RATIO } from '../../functions/core/workflow/coverage-retry.js';
import { RuleBasedWithOverrides, taskOf } from '../support/llm.js';
import { openLocalStack, stepEvents, storedEvents } from '../support/local-workflow.js';
import { fencedJson, llmStep, planOf, searchStep, toolStep } from '../support/plans.js';
import { testTools } from '../support/tools.js';

/** Plans this file's LLM writes for tasks that start with DRIFT (one sub-query off the task) or ALLDRIFT. */
const DRIFT_PLANS: Record<string, DecompositionPlan> = {
  DRIFT: planOf(
    searchStep(1, 'Lyon museums'),
    searchStep(2, 'volcanic soil chemistry'),
    { step_id: 3, type: 'aggregate', parameters: { input_steps: [1, 2], method: 'union' }, dependencies: [1, 2] },
    { step_id: 4, type: 'llm_call', parameters: { prompt: 'Answer from the sources', input_step: 3 }, dependencies: [3] },
  ),
  ALLDRIFT: planOf(searchStep(1, 'volcanic soil chemistry'), {
    step_id: 2,
    type: 'llm_call',
    parameters: { prompt: 'Answer from the sources', input_step: 1 },
    dependencies: [1],
  }),
};

/** The rule-based planner, except for the plans of DRIFT and ALLDRIFT tasks. */
const driftingPlanner = new RuleBasedWithOverrides((request) => {
  const scripted = request.intent.kind === 'plan' ? DRIFT_PLANS[taskOf(request).split(' ')[0]!] : undefined;
  return scripted && fencedJson(scripted);
});

/** The local tools and the test tools (flaky, slow, spy, throws), with the counts of their runs. */
const { tools, counts: calls } = testTools();

let stack: LocalStack;

beforeAll(async () => {
  stack = await openLocalStack('strategies', { llm: driftingPlanner, tools });
});

afterAll(async () => {
  await stack?.close();
});

const eventsOf = (record: PlanRecord): Promise<TraceEvent[]> => storedEvents(stack, record);
const ALL_TOOLS = 'corpus.get, corpus.search, math.evaluate, media.caption, media.transcribe, test.flaky, test.slow, test.spy, test.throws';

// The plans are independent (own ids, own tool keys), so they run side by side to keep the file fast.
describe.concurrent('Workflow: tools, error strategies and retrieval rounds', () => {
  describe('tools and their allow-list', () => {
    it('rejects a plan calling a tool that is not registered before anything runs', async () => {
      // Prepare
      const plan = planOf(toolStep(1, 'weather.lookup', { city: 'Lyon' }));

      // Act
      const record = await stack.run({ task: 'What is the weather in Lyon?', options: { plan } });

      // Assess
      expect(record.status).toBe('failed');
      expect(record.error).toEqual({
        name: 'PlanningFailedError',
        phase: 'validating',
        message: `no valid plan after 1 attempt(s); 1 error(s) remain, first: plan.0.parameters.tool: tool 'weather.lookup' is not available (available: ${ALL_TOOLS})`,
      });
      const events = await eventsOf(record);
      expect(events.find((e) => e.type === 'validation.completed')!.data).toMatchObject({ valid: false });
      expect(events.some((e) => e.type.startsWith('step.'))).toBe(false);
    });

    it('rejects a registered tool the request does not allow, and never runs it', async () => {
      // Prepare
      const plan = planOf(toolStep(1, 'test.spy', { city: 'Lyon' }));
      const before = calls.spy;

      // Act
      const record = await stack.run({ task: 'Spy on Lyon', tools: ['corpus.search', 'not.registered'], options: { plan } });

      // Assess
      expect(record.status).toBe('failed');
      expect(record.error!.message).toBe(
        "no valid plan after 1 attempt(s); 1 error(s) remain, first: plan.0.parameters.tool: tool 'test.spy' is not available (available: corpus.search)",
      );
      expect(calls.spy).toBe(before);
      expect((await eventsOf(record)).some((e) => e.type === 'step.started')).toBe(false);
    });

    it('fails the plan with the schema’s reason when arguments fail it, and the tool never runs', async () => {
      // Prepare
      const plan = planOf(toolStep(1, 'test.spy', { city: 5 }), searchStep(2, 'Lyon', [1]));
      const before = calls.spy;

      // Act
      const record = await stack.run({ task: 'Spy on Lyon', tools: ['test_spy'], options: { plan } });

      // Assess
      expect(record.status).toBe('failed');
      expect(record.error).toEqual({
        name: 'StepExecutionError',
        phase: 'executing',
        message: 'step 1 failed: arguments of test.spy fail its schema: args.city: must be string',
      });
      expect(calls.spy).toBe(before);
      const events = await eventsOf(record);
      expect(stepEvents(events, 1).map((e) => e.type)).toEqual(['step.started', 'step.failed']);
      expect(stepEvents(events, 1)[1]!.data).toMatchObject({ attempts: 1, error: 'arguments of test.spy fail its schema: args.city: must be string' });
      expect(stepEvents(events, 2).map((e) => [e.type, e.data?.reason])).toEqual([['step.skipped', 'not run: step 1 failed and the plan aborted']]);
      expect(events.some((e) => e.type === 'plan.finalized')).toBe(false);
    });

    it('retries a tool that fails once, then runs it, next to the modality steps the registry serves', async () => {
      // Prepare: the allow-list names the tool in service_method form; modality steps need no allow-list.
      const plan = planOf(
        toolStep(1, 'test.flaky', { key: 'once' }, { retry: { max_attempts: 2, backoff_ms: 5 } }),
        { step_id: 2, type: 'audio_transcription', modality: 'audio', parameters: { file: 'interview-lyon-mobility.mp3' } },
        { step_id: 3, type: 'image_captioning', modality: 'image', parameters: { document_id: 'fourviere-photo' } },
        { step_id: 4, type: 'llm_call', parameters: { prompt: 'Summarise', input_steps: [2, 3] }, dependencies: [1, 2, 3] },
      );

      // Act
      const record = await stack.run({ task: 'How is cycling changing Lyon?', tools: ['test_flaky'], options: { plan } });

      // Assess
      expect(record.status).toBe('succeeded');
      const events = await eventsOf(record);
      expect(stepEvents(events, 1).map((e) => e.type)).toEqual(['step.started', 'step.retried', 'step.completed']);
      expect(stepEvents(events, 1)[1]!.data).toEqual({ step_id: 1, type: 'tool_call', attempt: 1, error: 'flaky once failure 1', delayMs: 5 });
      expect(stepEvents(events, 1)[2]!.data).toMatchObject({ attempts: 2, tool: 'test.flaky', tool_method: 'registry:test.flaky' });
      const outputs = await stack.runtime.store.listStepOutputs(record.planId);
      expect(outputs.find((o) => o.step_id === 2)!.result).toMatchObject({
        document_id: 'interview-lyon-mobility',
        transcription_method: 'corpus-metadata-transcript',
      });
      expect(outputs.find((o) => o.step_id === 3)!.result).toMatchObject({ document_id: 'fourviere-photo', captioning_method: 'corpus-metadata-caption' });
      expect(String(outputs.find((o) => o.step_id === 2)!.result.text)).toMatch(/^We want cycling to become the first way people move around Lyon\./);
    });
  });

  describe('error strategies', () => {
    it('aborts a step past its timeout, retries it, then fails the plan: step.retried then step.failed', async () => {
      // Prepare
      const plan = planOf(toolStep(1, 'test.slow', {}, { timeout_ms: 50, retry: { max_attempts: 2, backoff_ms: 5 } }), searchStep(2, 'Lyon'));
      const aborted = calls.aborted;

      // Act
      const record = await stack.run({ task: 'Wait for Lyon', options: { plan } });

      // Assess
      expect(record.status).toBe('failed');
      expect(record.error).toEqual({ name: 'StepExecutionError', phase: 'executing', message: 'step 1 failed: step 1 timed out after 50 ms' });
      const events = await eventsOf(record);
      expect(stepEvents(events, 1).map((e) => e.type)).toEqual(['step.started', 'step.retried', 'step.failed']);
      expect(stepEvents(events, 1)[1]!.data).toEqual({ step_id: 1, type: 'tool_call', attempt: 1, error: 'step 1 timed out after 50 ms', delayMs: 5 });
      expect(stepEvents(events, 1)[2]!.data).toMatchObject({ attempts: 2, error: 'step 1 timed out after 50 ms' });
      expect(calls.aborted - aborted).toBe(2);
      expect(events.find((e) => e.type === 'execution.completed')!.data).toMatchObject({ status: 'failed', failedStep: 1 });
    });

    it('skips a step whose arguments fail under the skip strategy; conditions read the skipped step', async () => {
      // Prepare
      const plan = planOf(
        toolStep(1, 'test.spy', { town: 'Lyon' }, { on_error: 'skip' }),
        searchStep(2, 'Lyon museums', [1], { on_dependency_skipped: 'continue', condition: 'not step_1.skipped' }),
        searchStep(3, 'Lyon museums', [1], { on_dependency_skipped: 'continue', condition: 'step_1.skipped' }),
        searchStep(4, 'Lyon transport', [1]),
        searchStep(5, 'Lyon food', [1], { on_dependency_skipped: 'continue', condition: 'step_1.result.count > 0', on_error: 'skip' }),
      );
      const before = calls.spy;

      // Act
      const record = await stack.run({ task: 'Which museums does Lyon have?', options: { plan } });

      // Assess
      expect(record.status).toBe('succeeded');
      expect(calls.spy).toBe(before);
      const skipped = (await eventsOf(record))
        .filter((e) => e.type === 'step.skipped')
        .map((e) => [e.data?.step_id, e.data?.reason])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
      expect(skipped).toEqual([
        [
          1,
          "failed after 1 attempt(s), skipped by its error strategy: arguments of test.spy fail its schema: args: must have required property 'city'; args: must NOT have additional properties 'town'",
        ],
        [2, 'condition is false: not step_1.skipped'],
        [4, 'dependency step 1 was skipped'],
        [5, expect.stringMatching(/^skipped by its error strategy: condition "step_1\.result\.count > 0" could not be evaluated: /)],
      ]);
      expect(record.results!.steps.map((s) => [s.step_id, s.status])).toEqual([
        [1, 'skipped'],
        [2, 'skipped'],
        [3, 'succeeded'],
        [4, 'skipped'],
        [5, 'skipped'],
      ]);
      expect(record.results!.sources[0]!.id).toBe('lyon-museums');
    });
  });

  describe('graph steps', () => {
    it('records a graph query on an absent entity with its reason, without failing', async () => {
      // Prepare: no document is titled "Atlantis"; "tram" still matches Lyon's transport passage.
      const plan = planOf(
        { step_id: 1, type: 'graph_query', parameters: { query: 'Which tram lines run in Atlantis?', depth: 1, top_k: 3 } },
        { step_id: 2, type: 'llm_call', parameters: { prompt: 'Answer', input_step: 1 }, dependencies: [1] },
      );

      // Act
      const record = await stack.run({ task: 'Which tram lines run in Atlantis?', options: { plan } });

      // Assess
      expect(record.status).toBe('succeeded');
      const reason = 'no document is titled by an entity named in "Which tram lines run in Atlantis?"; seeded by direct matches only';
      const completed = stepEvents(await eventsOf(record), 1).find((e) => e.type === 'step.completed')!;
      expect(completed.data).toMatchObject({ reason, graph_method: 'entity-seeded-expansion-v1(depth=1,graph=title-mention-graph-v2)' });
      const output = (await stack.runtime.store.listStepOutputs(record.planId)).find((o) => o.step_id === 1)!;
      expect(output).toMatchObject({ status: 'succeeded', result: { entities: [], reason } });
      expect((output.result.documents as Array<{ id: string }>)[0]!.id).toBe('lyon-transport');
    });

    it('follows a bridge entity with multi-hop from the hop before it', async () => {
      // Prepare
      const plan = planOf(
        searchStep(1, 'Lumière brothers patented the cinematograph', [], { parameters: { query: 'Lumière brothers patented the cinematograph', top_k: 2 } }),
        { step_id: 2, type: 'multi-hop', parameters: { input_step: 1, hops: 1, query: 'river city' }, dependencies: [1] },
      );

      // Act
      const record = await stack.run({ task: 'Which river flows through the city where the Lumière brothers patented the cinematograph?', options: { plan } });

      // Assess
      expect(record.status).toBe('succeeded');
      const hop = (await stack.runtime.store.listStepOutputs(record.planId)).find((o) => o.step_id === 2)!;
      expect(hop.result.paths).toContainEqual({ id: 'lyon', hop: 1, via: 'lumiere-brothers' });
      expect(String(hop.result.multi_hop)).toBe('entity-link-expansion-v1(hops=1,seeds=5,link_bonus=0.8,graph=title-mention-graph-v2)');
    });
  });

  describe('sub-query sanitization', () => {
    it('drops a planned sub-query that shares no word with the task and traces plan.sanitized', async () => {
      // Act
      const record = await stack.run({ task: 'DRIFT Which museums does Lyon have?', options: { analyze: false } });

      // Assess
      expect(record.status).toBe('succeeded');
      const events = await eventsOf(record);
      expect(events.find((e) => e.type === 'plan.sanitized')!.data).toEqual({
        dropped: [{ step_id: 2, reason: 'sub-query "volcanic soil chemistry" shares no content word with the task' }],
        fallback: false,
      });
      expect(events.find((e) => e.type === 'plan.accepted')!.data).toMatchObject({ steps: 3 });
      expect(record.plan!.plan.map((s) => s.step_id)).toEqual([1, 3, 4]);
      expect(record.plan!.plan[1]).toMatchObject({ parameters: { input_steps: [1], method: 'union' }, dependencies: [1] });
      expect(events.some((e) => e.type === 'step.started' && e.data?.step_id === 2)).toBe(false);
      expect(events.findIndex((e) => e.type === 'plan.sanitized')).toBeLessThan(events.findIndex((e) => e.type === 'plan.accepted'));
    });

    it('falls back to one search of the whole task when nothing that retrieves is left', async () => {
      // Prepare
      const task = 'ALLDRIFT Which museums does Lyon have?';

      // Act
      const record = await stack.run({ task, options: { analyze: false } });

      // Assess
      expect(record.status).toBe('succeeded');
      expect((await eventsOf(record)).find((e) => e.type === 'plan.sanitized')!.data).toEqual({
        dropped: [
          { step_id: 1, reason: 'sub-query "volcanic soil chemistry" shares no content word with the task' },
          { step_id: 2, reason: 'reads dropped step 1' },
        ],
        fallback: true,
      });
      expect(record.plan).toEqual(singleQueryPlan(task));
      expect(record.results!.sources[0]!.id).toBe('lyon-museums');
    });
  });

  describe('coverage retry round', () => {
    it('runs retrieval again with a doubled top_k when too few sub-queries found a source, and keeps a supplied plan unsanitized', async () => {
      // Prepare: "Lyon" shares no word with the task, but a supplied plan is never sanitized. With
      // top_k 2 the best two Lyon passages are not about culture, so the metadata filter leaves none.
      const plan = planOf({ step_id: 1, type: 'keyword_search', parameters: { query: 'Lyon', top_k: 2, metadata: { topic: 'culture' } } });

      // Act
      const record = await stack.run({ task: 'Which museums are there?', options: { plan } });

      // Assess
      expect(record.status).toBe('succeeded');
      const events = await eventsOf(record);
      expect(events.some((e) => e.type === 'plan.sanitized')).toBe(false);
      expect(events.find((e) => e.type === 'coverage.retry')!.data).toEqual({
        before: { subquery_count: 1, covered_count: 0, coverage_ratio: 0 },
        after: { subquery_count: 1, covered_count: 1, coverage_ratio: 1 },
        threshold: COVERAGE_MIN_RATIO,
        status: 'succeeded',
        rerun: [1],
      });
      expect(COVERAGE_MIN_RATIO).toBe(0.5);
      expect(record.plan!.plan[0]!.parameters).toEqual({ query: 'Lyon', top_k: 4, metadata: { topic: 'culture' } });
      expect(
        stepEvents(events, 1)
          .filter((e) => e.type === 'step.completed')
          .map((e) => e.data?.count),
      ).toEqual([0, 1]);
      expect(record.results!.coverage).toEqual({ subquery_count: 1, covered_count: 1, coverage_ratio: 1 });
      expect(record.results!.sources[0]!.id).toBe('lyon-museums');
    });

    it('runs again only the thin sub-query and the ranking that reads it: the tool and the model call keep their outputs', async () => {
      // Prepare: step 1 finds nothing (as above); a rerank reads it; a tool with effects and an
      // answer written by the model read the search and the rerank.
      const plan = planOf(
        { step_id: 1, type: 'keyword_search', parameters: { query: 'Lyon', top_k: 2, metadata: { topic: 'culture' } } },
        { step_id: 2, type: 'rerank', parameters: { input_step: 1, query: 'museums' }, dependencies: [1] },
        toolStep(3, 'test.spy', { city: 'Lyon' }, { dependencies: [1] }),
        llmStep(4, 'Answer from the sources', [2], { parameters: { input_step: 2 } }),
      );

      // Act
      const record = await stack.run({ task: 'Which museums are there?', tools: ['test_spy'], options: { plan } });

      // Assess
      expect(record.status).toBe('succeeded');
      const events = await eventsOf(record);
      expect(events.find((e) => e.type === 'coverage.retry')!.data).toMatchObject({ rerun: [1, 2], after: { coverage_ratio: 1 } });
      const starts = (id: number) => stepEvents(events, id).filter((e) => e.type === 'step.started').length;
      expect([1, 2, 3, 4].map(starts)).toEqual([2, 2, 1, 1]);
      expect(record.plan!.plan.map((s) => s.parameters.top_k)).toEqual([4, undefined, undefined, undefined]);
      // The retrieval found it; the answer, written before the retry, did not use it.
      expect([...record.results!.sources, ...(record.results!.alsoRetrieved ?? [])][0]!.id).toBe('lyon-museums');
    });

    it('runs no retry round when coverage reaches the threshold', async () => {
      // Prepare
      const plan = planOf(searchStep(1, 'Lyon museums'), searchStep(2, 'Atlantis zqxj'));

      // Act
      const record = await stack.run({ task: 'Which museums does Lyon have?', options: { plan } });

      // Assess: one of two sub-queries covered is 0.5, not below the threshold.
      expect(record.status).toBe('succeeded');
      expect(record.results!.coverage).toEqual({ subquery_count: 2, covered_count: 1, coverage_ratio: 0.5 });
      expect((await eventsOf(record)).some((e) => e.type === 'coverage.retry')).toBe(false);
    });
  });
});
