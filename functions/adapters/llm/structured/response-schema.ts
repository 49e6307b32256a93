/**
 * The JSON Schema a provider's structured output is given, derived from the shipped schema
 * (schemas/*.schema.json, deep-frozen: it is copied, never changed).
 *
 * Providers accept a narrower JSON Schema than ajv: references to `$defs` are inlined, and the
 * bounds their schema compilers reject (minimum, maxLength, uniqueItems, pattern, ...) are moved
 * into the description, where the model still reads them. Validation (ajv, then the semantic
 * checks) stays the judge; the repair loop handles what the model still gets wrong.
 *
 * The root gains an optional `reasoning` string, first, so a model answering through a tool or a
 * JSON-only response format can still explain itself; the adapters take it out again (see
 * answer-text.ts) and it ends up as the attempt's reasoning, as with a prose answer.
 */

type Schema = Record<string, unknown>;

/** Keywords moved into the description, each with how it reads there. */
const BOUNDS: Readonly<Record<string, (value: unknown) => string>> = {
  minimum: (v) => `minimum ${String(v)}`,
  maximum: (v) => `maximum ${String(v)}`,
  exclusiveMinimum: (v) => `greater than ${String(v)}`,
  exclusiveMaximum: (v) => `less than ${String(v)}`,
  multipleOf: (v) => `a multiple of ${String(v)}`,
  minLength: (v) => `at least ${String(v)} character(s)`,
  maxLength: (v) => `at most ${String(v)} characters`,
  minItems: (v) => `at least ${String(v)} item(s)`,
  maxItems: (v) => `at most ${String(v)} items`,
  uniqueItems: (v) => (v === true ? 'items unique' : ''),
  minProperties: (v) => `at least ${String(v)} propert(y/ies)`,
  maxProperties: (v) => `at most ${String(v)} properties`,
  pattern: (v) => (v === '\\S' ? 'not blank' : `matching ${String(v)}`),
  format: (v) => `format ${String(v)}`,
};

/** Document-level keywords that mean nothing inside a tool definition. */
const DROPPED = new Set(['$schema', '$id', '$defs', 'definitions', '$comment', 'examples']);

const REASONING: Schema = {
  type: 'string',
  description: 'Optional, brief.',
};

const cache = new WeakMap<object, Schema>();

/** The provider-ready copy of `schema` (computed once per schema object). */
export function structuredSchema(schema: Readonly<Record<string, unknown>>): Schema {
  let reduced = cache.get(schema);
  if (reduced === undefined) {
    const defs = (schema.$defs ?? schema.definitions ?? {}) as Schema;
    const copy = reduce(schema, defs, 0);
    const properties = (copy.properties ?? {}) as Schema;
    reduced = { ...copy, properties: { reasoning: REASONING, ...properties } };
    cache.set(schema, reduced);
  }
  return reduced;
}

/** A tool or response-format name for the schema: letters, digits and `_` only, from its title. */
export function structuredName(schema: Readonly<Record<string, unknown>>): string {
  const title = typeof schema.title === 'string' ? schema.title : 'answer';
  return `submit_${title
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase()}`.slice(0, 64);
}

function reduce(node: unknown, defs: Schema, depth: number): Schema {
  if (depth > 32) throw new Error('schema nests too deep to reduce (a recursive $ref?)');
  const source = node as Schema;
  if (typeof source.$ref === 'string') {
    const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(source.$ref)?.[1];
    const target = name === undefined ? undefined : defs[name];
    if (target === undefined) throw new Error(`cannot inline $ref ${source.$ref}`);
    const { $ref: _ref, ...siblings } = source;
    return reduce({ ...(target as Schema), ...siblings }, defs, depth + 1);
  }
  const out: Schema = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(source)) {
    if (DROPPED.has(key)) continue;
    const bound = BOUNDS[key];
    if (bound) {
      const note = bound(value);
      if (note) notes.push(note);
    } else if (key === 'properties' && isRecord(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, reduce(child, defs, depth + 1)]));
    } else if ((key === 'items' || key === 'additionalProperties' || key === 'not') && isRecord(value)) {
      out[key] = reduce(value, defs, depth + 1);
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      // oneOf's exclusivity is for the validator; to a model it says the same as anyOf.
      out[key === 'oneOf' ? 'anyOf' : key] = value.map((child) => reduce(child, defs, depth + 1));
    } else {
      out[key] = value;
    }
  }
  if (notes.length > 0) {
    const description = typeof out.description === 'string' ? `${out.description} ` : '';
    out.description = `${description}(${notes.join('; ')})`;
  }
  return out;
}

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
