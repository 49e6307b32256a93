import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../functions/core/errors.js';
import { MAX_NESTING_DEPTH, nestsDeeperThan } from '../../../functions/core/plan/depth.js';
import { parsePlanText } from '../../../functions/core/plan/load.js';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import { extractJson, JsonExtractionError } from '../../../functions/core/planner/extract-json.js';
import { parseJsonRequest, readRequest, requestFromTaskFile } from '../../../functions/core/workflow/requests.js';
import { planOf, searchStep } from '../../support/plans.js';

const limits = { maxTaskBytes: 4096, maxIterations: 3 };

/** `levels` arrays, one inside the other, around `inner`. */
function nested(levels: number, inner: unknown = 'x'): unknown {
  let value: unknown = inner;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe('Function: nestsDeeperThan', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan({ a: { b: 'c' } }, 2)).toBe(false);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });

  it('measures a million levels without running out of stack', () => {
    expect(nestsDeeperThan(nested(1_000_000))).toBe(true);
  });

  it('ends on a value that refers to itself', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(nestsDeeperThan(loop)).toBe(true);
  });
});

describe('Deep nesting is refused with one line', () => {
  it('validatePlan answers a plan nested 3,500 levels deep with one finding instead of throwing', () => {
    // Prepare
    const plan = planOf(searchStep(1, 'who built the tower')) as unknown as { plan: Array<{ parameters: Record<string, unknown> }> };
    (plan.plan[0] as { parameters: Record<string, unknown> }).parameters.extra = nested(3500);

    // Act
    const result = validatePlan(plan);

    // Assess
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([{ path: '(root)', message: `nests deeper than ${MAX_NESTING_DEPTH} levels of objects and arrays`, source: 'schema' }]);
  });

  it('validatePlan still accepts a plan at ordinary depth', () => {
    expect(validatePlan(planOf(searchStep(1, 'who built the tower'))).valid).toBe(true);
  });

  it('intake refuses a 60 KB deeply nested request from a queue or an HTTP body before it starts anything', () => {
    // Prepare: a supplied plan nested ~30,000 levels, as an SQS message body carries it.
    const body = `{"task":"Who built it?","options":{"plan":${'['.repeat(30_000)}${']'.repeat(30_000)}}}`;
    expect(body.length).toBeGreaterThan(60_000);

    // Act
    const error = (() => {
      try {
        readRequest(parseJsonRequest(body), limits);
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();

    // Assess
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: '(root)', message: `nests deeper than ${MAX_NESTING_DEPTH} levels of objects and arrays` },
    ]);
    expect((error as Error).message).toBe(`invalid request: (root): nests deeper than ${MAX_NESTING_DEPTH} levels of objects and arrays`);
  });

  it('intake refuses the same request as an S3 task file', () => {
    const text = `{"task":"Who built it?","options":{"plan":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}}`;
    expect(() => requestFromTaskFile('json', text, limits)).toThrow(/nests deeper than 64 levels/);
  });

  it('a 6,000-deep plan file gives one line in JSON and in YAML, never a stack overflow', () => {
    // Prepare
    const json = `{"plan":${'['.repeat(6000)}${']'.repeat(6000)}}`;
    const yaml = `plan: ${'['.repeat(6000)}${']'.repeat(6000)}`;

    // Act
    const fromJson = validatePlan(parsePlanText(json, 'deep.json'));
    const yamlError = (() => {
      try {
        return validatePlan(parsePlanText(yaml, 'deep.yaml'));
      } catch (error) {
        return error as Error;
      }
    })();

    // Assess
    expect(fromJson.errors.map((issue) => issue.message)).toEqual([`nests deeper than ${MAX_NESTING_DEPTH} levels of objects and arrays`]);
    expect(yamlError).toBeInstanceOf(Error);
    expect((yamlError as Error).message).toMatch(/^deep\.yaml: not valid YAML \(line 1, column \d+: it nests deeper than 64 levels of objects and arrays\)$/);
    expect((yamlError as Error).message).not.toMatch(/call stack/i);
  });

  it("refuses a model's answer nested past the limit with one line the repair prompt can quote", () => {
    // Prepare
    const answer = `Here is the plan: {"plan": ${'['.repeat(5000)}${']'.repeat(5000)}}`;

    // Act, Assess
    expect(() => extractJson(answer)).toThrow(JsonExtractionError);
    expect(() => extractJson(answer)).toThrow(
      `the JSON in the response does not parse: the JSON nests deeper than ${MAX_NESTING_DEPTH} levels of objects and arrays`,
    );
  });
});
