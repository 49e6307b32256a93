/**
 * The configuration of a local stack in a test: DynamoDB Local of the global setup, a fresh table,
 * the sample corpus and a payload folder of its own. Built from explicit variables, so a test
 * reads nothing from the environment of the machine it runs on.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type CairnConfig, loadConfig } from '../../functions/shared/config.js';
import { tempDir } from './temp-dir.js';

export function localTestConfig(name: string, extra: Record<string, string> = {}): CairnConfig {
  return loadConfig({
    CAIRN_DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    CAIRN_TABLE: `${name}-${Date.now()}`,
    CAIRN_CORPUS: 'examples/corpus.jsonl',
    CAIRN_PAYLOAD_DIR: join(tempDir(name), 'payloads'),
    // Tests write their corpora to temporary folders (test/support/temp-dir.ts).
    CAIRN_CORPUS_ROOTS: tmpdir(),
    ...extra,
  });
}
