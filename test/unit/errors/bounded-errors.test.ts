import { Logger } from '@aws-lambda-powertools/logger';
import { describe, expect, it } from 'vitest';
import { FilePayloadStore } from '../../../functions/adapters/payloads/file-payload-store.js';
import { boundedMessage, LlmTransientError, MAX_ERROR_BYTES } from '../../../functions/core/errors.js';
import { executePlan } from '../../../functions/core/executor/run-plan.js';
import { createCorpusIndex } from '../../../functions/core/retrieval/corpus-index.js';
import { boundedPhaseError } from '../../../functions/handlers/phase-handler.js';
import { executionContext } from '../../support/executor.js';
import { ScriptedLlm } from '../../support/llm.js';
import { outputOfStep, planOf, toolStep } from '../../support/plans.js';
import { tempDir } from '../../support/temp-dir.js';
import { testTools } from '../../support/tools.js';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const logger = new Logger({ logLevel: 'SILENT' });

describe('Function: boundedMessage', () => {
  it('returns text that fits as it is', () => {
    expect(boundedMessage('step 3 failed')).toBe('step 3 failed');
  });

  it('cuts text past the limit, says how long the whole was, and never splits a character', () => {
    // Prepare: three-byte characters, so a cut at a byte count falls inside one.
    const text = '€'.repeat(10_000);

    // Act
    const bounded = boundedMessage(text, 1000);

    // Assess
    expect(bytes(bounded)).toBeLessThanOrEqual(1000);
    expect(bounded).toMatch(/^€+ \[\.\.\. cut: 30000 bytes in all\]$/);
  });
});

describe('Error text of any size stays small in the workflow', () => {
  it('a step whose error repeats a 3.2 MB input records and returns at most 4 KB', async () => {
    // Prepare: a tool that fails by quoting its whole input, as a careless service does.
    const { tools } = testTools();
    tools.register({
      name: 'test.echo_fail',
      description: 'Fails quoting its input.',
      inputSchema: { type: 'object', properties: { size: { type: 'integer' } }, required: ['size'], additionalProperties: false },
      async run(args) {
        throw new Error(`bad input: ${'x'.repeat(Number(args.size))}`);
      },
    });
    const index = createCorpusIndex([{ id: 'a', text: 'A document.' }]);
    const plan = planOf(toolStep(1, 'test.echo_fail', { size: 3_200_000 }, { on_error: 'abort' }));

    // Act
    const outcome = await executePlan(plan, executionContext({ task: 'Fail loudly', index, llm: new ScriptedLlm(() => 'unused'), tools }));

    // Assess
    expect(outcome.status).toBe('failed');
    const recorded = String(outputOfStep(outcome.outputs, 1).error);
    expect(bytes(recorded)).toBeLessThanOrEqual(MAX_ERROR_BYTES);
    expect(recorded).toMatch(/^bad input: x+ \[\.\.\. cut: 3200011 bytes in all\]$/);
    expect(bytes(JSON.stringify(outcome.error))).toBeLessThanOrEqual(MAX_ERROR_BYTES + 2);
  });

  it('a phase error past 4 KB is cut, keeps its name for Retry and Catch, and its whole text is kept by reference', async () => {
    // Prepare
    const payloads = new FilePayloadStore({ root: tempDir('bounded-errors') });
    const whole = `the model answered: ${'y'.repeat(3_200_000)}`;

    // Act
    const bounded = (await boundedPhaseError(new LlmTransientError(whole), { payloads, obs: { logger }, planId: 'p-123' })) as Error;

    // Assess
    expect(bounded.name).toBe('LlmTransientError');
    expect(bytes(bounded.message)).toBeLessThanOrEqual(MAX_ERROR_BYTES);
    expect(bytes(String(bounded.stack))).toBeLessThanOrEqual(MAX_ERROR_BYTES + 64);
    const ref = /\(whole text: (\S+)\)$/.exec(bounded.message)?.[1];
    expect(ref).toBeDefined();
    expect(await payloads.get(String(ref))).toBe(whole);
  });

  it('a phase error that fits is passed on untouched', async () => {
    const payloads = new FilePayloadStore({ root: tempDir('bounded-errors') });
    const error = new LlmTransientError('overloaded');
    expect(await boundedPhaseError(error, { payloads, obs: { logger }, planId: 'p-1' })).toBe(error);
  });
});
