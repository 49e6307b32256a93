/**
 * What the state machine passes between its Task states. Plans, attempts and step results travel
 * by reference (the plan id), never inline. A leaf module: the workflow-starter port names
 * WorkflowInput too, and must not pull the phases in to do so.
 */

/** The version of a plan's record as intake creates it, before any phase has run. */
export const CREATED_VERSION = 1;

/** The state machine's input; every phase receives at least the plan id. */
export interface WorkflowInput {
  planId: string;
  maxIterations: number;
  planOnly?: boolean;
  /** The request carries its own plan: no Analyze, no Generate. */
  supplied?: boolean;
  /** Iterative mode: most planning rounds. Absent for a one-shot plan, which the loop's Choice reads. */
  maxRounds?: number;
}

/** What the Replan state returns: the round that comes next, or that the loop is over. */
export interface RoundState {
  round: number;
  done: boolean;
  reason?: string;
  /** The plan record's version as this phase left it (the next phase may take the record from memory). */
  version?: number;
}

export interface GenerationResult {
  attempt: number;
  /** The plan record's version as this phase left it (the next phase may take the record from memory). */
  version?: number;
}

export interface ValidationSummary {
  valid: boolean;
  attempt: number;
  errorCount: number;
  /** The plan record's version as this phase left it (the next phase may take the record from memory). */
  version?: number;
}

export interface ExecutionSummary {
  /** `waiting_for_input`: a step asked the user something; the workflow waits for the answer, then executes again. */
  status: 'succeeded' | 'failed' | 'waiting_for_input';
  steps: number;
  skipped: number;
  failed: number;
  /** Tool calls the duplicate-call guard refused. */
  blockedCalls?: number;
  /** The step whose question the plan waits on. */
  questionStep?: number;
  /** The plan record's version as this phase left it (the next phase may take the record from memory). */
  version?: number;
}

/** What the AwaitInput state hands its function: the plan, the question's step and the token that resumes the execution. */
export interface AwaitInputEvent {
  planId: string;
  stepId: number;
  taskToken: string;
}

/** What a Catch hands to RecordFailure: the state's input and the error it caught. */
export interface FailureInput extends WorkflowInput {
  error?: { Error?: string; Cause?: string };
}
