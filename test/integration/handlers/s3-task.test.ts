/**
 * The S3 trigger (task files, one plan per logical request) with S3 event notifications as S3 sends them, over DynamoDB Local. S3
 * has no local server on these machines: its client goes through aws-sdk-client-mock, which
 * serves the task files and records the result files written. Step Functions likewise.
 */

import { GetObjectCommand, type GetObjectCommandOutput, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { S3Event } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeS3TaskHandler } from '../../../functions/handlers/intake/s3-task.js';
import type { IntakeRuntime } from '../../../functions/runtime/intake.js';
import { lambdaContext } from '../../support/lambda-context.js';
import { s3Body } from '../../support/s3.js';
import { BUCKET, intakeRuntimeFor, mockStepFunctions, s3Event } from './support.js';

type Handler = (event: S3Event, context: ReturnType<typeof lambdaContext>) => Promise<void>;

const s3 = mockClient(S3Client);
const { sfn, started } = mockStepFunctions();
let handler: Handler;
let rt: IntakeRuntime;

beforeAll(async () => {
  rt = await intakeRuntimeFor('s3-task');
  handler = makeS3TaskHandler(rt) as unknown as Handler;
});

beforeEach(() => {
  s3.on(PutObjectCommand).resolves({});
});

afterEach(() => {
  s3.reset();
});

afterAll(() => {
  s3.restore();
});

/** Serves `text` as the object `key`, as GetObject returns it in Node. */
function taskFile(key: string, text: string): void {
  s3.on(GetObjectCommand, { Bucket: BUCKET, Key: key }).callsFake(() => ({ ContentLength: Buffer.byteLength(text, 'utf8'), Body: s3Body(text) }));
}

function resultFiles(): Array<{ key: string; body: Record<string, unknown> }> {
  return s3
    .commandCalls(PutObjectCommand)
    .map((c) => ({ key: String(c.args[0].input.Key), body: JSON.parse(String(c.args[0].input.Body)) as Record<string, unknown> }));
}

const invoke = (event: S3Event) => handler(event, lambdaContext('S3Task'));

describe('Handler: S3 task files', () => {
  it('starts a plan from a .json request, remembering the file it came from', async () => {
    // Prepare
    taskFile('tasks/lyon.json', JSON.stringify({ task: 'Compare the populations of Lyon and Marseille', options: { maxIterations: 2 } }));

    // Act
    await invoke(s3Event([{ key: 'tasks/lyon.json', sequencer: '0062E99A88DC407460' }]));

    // Assess
    expect(started().size).toBe(1);
    const [planId] = [...started()];
    const call = sfn.commandCalls(StartExecutionCommand)[0]!.args[0].input;
    expect(JSON.parse(String(call.input))).toEqual({ planId, maxIterations: 2 });
    const record = await rt.store.getPlan(planId!);
    expect(record?.request).toEqual({
      task: 'Compare the populations of Lyon and Marseille',
      options: { maxIterations: 2 },
      origin: { source: 's3', bucket: BUCKET, key: 'tasks/lyon.json' },
    });
    expect(resultFiles()).toEqual([]);
  });

  it('starts a plan from a .txt file holding the task, its key decoded', async () => {
    // Prepare
    taskFile('tasks/team a/river?.txt', 'Which river flows through Lyon?\n');

    // Act
    await invoke(s3Event([{ key: 'tasks/team a/river?.txt', sequencer: '0062E99A88DC407461' }]));

    // Assess
    const record = await rt.store.getPlan([...started()][0]!);
    expect(record?.request).toEqual({ task: 'Which river flows through Lyon?', origin: { source: 's3', bucket: BUCKET, key: 'tasks/team a/river?.txt' } });
  });

  it('starts one plan when the same event is delivered twice', async () => {
    // Prepare
    taskFile('tasks/twice.json', JSON.stringify({ task: 'Who built the Eiffel Tower?' }));
    const event = s3Event([{ key: 'tasks/twice.json', sequencer: '0062E99A88DC407470' }]);

    // Act
    await invoke(event);
    await invoke(event);

    // Assess
    expect(started().size).toBe(1);
    expect(sfn.commandCalls(StartExecutionCommand).every((c) => c.args[0].input.name === [...started()][0])).toBe(true);
  });

  it('starts a new plan when the file is uploaded again (a new sequencer)', async () => {
    // Prepare
    taskFile('tasks/again.txt', 'Who directed Alien?');

    // Act
    await invoke(s3Event([{ key: 'tasks/again.txt', sequencer: '0062E99A88DC407480' }]));
    await invoke(s3Event([{ key: 'tasks/again.txt', sequencer: '0062E99A88DC407490' }]));

    // Assess
    expect(started().size).toBe(2);
  });

  it("starts nothing for an event older than the last one seen for its key, and reads each file at its event's version", async () => {
    // Prepare: two versions of one file; S3 delivers the newer upload's event first.
    const key = 'tasks/versions.txt';
    const versions: Record<string, string> = { v1: 'Who designed the first version?', v2: 'Who designed the second version?' };
    s3.on(GetObjectCommand, { Bucket: BUCKET, Key: key }).callsFake((input: { VersionId?: string }) => {
      const text = versions[input.VersionId ?? ''] ?? 'read without a version';
      return { ContentLength: Buffer.byteLength(text), Body: { transformToString: async () => text } as unknown as GetObjectCommandOutput['Body'] };
    });

    // Act
    await invoke(s3Event([{ key, sequencer: '0062E99A88DC4075B0', versionId: 'v2' }]));
    await invoke(s3Event([{ key, sequencer: '0062E99A88DC4075A0', versionId: 'v1' }]));

    // Assess
    expect(started().size).toBe(1);
    const record = await rt.store.getPlan([...started()][0]!);
    expect(record?.request.task).toBe('Who designed the second version?');
    expect(s3.commandCalls(GetObjectCommand).map((c) => c.args[0].input.VersionId)).toEqual(['v2']);
  });

  it("answers a task file that reuses another request's idempotency key in its result file, starting nothing", async () => {
    // Prepare
    taskFile('tasks/first.json', JSON.stringify({ task: 'Who built the Louvre pyramid?', idempotencyKey: 'batch-7' }));
    taskFile('tasks/second.json', JSON.stringify({ task: 'Who built the Centre Pompidou?', idempotencyKey: 'batch-7' }));

    // Act
    await invoke(s3Event([{ key: 'tasks/first.json', sequencer: '0062E99A88DC4075D0' }]));
    await invoke(s3Event([{ key: 'tasks/second.json', sequencer: '0062E99A88DC4075D1' }]));

    // Assess
    expect(started().size).toBe(1);
    const [result] = resultFiles();
    expect(result?.key).toBe('tasks/second.json.result.json');
    expect(result?.body).toMatchObject({ status: 'rejected', error: { name: 'IdempotencyKeyConflictError' } });
  });

  it('orders sequencers of different lengths as numbers, as S3 documents', async () => {
    // Prepare
    const key = 'tasks/lengths.txt';
    taskFile(key, 'Who painted the Water Lilies?');

    // Act: the shorter sequencer is the older event once both are padded on the left.
    await invoke(s3Event([{ key, sequencer: '10062E99A88DC4075C0' }]));
    await invoke(s3Event([{ key, sequencer: 'F062E99A88DC4075C0' }]));

    // Assess
    expect(started().size).toBe(1);
  });

  it('writes <key>.result.json with every error when the file is not a request, and starts nothing', async () => {
    // Prepare
    taskFile('tasks/bad.json', JSON.stringify({ question: 'Who?', options: { topK: 0 } }));

    // Act
    await invoke(s3Event([{ key: 'tasks/bad.json', sequencer: '0062E99A88DC4074A0' }]));

    // Assess
    expect(started().size).toBe(0);
    const [result] = resultFiles();
    expect(result?.key).toBe('tasks/bad.json.result.json');
    expect(result?.body).toMatchObject({ status: 'rejected', taskFile: `s3://${BUCKET}/tasks/bad.json`, error: { name: 'RequestValidationError' } });
    const issues = (result!.body.error as { issues: Array<{ path: string }> }).issues;
    expect(issues.map((i) => i.path).sort()).toEqual(['(root)', '(root)', 'options.topK']);
  });

  it('writes the parse error for a .json file that is not JSON', async () => {
    // Prepare
    taskFile('tasks/broken.json', '{"task": ');

    // Act
    await invoke(s3Event([{ key: 'tasks/broken.json', sequencer: '0062E99A88DC4074B0' }]));

    // Assess
    expect(resultFiles()[0]?.body.error).toMatchObject({ issues: [{ path: '(root)', message: expect.stringMatching(/^not valid JSON/) }] });
  });

  it('ignores result files, other prefixes and other extensions without reading them', async () => {
    // Act
    await invoke(
      s3Event([
        { key: 'tasks/lyon.json.result.json', sequencer: '0062E99A88DC4074C0' },
        { key: 'elsewhere/task.json', sequencer: '0062E99A88DC4074C1' },
        { key: 'tasks/notes.md', sequencer: '0062E99A88DC4074C2' },
      ]),
    );

    // Assess
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });

  it('does nothing for a file deleted before it was read', async () => {
    s3.on(GetObjectCommand).rejects(new NoSuchKey({ message: 'The specified key does not exist.', $metadata: { httpStatusCode: 404 } }));
    await expect(invoke(s3Event([{ key: 'tasks/gone.txt', sequencer: '0062E99A88DC4074D0' }]))).resolves.toBeUndefined();
    expect(started().size).toBe(0);
  });

  it('fails the invocation on an S3 outage, so that Lambda retries the event', async () => {
    s3.on(GetObjectCommand).rejects(
      new S3ServiceException({ name: 'SlowDown', $fault: 'server', $metadata: { httpStatusCode: 503 }, message: 'Please reduce your request rate.' }),
    );
    await expect(invoke(s3Event([{ key: 'tasks/later.txt', sequencer: '0062E99A88DC4074E0' }]))).rejects.toThrow(/SlowDown/);
    expect(resultFiles()).toEqual([]);
  });
});
