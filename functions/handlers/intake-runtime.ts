/**
 * What the intake functions (the HTTP API, the S3 and SQS triggers) wire, once per process: the
 * configuration, Powertools and the trace store. Lighter than runtime.ts: no LLM, no corpus, no
 * planner. The functions that start plans add what start-deps.ts builds; the readers carry none of it.
 */
import type { TraceStore } from '../core/ports.js';
import { type CairnConfig, loadConfig } from '../shared/config.js';
import { createObservability, type Observability } from './middleware.js';
import { type Clients, createClients, createTraceStore } from './wiring.js';

export interface IntakeRuntime {
  config: CairnConfig;
  observability: Observability;
  store: TraceStore;
  clients: Clients;
}

export function createIntakeRuntime(config: CairnConfig): IntakeRuntime {
  const observability = createObservability(config);
  const clients = createClients(config, observability);
  return { config, observability, store: createTraceStore(config, clients), clients };
}

let current: IntakeRuntime | undefined;

/** The process's intake runtime, built from the environment on first use and kept. */
export function intakeRuntime(): IntakeRuntime {
  current ??= createIntakeRuntime(loadConfig());
  return current;
}
