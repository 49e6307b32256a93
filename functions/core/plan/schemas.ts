/**
 * The JSON Schemas of `schemas/`, compiled at build time (never per request), and their findings
 * translated into one-line findings: `plan.0.type: must be one of [...]`.
 */
import type { AnySchemaObject, ErrorObject } from 'ajv';
import analysisSchemaJson from '../../../schemas/analysis.schema.json' with { type: 'json' };
import documentSchemaJson from '../../../schemas/document.schema.json' with { type: 'json' };
import planSchemaJson from '../../../schemas/plan.schema.json' with { type: 'json' };
import planRequestSchemaJson from '../../../schemas/plan-request.schema.json' with { type: 'json' };
import { STEP_PARAMETER_SCHEMA_FILES } from '../steps/schemas.generated.js';
import { STEP_TYPES, type StepType, type ValidationIssue } from '../types.js';
import { analysis as analysisValidator } from './validators/analysis.generated.js';
import { document as documentValidator } from './validators/document.generated.js';
import * as planValidators from './validators/plan.generated.js';
import { planRequest as planRequestValidator } from './validators/plan-request.generated.js';
import * as toolValidators from './validators/tools.generated.js';

/** A JSON Schema document as shipped in `schemas/` (read-only: the compiled validators depend on it). */
export type JsonSchema = Readonly<AnySchemaObject> & { readonly $id: string };

/** Where the plan and analysis schemas name the step types: the enum generated from the step catalog. */
const STEP_TYPES_REF = 'step-types.generated.json';

/**
 * A copy of `schema` with the step types written out in place of their `$ref`, so that what a
 * prompt, a provider's structured output or the OpenAPI document shows stands on its own.
 */
function withStepTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withStepTypes);
  if (!isRecord(schema)) return schema;
  if (schema.$ref === STEP_TYPES_REF) {
    const { $ref: _ref, ...rest } = schema;
    return { enum: [...STEP_TYPES], ...rest };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withStepTypes(value)]));
}

export const planSchema = withStepTypes(planSchemaJson) as JsonSchema;
/**
 * The plan schema a planner writes to: without `task`, which a plan kept in a file carries for
 * its reader; a planner is given its task, and writing it back would only spend tokens.
 */
export const plannerPlanSchema: JsonSchema = (() => {
  const { properties, ...rest } = planSchema as unknown as { properties: Record<string, unknown> };
  const { task: _task, ...written } = properties;
  return { ...rest, properties: written } as unknown as JsonSchema;
})();
export const analysisSchema = withStepTypes(analysisSchemaJson) as JsonSchema;
export const planRequestSchema: JsonSchema = planRequestSchemaJson;
export const documentSchema: JsonSchema = documentSchemaJson;

/** The schema of `parameters` for each step type, as the step catalog names them. */
export const stepParameterSchemas: Readonly<Record<StepType, JsonSchema>> = STEP_PARAMETER_SCHEMA_FILES;

export type SchemaName = 'plan' | 'analysis' | 'plan-request' | 'document' | `steps/${StepType}`;

/** Every schema by name, e.g. for prompts that show the LLM what to write. */
export const schemasByName: Readonly<Record<SchemaName, JsonSchema>> = {
  plan: planSchema,
  analysis: analysisSchema,
  'plan-request': planRequestSchema,
  document: documentSchema,
  ...(Object.fromEntries(STEP_TYPES.map((type) => [`steps/${type}`, stepParameterSchemas[type]])) as Record<`steps/${StepType}`, JsonSchema>),
};

/** A validation function as ajv generates it: true when valid, `errors` set when not. */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

// Compiled at build time by schemas/compile.ts (npm run build:validators): nothing is compiled,
// and no code generated, when a Lambda starts. A test fails when a generated module is stale.
// Each group is its own module, named here by what uses it, so that a bundle carries only the
// groups its code reaches: no table holds them all.
const asValidator = (validator: unknown) => validator as CompiledValidator;

/** The validator a generated module exports as `name`; `what` names it when the module is stale. */
function generatedValidator(generated: object, name: string, what: string): CompiledValidator {
  const validator = (generated as Readonly<Record<string, unknown>>)[name];
  if (validator === undefined) throw new Error(`no compiled validator for ${what}: run npm run build:validators`);
  return asValidator(validator);
}

/** The compiled validator of a built-in tool's arguments (`corpus.search`, ...). */
export function compiledToolValidator(tool: string): CompiledValidator {
  return generatedValidator(toolValidators, `tool_${tool.replace('.', '_')}`, `the tool ${tool}`);
}

let stepValidators: Readonly<Record<StepType, CompiledValidator>> | undefined;

/** The compiled validator of a step type's parameters; the table is made on first use, so that a bundle that checks no plan can leave the plan's validators out. */
function stepValidator(type: StepType): CompiledValidator {
  stepValidators ??= Object.fromEntries(
    STEP_TYPES.map((stepType) => [stepType, generatedValidator(planValidators, `step_${stepType.replace('-', '_')}`, `the step type ${stepType}`)]),
  ) as Record<StepType, CompiledValidator>;
  return stepValidators[type];
}

// Frozen so that a consumer adapting a schema (a prompt, a provider's structured-output subset)
// must copy it, and cannot change what every other caller is shown.
for (const schema of Object.values(schemasByName)) deepFreeze(schema);

const STEP_TYPE_SET: ReadonlySet<string> = new Set(STEP_TYPES);

/**
 * Validates `value` with one compiled validator. `at` is the dotted path of `value` in a larger
 * document (e.g. `corpus.12`); findings are reported under it. A finding on the root itself of a
 * top-level document has the path `(root)`.
 */
function validateWith(validator: CompiledValidator, value: unknown, at: string): ValidationIssue[] {
  if (validator(value)) return [];
  return translateErrors(validator.errors ?? [], at);
}

/**
 * The plan schema, then each step's `parameters` against the schema of its type. The
 * parameters of a step whose type is unknown are not checked: the type's own error says enough.
 */
export function checkPlanSchema(value: unknown, at = ''): ValidationIssue[] {
  return distinctIssues([...validateWith(asValidator(planValidators.plan), value, at), ...checkEachStepParameters(value, at)]);
}

/** One step's `parameters` against the schema of `type`, reported under `at`. */
export function checkStepParameters(type: StepType, parameters: unknown, at: string): ValidationIssue[] {
  return validateWith(stepValidator(type), parameters, at);
}

/** A task analysis. */
export function validateAnalysis(value: unknown, at = ''): ValidationIssue[] {
  return validateWith(asValidator(analysisValidator), value, at);
}

/** A request body, including the parameters of each step of a supplied plan (`plan`, or `options.plan`). */
export function validatePlanRequest(value: unknown, at = ''): ValidationIssue[] {
  const issues = validateWith(asValidator(planRequestValidator), value, at);
  if (isRecord(value) && isRecord(value.options)) {
    issues.push(...checkEachStepParameters(value.options.plan, joinPath(at, 'options.plan')));
  }
  if (isRecord(value)) issues.push(...checkEachStepParameters(value.plan, joinPath(at, 'plan')));
  return distinctIssues(issues);
}

/** A corpus document; `at` names where it came from (e.g. `corpus.jsonl:12` or `documents.3`). */
export function validateDocument(value: unknown, at = ''): ValidationIssue[] {
  return validateWith(asValidator(documentValidator), value, at);
}

function checkEachStepParameters(plan: unknown, at: string): ValidationIssue[] {
  if (!isRecord(plan) || !Array.isArray(plan.plan)) return [];
  const issues: ValidationIssue[] = [];
  plan.plan.forEach((step: unknown, index: number) => {
    if (!isRecord(step) || !isRecord(step.parameters)) return;
    const type = step.type;
    if (typeof type !== 'string' || !STEP_TYPE_SET.has(type)) return;
    issues.push(...checkStepParameters(type as StepType, step.parameters, joinPath(at, `plan.${index}.parameters`)));
  });
  return issues;
}

// ---------------------------------------------------------------- ajv errors → one-line findings

function translateErrors(errors: readonly ErrorObject[], at: string): ValidationIssue[] {
  const replaced = new Set<ErrorObject>();
  const issues: ValidationIssue[] = [];
  // anyOf of `required` alternatives ("query or related_to") becomes one message instead of one
  // error per branch plus "must match a schema in anyOf".
  const alternatives = new Map<ErrorObject, string>();
  for (const error of errors) {
    if (error.keyword !== 'anyOf') continue;
    const branches = errors.filter(
      (other) => other !== error && other.instancePath === error.instancePath && other.schemaPath.startsWith(`${error.schemaPath}/`),
    );
    if (branches.length > 0 && branches.every((branch) => branch.keyword === 'required')) {
      for (const branch of branches) replaced.add(branch);
      const names = branches.map((branch) => String(branch.params.missingProperty));
      alternatives.set(error, `must have at least one of the properties ${names.join(', ')}`);
    }
  }
  // An empty string also fails the "not blank" pattern; the length message alone says it.
  for (const error of errors) {
    if (
      error.keyword === 'pattern' &&
      error.params.pattern === '\\S' &&
      errors.some((other) => other.keyword === 'minLength' && other.instancePath === error.instancePath)
    ) {
      replaced.add(error);
    }
  }
  for (const error of errors) {
    if (replaced.has(error)) continue;
    const message = alternatives.get(error) ?? describeError(error);
    issues.push({ path: joinPath(at, pointerToDotted(error.instancePath)) || '(root)', message, source: 'schema' });
  }
  return distinctIssues(issues);
}

function describeError(error: ErrorObject): string {
  const params = error.params;
  switch (error.keyword) {
    case 'required':
      return `must have required property '${String(params.missingProperty)}'`;
    case 'additionalProperties': {
      const allowed = isRecord(error.parentSchema) && isRecord(error.parentSchema.properties) ? Object.keys(error.parentSchema.properties) : [];
      const hint = allowed.length > 0 ? ` (allowed: ${allowed.join(', ')})` : '';
      return `must NOT have additional property '${String(params.additionalProperty)}'${hint}`;
    }
    case 'enum': {
      const values = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      return `must be one of [${values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ')}]`;
    }
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'type': {
      const expected = String(params.type).split(',');
      const wanted = expected.length > 1 ? `${expected.slice(0, -1).join(', ')} or ${expected.at(-1) ?? ''}` : expected[0];
      return `must be ${wanted} (got ${jsonType(error.data)})`;
    }
    case 'pattern':
      return params.pattern === '\\S' ? 'must contain a non-whitespace character' : `must match pattern ${String(params.pattern)}`;
    case 'uniqueItems':
      return `must NOT have duplicate items (items ${String(params.j)} and ${String(params.i)} are identical)`;
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** `/plan/0/type` → `plan.0.type` (JSON Pointer escapes undone). */
function pointerToDotted(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function joinPath(...parts: string[]): string {
  return parts.filter((part) => part !== '').join('.');
}

function distinctIssues(issues: ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}
