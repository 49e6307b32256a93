/** Lambda for the workflow's AwaitInput state: its handler, made over the process's runtime at init. */
import { makeAwaitInputHandler } from '../runtime/states.js';
import { workflowRuntime } from '../runtime/workflow.js';

export const handler = makeAwaitInputHandler(workflowRuntime());
