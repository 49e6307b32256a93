/** Lambda for the workflow's repair state. */
import { repairPhase } from '../core/workflow/phases.js';
import { phaseHandler } from './runtime.js';

export const handler = phaseHandler(repairPhase);
