/** Lambda for POST /plans: its handler, made over the process's intake runtime at init. */
import { intakeRuntime } from '../runtime/lambda-intake.js';
import { makeCreatePlanHandler } from './intake/create-plan.js';

export const handler = makeCreatePlanHandler(intakeRuntime());
