/** Lambda for the workflow's reject state. */
import { rejectPhase } from '../core/workflow/reject.js';
import { phaseHandler } from './runtime.js';

export const handler = phaseHandler(rejectPhase);
