/** Lambda for the workflow's Analyze state: its handler, made over the process's runtime at init. */

import { workflowRuntime } from '../runtime/lambda.js';
import { makeAnalyzeHandler } from './states.js';

export const handler = makeAnalyzeHandler(workflowRuntime());
