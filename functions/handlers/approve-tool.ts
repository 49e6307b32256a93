/** Lambda for POST /tools/{id}/approve: its handler, made over the process's intake runtime at init. */
import { intakeRuntime } from '../runtime/lambda-intake.js';
import { makeApproveToolHandler } from './intake/approve-tool.js';

export const handler = makeApproveToolHandler(intakeRuntime());
