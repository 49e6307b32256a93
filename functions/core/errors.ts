/**
 * One error hierarchy, each with a `cause`. The `name` of each error (its class's `errorName`) is
 * what Step Functions sees as the error type, so the workflow's Retry and Catch clauses match on
 * these names.
 */
import type { LlmCallRecord } from './types.js';

export class CairnError extends Error {
  /**
   * Whether another attempt may succeed (see transient.ts): true when the failure may pass, false
   * when the input itself is wrong, undefined when the class does not say. Subclasses inherit it.
   */
  static readonly transient: boolean | undefined = undefined;

  /**
   * The error type, as a literal: the bundles are minified without keeping class names (keeping
   * them cost every cold start), so a class's own name would be a letter or two there. Each
   * subclass states its own; a test checks that each one is its class's name.
   */
  static readonly errorName: string = 'CairnError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = (new.target as typeof CairnError).errorName;
  }
}

/** Input a user gave us is wrong: an empty task, a bad corpus line, a plan file that does not parse. */
export class InvalidInputError extends CairnError {
  static override readonly errorName: string = 'InvalidInputError';
}

/** A request that fails its schema or a limit; `issues` lists every finding with its path (a 400 lists them all). */
export class RequestValidationError extends InvalidInputError {
  static override readonly errorName: string = 'RequestValidationError';
  constructor(
    message: string,
    readonly issues: ReadonlyArray<{ path: string; message: string }>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The one line for a key that could reach an object's prototype, the same at every door. Here
 * rather than beside the request checks (requests.ts), so that the HTTP middleware
 * names it without importing intake and, through it, the compiled validators.
 */
export function forbiddenKeyMessage(key: string): string {
  return `the body has a forbidden key ${key}`;
}

/**
 * An idempotency key that already started a plan, sent again with a different request: replaying
 * the first plan would silently answer a question nobody asked this time (HTTP 422, as payment
 * APIs answer it).
 */
export class IdempotencyKeyConflictError extends InvalidInputError {
  static override readonly errorName: string = 'IdempotencyKeyConflictError';
}

/** The plan did not validate; `issues` carries every finding. */
export class PlanValidationError extends CairnError {
  static override readonly errorName: string = 'PlanValidationError';
  constructor(
    message: string,
    readonly issues: ReadonlyArray<{ path: string; message: string }>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The planner gave up: no valid plan after the configured iterations. */
export class PlanningFailedError extends CairnError {
  static override readonly errorName: string = 'PlanningFailedError';
}

/** A plan id that is not in the store. */
export class PlanNotFoundError extends CairnError {
  static override readonly errorName: string = 'PlanNotFoundError';
}

/** A plan id that is already in the store (idempotent start). */
export class PlanExistsError extends CairnError {
  static override readonly errorName: string = 'PlanExistsError';
}

/** An update lost a race or would move a status backwards. */
export class PlanConflictError extends CairnError {
  static override readonly errorName: string = 'PlanConflictError';
}

/** A step failed and its error strategy says abort. */
export class StepExecutionError extends CairnError {
  static override readonly errorName: string = 'StepExecutionError';
  static override readonly transient = false;
}

/** A condition or template expression that does not parse or cannot be evaluated: the same text fails again. */
export class ExpressionError extends CairnError {
  static override readonly errorName: string = 'ExpressionError';
  static override readonly transient = false;
}

/** What an LLM adapter knows about a failed call: the HTTP status, and how long the server asked us to wait. */
export interface LlmErrorOptions {
  cause?: unknown;
  status?: number | undefined;
  retryAfterMs?: number | undefined;
}

/** The LLM failed in a way worth retrying (429, 5xx, 529, timeouts). Step Functions retries on this name. */
export class LlmTransientError extends CairnError {
  static override readonly errorName: string = 'LlmTransientError';
  static override readonly transient = true;
  readonly status: number | undefined;
  /** The server's `retry-after`, in milliseconds, when it sent one (the retry layer honours it). */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: LlmErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** The LLM failed for good (400, 401, 403, a spend limit). */
export class LlmFatalError extends CairnError {
  static override readonly errorName: string = 'LlmFatalError';
  static override readonly transient = false;
  readonly status: number | undefined;
  constructor(message: string, options: LlmErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
  }
}

/**
 * The model declined the task (stop reason `refusal`). Not retried and not repaired: asking again
 * with the same task gets the same answer. `call` is the refused call, so its cost is traced.
 */
export class LlmRefusalError extends LlmFatalError {
  static override readonly errorName: string = 'LlmRefusalError';
  constructor(
    message: string,
    readonly call: LlmCallRecord,
  ) {
    super(message);
  }
}

/** The request's budget (LLM calls, tokens) would be passed by the next call, so it is not made. */
export class BudgetExceededError extends CairnError {
  static override readonly errorName: string = 'BudgetExceededError';
  // Another attempt would meet the same cap: nothing retries it.
  static override readonly transient = false;
}

/**
 * An embedding or rerank service failed in a way that may pass (throttling, a 5xx, a timeout, a
 * dropped connection), after its adapter's own retries: the step that called it does not retry
 * again (one retry layer per service call), Step Functions' Retry may.
 */
export class RetrievalServiceTransientError extends CairnError {
  static override readonly errorName: string = 'RetrievalServiceTransientError';
  static override readonly transient = true;
}

/**
 * An embedding or rerank service answered something unusable for good: a vector of the wrong
 * dimension, a 4xx, a body of the wrong shape, a model that does not exist. Never retried.
 */
export class RetrievalServiceError extends CairnError {
  static override readonly errorName: string = 'RetrievalServiceError';
  static override readonly transient = false;
}

/** Configuration missing or malformed; raised at start-up (fail fast). */
export class ConfigError extends CairnError {
  static override readonly errorName: string = 'ConfigError';
}

/** Formats any thrown value as one line for a user. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Most bytes of error text that enter the workflow's state or a trace item. Step Functions fails a
 * state whose input passes 256 KB with an error no Catch can catch, and an error that repeats its
 * input can be megabytes: past this the text is cut, and who has a payload store keeps the whole.
 */
export const MAX_ERROR_BYTES = 4096;

/**
 * `text` cut to at most `maxBytes` UTF-8 bytes, saying how long the whole was; `text` itself when
 * it fits. The cut never splits a character.
 */
export function boundedMessage(text: string, maxBytes: number = MAX_ERROR_BYTES): string {
  const total = Buffer.byteLength(text, 'utf8');
  if (total <= maxBytes) return text;
  const note = ` [... cut: ${total} bytes in all]`;
  const room = Math.max(0, maxBytes - Buffer.byteLength(note, 'utf8'));
  let kept = Buffer.from(text, 'utf8').subarray(0, room).toString('utf8');
  // A character split by the cut decodes as U+FFFD: drop it rather than show a broken one.
  if (kept.endsWith('\uFFFD')) kept = kept.slice(0, -1);
  return `${kept}${note}`;
}

/**
 * An `elicitation` step reached without its answer: not a failure but a pause. The executor stops
 * the step and its dependents there, and the plan waits for the user (status waiting_for_input).
 */
export class InputRequiredError extends CairnError {
  static override readonly errorName: string = 'InputRequiredError';
  static override readonly transient = false;
  constructor(
    readonly stepId: number,
    readonly question: string,
    readonly schema: Record<string, unknown>,
  ) {
    super(`step ${stepId} waits for the user's answer`);
  }
}

/**
 * The answer to the question AwaitInput was to wait on is there already (it came before the token
 * was stored): the workflow's Catch sends the plan straight on to Execute, with nothing to wait for.
 */
export class InputAlreadyGivenError extends CairnError {
  static override readonly errorName: string = 'InputAlreadyGivenError';
  static override readonly transient = false;
}

/** An answer for a plan that is not waiting for one (HTTP 409): never asked, already answered, or ended. */
export class NotWaitingForInputError extends CairnError {
  static override readonly errorName: string = 'NotWaitingForInputError';
  static override readonly transient = false;
}
/** A composite tool could not be synthesized: the model's answers failed validation, the last one's findings in `issues`. */
export class SynthesisError extends CairnError {
  static override readonly errorName: string = 'SynthesisError';
  static override readonly transient = false;
  constructor(
    message: string,
    readonly issues: ReadonlyArray<{ path: string; message: string }>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
