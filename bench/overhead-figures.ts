/**
 * The arithmetic of bench/overhead.ts: time spent waiting on the model counted once however many
 * calls overlap, and each step's own work without the model time inside it.
 */
import type { StepOutput } from '../functions/core/types.js';

/** A span of time, in epoch milliseconds with sub-millisecond precision. */
export interface Interval {
  start: number;
  end: number;
}

/** The total length of a set of intervals, each moment counted once. */
export function unionLength(intervals: readonly Interval[]): number {
  const sorted = [...intervals].filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  let total = 0;
  let current: Interval | undefined;
  for (const interval of sorted) {
    if (current && interval.start <= current.end) {
      current.end = Math.max(current.end, interval.end);
    } else {
      if (current) total += current.end - current.start;
      current = { ...interval };
    }
  }
  return current ? total + current.end - current.start : total;
}

/** The parts of `intervals` that fall inside `window`. */
export function clip(intervals: readonly Interval[], window: Interval): Interval[] {
  return intervals.map((i) => ({ start: Math.max(i.start, window.start), end: Math.min(i.end, window.end) })).filter((i) => i.end > i.start);
}

/** A step's own work: its duration, less the model time inside it when it is a step that calls the model. */
export function ownWork(output: StepOutput, llmCalls: readonly Interval[]): number {
  if (output.status === 'skipped') return 0;
  const start = Date.parse(output.startedAt);
  const span = { start, end: start + output.durationMs };
  const waiting = output.type === 'llm_call' ? unionLength(clip(llmCalls, span)) : 0;
  return Math.max(0, output.durationMs - waiting);
}
