/** Lambda for the workflow's Finalize state: its handler, made over the process's runtime at init. */

import { workflowRuntime } from '../runtime/lambda.js';
import { makeFinalizeHandler } from './states.js';

export const handler = makeFinalizeHandler(workflowRuntime());
