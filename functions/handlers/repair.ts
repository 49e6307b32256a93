/** Lambda for the workflow's repair state. */
import { repairPhase } from '../core/workflow/repair.js';
import { phaseHandler } from './runtime.js';

export const handler = phaseHandler(repairPhase);
