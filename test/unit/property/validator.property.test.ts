/**
 * Properties of plan validation over generated plans: it never throws, whatever JSON it is given,
 * and it never accepts a plan with a dependency cycle or a reference to a step that does not exist.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validatePlan } from '../../../functions/core/plan/validate.js';
import { type GeneratedStep, hasCycle, planArbitrary } from '../../support/plan-arbitraries.js';

describe('Property: validatePlan', () => {
  it('never throws on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const result = validatePlan(value);
        expect(typeof result.valid).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on plans whose fields hold any JSON', () => {
    const anything = fc.jsonValue({ maxDepth: 3 });
    const wildStep = fc.dictionary(
      fc.constantFrom('step_id', 'type', 'modality', 'parameters', 'dependencies', 'trace', 'condition', 'on_error', '__proto__', 'constructor'),
      anything,
    );
    fc.assert(
      fc.property(fc.array(wildStep, { maxLength: 6 }), (plan) => {
        expect(Array.isArray(validatePlan({ plan, traceability: true }).errors)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('never accepts a plan with a cycle, a dangling dependency or a duplicate id', () => {
    fc.assert(
      fc.property(planArbitrary, (candidate) => {
        const { valid } = validatePlan(candidate);
        const steps = candidate.plan as GeneratedStep[];
        const ids = new Set(steps.map((step) => step.step_id));
        const dangling = steps.some((step) => step.dependencies.some((dep) => !ids.has(dep) || dep === step.step_id));
        const duplicate = ids.size !== steps.length;
        if (hasCycle(steps) || dangling || duplicate) expect(valid).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts the acyclic plans it generates with every reference resolved (the property above is not vacuous)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(planArbitrary, (candidate) => {
        if (validatePlan(candidate).valid) accepted++;
      }),
      { numRuns: 2000, seed: 14 },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
