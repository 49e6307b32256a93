/** The phases' dependencies for a unit test: a stopped clock, the usual budgets and defaults, and the ports the test names. */
import type { PhaseDefaults, PhaseDeps } from '../../functions/core/workflow/deps.js';

const DEFAULTS: PhaseDefaults = { analyze: false, maxSteps: 10, topK: 5, attributionTopN: 1, concurrency: 4, maxSources: 10 };

/**
 * `ports` (store, llm, corpora, tools, catalog, ...) over a clock stopped at `now`, budgets of
 * 1024 / 4096 / 512 tokens and the defaults above, each overridable. The ports a phase does not
 * reach may be left out: the test says which it gives.
 */
export function phaseDeps(
  now: Date,
  ports: Partial<Omit<PhaseDeps, 'defaults' | 'budgets' | 'clock'>>,
  overrides: { defaults?: Partial<PhaseDefaults>; budgets?: Partial<PhaseDeps['budgets']> } = {},
): PhaseDeps {
  return {
    clock: { now: () => now },
    budgets: { analysis: 1024, plan: 4096, answer: 512, ...overrides.budgets },
    defaults: { ...DEFAULTS, ...overrides.defaults },
    ...ports,
  } as PhaseDeps;
}
