/** Lambda for the workflow's Validate state: its handler, made over the process's runtime at init. */

import { workflowRuntime } from '../runtime/lambda.js';
import { makeValidateHandler } from './states.js';

export const handler = makeValidateHandler(workflowRuntime());
