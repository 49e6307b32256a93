import { describe, expect, it } from 'vitest';
import { PlanConflictError } from '../../../functions/core/errors.js';
import type { PlanPatch } from '../../../functions/core/ports.js';
import { applyPlanPatch, jsonEqual } from '../../../functions/core/trace/plan-patch.js';
import type { PlanRecord, PlanStatus } from '../../../functions/core/types.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');

function record(status: PlanStatus, extra: Partial<PlanRecord> = {}): PlanRecord {
  return {
    planId: 'p-1',
    status,
    version: 4,
    request: { task: 'Compare the populations of Lyon and Marseille' },
    createdAt: '2026-03-01T11:00:00.000Z',
    updatedAt: '2026-03-01T11:30:00.000Z',
    eventCount: 9,
    ...extra,
  };
}

describe('Function: applyPlanPatch', () => {
  it('applies a patch as the next version, stamped with the time given', () => {
    // Prepare
    const current = record('planning');

    // Act
    const next = applyPlanPatch(current, { status: 'validating', attempts: 1 }, NOW);

    // Assess
    expect(next).toEqual({ ...current, status: 'validating', attempts: 1, version: 5, updatedAt: NOW.toISOString() });
    expect(current.version).toBe(4);
  });

  it('keeps the status when the patch names none, and the updatedAt a patch gives', () => {
    const next = applyPlanPatch(record('executing'), { answer: 'Marseille', updatedAt: '2026-03-01T11:59:00.000Z' }, NOW);
    expect(next).toMatchObject({ status: 'executing', answer: 'Marseille', version: 5, updatedAt: '2026-03-01T11:59:00.000Z' });
  });

  it('never patches the plan’s identity, even from untyped code', () => {
    const sneaky = { planId: 'p-2', createdAt: 'then', eventCount: 0, version: 99 } as unknown as PlanPatch;
    const next = applyPlanPatch(record('planning'), sneaky, NOW);
    expect(next).toMatchObject({ planId: 'p-1', createdAt: '2026-03-01T11:00:00.000Z', eventCount: 9, version: 5 });
  });

  it.each([
    ['a backward move', 'executing', 'planning', /never goes backwards/],
    ['leaving succeeded', 'succeeded', 'failed', /succeeded is terminal/],
    ['leaving failed', 'failed', 'executing', /failed is terminal/],
  ] as const)('refuses %s with a PlanConflictError that says why', (_, from, to, why) => {
    expect(() => applyPlanPatch(record(from), { status: to }, NOW)).toThrow(PlanConflictError);
    expect(() => applyPlanPatch(record(from), { status: to }, NOW)).toThrow(why);
  });

  it('returns the terminal record itself when patched with what it already holds, in any key order', () => {
    // Prepare: a retried Finalize sends the same answer and results again.
    const results = { answer: 'A', citations: ['x'], sources: [], steps: [], coverage: { subquery_count: 1, covered_count: 1, coverage_ratio: 1 } };
    const current = record('succeeded', { answer: 'A', results });
    const reordered = { coverage: results.coverage, steps: [], sources: [], citations: ['x'], answer: 'A' };

    // Act
    const next = applyPlanPatch(current, { status: 'succeeded', answer: 'A', results: reordered, updatedAt: 'later' }, NOW);

    // Assess
    expect(next).toBe(current);
  });

  it('refuses any other change to a terminal plan, naming the fields', () => {
    const current = record('failed', { answer: 'A' });
    expect(() => applyPlanPatch(current, { answer: 'B', attempts: 2 }, NOW)).toThrow(/failed \(terminal\) and cannot change: answer, attempts/);
  });
});

describe('Function: jsonEqual', () => {
  it.each([
    [{ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, true],
    [{ a: 1, b: undefined }, { a: 1 }, true],
    [[1, 2], [2, 1], false],
    [{ a: 1 }, { a: '1' }, false],
    [[], {}, false],
    [null, {}, false],
  ])('compares %j and %j as %s', (a, b, equal) => {
    expect(jsonEqual(a, b)).toBe(equal);
  });
});
