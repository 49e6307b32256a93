/** Lambda for the workflow's finalize state; a plan from an S3 task file then gets its result file. */
import { finalizePhase } from '../core/workflow/finalize.js';
import { thenPublishResult } from './publish-result.js';
import { phaseHandler } from './runtime.js';

export const handler = phaseHandler(thenPublishResult(finalizePhase));
