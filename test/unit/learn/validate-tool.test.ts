import { describe, expect, it } from 'vitest';

import { analyzeParameters } from '../../../functions/core/learn/analyze.js';
import { draftTool } from '../../../functions/core/learn/draft.js';
import { chainKey } from '../../../functions/core/learn/mine.js';
import type { SynthesizedTool, ToolCatalogView } from '../../../functions/core/learn/types.js';
import { validateSynthesizedTool } from '../../../functions/core/learn/validate-tool.js';
import { STEP_TYPES } from '../../../functions/core/types.js';
import { fixtureSessions, RETRIEVAL_CHAIN } from '../../support/learn.js';

const catalog: ToolCatalogView = { tools: ['corpus.search', 'corpus.get'], stepTypes: STEP_TYPES };
const settings = { max_parallel_steps: 3 };
const chain = { key: chainKey(RETRIEVAL_CHAIN), symbols: [...RETRIEVAL_CHAIN], sessionCount: 6, support: 0.6 };

function goodTool(): SynthesizedTool {
  return draftTool(chain, analyzeParameters(chain, fixtureSessions()), 3);
}

/** A broken copy of the good tool: `breakIt` changes it in place. */
function broken(breakIt: (tool: SynthesizedTool) => void): SynthesizedTool {
  const tool = structuredClone(goodTool());
  breakIt(tool);
  return tool;
}

describe('Function: validateSynthesizedTool', () => {
  it('passes the tool drafted from the fixture analysis', () => {
    // Prepare
    const tool = goodTool();

    // Act + Assess
    expect(validateSynthesizedTool(tool, catalog, settings)).toEqual([]);
    expect(tool.tool_id).toBe('learned.vector_search_keyword_search_rerank_llm_call');
    expect(tool.parallel_groups).toEqual([[0, 1]]);
    expect(tool.parameters).toMatchObject({ type: 'object', required: ['query'], properties: { query: { type: 'string' } } });
  });

  const table: Array<[string, (tool: SynthesizedTool) => unknown, RegExp]> = [
    ['a missing field', (t) => delete (t as Partial<SynthesizedTool>).steps, /must have required property 'steps'/],
    ['an unknown field', (t) => Object.assign(t, { extra: 1 }), /must NOT have additional properties \(extra\)/],
    ['a tool id not in service.method form', (t) => (t.tool_id = 'Learned Tool'), /tool_id: must match pattern/],
    ['parameters that are not JSON Schema 2020-12', (t) => (t.parameters = { type: 'objekt' }), /parameters.type: not JSON Schema 2020-12/],
    ['parameters that are not an object schema', (t) => (t.parameters = { type: 'string' }), /parameters.type: must be "object"/],
    [
      'a required parameter missing from properties',
      (t) => (t.parameters.required as string[]).push('ghost'),
      /names "ghost", which is not in parameters.properties/,
    ],
    [
      'a parameter schema that refers outside itself',
      (t) => (t.parameters.properties = { query: { $ref: 'https://example.com/q.json' } }),
      /refers outside the schema/,
    ],
    ['an unregistered tool', (t) => Object.assign(t.steps[0]!, { kind: 'tool', tool_id: 'web.fetch' }), /steps.0.tool_id: tool "web.fetch" is not registered/],
    ['a step type not in the catalog', (t) => (t.steps[2]!.tool_id = 'telepathy'), /steps.2.tool_id: step type "telepathy" is not in the catalog/],
    ['a composite that calls itself', (t) => Object.assign(t.steps[0]!, { kind: 'tool', tool_id: t.tool_id }), /a composite cannot call itself/],
    ['sub-steps out of order', (t) => (t.steps[1]!.step_index = 5), /steps.1.step_index: is 5/],
    [
      'a parameter map naming no parameter',
      (t) => (t.steps[0]!.parameter_map.query = 'question'),
      /names parameter "question", which parameters.properties lacks/,
    ],
    [
      'a required parameter no step uses',
      (t) => {
        (t.parameters.properties as Record<string, unknown>).extra = { type: 'string' };
        (t.parameters.required as string[]).push('extra');
      },
      /parameter "extra" is required but no sub-step uses it/,
    ],
    [
      'wiring from a sub-step that does not exist',
      (t) => t.internal_wiring.push({ from_step: 9, from_key: 'answer', to_step: 3, to_key: 'hint' }),
      /internal_wiring.0.from_step: sub-step 9 does not exist/,
    ],
    [
      'wiring a sub-step to itself',
      (t) => t.internal_wiring.push({ from_step: 3, from_key: 'answer', to_step: 3, to_key: 'hint' }),
      /wires a sub-step to itself/,
    ],
    [
      'wiring into an input already filled',
      (t) => t.internal_wiring.push({ from_step: 0, from_key: 'method', to_step: 1, to_key: 'top_k' }),
      /is also a constant or a parameter/,
    ],
    ['a dependency out of range', (t) => t.steps[3]!.depends_on.push(7), /steps.3.depends_on: names sub-step 7, which does not exist/],
    ['a dependency cycle', (t) => t.steps[0]!.depends_on.push(3), /depend on each other in a cycle: 0 -> 3 -> 2 -> 0/],
    ['a parallel group with a data dependency', (t) => t.parallel_groups.push([2, 3]), /sub-step 3 needs sub-step 2's data, so they cannot run in parallel/],
    ['a parallel group over max_parallel_steps', (t) => (t.parallel_groups = [[0, 1, 2, 3]]), /has 4 sub-steps; at most 3 run at once/],
    ['a sub-step in two parallel groups', (t) => t.parallel_groups.push([0, 1]), /sub-step 0 is already in parallel group 0/],
    ['a condition that does not parse', (t) => (t.steps[3]!.condition = 'len(step_3.result.documents) >'), /steps.3.condition: does not parse/],
    [
      'a condition over a later sub-step',
      (t) => (t.steps[1]!.condition = 'step_4.status == "succeeded"'),
      /steps.1.condition: refers to step_4; only earlier sub-steps/,
    ],
    [
      'a template over a later sub-step',
      (t) => (t.steps[2]!.constants.query = 'more on {{ step_4.result.answer }}'),
      /steps.2.constants.query: refers to step_4/,
    ],
    [
      'a template over a step it does not depend on',
      (t) => (t.steps[3]!.constants.prompt = 'Answer from {{ step_1.result.documents }}'),
      /refers to step_1 without depending on sub-step 0/,
    ],
    ['a template that does not parse', (t) => (t.steps[3]!.constants.prompt = 'Answer from {{ step_3.result.documents '), /template does not parse/],
    ['an output step that does not exist', (t) => (t.output_step = 4), /output_step: sub-step 4 does not exist/],
    [
      'a retry rule without retries',
      (t) => t.error_strategy.rules.push({ step_index: 1, action: 'retry', reason: 'flaky' }),
      /a retry rule needs max_retries of 1 or more/,
    ],
    [
      'an error rule for a sub-step that does not exist',
      (t) => t.error_strategy.rules.push({ step_index: 8, action: 'skip', reason: 'x' }),
      /error_strategy.rules.0.step_index: sub-step 8 does not exist/,
    ],
  ];

  it.each(table)('rejects %s, naming the problem', (_name, breakIt, expected) => {
    // Prepare
    const tool = broken((t) => {
      breakIt(t);
    });

    // Act
    const issues = validateSynthesizedTool(tool, catalog, settings);

    // Assess
    const lines = issues.map((i) => `${i.path}: ${i.message}`);
    expect(
      lines.some((line) => expected.test(line)),
      lines.join('\n'),
    ).toBe(true);
  });

  it('checks, when given the chain, that the tool replaces it step for step', () => {
    // Prepare
    const expected = { key: chain.key, steps: RETRIEVAL_CHAIN.map((type) => ({ type })) };
    const shorter = broken((t) => {
      t.steps.pop();
      t.output_step = 2;
    });
    const swapped = broken((t) => {
      t.steps[1]!.tool_id = 'vector_search';
      t.source_chain = 'something else';
    });

    // Act + Assess
    expect(validateSynthesizedTool(goodTool(), catalog, settings, expected)).toEqual([]);
    expect(validateSynthesizedTool(shorter, catalog, settings, expected)).toContainEqual({
      path: 'steps',
      message: 'has 3 sub-steps; the chain has 4, one sub-step each',
    });
    expect(validateSynthesizedTool(swapped, catalog, settings, expected)).toEqual([
      { path: 'source_chain', message: `must be ${JSON.stringify(chain.key)}` },
      { path: 'steps.1', message: 'must be the chain\'s step 1: kind "step", tool_id "keyword_search"' },
    ]);
  });

  it('rejects what is not an object at all', () => {
    expect(validateSynthesizedTool('a tool', catalog, settings)[0]?.message).toMatch(/must be object/);
  });
});
