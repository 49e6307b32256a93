/** Lambda for the workflow's Generate state: its handler, made over the process's runtime at init. */
import { makeGenerateHandler } from '../runtime/states.js';
import { workflowRuntime } from '../runtime/workflow.js';

export const handler = makeGenerateHandler(workflowRuntime());
