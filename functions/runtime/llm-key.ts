/**
 * The LLM's API key on AWS: the stack keeps it in Secrets Manager (as `{"apiKey": "..."}`) and
 * passes the secret's ARN in CAIRN_LLM_SECRET_ARN. It is read through Powertools Parameters once,
 * on the process's first LLM call, and kept for the life of the process; it travels as a Secret,
 * which never prints, so no log line or error carries it.
 *
 * Powertools and the Secrets Manager client are imported when the key is first needed, so a cold
 * start that never calls a model (the rule-based planner, the intake functions) does not load them.
 */
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ConfigError } from '../core/errors.js';
import { Secret } from '../shared/secret.js';

/** A secret's value is cached by Powertools this long; the process also keeps the first answer. */
const CACHE_SECONDS = 900;

export interface LlmKeyOptions {
  /** The Secrets Manager client to read with (tests point it at a mock); Powertools makes one otherwise. */
  client?: SecretsManagerClient;
}

/**
 * A reader of the key held by `secretArn`: the first call fetches it, every later call (and any
 * call made meanwhile) gets the same answer. A failed read is not kept, so the next call tries again.
 */
export function llmKeyFromSecret(secretArn: string, options: LlmKeyOptions = {}): () => Promise<Secret> {
  let key: Promise<Secret> | undefined;
  return () => {
    key ??= readLlmKey(secretArn, options).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}

async function readLlmKey(secretArn: string, options: LlmKeyOptions): Promise<Secret> {
  const { SecretsProvider } = await import('@aws-lambda-powertools/parameters/secrets');
  const provider = new SecretsProvider(options.client ? { awsSdkV3Client: options.client } : {});
  let value: unknown;
  try {
    value = await provider.get(secretArn, { maxAge: CACHE_SECONDS });
  } catch (error) {
    // The SDK's message names the secret and the reason (access denied, not found), never its value.
    throw new ConfigError(`could not read the LLM key from ${secretArn}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const apiKey = apiKeyOf(value);
  if (apiKey === undefined) throw new ConfigError(`the secret ${secretArn} holds no LLM key: put yours there as {"apiKey": "..."}`);
  return new Secret(apiKey);
}

/** `{"apiKey": "..."}` as the stack creates it, or the key alone as plain text. */
function apiKeyOf(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : value instanceof Uint8Array ? new TextDecoder().decode(value).trim() : '';
  if (text === '') return undefined;
  if (!text.startsWith('{')) return text;
  try {
    const parsed = JSON.parse(text) as { apiKey?: unknown };
    return typeof parsed.apiKey === 'string' && parsed.apiKey.trim() !== '' ? parsed.apiKey.trim() : undefined;
  } catch {
    return undefined;
  }
}
