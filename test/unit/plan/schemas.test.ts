import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import {
  analysisSchema,
  checkPlanSchema,
  checkStepParameters,
  documentSchema,
  planRequestSchema,
  planSchema,
  stepParameterSchemas,
  validateAnalysis,
  validateDocument,
  validatePlanRequest,
} from '../../../functions/core/plan/schemas.js';
import {
  type CorpusDocument,
  type DecompositionPlan,
  type DecompositionStep,
  MODALITIES,
  type PlanOptions,
  type PlanRequest,
  STEP_TYPES,
  type TaskAnalysis,
} from '../../../functions/core/types.js';

const here = dirname(fileURLToPath(import.meta.url));
const schemaDir = join(here, '../../../schemas');

type Json = Record<string, unknown>;

// Compile-time lists of each type's keys, marked required or optional: `satisfies` fails the
// type check when a key is added to or removed from types.ts, or changes optionality, and the
// runtime assertions then hold the schemas to the same lists. Types and schemas cannot drift.
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type KeyKinds<T> = { [K in keyof T]-?: K extends RequiredKeys<T> ? 'required' : 'optional' };

const stepKeys = {
  step_id: 'required',
  type: 'required',
  modality: 'required',
  parameters: 'required',
  dependencies: 'required',
  trace: 'required',
  condition: 'optional',
  aggregate: 'optional',
  tool: 'optional',
  params: 'optional',
  on_dependency_skipped: 'optional',
  on_error: 'optional',
  retry: 'optional',
  timeout_ms: 'optional',
} as const satisfies KeyKinds<DecompositionStep>;
const planKeys = { task: 'optional', plan: 'required', traceability: 'required' } as const satisfies KeyKinds<DecompositionPlan>;
const analysisKeys = {
  complexity: 'required',
  requires_tools: 'required',
  requires_routing: 'required',
  suggested_step_types: 'required',
  key_entities: 'required',
  intent: 'required',
  task_kind: 'optional',
} as const satisfies KeyKinds<TaskAnalysis>;
const requestKeys = {
  task: 'required',
  context: 'optional',
  constraints: 'optional',
  corpus: 'optional',
  tools: 'optional',
  options: 'optional',
  plan: 'optional',
  idempotencyKey: 'optional',
  origin: 'optional',
} as const satisfies KeyKinds<PlanRequest>;
const optionKeys = {
  analyze: 'optional',
  maxIterations: 'optional',
  maxSteps: 'optional',
  concurrency: 'optional',
  topK: 'optional',
  attributionTopN: 'optional',
  plan: 'optional',
  maxLlmCalls: 'optional',
  maxTokens: 'optional',
  maxLlmMs: 'optional',
  promptTemplates: 'optional',
  cache: 'optional',
  mode: 'optional',
  maxRounds: 'optional',
  duplicateGuard: 'optional',
} as const satisfies KeyKinds<PlanOptions>;
const documentKeys = {
  id: 'required',
  title: 'optional',
  text: 'required',
  modality: 'optional',
  metadata: 'optional',
} as const satisfies KeyKinds<CorpusDocument>;

function shape(schema: Json): { properties: string[]; required: string[] } {
  return {
    properties: Object.keys(schema.properties as Json).sort(),
    required: [...((schema.required as string[] | undefined) ?? [])].sort(),
  };
}

function expectedShape(keys: Record<string, 'required' | 'optional'>): { properties: string[]; required: string[] } {
  return {
    properties: Object.keys(keys).sort(),
    required: Object.entries(keys)
      .filter(([, kind]) => kind === 'required')
      .map(([key]) => key)
      .sort(),
  };
}

const lines = (issues: ReadonlyArray<{ path: string; message: string }>): string[] => issues.map((issue) => `${issue.path}: ${issue.message}`);

describe('schemas agree with types.ts', () => {
  it('lists exactly the step types and modalities of types.ts', () => {
    // Prepare
    const step = (planSchema.$defs as Json).step as Json;
    const properties = step.properties as Record<string, Json>;

    // Assess
    expect(properties.type?.enum).toEqual([...STEP_TYPES]);
    expect(properties.modality?.enum).toEqual([...MODALITIES]);
    const suggested = (analysisSchema.properties as Record<string, Json>).suggested_step_types;
    expect((suggested!.items as Json).enum).toEqual([...STEP_TYPES]);
    expect((documentSchema.properties as Record<string, Json>).modality?.enum).toEqual([...MODALITIES]);
  });

  it('declares the fields of each type, required where the type requires them', () => {
    // Prepare
    const step = (planSchema.$defs as Json).step as Json;
    const options = (planRequestSchema.properties as Json).options as Json;

    // Assess
    expect(shape(step)).toEqual(expectedShape(stepKeys));
    expect(shape(planSchema)).toEqual(expectedShape(planKeys));
    expect(shape(analysisSchema)).toEqual(expectedShape(analysisKeys));
    expect(shape(planRequestSchema)).toEqual(expectedShape(requestKeys));
    expect(shape(options)).toEqual(expectedShape(optionKeys));
    expect(shape(documentSchema)).toEqual(expectedShape(documentKeys));
  });

  it('has one parameter schema file per step type, named after it, and no other', () => {
    // Prepare
    const files = readdirSync(join(schemaDir, 'steps')).sort();

    // Assess
    expect(files).toEqual(STEP_TYPES.map((type) => `${type}.schema.json`).sort());
    for (const type of STEP_TYPES) {
      const onDisk: unknown = JSON.parse(readFileSync(join(schemaDir, 'steps', `${type}.schema.json`), 'utf8'));
      expect(stepParameterSchemas[type]).toEqual(onDisk);
      expect(stepParameterSchemas[type].$id).toMatch(new RegExp(`/steps/${type}\\.schema\\.json$`));
      expect(stepParameterSchemas[type].$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    }
  });

  it('uses the modality list of types.ts wherever a step parameter names a modality', () => {
    for (const type of STEP_TYPES) {
      const modality = (stepParameterSchemas[type].properties as Record<string, Json>).modality;
      if (modality !== undefined) expect(modality.enum).toEqual([...MODALITIES]);
    }
  });
});

describe('checkStepParameters', () => {
  const valid: Array<[(typeof STEP_TYPES)[number], Json]> = [
    ['vector_search', { query: 'q', top_k: 3, modality: 'image', metadata: { year: 2020, label: 'x', ok: true, gone: null } }],
    ['keyword_search', { query: 'q' }],
    ['filter', { input_step: 1, max_results: 2 }],
    ['rerank', { input_step: 1, query: 'q', top_k: 10 }],
    ['aggregate', { input_steps: [1, 2], method: 'intersection', top_k: 4 }],
    ['conditional', { expression: 'step_1.skipped' }],
    ['llm_call', { prompt: 'Summarize.', input_steps: [1, 2], max_tokens: 300 }],
    ['graph_query', { related_to: 'x', depth: 3 }],
    ['multi-hop', { input_step: 1, hops: 1, query: 'q', top_k: 2 }],
    ['tool_call', {}],
    ['tool_call', { tool: 'calculator', args: { expression: '1+1' } }],
    ['audio_transcription', { document_id: 'talk-1' }],
    ['image_captioning', { file: 'photo.png' }],
  ];

  it.each(valid)('accepts valid %s parameters', (type, parameters) => {
    expect(checkStepParameters(type, parameters, 'p')).toEqual([]);
  });

  it('reports an unknown key with the keys the type allows when a tool_call has a typo', () => {
    expect(lines(checkStepParameters('tool_call', { tool: 'x', arguments: {} }, 'plan.0.parameters'))).toEqual([
      "plan.0.parameters: must NOT have additional property 'arguments' (allowed: tool, args)",
    ]);
  });

  it('reports a rerank input_step below 1 when it is 0', () => {
    expect(lines(checkStepParameters('rerank', { input_step: 0 }, 'plan.1.parameters'))).toEqual(['plan.1.parameters.input_step: must be >= 1']);
  });

  it('reports the expected type and the type found when a value has the wrong type', () => {
    expect(lines(checkStepParameters('llm_call', { prompt: 42, input_steps: [1, 1.5] }, 'plan.2.parameters'))).toEqual([
      'plan.2.parameters.prompt: must be string (got integer)',
      'plan.2.parameters.input_steps.1: must be integer (got number)',
    ]);
  });
});

describe('checkPlanSchema', () => {
  it('does not check parameters when the step type itself is invalid', () => {
    // Prepare
    const plan = { plan: [{ step_id: 1, type: 'search', modality: 'text', parameters: { anything: 1 }, dependencies: [], trace: {} }], traceability: false };

    // Act / Assess
    expect(lines(checkPlanSchema(plan))).toEqual([`plan.0.type: must be one of [${STEP_TYPES.join(', ')}]`]);
  });

  it('reports a path with a slash in a key as written when a metadata key holds one', () => {
    // Prepare
    const plan = {
      plan: [{ step_id: 1, type: 'vector_search', modality: 'text', parameters: { query: 'q', metadata: { 'a/b': [] } }, dependencies: [], trace: {} }],
      traceability: true,
    };

    // Act / Assess
    expect(lines(checkPlanSchema(plan))).toEqual(['plan.0.parameters.metadata.a/b: must be string, number, boolean or null (got array)']);
  });
});

describe('validateAnalysis', () => {
  const analysis = (): Json => ({
    complexity: 'moderate',
    requires_tools: false,
    requires_routing: true,
    suggested_step_types: ['vector_search', 'conditional'],
    key_entities: ['premium user'],
    intent: 'Email premium users',
    task_kind: 'conditional',
  });

  it('accepts a complete analysis', () => {
    expect(validateAnalysis(analysis())).toEqual([]);
  });

  it('reports every missing field when the analysis is empty', () => {
    expect(lines(validateAnalysis({}))).toEqual([
      "(root): must have required property 'complexity'",
      "(root): must have required property 'requires_tools'",
      "(root): must have required property 'requires_routing'",
      "(root): must have required property 'suggested_step_types'",
      "(root): must have required property 'key_entities'",
      "(root): must have required property 'intent'",
    ]);
  });

  it('reports the complexity values and the bad step type when both are wrong', () => {
    // Prepare
    const value = { ...analysis(), complexity: 'hard', suggested_step_types: ['vector_search', 'router'] };

    // Act / Assess
    expect(lines(validateAnalysis(value))).toEqual([
      'complexity: must be one of [simple, moderate, complex]',
      `suggested_step_types.1: must be one of [${STEP_TYPES.join(', ')}]`,
    ]);
  });

  it("reports seed 000's field name as unknown when the analysis uses suggested_node_types", () => {
    // Prepare
    const { suggested_step_types: types, ...rest } = analysis();
    const value = { ...rest, suggested_node_types: types };

    // Act / Assess
    expect(lines(validateAnalysis(value))).toEqual([
      "(root): must have required property 'suggested_step_types'",
      "(root): must NOT have additional property 'suggested_node_types' (allowed: complexity, requires_tools, requires_routing, suggested_step_types, key_entities, intent, task_kind)",
    ]);
  });
});

describe('validatePlanRequest', () => {
  it('accepts a minimal request and a full one', () => {
    // Prepare
    const plan: unknown = JSON.parse(readFileSync(join(here, '../../fixtures/plans/seed-004-filter.json'), 'utf8'));
    const full = {
      task: 'Who directed Alien?',
      context: 'film trivia',
      constraints: { language: 'en' },
      corpus: 'examples/corpus.jsonl',
      tools: ['web.search'],
      options: { analyze: false, maxIterations: 3, maxSteps: 10, concurrency: 4, topK: 5, attributionTopN: 1, plan },
    };

    // Act / Assess
    expect(validatePlanRequest({ task: 'Who directed Alien?' })).toEqual([]);
    expect(validatePlanRequest(full)).toEqual([]);
  });

  it('reports the length fault alone when the task is empty', () => {
    expect(lines(validatePlanRequest({ task: '' }))).toEqual(['task: must NOT have fewer than 1 characters']);
  });

  it('reports a blank task when it holds only spaces', () => {
    expect(lines(validatePlanRequest({ task: '   ' }))).toEqual(['task: must contain a non-whitespace character']);
  });

  it('reports a task over 1,000,000 characters (the configured byte limit, 8 KB by default, is checked at intake)', () => {
    expect(lines(validatePlanRequest({ task: 'x'.repeat(1_000_001) }))).toEqual(['task: must NOT have more than 1000000 characters']);
  });

  it('reports unknown keys at the top and in options', () => {
    expect(lines(validatePlanRequest({ task: 't', prompt: 'p', options: { max_steps: 3 } }))).toEqual([
      "(root): must NOT have additional property 'prompt' (allowed: task, context, constraints, corpus, tools, plan, options, idempotencyKey, origin)",
      "options: must NOT have additional property 'max_steps' (allowed: analyze, maxIterations, maxSteps, concurrency, topK, attributionTopN, plan, maxLlmCalls, maxTokens, maxLlmMs, promptTemplates, cache, mode, maxRounds, duplicateGuard)",
    ]);
  });

  it('reports a missing task and a non-string tool together', () => {
    expect(lines(validatePlanRequest({ tools: ['a', 7] }))).toEqual(["(root): must have required property 'task'", 'tools.1: must be string (got integer)']);
  });

  it('checks an inline plan with the plan schema and the parameter schemas', () => {
    // Prepare
    const plan = {
      plan: [{ step_id: 1, type: 'vector_search', modality: 'txt', parameters: {}, dependencies: [], trace: {} }],
      traceability: true,
    };

    // Act / Assess
    expect(lines(validatePlanRequest({ task: 't', options: { plan } }))).toEqual([
      'options.plan.plan.0.modality: must be one of [text, image, audio, table, video]',
      "options.plan.plan.0.parameters: must have required property 'query'",
    ]);
  });
});

describe('validateDocument', () => {
  it('accepts a document with every field', () => {
    expect(validateDocument({ id: 'd1', title: 'T', text: 'body', modality: 'table', metadata: { year: 1999 } })).toEqual([]);
  });

  it('reports under the given location when a corpus line is broken', () => {
    expect(lines(validateDocument({ id: '', body: 'x', modality: 'pdf' }, 'corpus.jsonl:3'))).toEqual([
      "corpus.jsonl:3: must have required property 'text'",
      "corpus.jsonl:3: must NOT have additional property 'body' (allowed: id, title, text, modality, metadata)",
      'corpus.jsonl:3.id: must NOT have fewer than 1 characters',
      'corpus.jsonl:3.modality: must be one of [text, image, audio, table, video]',
    ]);
  });

  it('tags its findings as schema findings', () => {
    expect(validateDocument('text')).toEqual([{ path: '(root)', message: 'must be object (got string)', source: 'schema' }]);
  });
});

describe('shipped schemas', () => {
  it('are frozen, so that adapting one for a prompt needs a copy', () => {
    expect(Object.isFrozen(planSchema)).toBe(true);
    expect(() => {
      (stepParameterSchemas.vector_search.required as string[]).push('top_k');
    }).toThrow(TypeError);
  });
});
