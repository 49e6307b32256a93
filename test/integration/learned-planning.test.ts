/**
 * Promoted composites reach the planners: stored in DynamoDB Local as learning stores them, loaded
 * into the runtime's registry, offered in the catalog of the prompt Claude is sent (the real SDK
 * against the loopback server) and used by the keyless planner where its plan runs the chain. Tools
 * a person has not promoted, and a promoted one whose part is gone, are neither.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../cli/local-runner.js';
import { AnthropicProvider } from '../../functions/adapters/llm/anthropic/provider.js';
import { registerComposites } from '../../functions/core/tools/composite.js';
import type { DecompositionPlan } from '../../functions/core/types.js';
import { hybridSearch, learnedRecord, searchThenGet } from '../support/learned.js';
import { promptOf, ruleBasedModel } from '../support/llm-loopback/rule-based-model.js';
import { LoopbackLlm, type RecordedRequest } from '../support/llm-loopback/server.js';
import { openLocalStack } from '../support/local-workflow.js';
import { tempDir } from '../support/temp-dir.js';

const TASK = 'What is a bouchon?';

/** The tools in every status, each on the same chain, and a promoted one whose part is not registered. */
async function storeTools(stack: LocalStack): Promise<void> {
  const topK = stack.runtime.phases.defaults.topK;
  const store = stack.runtime.learned.store;
  await store.save(learnedRecord('PROMOTED', hybridSearch(topK)));
  for (const status of ['TESTING', 'DRAFT', 'REJECTED'] as const) {
    await store.save(learnedRecord(status, hybridSearch(topK, { tool_id: `learned.hybrid_${status.toLowerCase()}` })));
  }
  await store.save(
    learnedRecord(
      'PROMOTED',
      searchThenGet({
        tool_id: 'learned.orphan',
        steps: searchThenGet().steps.map((s) => (s.tool_id === 'corpus.get' ? { ...s, tool_id: 'corpus.gone' } : s)),
      }),
    ),
  );
  await stack.runtime.learned.refresh({ force: true });
}

describe('Promoted composites in the keyless planner', () => {
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await openLocalStack('learned-planning');
    await storeTools(stack);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('registers the promoted composite only: not the TESTING, DRAFT or REJECTED ones, nor the one whose part is gone', () => {
    // Assess
    const names = stack.runtime.phases.tools.names().filter((n) => n.startsWith('learned.'));
    expect(names).toEqual(['learned.hybrid_search']);
  });

  it("takes a demoted composite out at the next reload, and leaves the registry's own composites in", async () => {
    // Prepare: a composite registered by hand (as a benchmark or a test registers one), and a promoted one that a person demotes.
    const tools = stack.runtime.phases.tools;
    registerComposites(tools, [searchThenGet({ tool_id: 'learned.by_hand' })]);
    await stack.runtime.learned.store.save(learnedRecord('PROMOTED', searchThenGet({ tool_id: 'learned.to_demote' })));
    await stack.runtime.learned.refresh({ force: true });
    const before = tools.names().filter((n) => n.startsWith('learned.'));

    // Act
    await stack.runtime.learned.store.decide('learned.to_demote', 'demote');
    await stack.runtime.learned.refresh({ force: true });
    const after = tools.names().filter((n) => n.startsWith('learned.'));
    tools.unregister('learned.by_hand');

    // Assess
    expect(before.sort()).toEqual(['learned.by_hand', 'learned.hybrid_search', 'learned.to_demote']);
    expect(after.sort()).toEqual(['learned.by_hand', 'learned.hybrid_search']);
  });

  it('plans a call of it in place of the chain, runs its parts under the call, and answers', async () => {
    // Act
    const record = await stack.run({ task: TASK, options: { cache: false } });

    // Assess
    expect(record.status).toBe('succeeded');
    const plan = record.plan!.plan;
    expect(plan.map((s) => s.type)).toEqual(['tool_call', 'rerank', 'llm_call']);
    expect(plan[0]!.parameters).toEqual({ tool: 'learned.hybrid_search', args: { query: TASK } });
    const outputs = await stack.runtime.store.listStepOutputs(record.planId);
    const call = outputs.find((o) => o.step_id === plan[0]!.step_id)!;
    const parts = (call.result.output as { steps: Array<{ type: string; status: string }> }).steps;
    expect(parts.map((p) => [p.type, p.status])).toEqual([
      ['keyword_search', 'succeeded'],
      ['vector_search', 'succeeded'],
      ['aggregate', 'succeeded'],
    ]);
    expect(record.answer).toMatch(/bouchon/i);
    expect(record.results?.sources?.map((s) => s.id)).toContain('bouchon');
  });

  it('keeps the plain steps when the request does not allow the tool, or allows no tool_call', async () => {
    // Act
    const noTool = await stack.run({ task: TASK, tools: ['corpus.search'], options: { cache: false } });
    const noCall = await stack.run({
      task: TASK,
      constraints: { allowed_step_types: ['keyword_search', 'vector_search', 'aggregate', 'rerank', 'llm_call'] },
      options: { cache: false },
    });

    // Assess
    for (const record of [noTool, noCall]) {
      expect(record.status).toBe('succeeded');
      expect(record.plan!.plan.map((s) => s.type)).toEqual(['keyword_search', 'vector_search', 'aggregate', 'rerank', 'llm_call']);
    }
  });
});

describe('Promoted composites offered to Claude', () => {
  let stack: LocalStack;
  let server: LoopbackLlm;

  beforeAll(async () => {
    server = await LoopbackLlm.start(ruleBasedModel);
    const claude = new AnthropicProvider({ apiKey: 'sk-ant-learned-key', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 5_000 });
    stack = await openLocalStack('learned-claude', { llm: claude });
    await storeTools(stack);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await server?.close();
  });

  it('lists the promoted composite (name, chain replaced, arguments, description) in the plan prompt, and none of the others', async () => {
    // Act
    await stack.run({ task: TASK, options: { cache: false } });

    // Assess: one line a tool, its arguments as a signature with what each feeds.
    const planRequest = server.requests.find((r) => promptOf(r).user.includes('Use at most'))!;
    const system = promptOf(planRequest).system;
    const listed = system.slice(system.indexOf('Learned tools:')).split('\n').slice(2);
    expect(listed).toEqual([
      `learned.hybrid_search replaces keyword_search → vector_search → aggregate[method=rank_fusion]; args {query (step 0 (keyword_search) input query)} ${hybridSearch().description}`,
    ]);
    for (const other of ['learned.hybrid_testing', 'learned.hybrid_draft', 'learned.hybrid_rejected', 'learned.orphan']) expect(system).not.toContain(other);
  });

  it('lists it again when the model is asked for the next round of an iterative plan', async () => {
    // Prepare: a corpus of its own where each film's passage names its director, whose own passage
    // the first round does not rank: the model is asked for the next round.
    const before = server.requests.length;
    const corpus = join(tempDir('learned-rounds'), 'films.jsonl');
    const films = [
      { id: 'harbour-lights', title: 'Harbour Lights', text: 'Harbour Lights is a 1931 drama film directed by Orla Venn.' },
      { id: 'tin-kettle', title: 'The Tin Kettle', text: 'The Tin Kettle is a 1950 comedy film directed by Marek Dorr.' },
      { id: 'orla-venn', title: 'Orla Venn', text: 'Orla Venn (1899–1961) grew up in Brisk.' },
      { id: 'marek-dorr', title: 'Marek Dorr', text: 'Marek Dorr (1921–1990) grew up in Lusk.' },
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ id: `filler-${n}`, title: `Filler ${n}`, text: `Filler ${n}: a film director born later than the film.` })),
    ];
    writeFileSync(corpus, `${films.map((d) => JSON.stringify(d)).join('\n')}\n`);

    // Act
    const record = await stack.run({
      task: 'Which film has the director who was born later, Harbour Lights or The Tin Kettle?',
      corpus,
      constraints: { allowed_step_types: ['keyword_search', 'vector_search', 'aggregate', 'rerank', 'graph_query', 'filter', 'llm_call', 'tool_call'] },
      options: { cache: false, mode: 'iterative', maxRounds: 2 },
    });

    // Assess: the first plan request and the next round's share the system prompt, tools included.
    const planning = server.requests.slice(before).filter((r) => promptOf(r).system.includes('Step types and parameters'));
    expect(record.status).toBe('succeeded');
    expect(record.rounds!.rounds).toHaveLength(2);
    expect(planning.length).toBeGreaterThanOrEqual(2);
    for (const request of planning) expect(promptOf(request).system).toContain('learned.hybrid_search');
  });

  it("accepts and runs the model's plan that calls it", async () => {
    // Prepare: the model answers the plan request with a call of the learned tool and an answer over it.
    const plan: DecompositionPlan = {
      plan: [
        {
          step_id: 1,
          type: 'tool_call',
          modality: 'text',
          parameters: { tool: 'learned.hybrid_search', args: { query: 'bouchon Lyon' } },
          dependencies: [],
          trace: { source: 'model' },
        },
        {
          step_id: 2,
          type: 'llm_call',
          modality: 'text',
          parameters: { prompt: `Answer from the sources. Question: ${TASK}`, input_step: 1 },
          dependencies: [1],
          trace: { source: 'model' },
        },
      ],
      traceability: true,
    };
    server.respondWith((request: RecordedRequest) =>
      promptOf(request).user.includes('Use at most') ? { tool: { reasoning: 'The learned tool searches both ways.', ...plan } } : ruleBasedModel(request),
    );

    // Act
    const record = await stack.run({ task: TASK, options: { cache: false } });

    // Assess
    expect(record.status).toBe('succeeded');
    const attempts = await stack.runtime.store.listAttempts(record.planId);
    expect(attempts.map((a) => [a.kind, a.validation?.valid])).toEqual([['generate', true]]);
    expect(record.plan!.plan.map((s) => s.type)).toEqual(['tool_call', 'llm_call']);
    // The answer reads the documents the call handed on, and the call is the plan's sub-query and ranking.
    expect(record.answer).toMatch(/\[bouchon\]/);
    expect(record.results?.sources?.[0]).toMatchObject({ id: 'bouchon', step_id: 1 });
    expect(record.results?.coverage).toMatchObject({ subquery_count: 1, covered_count: 1 });
  });
});
