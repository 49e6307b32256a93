/** Lambda for POST /plans/{id}/input: its handler, made over the process's intake runtime at init. */
import { intakeRuntime } from '../runtime/lambda-intake.js';
import { makeSubmitInputHandler } from './intake/submit-input.js';

export const handler = makeSubmitInputHandler(intakeRuntime());
