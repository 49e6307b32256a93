/**
 * The runtime of a workflow Lambda process, built from the environment on first use and kept, with
 * X-Ray tracing. Only the workflow's handler entry files import this; the intake functions import
 * lambda-intake.ts, so that their bundles carry neither the planner nor the compiled validators.
 * What builds its own runtime (the CLI, `serve`, tests, benchmarks) imports workflow.ts or
 * intake.ts and never loads the X-Ray SDK.
 */

import { loadConfig } from '../shared/config.js';
import { powertoolsTracing } from './tracing.js';
import { createRuntime, type Runtime } from './workflow.js';

let workflow: Runtime | undefined;

/** The runtime of a workflow function's process. */
export function workflowRuntime(): Runtime {
  workflow ??= createRuntime(loadConfig(), { tracing: powertoolsTracing() });
  return workflow;
}
