/**
 * What the state machine passes between its Task states. Plans, attempts and step results travel
 * by reference (the plan id), never inline. A leaf module: the workflow-starter port names
 * WorkflowInput too, and must not pull the phases in to do so.
 */

/** The state machine's input; every phase receives at least the plan id. */
export interface WorkflowInput {
  planId: string;
  maxIterations: number;
  planOnly?: boolean;
  /** Iterative mode: most planning rounds. Absent for a one-shot plan, which the loop's Choice reads. */
  maxRounds?: number;
}

/** What the Replan state returns: the round that comes next, or that the loop is over. */
export interface RoundState {
  round: number;
  done: boolean;
  reason?: string;
}

export interface GenerationResult {
  attempt: number;
}

export interface ValidationSummary {
  valid: boolean;
  attempt: number;
  errorCount: number;
}

export interface ExecutionSummary {
  status: 'succeeded' | 'failed';
  steps: number;
  skipped: number;
  failed: number;
  /** Tool calls the duplicate-call guard refused. */
  blockedCalls?: number;
}

/** What a Catch hands to RecordFailure: the state's input and the error it caught. */
export interface FailureInput extends WorkflowInput {
  error?: { Error?: string; Cause?: string };
}
