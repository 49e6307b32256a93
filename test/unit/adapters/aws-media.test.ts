/**
 * The AWS media tools (CAIRN_MEDIA=aws): `media.transcribe` on Amazon Transcribe and
 * `media.caption` on Bedrock's Converse API. No local server speaks Transcribe or Bedrock, so the
 * real clients run with their `send` replaced by aws-sdk-client-mock: the commands and inputs are
 * what the services would receive, and the answers and faults are theirs.
 */
import { BedrockRuntimeClient, ConverseCommand, ServiceUnavailableException, ThrottlingException, ValidationException } from '@aws-sdk/client-bedrock-runtime';
import { GetObjectCommand, type GetObjectCommandOutput, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import {
  ConflictException,
  GetTranscriptionJobCommand,
  LimitExceededException,
  StartTranscriptionJobCommand,
  TranscribeClient,
} from '@aws-sdk/client-transcribe';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { type AwsMediaSettings, createAwsMediaTools, registerAwsMediaTools } from '../../../functions/adapters/aws-media/aws-media-tools.js';
import { captionPrompt } from '../../../functions/adapters/aws-media/caption-tool.js';
import { MediaServiceTransientError, MediaToolError } from '../../../functions/adapters/aws-media/errors.js';
import { transcriptionJobName } from '../../../functions/adapters/aws-media/transcribe-tool.js';
import { createS3Client } from '../../../functions/adapters/s3/client.js';
import { executePlan } from '../../../functions/core/executor/run-plan.js';
import { createCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { ToolInputError, ToolRegistry } from '../../../functions/core/tools/registry.js';
import type { DecompositionPlan, DecompositionStep } from '../../../functions/core/types.js';
import { createClients } from '../../../functions/runtime/clients.js';
import { createObservability } from '../../../functions/runtime/observability.js';
import { createToolRegistry } from '../../../functions/runtime/workflow.js';
import { loadConfig } from '../../../functions/shared/config.js';
import { executionContext } from '../../support/executor.js';

const s3 = mockClient(S3Client);
const transcribe = mockClient(TranscribeClient);
const bedrock = mockClient(BedrockRuntimeClient);

const SETTINGS: AwsMediaSettings = {
  backend: 'aws',
  captionModelId: 'amazon.nova-lite-v1:0',
  mediaLocation: { bucket: 'cairn-bucket', prefix: 'corpus/' },
  transcriptLocation: { bucket: 'cairn-bucket', prefix: 'transcripts/' },
};
const s3Client = createS3Client({ region: 'eu-west-1', maxAttempts: 1 });
const registry = registerAwsMediaTools(
  new ToolRegistry(),
  createAwsMediaTools(SETTINGS, { s3: () => s3Client, region: 'eu-west-1', poll: { firstMs: 1, maxMs: 4 } }),
);

const index = createCorpusIndex([
  {
    id: 'lyon-interview',
    title: 'Interview on cycling in Lyon (audio)',
    text: 'Audio recording.',
    modality: 'audio',
    metadata: { file: 'audio/interview-lyon.mp3' },
  },
  { id: 'fourviere-photo', title: 'Basilica of Fourvière (photo)', text: 'Photograph.', modality: 'image', metadata: { file: 'fourviere.jpg' } },
  { id: 'unfiled-audio', title: 'A recording nobody filed', text: 'Audio.', modality: 'audio', metadata: { duration_s: 12 } },
  { id: 'escaping-audio', title: 'A recording elsewhere', text: 'Audio.', modality: 'audio', metadata: { file: '../secrets/key.mp3' } },
  { id: 'plain-page', title: 'Plain page', text: 'A page of text.' },
]);
const TRANSCRIPT = 'We want cycling to become the first way people move around Lyon.';
const CAPTION = 'The white Basilica of Notre-Dame de Fourvière stands on its hill above the old town of Lyon.';
const ETAG = '"9b2cf535f27731c974343645a3985328"';
const MEDIA_URI = 's3://cairn-bucket/corpus/audio/interview-lyon.mp3';
const JOB = transcriptionJobName('lyon-interview', { bucket: 'cairn-bucket', key: 'corpus/audio/interview-lyon.mp3' }, ETAG, SETTINGS.transcriptLocation);
const TRANSCRIPT_KEY = `transcripts/${JOB}.json`;

/** A GetObject body as the tools read it. */
function body(content: string | Uint8Array): NonNullable<GetObjectCommandOutput['Body']> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return { transformToString: async () => new TextDecoder().decode(bytes), transformToByteArray: async () => bytes } as unknown as NonNullable<
    GetObjectCommandOutput['Body']
  >;
}

function s3Error(name: string, status: number): S3ServiceException {
  return new S3ServiceException({ name, $fault: status >= 500 ? 'server' : 'client', $metadata: { httpStatusCode: status }, message: name });
}

/** S3 holds the audio file, and the transcript once a job has written it. */
function audioInS3(): void {
  s3.on(HeadObjectCommand, { Bucket: 'cairn-bucket', Key: 'corpus/audio/interview-lyon.mp3' }).resolves({ ETag: ETAG, ContentLength: 1_504_000 });
  s3.on(GetObjectCommand, { Bucket: 'cairn-bucket', Key: TRANSCRIPT_KEY }).resolves({
    Body: body(JSON.stringify({ jobName: JOB, results: { transcripts: [{ transcript: TRANSCRIPT }], items: [] }, status: 'COMPLETED' })),
  });
}

const job = (status: 'QUEUED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED', extra: Record<string, unknown> = {}) => ({
  TranscriptionJob: { TranscriptionJobName: JOB, TranscriptionJobStatus: status, ...extra },
});

async function run(tool: 'media.transcribe' | 'media.caption', args: Record<string, unknown>, signal = new AbortController().signal) {
  const prepared = registry.prepare(tool, args);
  return prepared.definition.run(prepared.args, { index, signal });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  s3.reset();
  transcribe.reset();
  bedrock.reset();
});

describe('Tool: media.transcribe on Amazon Transcribe', () => {
  it("starts a job on the document's file, polls it to COMPLETED and returns the transcript", async () => {
    // Prepare
    audioInS3();
    transcribe.on(StartTranscriptionJobCommand).resolves(job('QUEUED'));
    transcribe.on(GetTranscriptionJobCommand).resolvesOnce(job('QUEUED')).resolvesOnce(job('IN_PROGRESS')).resolves(job('COMPLETED'));

    // Act
    const out = await run('media.transcribe', { document_id: 'lyon-interview' });

    // Assess
    expect(out).toEqual({
      text: TRANSCRIPT,
      document_id: 'lyon-interview',
      modality: 'audio',
      method: 'amazon-transcribe',
      source: MEDIA_URI,
      transcription_job: JOB,
    });
    expect(transcribe.commandCalls(StartTranscriptionJobCommand).map((c) => c.args[0].input)).toEqual([
      { TranscriptionJobName: JOB, Media: { MediaFileUri: MEDIA_URI }, IdentifyLanguage: true, OutputBucketName: 'cairn-bucket', OutputKey: TRANSCRIPT_KEY },
    ]);
    expect(transcribe.commandCalls(GetTranscriptionJobCommand)).toHaveLength(3);
    expect(s3.commandCalls(GetObjectCommand).map((c) => c.args[0].input)).toEqual([{ Bucket: 'cairn-bucket', Key: TRANSCRIPT_KEY }]);
  });

  it('finds the document by its file name too', async () => {
    // Prepare
    audioInS3();
    transcribe.on(StartTranscriptionJobCommand).resolves(job('QUEUED'));
    transcribe.on(GetTranscriptionJobCommand).resolves(job('COMPLETED'));

    // Act
    const out = await run('media.transcribe', { file: 'interview-lyon.mp3' });

    // Assess
    expect(out.document_id).toBe('lyon-interview');
    expect(out.text).toBe(TRANSCRIPT);
  });

  it('reuses the job already there when the name is taken (a retry, another plan)', async () => {
    // Prepare: Transcribe refuses a second job of the same name.
    audioInS3();
    transcribe
      .on(StartTranscriptionJobCommand)
      .rejects(new ConflictException({ message: 'The requested job name already exists. Use a different job name.', $metadata: { httpStatusCode: 409 } }));
    transcribe.on(GetTranscriptionJobCommand, { TranscriptionJobName: JOB }).resolves(job('COMPLETED'));

    // Act
    const first = await run('media.transcribe', { document_id: 'lyon-interview' });
    const second = await run('media.transcribe', { file: 'audio/interview-lyon.mp3' });

    // Assess: both calls named the same job, and both read its one transcript.
    expect(first.text).toBe(TRANSCRIPT);
    expect(second).toEqual(first);
    expect(new Set(transcribe.commandCalls(StartTranscriptionJobCommand).map((c) => c.args[0].input.TranscriptionJobName))).toEqual(new Set([JOB]));
  });

  it('names a job after the document, its file version and the output folder, as Transcribe allows', () => {
    // Prepare
    const file = { bucket: 'cairn-bucket', key: 'corpus/audio/interview-lyon.mp3' };

    // Act
    const names = [
      transcriptionJobName('lyon-interview', file, ETAG, SETTINGS.transcriptLocation),
      transcriptionJobName('lyon-interview', file, '"another-version"', SETTINGS.transcriptLocation),
      transcriptionJobName('lyon-interview', file, ETAG, { bucket: 'cairn-bucket', prefix: 'other/' }),
      transcriptionJobName('Interview: Lyon / 2024 (é)'.repeat(20), file, ETAG, SETTINGS.transcriptLocation),
    ];

    // Assess
    expect(names[0]).toBe(JOB);
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(name).toMatch(/^cairn-[0-9A-Za-z._-]{1,194}$/);
  });

  it("fails with the job's reason, not retried, when the job FAILED", async () => {
    // Prepare
    audioInS3();
    transcribe.on(StartTranscriptionJobCommand).resolves(job('QUEUED'));
    transcribe.on(GetTranscriptionJobCommand).resolves(job('FAILED', { FailureReason: 'The media format provided does not match the detected media format.' }));

    // Act
    const error = await failure(run('media.transcribe', { document_id: 'lyon-interview' }));

    // Assess
    expect(error).toBeInstanceOf(MediaToolError);
    expect(error).toBeInstanceOf(ToolInputError);
    expect(error.message).toBe(`Amazon Transcribe job ${JOB} failed on ${MEDIA_URI}: The media format provided does not match the detected media format.`);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
  });

  it("stops polling when the step's abort signal fires, as a retryable error", async () => {
    // Prepare: a job that never finishes.
    audioInS3();
    transcribe.on(StartTranscriptionJobCommand).resolves(job('QUEUED'));
    transcribe.on(GetTranscriptionJobCommand).resolves(job('IN_PROGRESS'));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 40);

    // Act
    const error = await failure(run('media.transcribe', { document_id: 'lyon-interview' }, controller.signal));
    const pollsAtAbort = transcribe.commandCalls(GetTranscriptionJobCommand).length;
    await new Promise((resolve) => setTimeout(resolve, 30));

    // Assess
    expect(error).toBeInstanceOf(MediaServiceTransientError);
    expect(error).not.toBeInstanceOf(ToolInputError);
    expect(error.message).toBe(`stopped waiting for Amazon Transcribe job ${JOB} (IN_PROGRESS): the step was stopped; a retry picks the job up again`);
    expect(pollsAtAbort).toBeGreaterThan(1);
    expect(transcribe.commandCalls(GetTranscriptionJobCommand)).toHaveLength(pollsAtAbort);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
  });

  it.each([
    ['LimitExceededException', () => new LimitExceededException({ message: 'Rate exceeded', $metadata: { httpStatusCode: 400 } })],
    ['ThrottlingException', () => Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } })],
  ])('surfaces throttling (%s) as retryable', async (_name, throttled) => {
    // Prepare
    audioInS3();
    transcribe.on(StartTranscriptionJobCommand).rejects(throttled());

    // Act
    const error = await failure(run('media.transcribe', { document_id: 'lyon-interview' }));

    // Assess
    expect(error).toBeInstanceOf(MediaServiceTransientError);
    expect(error.message).toMatch(new RegExp(`^Amazon Transcribe StartTranscriptionJob ${JOB} failed: ${_name}: Rate exceeded$`));
    expect(transcribe.commandCalls(GetTranscriptionJobCommand)).toHaveLength(0);
  });

  it.each([
    [
      'a document with no metadata.file',
      'unfiled-audio',
      'document unfiled-audio names no media file (metadata.file), so it has no location under s3://cairn-bucket/corpus/',
    ],
    [
      'a file outside the media folder',
      'escaping-audio',
      'document escaping-audio: metadata.file "../secrets/key.mp3" must be a key relative to s3://cairn-bucket/corpus/',
    ],
    ['a document that is not audio', 'fourviere-photo', 'document fourviere-photo is image, not audio or video'],
    ['a document the corpus does not hold', 'nowhere', 'no document in the corpus for "nowhere"'],
  ])('refuses %s before calling any service', async (_case, documentId, message) => {
    // Act
    const error = await failure(run('media.transcribe', { document_id: documentId }));

    // Assess
    expect(error).toBeInstanceOf(MediaToolError);
    expect(error.message).toBe(message);
    expect(s3.calls()).toHaveLength(0);
    expect(transcribe.calls()).toHaveLength(0);
  });

  it.each([
    ['404 (NotFound)', s3Error('NotFound', 404)],
    ['403 (a missing key, read without s3:ListBucket)', s3Error('Forbidden', 403)],
  ])('refuses a file S3 does not have, answered %s, without starting a job', async (_case, error) => {
    // Prepare
    s3.on(HeadObjectCommand).rejects(error);

    // Act
    const thrown = await failure(run('media.transcribe', { document_id: 'lyon-interview' }));

    // Assess
    expect(thrown).toBeInstanceOf(MediaToolError);
    expect(thrown.message).toBe(`no media file at ${MEDIA_URI} (missing, or outside what this function may read)`);
    expect(transcribe.calls()).toHaveLength(0);
  });

  it("says so when a completed job's transcript is gone from S3", async () => {
    // Prepare
    s3.on(HeadObjectCommand).resolves({ ETag: ETAG });
    s3.on(GetObjectCommand).rejects(s3Error('NoSuchKey', 404));
    transcribe.on(StartTranscriptionJobCommand).resolves(job('QUEUED'));
    transcribe.on(GetTranscriptionJobCommand).resolves(job('COMPLETED'));

    // Act
    const error = await failure(run('media.transcribe', { document_id: 'lyon-interview' }));

    // Assess
    expect(error).toBeInstanceOf(MediaToolError);
    expect(error.message).toBe(`Amazon Transcribe job ${JOB} completed, but its transcript is not at s3://cairn-bucket/${TRANSCRIPT_KEY}`);
  });
});

describe('Tool: media.caption on Bedrock (Converse)', () => {
  const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
  const converseAnswer = (text: string, stopReason = 'end_turn') => ({
    output: { message: { role: 'assistant' as const, content: [{ text }] } },
    stopReason: stopReason as 'end_turn',
    usage: { inputTokens: 1_200, outputTokens: 40, totalTokens: 1_240 },
    metrics: { latencyMs: 900 },
  });

  it("sends the image's bytes to the configured model and returns its one-paragraph caption", async () => {
    // Prepare
    s3.on(GetObjectCommand, { Bucket: 'cairn-bucket', Key: 'corpus/fourviere.jpg' }).resolves({
      Body: body(JPEG),
      ContentLength: JPEG.length,
      ContentType: 'image/jpeg',
    });
    bedrock.on(ConverseCommand).resolves(converseAnswer(`  ${CAPTION}\n`));

    // Act
    const out = await run('media.caption', { document_id: 'fourviere-photo' });

    // Assess
    expect(out).toEqual({
      text: CAPTION,
      document_id: 'fourviere-photo',
      modality: 'image',
      method: 'bedrock-converse:amazon.nova-lite-v1:0',
      source: 's3://cairn-bucket/corpus/fourviere.jpg',
    });
    const input = bedrock.commandCalls(ConverseCommand)[0]!.args[0].input;
    expect(input).toEqual({
      modelId: 'amazon.nova-lite-v1:0',
      messages: [
        { role: 'user', content: [{ image: { format: 'jpeg', source: { bytes: JPEG } } }, { text: captionPrompt(index.document('fourviere-photo')!) }] },
      ],
      inferenceConfig: { maxTokens: 400, temperature: 0 },
    });
    expect(captionPrompt(index.document('fourviere-photo')!)).toMatch(/one-paragraph factual caption.*"Basilica of Fourvière \(photo\)"/);
  });

  it.each([
    [
      'ThrottlingException',
      () => new ThrottlingException({ message: 'Too many requests, please wait before trying again.', $metadata: { httpStatusCode: 429 } }),
    ],
    ['ServiceUnavailableException', () => new ServiceUnavailableException({ message: 'Service unavailable', $metadata: { httpStatusCode: 503 } })],
  ])('surfaces %s as retryable', async (name, fault) => {
    // Prepare
    s3.on(GetObjectCommand).resolves({ Body: body(JPEG), ContentLength: JPEG.length });
    bedrock.on(ConverseCommand).rejects(fault());

    // Act
    const error = await failure(run('media.caption', { file: 'fourviere.jpg' }));

    // Assess
    expect(error).toBeInstanceOf(MediaServiceTransientError);
    expect(error.message).toMatch(new RegExp(`^Bedrock Converse with amazon.nova-lite-v1:0 on s3://cairn-bucket/corpus/fourviere.jpg failed: ${name}: `));
  });

  it('does not retry what the model refuses for good (a ValidationException)', async () => {
    // Prepare
    s3.on(GetObjectCommand).resolves({ Body: body(JPEG), ContentLength: JPEG.length });
    bedrock
      .on(ConverseCommand)
      .rejects(new ValidationException({ message: "This model doesn't support the image content block.", $metadata: { httpStatusCode: 400 } }));

    // Act
    const error = await failure(run('media.caption', { document_id: 'fourviere-photo' }));

    // Assess
    expect(error).toBeInstanceOf(MediaToolError);
    expect(error.message).toContain("ValidationException: This model doesn't support the image content block.");
  });

  it('fails, not retried, when the image is not in S3, and asks no model', async () => {
    // Prepare
    s3.on(GetObjectCommand).rejects(s3Error('NoSuchKey', 404));

    // Act
    const error = await failure(run('media.caption', { document_id: 'fourviere-photo' }));

    // Assess
    expect(error).toBeInstanceOf(MediaToolError);
    expect(error.message).toBe('no media file at s3://cairn-bucket/corpus/fourviere.jpg (missing, or outside what this function may read)');
    expect(bedrock.calls()).toHaveLength(0);
  });

  it('refuses an image over the size Converse takes, unread', async () => {
    // Prepare
    s3.on(GetObjectCommand).resolves({ Body: body(JPEG), ContentLength: 5 * 1024 * 1024 });

    // Act
    const error = await failure(run('media.caption', { document_id: 'fourviere-photo' }));

    // Assess
    expect(error).toBeInstanceOf(MediaToolError);
    expect(error.message).toMatch(/is 5242880 bytes, over the 3932160 Bedrock takes in one image$/);
    expect(bedrock.calls()).toHaveLength(0);
  });

  it('fails when the model declines the image', async () => {
    // Prepare
    s3.on(GetObjectCommand).resolves({ Body: body(JPEG), ContentLength: JPEG.length });
    bedrock.on(ConverseCommand).resolves(converseAnswer('', 'content_filtered'));

    // Act
    const error = await failure(run('media.caption', { document_id: 'fourviere-photo' }));

    // Assess
    expect(error).toBeInstanceOf(MediaToolError);
    expect(error.message).toBe('amazon.nova-lite-v1:0 declined to caption s3://cairn-bucket/corpus/fourviere.jpg (stop reason content_filtered)');
  });

  it('refuses a document that is not an image', async () => {
    // Act
    const error = await failure(run('media.caption', { document_id: 'lyon-interview' }));

    // Assess
    expect(error).toBeInstanceOf(MediaToolError);
    expect(error.message).toBe('document lyon-interview is audio, not image');
    expect(s3.calls()).toHaveLength(0);
  });
});

describe('Media steps on AWS through the executor', () => {
  const transcription = (extra: Partial<DecompositionStep> = {}): DecompositionPlan => ({
    plan: [
      {
        step_id: 1,
        type: 'audio_transcription',
        modality: 'audio',
        parameters: { document_id: 'lyon-interview' },
        dependencies: [],
        trace: {},
        retry: { max_attempts: 3, backoff_ms: 1 },
        ...extra,
      },
    ],
    traceability: true,
  });
  const execute = (plan: DecompositionPlan) =>
    executePlan(plan, executionContext({ task: 'What does the deputy mayor say about cycling in Lyon?', index, concurrency: 2, tools: registry }));

  it('retries a throttled transcription and records the Transcribe method', async () => {
    // Prepare: the first Start is throttled, the second goes through.
    audioInS3();
    transcribe
      .on(StartTranscriptionJobCommand)
      .rejectsOnce(new LimitExceededException({ message: 'Rate exceeded', $metadata: { httpStatusCode: 400 } }))
      .resolves(job('QUEUED'));
    transcribe.on(GetTranscriptionJobCommand).resolves(job('COMPLETED'));

    // Act
    const outcome = await execute(transcription());

    // Assess
    expect(outcome.status).toBe('succeeded');
    expect(outcome.outputs[0]).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      result: { text: TRANSCRIPT, document_id: 'lyon-interview', transcription_method: 'amazon-transcribe' },
    });
  });

  it('does not retry a FAILED job: the step fails once with its reason', async () => {
    // Prepare
    audioInS3();
    transcribe.on(StartTranscriptionJobCommand).resolves(job('QUEUED'));
    transcribe.on(GetTranscriptionJobCommand).resolves(job('FAILED', { FailureReason: 'Unsupported media.' }));

    // Act
    const outcome = await execute(transcription());

    // Assess
    expect(outcome.status).toBe('failed');
    expect(outcome.outputs[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: `Amazon Transcribe job ${JOB} failed on ${MEDIA_URI}: Unsupported media.`,
    });
    expect(transcribe.commandCalls(StartTranscriptionJobCommand)).toHaveLength(1);
  });
});

describe('Function: createToolRegistry (runtime)', () => {
  const registryFor = (env: Record<string, string>) => {
    const config = loadConfig(env);
    const obs = createObservability(config);
    return createToolRegistry(config, createClients(config, obs), obs);
  };
  const local = registryFor({});
  const aws = registryFor({
    CAIRN_MEDIA: 'aws',
    CAIRN_MEDIA_LOCATION: 's3://cairn-bucket/corpus/',
    CAIRN_TRANSCRIPT_LOCATION: 's3://cairn-bucket/transcripts/',
    AWS_REGION: 'eu-west-1',
  });
  /** What prepare() decides: the arguments the tool would run with, or the error it throws. */
  const decision = (tools: ToolRegistry, name: string, args: unknown) => {
    try {
      return { args: tools.prepare(name, args).args };
    } catch (error) {
      return { error: `${(error as Error).name}: ${(error as Error).message}` };
    }
  };

  it('registers the AWS media tools in place of the local ones, beside the same corpus tools', () => {
    // Assess
    expect(aws.names()).toEqual(local.names());
    expect(aws.describe().map((t) => [t.name, t.inputSchema])).toEqual(local.describe().map((t) => [t.name, t.inputSchema]));
    expect(aws.prepare('media.transcribe', { file: 'a.mp3' }).definition.description).toMatch(/Amazon Transcribe/);
    expect(aws.prepare('media.caption', { file: 'a.jpg' }).definition.description).toMatch(/Bedrock/);
    expect(local.prepare('media.caption', { file: 'a.jpg' }).definition.description).not.toMatch(/Bedrock/);
  });

  it.each(['media.transcribe', 'media.caption', 'media_transcribe'])('validates the arguments of %s exactly as the local registry does', (name) => {
    // Prepare
    const cases: unknown[] = [
      { file: 'interview.mp3' },
      { document_id: 'lyon-interview' },
      { file: 'a.mp3', document_id: 'b' },
      {},
      undefined,
      { file: '' },
      { file: 3 },
      { file: 'a.mp3', language: 'fr-FR' },
      { document: 'lyon-interview' },
    ];

    // Act
    const decisions = cases.map((args) => ({ local: decision(local, name, args), aws: decision(aws, name, args) }));

    // Assess
    for (const d of decisions) expect(d.aws).toEqual(d.local);
    expect(decisions.filter((d) => 'args' in d.aws)).toHaveLength(3);
    expect(decisions[3]!.aws).toEqual({
      error: expect.stringMatching(/^ToolArgumentsError: arguments of media\.\w+ fail its schema: args: must have required property 'file'/),
    });
  });
});
