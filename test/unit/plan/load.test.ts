import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { InvalidInputError } from '../../../functions/core/errors.js';
import { formatIssues, parsePlanText } from '../../../functions/core/plan/load.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import type { ValidationIssue } from '../../../functions/core/types.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, '../../fixtures/plans');

function thrownBy(act: () => unknown): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('parsePlanText', () => {
  it('reads JSON', () => {
    // Prepare
    const text = readFileSync(join(fixtures, 'seed-004-rerank.json'), 'utf8');

    // Act
    const value = parsePlanText(text, 'seed-004-rerank.json');

    // Assess
    expect(value).toEqual(JSON.parse(text));
  });

  it('reads YAML when the file name ends in .yaml, into the same plan as its JSON twin', () => {
    // Prepare
    const yaml = readFileSync(join(fixtures, 'search-rerank.yaml'), 'utf8');
    const json: unknown = JSON.parse(readFileSync(join(fixtures, 'seed-004-rerank.json'), 'utf8'));

    // Act
    const value = parsePlanText(yaml, 'search-rerank.yaml');

    // Assess
    expect(value).toEqual(json);
    expect(validatePlan(value).valid).toBe(true);
  });

  it('reads YAML when the text is not JSON, whatever the name', () => {
    expect(parsePlanText('plan: []\ntraceability: true\n', 'plan.txt')).toEqual({ plan: [], traceability: true });
    expect(parsePlanText('- 1\n- 2\n')).toEqual([1, 2]);
  });

  it('returns any JSON value as is, for validatePlan to judge', () => {
    expect(parsePlanText('42', 'plan.json')).toBe(42);
  });

  it('throws one line naming the file and the JSON problem when the text is prose', () => {
    // Act
    const error = thrownBy(() => parsePlanText('here is my plan', 'plan.txt'));

    // Assess
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toBe('plan.txt: not JSON or YAML (Unexpected token \'h\', "here is my plan" is not valid JSON)');
  });

  it('reports the JSON problem when broken text looks like JSON', () => {
    expect(() => parsePlanText('{"plan": [1,}', 'plan.json')).toThrow(
      'plan.json: not JSON or YAML (Unexpected token \'}\', "{"plan": [1,}" is not valid JSON)',
    );
  });

  it('reports the YAML problem with its line when a .yml file is broken', () => {
    expect(() => parsePlanText('plan:\n  - step_id: 1\n  - [2\ntraceability: true\n', 'plan.yml')).toThrow(
      /^plan\.yml: not valid YAML \(line \d+, column \d+: .+\)$/,
    );
  });

  it('reports duplicate keys in YAML', () => {
    expect(() => parsePlanText('plan: []\nplan: []\n', 'p.yaml')).toThrow('p.yaml: not valid YAML (line 2, column 1: Map keys must be unique)');
  });

  it('reports several documents in one YAML file', () => {
    expect(() => parsePlanText('plan: []\n---\nplan: []\n', 'p.yaml')).toThrow('p.yaml: not valid YAML (line 2, column 1: more than one document)');
  });

  it('reports a YAML file that holds a lone scalar', () => {
    expect(() => parsePlanText('just words', 'p.yaml')).toThrow('p.yaml: not a YAML mapping or list (found a string)');
  });

  it('reports an empty text', () => {
    expect(() => parsePlanText('  \n', 'plan.json')).toThrow('plan.json: not JSON or YAML (the text is empty)');
  });

  it('names the input when no file name is given', () => {
    expect(() => parsePlanText('nope')).toThrow(/^input: not JSON or YAML \(/);
  });
});

describe('formatIssues', () => {
  it('prints one issue per line as path: message', () => {
    // Prepare
    const issues: ValidationIssue[] = [
      { path: 'plan', message: 'dependency cycle 2 -> 3 -> 2', source: 'semantic' },
      { path: 'plan.0.type', message: 'must be one of [a, b]', source: 'schema' },
    ];

    // Act / Assess
    expect(formatIssues(issues)).toBe('plan: dependency cycle 2 -> 3 -> 2\nplan.0.type: must be one of [a, b]');
  });

  it('prints nothing for no issues', () => {
    expect(formatIssues([])).toBe('');
  });
});
