/**
 * One call to the LLM port with its accounting. The planner, the answer composer and the finalize
 * phase all call the model through here, so every call is recorded the same way.
 */
import { createHash } from 'node:crypto';
import { LlmRefusalError } from '../errors.js';
import type { LlmProvider, LlmRequest, LlmResponse } from '../ports.js';
import type { LlmCallRecord } from '../types.js';

export interface LlmOutcome {
  response: LlmResponse;
  record: LlmCallRecord;
}

/**
 * One LLM call with its accounting: tokens, cost, duration, attempts and a hash of the prompt.
 * A refusal ends here, with the refused call in the error so its cost is still traced. `signal`
 * (a step's timeout) aborts the request, reading its answer included.
 */
export async function callLlm(llm: LlmProvider, request: LlmRequest, signal?: AbortSignal): Promise<LlmOutcome> {
  const started = performance.now();
  const response = await llm.complete(request, signal);
  const promptHash = promptHashOf(request);
  const record: LlmCallRecord = {
    purpose: request.purpose,
    provider: response.provider,
    model: response.model,
    inputTokens: response.inputTokens,
    outputTokens: response.outputTokens,
    durationMs: Math.round(performance.now() - started),
    promptHash,
    stopReason: response.stopReason,
    ...(response.estimatedTokens ? { estimatedTokens: true } : {}),
    ...(response.costUsd !== undefined ? { costUsd: response.costUsd } : {}),
    ...(response.cacheReadTokens ? { cacheReadTokens: response.cacheReadTokens } : {}),
    ...(response.cacheWriteTokens ? { cacheWriteTokens: response.cacheWriteTokens } : {}),
    ...(response.attempts !== undefined ? { attempts: response.attempts } : {}),
    ...(response.failedOver?.length ? { failedOver: response.failedOver } : {}),
    ...(response.sentTokens !== undefined ? { sentTokens: response.sentTokens } : {}),
    ...(response.answerTokens !== undefined ? { answerTokens: response.answerTokens } : {}),
  };
  if (response.stopReason === 'refusal') {
    throw new LlmRefusalError(`${response.provider}/${response.model} refused the ${request.purpose} request (stop_reason refusal)`, record);
  }
  return { response, record };
}

/** A short hash of the prompt (system and turns), the same for the same prompt in every trace. */
export function promptHashOf(request: LlmRequest): string {
  return createHash('sha256').update(request.system).update(JSON.stringify(request.messages)).digest('hex').slice(0, 16);
}
