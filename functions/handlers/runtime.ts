/**
 * Wires the adapters into the core, once per process (a Lambda container, or the local runner).
 * Every handler module takes its dependencies from here; nothing else reads the environment.
 */
import middy from '@middy/core';
import { FileCorpusProvider } from '../adapters/corpus/file-corpus-provider.js';
import { createDynamoClient } from '../adapters/dynamodb/client.js';
import { DynamoTraceStore } from '../adapters/dynamodb/trace-store.js';
import { RuleBasedProvider } from '../adapters/llm/rule-based/provider.js';
import { FilePayloadStore } from '../adapters/payloads/file-payload-store.js';
import type { LlmProvider, TraceStore } from '../core/ports.js';
import { systemClock } from '../core/ports.js';
import { DEFAULT_TOKEN_BUDGETS } from '../core/planner/planner.js';
import { analysisSchema, planSchema, stepParameterSchemas } from '../core/plan/schemas.js';
import type { PhaseDeps } from '../core/workflow/phases.js';
import { loadConfig, type CairnConfig } from '../shared/config.js';

export interface Runtime {
  config: CairnConfig;
  store: TraceStore;
  llm: LlmProvider;
  phases: PhaseDeps;
}

export function createRuntime(config: CairnConfig): Runtime {
  const client = createDynamoClient({ ...(config.dynamoEndpoint ? { endpoint: config.dynamoEndpoint } : {}), ...(config.region ? { region: config.region } : {}) });
  const store = new DynamoTraceStore({
    client,
    tableName: config.tableName,
    payloads: new FilePayloadStore({ root: config.payloadDir }),
    ttlDays: config.ttlDays,
  });
  const llm: LlmProvider = new RuleBasedProvider();
  const phases: PhaseDeps = {
    store,
    llm,
    corpora: new FileCorpusProvider(config.defaultCorpus),
    catalog: { planSchema, stepSchemas: stepParameterSchemas, analysisSchema },
    budgets: DEFAULT_TOKEN_BUDGETS,
    clock: systemClock,
    defaults: {
      analyze: config.analyze,
      maxSteps: config.maxSteps,
      topK: config.topK,
      attributionTopN: config.attributionTopN,
      concurrency: config.concurrency,
      maxSources: config.maxSources,
    },
  };
  return { config, store, llm, phases };
}

let current: Runtime | undefined;

/**
 * Swaps the LLM of the process's runtime. The local runner uses it for an LLM chosen outside the
 * environment (tests script one); Lambda never calls it.
 */
export function useLlm(llm: LlmProvider): void {
  const rt = runtime();
  rt.llm = llm;
  rt.phases.llm = llm;
}

/** The process's runtime, built from the environment on first use and kept. */
export function runtime(): Runtime {
  current ??= createRuntime(loadConfig());
  return current;
}

/** A workflow Lambda: the middy chain around one phase of the core, with the process's runtime. */
export function phaseHandler<Event, Result>(phase: (deps: PhaseDeps, event: Event) => Promise<Result>) {
  const { phases } = runtime();
  return middy<Event, Result>().handler((event: Event) => phase(phases, event));
}
