/** Lambda for the workflow's Finalize state: its handler, made over the process's runtime at init. */
import { makeFinalizeHandler } from '../runtime/states.js';
import { workflowRuntime } from '../runtime/workflow.js';

export const handler = makeFinalizeHandler(workflowRuntime());
