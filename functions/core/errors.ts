/**
 * One error hierarchy, each with a `cause`. The `name` of each class is what Step Functions sees as
 * the error type, so the workflow's Retry and Catch clauses match on these names.
 */
export class CairnError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Input a user gave us is wrong: an empty task, a bad corpus line, a plan file that does not parse. */
export class InvalidInputError extends CairnError {}

/** The plan did not validate; `issues` carries every finding (C4). */
export class PlanValidationError extends CairnError {
  constructor(
    message: string,
    readonly issues: ReadonlyArray<{ path: string; message: string }>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The planner gave up: no valid plan after the configured iterations (B4). */
export class PlanningFailedError extends CairnError {}

/** A plan id that is not in the store. */
export class PlanNotFoundError extends CairnError {}

/** A plan id that is already in the store (idempotent start). */
export class PlanExistsError extends CairnError {}

/** An update lost a race or would move a status backwards. */
export class PlanConflictError extends CairnError {}

/** A step failed and its error strategy says abort. */
export class StepExecutionError extends CairnError {}

/** A condition or template expression that does not parse or cannot be evaluated (D3). */
export class ExpressionError extends CairnError {}

/** The LLM failed in a way worth retrying (429, 5xx, 529, timeouts). Step Functions retries on this name. */
export class LlmTransientError extends CairnError {}

/** The LLM failed for good (400, 401, 403, a spend limit). */
export class LlmFatalError extends CairnError {}

/** Configuration missing or malformed; raised at start-up (fail fast). */
export class ConfigError extends CairnError {}

/** Formats any thrown value as one line for a user. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim();
}
