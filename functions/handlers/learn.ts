/** Lambda run by the learning schedule: its handler, made over the process's workflow runtime at init. */
import { makeLearnHandler } from '../runtime/learning.js';
import { workflowRuntime } from '../runtime/workflow.js';

export const handler = makeLearnHandler(workflowRuntime());
