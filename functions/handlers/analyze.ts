/** Lambda for the workflow's Analyze state: its handler, made over the process's runtime at init. */
import { makeAnalyzeHandler } from '../runtime/states.js';
import { workflowRuntime } from '../runtime/workflow.js';

export const handler = makeAnalyzeHandler(workflowRuntime());
