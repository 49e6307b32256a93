/** `image_captioning`: the caption of an image document, through the `media.caption` tool. */
import schema from '../../../schemas/steps/image_captioning.schema.json' with { type: 'json' };
import { mediaOperator } from './media.js';
import type { StepDefinition } from './step.js';

export const imageCaptioning: StepDefinition = {
  schema,
  operator: mediaOperator('media.caption'),
  // A captioning service can fail for a moment: it is retried.
  errorPolicy: { strategy: 'retry', maxAttempts: 3, backoffMs: 500, timeoutMs: 60_000 },
  onDependencySkipped: 'skip',
  subquery: false,
  ranking: false,
  modality: 'image',
};
