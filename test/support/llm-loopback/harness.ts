/** What the provider tests share: the loopback server's lifecycle and a sleep that only records. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { RetryPolicy } from '../../../functions/adapters/http-client/retry.js';
import type { DecompositionPlan } from '../../../functions/core/types.js';
import { goodPlanFor } from './faults.js';
import { ruleBasedModel } from './rule-based-model.js';
import { LoopbackLlm } from './server.js';

/**
 * One loopback server for the test file, answering as the rule-based model; each test starts
 * with an empty script and no recorded request. With a task, also the good plan the faults of
 * faults.ts are made from. Call the returned function inside hooks or tests.
 */
export function useLoopbackLlm(task?: string): () => { server: LoopbackLlm; plan: DecompositionPlan } {
  let server: LoopbackLlm | undefined;
  let plan: DecompositionPlan = { plan: [], traceability: true };
  beforeAll(async () => {
    server = await LoopbackLlm.start(ruleBasedModel);
    if (task !== undefined) plan = await goodPlanFor(task);
  });
  beforeEach(() => {
    server?.reset(ruleBasedModel);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('the loopback server is not started yet');
    return { server, plan };
  };
}

/** A retry policy that waits for nothing and remembers every wait it was asked for. */
export function recordingPolicy(overrides: Partial<RetryPolicy> = {}): Partial<RetryPolicy> & { waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
    },
    random: () => 0.5,
    ...overrides,
  };
}
