import { beforeAll, describe, expect, it } from 'vitest';

import { LlmRefusalError, StepExecutionError } from '../../../functions/core/errors.js';
import type { LlmRequest } from '../../../functions/core/ports.js';
import { createCorpusIndex, type InMemoryCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { documentsOf } from '../../../functions/core/steps/documents.js';
import { EXECUTABLE_STEP_TYPES, type OperatorContext, STEP_OPERATORS, type StepOperator } from '../../../functions/core/steps/index.js';
import type { LlmCallRecord, RetrievedDocument, StepType } from '../../../functions/core/types.js';
import { miniCorpusIndex } from '../../support/corpus.js';
import { operatorContext } from '../../support/executor.js';
import { ScriptedLlm } from '../../support/llm.js';
import { retrievedDoc, stepOf, stepOutput } from '../../support/plans.js';

/** An LLM that answers from a function of the request and keeps every request. */
const echoLlm = (answer: (request: LlmRequest) => string) => new ScriptedLlm(answer, { name: 'echo', model: 'echo-1', inputTokens: 42, outputTokens: 7 });

function operator(type: StepType): StepOperator {
  const op = STEP_OPERATORS[type];
  if (!op) throw new Error(`no operator for ${type}`);
  return op;
}

const ids = (result: Record<string, unknown>): string[] => (result.documents as RetrievedDocument[]).map((d) => d.id);

describe('Module: steps (the operators of the catalog)', () => {
  let index: InMemoryCorpusIndex;
  let calls: LlmCallRecord[];
  const ctx = (extra: Partial<OperatorContext> = {}): OperatorContext =>
    operatorContext({
      task: 'How high is Mount Everest?',
      index,
      llm: echoLlm(() => 'unused'),
      recordLlmCall: (record) => calls.push(record),
      ...extra,
    });

  beforeAll(async () => {
    index = await miniCorpusIndex();
  });

  it('offers exactly the step types it can execute', () => {
    // Assess
    expect([...EXECUTABLE_STEP_TYPES].sort()).toEqual([
      'aggregate',
      'audio_transcription',
      'conditional',
      'dedupe',
      'elicitation',
      'filter',
      'graph_query',
      'image_captioning',
      'keyword_search',
      'llm_call',
      'multi-hop',
      'rerank',
      'tool_call',
      'vector_search',
    ]);
  });

  describe('keyword_search and vector_search', () => {
    it('returns ranked documents with their sub-query provenance and names the BM25 method', async () => {
      // Prepare
      const parameters = { query: 'second highest mountain Karakoram' };

      // Act
      const result = await operator('keyword_search')(stepOf(4, 'keyword_search', parameters), parameters, new Map(), ctx());

      // Assess
      const documents = result.documents as RetrievedDocument[];
      expect(result.search_method).toBe('bm25');
      expect(result.query).toBe('second highest mountain Karakoram');
      expect(result.count).toBe(documents.length);
      expect(documents.length).toBe(3);
      expect(documents[0]!.id).toBe('t-k2');
      expect(result.top_score).toBe(documents[0]!.score);
      expect(documents.map((d) => [d.rank, d.subquery_id, d.rank_in_subquery])).toEqual([
        [1, 'step_4', 1],
        [2, 'step_4', 2],
        [3, 'step_4', 3],
      ]);
    });

    it('uses the parameters given: query, top_k, modality and metadata', async () => {
      // Prepare
      const parameters = { query: 'Everest', top_k: 5, modality: 'audio' };

      // Act
      const result = await operator('keyword_search')(stepOf(1, 'keyword_search', parameters), parameters, new Map(), ctx());
      const tagged = await operator('keyword_search')(
        stepOf(2, 'keyword_search', {}),
        { query: 'Everest mountain', metadata: { label: 'important' } },
        new Map(),
        ctx({ topK: 10 }),
      );

      // Assess
      expect(ids(result)).toEqual(['a-sherpa']);
      expect(ids(tagged).sort()).toEqual(['a-sherpa', 'i-basecamp']);
    });

    it('names the index’s vector method for a vector search', async () => {
      // Act
      const result = await operator('vector_search')(stepOf(2, 'vector_search', {}), { query: 'river in Africa' }, new Map(), ctx());

      // Assess
      expect(result.search_method).toBe('lexical-hashing-tfidf-v2');
      expect(ids(result)[0]).toBe('t-nile');
    });

    it('reports top_coverage as the share of the query’s content words the best document holds', async () => {
      // Act
      const result = await operator('keyword_search')(stepOf(1, 'keyword_search', {}), { query: 'Nile Mediterranean zebra' }, new Map(), ctx());

      // Assess
      expect(ids(result)[0]).toBe('t-nile');
      expect(result.top_coverage).toBe(0.667);
    });

    it('fails on a query that is empty once rendered', async () => {
      // Act
      const run = operator('keyword_search')(stepOf(7, 'keyword_search', {}), { query: '   ' }, new Map(), ctx());

      // Assess
      await expect(run).rejects.toThrow(new StepExecutionError('step 7: the query is empty after rendering its template'));
    });
  });

  describe('filter and rerank', () => {
    const input = stepOutput(1, 'keyword_search', {
      documents: [retrievedDoc('a', 0.9, { metadata: { label: 'x' } }), retrievedDoc('b', 0.4), retrievedDoc('c', 0.7, { metadata: { label: 'x' } })],
    });

    it('filters the input step and names the criteria applied', async () => {
      // Act
      const result = await operator('filter')(
        stepOf(2, 'filter', {}, [1]),
        { input_step: 1, min_score: 0.5, metadata: { label: 'x' }, max_results: 1 },
        new Map([[1, input]]),
        ctx(),
      );

      // Assess
      expect(result).toMatchObject({ count: 1, removed: 2, input_step: 1, filter_method: 'min_score>=0.5+metadata(label)+max_results(1)' });
      expect(ids(result)).toEqual(['a']);
    });

    it('reads the first dependency when input_step is absent, and fails when the input has no output', async () => {
      // Act
      const result = await operator('filter')(stepOf(2, 'filter', {}, [1]), { min_score: 0.5 }, new Map([[1, input]]), ctx());
      const missing = operator('filter')(stepOf(3, 'filter', {}, [9]), { min_score: 0.5 }, new Map(), ctx());

      // Assess
      expect(ids(result)).toEqual(['a', 'c']);
      await expect(missing).rejects.toThrow('step 3: input step 9 has no output');
    });

    it('reranks against its query, or the task when it has none, and names the method', async () => {
      // Prepare
      const search = await operator('keyword_search')(stepOf(1, 'keyword_search', {}), { query: 'mountain', top_k: 5 }, new Map(), ctx());
      const inputs = new Map([[1, stepOutput(1, 'keyword_search', search)]]);

      // Act
      const explicit = await operator('rerank')(stepOf(2, 'rerank', {}, [1]), { input_step: 1, query: 'second highest mountain K2', top_k: 2 }, inputs, ctx());
      const fromTask = await operator('rerank')(stepOf(3, 'rerank', {}, [1]), { input_step: 1 }, inputs, ctx());

      // Assess
      expect(explicit).toMatchObject({ rerank_method: 'lexical-coverage-proximity-v1', query: 'second highest mountain K2', input_step: 1, count: 2 });
      expect(ids(explicit)[0]).toBe('t-k2');
      expect(fromTask.query).toBe('How high is Mount Everest?');
      expect(ids(fromTask)).toHaveLength(ids(search).length);
    });
  });

  describe('aggregate', () => {
    it('fuses the succeeded inputs, names the method and lists the missing ones', async () => {
      // Prepare
      const inputs = new Map([
        [1, stepOutput(1, 'keyword_search', { documents: [retrievedDoc('a', 0.9), retrievedDoc('b', 0.5)] })],
        [2, stepOutput(2, 'vector_search', { documents: [retrievedDoc('b', 0.8), retrievedDoc('c', 0.6)] })],
        [3, stepOutput(3, 'keyword_search', {}, 'skipped')],
      ]);

      // Act
      const union = await operator('aggregate')(stepOf(4, 'aggregate', {}, [1, 2, 3]), { input_steps: [1, 2, 3], method: 'union' }, inputs, ctx());
      const fused = await operator('aggregate')(stepOf(5, 'aggregate', {}, [1, 2]), { input_steps: [1, 2], method: 'rank_fusion', top_k: 2 }, inputs, ctx());

      // Assess
      expect(union).toMatchObject({ aggregate_method: 'union(max-normalised)', count: 3, input_steps: [1, 2], missing_inputs: [3] });
      expect(ids(union)).toEqual(['a', 'b', 'c']);
      expect(fused).toMatchObject({ aggregate_method: 'rank_fusion(rrf,k=60)', count: 2, missing_inputs: [] });
      expect(ids(fused)).toEqual(['b', 'a']);
    });
  });

  describe('conditional', () => {
    it('evaluates its expression and names the method', async () => {
      // Prepare
      const inputs = new Map([[1, stepOutput(1, 'keyword_search', { count: 2 })]]);

      // Act
      const result = await operator('conditional')(stepOf(2, 'conditional', {}, [1]), { expression: 'step_1.result.count > 1' }, inputs, ctx());

      // Assess
      expect(result).toEqual({ run: true, expression: 'step_1.result.count > 1', condition_method: 'safe-expression-v1', evaluated_over: [1], step: 2 });
    });

    it('reads an ancestor from the scope it is given, not only its direct inputs', async () => {
      // Prepare: step 3 depends on 2, which depends on 1; the validator accepts step_1 here.
      const inputs = new Map([[2, stepOutput(2, 'rerank', { count: 0 })]]);
      const scope = new Map([
        [2, { result: { count: 0 }, status: 'succeeded', skipped: false }],
        [1, { result: { count: 5 }, status: 'succeeded', skipped: false }],
      ]);

      // Act
      const result = await operator('conditional')(stepOf(3, 'conditional', {}, [2]), { expression: 'step_1.result.count > 0' }, inputs, ctx({ scope }));

      // Assess
      expect(result.run).toBe(true);
    });
  });

  describe('llm_call', () => {
    it('gives the LLM up to four documents per input, keeps only citations of documents it read, and accounts the call', async () => {
      // Prepare
      calls = [];
      const llm = echoLlm(() => 'Everest is highest [d1]. Not [d9]. Also [d2] and [d1].');
      const inputs = new Map([
        [1, stepOutput(1, 'keyword_search', { documents: ['d1', 'd2', 'd3', 'd4', 'd5'].map((id) => retrievedDoc(id, 1)) })],
        [2, stepOutput(2, 'keyword_search', { documents: [retrievedDoc('d2', 1), retrievedDoc('d6', 1)] })],
      ]);

      // Act
      const result = await operator('llm_call')(
        stepOf(3, 'llm_call', {}, [1, 2]),
        { prompt: 'Answer briefly', input_steps: [1, 2], max_tokens: 99 },
        inputs,
        ctx({ llm }),
      );

      // Assess
      expect(result.text).toBe('Everest is highest [d1]. Not [d9]. Also [d2] and [d1].');
      expect(result.citations).toEqual(['d1', 'd2']);
      expect(result.read_documents).toEqual(['d1', 'd2', 'd3', 'd4', 'd6']);
      expect(result.llm_call).toEqual({ provider: 'echo', model: 'echo-1', input_tokens: 42, output_tokens: 7, duration_ms: expect.any(Number) });
      const request = llm.requests[0]!;
      expect(request).toMatchObject({ purpose: 'answer', maxTokens: 99, temperature: 0 });
      expect(request.intent).toMatchObject({ kind: 'answer', question: 'How high is Mount Everest?', instruction: 'Answer briefly' });
      expect(request.messages[0]!.content).toContain('[d6]\ntext of d6');
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ purpose: 'answer', provider: 'echo', inputTokens: 42 });
    });

    it('reads as many documents of each input as documents_per_input says: a list of five reads five passages', async () => {
      // Prepare
      calls = [];
      const llm = echoLlm(() => 'ok');
      const inputs = new Map([[1, stepOutput(1, 'filter', { documents: ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'].map((id) => retrievedDoc(id, 1)) })]]);

      // Act
      const result = await operator('llm_call')(
        stepOf(2, 'llm_call', {}, [1]),
        { prompt: 'List the top 5', input_step: 1, documents_per_input: 5 },
        inputs,
        ctx({ llm }),
      );

      // Assess
      expect(result.read_documents).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    });

    it('passes an earlier answer’s text as a document named after its step, and skips inputs that did not succeed', async () => {
      // Prepare
      calls = [];
      const llm = echoLlm(() => 'ok');
      const inputs = new Map([
        [1, stepOutput(1, 'llm_call', { text: 'Christopher Nolan' })],
        [2, stepOutput(2, 'keyword_search', {}, 'skipped')],
      ]);

      // Act
      const result = await operator('llm_call')(stepOf(3, 'llm_call', {}, [1, 2]), { prompt: 'Go' }, inputs, ctx({ llm }));

      // Assess
      expect(result.read_documents).toEqual(['step-1']);
      expect(llm.requests[0]!.intent).toMatchObject({ documents: [{ id: 'step-1', text: 'Christopher Nolan' }] });
      expect(llm.requests[0]!.maxTokens).toBe(1024);
    });

    it('accounts a refused call before the step fails: it was made and paid for', async () => {
      // Prepare
      calls = [];
      const llm = new ScriptedLlm(() => ({ text: 'I cannot help with that.', stopReason: 'refusal' }), {
        name: 'echo',
        model: 'echo-1',
        inputTokens: 42,
        outputTokens: 7,
      });

      // Act
      const failure = await operator('llm_call')(stepOf(3, 'llm_call', {}, []), { prompt: 'Go' }, new Map(), ctx({ llm })).catch((e: unknown) => e);

      // Assess
      expect(failure).toBeInstanceOf(LlmRefusalError);
      expect(calls).toEqual([expect.objectContaining({ purpose: 'answer', stopReason: 'refusal', inputTokens: 42, outputTokens: 7 })]);
    });
  });

  describe('audio_transcription and image_captioning', () => {
    const media = createCorpusIndex([
      {
        id: 'a-1',
        title: 'Guide interview',
        text: 'An interview.',
        modality: 'audio',
        metadata: { file: 'guide.mp3', transcript: 'The icefall is dangerous.' },
      },
      { id: 'i-1', title: 'Camp', text: 'A photo.', modality: 'image', metadata: { file: 'camp.png', caption: 'Tents at base camp.' } },
      { id: 'a-2', title: 'Silent', text: 'No words.', modality: 'audio', metadata: { file: 'silent.wav' } },
    ]);

    it('reads the transcript of the audio document a file name points to, and names the method', async () => {
      // Act
      const result = await operator('audio_transcription')(
        stepOf(1, 'audio_transcription', {}),
        { file: 'uploads/guide.mp3' },
        new Map(),
        ctx({ index: media }),
      );

      // Assess
      expect(result).toMatchObject({ text: 'The icefall is dangerous.', document_id: 'a-1', count: 1, transcription_method: 'corpus-metadata-transcript' });
      expect(documentsOf(stepOutput(1, 'audio_transcription', result))).toEqual([
        {
          id: 'a-1',
          title: 'Guide interview',
          text: 'The icefall is dangerous.',
          modality: 'audio',
          score: 1,
          rank: 1,
          subquery_id: 'step_1',
          rank_in_subquery: 1,
        },
      ]);
    });

    it('reads the caption of an image document by its id', async () => {
      // Act
      const result = await operator('image_captioning')(stepOf(2, 'image_captioning', {}), { document_id: 'i-1' }, new Map(), ctx({ index: media }));

      // Assess
      expect(result).toMatchObject({ text: 'Tents at base camp.', document_id: 'i-1', captioning_method: 'corpus-metadata-caption' });
    });

    it('fails for a file the corpus does not hold and for a document with no transcript', async () => {
      // Act
      const run = (file: string) => operator('audio_transcription')(stepOf(1, 'audio_transcription', {}), { file }, new Map(), ctx({ index: media }));

      // Assess
      await expect(run('other.mp3')).rejects.toThrow('no document in the corpus for "other.mp3"');
      await expect(run('silent.wav')).rejects.toThrow('document a-2 carries no transcript in its metadata');
    });
  });

  it.each([
    ['keyword_search', 'search_method', 'bm25'],
    ['vector_search', 'search_method', 'lexical-hashing-tfidf-v2'],
    ['filter', 'filter_method', 'min_score>=0'],
    ['rerank', 'rerank_method', 'lexical-coverage-proximity-v1'],
    ['aggregate', 'aggregate_method', 'union(max-normalised)'],
    ['conditional', 'condition_method', 'safe-expression-v1'],
    ['llm_call', 'llm_call', { provider: 'echo', model: 'echo-1', input_tokens: 42, output_tokens: 7, duration_ms: expect.any(Number) }],
    ['multi-hop', 'multi_hop', expect.stringMatching(/^entity-link-expansion-v1\(hops=1,/)],
    ['graph_query', 'graph_method', expect.stringMatching(/^entity-seeded-expansion-v1/)],
    ['tool_call', 'tool_method', 'registry:corpus.search'],
  ] as const)('names the method in a %s result (%s)', async (type, key, expected) => {
    // Prepare
    const inputs = new Map([[1, stepOutput(1, 'keyword_search', { documents: [retrievedDoc('a', 1)], count: 1 })]]);
    const parameters: Record<string, unknown> = {
      keyword_search: { query: 'Everest' },
      vector_search: { query: 'Everest' },
      filter: { input_step: 1, min_score: 0 },
      rerank: { input_step: 1 },
      aggregate: { input_steps: [1], method: 'union' },
      conditional: { expression: 'step_1.result.count == 1' },
      llm_call: { prompt: 'Answer', input_step: 1 },
      'multi-hop': { input_step: 1, hops: 1, query: 'Everest' },
      graph_query: { query: 'Everest' },
      tool_call: { tool: 'corpus.search', args: { query: 'Everest' } },
    }[type];
    calls = [];

    // Act
    const result = await operator(type)(stepOf(2, type, {}, [1]), parameters as Record<string, unknown>, inputs, ctx({ llm: echoLlm(() => 'x') }));

    // Assess
    expect(result[key]).toEqual(expected);
  });
});
