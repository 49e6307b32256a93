/**
 * The local workflow as the integration tests run it: the deployed state machine run in process
 * with the Lambda handlers, over the DynamoDB Local the global setup started, on a table of the
 * test file's own and the sample corpus.
 */
import { join } from 'node:path';
import { inject } from 'vitest';
import { LocalStack, type LocalStackOptions } from '../../cli/local-runner.js';
import type { PlanRecord, TraceEvent } from '../../functions/core/types.js';
import { tempDir } from './temp-dir.js';

/**
 * Points the local runner's configuration at DynamoDB Local, a fresh table `<name>-<time>`, the
 * sample corpus and a new payload folder. The runner reads it from the environment when it opens.
 */
export function useLocalWorkflowEnvironment(name: string): { tableName: string; payloadDir: string } {
  const tableName = `${name}-${Date.now()}`;
  const payloadDir = join(tempDir(name), 'payloads');
  Object.assign(process.env, {
    CAIRN_DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    CAIRN_TABLE: tableName,
    CAIRN_CORPUS: 'examples/corpus.jsonl',
    CAIRN_PAYLOAD_DIR: payloadDir,
  });
  return { tableName, payloadDir };
}

/** Opens the local workflow in the environment of useLocalWorkflowEnvironment(name). */
export async function openLocalStack(name: string, options: LocalStackOptions = {}): Promise<LocalStack> {
  useLocalWorkflowEnvironment(name);
  return LocalStack.open(options);
}

/** The trace events the workflow stored for a plan, in order. */
export const storedEvents = (stack: LocalStack, record: PlanRecord): Promise<TraceEvent[]> => stack.runtime.store.listEvents(record.planId);

/** The trace events of one step (started, retried, completed, failed, skipped), in order. */
export const stepEvents = (events: TraceEvent[], id: number): TraceEvent[] => events.filter((e) => e.type.startsWith('step.') && e.data?.step_id === id);
