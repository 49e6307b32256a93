/**
 * Model fallback. Providers are tried in order; the next one answers when the one before
 * failed for good: a fatal error (a bad key, an unknown model, a spend limit) or a transient one
 * its retry layer gave up on. A refusal or a budget stop is an answer about the task, not about
 * the provider, and ends the call. The answer says which providers failed first (`failedOver`),
 * and the trace records it with the call.
 *
 * When every provider fails, the error is transient if any failure was (the workflow may retry
 * later) and fatal otherwise; its message lists each failure.
 */
import { LlmFatalError, LlmRefusalError, LlmTransientError, oneLine } from '../../../core/errors.js';
import { requestText } from '../../../core/llm/request-text.js';
import type { LlmAttemptGate, LlmProvider, LlmRequest, LlmResponse } from '../../../core/ports.js';

export class FallbackProvider implements LlmProvider {
  private readonly providers: readonly [LlmProvider, ...LlmProvider[]];

  constructor(providers: readonly LlmProvider[]) {
    const [first, ...rest] = providers;
    if (first === undefined) throw new RangeError('a fallback list needs at least one provider');
    this.providers = [first, ...rest];
  }

  /** The first provider's identity: the one the configuration chose. */
  get name(): string {
    return this.providers[0].name;
  }
  get model(): string {
    return this.providers[0].model;
  }
  get source(): string {
    return this.providers[0].source;
  }

  /** The request as the provider that sends the most sends it: the budget counts the dearest. */
  async sentText(request: LlmRequest): Promise<string> {
    const texts = await Promise.all(this.providers.map(async (p) => (await p.sentText?.(request)) ?? requestText(request)));
    return texts.reduce((longest, text) => (text.length > longest.length ? text : longest));
  }

  /** The next provider's first attempt is asked of `gate` (the request's budget) before it is made: it is one more call. */
  async complete(request: LlmRequest, signal?: AbortSignal, gate?: LlmAttemptGate): Promise<LlmResponse> {
    const failures: Array<LlmFatalError | LlmTransientError> = [];
    const lines: string[] = [];
    for (const provider of this.providers) {
      const sent = failures.length > 0 && gate ? gate(request, failures.at(-1)) : request;
      try {
        const response = await provider.complete(sent, signal, gate);
        return lines.length === 0 ? response : { ...response, failedOver: lines };
      } catch (error) {
        const forGood = (error instanceof LlmFatalError && !(error instanceof LlmRefusalError)) || error instanceof LlmTransientError;
        if (!forGood || signal?.aborted) throw error;
        failures.push(error);
        // The adapters' messages start with `provider/model`; another provider's may not.
        const who = `${provider.name}/${provider.model}`;
        lines.push(error.message.startsWith(who) ? oneLine(error) : `${who}: ${oneLine(error)}`);
      }
    }
    const summary = `every LLM failed: ${lines.join(' | ')}`;
    const cause = failures.at(-1);
    throw failures.some((f) => f instanceof LlmTransientError) ? new LlmTransientError(summary, { cause }) : new LlmFatalError(summary, { cause });
  }
}
