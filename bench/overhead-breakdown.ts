/**
 * Where one run's orchestration goes (bench/overhead.ts --breakdown): the span of each state of the
 * workflow from the interpreter's event log, the DynamoDB requests made inside it (their count and
 * their time, the embedded server answering in this same process), the model's time inside it,
 * and the rest (the handler's own CPU: validation, middleware, marshalling). Between the states,
 * the interpreter's own time; before the first, the intake (request checked, plan record written,
 * execution started); after the last, reading the final record.
 */
import type { Interval } from './overhead-figures.js';
import { clip, unionLength } from './overhead-figures.js';

/** One DynamoDB request: its command and when it ran. */
export interface DynamoCall extends Interval {
  command: string;
}

/** One state of one execution, as the interpreter's event log tells it. */
export interface StateSpan extends Interval {
  state: string;
}

/** The figures of one part of a run. */
export interface PartFigures {
  part: string;
  spanMs: number;
  dynamoRequests: number;
  dynamoMs: number;
  /** The DynamoDB time not hidden behind the model: what the requests add to the wall clock. */
  exposedDynamoMs: number;
  llmMs: number;
  /** span - dynamo - llm: the handler's own CPU, or the interpreter's when the part is a gap. */
  restMs: number;
  /** In a part that waits on the model: from its start to the first call, and from the last call's end to its end. */
  beforeModelMs: number;
  afterModelMs: number;
  /** The count of each DynamoDB command inside the part. */
  commands: Record<string, number>;
}

function part(name: string, window: Interval, dynamo: readonly DynamoCall[], llm: readonly Interval[]): PartFigures {
  const inside = dynamo.filter((c) => c.start >= window.start && c.start < window.end);
  const commands: Record<string, number> = {};
  for (const c of inside) commands[c.command] = (commands[c.command] ?? 0) + 1;
  const spanMs = Math.max(0, window.end - window.start);
  const dynamoMs = unionLength(clip(inside, window));
  const calls = clip(llm, window);
  const llmMs = unionLength(calls);
  const exposedDynamoMs = unionLength([...clip(inside, window), ...calls]) - llmMs;
  const firstCall = Math.min(...calls.map((c) => c.start));
  const lastEnd = Math.max(...calls.map((c) => c.end));
  return {
    part: name,
    spanMs,
    dynamoRequests: inside.length,
    dynamoMs,
    exposedDynamoMs,
    llmMs,
    restMs: Math.max(0, spanMs - dynamoMs - llmMs),
    beforeModelMs: calls.length > 0 ? firstCall - window.start : 0,
    afterModelMs: calls.length > 0 ? window.end - lastEnd : 0,
    commands,
  };
}

/**
 * The run from `run.start` to `run.end` cut into its parts: intake, each state, the gaps between
 * states (named "A -> B"), and the tail after the last state.
 */
export function breakDown(run: Interval, states: readonly StateSpan[], dynamo: readonly DynamoCall[], llm: readonly Interval[]): PartFigures[] {
  const sorted = [...states].sort((a, b) => a.start - b.start);
  const parts: PartFigures[] = [];
  let cursor = run.start;
  let previous = 'request';
  for (const state of sorted) {
    parts.push(part(previous === 'request' ? 'intake' : `${previous} -> ${state.state}`, { start: cursor, end: state.start }, dynamo, llm));
    parts.push(part(state.state, state, dynamo, llm));
    // Stamped in whole milliseconds, a state can end a moment after the next one began.
    cursor = Math.max(cursor, state.end);
    previous = state.state;
  }
  parts.push(part('final record', { start: cursor, end: run.end }, dynamo, llm));
  return parts;
}

/** The parts of many runs summed by name (the gaps between states summed into one "between states"). */
export function sumParts(runs: readonly PartFigures[][]): PartFigures[] {
  const byName = new Map<string, PartFigures>();
  for (const run of runs) {
    for (const p of run) {
      const name = p.part.includes(' -> ') ? 'between states' : p.part;
      const total = byName.get(name) ?? {
        part: name,
        spanMs: 0,
        dynamoRequests: 0,
        dynamoMs: 0,
        exposedDynamoMs: 0,
        llmMs: 0,
        restMs: 0,
        beforeModelMs: 0,
        afterModelMs: 0,
        commands: {},
      };
      total.spanMs += p.spanMs;
      total.dynamoRequests += p.dynamoRequests;
      total.dynamoMs += p.dynamoMs;
      total.exposedDynamoMs += p.exposedDynamoMs;
      total.llmMs += p.llmMs;
      total.restMs += p.restMs;
      total.beforeModelMs += p.beforeModelMs;
      total.afterModelMs += p.afterModelMs;
      for (const [command, count] of Object.entries(p.commands)) total.commands[command] = (total.commands[command] ?? 0) + count;
      byName.set(name, total);
    }
  }
  return [...byName.values()];
}

export function breakdownTable(parts: readonly PartFigures[], runs: number): string {
  const ms = (x: number) => (x / runs).toFixed(1).padStart(7);
  const lines = [`per run (mean of ${runs})     span ms  model ms  ddb ms  (not behind model)  ddb req  other ms  before/after model  requests`];
  for (const p of parts) {
    const commands = Object.entries(p.commands)
      .map(([c, n]) => `${c.replace(/Command$/, '')}×${(n / runs).toFixed(1).replace(/\.0$/, '')}`)
      .join(' ');
    lines.push(
      `${p.part.padEnd(26)} ${ms(p.spanMs)}   ${ms(p.llmMs)} ${ms(p.dynamoMs)}  ${ms(p.exposedDynamoMs)}             ${(p.dynamoRequests / runs).toFixed(1).padStart(6)}   ${ms(p.restMs)}  ${ms(p.beforeModelMs)} /${ms(p.afterModelMs)}  ${commands}`,
    );
  }
  return lines.join('\n');
}
