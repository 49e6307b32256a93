/**
 * The embedding and rerank adapters against a loopback server speaking the real APIs, with the
 * real clients (Node's fetch; the AWS SDK's Bedrock Runtime and Agent Runtime clients, pointed at
 * it by `endpoint`): batching, order, checks of the answer, retries of what may pass, one clear
 * line for what will not.
 */

import { BedrockAgentRuntimeClient } from '@aws-sdk/client-bedrock-agent-runtime';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BedrockEmbedder } from '../../../functions/adapters/embeddings/bedrock-embedder.js';
import { BedrockReranker } from '../../../functions/adapters/embeddings/bedrock-reranker.js';
import { HttpReranker } from '../../../functions/adapters/embeddings/http-reranker.js';
import { OpenAiCompatibleEmbedder } from '../../../functions/adapters/embeddings/openai-embedder.js';
import { createEmbedder, createReranker } from '../../../functions/adapters/embeddings/select.js';
import { RetrievalServiceError, RetrievalServiceTransientError } from '../../../functions/core/errors.js';
import { loadConfig } from '../../../functions/shared/config.js';
import { closedPortUrl } from '../../support/net.js';
import { hashedVector, LoopbackRetrieval } from '../../support/retrieval-loopback.js';

let server: LoopbackRetrieval;
beforeAll(async () => {
  server = await LoopbackRetrieval.start();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.requests.length = 0;
  server.embeddingDimensions = 16;
  server.reverseOrder = false;
});

const fast = { timeoutMs: 2_000, retry: { baseDelayMs: 1, maxDelayMs: 50 } };
const aws = { region: 'us-east-1', credentials: { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local' }, maxAttempts: 1 };
const openai = (over: Partial<ConstructorParameters<typeof OpenAiCompatibleEmbedder>[0]> = {}) =>
  new OpenAiCompatibleEmbedder({ ...fast, baseURL: `${server.url}/v1`, model: 'nomic-embed-text', dimensions: 16, ...over });
const docs = [
  { id: 'a', text: 'The Eiffel Tower stands in Paris.' },
  { id: 'b', text: 'Lyon has a tram network and two rivers.' },
  { id: 'c', text: 'Paris is the capital of France; the tower is in Paris.' },
];

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('OpenAI-compatible /v1/embeddings', () => {
  it('embeds in batches, one vector per text in the order asked, of the model size', async () => {
    server.reverseOrder = true;
    const texts = Array.from({ length: 130 }, (_, i) => `text number ${i} about topic ${i % 7}`);
    const vectors = await openai({ batchSize: 64 }).embed(texts);
    expect(server.requests.map((r) => (r.body.input as string[]).length)).toEqual([64, 64, 2]);
    expect(server.requests[0]?.body.model).toBe('nomic-embed-text');
    expect(vectors).toHaveLength(130);
    expect([...vectors[129]!]).toEqual(hashedVector(texts[129]!, 16).map((x) => Math.fround(x)));
  });

  it('names the method with the model and its size', () => {
    expect(openai().name).toBe('openai-embeddings(nomic-embed-text,16)');
  });

  it('refuses vectors of the wrong dimension with one line, and does not retry it', async () => {
    server.script({ dimensions: 8 });
    const error = await failure(openai().embed(['one text']));
    expect(error).toBeInstanceOf(RetrievalServiceError);
    expect(error.message).toBe("embeddings/nomic-embed-text: embedding 0 has 8 dimensions, expected 16 (set CAIRN_EMBEDDINGS_DIMENSIONS to the model's size)");
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 503 and a reset connection, then answers', async () => {
    server.script({ status: 503, message: 'loading model' }, { reset: true });
    const vectors = await openai().embed(['retry me']);
    expect(vectors).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });

  it('honours retry-after on a 429', async () => {
    server.script({ status: 429, headers: { 'retry-after-ms': '20' } });
    const started = Date.now();
    await openai().embed(['slow down']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up on a service that stays down, naming it and the attempts', async () => {
    server.script({ status: 502 }, { status: 502 }, { status: 502 });
    const error = await failure(openai().embed(['x']));
    expect(error).toBeInstanceOf(RetrievalServiceTransientError);
    expect(error.name).toBe('RetrievalServiceTransientError');
    expect(error.message).toMatch(/^embeddings\/nomic-embed-text: server error \(502\).* \(gave up after 3 attempt\(s\)\)$/);
  });

  it('says the service is unreachable when nothing listens', async () => {
    const down = new OpenAiCompatibleEmbedder({
      ...fast,
      retry: { ...fast.retry, maxAttempts: 2 },
      baseURL: `${await closedPortUrl()}/v1`,
      model: 'm',
      dimensions: 4,
    });
    const error = await failure(down.embed(['x']));
    expect(error).toBeInstanceOf(RetrievalServiceTransientError);
    expect(error.message).toMatch(/^embeddings\/m: the service is unreachable \(.*ECONNREFUSED.*\) \(gave up after 2 attempt\(s\)\)$/);
    expect(error.message).not.toContain('\n');
  });

  it('ends a request that hangs at its timeout', async () => {
    server.script({ hang: true });
    const hanging = openai({ timeoutMs: 150, retry: { maxAttempts: 1 } });
    const error = await failure(hanging.embed(['x']));
    expect(error.message).toBe('embeddings/nomic-embed-text: no answer within 150 ms (request timed out) (gave up after 1 attempt(s))');
  });

  it('does not retry a 401, and says to check the key', async () => {
    server.script({ status: 401, message: 'invalid api key' });
    const error = await failure(openai({ apiKey: 'wrong' }).embed(['x']));
    expect(error).toBeInstanceOf(RetrievalServiceError);
    expect(error.message).toBe('embeddings/nomic-embed-text: authentication failed (check the API key) (401): invalid api key');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer wrong');
  });

  it('retries a body that is not JSON', async () => {
    server.script({ garbage: '<html>bad gateway</html>' });
    expect(await openai().embed(['x'])).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });
});

describe('Bedrock InvokeModel embeddings', () => {
  const runtime = () => new BedrockRuntimeClient({ ...aws, endpoint: server.h2url });

  it('embeds with Titan Text Embeddings V2, one signed call per text, asking for the dimension', async () => {
    const embedder = new BedrockEmbedder({ ...fast, client: runtime, model: 'amazon.titan-embed-text-v2:0', dimensions: 256 });
    const vectors = await embedder.embed(['first text', 'second text', 'third']);
    expect(embedder.name).toBe('bedrock-titan(amazon.titan-embed-text-v2:0,256)');
    expect(vectors.map((v) => v.length)).toEqual([256, 256, 256]);
    expect(server.requests.map((r) => r.path)).toEqual(Array(3).fill('/model/amazon.titan-embed-text-v2%3A0/invoke'));
    expect(server.requests[0]?.body).toMatchObject({ dimensions: 256, normalize: true });
    expect(new Set(server.requests.map((r) => r.body.inputText))).toEqual(new Set(['first text', 'second text', 'third']));
    expect([...vectors[1]!]).toEqual(hashedVector('second text', 256).map((x) => Math.fround(x)));
  });

  it('embeds with Cohere Embed in batches of at most 96', async () => {
    const embedder = new BedrockEmbedder({ ...fast, client: runtime, model: 'cohere.embed-english-v3', dimensions: 1024 });
    const vectors = await embedder.embed(Array.from({ length: 100 }, (_, i) => `passage ${i}`));
    expect(vectors).toHaveLength(100);
    expect(server.requests.map((r) => (r.body.texts as string[]).length)).toEqual([96, 4]);
    expect(server.requests[0]?.body).toMatchObject({ input_type: 'search_document', embedding_types: ['float'] });
  });

  it('retries a throttled call and refuses a validation error at once', async () => {
    const embedder = new BedrockEmbedder({ ...fast, client: runtime, model: 'amazon.titan-embed-text-v2:0', dimensions: 1024 });
    server.script({ status: 429, awsType: 'ThrottlingException', message: 'Too many requests' });
    expect(await embedder.embed(['x'])).toHaveLength(1);
    expect(server.requests).toHaveLength(2);

    server.requests.length = 0;
    server.script({ status: 400, awsType: 'ValidationException', message: 'Malformed input request' });
    const error = await failure(embedder.embed(['x']));
    expect(error).toBeInstanceOf(RetrievalServiceError);
    expect(error.message).toBe('bedrock/amazon.titan-embed-text-v2:0: ValidationException: Malformed input request (400)');
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a Titan vector of the wrong dimension', async () => {
    const embedder = new BedrockEmbedder({ ...fast, client: runtime, model: 'amazon.titan-embed-text-v2:0', dimensions: 512 });
    server.script({ dimensions: 1024 });
    const error = await failure(embedder.embed(['x']));
    expect(error.message).toMatch(/^bedrock\/amazon.titan-embed-text-v2:0: the embedding has 1024 dimensions, expected 512/);
  });
});

describe('rerankers', () => {
  it('reranks through the Cohere-shaped /v1/rerank (llama-server, vLLM, Cohere)', async () => {
    const reranker = new HttpReranker({ ...fast, baseURL: `${server.url}/v1`, model: 'bge-reranker-v2-m3' });
    const hits = await reranker.rerank('Eiffel Tower Paris', docs, 2);
    expect(reranker.name).toBe('cross-encoder(bge-reranker-v2-m3,cohere)');
    expect(hits.map((h) => h.id)).toEqual(['a', 'c']);
    expect(server.requests[0]).toMatchObject({ path: '/v1/rerank', body: { model: 'bge-reranker-v2-m3', top_n: 2, documents: docs.map((d) => d.text) } });
  });

  it('reranks through TEI /rerank', async () => {
    const reranker = new HttpReranker({ ...fast, baseURL: server.url, model: 'BAAI/bge-reranker-base', api: 'tei' });
    const hits = await reranker.rerank('tram rivers', docs, 3);
    expect(hits.map((h) => h.id)).toEqual(['b', 'a', 'c']);
    expect(server.requests[0]?.body).toEqual({ query: 'tram rivers', texts: docs.map((d) => d.text), truncate: true });
  });

  it('reranks through Bedrock Rerank with the model ARN of the region', async () => {
    const client = () => new BedrockAgentRuntimeClient({ ...aws, endpoint: server.h2url });
    const reranker = new BedrockReranker({ ...fast, client, model: 'amazon.rerank-v1:0', region: 'us-west-2' });
    const hits = await reranker.rerank('capital of France', docs, 1);
    expect(hits).toEqual([{ id: 'c', score: expect.any(Number) }]);
    expect(server.requests[0]?.body).toMatchObject({
      rerankingConfiguration: {
        type: 'BEDROCK_RERANKING_MODEL',
        bedrockRerankingConfiguration: {
          numberOfResults: 1,
          modelConfiguration: { modelArn: 'arn:aws:bedrock:us-west-2::foundation-model/amazon.rerank-v1:0' },
        },
      },
    });
  });

  it('retries a throttled Bedrock Rerank call', async () => {
    const client = () => new BedrockAgentRuntimeClient({ ...aws, endpoint: server.h2url });
    // No region given: the model's ARN takes the client's.
    const reranker = new BedrockReranker({ ...fast, client, model: 'cohere.rerank-v3-5:0' });
    server.script({ status: 429, awsType: 'ThrottlingException' });
    expect((await reranker.rerank('tram', docs, 3)).map((h) => h.id)[0]).toBe('b');
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[1]?.body)).toContain('arn:aws:bedrock:us-east-1::foundation-model/cohere.rerank-v3-5:0');
  });

  it('refuses an answer naming a document it was not given, or without scores', async () => {
    const reranker = new HttpReranker({ ...fast, baseURL: `${server.url}/v1`, model: 'm' });
    server.script({ body: { results: [{ index: 7, relevance_score: 0.9 }] } }, { body: { results: [{ index: 0 }] } }, { body: { data: [] } });
    expect((await failure(reranker.rerank('x', docs, 3))).message).toBe('rerank/m: result 0 names no document of the request (index 7)');
    expect((await failure(reranker.rerank('x', docs, 3))).message).toBe('rerank/m: result 0 has no numeric score');
    const error = await failure(reranker.rerank('x', docs, 3));
    expect(error).toBeInstanceOf(RetrievalServiceError);
    expect(error.message).toBe('rerank/m: the answer has no `results` list');
  });

  it('asks nothing for nothing to rank', async () => {
    const reranker = new HttpReranker({ ...fast, baseURL: `${server.url}/v1`, model: 'm' });
    expect(await reranker.rerank('x', [], 5)).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('from the configuration', () => {
  it('keeps both lexical when nothing is set', async () => {
    const config = loadConfig({});
    expect(config.retrieval.embeddings).toEqual({ backend: 'lexical' });
    expect(createEmbedder(config.retrieval)).toBeUndefined();
    expect(createReranker(config.retrieval)).toBeUndefined();
  });

  it('builds the OpenAI-compatible embedder and the HTTP reranker from the environment', async () => {
    const config = loadConfig({
      CAIRN_EMBEDDINGS: 'openai',
      CAIRN_EMBEDDINGS_URL: `${server.url}/v1`,
      CAIRN_EMBEDDINGS_MODEL: 'nomic-embed-text',
      CAIRN_EMBEDDINGS_DIMENSIONS: '16',
      CAIRN_EMBEDDINGS_API_KEY: 'sk-local',
      CAIRN_RERANKER: 'http',
      CAIRN_RERANK_URL: `${server.url}/v1`,
      CAIRN_RERANK_MODEL: 'bge-reranker',
    });
    expect(JSON.stringify(config.retrieval)).not.toContain('sk-local');
    const embedder = createEmbedder(config.retrieval);
    expect((await embedder!.embed(['hello'])).map((v) => v.length)).toEqual([16]);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-local');
    const reranker = createReranker(config.retrieval);
    expect((await reranker!.rerank('tram', docs, 1)).map((h) => h.id)).toEqual(['b']);
  });

  it('lists every missing or malformed setting in one message', () => {
    expect(() => loadConfig({ CAIRN_EMBEDDINGS: 'openai', CAIRN_RERANKER: 'http', CAIRN_RERANK_URL: 'localhost:8080' })).toThrow(
      /CAIRN_EMBEDDINGS_DIMENSIONS is required .*CAIRN_EMBEDDINGS_URL is required with CAIRN_EMBEDDINGS=openai; CAIRN_EMBEDDINGS_MODEL is required .*CAIRN_RERANK_URL must be an http\(s\) URL, got "localhost:8080"; CAIRN_RERANK_MODEL is required with CAIRN_RERANKER=http/,
    );
    expect(() => loadConfig({ CAIRN_EMBEDDINGS: 'bedrock', CAIRN_EMBEDDINGS_DIMENSIONS: '300' })).toThrow(/must be 256, 512 or 1024 for Titan/);
    expect(() => loadConfig({ CAIRN_EMBEDDINGS: 'word2vec' })).toThrow(/CAIRN_EMBEDDINGS must be one of lexical, openai, bedrock, got "word2vec"/);
  });
});
