/** Lambda for the S3 trigger: its handler, made over the process's intake runtime at init. */
import { intakeRuntime } from '../runtime/lambda-intake.js';
import { makeS3TaskHandler } from './intake/s3-task.js';

export const handler = makeS3TaskHandler(intakeRuntime());
