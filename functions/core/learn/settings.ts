/**
 * The learning settings, read once and validated: every key is optional and falls back to seed 001's
 * default; an unknown key, a wrong type or a value out of range is one line naming the key.
 */
import { ConfigError } from '../errors.js';
import { DEFAULT_LEARNING_SETTINGS, type LearningSettings } from './types.js';

type Check = (value: unknown) => string | undefined;

const fraction: Check = (v) => (typeof v === 'number' && v > 0 && v <= 1 ? undefined : 'must be a number in (0, 1]');
const integerFrom =
  (min: number, max: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? undefined : `must be an integer from ${min} to ${max}`;
const boolean: Check = (v) => (typeof v === 'boolean' ? undefined : 'must be true or false');
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? undefined : `must be one of ${values.join(', ')}`;

const CHECKS: Readonly<Record<keyof LearningSettings, Check>> = {
  min_support: fraction,
  min_length: integerFrom(2, 20),
  max_length: integerFrom(2, 20),
  max_samples: integerFrom(1, 50),
  require_approval: boolean,
  max_parallel_steps: integerFrom(1, 16),
  max_retries_on_invalid: integerFrom(0, 3),
  prompt_template: oneOf('default'),
  min_replay_sessions: integerFrom(1, 10_000),
  equivalence_threshold: (v) => (typeof v === 'number' && v >= 0 && v <= 1 ? undefined : 'must be a number in [0, 1]'),
  max_latency_regression: (v) => (typeof v === 'number' && v > 0 && Number.isFinite(v) ? undefined : 'must be a positive number'),
  similarity_method: oneOf('cosine_tfidf', 'exact_match'),
};

/** Settings from `input` (an object of overrides, or undefined for the defaults). Throws ConfigError with one line. */
export function parseLearningSettings(input: unknown): LearningSettings {
  if (input === undefined || input === null) return { ...DEFAULT_LEARNING_SETTINGS };
  if (typeof input !== 'object' || Array.isArray(input)) throw new ConfigError('learning settings must be an object');
  const settings: Record<string, unknown> = { ...DEFAULT_LEARNING_SETTINGS };
  for (const [key, value] of Object.entries(input)) {
    const check = CHECKS[key as keyof LearningSettings] as Check | undefined;
    if (!check) throw new ConfigError(`learning setting ${key} is unknown (known: ${Object.keys(CHECKS).join(', ')})`);
    if (value === undefined) continue;
    const problem = check(value);
    if (problem) throw new ConfigError(`learning setting ${key} ${problem}, not ${JSON.stringify(value)}`);
    settings[key] = value;
  }
  const parsed = settings as unknown as LearningSettings;
  if (parsed.min_length > parsed.max_length) {
    throw new ConfigError(`learning setting min_length (${parsed.min_length}) is above max_length (${parsed.max_length})`);
  }
  return parsed;
}
