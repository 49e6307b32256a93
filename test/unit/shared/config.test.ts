import { constants } from 'node:buffer';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_CORPUS_FILE_BYTES } from '../../../functions/adapters/corpus/corpus-files.js';
import { ConfigError } from '../../../functions/core/errors.js';
import { DEFAULT_LEARNING_SETTINGS } from '../../../functions/core/learn/types.js';
import { DEFAULT_AWS_PRICES } from '../../../functions/core/workflow/plan-cost.js';
import { loadConfig } from '../../../functions/shared/config.js';

/** The ConfigError loadConfig throws for `env`; fails the test when it throws nothing. */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('Function: loadConfig', () => {
  it('uses the defaults when nothing is set', () => {
    // Act
    const config = loadConfig({});

    // Assess
    expect(config).toEqual({
      tableName: 'cairn-traces',
      dynamoEndpoint: undefined,
      region: undefined,
      defaultCorpus: 'examples/corpus.jsonl',
      corpusRoots: [resolve('examples')],
      corpusMaxFileBytes: DEFAULT_MAX_CORPUS_FILE_BYTES,
      payloadDir: '.cairn/payloads',
      ttlDays: 30,
      maxIterations: 3,
      maxSteps: 20,
      maxTaskBytes: 8192,
      concurrency: 4,
      topK: 10,
      attributionTopN: 1,
      maxSources: 10,
      analyze: true,
      aws: { payloadBucket: undefined, stateMachineArn: undefined, workflowType: 'standard', taskPrefix: 'tasks/', inLambda: false, logLevel: 'SILENT' },
      // The LLM and planner settings have their own tests (test/unit/llm/llm-config.test.ts).
      llm: expect.any(Object),
      planner: expect.any(Object),
      // So do the media settings (test/unit/shared/media-config.test.ts).
      media: { backend: 'local' },
      // And http.fetch's (test/unit/adapters/http-fetch.test.ts): off unless hosts are named.
      httpFetch: { allowedHosts: [], timeoutMs: 10_000, maxBytes: 1_048_576 },
      // Lexical embeddings and reranking: no key, no network.
      retrieval: { embeddings: { backend: 'lexical' }, reranker: { backend: 'lexical' }, timeoutMs: 30_000, maxAttempts: 3 },
      // And the retrieval engine's (test/unit/shared/engine-config.test.ts).
      engine: expect.objectContaining({ engine: 'memory', indexLocation: undefined, opensearchEndpoint: undefined }),
      learning: DEFAULT_LEARNING_SETTINGS,
      cost: { workflowType: 'standard', memoryMb: { default: 1024, Execute: 2048 }, x86States: [], prices: DEFAULT_AWS_PRICES },
    });
  });

  it('treats empty variables as unset', () => {
    // Act
    const config = loadConfig({ CAIRN_TABLE: '', CAIRN_DYNAMODB_ENDPOINT: '', CAIRN_TOP_K: '', CAIRN_ANALYZE: '', AWS_REGION: '' });

    // Assess
    expect(config).toEqual(loadConfig({}));
  });

  it('reads every variable', () => {
    // Act
    const config = loadConfig({
      CAIRN_TABLE: 'traces-test',
      CAIRN_DYNAMODB_ENDPOINT: 'http://localhost:8000',
      AWS_REGION: 'eu-west-1',
      CAIRN_CORPUS: 'data/corpus',
      CAIRN_PAYLOAD_DIR: '/tmp/payloads',
      CAIRN_CORPUS_MAX_FILE_BYTES: '1048576',
      CAIRN_TTL_DAYS: '7',
      CAIRN_MAX_ITERATIONS: '10',
      CAIRN_MAX_STEPS: '100',
      CAIRN_MAX_TASK_BYTES: '16',
      CAIRN_CONCURRENCY: '64',
      CAIRN_TOP_K: '1',
      CAIRN_ATTRIBUTION_TOP_N: '3',
      CAIRN_MAX_SOURCES: '25',
      CAIRN_ANALYZE: 'false',
    });

    // Assess
    expect(config).toEqual({
      tableName: 'traces-test',
      dynamoEndpoint: 'http://localhost:8000',
      region: 'eu-west-1',
      defaultCorpus: 'data/corpus',
      corpusRoots: [resolve('examples'), resolve('data')],
      corpusMaxFileBytes: 1048576,
      payloadDir: '/tmp/payloads',
      ttlDays: 7,
      maxIterations: 10,
      maxSteps: 100,
      maxTaskBytes: 16,
      concurrency: 64,
      topK: 1,
      attributionTopN: 3,
      maxSources: 25,
      analyze: false,
      aws: { payloadBucket: undefined, stateMachineArn: undefined, workflowType: 'standard', taskPrefix: 'tasks/', inLambda: false, logLevel: 'SILENT' },
      // The LLM and planner settings have their own tests (test/unit/llm/llm-config.test.ts).
      llm: expect.any(Object),
      planner: expect.any(Object),
      // So do the media settings (test/unit/shared/media-config.test.ts).
      media: { backend: 'local' },
      // And http.fetch's (test/unit/adapters/http-fetch.test.ts): off unless hosts are named.
      httpFetch: { allowedHosts: [], timeoutMs: 10_000, maxBytes: 1_048_576 },
      // And the retrieval services (test/integration/retrieval/retrieval-services.test.ts).
      retrieval: expect.any(Object),
      // And the retrieval engine's (test/unit/shared/engine-config.test.ts).
      engine: expect.objectContaining({ engine: 'memory', indexLocation: undefined, opensearchEndpoint: undefined }),
      learning: DEFAULT_LEARNING_SETTINGS,
      cost: { workflowType: 'standard', memoryMb: { default: 1024, Execute: 2048 }, x86States: [], prices: DEFAULT_AWS_PRICES },
    });
  });

  it.each([
    ['1', true],
    ['TRUE', true],
    ['yes', true],
    ['On', true],
    ['0', false],
    ['False', false],
    ['no', false],
    ['OFF', false],
  ])('reads CAIRN_ANALYZE=%s as %s', (raw, expected) => {
    // Act
    const config = loadConfig({ CAIRN_ANALYZE: raw });

    // Assess
    expect(config.analyze).toBe(expected);
  });

  it('accepts an https endpoint', () => {
    // Act
    const config = loadConfig({ CAIRN_DYNAMODB_ENDPOINT: 'https://dynamodb.local:4567/path' });

    // Assess
    expect(config.dynamoEndpoint).toBe('https://dynamodb.local:4567/path');
  });

  it('reports every bad variable in one ConfigError message', () => {
    // Act
    const error = configError({
      CAIRN_TTL_DAYS: '0',
      CAIRN_MAX_ITERATIONS: '11',
      CAIRN_MAX_STEPS: 'many',
      CAIRN_MAX_TASK_BYTES: '15',
      CAIRN_CONCURRENCY: '2.5',
      CAIRN_TOP_K: '-1',
      CAIRN_ATTRIBUTION_TOP_N: '11',
      CAIRN_MAX_SOURCES: '101',
      CAIRN_ANALYZE: 'maybe',
      CAIRN_DYNAMODB_ENDPOINT: 'localhost:8000',
      CAIRN_PAYLOAD_BUCKET: 'Bad_Bucket',
      CAIRN_STATE_MACHINE_ARN: 'not-an-arn',
      CAIRN_WORKFLOW_TYPE: 'fast',
      CAIRN_TASK_PREFIX: '/tasks',
      POWERTOOLS_LOG_LEVEL: 'loud',
    });

    // Assess
    expect(error.name).toBe('ConfigError');
    expect(error.message).toBe(
      [
        'invalid configuration: CAIRN_DYNAMODB_ENDPOINT must be an http(s) URL, got "localhost:8000"',
        'CAIRN_TTL_DAYS must be an integer from 1 to 3650, got "0"',
        'CAIRN_MAX_ITERATIONS must be an integer from 1 to 10, got "11"',
        'CAIRN_MAX_STEPS must be an integer from 1 to 100, got "many"',
        'CAIRN_MAX_TASK_BYTES must be an integer from 16 to 1000000, got "15"',
        'CAIRN_CONCURRENCY must be an integer from 1 to 64, got "2.5"',
        'CAIRN_TOP_K must be an integer from 1 to 100, got "-1"',
        'CAIRN_ATTRIBUTION_TOP_N must be an integer from 1 to 10, got "11"',
        'CAIRN_MAX_SOURCES must be an integer from 1 to 100, got "101"',
        'CAIRN_ANALYZE must be true or false, got "maybe"',
        'CAIRN_PAYLOAD_BUCKET must be an S3 bucket name, got "Bad_Bucket"',
        'CAIRN_STATE_MACHINE_ARN must be a state machine ARN, got "not-an-arn"',
        'CAIRN_WORKFLOW_TYPE must be standard or express, got "fast"',
        'CAIRN_TASK_PREFIX must be a key prefix without spaces or a leading slash, got "/tasks"',
        'POWERTOOLS_LOG_LEVEL must be one of DEBUG, INFO, WARN, ERROR, CRITICAL, SILENT, got "loud"',
      ].join('; '),
    );
    expect(error.message).not.toContain('\n');
  });

  it('reads the deployed functions’ variables, with INFO logs inside Lambda', () => {
    // Act
    const config = loadConfig({
      CAIRN_PAYLOAD_BUCKET: 'cairn-payloads-123',
      CAIRN_STATE_MACHINE_ARN: 'arn:aws:states:eu-west-1:123456789012:stateMachine:cairn-plan',
      CAIRN_WORKFLOW_TYPE: 'EXPRESS',
      CAIRN_TASK_PREFIX: 'inbox/',
      AWS_LAMBDA_FUNCTION_NAME: 'cairn-execute',
    });

    // Assess
    expect(config.aws).toEqual({
      payloadBucket: 'cairn-payloads-123',
      stateMachineArn: 'arn:aws:states:eu-west-1:123456789012:stateMachine:cairn-plan',
      workflowType: 'express',
      taskPrefix: 'inbox/',
      inLambda: true,
      logLevel: 'INFO',
    });
  });

  it('refuses a corpus file cap no string could hold, naming the longest', () => {
    // Act
    const error = configError({ CAIRN_CORPUS_MAX_FILE_BYTES: String(2 ** 31) });

    // Assess
    expect(error.message).toBe(
      `invalid configuration: CAIRN_CORPUS_MAX_FILE_BYTES must be an integer from 1 to ${constants.MAX_STRING_LENGTH}, got "${2 ** 31}"`,
    );
  });

  it('reports a single bad variable alone', () => {
    // Act
    const error = configError({ CAIRN_TOP_K: '0', CAIRN_MAX_STEPS: '50' });

    // Assess
    expect(error.message).toBe('invalid configuration: CAIRN_TOP_K must be an integer from 1 to 100, got "0"');
  });

  it('reads process.env when given no argument', () => {
    // Prepare
    const saved = process.env.CAIRN_TOP_K;
    process.env.CAIRN_TOP_K = '7';

    // Act
    let topK: number;
    try {
      topK = loadConfig().topK;
    } finally {
      if (saved === undefined) delete process.env.CAIRN_TOP_K;
      else process.env.CAIRN_TOP_K = saved;
    }

    // Assess
    expect(topK).toBe(7);
  });
});

describe('Function: loadConfig (learning settings)', () => {
  it('reads CAIRN_LEARNING over seed 001 defaults, once', () => {
    const config = loadConfig({ CAIRN_LEARNING: '{"require_approval": false, "min_replay_sessions": 3}' });
    expect(config.learning).toEqual({ ...DEFAULT_LEARNING_SETTINGS, require_approval: false, min_replay_sessions: 3 });
  });

  it('refuses a bad CAIRN_LEARNING in the one configuration message', () => {
    expect(() => loadConfig({ CAIRN_LEARNING: '{"equivalence_threshold": 2}' })).toThrow(/^invalid configuration: CAIRN_LEARNING: .*equivalence_threshold/);
    expect(() => loadConfig({ CAIRN_LEARNING: 'yes' })).toThrow(/^invalid configuration: CAIRN_LEARNING: /);
  });

  it('prices a plan as the stack deploys it, over CAIRN_AWS_PRICES', () => {
    // Act
    const config = loadConfig({
      CAIRN_WORKFLOW_TYPE: 'express',
      CAIRN_RETRIEVAL_ENGINE: 'local',
      CAIRN_INDEX_LOCATION: 's3://b/i/',
      CAIRN_AWS_PRICES: '{"lambdaRequest": 0}',
    });

    // Assess
    expect(config.cost).toEqual({
      workflowType: 'express',
      memoryMb: { default: 1024, Execute: 2048 },
      x86States: ['Execute'],
      prices: { ...DEFAULT_AWS_PRICES, lambdaRequest: 0 },
    });
  });

  it('refuses CAIRN_AWS_PRICES that is not JSON, names no price, or gives a negative one', () => {
    expect(() => loadConfig({ CAIRN_AWS_PRICES: 'cheap' })).toThrow(/^invalid configuration: CAIRN_AWS_PRICES must be a JSON object of prices in USD/);
    expect(() => loadConfig({ CAIRN_AWS_PRICES: '{"lambda": 1}' })).toThrow(
      /^invalid configuration: CAIRN_AWS_PRICES: unknown price "lambda" \(known: sfnStandardTransition, /,
    );
    expect(() => loadConfig({ CAIRN_AWS_PRICES: '{"dynamoReadUnit": -1}' })).toThrow(
      /^invalid configuration: CAIRN_AWS_PRICES.dynamoReadUnit must be a number of USD >= 0, got -1$/,
    );
  });
});
