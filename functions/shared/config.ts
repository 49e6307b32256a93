/**
 * Configuration, read once from the environment at start-up and checked there: a bad value stops
 * the process (or the Lambda init) with one message listing every problem, before any work starts.
 */
import { ConfigError } from '../core/errors.js';

export interface CairnConfig {
  tableName: string;
  /** A local DynamoDB endpoint (dynalite, DynamoDB Local); absent on AWS. */
  dynamoEndpoint: string | undefined;
  region: string | undefined;
  /** The corpus a request uses when it names none. */
  defaultCorpus: string;
  /** Where items too large for DynamoDB keep their bodies (E3). */
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
  if (endpoint !== undefined && !/^https?:\/\/[^\s]+$/.test(endpoint)) problems.push(`CAIRN_DYNAMODB_ENDPOINT must be an http(s) URL, got ${JSON.stringify(endpoint)}`);
  const config: CairnConfig = {
    tableName: env.CAIRN_TABLE || 'cairn-traces',
    dynamoEndpoint: endpoint,
    region: env.AWS_REGION || undefined,
    defaultCorpus: env.CAIRN_CORPUS || 'examples/corpus.jsonl',
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
  };
  if (problems.length > 0) throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  return config;
}
