/** Lambda for the workflow's Generate state: its handler, made over the process's runtime at init. */

import { workflowRuntime } from '../runtime/lambda.js';
import { makeGenerateHandler } from './states.js';

export const handler = makeGenerateHandler(workflowRuntime());
