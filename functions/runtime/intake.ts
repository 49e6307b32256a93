/**
 * The runtime of the intake functions (the HTTP API, the S3 and SQS triggers): the configuration,
 * Powertools, the AWS clients and the trace store, built once from a config object. Lighter than
 * workflow.ts: no LLM, no corpus, no planner, so the intake bundles carry none of them. Who
 * builds it may replace an adapter at construction (the local runner starts plans in its own
 * process, tests wrap the store); nobody changes it afterwards.
 */
import type { PayloadStore } from '../adapters/payloads/payload-store.js';
import type { TaskTokenSender, TraceStore, WorkflowStarter } from '../core/ports.js';
import type { CairnConfig } from '../shared/config.js';
import { createPayloadStore, createTraceStore } from './adapters.js';
import { type Clients, createClients, type DynamoRequestHandler } from './clients.js';
import { createObservability, type Observability, type Tracing } from './observability.js';

export interface IntakeRuntime {
  readonly config: CairnConfig;
  readonly observability: Observability;
  readonly store: TraceStore;
  readonly clients: Clients;
  /** Where bodies too large for an item or a state go: the trace store's, and whole error texts. */
  readonly payloads: PayloadStore;
  /** What starts a plan's workflow; Step Functions (built by start.ts on first use) when absent. */
  readonly starter: WorkflowStarter | undefined;
  /** What resumes a waiting execution; Step Functions (built by start.ts on first use) when absent. */
  readonly tokens: TaskTokenSender | undefined;
}

/** Adapters to use instead of the ones the configuration selects. */
export interface IntakeOverrides {
  /** Wraps the trace store built from the configuration (the local runner's live progress). */
  wrapStore?: (store: TraceStore) => TraceStore;
  /** Starts workflows some other way than Step Functions (in this process, locally). */
  starter?: WorkflowStarter;
  /** Resumes waiting executions some other way than Step Functions (in this process, locally). */
  tokens?: TaskTokenSender;
  /** X-Ray in Lambda (runtime/lambda.ts); off when absent. */
  tracing?: Tracing;
  /** How requests reach DynamoDB in place of HTTP (the local runner's embedded store, in process). */
  dynamoRequestHandler?: DynamoRequestHandler;
  /** The secret the local store of another process asks its clients for (the local runner, as its client). */
  dynamoSecret?: string;
}

export function createIntakeRuntime(config: CairnConfig, overrides: IntakeOverrides = {}): IntakeRuntime {
  const observability = createObservability(config, overrides.tracing);
  const clients = createClients(config, observability, overrides.dynamoRequestHandler, overrides.dynamoSecret);
  const payloads = createPayloadStore(config, clients);
  const built = createTraceStore(config, clients, payloads);
  const store = overrides.wrapStore ? overrides.wrapStore(built) : built;
  return { config, observability, store, clients, payloads, starter: overrides.starter, tokens: overrides.tokens };
}
