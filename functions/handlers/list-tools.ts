/** Lambda for GET /tools: its handler, made over the process's intake runtime at init. */
import { intakeRuntime } from '../runtime/lambda-intake.js';
import { makeListToolsHandler } from './intake/list-tools.js';

export const handler = makeListToolsHandler(intakeRuntime());
