/**
 * The second half of the S3 door, through the real workflow: a plan whose request came from an S3 task file
 * gets `<key>.result.json` beside it when it finishes, succeeded or failed (the Finalize and
 * RecordFailure handlers). The state machine runs locally over DynamoDB Local; S3 through
 * aws-sdk-client-mock, which records the result files written.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../cli/local-runner.js';
import { openLocalStack } from '../../support/local-workflow.js';

const s3 = mockClient(S3Client);
let stack: LocalStack;

beforeAll(async () => {
  stack = await openLocalStack('result-files');
});

afterEach(() => {
  s3.reset();
});

afterAll(async () => {
  s3.restore();
  await stack?.close();
});

function written(): Array<{ bucket: string; key: string; body: Record<string, unknown> }> {
  return s3.commandCalls(PutObjectCommand).map((c) => ({
    bucket: String(c.args[0].input.Bucket),
    key: String(c.args[0].input.Key),
    body: JSON.parse(String(c.args[0].input.Body)) as Record<string, unknown>,
  }));
}

describe('Handlers: Finalize and RecordFailure write the result of a task file', () => {
  it('writes the answer, plan and sources of a plan that succeeded', async () => {
    // Prepare
    s3.on(PutObjectCommand).resolves({});

    // Act
    const record = await stack.run({
      task: 'Compare the populations of Lyon and Marseille',
      origin: { source: 's3', bucket: 'cairn-bucket', key: 'tasks/lyon.json' },
    });

    // Assess
    expect(record.status).toBe('succeeded');
    const files = written();
    expect(files.map((f) => [f.bucket, f.key])).toEqual([['cairn-bucket', 'tasks/lyon.json.result.json']]);
    expect(files[0]!.body).toMatchObject({
      planId: record.planId,
      status: 'succeeded',
      task: 'Compare the populations of Lyon and Marseille',
      taskFile: 's3://cairn-bucket/tasks/lyon.json',
      results: { answer: record.results!.answer, citations: record.results!.citations },
      plan: record.plan,
    });
    expect((files[0]!.body.sources as Array<{ id: string }>).map((s) => s.id).slice(0, 2)).toEqual(['lyon', 'marseille']);
  });

  it('writes the reason of a plan that failed', async () => {
    // Prepare
    s3.on(PutObjectCommand).resolves({});

    // Act
    const record = await stack.run({
      task: 'What does the speaker say in missing-recording.mp3?',
      origin: { source: 's3', bucket: 'cairn-bucket', key: 'tasks/audio.txt' },
    });

    // Assess
    expect(record.status).toBe('failed');
    expect(written().map((f) => [f.key, f.body.status, (f.body.error as { phase: string }).phase])).toEqual([
      ['tasks/audio.txt.result.json', 'failed', 'executing'],
    ]);
  });

  it('writes nothing for a plan that did not come from a task file', async () => {
    const record = await stack.run({ task: 'Compare the populations of Lyon and Marseille' });
    expect(record.status).toBe('succeeded');
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
  });
});
