/**
 * Frequent chains: contiguous runs of step symbols (see SessionStep.symbol) that recur across
 * sessions. A chain's support is the share of sessions that contain it; its confidence is how often
 * a session containing the chain without its last step also contains the last step right after
 * (the chance the chain completes once begun). Each session counts once per chain.
 *
 * Only self-contained runs count: every step of the run reads only the outputs of steps inside it
 * (its dependencies, step references and templates), so the run's inputs are the task's and the
 * caller's. A run whose step reads a search made before it cannot be replayed as one tool.
 *
 * A plan's answer (an llm_call no other step reads) is left out of every run: the workflow reads
 * the answer and its citations from that step of the plan, so a tool that swallowed it would leave
 * the plan with no answer of its own.
 *
 * Steps a later round of an iterative plan added are left out too: what they asked came from
 * reading round one's results, so they are learned apart, bound to those (later-rounds.ts).
 *
 * Only closed chains are kept: a chain is dropped when a longer chain that contains it occurs in
 * exactly as many sessions, since the shorter one says nothing the longer does not.
 */
import { InvalidInputError } from '../errors.js';
import type { ChainOccurrence, LearningSettings, MinedChain, MiningResult, Session, SessionStep } from './types.js';

export const CHAIN_SEPARATOR = ' → ';

export function chainKey(symbols: readonly string[]): string {
  return symbols.join(CHAIN_SEPARATOR);
}

/** A chain must recur: one session is an example, not a pattern. */
const MIN_SESSIONS = 2;

interface Tally {
  symbols: string[];
  occurrences: ChainOccurrence[];
  latencies: number[];
  eventIds: string[];
}

/** Sessions newest first (ties by id), the order occurrences and samples are listed in. */
export function newestFirst(sessions: readonly Session[]): Session[] {
  return [...sessions].sort((a, b) => b.at.localeCompare(a.at) || a.sessionId.localeCompare(b.sessionId));
}

const TEMPLATE = /\{\{[\s\S]*?\}\}/g;
const STEP_NAME = /\bstep_(\d+)\b/g;

/** The plan step ids a step reads: its dependencies, its step references, the steps its templates name. */
export function stepsRead(step: Pick<SessionStep, 'dependencies' | 'input' | 'rawInput'>): number[] {
  const read = new Set(step.dependencies);
  const visit = (value: unknown, key?: string): void => {
    if (typeof value === 'string') {
      for (const placeholder of value.match(TEMPLATE) ?? []) for (const m of placeholder.matchAll(STEP_NAME)) read.add(Number(m[1]));
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
    } else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) visit(v, k);
    } else if (typeof value === 'number' && key !== undefined && /(^|_)steps?$/.test(key)) {
      read.add(value);
    }
  };
  visit(step.rawInput ?? step.input);
  return [...read];
}

/** Every step of `run` reads only steps of `run`. */
export function selfContained(run: readonly Pick<SessionStep, 'stepId' | 'dependencies' | 'input' | 'rawInput'>[]): boolean {
  const ids = new Set(run.map((s) => s.stepId));
  return run.every((s) => stepsRead(s).every((id) => ids.has(id)));
}

/** The session's answers: llm_call steps no other step reads. */
export function answerSteps(steps: readonly SessionStep[]): Set<number> {
  const read = new Set(steps.flatMap((s) => stepsRead(s).filter((id) => id !== s.stepId)));
  return new Set(steps.filter((s) => s.type === 'llm_call' && !read.has(s.stepId)).map((s) => s.stepId));
}

/** Where `symbols` first occurs in `session` as a contiguous, self-contained run, or -1. */
export function findChain(session: Session, symbols: readonly string[]): number {
  const steps = session.steps;
  outer: for (let start = 0; start + symbols.length <= steps.length; start++) {
    for (let i = 0; i < symbols.length; i++) if (steps[start + i]?.symbol !== symbols[i]) continue outer;
    if (selfContained(steps.slice(start, start + symbols.length))) return start;
  }
  return -1;
}

/** Mines `sessions` by `settings` (min_support, min_length, max_length, max_samples). Throws on no sessions. */
export function mineChains(
  sessions: readonly Session[],
  settings: Pick<LearningSettings, 'min_support' | 'min_length' | 'max_length' | 'max_samples'>,
): MiningResult {
  if (sessions.length === 0) throw new InvalidInputError('no sessions to mine: no stored plan ran a step in the period');
  const ordered = newestFirst(sessions);
  // Every self-contained run of 1..max_length symbols, counted once per session (its first occurrence there).
  const tallies = new Map<string, Tally>();
  for (const session of ordered) {
    const seen = new Set<string>();
    const steps = session.steps;
    const answers = answerSteps(steps);
    for (let start = 0; start < steps.length; start++) {
      for (let length = 1; length <= settings.max_length && start + length <= steps.length; length++) {
        const run = steps.slice(start, start + length);
        // A longer run holds the answer too.
        if (answers.has(run[run.length - 1]!.stepId)) break;
        // A later round's steps read what round one found; later-rounds.ts learns them, bound to it.
        if ((run[run.length - 1]!.round ?? 1) > 1) break;
        const symbols = run.map((s) => s.symbol);
        const key = chainKey(symbols);
        if (seen.has(key) || !selfContained(run)) continue;
        seen.add(key);
        let tally = tallies.get(key);
        if (!tally) {
          tally = { symbols, occurrences: [], latencies: [], eventIds: [] };
          tallies.set(key, tally);
        }
        tally.occurrences.push({ sessionId: session.sessionId, start });
        tally.latencies.push(run.reduce((sum, s) => sum + s.latencyMs, 0));
        tally.eventIds.push(run[0]?.eventId ?? '');
      }
    }
  }

  const total = ordered.length;
  const frequent: MinedChain[] = [];
  for (const [key, tally] of tallies) {
    const count = tally.occurrences.length;
    if (tally.symbols.length < settings.min_length || count < MIN_SESSIONS || count / total < settings.min_support) continue;
    const prefix = tallies.get(chainKey(tally.symbols.slice(0, -1)));
    frequent.push({
      symbols: tally.symbols,
      key,
      sessionCount: count,
      support: count / total,
      confidence: prefix ? count / prefix.occurrences.length : 1,
      avgLatencyMs: tally.latencies.reduce((a, b) => a + b, 0) / count,
      sampleEventIds: tally.eventIds.slice(0, settings.max_samples),
      occurrences: tally.occurrences,
    });
  }

  const closed = frequent.filter(
    (chain) =>
      !frequent.some(
        (other) => other.symbols.length > chain.symbols.length && other.sessionCount === chain.sessionCount && containsRun(other.symbols, chain.symbols),
      ),
  );
  closed.sort((a, b) => b.sessionCount - a.sessionCount || b.symbols.length - a.symbols.length || a.key.localeCompare(b.key));
  return { sessions: total, chains: closed };
}

/** `shorter` stands as one unbroken run inside `longer`. */
export function containsRun(longer: readonly string[], shorter: readonly string[]): boolean {
  outer: for (let start = 0; start + shorter.length <= longer.length; start++) {
    for (let i = 0; i < shorter.length; i++) if (longer[start + i] !== shorter[i]) continue outer;
    return true;
  }
  return false;
}
