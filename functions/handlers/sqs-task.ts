/** Lambda for the SQS trigger: its handler, made over the process's intake runtime at init. */
import { intakeRuntime } from '../runtime/lambda-intake.js';
import { makeSqsTaskHandler } from './intake/sqs-task.js';

export const handler = makeSqsTaskHandler(intakeRuntime());
