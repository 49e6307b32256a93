/**
 * The local workflow as the integration tests run it: the deployed state machine run in process
 * with the Lambda handlers, over the DynamoDB Local the global setup started, on a table of the
 * test file's own and the sample corpus.
 */
import { LocalStack, type LocalStackOptions } from '../../cli/local-runner.js';
import type { PlanRecord, TraceEvent } from '../../functions/core/types.js';
import { localTestConfig } from './local-config.js';

/**
 * Opens the local workflow on the configuration of localTestConfig(name): DynamoDB Local, a fresh
 * table `<name>-<time>`, the sample corpus and a new payload folder. The configuration is passed
 * to the stack, so the test runner's environment is neither read nor written.
 */
export async function openLocalStack(name: string, options: Omit<LocalStackOptions, 'config'> = {}): Promise<LocalStack> {
  return LocalStack.open({ ...options, config: localTestConfig(name) });
}

/** The trace events the workflow stored for a plan, in order. */
export const storedEvents = (stack: LocalStack, record: PlanRecord): Promise<TraceEvent[]> => stack.runtime.store.listEvents(record.planId);

/** The trace events of one step (started, retried, completed, failed, skipped), in order. */
export const stepEvents = (events: TraceEvent[], id: number): TraceEvent[] => events.filter((e) => e.type.startsWith('step.') && e.data?.step_id === id);
