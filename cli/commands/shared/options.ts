/** The options and argument parsers the commands share, and the plan request a command line makes. */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { InvalidInputError, oneLine } from '../../../functions/core/errors.js';
import type { DecompositionPlan, PlanRequest } from '../../../functions/core/types.js';

/** The parser of an option that takes a positive integer; its error names the option. */
export const positiveInt = (name: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a positive integer`);
  return n;
};

export type PlanFormat = 'text' | 'mermaid' | 'dot';

/** The flags of the commands that run a plan: run, plan, execute, answer, replay. */
export interface RunFlags {
  corpus?: string;
  json?: boolean;
  format?: PlanFormat;
  progress?: boolean;
  analyze?: boolean;
  maxIterations?: number;
  iterate?: boolean;
  maxRounds?: number;
  /** `--options`: the request's options as JSON, checked by intake like the API's. */
  options?: string;
}

/** The bounds of `--max-rounds`, the same as the request schema's for `options.maxRounds`. */
export const MAX_ROUNDS = { min: 1, max: 20 } as const;

/** The parser of `--max-rounds`. */
export const roundCount = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < MAX_ROUNDS.min || n > MAX_ROUNDS.max) {
    throw new InvalidArgumentError(`--max-rounds must be an integer from ${MAX_ROUNDS.min} to ${MAX_ROUNDS.max}`);
  }
  return n;
};

export const jsonOption = () => new Option('--json', 'print one JSON object');

/**
 * `--options '{"maxLlmCalls":2}'`: the request's options, as POST /plans takes them. Here only
 * JSON and an object are checked; intake checks the fields, as for every door, and names each.
 */
function requestOptions(value: string | undefined): Record<string, unknown> {
  if (value === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new InvalidInputError(`--options is not valid JSON: ${oneLine(error)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InvalidInputError("--options must be a JSON object of the request's options, e.g. '{\"maxLlmCalls\":2}'");
  }
  return parsed as Record<string, unknown>;
}
export const optionsOption = () =>
  new Option('--options <json>', 'request options as JSON, as POST /plans takes them (e.g. \'{"maxLlmCalls":2,"maxTokens":4000}\')');
export const progressOption = () => new Option('--no-progress', 'do not draw live progress (it is drawn only when stdout and stderr are terminals)');
/** `--format`: how the plan is printed; `--json` stays the one machine format. */
export const formatOption = () =>
  new Option('--format <format>', 'text, or the plan as a mermaid flowchart or a Graphviz digraph')
    .choices(['text', 'mermaid', 'dot'])
    .default('text')
    .conflicts('json');

/** The options every command that plans shares. */
export function withPlanningOptions(command: Command): Command {
  return command
    .addOption(jsonOption())
    .addOption(formatOption())
    .addOption(progressOption())
    .addOption(optionsOption())
    .option('--no-analyze', 'skip the task analysis phase')
    .option('--max-iterations <n>', 'planner attempts before giving up', positiveInt('--max-iterations'));
}

/** The plan request a command line makes: the task, the corpus, and the options its flags and `--options` name. */
export function requestFrom(task: string, flags: RunFlags, corpus: string | undefined, plan?: DecompositionPlan): PlanRequest {
  // The flags that name an option win over the same option in --options.
  const options = requestOptions(flags.options) as NonNullable<PlanRequest['options']>;
  if (flags.analyze === false) options.analyze = false;
  if (flags.maxIterations !== undefined) options.maxIterations = flags.maxIterations;
  if (flags.iterate || flags.maxRounds !== undefined) {
    options.mode = 'iterative';
    if (flags.maxRounds !== undefined) options.maxRounds = flags.maxRounds;
  }
  if (plan) options.plan = plan;
  return { task, ...(corpus ? { corpus } : {}), ...(Object.keys(options).length > 0 ? { options } : {}) };
}

/** A share in (0, 1]: `--min-support`. */
export const fraction = (value: string) => {
  const n = Number(value);
  if (!(n > 0 && n <= 1)) throw new InvalidArgumentError('--min-support must be a number in (0, 1]');
  return n;
};

/** The window of stored plans that mine and learn read, and the least support of a chain. */
export const windowed = (command: Command) =>
  command
    .option('--since <time>', 'plans created at or after this ISO time, or this long ago (7d, 12h, 30m)')
    .option('--until <time>', 'plans created before this ISO time, or this long ago')
    .option('--min-support <s>', 'least share of sessions a chain must occur in', fraction)
    .option('--max-pages <n>', 'index pages to read at most (100 plans each)', positiveInt('--max-pages'))
    .option('--json', 'print one JSON object');
