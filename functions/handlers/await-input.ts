/** Lambda for the workflow's AwaitInput state: its handler, made over the process's runtime at init. */

import { workflowRuntime } from '../runtime/lambda.js';
import { makeAwaitInputHandler } from './states.js';

export const handler = makeAwaitInputHandler(workflowRuntime());
