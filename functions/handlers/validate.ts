/** Lambda for the workflow's Validate state: its handler, made over the process's runtime at init. */
import { makeValidateHandler } from '../runtime/states.js';
import { workflowRuntime } from '../runtime/workflow.js';

export const handler = makeValidateHandler(workflowRuntime());
