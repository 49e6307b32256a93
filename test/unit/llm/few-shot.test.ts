import { describe, expect, it } from 'vitest';
import { pickExamples } from '../../../functions/core/planner/few-shot.js';
import type { DecompositionPlan, PlanMetadata, PlanRecord } from '../../../functions/core/types.js';

const plan = (query: string): DecompositionPlan => ({
  plan: [{ step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query }, dependencies: [], trace: {} }],
  traceability: true,
});

function record(task: string, extra: Partial<PlanRecord> = {}): PlanRecord {
  return { planId: task, status: 'succeeded', version: 1, request: { task }, createdAt: '', updatedAt: '', eventCount: 0, plan: plan(task), ...extra };
}

describe('Function: pickExamples', () => {
  it('picks the plans of the most similar earlier tasks, most similar first', () => {
    // Prepare
    const records = [record('What is a bouchon?'), record('Compare the populations of Lyon and Nice'), record('Compare the rivers of Lyon and Marseille')];

    // Act
    const examples = pickExamples('Compare the populations of Lyon and Marseille', records, 2);

    // Assess
    expect(examples.map((e) => e.task)).toEqual(['Compare the populations of Lyon and Nice', 'Compare the rivers of Lyon and Marseille']);
    expect(examples[0]!.plan).toEqual(plan('Compare the populations of Lyon and Nice'));
  });

  it('leaves out the same task, plans served from the cache, plans too long and tasks with nothing in common', () => {
    // Prepare
    const records = [
      record('compare the populations of LYON and Marseille'),
      record('Compare Lyon and Nice', { metadata: { cache: { key: 'k', hit: true } } as PlanMetadata }),
      record('Compare Lyon and Paris', { plan: plan('x'.repeat(5000)) }),
      record('What is a bouchon?'),
      record('Compare Lyon and Grenoble', { plan: undefined as unknown as DecompositionPlan }),
    ];

    // Act
    const examples = pickExamples('Compare the populations of Lyon and Marseille', records, 3);

    // Assess
    expect(examples).toEqual([]);
  });

  it('gives none when few-shot is off', () => {
    // Act + Assess
    expect(pickExamples('Compare Lyon and Nice', [record('Compare Lyon and Nice too')], 0)).toEqual([]);
  });
});
