/**
 * What a plan has done so far, read from its trace events: the phases with their times, each
 * planner attempt and what validation said of it, each step as it starts and ends. The live
 * progress of the CLI and the plan page of `cairn serve` both draw from this one reading.
 * Pure (no Node, no DOM): it runs in the terminal and in the browser.
 */
import type { PlanStatus, TraceEvent } from '../../functions/core/types.js';

/** The phases of the workflow, named as a person says them. */
export const PHASE_NAMES: Readonly<Partial<Record<PlanStatus, string>>> = {
  analyzing: 'analyze',
  planning: 'plan',
  validating: 'validate',
  repairing: 'repair',
  executing: 'execute',
  finalizing: 'finalize',
};

export interface PhaseSpan {
  status: PlanStatus;
  /** Epoch milliseconds. */
  startedAt: number;
  endedAt?: number;
}

export interface IssueLine {
  path: string;
  message: string;
}

export interface AttemptActivity {
  attempt: number;
  kind: 'generate' | 'repair';
  /** Who wrote it: rule-based, a model's source, `user` (a supplied plan), `cache`. */
  source?: string;
  /** Unknown until validation has run. */
  valid?: boolean;
  errors: IssueLine[];
  /** The text held no plan at all. */
  extractionError?: string;
  at: number;
}

/** `waiting`: an elicitation step paused on its question until the user answers and the plan runs again. */
export type StepState = 'running' | 'waiting' | 'succeeded' | 'skipped' | 'failed';

export interface StepActivity {
  stepId: number;
  type: string;
  state: StepState;
  startedAt?: number;
  endedAt?: number;
  durationMs?: number;
  /** The condition of a step skipped because it was false. */
  condition?: string;
  reason?: string;
  error?: string;
  retries: number;
  /** Documents the step returned, when it returns a list. */
  count?: number;
  /** A conditional step's verdict. */
  run?: boolean;
  /** The round of an iterative plan the step ran in. */
  round?: number;
}

/** An iterative plan's rounds so far: the one running, and how the loop ended. */
export interface RoundsActivity {
  current: number;
  /** Each round's steps, by round number. */
  steps: Record<number, number[]>;
  stop?: { reason: string; detail: string };
}

export interface Activity {
  planId?: string;
  status: PlanStatus;
  startedAt?: number;
  endedAt?: number;
  phases: PhaseSpan[];
  attempts: AttemptActivity[];
  /** In the order they first appeared. A coverage retry runs the plan again: the later run wins. */
  steps: StepActivity[];
  llmCalls: number;
  coverageRetry: boolean;
  /** The analysis phase's finding: the kind of task, or that it was skipped. */
  analysis?: { skipped: boolean; kind?: string; complexity?: string };
  /** Steps of the accepted plan. */
  stepCount?: number;
  /** What finalize kept. */
  finalized?: { sources: number; covered?: number; subqueries?: number; planOnly?: boolean };
  failure?: { error: string; reason: string };
  /** Present for an iterative plan. */
  rounds?: RoundsActivity;
}

export function emptyActivity(): Activity {
  return { status: 'received', phases: [], attempts: [], steps: [], llmCalls: 0, coverageRetry: false };
}

/** The activity of a whole trace (events in any order; they are read by sequence number). */
export function foldTrace(events: readonly TraceEvent[]): Activity {
  const activity = emptyActivity();
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) applyEvent(activity, event);
  return activity;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function issuesOf(value: unknown): IssueLine[] {
  if (!Array.isArray(value)) return [];
  return value.map((issue: { path?: unknown; message?: unknown }) => ({ path: String(issue?.path ?? ''), message: String(issue?.message ?? '') }));
}

function attemptOf(activity: Activity, attempt: number): AttemptActivity | undefined {
  return activity.attempts.find((a) => a.attempt === attempt);
}

function stepOf(activity: Activity, stepId: number, type: string): StepActivity {
  let step = activity.steps.find((s) => s.stepId === stepId);
  if (step === undefined) {
    step = { stepId, type, state: 'running', retries: 0 };
    activity.steps.push(step);
  }
  return step;
}

/** Adds one event to `activity` (mutated in place, for live use) and returns it. */
export function applyEvent(activity: Activity, event: TraceEvent): Activity {
  const at = Date.parse(event.at);
  const d = event.data ?? {};
  activity.planId ??= event.planId;
  activity.startedAt ??= at;
  switch (event.type) {
    case 'plan.status': {
      const to = d.to as PlanStatus;
      const open = activity.phases.at(-1);
      if (open && open.endedAt === undefined) open.endedAt = at;
      activity.status = to;
      if (to === 'succeeded' || to === 'failed') activity.endedAt = at;
      else activity.phases.push({ status: to, startedAt: at });
      break;
    }
    case 'llm.call':
      activity.llmCalls += 1;
      break;
    case 'analysis.completed': {
      const analysis = d.analysis as { task_kind?: unknown; complexity?: unknown } | null | undefined;
      const kind = text(analysis?.task_kind);
      const complexity = text(analysis?.complexity);
      activity.analysis = { skipped: d.skipped === true, ...(kind !== undefined ? { kind } : {}), ...(complexity !== undefined ? { complexity } : {}) };
      break;
    }
    case 'plan.accepted': {
      const steps = num(d.steps);
      if (steps !== undefined) activity.stepCount = steps;
      break;
    }
    case 'plan.finalized': {
      const coverage = d.coverage as { covered_count?: unknown; subquery_count?: unknown } | undefined;
      const covered = num(coverage?.covered_count);
      const subqueries = num(coverage?.subquery_count);
      activity.finalized = {
        sources: num(d.sources) ?? 0,
        ...(covered !== undefined ? { covered } : {}),
        ...(subqueries !== undefined ? { subqueries } : {}),
        ...(d.planOnly === true ? { planOnly: true } : {}),
      };
      break;
    }
    case 'plan.generated':
    case 'plan.extraction_failed': {
      const attempt = num(d.attempt) ?? activity.attempts.length + 1;
      const source = text(d.source);
      const extractionError = text(d.error);
      activity.attempts.push({
        attempt,
        kind: d.kind === 'repair' ? 'repair' : 'generate',
        errors: [],
        at,
        ...(source !== undefined ? { source } : {}),
        ...(extractionError !== undefined ? { extractionError } : {}),
      });
      break;
    }
    case 'validation.completed': {
      const attempt = num(d.attempt) ?? activity.attempts.length;
      let entry = attemptOf(activity, attempt);
      if (entry === undefined) {
        entry = { attempt, kind: attempt > 1 ? 'repair' : 'generate', errors: [], at };
        activity.attempts.push(entry);
      }
      entry.valid = d.valid === true;
      entry.errors = issuesOf(d.errors);
      break;
    }
    case 'step.started': {
      const step = stepOf(activity, Number(d.step_id), String(d.type));
      // A second start of a step that had ended is the coverage retry running the plan again.
      step.state = 'running';
      step.startedAt = at;
      const round = num(d.round);
      if (round !== undefined) step.round = round;
      delete step.endedAt;
      delete step.durationMs;
      break;
    }
    case 'step.retried':
      stepOf(activity, Number(d.step_id), String(d.type)).retries += 1;
      break;
    case 'step.completed':
    case 'step.skipped':
    case 'step.failed': {
      const step = stepOf(activity, Number(d.step_id), String(d.type));
      step.state = event.type === 'step.completed' ? 'succeeded' : event.type === 'step.skipped' ? 'skipped' : 'failed';
      step.endedAt = at;
      const duration = num(d.durationMs);
      if (duration !== undefined) step.durationMs = duration;
      step.startedAt ??= duration !== undefined ? at - duration : at;
      const condition = text(d.condition);
      const reason = text(d.reason);
      const error = text(d.error);
      const count = num(d.count);
      if (condition !== undefined) step.condition = condition;
      if (reason !== undefined) step.reason = reason;
      if (error !== undefined) step.error = error;
      if (count !== undefined) step.count = count;
      if (typeof d.run === 'boolean') step.run = d.run;
      break;
    }
    case 'input.requested':
      // The step asked its question and stopped; it starts again when the answer resumes the plan.
      stepOf(activity, Number(d.step_id), 'elicitation').state = 'waiting';
      break;
    case 'coverage.retry':
      activity.coverageRetry = true;
      break;
    case 'round.started': {
      const round = num(d.round) ?? 1;
      activity.rounds ??= { current: round, steps: {} };
      activity.rounds.current = Math.max(activity.rounds.current, round);
      if (Array.isArray(d.steps)) activity.rounds.steps[round] = d.steps.map(Number);
      break;
    }
    case 'round.completed':
      activity.rounds ??= { current: num(d.round) ?? 1, steps: {} };
      if (d.next === 'finalize') activity.rounds.stop = { reason: String(d.reason ?? ''), detail: String(d.detail ?? '') };
      break;
    case 'plan.failed':
      activity.failure = { error: String(d.error ?? 'Error'), reason: String(d.reason ?? '') };
      break;
    default:
      break;
  }
  return activity;
}

/** How long a phase or a run took, or has taken until `now`. */
export function elapsedMs(span: { startedAt?: number; endedAt?: number }, now: number): number {
  if (span.startedAt === undefined) return 0;
  return Math.max(0, (span.endedAt ?? now) - span.startedAt);
}

/** `7 ms`, `1.24 s`, `2 min 5 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms - minutes * 60_000) / 1000)} s`;
}
