/**
 * What every phase is given: the ports it works through and the defaults a request may override.
 * Built once per process by the composition root; a phase never constructs a port itself.
 */

import type { TokenBudgets } from '../planner/planner.js';
import type { PromptCatalog } from '../planner/prompts.js';
import type { RecentPlans } from '../planner/recent-plans.js';
import type { Clock, CorpusProvider, Lexicon, LlmProvider, PlanCache, Reranker, TraceStore } from '../ports.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { CostSettings } from './plan-cost.js';

export interface PhaseDefaults {
  analyze: boolean;
  maxSteps: number;
  topK: number;
  attributionTopN: number;
  concurrency: number;
  maxSources: number;
}

export interface PhaseDeps {
  store: TraceStore;
  llm: LlmProvider;
  corpora: CorpusProvider;
  /** The configured cross-encoder or reranking service; the rerank step is lexical when absent. */
  reranker?: Reranker | undefined;
  catalog: PromptCatalog;
  budgets: TokenBudgets;
  clock: Clock;
  defaults: PhaseDefaults;
  /** The tools tool_call and the modality steps may run. */
  tools: ToolRegistry;
  /** The plan cache; plans are neither looked up nor stored when absent. */
  cache?: PlanCache | undefined;
  /** How many earlier successful plans the plan prompt shows as examples; none when absent or 0. */
  fewShotExamples?: number | undefined;
  /** Where the examples are drawn from, listed off the critical path; the store's listing, read each time, when absent. */
  recentPlans?: RecentPlans | undefined;
  /** Words related by meaning, for the answer's relevance rule; each word matches only its inflections when absent. */
  lexicon?: Lexicon | undefined;
  /** How a plan's AWS cost is estimated (deployed memory, workflow type, prices); a plan records no cost when absent. */
  cost?: CostSettings | undefined;
}
