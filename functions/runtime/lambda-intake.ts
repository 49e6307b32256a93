/**
 * The runtime of an intake Lambda process (the HTTP API, the S3 and SQS triggers), built from the
 * environment on first use and kept, with X-Ray tracing. Apart from lambda.ts (the workflow's):
 * importing that one would put the workflow's runtime, with the planner and the compiled
 * validators, into every intake bundle, some 170 KiB parsed at each cold start for nothing.
 */

import { loadConfig } from '../shared/config.js';
import { createIntakeRuntime, type IntakeRuntime } from './intake.js';
import { powertoolsTracing } from './tracing.js';

let intake: IntakeRuntime | undefined;

/** The runtime of an intake function's process. */
export function intakeRuntime(): IntakeRuntime {
  intake ??= createIntakeRuntime(loadConfig(), { tracing: powertoolsTracing() });
  return intake;
}
