/**
 * The LLM key on AWS: read from Secrets Manager (through aws-sdk-client-mock, since no local
 * server speaks it) once, then sent by the real Anthropic SDK to a loopback server speaking the
 * Messages API.
 */
import { inspect } from 'node:util';
import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLlmProvider } from '../../../functions/adapters/llm/select-provider.js';
import { ConfigError } from '../../../functions/core/errors.js';
import { llmKeyFromSecret } from '../../../functions/runtime/llm-key.js';
import { loadConfig } from '../../../functions/shared/config.js';
import { llmRequest } from '../../support/llm.js';
import { LoopbackLlm } from '../../support/llm-loopback/server.js';

const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:LlmApiKey-AbCdEf';
const KEY = 'sk-ant-api03-from-secrets-manager';

const secrets = mockClient(SecretsManagerClient);
let server: LoopbackLlm;

beforeAll(async () => {
  server = await LoopbackLlm.start(() => ({ text: 'An answer.' }));
});

afterEach(() => {
  secrets.reset();
  server.reset();
});

afterAll(async () => {
  secrets.restore();
  await server.close();
});

const client = () => new SecretsManagerClient({ region: 'eu-west-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });

describe('Function: llmKeyFromSecret', () => {
  it('makes Claude the model of a stack that passes only the secret, reads the key once and sends it', async () => {
    // Prepare
    secrets.on(GetSecretValueCommand, { SecretId: SECRET_ARN }).resolves({ ARN: SECRET_ARN, SecretString: JSON.stringify({ apiKey: KEY }) });
    const config = loadConfig({ CAIRN_LLM_SECRET_ARN: SECRET_ARN, ANTHROPIC_BASE_URL: server.anthropicBaseURL, CAIRN_LLM_MAX_ATTEMPTS: '1' });
    const llm = createLlmProvider(config.llm, {}, llmKeyFromSecret(SECRET_ARN, { client: client() }));

    // Act
    await Promise.all([llm.complete(llmRequest()), llm.complete(llmRequest())]);
    await llm.complete(llmRequest());

    // Assess
    expect(config.llm.primary.provider).toBe('anthropic');
    // This SDK sends the key as a bearer token.
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`, `Bearer ${KEY}`]);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('keeps the key out of anything printed', async () => {
    // Prepare
    secrets.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ apiKey: KEY }) });

    // Act
    const key = await llmKeyFromSecret(SECRET_ARN, { client: client() })();

    // Assess
    expect(key.reveal()).toBe(KEY);
    expect(`${String(key)} ${JSON.stringify({ key })} ${inspect(key)}`).not.toContain(KEY);
  });

  it('says the secret is empty, as the stack creates it, without calling the model', async () => {
    // Prepare
    secrets.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ apiKey: '' }) });
    const read = llmKeyFromSecret(SECRET_ARN, { client: client() });

    // Act, Assess
    await expect(read()).rejects.toThrow(new ConfigError(`the secret ${SECRET_ARN} holds no LLM key: put yours there as {"apiKey": "..."}`));
  });

  it('names the secret when it cannot be read, and tries again on the next call', async () => {
    // Prepare
    secrets
      .on(GetSecretValueCommand)
      .rejectsOnce(new ResourceNotFoundException({ message: "Secrets Manager can't find the specified secret.", $metadata: {} }))
      .resolves({ SecretString: KEY });
    const read = llmKeyFromSecret(SECRET_ARN, { client: client() });

    // Act
    const first = await read().catch((error: unknown) => error as Error);
    const second = await read();

    // Assess
    expect(first).toBeInstanceOf(ConfigError);
    expect((first as Error).message).toBe(`could not read the LLM key from ${SECRET_ARN}: Secrets Manager can't find the specified secret.`);
    expect(second.reveal()).toBe(KEY);
  });
});
