/**
 * Configuration, read once from the environment at start-up and checked there: a bad value stops
 * the process (or the Lambda init) with one message listing every problem, before any work starts.
 */
import { constants } from 'node:buffer';
import { delimiter, dirname, resolve } from 'node:path';
import { ConfigError } from '../core/errors.js';
import { parseLearningSettings } from '../core/learn/settings.js';
import type { LearningSettings } from '../core/learn/types.js';
import { type CostSettings, DEFAULT_AWS_PRICES } from '../core/workflow/plan-cost.js';
import { FUNCTION_MEMORY_MB, WORKFLOW_MEMORY_MB } from './deployment.js';
import { type EngineSettings, loadEngineSettings } from './engine-config.js';
import { type HttpFetchSettings, loadHttpFetchSettings } from './http-fetch-config.js';
import { type LlmSettings, loadLlmSettings, loadPlannerSettings, type PlannerSettings } from './llm-config.js';
import { loadMediaSettings, type MediaSettings } from './media-config.js';
import { loadRetrievalSettings, type RetrievalSettings } from './retrieval-config.js';

export interface CairnConfig {
  tableName: string;
  /** A local DynamoDB endpoint (the embedded store, DynamoDB Local); absent on AWS. */
  dynamoEndpoint: string | undefined;
  region: string | undefined;
  /** The corpus a request uses when it names none. */
  defaultCorpus: string;
  /**
   * The folders a corpus on disk may be read from (absolute): the project's examples/, the default
   * corpus's folder and CAIRN_CORPUS_ROOTS; the command adds CAIRN_HOME and its `--corpus` paths.
   * A request naming a file anywhere else is refused before the file is opened.
   */
  corpusRoots: string[];
  /**
   * Where on-disk corpus indexes are looked for (`cairn index` writes there by default):
   * CAIRN_INDEX_ROOT, or the command's CAIRN_HOME/indexes; none for the functions otherwise.
   */
  indexRoot: string | undefined;
  /**
   * The most bytes of one corpus file (CAIRN_CORPUS_MAX_FILE_BYTES); a larger one is refused from
   * its size, unread. Default and bounds: functions/adapters/corpus/corpus-files.ts says why.
   */
  corpusMaxFileBytes: number;
  /** Where items too large for DynamoDB keep their bodies. */
  payloadDir: string;
  ttlDays: number;
  maxIterations: number;
  maxSteps: number;
  maxTaskBytes: number;
  concurrency: number;
  topK: number;
  attributionTopN: number;
  maxSources: number;
  analyze: boolean;
  /** What only the deployed functions read. */
  aws: AwsConfig;
  /** Which LLM answers and how it is called (provider, fallback, retries, budgets): see llm-config.ts. */
  llm: LlmSettings;
  /** Token limits, plan cache, few-shot examples. */
  planner: PlannerSettings;
  /** Where the modality steps run: the corpus's metadata, or Amazon Transcribe and Bedrock (media-config.ts). */
  media: MediaSettings;
  /** The `http.fetch` tool: off unless hosts are allowed (http-fetch-config.ts). */
  httpFetch: HttpFetchSettings;
  /** The embedding model and the reranker retrieval uses; lexical unless set (retrieval-config.ts). */
  retrieval: RetrievalSettings;
  /** Where a corpus in S3 is indexed and searched: in memory, the local engine's stored index, or OpenSearch (engine-config.ts). */
  engine: EngineSettings;
  /** Learning from the traces (seed 001's settings): CAIRN_LEARNING, a JSON object of overrides. */
  learning: LearningSettings;
  /** How a plan's AWS cost is estimated: the deployed workflow type and memory, AWS's prices (CAIRN_AWS_PRICES). */
  cost: CostSettings;
}

export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;

export interface AwsConfig {
  /** The bucket of large payloads and task files; the local FilePayloadStore when absent. */
  payloadBucket: string | undefined;
  /** The state machine the intake functions start; required by them, unused elsewhere. */
  stateMachineArn: string | undefined;
  /**
   * Standard executions are deduplicated by name, so a repeated request starts no second plan;
   * Express ones are not.
   */
  workflowType: 'standard' | 'express';
  /** Where task files go in the bucket; a file there starts a plan. */
  taskPrefix: string;
  /** True inside Lambda: metrics are published only there, so local runs print nothing extra. */
  inLambda: boolean;
  /** Powertools log level; SILENT outside Lambda unless set, so the CLI's output stays clean. */
  logLevel: (typeof LOG_LEVELS)[number];
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): CairnConfig {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false, got ${JSON.stringify(env[name])}`);
    return fallback;
  };
  const endpoint = env.CAIRN_DYNAMODB_ENDPOINT || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s]+$/.test(endpoint))
    problems.push(`CAIRN_DYNAMODB_ENDPOINT must be an http(s) URL, got ${JSON.stringify(endpoint)}`);
  const config: CairnConfig = {
    tableName: env.CAIRN_TABLE || 'cairn-traces',
    dynamoEndpoint: endpoint,
    region: env.AWS_REGION || undefined,
    defaultCorpus: env.CAIRN_CORPUS || 'examples/corpus.jsonl',
    corpusRoots: corpusRootsOf(env.CAIRN_CORPUS || 'examples/corpus.jsonl', env.CAIRN_CORPUS_ROOTS),
    indexRoot: env.CAIRN_INDEX_ROOT ? resolve(env.CAIRN_INDEX_ROOT) : undefined,
    // A file is decoded to one string: V8's longest string is the most any cap can allow.
    corpusMaxFileBytes: int('CAIRN_CORPUS_MAX_FILE_BYTES', 256 * 1024 * 1024, 1, MAX_STRING_LENGTH),
    payloadDir: env.CAIRN_PAYLOAD_DIR || '.cairn/payloads',
    ttlDays: int('CAIRN_TTL_DAYS', 30, 1, 3650),
    maxIterations: int('CAIRN_MAX_ITERATIONS', 3, 1, 10),
    maxSteps: int('CAIRN_MAX_STEPS', 20, 1, 100),
    maxTaskBytes: int('CAIRN_MAX_TASK_BYTES', 8192, 16, 1_000_000),
    concurrency: int('CAIRN_CONCURRENCY', 4, 1, 64),
    topK: int('CAIRN_TOP_K', 10, 1, 100),
    attributionTopN: int('CAIRN_ATTRIBUTION_TOP_N', 1, 1, 10),
    maxSources: int('CAIRN_MAX_SOURCES', 10, 1, 100),
    analyze: bool('CAIRN_ANALYZE', true),
    aws: awsConfig(env, problems),
    llm: loadLlmSettings(env, problems, { int, bool }),
    planner: loadPlannerSettings({ int, bool }),
    media: loadMediaSettings(env, problems),
    httpFetch: loadHttpFetchSettings(env, problems, int),
    retrieval: loadRetrievalSettings(env, problems, { int }),
    engine: loadEngineSettings(env, problems),
    learning: learningSettings(env.CAIRN_LEARNING, problems),
    cost: costSettings(env, problems),
  };
  if (problems.length > 0) throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  return config;
}

const { MAX_STRING_LENGTH } = constants;

/** How a plan's AWS cost is estimated: as the stack deploys (shared/deployment.ts), at AWS's prices. */
function costSettings(env: Env, problems: string[]): CostSettings {
  return {
    // awsConfig reports a bad CAIRN_WORKFLOW_TYPE; the stack sets it on every function.
    workflowType: env.CAIRN_WORKFLOW_TYPE?.toLowerCase() === 'express' ? 'express' : 'standard',
    memoryMb: { default: FUNCTION_MEMORY_MB, ...WORKFLOW_MEMORY_MB },
    // The stack ships Execute with LanceDB's native modules on x86_64 when the engine is local (infra/stack.ts).
    x86States: env.CAIRN_RETRIEVAL_ENGINE?.toLowerCase() === 'local' ? ['Execute'] : [],
    prices: awsPrices(env.CAIRN_AWS_PRICES, problems),
  };
}

/** CAIRN_AWS_PRICES: `{"lambdaGbSecondArm": 0.000012, ...}`, USD, over us-east-1's list prices (DEFAULT_AWS_PRICES). */
function awsPrices(raw: string | undefined, problems: string[]): CostSettings['prices'] {
  if (raw === undefined || raw.trim() === '') return { ...DEFAULT_AWS_PRICES };
  const names = Object.keys(DEFAULT_AWS_PRICES).join(', ');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push(`CAIRN_AWS_PRICES must be a JSON object of prices in USD (${names}), got ${JSON.stringify(raw.slice(0, 80))}`);
    return { ...DEFAULT_AWS_PRICES };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    problems.push(`CAIRN_AWS_PRICES must be a JSON object of prices in USD (${names})`);
    return { ...DEFAULT_AWS_PRICES };
  }
  const prices = { ...DEFAULT_AWS_PRICES };
  for (const [name, value] of Object.entries(parsed)) {
    if (!(name in DEFAULT_AWS_PRICES)) problems.push(`CAIRN_AWS_PRICES: unknown price ${JSON.stringify(name)} (known: ${names})`);
    else if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      problems.push(`CAIRN_AWS_PRICES.${name} must be a number of USD >= 0, got ${JSON.stringify(value)}`);
    else prices[name as keyof typeof prices] = value;
  }
  return prices;
}

function learningSettings(raw: string | undefined, problems: string[]): LearningSettings {
  if (raw === undefined || raw.trim() === '') return parseLearningSettings(undefined);
  try {
    return parseLearningSettings(JSON.parse(raw));
  } catch (error) {
    problems.push(`CAIRN_LEARNING: ${error instanceof Error ? error.message : String(error)}`);
    return parseLearningSettings(undefined);
  }
}

function corpusRootsOf(defaultCorpus: string, extra: string | undefined): string[] {
  const roots = [resolve('examples')];
  // A default corpus on S3 or behind a URL has no folder on this machine.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(defaultCorpus)) roots.push(dirname(resolve(defaultCorpus)));
  for (const root of (extra ?? '').split(delimiter)) if (root.trim() !== '') roots.push(resolve(root.trim()));
  return [...new Set(roots)];
}

function awsConfig(env: Env, problems: string[]): AwsConfig {
  const bucket = env.CAIRN_PAYLOAD_BUCKET || undefined;
  // S3's naming rules: 3-63 characters of lowercase letters, digits, dots and hyphens.
  if (bucket !== undefined && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(`CAIRN_PAYLOAD_BUCKET must be an S3 bucket name, got ${JSON.stringify(bucket)}`);
  }
  const stateMachineArn = env.CAIRN_STATE_MACHINE_ARN || undefined;
  if (stateMachineArn !== undefined && !/^arn:aws[a-z-]*:states:[a-z0-9-]+:\d{12}:stateMachine:[A-Za-z0-9_-]{1,80}$/.test(stateMachineArn)) {
    problems.push(`CAIRN_STATE_MACHINE_ARN must be a state machine ARN, got ${JSON.stringify(stateMachineArn)}`);
  }
  const workflowType = (env.CAIRN_WORKFLOW_TYPE || 'standard').toLowerCase();
  if (workflowType !== 'standard' && workflowType !== 'express') {
    problems.push(`CAIRN_WORKFLOW_TYPE must be standard or express, got ${JSON.stringify(env.CAIRN_WORKFLOW_TYPE)}`);
  }
  const taskPrefix = env.CAIRN_TASK_PREFIX ?? 'tasks/';
  if (taskPrefix.startsWith('/') || /\s/.test(taskPrefix)) {
    problems.push(`CAIRN_TASK_PREFIX must be a key prefix without spaces or a leading slash, got ${JSON.stringify(taskPrefix)}`);
  }
  const inLambda = Boolean(env.AWS_LAMBDA_FUNCTION_NAME);
  const rawLevel = (env.POWERTOOLS_LOG_LEVEL || (inLambda ? 'INFO' : 'SILENT')).toUpperCase();
  const logLevel = LOG_LEVELS.find((level) => level === rawLevel);
  if (logLevel === undefined) problems.push(`POWERTOOLS_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(env.POWERTOOLS_LOG_LEVEL)}`);
  return {
    payloadBucket: bucket,
    stateMachineArn,
    workflowType: workflowType === 'express' ? 'express' : 'standard',
    taskPrefix,
    inLambda,
    logLevel: logLevel ?? 'INFO',
  };
}

/** What the `cairn` command reads besides the configuration of the functions. */
export interface LocalConfig {
  /** The command's folder (CAIRN_HOME, `.cairn` by default): the database under db/, large payloads under payloads/. */
  home: string;
  /** The embedded database's folder. */
  dataDir: string;
  /** CAIRN_DEBUG: a failed command prints its whole error, stack included. */
  debug: boolean;
  /** What decides whether live progress is drawn: a dumb terminal or CI gets none. */
  terminal: { TERM: string | undefined; CI: string | undefined };
  /** The functions' configuration, the payload folder under `home` unless CAIRN_PAYLOAD_DIR says otherwise. */
  config: CairnConfig;
}

export function loadLocalConfig(env: Env = process.env): LocalConfig {
  const home = resolve(env.CAIRN_HOME || '.cairn');
  return {
    home,
    dataDir: resolve(home, 'db'),
    debug: Boolean(env.CAIRN_DEBUG),
    terminal: { TERM: env.TERM, CI: env.CI },
    config: withCorpusRoots(
      loadConfig({
        ...env,
        CAIRN_PAYLOAD_DIR: env.CAIRN_PAYLOAD_DIR || resolve(home, 'payloads'),
        CAIRN_INDEX_ROOT: env.CAIRN_INDEX_ROOT || resolve(home, 'indexes'),
      }),
      [home],
    ),
  };
}

/** The configuration with more folders a corpus may be read from (CAIRN_HOME, a `--corpus` path). */
export function withCorpusRoots(config: CairnConfig, roots: readonly string[]): CairnConfig {
  return { ...config, corpusRoots: [...new Set([...config.corpusRoots, ...roots.map((root) => resolve(root))])] };
}
