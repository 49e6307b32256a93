/**
 * The runtimes of the Lambda processes, built from the environment on first use and kept, with
 * X-Ray tracing. Only the handler entry files import this: what builds its own runtime (the CLI,
 * `serve`, tests, benchmarks) imports workflow.ts or intake.ts and never loads the X-Ray SDK.
 */
import { powertoolsTracing } from '../handlers/tracing.js';
import { loadConfig } from '../shared/config.js';
import { createIntakeRuntime, type IntakeRuntime } from './intake.js';
import { createRuntime, type Runtime } from './workflow.js';

let workflow: Runtime | undefined;
let intake: IntakeRuntime | undefined;

/** The runtime of a workflow function's process. */
export function workflowRuntime(): Runtime {
  workflow ??= createRuntime(loadConfig(), { tracing: powertoolsTracing() });
  return workflow;
}

/** The runtime of an intake function's process (the HTTP API, the S3 and SQS triggers). */
export function intakeRuntime(): IntakeRuntime {
  intake ??= createIntakeRuntime(loadConfig(), { tracing: powertoolsTracing() });
  return intake;
}
