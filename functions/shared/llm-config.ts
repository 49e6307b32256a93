/**
 * The LLM and planner part of the configuration (providers, model fallback, retries, budgets,
 * token limits, prompt templates, few-shot examples, plan cache), read with the rest by loadConfig
 * and checked the same way: every problem is listed, nothing starts.
 *
 * Which LLM answers: CAIRN_LLM_PROVIDER when set; otherwise the OpenAI-compatible server when
 * CAIRN_OPENAI_BASE_URL is set (choosing a server is explicit), Claude when ANTHROPIC_API_KEY is
 * set, and the rule-based planner when nothing is. CAIRN_LLM_FALLBACK lists the providers tried
 * next, in order, when one fails for good. Keys come from the environment only and are kept as
 * Secrets, which never print.
 */
import { Secret } from './secret.js';

export const LLM_PROVIDERS = ['rule-based', 'anthropic', 'openai'] as const;
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];

export interface LlmTarget {
  provider: LlmProviderName;
  model: string;
}

export interface PriceEntry {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

export interface LlmSettings {
  /** The provider and model that answer first. */
  primary: LlmTarget;
  /** Tried in order when the one before fails for good (model fallback). */
  fallback: LlmTarget[];
  anthropic: { apiKey: Secret | undefined; baseURL: string | undefined; model: string };
  /**
   * The Secrets Manager secret holding the key of a provider whose key is not in the environment
   * (CAIRN_LLM_SECRET_ARN, which the stack sets); read on the first call, not here.
   */
  secretArn: string | undefined;
  openai: { apiKey: Secret | undefined; baseURL: string; model: string };
  /** Per HTTP request; below the 120 s of the shortest LLM task of the workflow. */
  timeoutMs: number;
  /** HTTP attempts per call, the first included; transient errors are retried with backoff. */
  maxAttempts: number;
  /** Ask providers for structured output with the answer's JSON Schema. */
  structured: boolean;
  /** USD per million tokens, by model: added to (or replacing) the shipped table. */
  prices: Record<string, PriceEntry>;
  /** The model's context window in tokens (CAIRN_LLM_CONTEXT_TOKENS); 0: the provider's default. A prompt that would pass it is not sent. */
  contextTokens: number;
}

export interface PlannerSettings {
  /** Output token limits per kind of call. */
  tokenBudgets: { analysis: number; plan: number; answer: number };
  /** Look plans up in the plan cache and store valid ones there. */
  planCache: boolean;
  /** How many earlier successful plans are shown as examples; 0 turns few-shot off. */
  fewShotExamples: number;
}

export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-6';
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';

type Env = Record<string, string | undefined>;

export interface EnvReaders {
  int(name: string, fallback: number, min: number, max: number): number;
  bool(name: string, fallback: boolean): boolean;
}

export function loadLlmSettings(env: Env, problems: string[], read: EnvReaders): LlmSettings {
  const secret = (name: string): Secret | undefined => (env[name] ? new Secret(env[name]) : undefined);
  const url = (name: string): string | undefined => {
    const value = env[name] || undefined;
    if (value !== undefined && (!/^https?:\/\/[^\s]+$/.test(value) || URL.parse(value) === null))
      problems.push(`${name} must be an http(s) URL, got ${JSON.stringify(value)}`);
    return value;
  };
  const anthropic = { apiKey: secret('ANTHROPIC_API_KEY'), baseURL: url('ANTHROPIC_BASE_URL'), model: env.CAIRN_ANTHROPIC_MODEL || DEFAULT_ANTHROPIC_MODEL };
  const openaiBaseURL = url('CAIRN_OPENAI_BASE_URL');
  const openai = { apiKey: secret('OPENAI_API_KEY'), baseURL: openaiBaseURL ?? OPENAI_BASE_URL, model: env.CAIRN_OPENAI_MODEL || DEFAULT_OPENAI_MODEL };
  const modelOf = (provider: LlmProviderName): string => (provider === 'anthropic' ? anthropic.model : provider === 'openai' ? openai.model : 'cairn-rules-v1');

  const secretArn = env.CAIRN_LLM_SECRET_ARN || undefined;
  if (secretArn !== undefined && !/^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:[\w/+=.@-]+$/.test(secretArn)) {
    problems.push(`CAIRN_LLM_SECRET_ARN must be a Secrets Manager secret ARN, got ${JSON.stringify(secretArn)}`);
  }
  const named = env.CAIRN_LLM_PROVIDER || undefined;
  let primaryProvider: LlmProviderName;
  if (named !== undefined) {
    primaryProvider = providerName(named, 'CAIRN_LLM_PROVIDER', problems) ?? 'rule-based';
  } else {
    // A key in Secrets Manager is Claude's unless a provider is named: the deployed default.
    primaryProvider = openaiBaseURL ? 'openai' : anthropic.apiKey || secretArn ? 'anthropic' : 'rule-based';
  }
  const fallback = (env.CAIRN_LLM_FALLBACK ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .flatMap((entry): LlmTarget[] => {
      const [name = '', ...rest] = entry.split(':');
      const provider = providerName(name.trim(), `CAIRN_LLM_FALLBACK entry ${JSON.stringify(entry)}`, problems);
      const model = rest.join(':').trim();
      return provider ? [{ provider, model: model || modelOf(provider) }] : [];
    });
  const primary: LlmTarget = { provider: primaryProvider, model: modelOf(primaryProvider) };
  for (const target of [primary, ...fallback]) {
    if (target.provider === 'anthropic' && !anthropic.apiKey && !secretArn)
      problems.push(`the anthropic provider needs ANTHROPIC_API_KEY or CAIRN_LLM_SECRET_ARN`);
    if (target.provider === 'openai' && !openai.apiKey && URL.parse(openai.baseURL)?.hostname === 'api.openai.com') {
      problems.push(`the openai provider needs OPENAI_API_KEY for ${openai.baseURL} (a local server set in CAIRN_OPENAI_BASE_URL needs none)`);
    }
  }
  return {
    primary,
    fallback,
    anthropic,
    openai,
    secretArn,
    timeoutMs: read.int('CAIRN_LLM_TIMEOUT_MS', 60_000, 100, 110_000),
    maxAttempts: read.int('CAIRN_LLM_MAX_ATTEMPTS', 3, 1, 10),
    structured: read.bool('CAIRN_LLM_STRUCTURED', true),
    prices: prices(env.CAIRN_LLM_PRICES, problems),
    contextTokens: read.int('CAIRN_LLM_CONTEXT_TOKENS', 0, 0, 100_000_000),
  };
}

export function loadPlannerSettings(read: EnvReaders): PlannerSettings {
  return {
    tokenBudgets: {
      analysis: read.int('CAIRN_ANALYSIS_MAX_TOKENS', 1024, 64, 64_000),
      plan: read.int('CAIRN_PLAN_MAX_TOKENS', 4096, 256, 64_000),
      answer: read.int('CAIRN_ANSWER_MAX_TOKENS', 1024, 64, 64_000),
    },
    planCache: read.bool('CAIRN_PLAN_CACHE', true),
    fewShotExamples: read.int('CAIRN_FEW_SHOT', 2, 0, 5),
  };
}

function providerName(raw: string, where: string, problems: string[]): LlmProviderName | undefined {
  const found = LLM_PROVIDERS.find((p) => p === raw.toLowerCase());
  if (found === undefined) problems.push(`${where} must name one of ${LLM_PROVIDERS.join(', ')}, got ${JSON.stringify(raw)}`);
  return found;
}

/** CAIRN_LLM_PRICES: `{"model": {"input": 3, "output": 15, "cacheRead": 0.3, "cacheWrite": 3.75}}`, USD per million tokens. */
function prices(raw: string | undefined, problems: string[]): Record<string, PriceEntry> {
  if (!raw) return {};
  const bad = () => problems.push('CAIRN_LLM_PRICES must be a JSON object of model -> {input, output, cacheRead?, cacheWrite?} in USD per million tokens');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    bad();
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    bad();
    return {};
  }
  const out: Record<string, PriceEntry> = {};
  for (const [model, entry] of Object.entries(parsed as Record<string, unknown>)) {
    const e = entry as Record<string, unknown> | null;
    const fields = ['input', 'output', 'cacheRead', 'cacheWrite'] as const;
    const ok =
      typeof e === 'object' &&
      e !== null &&
      typeof e.input === 'number' &&
      typeof e.output === 'number' &&
      fields.every((f) => e[f] === undefined || (typeof e[f] === 'number' && (e[f] as number) >= 0)) &&
      Object.keys(e).every((k) => (fields as readonly string[]).includes(k));
    if (!ok) {
      bad();
      return {};
    }
    out[model] = Object.fromEntries(fields.filter((f) => e[f] !== undefined).map((f) => [f, e[f]])) as unknown as PriceEntry;
  }
  return out;
}
