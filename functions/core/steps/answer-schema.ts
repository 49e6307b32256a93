/**
 * The answer schema of an `elicitation` step: a deliberately small subset of JSON Schema, a flat
 * object of string, number, integer and boolean fields with `enum`, bounds and lengths. Small
 * enough that a terminal can ask one prompt per field and a page can draw one input per field, and
 * that an answer is checked here, by hand, without compiling the schema (a schema a plan brings is
 * never turned into code at run time). The parameter schema (schemas/steps/elicitation.schema.json)
 * holds the shape; this module holds what a shape cannot say, and checks answers.
 */

export type AnswerFieldType = 'string' | 'number' | 'integer' | 'boolean';
export type AnswerScalar = string | number | boolean;

export interface AnswerField {
  type: AnswerFieldType;
  title?: string;
  description?: string;
  enum?: AnswerScalar[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: AnswerScalar;
}

export interface AnswerSchema {
  type: 'object';
  title?: string;
  description?: string;
  properties: Record<string, AnswerField>;
  required?: string[];
  additionalProperties?: false;
}

/** One finding: `path` is a JSON Pointer into the answer (`/city`), or `` for the answer itself. */
export interface AnswerIssue {
  path: string;
  message: string;
}

/** The fields of a schema in the order the plan wrote them. */
export function answerFields(schema: AnswerSchema): Array<[string, AnswerField]> {
  return Object.entries(schema.properties);
}

/**
 * What the parameter schema cannot say about an answer schema: `required` names its fields, an
 * enum's values and a default are of the field's type and within its bounds, bounds are ordered.
 * `path` here is a JSON Pointer into the schema.
 */
export function answerSchemaIssues(schema: AnswerSchema): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  for (const [i, name] of (schema.required ?? []).entries()) {
    if (!Object.hasOwn(schema.properties, name)) issues.push({ path: `/required/${i}`, message: `names "${name}", which is not among the properties` });
  }
  for (const [name, field] of answerFields(schema)) {
    const at = `/properties/${name}`;
    if (field.minimum !== undefined && field.maximum !== undefined && field.minimum > field.maximum) {
      issues.push({ path: `${at}/minimum`, message: `minimum ${field.minimum} is above maximum ${field.maximum}` });
    }
    if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) {
      issues.push({ path: `${at}/minLength`, message: `minLength ${field.minLength} is above maxLength ${field.maxLength}` });
    }
    const numeric = field.type === 'number' || field.type === 'integer';
    if (!numeric && (field.minimum !== undefined || field.maximum !== undefined)) {
      issues.push({ path: at, message: `minimum and maximum apply to numbers, not to a ${field.type}` });
    }
    if (field.type !== 'string' && (field.minLength !== undefined || field.maxLength !== undefined)) {
      issues.push({ path: at, message: `minLength and maxLength apply to strings, not to a ${field.type}` });
    }
    const { enum: values = [], ...bare } = field;
    for (const [j, value] of values.entries()) {
      const problem = valueProblem(bare, value);
      if (problem) issues.push({ path: `${at}/enum/${j}`, message: problem });
    }
    if (field.default !== undefined) {
      const problem = valueProblem(field, field.default);
      if (problem) issues.push({ path: `${at}/default`, message: problem });
    }
  }
  return issues;
}

/**
 * Every way `answer` fails `schema`, each with its path; empty when it is valid. An answer is an
 * object with only the schema's fields (a field not asked for is refused, so a typo is not lost).
 */
export function validateAnswer(schema: AnswerSchema, answer: unknown): AnswerIssue[] {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
    return [{ path: '', message: `must be an object, got ${answer === null ? 'null' : Array.isArray(answer) ? 'an array' : typeof answer}` }];
  }
  const record = answer as Record<string, unknown>;
  const issues: AnswerIssue[] = [];
  for (const name of schema.required ?? []) {
    if (record[name] === undefined) issues.push({ path: `/${name}`, message: 'is required' });
  }
  for (const [name, value] of Object.entries(record)) {
    const field = Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
    if (field === undefined) {
      issues.push({ path: `/${pointerEscape(name)}`, message: `is not a field of the question (fields: ${Object.keys(schema.properties).join(', ')})` });
      continue;
    }
    if (value === undefined) continue;
    const problem = valueProblem(field, value);
    if (problem) issues.push({ path: `/${name}`, message: problem });
  }
  return issues;
}

/** Why `value` is not a valid value of `field`, or undefined when it is. */
function valueProblem(field: AnswerField, value: unknown): string | undefined {
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') return `must be a string, got ${describe(value)}`;
      if (field.minLength !== undefined && [...value].length < field.minLength) return `must have at least ${field.minLength} character(s)`;
      if (field.maxLength !== undefined && [...value].length > field.maxLength) return `must have at most ${field.maxLength} character(s)`;
      break;
    case 'boolean':
      if (typeof value !== 'boolean') return `must be true or false, got ${describe(value)}`;
      break;
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return `must be a number, got ${describe(value)}`;
      if (field.type === 'integer' && !Number.isInteger(value)) return `must be an integer, got ${value}`;
      if (field.minimum !== undefined && value < field.minimum) return `must be at least ${field.minimum}, got ${value}`;
      if (field.maximum !== undefined && value > field.maximum) return `must be at most ${field.maximum}, got ${value}`;
      break;
  }
  if (field.enum !== undefined && !field.enum.includes(value as AnswerScalar)) {
    return `must be one of ${field.enum.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(value)}`;
  }
  return undefined;
}

/**
 * A field's value from what a person typed (a terminal prompt, a form input): numbers and
 * booleans parsed, an empty entry taken as no answer. What cannot be read is returned as typed, so
 * that validateAnswer names the problem.
 */
export function parseFieldInput(field: AnswerField, text: string): AnswerScalar | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return field.default;
  if (field.type === 'number' || field.type === 'integer') {
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : trimmed;
  }
  if (field.type === 'boolean') {
    const lower = trimmed.toLowerCase();
    if (['y', 'yes', 'true'].includes(lower)) return true;
    if (['n', 'no', 'false'].includes(lower)) return false;
    return trimmed;
  }
  return text;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function pointerEscape(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}
