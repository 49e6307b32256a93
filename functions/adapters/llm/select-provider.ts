/**
 * The LLM of a process, built once from the configuration (see shared/llm-config.ts for which
 * provider the environment selects). Each HTTP provider sits behind its own retry layer; with a
 * fallback list, the chain is tried in order.
 *
 * The HTTP adapters are imported on their first call, not at start-up: the Anthropic SDK alone
 * weighs some 440 KB minified. A process on the rule-based planner never loads them, and the
 * Lambda bundles are split at these dynamic imports (infra/constructs/cairn-function.ts), so
 * they sit in chunks that a cold start does not read.
 */
import { requestText } from '../../core/llm/request-text.js';
import type { LlmProvider } from '../../core/ports.js';
import type { LlmSettings, LlmTarget } from '../../shared/llm-config.js';
import type { Secret } from '../../shared/secret.js';
import type { RetryPolicy } from '../http-client/retry.js';
import { FallbackProvider } from './resilient/fallback.js';
import { RetryingProvider } from './resilient/retry.js';

/**
 * Every LLM call must end within this much time, retries included: the shortest LLM task of the
 * workflow (Analyze) times out at 120 s.
 */
export const LLM_CALL_DEADLINE_MS = 110_000;

/** Where a provider's key comes from when the environment has none (Secrets Manager on AWS). */
export type KeySource = () => Promise<Secret>;

export function createLlmProvider(settings: LlmSettings, retry: Partial<RetryPolicy> = {}, storedKey?: KeySource): LlmProvider {
  const chain = [settings.primary, ...settings.fallback].map((target) => providerFor(target, settings, retry, storedKey));
  return chain.length === 1 ? chain[0]! : new FallbackProvider(chain);
}

function providerFor(target: LlmTarget, settings: LlmSettings, retry: Partial<RetryPolicy>, storedKey: KeySource | undefined): LlmProvider {
  // A retry starts only while a whole attempt still fits before the deadline.
  const policy: Partial<RetryPolicy> = { maxAttempts: settings.maxAttempts, maxElapsedMs: LLM_CALL_DEADLINE_MS - settings.timeoutMs, ...retry };
  const common = {
    model: target.model,
    timeoutMs: settings.timeoutMs,
    structured: settings.structured,
    prices: settings.prices,
    ...(settings.contextTokens > 0 ? { contextTokens: settings.contextTokens } : {}),
  };
  switch (target.provider) {
    case 'rule-based':
      // Loaded on its first call too: a deployed stack names Claude, and its functions would
      // otherwise parse the rule-based planner at every cold start for nothing.
      return onFirstCall('rule-based', 'cairn-rules-v1', async () => new (await import('./rule-based/provider.js')).RuleBasedProvider());
    case 'anthropic': {
      const apiKey = settings.anthropic.apiKey;
      // loadConfig refuses an anthropic target without a key; this guards direct callers.
      if (apiKey === undefined && storedKey === undefined) throw new Error('the anthropic provider needs ANTHROPIC_API_KEY or CAIRN_LLM_SECRET_ARN');
      const load = async () => {
        const key = apiKey ?? (await (storedKey as KeySource)());
        return new (await import('./anthropic/provider.js')).AnthropicProvider({ ...common, apiKey: key.reveal(), baseURL: settings.anthropic.baseURL });
      };
      return new RetryingProvider(onFirstCall('anthropic', target.model, load), policy);
    }
    case 'openai': {
      const load = async () =>
        new (await import('./openai-compatible/provider.js')).OpenAiCompatibleProvider({
          ...common,
          // The stored key is Claude's: it is never sent to another server.
          apiKey: settings.openai.apiKey?.reveal(),
          baseURL: settings.openai.baseURL,
        });
      return new RetryingProvider(onFirstCall('openai', target.model, load), policy);
    }
  }
}

/** A provider whose module is loaded (once) when it is first called; `name` is also its trace source. */
function onFirstCall(name: string, model: string, load: () => Promise<LlmProvider>): LlmProvider {
  let provider: Promise<LlmProvider> | undefined;
  return {
    name,
    model,
    source: name,
    complete: async (request, signal, gate) => {
      provider ??= load();
      return (await provider).complete(request, signal, gate);
    },
    sentText: async (request) => {
      provider ??= load();
      return (await (await provider).sentText?.(request)) ?? requestText(request);
    },
  };
}
