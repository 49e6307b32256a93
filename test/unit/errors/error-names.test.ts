/**
 * The Lambda bundles are minified without keeping class names, so an error's `name` (what Step
 * Functions' Retry and Catch match, what a trace and the CLI show) comes from the literal
 * `errorName` each CairnError subclass states. This finds every exported error class under
 * functions/ and checks that the literal is its own class's name (tests run the sources, whose
 * class names are intact).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CairnError } from '../../../functions/core/errors.js';

const FUNCTIONS = join(process.cwd(), 'functions');
const ERROR_CLASS = /^export class (\w+) extends \w+/gm;

/** The source files under functions/ that export a class, with the names of those classes. */
function filesExportingClasses(): Array<{ file: string; classes: string[] }> {
  return readdirSync(FUNCTIONS, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => ({ file: join(FUNCTIONS, file), classes: [...readFileSync(join(FUNCTIONS, file), 'utf8').matchAll(ERROR_CLASS)].map((m) => m[1]!) }))
    .filter(({ classes }) => classes.length > 0);
}

describe('Error names', () => {
  it('gives every exported CairnError subclass its own errorName, equal to its class name', async () => {
    // Prepare
    const checked: string[] = [];
    const wrong: string[] = [];

    // Act
    for (const { file, classes } of filesExportingClasses()) {
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const name of classes) {
        const value = module[name];
        if (typeof value !== 'function' || !(value.prototype instanceof CairnError)) continue;
        const errorClass = value as typeof CairnError;
        checked.push(name);
        if (!Object.hasOwn(errorClass, 'errorName') || errorClass.errorName !== errorClass.name) wrong.push(`${name} (errorName ${errorClass.errorName})`);
      }
    }

    // Assess
    expect(wrong).toEqual([]);
    expect(checked).toEqual(expect.arrayContaining(['InvalidInputError', 'LlmTransientError', 'TraceStoreTransientError', 'ToolInputError', 'MediaToolError']));
  });

  it("names an instance after its class's errorName, through any depth of subclasses", () => {
    class LocalError extends CairnError {
      static override readonly errorName: string = 'LocalError';
    }

    expect(new CairnError('x').name).toBe('CairnError');
    expect(new LocalError('x').name).toBe('LocalError');
  });
});
