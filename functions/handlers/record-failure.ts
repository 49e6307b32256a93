/** Lambda for the workflow's recordFailure state. */
import { recordFailurePhase } from '../core/workflow/phases.js';
import { phaseHandler } from './runtime.js';

export const handler = phaseHandler(recordFailurePhase);
