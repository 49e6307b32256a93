/** Lambda for the workflow's Replan state (iterative plans): its handler, made over the process's runtime at init. */

import { workflowRuntime } from '../runtime/lambda.js';
import { makeReplanHandler } from './states.js';

export const handler = makeReplanHandler(workflowRuntime());
