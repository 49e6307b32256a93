/** Lambda for the workflow's Execute state: its handler, made over the process's runtime at init. */

import { workflowRuntime } from '../runtime/lambda.js';
import { makeExecuteHandler } from './states.js';

export const handler = makeExecuteHandler(workflowRuntime());
