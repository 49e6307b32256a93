/**
 * Compiles a tool's argument schema at run time, for registries outside Lambda (tests, the
 * benchmarks) that register tools of their own. Lambda's tools are compiled at build time.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { CompiledValidator } from '../plan/schemas.js';

// strictRequired off: it misreads "one of these properties" rules (anyOf of required), as ajv documents.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });

export function compileToolSchema(schema: Record<string, unknown>): CompiledValidator {
  return ajv.compile(schema);
}
