/** Lambda for the workflow's Repair state: its handler, made over the process's runtime at init. */
import { makeRepairHandler } from '../runtime/states.js';
import { workflowRuntime } from '../runtime/workflow.js';

export const handler = makeRepairHandler(workflowRuntime());
