/** Lambda for the workflow's analyze state. */
import { analyzePhase } from '../core/workflow/phases.js';
import { phaseHandler } from './runtime.js';

export const handler = phaseHandler(analyzePhase);
