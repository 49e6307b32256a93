/**
 * Wires the adapters into the core, once per process (a Lambda container, or the local runner).
 * Every handler module takes its dependencies from here; nothing else reads the environment.
 */
import { createAwsMediaTools, registerAwsMediaTools } from '../adapters/aws-media/aws-media-tools.js';
import { DynamoPlanCache } from '../adapters/dynamodb/plan-cache.js';
import { createLlmProvider } from '../adapters/llm/select-provider.js';
import { S3TaskFiles } from '../adapters/s3/task-files.js';
import { analysisSchema, planSchema, stepParameterSchemas } from '../core/plan/schemas.js';
import type { LlmProvider, ResultWriter, TraceStore } from '../core/ports.js';
import { systemClock } from '../core/ports.js';
import { registerLocalTools } from '../core/tools/local-tools.js';
import { ToolRegistry } from '../core/tools/registry.js';
import type { PhaseDeps } from '../core/workflow/deps.js';
import { type CairnConfig, loadConfig } from '../shared/config.js';
import { createObservability, type Observability, observed } from './middleware.js';
import { type Clients, createClients, createCorpusProvider, createTraceStore } from './wiring.js';

export interface Runtime {
  config: CairnConfig;
  store: TraceStore;
  llm: LlmProvider;
  phases: PhaseDeps;
  observability: Observability;
  /** Where a finished plan's result goes when its request came from an S3 task file (A2). */
  results: ResultWriter;
}

export function createRuntime(config: CairnConfig): Runtime {
  const observability = createObservability(config);
  const clients = createClients(config, observability);
  const store = createTraceStore(config, clients);
  // F1/F2: rule-based unless the environment names a model (see shared/llm-config.ts).
  const llm: LlmProvider = createLlmProvider(config.llm);
  const cache = config.planner.planCache
    ? new DynamoPlanCache({
        client: clients.dynamo,
        tableName: config.tableName,
        ttlDays: config.ttlDays,
        // A cache failure costs an LLM call, never the plan: logged, then treated as a miss.
        onError: (operation, error) => observability.logger.warn(`plan cache ${operation} failed`, { error: String(error) }),
      })
    : undefined;
  const phases: PhaseDeps = {
    store,
    llm,
    corpora: createCorpusProvider(config, clients),
    catalog: { planSchema, stepSchemas: stepParameterSchemas, analysisSchema },
    budgets: config.planner.tokenBudgets,
    clock: systemClock,
    cache,
    fewShotExamples: config.planner.fewShotExamples,
    tools: createToolRegistry(config, clients, observability),
    defaults: {
      analyze: config.analyze,
      maxSteps: config.maxSteps,
      topK: config.topK,
      attributionTopN: config.attributionTopN,
      concurrency: config.concurrency,
      maxSources: config.maxSources,
    },
  };
  // Only plans from S3 task files have results to write, so the S3 client is built on the first one.
  let taskFiles: S3TaskFiles | undefined;
  const results: ResultWriter = { write: (origin, document) => (taskFiles ??= new S3TaskFiles({ client: clients.s3() })).write(origin, document) };
  return { config, store, llm, phases, observability, results };
}

/**
 * The tools plans may call (G4). The media tools read the corpus's metadata, or with CAIRN_MEDIA=aws
 * call Amazon Transcribe and Bedrock, their clients built (and traced) on the first media step.
 * Here rather than in wiring.ts: only the workflow's functions run tools, and the intake functions'
 * bundles stay without the compiled validators.
 */
export function createToolRegistry(config: CairnConfig, clients: Clients, obs: Observability): ToolRegistry {
  const registry = new ToolRegistry();
  if (config.media.backend === 'local') return registerLocalTools(registry);
  const capture = <T>(client: T): T => obs.tracer.captureAWSv3Client(client);
  return registerAwsMediaTools(registry, createAwsMediaTools(config.media, { s3: clients.s3, region: config.region, capture }));
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

/** Swaps the tool registry (the DAG benchmark registers a simulated-latency tool); Lambda never calls it. */
export function useTools(tools: ToolRegistry): void {
  runtime().phases.tools = tools;
}

/** The process's runtime, built from the environment on first use and kept. */
export function runtime(): Runtime {
  current ??= createRuntime(loadConfig());
  return current;
}

/** A workflow Lambda: the Powertools chain (middleware.ts) around one phase of the core, with the process's runtime. */
export function phaseHandler<Event, Result>(phase: (deps: PhaseDeps, event: Event) => Promise<Result>) {
  const { phases, observability } = runtime();
  return observed<Event, Result>(observability).handler((event: Event) => phase(phases, event));
}
