import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { PlanValidationError } from '../../../functions/core/errors.js';
import { assertValidPlan, type PlanValidationOptions, validatePlan } from '../../../functions/core/plan/validate.js';
import { STEP_TYPES } from '../../../functions/core/types.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, '../../fixtures/plans');
const seedFixtures = readdirSync(fixtures).filter((name) => name.startsWith('seed-004-'));
const seed004 = join(here, '../../../../shared/seeds/004_68031a9bc1ced7d3.txt');

type Json = Record<string, unknown>;

/** A valid plan that uses most step types: search twice, fuse, filter, rerank, test, answer. */
function basePlan(): { plan: Json[]; traceability: boolean } {
  return {
    plan: [
      { step_id: 1, type: 'vector_search', modality: 'text', parameters: { query: 'film directors' }, dependencies: [], trace: {} },
      { step_id: 2, type: 'keyword_search', modality: 'text', parameters: { query: 'film directors', top_k: 5 }, dependencies: [], trace: {} },
      { step_id: 3, type: 'aggregate', modality: 'text', parameters: { input_steps: [1, 2], method: 'rank_fusion' }, dependencies: [1, 2], trace: {} },
      { step_id: 4, type: 'filter', modality: 'text', parameters: { input_step: 3, min_score: 0.2 }, dependencies: [3], trace: {} },
      { step_id: 5, type: 'rerank', modality: 'text', parameters: { input_step: 4 }, dependencies: [4], trace: {} },
      {
        step_id: 6,
        type: 'conditional',
        modality: 'text',
        parameters: { expression: "len(step_5.result['documents']) > 0" },
        dependencies: [5],
        trace: {},
      },
      {
        step_id: 7,
        type: 'llm_call',
        modality: 'text',
        parameters: { prompt: 'Answer from {{ step_5.result.documents[0].title }}', input_step: 5 },
        dependencies: [5, 6],
        trace: { source: 'test' },
        condition: "step_6.result['value'] == True",
        on_dependency_skipped: 'skip',
      },
    ],
    traceability: true,
  };
}

type Plan = ReturnType<typeof basePlan>;

function step(plan: Plan, index: number): Json {
  const found = plan.plan[index];
  if (found === undefined) throw new Error(`no step at ${index}`);
  return found;
}

function params(plan: Plan, index: number): Json {
  return step(plan, index).parameters as Json;
}

interface BrokenCase {
  name: string;
  break: (plan: Plan) => unknown;
  options?: PlanValidationOptions;
  /** Every expected finding as `path: message`, in order; a RegExp where the wording is the expression parser's. */
  expected: Array<string | RegExp>;
}

const ALL_TYPES = STEP_TYPES.join(', ');

const brokenPlans: BrokenCase[] = [
  // ---- schema: the plan format and each step type's parameters
  {
    name: 'the plan key is missing',
    break: () => ({ traceability: true }),
    expected: ["(root): must have required property 'plan'"],
  },
  {
    name: 'traceability is missing',
    break: (plan) => ({ plan: plan.plan }),
    expected: ["(root): must have required property 'traceability'"],
  },
  {
    name: 'traceability is a string',
    break: (plan) => ({ ...plan, traceability: 'yes' }),
    expected: ['traceability: must be boolean (got string)'],
  },
  {
    name: 'the plan is an object instead of a list',
    break: (plan) => ({ plan: { steps: plan.plan }, traceability: true }),
    expected: ['plan: must be array (got object)'],
  },
  {
    name: 'the document carries an unknown top-level key',
    break: (plan) => ({ ...plan, reasoning: 'because' }),
    expected: ["(root): must NOT have additional property 'reasoning' (allowed: task, plan, traceability)"],
  },
  {
    name: 'a step is a string, so steps depending on it lose their dependency',
    break: (plan) => {
      plan.plan[0] = 'search' as unknown as Json;
      return plan;
    },
    expected: ['plan.0: must be object (got string)', 'plan.2.dependencies.0: step 1 does not exist'],
  },
  {
    name: 'a step type is unknown',
    break: (plan) => {
      step(plan, 0).type = 'semantic_search';
      return plan;
    },
    expected: [`plan.0.type: must be one of [${ALL_TYPES}]`],
  },
  {
    name: 'a modality is unknown',
    break: (plan) => {
      step(plan, 0).modality = 'pdf';
      return plan;
    },
    expected: ['plan.0.modality: must be one of [text, image, audio, table, video]'],
  },
  {
    name: 'a step id is 0',
    break: (plan) => {
      step(plan, 6).step_id = 0;
      return plan;
    },
    expected: ['plan.6.step_id: must be >= 1'],
  },
  {
    name: 'a step id is a string',
    break: (plan) => {
      step(plan, 6).step_id = '7';
      return plan;
    },
    expected: ['plan.6.step_id: must be integer (got string)'],
  },
  {
    name: 'a step has no dependencies field',
    break: (plan) => {
      delete step(plan, 0).dependencies;
      return plan;
    },
    expected: ["plan.0: must have required property 'dependencies'"],
  },
  {
    name: 'a step field is misspelled',
    break: (plan) => {
      const first = step(plan, 0);
      first.depends_on = first.dependencies;
      delete first.dependencies;
      return plan;
    },
    expected: [
      "plan.0: must have required property 'dependencies'",
      "plan.0: must NOT have additional property 'depends_on' (allowed: step_id, type, modality, parameters, dependencies, trace, condition, aggregate, tool, params, on_dependency_skipped, on_error, retry, timeout_ms)",
    ],
  },
  {
    name: 'a dependency is listed twice',
    break: (plan) => {
      step(plan, 2).dependencies = [1, 2, 1];
      return plan;
    },
    expected: ['plan.2.dependencies: must NOT have duplicate items (items 0 and 2 are identical)'],
  },
  {
    name: 'parameters is a list',
    break: (plan) => {
      step(plan, 0).parameters = ['film directors'];
      return plan;
    },
    expected: ['plan.0.parameters: must be object (got array)'],
  },
  {
    name: 'a vector_search has no query',
    break: (plan) => {
      step(plan, 0).parameters = {};
      return plan;
    },
    expected: ["plan.0.parameters: must have required property 'query'"],
  },
  {
    name: 'a query is empty',
    break: (plan) => {
      params(plan, 0).query = '';
      return plan;
    },
    expected: ['plan.0.parameters.query: must NOT have fewer than 1 characters'],
  },
  {
    name: 'top_k is above 100',
    break: (plan) => {
      params(plan, 1).top_k = 500;
      return plan;
    },
    expected: ['plan.1.parameters.top_k: must be <= 100'],
  },
  {
    name: 'a parameter name is misspelled',
    break: (plan) => {
      step(plan, 0).parameters = { querry: 'film directors' };
      return plan;
    },
    expected: [
      "plan.0.parameters: must have required property 'query'",
      "plan.0.parameters: must NOT have additional property 'querry' (allowed: query, top_k, modality, metadata)",
    ],
  },
  {
    name: 'an aggregate method is unknown',
    break: (plan) => {
      params(plan, 2).method = 'merge';
      return plan;
    },
    expected: ['plan.2.parameters.method: must be one of [union, intersection, rank_fusion]'],
  },
  {
    name: 'an aggregate has no input steps',
    break: (plan) => {
      params(plan, 2).input_steps = [];
      return plan;
    },
    expected: ['plan.2.parameters.input_steps: must NOT have fewer than 1 items'],
  },
  {
    name: 'a filter has no criterion',
    break: (plan) => {
      step(plan, 3).parameters = { input_step: 3 };
      return plan;
    },
    expected: ['plan.3.parameters: must have at least one of the properties min_score, metadata, modality, max_results'],
  },
  {
    name: 'a metadata filter value is an object',
    break: (plan) => {
      step(plan, 3).parameters = { input_step: 3, metadata: { label: { is: 'important' } } };
      return plan;
    },
    expected: ['plan.3.parameters.metadata.label: must be string, number, boolean or null (got object)'],
  },
  {
    name: 'a graph_query has neither query nor related_to',
    break: (plan) => {
      plan.plan[1] = { step_id: 2, type: 'graph_query', modality: 'text', parameters: { depth: 2 }, dependencies: [], trace: {} };
      return plan;
    },
    expected: ['plan.1.parameters: must have at least one of the properties query, related_to'],
  },
  {
    name: 'a multi-hop asks for 5 hops',
    break: (plan) => {
      plan.plan[4] = { step_id: 5, type: 'multi-hop', modality: 'text', parameters: { input_step: 4, hops: 5 }, dependencies: [4], trace: {} };
      return plan;
    },
    expected: ['plan.4.parameters.hops: must be <= 4'],
  },
  {
    name: 'a conditional step has no expression',
    break: (plan) => {
      step(plan, 5).parameters = {};
      return plan;
    },
    expected: ["plan.5.parameters: must have required property 'expression'"],
  },
  {
    name: 'a condition is longer than 512 characters',
    break: (plan) => {
      step(plan, 6).condition = `step_6.result['value'] == '${'x'.repeat(600)}'`;
      return plan;
    },
    expected: ['plan.6.condition: must NOT have more than 512 characters'],
  },
  {
    name: 'on_dependency_skipped is not a known policy',
    break: (plan) => {
      step(plan, 6).on_dependency_skipped = 'ignore';
      return plan;
    },
    expected: ['plan.6.on_dependency_skipped: must be one of [skip, continue]'],
  },
  {
    name: 'an image_captioning step names neither file nor document',
    break: (plan) => {
      plan.plan.push({ step_id: 8, type: 'image_captioning', modality: 'image', parameters: {}, dependencies: [], trace: {} });
      return plan;
    },
    expected: ['plan.7.parameters: must have at least one of the properties file, document_id'],
  },
  // ---- semantic checks beyond the schema
  {
    name: 'the plan has no steps',
    break: () => ({ plan: [], traceability: true }),
    expected: ['plan: must contain at least one step'],
  },
  {
    name: 'two steps share an id',
    break: (plan) => {
      step(plan, 6).step_id = 2;
      return plan;
    },
    expected: ['plan.6.step_id: duplicate step id 2'],
  },
  {
    name: 'a dependency does not exist',
    break: (plan) => {
      step(plan, 6).dependencies = [5, 6, 9];
      return plan;
    },
    expected: ['plan.6.dependencies.2: step 9 does not exist'],
  },
  {
    name: 'a step depends on itself',
    break: (plan) => {
      step(plan, 6).dependencies = [5, 6, 7];
      return plan;
    },
    expected: ['plan.6.dependencies.2: step 7 depends on itself'],
  },
  {
    name: 'two steps depend on each other',
    break: (plan) => {
      step(plan, 0).dependencies = [3];
      return plan;
    },
    expected: ['plan: dependency cycle 1 -> 3 -> 1'],
  },
  {
    name: 'a long chain loops back',
    break: (plan) => {
      step(plan, 0).dependencies = [5];
      return plan;
    },
    expected: ['plan: dependency cycle 1 -> 5 -> 4 -> 3 -> 1'],
  },
  {
    name: 'an input_step is not a dependency',
    break: (plan) => {
      params(plan, 4).input_step = 3;
      return plan;
    },
    expected: ["plan.4.parameters.input_step: step 3 is not in this step's dependencies [4]"],
  },
  {
    name: 'one of the input_steps is not a dependency',
    break: (plan) => {
      params(plan, 2).input_steps = [1, 2, 4];
      return plan;
    },
    expected: ["plan.2.parameters.input_steps.2: step 4 is not in this step's dependencies [1, 2]"],
  },
  {
    name: 'the aggregate field names a step that is not a dependency',
    break: (plan) => {
      step(plan, 6).aggregate = [1];
      return plan;
    },
    expected: ["plan.6.aggregate.0: step 1 is not in this step's dependencies [5, 6]"],
  },
  {
    name: 'a tool_call names no tool',
    break: (plan) => {
      plan.plan.push({ step_id: 8, type: 'tool_call', modality: 'text', parameters: { args: {} }, dependencies: [], trace: {} });
      return plan;
    },
    expected: ['plan.7: a tool_call step needs a tool name in parameters.tool or tool'],
  },
  {
    name: 'a tool_call names two different tools',
    break: (plan) => {
      plan.plan.push({ step_id: 8, type: 'tool_call', modality: 'text', parameters: { tool: 'search' }, tool: 'web.search', dependencies: [], trace: {} });
      return plan;
    },
    expected: ["plan.7.tool: names tool 'web.search' but parameters.tool names 'search'"],
  },
  {
    name: 'a tool is not on the allow-list',
    break: (plan) => {
      plan.plan.push({ step_id: 8, type: 'tool_call', modality: 'text', parameters: { tool: 'shell.exec' }, dependencies: [], trace: {} });
      return plan;
    },
    options: { allowedTools: ['web.search', 'calculator'] },
    expected: ["plan.7.parameters.tool: tool 'shell.exec' is not available (available: web.search, calculator)"],
  },
  {
    name: 'an audio_transcription step is not audio',
    break: (plan) => {
      plan.plan.push({ step_id: 8, type: 'audio_transcription', modality: 'text', parameters: { file: 'talk.mp3' }, dependencies: [], trace: {} });
      return plan;
    },
    expected: ['plan.7.modality: must be audio for step type audio_transcription (got text)'],
  },
  {
    name: 'the plan has more steps than allowed',
    break: (plan) => plan,
    options: { maxSteps: 5 },
    expected: ['plan: has 7 steps, more than the limit of 5'],
  },
  {
    name: 'a step has more dependents than allowed',
    break: (plan) => plan,
    options: { maxFanOut: 1 },
    expected: ['plan.4: step 5 has 2 dependents, more than the limit of 1'],
  },
  {
    name: 'a step type is not allowed for this request',
    break: (plan) => plan,
    options: { allowedStepTypes: ['vector_search', 'keyword_search', 'aggregate', 'filter', 'conditional', 'llm_call'] },
    expected: ['plan.4.type: step type rerank is not allowed here (allowed: vector_search, keyword_search, aggregate, filter, conditional, llm_call)'],
  },
  {
    name: 'a condition does not parse',
    break: (plan) => {
      step(plan, 6).condition = "step_6.result['value'] ==";
      return plan;
    },
    expected: [/^plan\.6\.condition: does not parse \(column \d+: .+\)$/],
  },
  {
    name: 'a condition reads a step that runs later',
    break: (plan) => {
      step(plan, 4).condition = "step_6.result['value'] == True";
      return plan;
    },
    expected: ["plan.4.condition: references step_6, which is not among this step's dependencies (direct or transitive)"],
  },
  {
    name: 'a condition reads a step that does not exist',
    break: (plan) => {
      step(plan, 6).condition = "step_12.result['value'] == True";
      return plan;
    },
    expected: ['plan.6.condition: references step_12, which does not exist'],
  },
  {
    name: 'a condition reads its own step',
    break: (plan) => {
      step(plan, 6).condition = "step_7.result['value'] == True";
      return plan;
    },
    expected: ['plan.6.condition: references step_7, the step itself; only steps it depends on can be referenced'],
  },
  {
    name: 'a conditional expression reads a later step',
    break: (plan) => {
      params(plan, 5).expression = 'step_7.result == 1';
      return plan;
    },
    expected: ["plan.5.parameters.expression: references step_7, which is not among this step's dependencies (direct or transitive)"],
  },
  {
    name: 'a template in a query reads a step that is not a dependency',
    break: (plan) => {
      params(plan, 0).query = 'about {{ step_2.result.documents[0].title }}';
      return plan;
    },
    expected: ["plan.0.parameters.query: references step_2, which is not among this step's dependencies (direct or transitive)"],
  },
  {
    name: 'a template placeholder is not closed',
    break: (plan) => {
      params(plan, 6).prompt = 'Answer {{ step_5.result';
      return plan;
    },
    expected: [/^plan\.6\.parameters\.prompt: does not parse \(column 8: .+\)$/],
  },
  {
    name: 'several independent problems are present',
    break: (plan) => {
      step(plan, 0).type = 'semantic_search';
      params(plan, 2).method = 'merge';
      step(plan, 4).dependencies = [4, 11];
      step(plan, 6).condition = 'step_9.result';
      return { ...plan, traceability: 1 };
    },
    expected: [
      'traceability: must be boolean (got integer)',
      `plan.0.type: must be one of [${ALL_TYPES}]`,
      'plan.2.parameters.method: must be one of [union, intersection, rank_fusion]',
      'plan.4.dependencies.1: step 11 does not exist',
      'plan.6.condition: references step_9, which does not exist',
    ],
  },
];

describe('validatePlan', () => {
  it.each(seedFixtures)('accepts the seed 004 example %s unchanged', (name) => {
    // Prepare
    const plan: unknown = JSON.parse(readFileSync(join(fixtures, name), 'utf8'));

    // Act
    const result = validatePlan(plan);

    // Assess
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it.skipIf(!existsSync(seed004))('holds every JSON example of seed 004 as a fixture, byte for byte', () => {
    // Prepare
    const blocks = [...readFileSync(seed004, 'utf8').matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]);

    // Act
    const stored = seedFixtures.map((name) => readFileSync(join(fixtures, name), 'utf8'));

    // Assess
    expect(blocks).toHaveLength(7);
    expect([...stored].sort()).toEqual([...blocks].sort());
  });

  it('accepts the base plan of the broken-plan table', () => {
    // Act
    const result = validatePlan(basePlan());

    // Assess
    expect(result).toEqual({ valid: true, errors: [] });
  });

  it.each(brokenPlans)('reports the fault when $name', ({ break: breakPlan, options, expected }) => {
    // Prepare
    const candidate = breakPlan(basePlan());

    // Act
    const result = validatePlan(candidate, options);

    // Assess
    const lines = result.errors.map((issue) => `${issue.path}: ${issue.message}`);
    expect(result.valid).toBe(false);
    expect(lines).toHaveLength(expected.length);
    expected.forEach((want, index) => {
      if (typeof want === 'string') expect(lines[index]).toBe(want);
      else expect(lines[index]).toMatch(want);
    });
  });

  it('has at least 30 distinct broken plans in its table', () => {
    expect(new Set(brokenPlans.map((entry) => entry.name)).size).toBeGreaterThanOrEqual(30);
  });

  it('tags findings with the check that made them', () => {
    // Prepare
    const plan = basePlan();
    step(plan, 0).modality = 'pdf';
    step(plan, 6).dependencies = [5, 6, 9];

    // Act
    const { errors } = validatePlan(plan);

    // Assess
    expect(errors.map((issue) => [issue.path, issue.source])).toEqual([
      ['plan.0.modality', 'schema'],
      ['plan.6.dependencies.2', 'semantic'],
    ]);
  });

  it('accepts a condition on a transitive dependency', () => {
    // Prepare: step 7 depends on 5 and 6 only, step 1 is reached through 5 -> 4 -> 3 -> 1.
    const plan = basePlan();
    step(plan, 6).condition = "len(step_1.result['documents']) > 0";

    // Act
    const result = validatePlan(plan);

    // Assess
    expect(result.errors).toEqual([]);
  });

  it('matches service.method and service_method tool names against the allow-list', () => {
    // Prepare
    const plan = basePlan();
    plan.plan.push({ step_id: 8, type: 'tool_call', modality: 'text', parameters: {}, tool: 'web_search', dependencies: [], trace: {} });

    // Act
    const result = validatePlan(plan, { allowedTools: ['web.search'] });

    // Assess
    expect(result.errors).toEqual([]);
  });

  it('reports a cycle once per strongly connected part when there are two', () => {
    // Prepare
    const plan = basePlan();
    step(plan, 0).dependencies = [3];
    step(plan, 5).dependencies = [5, 7];

    // Act
    const lines = validatePlan(plan).errors.map((issue) => `${issue.path}: ${issue.message}`);

    // Assess
    expect(lines).toEqual(['plan: dependency cycle 1 -> 3 -> 1', 'plan: dependency cycle 6 -> 7 -> 6']);
  });

  it('reports only the step count when a plan is far larger than the limit', () => {
    // Prepare: 2,000 steps, each depending on the one before and with a condition on it.
    const plan = {
      plan: Array.from({ length: 2000 }, (_, index) => ({
        step_id: index + 1,
        type: 'vector_search',
        modality: 'text',
        parameters: { query: 'q' },
        dependencies: index === 0 ? [] : [index],
        trace: {},
        ...(index === 0 ? {} : { condition: `step_${index}.skipped == False` }),
      })),
      traceability: true,
    };

    // Act
    const lines = validatePlan(plan).errors.map((issue) => `${issue.path}: ${issue.message}`);

    // Assess
    expect(lines).toEqual(['plan: has 2000 steps, more than the limit of 20']);
  });

  it('reports a value that is not a plan at all without crashing', () => {
    expect(validatePlan(null).errors).toEqual([{ path: '(root)', message: 'must be object (got null)', source: 'schema' }]);
    expect(validatePlan([1, 2]).errors).toEqual([{ path: '(root)', message: 'must be object (got array)', source: 'schema' }]);
  });
});

describe('assertValidPlan', () => {
  it('returns the plan when it is valid', () => {
    // Prepare
    const plan = basePlan();

    // Act / Assess
    expect(assertValidPlan(plan)).toBe(plan);
  });

  it('throws PlanValidationError carrying every finding when the plan is invalid', () => {
    // Prepare
    const plan = basePlan();
    step(plan, 0).modality = 'pdf';
    step(plan, 6).dependencies = [5, 6, 9];

    // Act
    let thrown: unknown;
    try {
      assertValidPlan(plan);
    } catch (error) {
      thrown = error;
    }

    // Assess
    expect(thrown).toBeInstanceOf(PlanValidationError);
    const error = thrown as PlanValidationError;
    expect(error.message).toBe('invalid plan: plan.0.modality: must be one of [text, image, audio, table, video] (and 1 more)');
    expect(error.issues).toHaveLength(2);
  });
});
