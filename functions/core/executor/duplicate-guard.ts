/**
 * The duplicate-call guard: a safety net that stops a plan (or a planner looping over rounds) from
 * calling the same tool with the same arguments again and again. A call is the tool's canonical
 * name and its arguments in canonical JSON (object keys sorted at every depth), so `{a, b}` and
 * `{b, a}` are the same call.
 *
 * Every proposed call joins the history, blocked or not: a planner that keeps insisting on a call
 * it was refused stays refused. A proposed call is blocked when
 *  - consecutive: it is the `consecutiveLimit`-th (or later) identical call in a row;
 *  - frequency: within the last `windowSize` calls (this one included) it appears
 *    `windowFreqLimit` times or more;
 *  - alternation: the calls before it in the window end in a strict alternation of exactly two
 *    keys at least four long (A B A B), and this call continues it.
 * The rules are checked in that order and the first that holds names the block.
 *
 * A blocked call does not run. It is answered with the last successful output of the same call,
 * waiting for one still under way, so whoever reads the result sees what the call gave before and
 * a clear sign (`duplicate_call_blocked`) that repeating it changes nothing.
 *
 * The history serialises (`history()`), and a guard can be seeded with the history of earlier
 * rounds (`createDuplicateGuard(limits, priorCalls)`), so a loop that runs plan after plan keeps
 * one memory of what was called.
 */

import { canonicalJson } from '../canonical-json.js';
import { canonicalToolName } from '../tools/registry.js';

export const DUPLICATE_CALL_BLOCKED = 'duplicate_call_blocked';

export interface DuplicateGuardLimits {
  consecutiveLimit: number;
  windowSize: number;
  windowFreqLimit: number;
}

export const DEFAULT_GUARD_LIMITS: Readonly<DuplicateGuardLimits> = { consecutiveLimit: 3, windowSize: 8, windowFreqLimit: 4 };

export type GuardRule = 'consecutive' | 'frequency' | 'alternation';
export const GUARD_RULES: readonly GuardRule[] = ['consecutive', 'frequency', 'alternation'];

/** One call as the history keeps it: plain JSON, so it crosses a state machine or a store. */
export interface GuardedCall {
  tool: string;
  /** The arguments in canonical JSON. */
  args: string;
  /** Whether the guard refused it. */
  blocked: boolean;
  /** Whether it ran and succeeded; its output is then `output`. */
  succeeded: boolean;
  output?: unknown;
}

export type GuardVerdict =
  | {
      blocked: false;
      /** Records how the call ended: its output when it succeeded, nothing when it failed. */
      settle(outcome: { succeeded: true; output: unknown } | { succeeded: false }): void;
    }
  | {
      blocked: true;
      rule: GuardRule;
      /** The last successful output of the same call, once any run of it still under way has ended. */
      lastOutput(): Promise<unknown>;
    };

export interface DuplicateGuard {
  readonly limits: Readonly<DuplicateGuardLimits>;
  check(tool: string, args: unknown): GuardVerdict;
  history(): GuardedCall[];
  blockedCount(): { blocked: number; byRule: Record<GuardRule, number> };
}

/** Limits over the defaults, each checked: a limit below its floor would block everything. */
export function guardLimits(overrides: Partial<DuplicateGuardLimits> = {}): DuplicateGuardLimits {
  const limits = { ...DEFAULT_GUARD_LIMITS, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) };
  if (!Number.isInteger(limits.consecutiveLimit) || limits.consecutiveLimit < 2) throw new RangeError('consecutiveLimit must be an integer of at least 2');
  if (!Number.isInteger(limits.windowSize) || limits.windowSize < 2) throw new RangeError('windowSize must be an integer of at least 2');
  if (!Number.isInteger(limits.windowFreqLimit) || limits.windowFreqLimit < 2) throw new RangeError('windowFreqLimit must be an integer of at least 2');
  return limits;
}

/** Shortest alternation that counts as a loop: A B A B. */
const MIN_ALTERNATION = 4;

interface Entry extends GuardedCall {
  key: string;
  /** Resolves when a call that runs has ended. */
  settled: Promise<void>;
}

export function createDuplicateGuard(limits: Partial<DuplicateGuardLimits> = {}, priorCalls: readonly GuardedCall[] = []): DuplicateGuard {
  const l = guardLimits(limits);
  const entries: Entry[] = priorCalls.map((c) => ({ ...c, key: keyOf(c.tool, c.args), settled: Promise.resolve() }));
  const byRule: Record<GuardRule, number> = { consecutive: 0, frequency: 0, alternation: 0 };

  const ruleFor = (key: string): GuardRule | undefined => {
    const keys = entries.map((e) => e.key);
    let run = 1;
    for (let i = keys.length - 1; i >= 0 && keys[i] === key; i--) run++;
    if (run >= l.consecutiveLimit) return 'consecutive';
    const window = [...keys.slice(Math.max(0, keys.length - (l.windowSize - 1))), key];
    if (window.filter((k) => k === key).length >= l.windowFreqLimit) return 'frequency';
    if (alternates(window)) return 'alternation';
    return undefined;
  };

  return {
    limits: l,
    check(tool, args) {
      const name = canonicalToolName(tool);
      const argsJson = canonicalJson(args ?? {});
      const key = keyOf(name, argsJson);
      const rule = ruleFor(key);
      if (rule) {
        byRule[rule]++;
        const earlier = entries.filter((e) => e.key === key);
        entries.push({ tool: name, args: argsJson, blocked: true, succeeded: false, key, settled: Promise.resolve() });
        return {
          blocked: true,
          rule,
          async lastOutput() {
            await Promise.all(earlier.map((e) => e.settled));
            return earlier.findLast((e) => e.succeeded)?.output;
          },
        };
      }
      let settle!: () => void;
      const entry: Entry = { tool: name, args: argsJson, blocked: false, succeeded: false, key, settled: new Promise((r) => (settle = r)) };
      entries.push(entry);
      return {
        blocked: false,
        settle(outcome) {
          if (outcome.succeeded) {
            entry.succeeded = true;
            entry.output = outcome.output;
          }
          settle();
        },
      };
    },
    history() {
      return entries.map(({ tool, args, blocked, succeeded, output }) => ({ tool, args, blocked, succeeded, ...(succeeded ? { output } : {}) }));
    },
    blockedCount() {
      return { blocked: byRule.consecutive + byRule.frequency + byRule.alternation, byRule: { ...byRule } };
    },
  };
}

function keyOf(tool: string, argsJson: string): string {
  return `${canonicalToolName(tool)} ${argsJson}`;
}

/**
 * Whether the window, ending with the proposed call, is a strict alternation of exactly two keys
 * whose part before the proposed call is at least A B A B long.
 */
function alternates(window: readonly string[]): boolean {
  const n = window.length;
  if (n < MIN_ALTERNATION + 1) return false;
  const a = window[n - 1];
  const b = window[n - 2];
  if (a === b) return false;
  let length = 0;
  for (let i = n - 1; i >= 0 && window[i] === ((n - 1 - i) % 2 === 0 ? a : b); i--) length++;
  return length - 1 >= MIN_ALTERNATION;
}
