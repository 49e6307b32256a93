/**
 * Each example plan carries the task it was written for, and executed on that task (no --task, no
 * request naming one) it answers it from the sample corpus rather than refusing it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../cli/local-runner.js';
import type { DecompositionPlan } from '../../functions/core/types.js';
import { openLocalStack } from '../support/local-workflow.js';

const EXAMPLES = 'examples/plans';
const plans = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.json'))
  .map((file) => ({ file, plan: JSON.parse(readFileSync(`${EXAMPLES}/${file}`, 'utf8')) as DecompositionPlan }));

describe('Example plans', () => {
  let stack: LocalStack;
  beforeAll(async () => {
    stack = await openLocalStack('example-plans');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it.each(plans.map((p) => [p.file, p.plan] as const))('%s carries its task', (_file, plan) => {
    expect(typeof plan.task).toBe('string');
    expect(plan.task?.trim()).not.toBe('');
  });

  // The elicitation plan waits for its user before it answers: cli-elicitation.test.ts runs it.
  it.each(plans.filter((p) => !p.plan.plan.some((s) => s.type === 'elicitation')).map((p) => [p.file, p.plan] as const))(
    '%s answers its own task with a short answer and the sources it used',
    async (_file, plan) => {
      // Act
      const record = await stack.run({ task: plan.task, options: { plan, analyze: false } });

      // Assess
      expect(record.status).toBe('succeeded');
      expect(record.results?.refused).toBe(false);
      expect(record.results?.shortAnswer).toEqual(expect.any(String));
      expect(record.results?.sources.length).toBeGreaterThan(0);
      expect(record.results?.sources.map((s) => s.id)).toEqual(record.results?.citations);
    },
  );
});
