/**
 * The step catalog is the one list of step types: everything else that depends on the types is
 * derived from it, and these tests fail when something lists them by hand and drifts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeStep } from '../../../cli/view/step-label.js';
import { analysisSchema, planSchema, stepParameterSchemas } from '../../../functions/core/plan/schemas.js';
import { STEP_FACTS } from '../../../functions/core/steps/catalog.generated.js';
import {
  CATALOG_STEP_TYPES,
  EXECUTABLE_STEP_TYPES,
  policyOnSkip,
  RANKING_TYPES,
  STEP_CATALOG,
  STEP_OPERATORS,
  SUBQUERY_TYPES,
  stepPolicy,
} from '../../../functions/core/steps/index.js';
import { type DecompositionStep, MODALITIES, STEP_TYPES, type StepType } from '../../../functions/core/types.js';

type Json = Record<string, unknown>;
const schemaDir = fileURLToPath(new URL('../../../schemas/', import.meta.url));
const stepsDir = fileURLToPath(new URL('../../../functions/core/steps/', import.meta.url));
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;

const step = (type: StepType, parameters: Record<string, unknown> = {}): DecompositionStep => ({
  step_id: 1,
  type,
  modality: 'text',
  parameters,
  dependencies: [],
  trace: {},
});

/** Every `enum` in a JSON document, with where it is. */
function enums(value: unknown, at: string, found: Array<{ at: string; values: unknown[] }> = []) {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) enums(item, `${at}/${i}`, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'enum' && Array.isArray(item)) found.push({ at, values: item });
      else enums(item, `${at}/${key}`, found);
    }
  }
  return found;
}

describe('Module: steps/index (the step catalog)', () => {
  it('gives the generated names of every step type, in its order', () => {
    expect(CATALOG_STEP_TYPES).toEqual([...STEP_TYPES]);
    expect(Object.keys(STEP_FACTS)).toEqual([...STEP_TYPES]);
    expect([...EXECUTABLE_STEP_TYPES]).toEqual([...STEP_TYPES]);
  });

  it('has one module per step type, named after it', () => {
    // Prepare: the modules that are not a step type's own, and operators/, the algorithms the steps use.
    const shared = [
      'answer-schema.ts',
      'catalog.generated.ts',
      'documents.ts',
      'index.ts',
      'media.ts',
      'operators',
      'schemas.generated.ts',
      'search.ts',
      'step.ts',
    ];

    // Act
    const modules = readdirSync(stepsDir).filter((file) => !shared.includes(file));

    // Assess
    expect(modules.sort()).toEqual(STEP_TYPES.map((type) => `${type}.ts`).sort());
  });

  it.each([...STEP_TYPES])('%s holds its schema, operator, policies, roles and modality', (type) => {
    // Prepare
    const definition = STEP_CATALOG[type];
    const onDisk = readJson(join(schemaDir, 'steps', `${type}.schema.json`));

    // Assess: the schema is the file of its type, and the one the validator uses.
    expect(definition.schema.$id).toBe(`https://cairn.example/schemas/steps/${type}.schema.json`);
    expect(definition.schema).toEqual(onDisk);
    expect(stepParameterSchemas[type]).toBe(definition.schema);
    expect(onDisk.additionalProperties).toBe(false);
    // The operator table is the catalog's.
    expect(typeof definition.operator).toBe('function');
    expect(STEP_OPERATORS[type]).toBe(definition.operator);
    // Policies a step inherits unless it declares its own.
    expect(['retry', 'skip', 'abort']).toContain(definition.errorPolicy.strategy);
    expect(definition.errorPolicy.maxAttempts).toBeGreaterThanOrEqual(1);
    expect(definition.errorPolicy.timeoutMs).toBeGreaterThan(0);
    expect(stepPolicy(step(type)).timeoutMs).toBe(definition.errorPolicy.timeoutMs);
    expect(policyOnSkip(step(type))).toBe(definition.onDependencySkipped);
    // Roles: a sub-query always ranks; the generated facts say the same as the module.
    if (definition.subquery) expect(definition.ranking).toBe(true);
    expect(SUBQUERY_TYPES.has(type)).toBe(definition.subquery);
    expect(RANKING_TYPES.has(type)).toBe(definition.ranking);
    expect(STEP_FACTS[type]).toEqual({
      subquery: definition.subquery,
      ranking: definition.ranking,
      onDependencySkipped: definition.onDependencySkipped,
      ...(definition.modality !== undefined ? { modality: definition.modality } : {}),
      ...(definition.label !== undefined ? { label: definition.label } : {}),
    });
    if (definition.modality !== undefined) expect(MODALITIES).toContain(definition.modality);
  });

  it('derives the source sets from the roles', () => {
    expect([...SUBQUERY_TYPES].sort()).toEqual(['graph_query', 'keyword_search', 'multi-hop', 'vector_search']);
    expect([...RANKING_TYPES].sort()).toEqual(['aggregate', 'dedupe', 'filter', 'graph_query', 'keyword_search', 'multi-hop', 'rerank', 'vector_search']);
  });

  it('lets a step override the policies of its type', () => {
    expect(policyOnSkip({ ...step('aggregate'), on_dependency_skipped: 'skip' })).toBe('skip');
    expect(policyOnSkip({ ...step('keyword_search'), on_dependency_skipped: 'continue' })).toBe('continue');
  });
});

describe('Schema enums of step types', () => {
  it('are written once, generated from the catalog, and referenced by the plan and analysis schemas', () => {
    // Prepare
    const generated = readJson(join(schemaDir, 'step-types.generated.json'));
    const plan = readJson(join(schemaDir, 'plan.schema.json'));
    const analysis = readJson(join(schemaDir, 'analysis.schema.json'));

    // Assess
    expect(generated.enum).toEqual(CATALOG_STEP_TYPES);
    expect(((plan.$defs as Json).step as Json).properties).toMatchObject({ type: { $ref: 'step-types.generated.json' } });
    expect(((analysis.properties as Json).suggested_step_types as Json).items).toEqual({ $ref: 'step-types.generated.json' });
  });

  it('are not repeated by hand in any schema file', () => {
    // Act: every enum of every schema of schemas/ that lists step types: most of its values are
    // step types (a list of task kinds that holds "conditional" beside five others is not one).
    const files = readdirSync(schemaDir).filter((file) => file.endsWith('.json'));
    const isStepType = (value: unknown) => (STEP_TYPES as readonly unknown[]).includes(value);
    const listing = files.flatMap((file) =>
      enums(readJson(join(schemaDir, file)), file).filter(({ values }) => values.filter(isStepType).length * 2 > values.length),
    );

    // Assess
    expect(listing.map(({ at }) => at)).toEqual(['step-types.generated.json']);
  });

  it('are written out in the schemas the code hands to prompts and providers', () => {
    const stepSchema = (planSchema.$defs as Json).step as Json;
    expect((stepSchema.properties as Json).type).toEqual({
      enum: [...CATALOG_STEP_TYPES],
      description: "The step type, one of the step catalog's; it selects the schema of `parameters`.",
    });
    expect(((analysisSchema.properties as Json).suggested_step_types as Json).items).toEqual({ enum: [...CATALOG_STEP_TYPES] });
    expect(JSON.stringify(planSchema)).not.toContain('$ref":"step-types');
  });
});

describe('Labels', () => {
  it.each([
    ['keyword_search', { query: 'population of Lyon', top_k: 3 }, '"population of Lyon" top 3'],
    ['vector_search', { query: 'rivers' }, '"rivers"'],
    ['filter', { input_step: 2, min_score: 0.5, modality: 'text' }, 'of step 2: min_score=0.5 modality="text"'],
    ['rerank', { input_step: 3, top_k: 5 }, 'step 3 to top 5'],
    ['rerank', { input_step: 3 }, 'step 3'],
    ['aggregate', { method: 'rank_fusion', input_steps: [1, 2] }, 'rank_fusion of steps 1, 2'],
    ['dedupe', { input_steps: [1, 2], threshold: 0.8 }, 'steps 1, 2 at 0.8'],
    ['dedupe', { input_steps: [4] }, 'steps 4'],
    ['conditional', { expression: 'step_1.result.count > 0' }, 'step_1.result.count > 0'],
    ['llm_call', { prompt: 'Answer.' }, '"Answer."'],
    ['tool_call', { tool: 'corpus.get', args: { id: 'lyon' } }, '{"tool":"corpus.get","args":{"id":"lyon"}}'],
  ] as Array<[StepType, Record<string, unknown>, string]>)('describes a %s step from its parameters', (type, parameters, label) => {
    expect(describeStep({ type, parameters })).toBe(label);
  });

  it('clips long text', () => {
    expect(describeStep({ type: 'llm_call', parameters: { prompt: 'x'.repeat(100) } }, 10)).toBe(`"${'x'.repeat(9)}…"`);
  });
});
