/** Lambda for the workflow's analyze state. */
import { analyzePhase } from '../core/workflow/analyze.js';
import { phaseHandler } from './runtime.js';

export const handler = phaseHandler(analyzePhase);
