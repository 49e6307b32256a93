/** Lambda run by the learning schedule: its handler, made over the process's workflow runtime at init. */

import { workflowRuntime } from '../runtime/lambda.js';
import { makeLearnHandler } from '../runtime/learning.js';

export const handler = makeLearnHandler(workflowRuntime());
