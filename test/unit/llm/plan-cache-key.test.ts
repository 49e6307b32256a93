import { describe, expect, it } from 'vitest';
import { normalizeTask, type PlanCacheKeyInput, planCacheKey } from '../../../functions/core/planner/plan-cache-key.js';
import { catalog } from '../../support/planner.js';

const base: PlanCacheKeyInput = {
  task: 'Compare the populations of Lyon and Marseille',
  allowedStepTypes: ['keyword_search', 'rerank'],
  catalog,
  analyze: true,
  maxSteps: 20,
  topK: 10,
  provider: 'anthropic',
  model: 'claude-sonnet-4-6',
};

describe('Function: normalizeTask', () => {
  it('folds case, Unicode forms and whitespace', () => {
    // Act + Assess
    expect(normalizeTask('  Compare\tthe ＬＹＯＮ\n and  Marseille ')).toBe('compare the lyon and marseille');
  });
});

describe('Function: planCacheKey', () => {
  it('is the same for the same task written differently, and for constraints in another key order', () => {
    // Act
    const a = planCacheKey({ ...base, constraints: { language: 'fr', region: 'eu' } });
    const b = planCacheKey({ ...base, task: 'compare the POPULATIONS of lyon  and marseille', constraints: { region: 'eu', language: 'fr' } });

    // Assess
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
  });

  it.each<[string, Partial<PlanCacheKeyInput>]>([
    ['another task', { task: 'Compare Lyon and Nice' }],
    ['another catalog', { allowedStepTypes: ['keyword_search'] }],
    ['analysis off', { analyze: false }],
    ['another step limit', { maxSteps: 5 }],
    ['another top_k', { topK: 3 }],
    ['another model', { model: 'claude-haiku-4-5' }],
    ['a context', { context: 'French cities' }],
    ['its own templates', { promptTemplates: { plan: 'Plan {{task}}' } }],
    ['a tool allow-list', { tools: ['weather.lookup'] }],
    ['a learned tool offered', { offeredTools: ['learned.hybrid_search'] }],
  ])('changes with %s', (_what, change) => {
    // Act + Assess
    expect(planCacheKey({ ...base, ...change })).not.toBe(planCacheKey(base));
  });

  it('stays as it was when no learned tool is offered', () => {
    // Act + Assess
    expect(planCacheKey({ ...base, offeredTools: [] })).toBe(planCacheKey(base));
  });
});
