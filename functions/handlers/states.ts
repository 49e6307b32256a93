/**
 * The one map from the workflow's Task states (infra/workflow.asl.json) to their handlers: the
 * Lambda entry file CDK bundles for the state, and the factory that makes its handler from a
 * runtime. CDK creates one function per entry; the local runner and the benchmarks run each
 * state with the factory's handler over their own runtime. A test holds it equal to the ASL file.
 */
import type { Context } from 'aws-lambda';
import { isS3Uri } from '../adapters/s3/uri.js';
import { analyzePhase } from '../core/workflow/analyze.js';
import { awaitInputPhase } from '../core/workflow/await-input.js';
import { executePhase } from '../core/workflow/execute.js';
import { finalizePhase } from '../core/workflow/finalize.js';
import { generatePhase } from '../core/workflow/generate.js';
import { recordFailurePhase } from '../core/workflow/record-failure.js';
import { rejectPhase } from '../core/workflow/reject.js';
import { repairPhase } from '../core/workflow/repair.js';
import { replanPhase } from '../core/workflow/replan.js';
import { validatePhase } from '../core/workflow/validate.js';
import type { Runtime } from '../runtime/workflow.js';
import { phaseHandler } from './phase-handler.js';
import { thenPublishResult } from './publish-result.js';

export const makeAnalyzeHandler = (rt: Runtime) => phaseHandler(rt, analyzePhase);
export const makeGenerateHandler = (rt: Runtime) => phaseHandler(rt, generatePhase);
export const makeValidateHandler = (rt: Runtime) => phaseHandler(rt, validatePhase);
export const makeRepairHandler = (rt: Runtime) => phaseHandler(rt, repairPhase);
export const makeRejectPlanHandler = (rt: Runtime) => phaseHandler(rt, rejectPhase);
/** Tool calls the duplicate-call guard blocked are counted as a metric, beside the plan's metadata. */
export const makeExecuteHandler = (rt: Runtime) => {
  void preloadDefaultCorpus(rt);
  return phaseHandler(rt, async (deps, input: Parameters<typeof executePhase>[1]) => {
    const summary = await executePhase(deps, input);
    if (summary.blockedCalls) rt.observability.metrics.addMetric('DuplicateCallsBlocked', 'Count', summary.blockedCalls);
    return summary;
  });
};

/**
 * The default corpus is indexed once per process, and the first Execute used to wait for it (the
 * files read, every document tokenized and vectorized: tens of milliseconds on the sample corpus).
 * Started when the Execute handler is made (a Lambda's init, the local runner's start), it is
 * ready by the first plan's Execute. Only a corpus on this machine indexed in this process: one on
 * S3, or embedded by a service, costs requests that a process which may never execute a plan must
 * not make. A failure is left for that Execute to meet: a failed load is not kept, so the phase
 * loads again and reports the error itself. Resolves when the load has ended, either way.
 */
export function preloadDefaultCorpus(rt: Pick<Runtime, 'phases' | 'config'>): Promise<void> {
  // The corpus provider reads every reference but an s3:// one from this machine.
  if (isS3Uri(rt.config.defaultCorpus) || rt.config.retrieval.embeddings.backend !== 'lexical') return Promise.resolve();
  return rt.phases.corpora.load(undefined).then(
    () => undefined,
    () => undefined,
  );
}
export const makeAwaitInputHandler = (rt: Runtime) => phaseHandler(rt, awaitInputPhase);
export const makeReplanHandler = (rt: Runtime) => phaseHandler(rt, replanPhase);
/** A plan from an S3 task file gets its result file once it has finished, either way. */
export const makeFinalizeHandler = (rt: Runtime) => phaseHandler(rt, thenPublishResult(rt.results, finalizePhase));
export const makeRecordFailureHandler = (rt: Runtime) => phaseHandler(rt, thenPublishResult(rt.results, recordFailurePhase));

/** A Lambda handler as the local runner calls it: an event and a context in, a JSON value out. */
export type TaskHandler = (event: never, context: Context) => Promise<unknown>;

export interface TaskStateBinding {
  /** The entry module under functions/handlers/ that CDK bundles; it exports `handler`. */
  readonly entry: string;
  /** Makes the state's handler over a runtime. */
  readonly make: (rt: Runtime) => TaskHandler;
}

/** Every Task state of the workflow, by its name in the ASL file. */
export const TASK_STATES = {
  Analyze: { entry: 'analyze.ts', make: makeAnalyzeHandler },
  Generate: { entry: 'generate.ts', make: makeGenerateHandler },
  Validate: { entry: 'validate.ts', make: makeValidateHandler },
  Repair: { entry: 'repair.ts', make: makeRepairHandler },
  RejectPlan: { entry: 'reject-plan.ts', make: makeRejectPlanHandler },
  Execute: { entry: 'execute.ts', make: makeExecuteHandler },
  AwaitInput: { entry: 'await-input.ts', make: makeAwaitInputHandler },
  Replan: { entry: 'replan.ts', make: makeReplanHandler },
  Finalize: { entry: 'finalize.ts', make: makeFinalizeHandler },
  RecordFailure: { entry: 'record-failure.ts', make: makeRecordFailureHandler },
} as const satisfies Record<string, TaskStateBinding>;

export type TaskStateName = keyof typeof TASK_STATES;
