/** Lambda for the workflow's Replan state (iterative plans): its handler, made over the process's runtime at init. */
import { makeReplanHandler } from '../runtime/states.js';
import { workflowRuntime } from '../runtime/workflow.js';

export const handler = makeReplanHandler(workflowRuntime());
