/** Lambda for the workflow's Execute state: its handler, made over the process's runtime at init. */
import { makeExecuteHandler } from '../runtime/states.js';
import { workflowRuntime } from '../runtime/workflow.js';

export const handler = makeExecuteHandler(workflowRuntime());
