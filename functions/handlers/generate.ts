/** Lambda for the workflow's generate state. */
import { generatePhase } from '../core/workflow/generate.js';
import { phaseHandler } from './runtime.js';

export const handler = phaseHandler(generatePhase);
