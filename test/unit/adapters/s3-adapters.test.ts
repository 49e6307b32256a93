/**
 * The S3 adapters: large payloads, corpora in S3 and task files. There is no local S3 server
 * on these machines, so the S3 client is the real one with its `send` replaced by
 * aws-sdk-client-mock: the commands and their inputs are what S3 would receive.
 */
import { readFileSync } from 'node:fs';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { S3CorpusProvider } from '../../../functions/adapters/corpus/s3-corpus-provider.js';
import { TraceStoreError, TraceStoreTransientError } from '../../../functions/adapters/dynamodb/errors.js';
import { PayloadNotFoundError } from '../../../functions/adapters/payloads/payload-store.js';
import { S3PayloadStore } from '../../../functions/adapters/payloads/s3-payload-store.js';
import { createS3Client } from '../../../functions/adapters/s3/client.js';
import { S3TaskFiles } from '../../../functions/adapters/s3/task-files.js';
import { CairnError, InvalidInputError, RequestValidationError } from '../../../functions/core/errors.js';
import type { CorpusIndex, CorpusProvider } from '../../../functions/core/ports.js';
import { MINI_CORPUS } from '../../support/corpus.js';
import { s3Body } from '../../support/s3.js';

const s3 = mockClient(S3Client);
const client = createS3Client({ region: 'eu-west-1', maxAttempts: 1 });

function s3Error(name: string, status: number): S3ServiceException {
  return new S3ServiceException({ name, $fault: status >= 500 ? 'server' : 'client', $metadata: { httpStatusCode: status }, message: name });
}

afterEach(() => {
  s3.reset();
});

describe('Class: S3PayloadStore', () => {
  const store = new S3PayloadStore({ client: () => client, bucket: 'cairn-bucket' });

  it('puts a payload under payloads/ and answers its s3:// reference, which reads it back', async () => {
    // Prepare
    s3.on(PutObjectCommand).resolves({});
    s3.on(GetObjectCommand, { Bucket: 'cairn-bucket', Key: 'payloads/plans/p-1/META/abc.json' }).resolves({ Body: s3Body('{"big":true}') });

    // Act
    const ref = await store.put('plans/p-1/META/abc.json', '{"big":true}');
    const text = await store.get(ref);

    // Assess
    expect(ref).toBe('s3://cairn-bucket/payloads/plans/p-1/META/abc.json');
    expect(text).toBe('{"big":true}');
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input).toMatchObject({
      Bucket: 'cairn-bucket',
      Key: 'payloads/plans/p-1/META/abc.json',
      Body: '{"big":true}',
    });
  });

  it.each(['', '/abs/key', 'a/../b', 'a//b', './a'])('refuses the key %j', async (key) => {
    await expect(store.put(key, '{}')).rejects.toThrow(/must be a relative path/);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
  });

  it.each([
    ['file:///tmp/payload.json', /is not an s3:\/\/ reference/],
    ['s3://other-bucket/payloads/x.json', /is outside s3:\/\/cairn-bucket\/payloads\//],
    ['s3://cairn-bucket/tasks/x.json', /is outside s3:\/\/cairn-bucket\/payloads\//],
  ])('never reads %s', async (ref, message) => {
    // Act
    const thrown = await store.get(ref).catch((e: unknown) => e);

    // Assess
    expect(thrown).toBeInstanceOf(PayloadNotFoundError);
    expect((thrown as Error).message).toMatch(message);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
  });

  it('reports a payload that is gone as PayloadNotFoundError', async () => {
    s3.on(GetObjectCommand).rejects(new NoSuchKey({ message: 'gone', $metadata: { httpStatusCode: 404 } }));
    await expect(store.get('s3://cairn-bucket/payloads/x.json')).rejects.toThrow(
      new PayloadNotFoundError('payload s3://cairn-bucket/payloads/x.json does not exist'),
    );
  });

  it('reports throttling as TraceStoreTransientError, which the workflow retries, and access as TraceStoreError', async () => {
    // Prepare
    s3.on(PutObjectCommand).rejectsOnce(s3Error('SlowDown', 503)).rejectsOnce(s3Error('AccessDenied', 403));

    // Act
    const slow = await store.put('a.json', '{}').catch((e: unknown) => e);
    const denied = await store.put('a.json', '{}').catch((e: unknown) => e);

    // Assess
    expect(slow).toBeInstanceOf(TraceStoreTransientError);
    expect((slow as Error).message).toBe('S3 PutObject s3://cairn-bucket/payloads/a.json failed: SlowDown: SlowDown');
    expect(denied).toBeInstanceOf(TraceStoreError);
    expect(denied).not.toBeInstanceOf(TraceStoreTransientError);
  });
});

describe('Class: S3CorpusProvider', () => {
  const corpus = readFileSync(MINI_CORPUS, 'utf8');
  const files: CorpusProvider & { refs: Array<string | undefined> } = {
    refs: [],
    async load(ref) {
      this.refs.push(ref);
      return { size: -1 } as CorpusIndex;
    },
  };
  const provider = () => new S3CorpusProvider({ client: () => client, files, defaultRef: 'examples/corpus.jsonl' });

  it('indexes an s3:// corpus, then reuses the index while S3 answers 304 to its ETag', async () => {
    // Prepare
    const corpora = provider();
    s3.on(GetObjectCommand)
      .resolvesOnce({ Body: s3Body(corpus), ETag: '"v1"' })
      .rejectsOnce(s3Error('NotModified', 304));

    // Act
    const first = await corpora.load('s3://cairn-bucket/corpus/mini.jsonl');
    const second = await corpora.load('s3://cairn-bucket/corpus/mini.jsonl');

    // Assess
    expect(first.size).toBe(corpus.split('\n').filter((line) => line.trim() !== '').length);
    expect((await first.keywordSearch('Everest highest mountain', { topK: 1 }))[0]!.doc.id).toBe('t-everest');
    expect(second).toBe(first);
    expect(s3.commandCalls(GetObjectCommand).map((c) => c.args[0].input)).toEqual([
      { Bucket: 'cairn-bucket', Key: 'corpus/mini.jsonl' },
      { Bucket: 'cairn-bucket', Key: 'corpus/mini.jsonl', IfNoneMatch: '"v1"' },
    ]);
  });

  it('builds a new index when the object changed', async () => {
    // Prepare
    const corpora = provider();
    const smaller = corpus.split('\n').slice(0, 2).join('\n');
    s3.on(GetObjectCommand)
      .resolvesOnce({ Body: s3Body(corpus), ETag: '"v1"' })
      .resolvesOnce({ Body: s3Body(smaller), ETag: '"v2"' });

    // Act
    await corpora.load('s3://cairn-bucket/corpus/mini.jsonl');
    const changed = await corpora.load('s3://cairn-bucket/corpus/mini.jsonl');

    // Assess
    expect(changed.size).toBe(2);
  });

  it('serves paths from the file provider, and an s3:// default when the request names none', async () => {
    // Prepare
    const corpora = new S3CorpusProvider({ client: () => client, files, defaultRef: 's3://cairn-bucket/corpus/default.json' });
    s3.on(GetObjectCommand).resolves({ Body: s3Body(JSON.stringify([{ id: 'a', text: 'alpha' }])), ETag: '"d"' });

    // Act
    await corpora.load('data/local.jsonl');
    const fallback = await corpora.load(undefined);

    // Assess
    expect(files.refs).toContain('data/local.jsonl');
    expect(fallback.size).toBe(1);
    expect(s3.commandCalls(GetObjectCommand)[0]!.args[0].input.Key).toBe('corpus/default.json');
  });

  it('refuses a path from a request where paths are not corpora (Lambda), but still serves its default', async () => {
    // Prepare
    const corpora = new S3CorpusProvider({ client: () => client, files, defaultRef: '/var/task/corpus.jsonl', requestPaths: false });
    files.refs.length = 0;

    // Act
    const refused = await corpora.load('/proc/self/environ').catch((e: unknown) => e);
    await corpora.load(undefined);

    // Assess
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect((refused as Error).message).toBe('corpus must be an s3:// reference here, got "/proc/self/environ"');
    expect(files.refs).toEqual([undefined]);
  });

  it.each([
    [new NoSuchKey({ message: 'no', $metadata: { httpStatusCode: 404 } }), InvalidInputError, 'corpus not found: s3://cairn-bucket/corpus/none.jsonl'],
    [s3Error('AccessDenied', 403), InvalidInputError, 'corpus cannot be read (access denied): s3://cairn-bucket/corpus/none.jsonl'],
    [s3Error('InternalError', 500), CairnError, 'S3 GetObject s3://cairn-bucket/corpus/none.jsonl failed: InternalError: InternalError'],
  ])('fails with one line when S3 answers %s', async (error, kind, message) => {
    s3.on(GetObjectCommand).rejects(error);
    const thrown = await provider()
      .load('s3://cairn-bucket/corpus/none.jsonl')
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(kind);
    expect((thrown as Error).message).toBe(message);
  });

  it('names the S3 object and line of a corpus line that is not a document', async () => {
    s3.on(GetObjectCommand).resolves({ Body: s3Body('{"id": "a", "text": "ok"}\n{"id": "b"}\n'), ETag: '"x"' });
    await expect(provider().load('s3://cairn-bucket/corpus/bad.jsonl')).rejects.toThrow(
      's3://cairn-bucket/corpus/bad.jsonl line 2: not a document: "text" must be a string',
    );
  });
});

describe('Class: S3TaskFiles', () => {
  const files = new S3TaskFiles({ client, maxBytes: 1024 });

  it('reads a task file, and answers undefined for one deleted before it was read', async () => {
    // Prepare
    s3.on(GetObjectCommand, { Key: 'tasks/a.txt' }).resolves({ Body: s3Body('Who built the Eiffel Tower?'), ContentLength: 27 });
    s3.on(GetObjectCommand, { Key: 'tasks/gone.txt' }).rejects(new NoSuchKey({ message: 'no', $metadata: { httpStatusCode: 404 } }));

    // Act / Assess
    await expect(files.read('cairn-bucket', 'tasks/a.txt')).resolves.toBe('Who built the Eiffel Tower?');
    await expect(files.read('cairn-bucket', 'tasks/gone.txt')).resolves.toBeUndefined();
  });

  it('refuses a file over the size limit without reading it', async () => {
    // Prepare
    s3.on(GetObjectCommand).resolves({ Body: s3Body('x'.repeat(2000)), ContentLength: 2000 });

    // Act
    const thrown = await files.read('cairn-bucket', 'tasks/big.txt').catch((e: unknown) => e);

    // Assess
    expect(thrown).toBeInstanceOf(RequestValidationError);
    expect((thrown as RequestValidationError).issues).toEqual([{ path: '(file)', message: 'is 2000 bytes, over the limit of 1024' }]);
  });

  it('writes <key>.result.json beside the task file, naming the file it answers', async () => {
    // Prepare
    s3.on(PutObjectCommand).resolves({});

    // Act
    await files.write({ source: 's3', bucket: 'cairn-bucket', key: 'tasks/team a/q.json' }, { planId: 'p-1', status: 'succeeded' });

    // Assess
    const input = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ Bucket: 'cairn-bucket', Key: 'tasks/team a/q.json.result.json', ContentType: 'application/json; charset=utf-8' });
    expect(JSON.parse(String(input.Body))).toEqual({ planId: 'p-1', status: 'succeeded', taskFile: 's3://cairn-bucket/tasks/team a/q.json' });
  });

  it('writes nothing for a request that did not come from S3', async () => {
    await files.write({ source: 'sqs', messageId: 'm-1' }, { planId: 'p-1' });
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
  });
});
