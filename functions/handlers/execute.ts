/** Lambda for the workflow's execute state. */
import { executePhase } from '../core/workflow/execute.js';
import { phaseHandler } from './runtime.js';

export const handler = phaseHandler(executePhase);
