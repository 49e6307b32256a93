/**
 * The index job's handler: a corpus file written under corpus/ (an S3 event), or an invocation
 * `{"corpus": "s3://bucket/corpus/file.jsonl"}`, builds that corpus's index once. A failure fails
 * the invocation with the reason (one line in the log and in the dead-letter queue's record).
 */
import type { S3Event } from 'aws-lambda';
import { type IndexJobDeps, type IndexJobResult, runIndexJob } from '../../adapters/corpus/s3-index/index-job.js';
import { InvalidInputError } from '../../core/errors.js';
import { type Observability, observed } from '../../runtime/observability.js';

export type BuildIndexEvent = S3Event | { corpus: string };

/** The corpora an event names: each record's object, or the one given by hand. */
export function corporaOf(event: BuildIndexEvent): string[] {
  if ('Records' in event && Array.isArray(event.Records)) {
    // Keys arrive URL-encoded, spaces as '+'.
    return event.Records.map((record) => `s3://${record.s3.bucket.name}/${decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '))}`);
  }
  const corpus = (event as { corpus?: unknown }).corpus;
  if (typeof corpus !== 'string' || corpus === '') throw new InvalidInputError('the index job takes an S3 event or {"corpus": "s3://bucket/key"}');
  return [corpus];
}

export async function buildIndexes(deps: IndexJobDeps, obs: Observability, event: BuildIndexEvent): Promise<IndexJobResult[]> {
  const results: IndexJobResult[] = [];
  for (const corpus of corporaOf(event)) {
    obs.logger.info('building the index', { corpus });
    const result = await runIndexJob(deps, corpus);
    obs.logger.info('index built', { ...result });
    results.push(result);
  }
  return results;
}

export function makeBuildIndexHandler(rt: { deps: IndexJobDeps; observability: Observability }) {
  return observed<BuildIndexEvent, IndexJobResult[]>(rt.observability).handler((event) => buildIndexes(rt.deps, rt.observability, event));
}
