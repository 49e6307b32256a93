/**
 * One frame of the live progress the CLI shows while a plan runs: each phase with its time, each
 * planner attempt and what validation said, each step as it starts and ends. Pure: the terminal
 * code (cli/progress.ts) redraws it; tests read it.
 */
import { type Activity, elapsedMs, formatDuration, PHASE_NAMES, type PhaseSpan, type StepActivity } from './activity.js';
import { clip } from './step-label.js';

export type Tone = 'ok' | 'bad' | 'warn' | 'busy' | 'dim' | 'bold';
export type Paint = (tone: Tone, text: string) => string;

const plain: Paint = (_tone, text) => text;

export const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export interface FrameOptions {
  now: number;
  /** Animation step of the spinner. */
  tick?: number;
  /** The run is over: steps fold into one line. */
  final?: boolean;
  paint?: Paint;
  /** At most this many step lines while running (the running ones first). */
  maxStepLines?: number;
  /** At most this many validation errors per attempt. */
  maxIssueLines?: number;
}

interface Row {
  icon: string;
  name: string;
  detail: string;
  ms?: number;
  below: string[];
}

function errorsText(count: number): string {
  return `${count} error${count === 1 ? '' : 's'}`;
}

function stepLine(step: StepActivity, now: number, spin: string, paint: Paint): string {
  const label = `${step.round !== undefined ? `r${step.round} ` : ''}${step.stepId} ${step.type}`.padEnd(22);
  const retries = step.retries > 0 ? paint('warn', ` · ${step.retries} retr${step.retries === 1 ? 'y' : 'ies'}`) : '';
  switch (step.state) {
    case 'running':
      return `${paint('busy', spin)} ${label} ${paint('dim', `running ${formatDuration(elapsedMs(step, now))}`)}${retries}`;
    case 'waiting':
      return `${paint('warn', '?')} ${label} ${paint('dim', 'waiting for an answer')}`;
    case 'succeeded': {
      const facts = [
        formatDuration(step.durationMs ?? elapsedMs(step, now)),
        step.count !== undefined ? `${step.count} docs` : '',
        step.run !== undefined ? `run=${step.run}` : '',
      ];
      return `${paint('ok', '✔')} ${label} ${paint('dim', facts.filter(Boolean).join(' · '))}${retries}`;
    }
    case 'skipped':
      return `${paint('dim', '↷')} ${label} ${paint('dim', clip(step.condition ? `skipped: if ${step.condition}` : `skipped: ${step.reason ?? ''}`, 90))}`;
    case 'failed':
      return `${paint('bad', '✖')} ${label} ${paint('bad', clip(`failed: ${step.error ?? step.reason ?? ''}`, 90))}${retries}`;
  }
}

/** Which planner attempt a planning, validating or repairing span is about: the n-th of its kind. */
function attemptOfSpan(activity: Activity, spans: readonly PhaseSpan[], index: number) {
  const span = spans[index];
  if (span === undefined) return undefined;
  const nth = spans.slice(0, index).filter((s) => s.status === span.status).length;
  if (span.status === 'validating') return activity.attempts[nth];
  if (span.status === 'planning') return activity.attempts.find((a) => a.kind === 'generate');
  if (span.status === 'repairing') return activity.attempts.filter((a) => a.kind === 'repair')[nth];
  return undefined;
}

function phaseRow(activity: Activity, index: number, options: Required<Omit<FrameOptions, 'paint'>> & { paint: Paint }): Row {
  const { now, paint } = options;
  const span = activity.phases[index] as PhaseSpan;
  const open = span.endedAt === undefined && activity.endedAt === undefined;
  const spin = SPINNER[options.tick % SPINNER.length] ?? '*';
  const failedHere = activity.status === 'failed' && index === activity.phases.length - 1;
  const row: Row = {
    icon: open ? paint('busy', spin) : failedHere ? paint('bad', '✖') : paint('ok', '✔'),
    name: PHASE_NAMES[span.status] ?? span.status,
    detail: '',
    ms: elapsedMs(span, activity.endedAt ?? now),
    below: [],
  };
  const attempt = attemptOfSpan(activity, activity.phases, index);
  switch (span.status) {
    case 'analyzing': {
      const a = activity.analysis;
      row.detail = a === undefined ? '' : a.skipped ? 'skipped' : [a.kind, a.complexity].filter(Boolean).join(' · ');
      break;
    }
    case 'planning':
    case 'repairing':
      row.detail = attempt ? `attempt ${attempt.attempt}${attempt.source ? ` · ${attempt.source}` : ''}` : '';
      if (attempt?.extractionError !== undefined) {
        row.icon = paint('bad', '✖');
        row.below.push(paint('bad', clip(`no plan in the answer: ${attempt.extractionError}`, 100)));
      }
      break;
    case 'validating':
      if (attempt?.valid === true) row.detail = `attempt ${attempt.attempt} valid`;
      if (attempt?.valid === false) {
        row.icon = paint('bad', '✖');
        row.detail = `attempt ${attempt.attempt}: ${errorsText(attempt.errors.length)}`;
        const shown = attempt.errors.slice(0, options.maxIssueLines);
        row.below.push(...shown.map((e) => paint('dim', clip(`${e.path}: ${e.message}`, 100))));
        if (attempt.errors.length > shown.length) row.below.push(paint('dim', `… ${attempt.errors.length - shown.length} more`));
      }
      break;
    case 'executing': {
      const done = activity.steps.filter((s) => s.state !== 'running' && s.state !== 'waiting');
      const skipped = done.filter((s) => s.state === 'skipped').length;
      const total = activity.stepCount ?? activity.steps.length;
      const rounds = activity.rounds;
      const round = rounds ? ` · round ${rounds.current}${rounds.stop ? ` (ended: ${rounds.stop.reason.replace(/_/g, ' ')})` : ''}` : '';
      row.detail = `${done.length}/${total} steps${skipped > 0 ? ` · ${skipped} skipped` : ''}${activity.coverageRetry ? ' · coverage retry' : ''}${round}`;
      if (!options.final) {
        const running = activity.steps.filter((s) => s.state === 'running' || s.state === 'waiting');
        const recent = done.slice(-Math.max(0, options.maxStepLines - running.length));
        const hidden = done.length - recent.length;
        if (hidden > 0) row.below.push(paint('dim', `… ${hidden} more done`));
        row.below.push(...[...recent, ...running].map((s) => stepLine(s, now, spin, paint)));
      }
      break;
    }
    case 'finalizing': {
      const f = activity.finalized;
      if (f?.planOnly) row.detail = 'plan only, not executed';
      else if (f) row.detail = `${f.sources} sources${f.subqueries !== undefined ? ` · coverage ${f.covered ?? 0}/${f.subqueries}` : ''}`;
      break;
    }
    default:
      break;
  }
  return row;
}

/** The frame's lines (no trailing newline). */
export function progressFrame(activity: Activity, options: FrameOptions): string {
  const o = { tick: 0, final: false, paint: plain, maxStepLines: 8, maxIssueLines: 3, ...options };
  const { paint } = o;
  const rows = activity.phases.map((_, i) => phaseRow(activity, i, o));
  const lines: string[] = [];
  for (const row of rows) {
    const ms = row.ms === undefined ? '' : paint('dim', formatDuration(row.ms).padStart(9));
    lines.push(`${row.icon} ${paint('bold', row.name.padEnd(9))} ${row.detail.padEnd(44)} ${ms}`.trimEnd());
    for (const below of row.below) lines.push(`    ${below}`);
  }
  if (activity.failure) lines.push(paint('bad', clip(`✖ failed: ${activity.failure.error}: ${activity.failure.reason}`, 140)));
  else if (activity.status === 'succeeded')
    lines.push(
      `${paint('ok', '✔')} ${paint('bold', 'done'.padEnd(9))} ${`${activity.llmCalls} LLM call${activity.llmCalls === 1 ? '' : 's'}`.padEnd(44)} ${paint('dim', formatDuration(elapsedMs(activity, o.now)).padStart(9))}`,
    );
  return lines.join('\n');
}
