/** Lambda for GET /plans: its handler, made over the process's intake runtime at init. */
import { intakeRuntime } from '../runtime/lambda-intake.js';
import { makeListPlansHandler } from './intake/list-plans.js';

export const handler = makeListPlansHandler(intakeRuntime());
