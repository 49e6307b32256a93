/** Lambda for the workflow's RecordFailure state: its handler, made over the process's runtime at init. */

import { workflowRuntime } from '../runtime/lambda.js';
import { makeRecordFailureHandler } from './states.js';

export const handler = makeRecordFailureHandler(workflowRuntime());
