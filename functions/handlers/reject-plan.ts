/** Lambda for the workflow's RejectPlan state: its handler, made over the process's runtime at init. */
import { makeRejectPlanHandler } from '../runtime/states.js';
import { workflowRuntime } from '../runtime/workflow.js';

export const handler = makeRejectPlanHandler(workflowRuntime());
