import { beforeAll, describe, expect, it } from 'vitest';
import type { CorpusIndex } from '../../../functions/core/ports.js';
import { createCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { type OperatorContext, STEP_OPERATORS } from '../../../functions/core/steps/index.js';
import { compileToolSchema } from '../../../functions/core/tools/compile-schema.js';
import { findMediaDocument, LOCAL_TOOLS, registerLocalTools } from '../../../functions/core/tools/local-tools.js';
import { ToolArgumentsError, ToolInputError, ToolNotAllowedError, ToolRegistry } from '../../../functions/core/tools/registry.js';
import type { DecompositionStep } from '../../../functions/core/types.js';
import { miniCorpusIndex } from '../../support/corpus.js';
import { operatorContext } from '../../support/executor.js';
import { localTools } from '../../support/tools.js';

/** A small corpus with media documents that carry (or lack) their transcript and caption. */
const mediaIndex = (): CorpusIndex =>
  createCorpusIndex([
    {
      id: 'talk',
      title: 'Interview on trams (audio)',
      text: 'Audio recording of an interview.',
      modality: 'audio',
      metadata: { file: 'uploads/Interview-Trams.mp3', transcript: 'We are extending the tram network.' },
    },
    { id: 'silent', title: 'Silent clip', text: 'An audio file with no transcript.', modality: 'audio', metadata: { file: 'silent.wav', transcript: '   ' } },
    {
      id: 'photo',
      title: 'Old town (photo)',
      text: 'Photograph of the old town.',
      modality: 'image',
      metadata: { source: 's3://bucket/img/oldtown.jpg', caption: 'Red roofs of the old town.' },
    },
    { id: 'plain', title: 'Plain page', text: 'A text page.' },
  ]);

const signal = new AbortController().signal;

describe('LOCAL_TOOLS', () => {
  it('are the four tools every registry has', async () => {
    // Act
    const registry = registerLocalTools(new ToolRegistry({ compile: compileToolSchema }));

    // Assess
    expect(LOCAL_TOOLS.map((t) => t.name)).toEqual(['corpus.search', 'corpus.get', 'media.transcribe', 'media.caption']);
    expect(registry.names()).toEqual(['corpus.get', 'corpus.search', 'media.caption', 'media.transcribe']);
  });

  describe('corpus.search', () => {
    let index: CorpusIndex;
    const registry = localTools();
    beforeAll(async () => {
      index = await miniCorpusIndex();
    });

    it('returns the best BM25 matches with ids, titles and scores', async () => {
      // Prepare
      const { definition, args } = registry.prepare('corpus.search', { query: 'Everest' });

      // Act
      const out = await definition.run(args, { index, signal });

      // Assess
      const expected = (await index.keywordSearch('Everest', { topK: 5 })).map((h) => ({ id: h.doc.id, title: h.doc.title ?? null, score: h.score }));
      expect(out).toEqual({ documents: expected, method: 'bm25' });
      expect((out.documents as Array<{ id: string }>).map((d) => d.id).sort()).toEqual(['a-sherpa', 'i-basecamp', 't-everest', 't-k2', 'tb-peaks']);
    });

    it('returns five documents when top_k is not given', async () => {
      // Prepare: seven documents match.
      const seven = createCorpusIndex(Array.from({ length: 7 }, (_, i) => ({ id: `z${i}`, title: `Zebra ${i}`, text: 'a zebra' })));
      const { definition, args } = registry.prepare('corpus.search', { query: 'zebra' });

      // Act
      const out = await definition.run(args, { index: seven, signal });

      // Assess
      expect((out.documents as unknown[]).length).toBe(5);
    });

    it('keeps top_k and the modality asked for', async () => {
      // Prepare
      const { definition, args } = registry.prepare('corpus.search', { query: 'Everest', top_k: 1, modality: 'audio' });

      // Act
      const out = await definition.run(args, { index, signal });

      // Assess
      expect(out.documents).toEqual([{ id: 'a-sherpa', title: 'Interview with a Sherpa guide', score: expect.any(Number) }]);
    });

    it('gives a document without a title a null title', async () => {
      // Prepare
      const untitled = createCorpusIndex([{ id: 'u', text: 'untitled zebra' }]);
      const { definition, args } = registry.prepare('corpus.search', { query: 'zebra' });

      // Act
      const out = await definition.run(args, { index: untitled, signal });

      // Assess
      expect(out.documents).toEqual([{ id: 'u', title: null, score: expect.any(Number) }]);
    });

    it.each([
      [{ query: '' }, 'args.query: must NOT have fewer than 1 characters'],
      [{ query: 'x', top_k: 0 }, 'args.top_k: must be >= 1'],
      [{ query: 'x', top_k: 101 }, 'args.top_k: must be <= 100'],
      [{ query: 'x', top_k: 2.5 }, 'args.top_k: must be integer'],
      [{ query: 'x', modality: 'smell' }, 'args.modality: must be equal to one of the allowed values'],
      [{ q: 'x' }, "args: must have required property 'query'; args: must NOT have additional properties 'q'"],
    ])('refuses the arguments %j', (args, problem) => {
      // Act
      const prepare = () => registry.prepare('corpus.search', args);

      // Assess
      expect(prepare).toThrow(new ToolArgumentsError(`arguments of corpus.search fail its schema: ${problem}`));
    });
  });

  describe('corpus.get', () => {
    const registry = localTools();

    it('returns a copy of one document by id', async () => {
      // Prepare
      const index = mediaIndex();
      const { definition, args } = registry.prepare('corpus_get', { id: 'plain' });

      // Act
      const out = await definition.run(args, { index, signal });

      // Assess
      expect(out).toEqual({ document: { id: 'plain', title: 'Plain page', text: 'A text page.', modality: 'text' }, method: 'corpus-lookup' });
      expect(out.document).not.toBe(await index.get('plain'));
    });

    it('fails with ToolInputError for an id the corpus does not hold', async () => {
      // Prepare
      const { definition, args } = registry.prepare('corpus.get', { id: 'nowhere' });

      // Act
      const run = definition.run(args, { index: mediaIndex(), signal });

      // Assess
      await expect(run).rejects.toThrow(new ToolInputError('no document "nowhere" in the corpus'));
    });
  });

  describe('media.transcribe and media.caption', () => {
    const registry = localTools();
    const run = async (tool: string, args: Record<string, unknown>) => {
      const prepared = registry.prepare(tool, args);
      return prepared.definition.run(prepared.args, { index: mediaIndex(), signal });
    };

    it('reads the transcript an audio document carries, found by its file name', async () => {
      // Act
      const out = await run('media.transcribe', { file: 'Interview-Trams.mp3' });

      // Assess
      expect(out).toEqual({ text: 'We are extending the tram network.', document_id: 'talk', modality: 'audio', method: 'corpus-metadata-transcript' });
    });

    it('finds the document by id, by a path ending in its file name, and without regard to case', async () => {
      // Act
      const byId = await run('media.transcribe', { document_id: 'talk' });
      const byPath = await run('media.transcribe', { file: '/tmp/elsewhere/interview-trams.MP3' });
      const byTitle = await run('media.transcribe', { file: 'interview on trams (audio)' });

      // Assess
      expect(byId.document_id).toBe('talk');
      expect(byPath.document_id).toBe('talk');
      expect(byTitle.document_id).toBe('talk');
    });

    it('reads the caption an image document carries, found through metadata.source', async () => {
      // Act
      const out = await run('media.caption', { file: 'oldtown.jpg' });

      // Assess
      expect(out).toEqual({ text: 'Red roofs of the old town.', document_id: 'photo', modality: 'image', method: 'corpus-metadata-caption' });
    });

    it('fails with ToolInputError for a file the corpus does not hold', async () => {
      // Act
      const call = run('media.transcribe', { file: 'missing.mp3' });

      // Assess
      await expect(call).rejects.toThrow(new ToolInputError('no document in the corpus for "missing.mp3"'));
    });

    it('fails with ToolInputError for a document without the text asked for, or with a blank one', async () => {
      // Act
      const noCaption = run('media.caption', { document_id: 'talk' });
      const blank = run('media.transcribe', { document_id: 'silent' });

      // Assess
      await expect(noCaption).rejects.toThrow(new ToolInputError('document talk carries no caption in its metadata'));
      await expect(blank).rejects.toThrow(new ToolInputError('document silent carries no transcript in its metadata'));
    });

    it('refuses arguments naming neither a file nor a document, or anything else', async () => {
      // Act
      const neither = () => registry.prepare('media.transcribe', {});
      const extra = () => registry.prepare('media.caption', { file: 'a.jpg', language: 'fr' });

      // Assess
      expect(neither).toThrow(ToolArgumentsError);
      expect(neither).toThrow(/^arguments of media\.transcribe fail its schema: .*'file'.*'document_id'/);
      expect(extra).toThrow(new ToolArgumentsError("arguments of media.caption fail its schema: args: must NOT have additional properties 'language'"));
    });
  });

  describe('findMediaDocument', () => {
    it('prefers an exact id and returns undefined when nothing matches', async () => {
      // Prepare
      const index = mediaIndex();

      // Act
      const exact = await findMediaDocument(index, 'photo');
      const none = await findMediaDocument(index, 'nothing.png');

      // Assess
      expect(exact?.id).toBe('photo');
      expect(none).toBeUndefined();
    });
  });
});

describe('modality steps through the tool registry', () => {
  const ctx = (tools: ToolRegistry, allowedTools?: readonly string[]): OperatorContext =>
    operatorContext({ task: 'What is said about trams?', index: mediaIndex(), signal, tools, allowedTools });
  const mediaStep = (type: 'audio_transcription' | 'image_captioning', parameters: Record<string, unknown>): DecompositionStep => ({
    step_id: 2,
    type,
    modality: type === 'audio_transcription' ? 'audio' : 'image',
    parameters,
    dependencies: [],
    trace: {},
  });

  it('transcribes an audio document as a one-document result attributed to the step, even with an empty allow-list', async () => {
    // Prepare
    const step = mediaStep('audio_transcription', { file: 'Interview-Trams.mp3' });

    // Act
    const result = await STEP_OPERATORS.audio_transcription!(step, step.parameters, new Map(), ctx(localTools(), []));

    // Assess
    expect(result).toEqual({
      text: 'We are extending the tram network.',
      document_id: 'talk',
      documents: [
        {
          id: 'talk',
          title: 'Interview on trams (audio)',
          text: 'We are extending the tram network.',
          modality: 'audio',
          score: 1,
          rank: 1,
          subquery_id: 'step_2',
          rank_in_subquery: 1,
        },
      ],
      count: 1,
      tool: 'media.transcribe',
      transcription_method: 'corpus-metadata-transcript',
    });
  });

  it('captions an image document by id and names the captioning method', async () => {
    // Prepare
    const step = mediaStep('image_captioning', { document_id: 'photo' });

    // Act
    const result = await STEP_OPERATORS.image_captioning!(step, step.parameters, new Map(), ctx(localTools()));

    // Assess
    expect(result).toMatchObject({
      text: 'Red roofs of the old town.',
      document_id: 'photo',
      tool: 'media.caption',
      captioning_method: 'corpus-metadata-caption',
    });
  });

  it('runs whatever implementation is registered under the media tool name (the AWS one on AWS)', async () => {
    // Prepare
    const tools = new ToolRegistry({ compile: compileToolSchema })
      .register({ ...LOCAL_TOOLS.find((t) => t.name === 'media.transcribe')!, run: async () => ({ text: 'from the service', method: 'aws-transcribe' }) })
      .register(LOCAL_TOOLS.find((t) => t.name === 'media.caption')!);
    const step = mediaStep('audio_transcription', { file: 'unknown.mp3' });

    // Act
    const result = await STEP_OPERATORS.audio_transcription!(step, step.parameters, new Map(), ctx(tools));

    // Assess: no corpus document: the result is named after the step.
    expect(result).toMatchObject({
      text: 'from the service',
      transcription_method: 'aws-transcribe',
      documents: [{ id: 'step-2', modality: 'audio', text: 'from the service' }],
    });
    expect(result.document_id).toBeUndefined();
  });

  it('fails when no media tool is registered', async () => {
    // Prepare
    const step = mediaStep('image_captioning', { document_id: 'photo' });

    // Act
    const call = STEP_OPERATORS.image_captioning!(step, step.parameters, new Map(), ctx(new ToolRegistry({ compile: compileToolSchema })));

    // Assess
    await expect(call).rejects.toThrow(new ToolNotAllowedError('tool media.caption is not registered (registered: none)'));
  });
});
