/** Lambda for the workflow's recordFailure state; a plan from an S3 task file then gets its result file. */
import { recordFailurePhase } from '../core/workflow/record-failure.js';
import { thenPublishResult } from './publish-result.js';
import { phaseHandler } from './runtime.js';

export const handler = phaseHandler(thenPublishResult(recordFailurePhase));
