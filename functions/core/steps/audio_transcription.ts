/** `audio_transcription`: the transcript of an audio document, through the `media.transcribe` tool. */
import schema from '../../../schemas/steps/audio_transcription.schema.json' with { type: 'json' };
import { mediaOperator } from './media.js';
import type { StepDefinition } from './step.js';

export const audioTranscription: StepDefinition = {
  schema,
  operator: mediaOperator('media.transcribe'),
  // A transcription service can fail for a moment: it is retried, and given time.
  errorPolicy: { strategy: 'retry', maxAttempts: 3, backoffMs: 500, timeoutMs: 120_000 },
  onDependencySkipped: 'skip',
  subquery: false,
  ranking: false,
  modality: 'audio',
};
