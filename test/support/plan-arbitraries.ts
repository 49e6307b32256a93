/**
 * Generated plans for property tests and the fault benchmark: well-typed keyword-search steps
 * whose ids and dependencies come from a small range, so cycles, dangling references and
 * duplicate ids are common, and an independent check for a cycle to judge the validator by.
 */
import fc from 'fast-check';

export type GeneratedStep = { step_id: number; dependencies: number[] };

export const stepArbitrary = (maxId: number) =>
  fc.record({
    step_id: fc.integer({ min: 1, max: maxId }),
    type: fc.constant('keyword_search'),
    modality: fc.constant('text'),
    parameters: fc.record({ query: fc.constantFrom('film directors', 'rivers of France', 'Everest') }),
    dependencies: fc.uniqueArray(fc.integer({ min: 1, max: maxId + 2 }), { maxLength: 3 }),
    trace: fc.constant({}),
  });

export const planArbitrary = fc
  .integer({ min: 1, max: 8 })
  .chain((n) => fc.record({ plan: fc.array(stepArbitrary(n), { minLength: 1, maxLength: n }), traceability: fc.boolean() }));

/** Depth-first search over the steps' own dependencies: true when one leads back to itself. */
export function hasCycle(steps: GeneratedStep[]): boolean {
  const deps = new Map(steps.map((step) => [step.step_id, step.dependencies]));
  const state = new Map<number, 'open' | 'done'>();
  const visit = (id: number): boolean => {
    if (state.get(id) === 'done') return false;
    if (state.get(id) === 'open') return true;
    state.set(id, 'open');
    const cyclic = (deps.get(id) ?? []).some((dep) => deps.has(dep) && visit(dep));
    state.set(id, 'done');
    return cyclic;
  };
  return steps.some((step) => visit(step.step_id));
}
