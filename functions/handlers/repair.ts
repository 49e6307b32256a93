/** Lambda for the workflow's Repair state: its handler, made over the process's runtime at init. */

import { workflowRuntime } from '../runtime/lambda.js';
import { makeRepairHandler } from './states.js';

export const handler = makeRepairHandler(workflowRuntime());
