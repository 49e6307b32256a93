/**
 * The composition root of the workflow's functions: everything a phase needs (trace store, LLM,
 * plan cache, corpus, tools, where S3 task results go), built once from a config object. Lambda
 * builds it from the environment (workflowRuntime, in lambda.ts); the local runner, `serve`, the CLI and the
 * benchmarks call createRuntime with their own config and the adapters they replace.
 */

import { createAwsMediaTools, registerAwsMediaTools } from '../adapters/aws-media/aws-media-tools.js';
import { DynamoLearnedToolStore } from '../adapters/dynamodb/learned-tools.js';
import { DynamoPlanCache } from '../adapters/dynamodb/plan-cache.js';
import { createReranker } from '../adapters/embeddings/select.js';
import { createHttpFetchTool } from '../adapters/http/fetch-tool.js';
import { wordNet } from '../adapters/lexicon/wordnet.js';
import { createLlmProvider } from '../adapters/llm/select-provider.js';
import { S3TaskFiles } from '../adapters/s3/task-files.js';
import { analysisSchema, plannerPlanSchema, stepParameterSchemas } from '../core/plan/schemas.js';
import { RecentPlans } from '../core/planner/recent-plans.js';
import type { LlmProvider, ResultWriter } from '../core/ports.js';
import { systemClock } from '../core/ports.js';
import { registerComposites } from '../core/tools/composite.js';
import type { LearnedToolStore } from '../core/tools/learned.js';
import { registerLocalTools } from '../core/tools/local-tools.js';
import { ToolRegistry } from '../core/tools/registry.js';
import type { PhaseDeps } from '../core/workflow/deps.js';
import type { CairnConfig } from '../shared/config.js';
import { createCorpusProvider } from './adapters.js';
import type { Clients } from './clients.js';
import { createIntakeRuntime, type IntakeOverrides, type IntakeRuntime } from './intake.js';
import { llmKeyFromSecret } from './llm-key.js';
import type { Observability } from './observability.js';

export interface Runtime extends IntakeRuntime {
  readonly llm: LlmProvider;
  readonly phases: PhaseDeps;
  /** Where a finished plan's result goes when its request came from an S3 task file. */
  readonly results: ResultWriter;
  /** The learned tools: their store, and the promoted ones joined to this runtime's registry. */
  readonly learned: LearnedTools;
}

export interface LearnedTools {
  readonly store: LearnedToolStore;
  /**
   * Registers the PROMOTED composites not yet in the registry; a composite whose parts are no
   * longer registered is refused with one line (logged, and returned). At most once per
   * `maxAgeMs` unless forced: a warm Lambda picks up a promotion within a minute.
   */
  refresh(options?: { force?: boolean }): Promise<{ registered: string[]; refused: string[] }>;
}

/** Adapters to use instead of the ones the configuration selects. */
export interface RuntimeOverrides extends IntakeOverrides {
  /** An LLM other than the configured one (tests script one; benchmarks point one at a loopback server). */
  llm?: LlmProvider;
  /** Another tool registry (the DAG benchmark adds a tool with simulated latency). */
  tools?: ToolRegistry;
}

export function createRuntime(config: CairnConfig, overrides: RuntimeOverrides = {}): Runtime {
  const intake = createIntakeRuntime(config, overrides);
  const { observability, clients, store } = intake;
  // Rule-based unless the configuration names a model (see shared/llm-config.ts).
  const storedKey = config.llm.secretArn !== undefined ? llmKeyFromSecret(config.llm.secretArn) : undefined;
  const llm: LlmProvider = overrides.llm ?? createLlmProvider(config.llm, {}, storedKey);
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
    reranker: createReranker(config.retrieval, { region: config.region }),
    catalog: { planSchema: plannerPlanSchema, stepSchemas: stepParameterSchemas, analysisSchema },
    budgets: config.planner.tokenBudgets,
    clock: systemClock,
    cache,
    fewShotExamples: config.planner.fewShotExamples,
    recentPlans: config.planner.fewShotExamples > 0 ? new RecentPlans(store) : undefined,
    lexicon: wordNet(),
    cost: config.cost,
    tools: overrides.tools ?? createToolRegistry(config, clients, observability),
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
  const results: ResultWriter = {
    write: (origin, document) => {
      taskFiles ??= new S3TaskFiles({ client: clients.s3() });
      return taskFiles.write(origin, document);
    },
  };
  return {
    ...intake,
    llm,
    phases,
    results,
    learned: learnedTools(new DynamoLearnedToolStore({ client: clients.dynamo, tableName: config.tableName }), phases.tools, observability),
  };
}

const LEARNED_MAX_AGE_MS = 60_000;

function learnedTools(store: LearnedToolStore, registry: ToolRegistry, obs: Observability): LearnedTools {
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<{ registered: string[]; refused: string[] }> | undefined;
  // The composites this loader registered from the store: only those can have been demoted there
  // (a registry handed in may hold composites of its own, which no reload takes away).
  const loaded = new Set<string>();
  const load = async () => {
    const standing = await store.list('PROMOTED');
    // A composite a person demoted since it was loaded leaves the registry.
    const ids = new Set(standing.map((r) => r.id));
    for (const id of [...loaded]) {
      if (ids.has(id)) continue;
      registry.unregister(id);
      loaded.delete(id);
    }
    const known = new Set(registry.names());
    const promoted = standing.filter((r) => !known.has(r.id));
    const refused = registerComposites(
      registry,
      promoted.map((r) => r.definition),
    ).map((r) => r.reason);
    for (const r of promoted) if (registry.names().includes(r.id)) loaded.add(r.id);
    for (const record of standing) if (record.corpora !== undefined) registry.scopeTo(record.id, record.corpora);
    for (const line of refused) obs.logger.warn(line);
    loadedAt = Date.now();
    return { registered: promoted.map((r) => r.id).filter((id) => registry.names().includes(id)), refused };
  };
  return {
    store,
    refresh(options = {}) {
      if (!options.force && Date.now() - loadedAt < LEARNED_MAX_AGE_MS) return Promise.resolve({ registered: [], refused: [] });
      // The store being unreachable costs the learned tools for this call, never the plan.
      loading ??= load()
        .catch((error: unknown) => {
          obs.logger.warn('could not load the promoted tools', { error: String(error) });
          return { registered: [], refused: [] };
        })
        .finally(() => {
          loading = undefined;
        });
      return loading;
    },
  };
}

/**
 * The tools plans may call. The media tools read the corpus's metadata, or with CAIRN_MEDIA=aws
 * call Amazon Transcribe and Bedrock, their clients built (and traced) on the first media step.
 * Here rather than in adapters.ts: only the workflow's functions run tools, and the intake
 * functions' bundles stay without the compiled validators.
 */
export function createToolRegistry(config: CairnConfig, clients: Clients, obs: Observability): ToolRegistry {
  const registry = new ToolRegistry();
  // http.fetch exists only where the configuration names the hosts it may reach.
  if (config.httpFetch.allowedHosts.length > 0) registry.register(createHttpFetchTool(config.httpFetch));
  if (config.media.backend === 'local') return registerLocalTools(registry);
  const capture = <T>(client: T): T => obs.tracer.captureAWSv3Client(client);
  return registerAwsMediaTools(registry, createAwsMediaTools(config.media, { s3: clients.s3, region: config.region, capture }));
}
