/** Lambda for the workflow's RecordFailure state: its handler, made over the process's runtime at init. */
import { makeRecordFailureHandler } from '../runtime/states.js';
import { workflowRuntime } from '../runtime/workflow.js';

export const handler = makeRecordFailureHandler(workflowRuntime());
