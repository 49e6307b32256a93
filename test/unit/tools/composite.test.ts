/**
 * Composite tools at run time: a promoted SynthesizedTool registered beside the local tools and
 * called from a plan's tool_call step, its sub-steps run by the real executor over the mini corpus.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RuleBasedProvider } from '../../../functions/adapters/llm/rule-based/provider.js';
import { executePlan } from '../../../functions/core/executor/run-plan.js';
import type { CorpusIndex } from '../../../functions/core/ports.js';
import { compositePlan, compositeProblems, flatSchemaValidator, registerComposites } from '../../../functions/core/tools/composite.js';
import { ToolArgumentsError } from '../../../functions/core/tools/registry.js';
import { miniCorpusIndex } from '../../support/corpus.js';
import { executionContext } from '../../support/executor.js';
import { searchThenGet } from '../../support/learned.js';
import { outputOfStep, planOf, toolStep } from '../../support/plans.js';
import { localTools } from '../../support/tools.js';

let index: CorpusIndex;
beforeAll(async () => {
  index = await miniCorpusIndex();
});

describe('a composite registered beside the local tools', () => {
  it('runs as one tool_call whose sub-steps run wired and appear under it', async () => {
    const tools = localTools();
    expect(registerComposites(tools, [searchThenGet()])).toEqual([]);
    const outcome = await executePlan(
      planOf(toolStep(1, 'learned.search_get', { query: 'highest mountain', top_k: 2 })),
      executionContext({ task: 'highest mountain', index, tools }),
    );
    expect(outcome.status).toBe('succeeded');
    const result = outputOfStep(outcome.outputs, 1).result;
    const output = result.output as {
      document: { id: string };
      steps: Array<{ step_id: number; type: string; status: string; result: Record<string, unknown> }>;
      method: string;
    };
    expect(output.method).toBe('composite:learned.search_get');
    // corpus.get fetched what corpus.search ranked first: the wire carried the id across.
    const searched = output.steps[0]!.result.output as { documents: Array<{ id: string }> };
    expect(output.document.id).toBe(searched.documents[0]!.id);
    expect(searched.documents.length).toBeGreaterThan(0);
    expect(output.steps.map((s) => [s.step_id, s.type, s.status])).toEqual([
      [1, 'tool_call', 'succeeded'],
      [2, 'keyword_search', 'succeeded'],
      [3, 'tool_call', 'succeeded'],
    ]);
    // Only the calling step is a step of the plan.
    expect(outcome.outputs).toHaveLength(1);
  });

  it("applies the request's allow-list to the composite and to its parts", async () => {
    const tools = localTools();
    registerComposites(tools, [searchThenGet()]);
    const plan = planOf(toolStep(1, 'learned.search_get', { query: 'highest mountain' }));
    const notTheComposite = await executePlan(plan, executionContext({ task: 't', index, tools, allowedTools: ['corpus.search', 'corpus.get'] }));
    expect(notTheComposite.error).toMatch(/learned\.search_get is not in this request's allow-list/);
    const notAPart = await executePlan(plan, executionContext({ task: 't', index, tools, allowedTools: ['learned.search_get', 'corpus.search'] }));
    expect(notAPart.status).toBe('failed');
    expect(notAPart.error).toBe(
      'composite learned.search_get refused: its step 2 calls corpus.get, which this request does not allow (tools: learned.search_get, corpus.search)',
    );
  });

  it('refuses the whole composite before any part runs when one part is a tool the request leaves out', async () => {
    // Prepare: the first part counts its runs; the second is left out of the request's tools.
    const tools = localTools();
    let runs = 0;
    tools.register({
      name: 'test.count',
      description: 'Counts its runs.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, additionalProperties: false },
      async run() {
        runs++;
        return { runs };
      },
    });
    const tool = searchThenGet({
      tool_id: 'learned.count_get',
      steps: [
        { step_index: 0, kind: 'tool', tool_id: 'test.count', constants: {}, parameter_map: { query: 'query' }, depends_on: [] },
        { step_index: 1, kind: 'tool', tool_id: 'corpus.get', constants: { id: 'x' }, parameter_map: {}, depends_on: [0] },
      ],
      internal_wiring: [],
      parallel_groups: [],
      output_step: 1,
    });
    expect(registerComposites(tools, [tool])).toEqual([]);

    // Act
    const outcome = await executePlan(
      planOf(toolStep(1, 'learned.count_get', { query: 'x' })),
      executionContext({ task: 't', index, tools, allowedTools: ['learned.count_get', 'test.count'] }),
    );

    // Assess
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/its step 1 calls corpus\.get, which this request does not allow/);
    expect(runs).toBe(0);
    expect(outputOfStep(outcome.outputs, 1).attempts).toBe(1);
  });

  it("refuses a composite whose part is a step type outside the request's allowed_step_types, calling no model", async () => {
    // Prepare: a search whose hits an llm_call part summarises.
    const tools = localTools();
    const summarise = searchThenGet({
      tool_id: 'learned.search_summarise',
      steps: [
        { step_index: 0, kind: 'step', tool_id: 'keyword_search', constants: { top_k: 2 }, parameter_map: { query: 'query' }, depends_on: [] },
        { step_index: 1, kind: 'step', tool_id: 'llm_call', constants: { prompt: 'Summarise', input_step: 1 }, parameter_map: {}, depends_on: [0] },
      ],
      internal_wiring: [],
      parallel_groups: [],
      output_step: 1,
    });
    registerComposites(tools, [summarise]);
    const plan = planOf(toolStep(1, 'learned.search_summarise', { query: 'highest mountain' }));
    const context = executionContext({ task: 't', index, tools, allowedStepTypes: ['tool_call', 'keyword_search'] });

    // Act
    const refused = await executePlan(plan, context);
    const allowed = await executePlan(
      plan,
      executionContext({ task: 't', index, tools, llm: new RuleBasedProvider(), allowedStepTypes: ['tool_call', 'keyword_search', 'llm_call'] }),
    );

    // Assess
    expect(refused.status).toBe('failed');
    expect(refused.error).toBe(
      'composite learned.search_summarise refused: its step 1 runs llm_call, which this request does not allow (allowed_step_types: tool_call, keyword_search)',
    );
    expect(refused.llmCalls).toEqual([]);
    expect(allowed.status).toBe('succeeded');
    expect(allowed.llmCalls).toHaveLength(1);
  });

  it('checks the arguments against the parameters before any part runs', async () => {
    const tools = localTools();
    registerComposites(tools, [searchThenGet()]);
    expect(() => tools.prepare('learned.search_get', { top_k: 2 })).toThrow(ToolArgumentsError);
    expect(() => tools.prepare('learned.search_get', { query: 'x', extra: 1 })).toThrow(/additional properties 'extra'/);
    expect(() => tools.prepare('learned.search_get', { query: 3 })).toThrow(/args\.query: must be string/);
  });

  it('refuses, with one line, a composite whose underlying tool was removed', () => {
    const tools = localTools();
    const gone = searchThenGet({ steps: searchThenGet().steps.map((s) => (s.tool_id === 'corpus.get' ? { ...s, tool_id: 'corpus.fetch' } : s)) });
    const refused = registerComposites(tools, [gone]);
    expect(refused).toEqual([
      { name: 'learned.search_get', reason: 'composite learned.search_get refused: its step 2 calls corpus.fetch, which is not registered' },
    ]);
    expect(tools.names()).not.toContain('learned.search_get');
  });
});

describe('compositeProblems', () => {
  const tools = localTools();
  it.each([
    [
      'a dependency on a later step',
      { steps: searchThenGet().steps.map((s) => (s.step_index === 0 ? { ...s, depends_on: [2] } : s)) },
      /step 0 depends on 2, not an earlier step/,
    ],
    ['a wire going backwards', { internal_wiring: [{ from_step: 2, from_key: 'x', to_step: 0, to_key: 'query' }] }, /wire 2\.x -> 0\.query/],
    [
      'an unknown step type',
      { steps: [{ step_index: 0, kind: 'step' as const, tool_id: 'teleport', constants: {}, parameter_map: {}, depends_on: [] }], output_step: 0 },
      /step type teleport/,
    ],
    ['a missing output step', { output_step: 7 }, /output step 7 does not exist/],
    ['a nested object parameter', { parameters: { type: 'object', properties: { q: { type: 'object' } } } }, /parameter q is not a scalar/],
    ['a keyword the checker does not read', { parameters: { type: 'object', properties: {}, oneOf: [] } }, /uses oneOf/],
    [
      'a parameter map to an undeclared parameter',
      { parameters: { type: 'object', properties: { top_k: { type: 'integer' } } } },
      /comes from parameter query, which the schema does not declare/,
    ],
  ])('finds %s', (_name, overrides, expected) => {
    expect(compositeProblems(searchThenGet(overrides), tools).join('\n')).toMatch(expected);
  });

  it('finds nothing wrong with a well-formed composite', () => {
    expect(compositeProblems(searchThenGet(), tools)).toEqual([]);
  });
});

describe('compositePlan', () => {
  it('numbers sub-steps from 1, fills arguments, wires by template and carries error rules', () => {
    const tool = searchThenGet({
      error_strategy: { default_behavior: 'abort', rules: [{ step_index: 0, action: 'retry', max_retries: 2, backoff_ms: 10, reason: 'intermittent' }] },
    });
    const plan = compositePlan(tool, { query: 'rivers', top_k: 4 });
    expect(plan.plan.map((s) => [s.step_id, s.type, s.dependencies])).toEqual([
      [1, 'tool_call', []],
      [2, 'keyword_search', []],
      [3, 'tool_call', [1]],
    ]);
    expect(plan.plan[0]!.parameters).toEqual({ tool: 'corpus.search', args: { query: 'rivers', top_k: 4 } });
    expect(plan.plan[0]!.retry).toEqual({ max_attempts: 3, backoff_ms: 10 });
    expect(plan.plan[1]!.parameters).toEqual({ top_k: 2, query: 'rivers' });
    expect(plan.plan[2]!.parameters).toEqual({ tool: 'corpus.get', args: { id: '{{ step_1.result.output.documents[0].id }}' } });
    expect(plan.plan[2]!.on_error).toBe('abort');
  });
});

describe('flatSchemaValidator', () => {
  const validate = flatSchemaValidator({
    type: 'object',
    properties: { n: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
    required: ['n'],
  });
  it.each([
    [{ n: 1 }, true],
    [{ n: 1.5 }, false],
    [{ n: 1, tags: ['a'] }, true],
    [{ n: 1, tags: [1] }, false],
    [{}, false],
    [[], false],
  ])('%j -> %s', (value, ok) => {
    expect(validate(value)).toBe(ok);
  });
});
