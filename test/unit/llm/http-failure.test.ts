import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../../functions/adapters/http-client/http-failure.js';
import { llmErrorFrom } from '../../../functions/adapters/llm/llm-error.js';
import { LlmFatalError, LlmTransientError } from '../../../functions/core/errors.js';

describe('Function: retryAfterMs', () => {
  it.each([
    [{ 'retry-after': '2' }, 2000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after-ms': '250', 'retry-after': '9' }, 250],
    [{ 'retry-after': 'Sun, 22 Nov 2026 10:00:03 GMT' }, 3000],
    [{ 'retry-after': 'soon' }, undefined],
    [{}, undefined],
  ])('reads %o as %s ms', (headers, expected) => {
    // Act + Assess
    expect(retryAfterMs(new Headers(headers), Date.parse('2026-11-22T10:00:00Z'))).toBe(expected);
  });
});

describe('Function: llmErrorFrom', () => {
  const status = (code: number, headers: Record<string, string> = {}, spendLimit = false) =>
    llmErrorFrom('p/m', { kind: 'status', status: code, headers: new Headers(headers), detail: 'why', spendLimit }, undefined);

  it.each([408, 409, 429, 500, 502, 503, 504, 529])('treats %i as transient', (code) => {
    // Act + Assess
    expect(status(code)).toBeInstanceOf(LlmTransientError);
  });

  it.each([400, 401, 403, 404, 413, 422])('treats %i as fatal', (code) => {
    // Act + Assess
    expect(status(code)).toBeInstanceOf(LlmFatalError);
  });

  it('treats a spend-limit 429 as fatal', () => {
    // Act + Assess
    expect(status(429, {}, true)).toBeInstanceOf(LlmFatalError);
  });

  it('obeys x-should-retry both ways', () => {
    // Act + Assess
    expect(status(500, { 'x-should-retry': 'false' })).toBeInstanceOf(LlmFatalError);
    expect(status(400, { 'x-should-retry': 'true' })).toBeInstanceOf(LlmTransientError);
  });

  it('carries the status and the server’s wait on a transient error', () => {
    // Act
    const error = status(429, { 'retry-after': '3' }) as LlmTransientError;

    // Assess
    expect([error.status, error.retryAfterMs, error.message]).toEqual([429, 3000, 'p/m: rate limited (429): why']);
  });
});
