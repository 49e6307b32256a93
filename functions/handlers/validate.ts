/** Lambda for the workflow's validate state. */
import { validatePhase } from '../core/workflow/validate.js';
import { phaseHandler } from './runtime.js';

export const handler = phaseHandler(validatePhase);
