/** Lambda for GET /plans/{id}/trace: its handler, made over the process's intake runtime at init. */
import { intakeRuntime } from '../runtime/lambda-intake.js';
import { makeGetTraceHandler } from './intake/get-trace.js';

export const handler = makeGetTraceHandler(intakeRuntime());
