/** Lambda for GET /plans/{id}: its handler, made over the process's intake runtime at init. */
import { intakeRuntime } from '../runtime/lambda-intake.js';
import { makeGetPlanHandler } from './intake/get-plan.js';

export const handler = makeGetPlanHandler(intakeRuntime());
