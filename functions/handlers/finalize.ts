/** Lambda for the workflow's finalize state. */
import { finalizePhase } from '../core/workflow/phases.js';
import { phaseHandler } from './runtime.js';

export const handler = phaseHandler(finalizePhase);
