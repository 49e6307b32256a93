/** Lambda for the workflow's RejectPlan state: its handler, made over the process's runtime at init. */

import { workflowRuntime } from '../runtime/lambda.js';
import { makeRejectPlanHandler } from './states.js';

export const handler = makeRejectPlanHandler(workflowRuntime());
