/** Lambda for the index job: its handler, made over the process's index job runtime at init. */
import { indexJobRuntime } from '../runtime/index-job.js';
import { makeBuildIndexHandler } from './index-job/build-index.js';

export const handler = makeBuildIndexHandler(indexJobRuntime());
