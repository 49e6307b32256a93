/**
 * The duplicate-call guard benchmark: scripted planners that loop, run round after round through
 * the real executor (`executePlan`) with the real local tools over a corpus, each round's guard
 * seeded with the history of the rounds before (as an iterative loop seeds it). Each planner
 * reads the previous round's results as seed 002's `plan.Result` (id, name, args, result, error)
 * and proposes the next round's tool calls; it is the same with and without the guard, so the
 * figures say what the guard stops and whether it gets in the way of planners that do not loop.
 *
 * Planners:
 *  - stuck:        asks for the same document every round, whatever it gets back;
 *  - alternating:  searches, then fetches the same document, then searches again, ...;
 *  - drifting:     comes back to one document between new ones (A x A y A z A ...);
 *  - corrective:   repeats a call until told it is blocked, then moves on to its next document
 *                  (it finishes its list only when something tells it to move on);
 *  - healthy:      a new call every round (the guard must block nothing).
 *
 *   npm run bench:guard [-- CORPUS] [--rounds N]          figures as text
 *   npm run bench:guard -- --json                          last line {"calls","blocked","byRule",...}
 *
 * CORPUS defaults to examples/corpus.jsonl. `runGuardBench` is exported for other benchmarks.
 */
import { fileURLToPath } from 'node:url';
import { loadCorpus } from '../functions/adapters/corpus/load-corpus.js';
import {
  createDuplicateGuard,
  DUPLICATE_CALL_BLOCKED,
  type DuplicateGuardLimits,
  GUARD_RULES,
  type GuardedCall,
  type GuardRule,
} from '../functions/core/executor/duplicate-guard.js';
import { executePlan } from '../functions/core/executor/run-plan.js';
import type { CorpusIndex, LlmProvider } from '../functions/core/ports.js';
import { createCorpusIndex } from '../functions/core/retrieval/corpus-index.js';
import { compileToolSchema } from '../functions/core/tools/compile-schema.js';
import { registerLocalTools } from '../functions/core/tools/local-tools.js';
import { ToolRegistry } from '../functions/core/tools/registry.js';
import type { DecompositionPlan } from '../functions/core/types.js';

const DEFAULT_CORPUS = fileURLToPath(new URL('../examples/corpus.jsonl', import.meta.url));
const DEFAULT_ROUNDS = 20;

/** One executed call as the planner sees it (seed 002's plan.Result). */
export interface CallResult {
  id: number;
  name: string;
  args: Record<string, unknown>;
  result: unknown;
  error?: string;
}

interface Call {
  tool: string;
  args: Record<string, unknown>;
}

/** A scripted planner: the calls of its next round, from what the rounds before returned; none when it is done. */
type Planner = (round: number, previous: readonly CallResult[]) => Call[];

const get = (id: string): Call => ({ tool: 'corpus.get', args: { id } });
const search = (query: string): Call => ({ tool: 'corpus.search', args: { query, top_k: 3 } });

function planners(ids: readonly string[]): Record<string, () => Planner> {
  const [a = 'lyon', ...others] = ids;
  return {
    stuck: () => () => [get(a)],
    alternating: () => (round) => [round % 2 === 0 ? search(a) : get(a)],
    drifting: () => (round) => [round % 2 === 0 ? get(a) : get(others[(round >> 1) % Math.max(1, others.length)] ?? a)],
    corrective: () => {
      let at = 0;
      return (_round, previous) => {
        if (previous.some((r) => r.error === DUPLICATE_CALL_BLOCKED)) at++;
        const id = ids[at];
        return id === undefined ? [] : [get(id)];
      };
    },
    healthy: () => (round) => {
      const id = ids[round];
      return id === undefined ? [] : [round % 2 === 0 ? get(id) : search(id)];
    },
  };
}

export interface ScenarioFigures {
  rounds: number;
  calls: number;
  blocked: number;
  toolRuns: number;
  byRule: Record<GuardRule, number>;
  /** The first round a call was blocked in (1-based); null when none was. */
  firstBlockedRound: number | null;
  /** Whether the planner stopped proposing calls before the round limit. */
  finished: boolean;
}

export interface GuardBenchFigures {
  calls: number;
  blocked: number;
  toolRuns: number;
  toolRunsWithoutGuard: number;
  byRule: Record<GuardRule, number>;
  /** Blocked calls of the planner that never loops: false positives. */
  falsePositives: number;
  rounds: number;
  limits: DuplicateGuardLimits;
  scenarios: Record<string, ScenarioFigures & { withoutGuard: Pick<ScenarioFigures, 'toolRuns' | 'finished'> }>;
}

const noLlm: LlmProvider = { name: 'none', model: 'none', source: 'bench', complete: () => Promise.reject(new Error('no LLM call in the guard benchmark')) };

async function runScenario(planner: Planner, index: CorpusIndex, tools: ToolRegistry, rounds: number, guarded: boolean, limits: Partial<DuplicateGuardLimits>) {
  let history: GuardedCall[] = [];
  let previous: CallResult[] = [];
  const figures: ScenarioFigures = {
    rounds: 0,
    calls: 0,
    blocked: 0,
    toolRuns: 0,
    byRule: { consecutive: 0, frequency: 0, alternation: 0 },
    firstBlockedRound: null,
    finished: false,
  };
  for (let round = 0; round < rounds; round++) {
    const calls = planner(round, previous);
    if (calls.length === 0) {
      figures.finished = true;
      break;
    }
    figures.rounds++;
    const plan: DecompositionPlan = {
      plan: calls.map((c, i) => ({
        step_id: i + 1,
        type: 'tool_call',
        modality: 'text',
        parameters: { tool: c.tool, args: c.args },
        dependencies: i > 0 ? [i] : [],
        trace: {},
      })),
      traceability: true,
    };
    // Each round is a new plan; the guard carries the rounds before it, as the iterative loop's does.
    const guard = guarded ? createDuplicateGuard(limits, history) : undefined;
    const outcome = await executePlan(plan, {
      task: 'guard benchmark',
      index,
      llm: noLlm,
      clock: { now: () => new Date() },
      concurrency: 1,
      topK: 3,
      tools,
      ...(guard ? { guard } : {}),
    });
    previous = outcome.outputs.map((o) => ({
      id: o.step_id,
      name: String(o.result.tool ?? calls[o.step_id - 1]?.tool),
      args: calls[o.step_id - 1]?.args ?? {},
      result: o.result.output ?? null,
      ...(o.error ? { error: o.error } : {}),
    }));
    figures.calls += calls.length;
    const blockedNow = outcome.outputs.filter((o) => o.error === DUPLICATE_CALL_BLOCKED);
    figures.toolRuns += calls.length - blockedNow.length;
    if (guard) {
      const count = guard.blockedCount();
      figures.blocked += count.blocked;
      for (const rule of GUARD_RULES) figures.byRule[rule] += count.byRule[rule];
      if (count.blocked > 0) figures.firstBlockedRound ??= round + 1;
      history = guard.history();
    }
  }
  return figures;
}

export async function runGuardBench(options: { corpus?: string; rounds?: number; limits?: Partial<DuplicateGuardLimits> } = {}): Promise<GuardBenchFigures> {
  const documents = await loadCorpus(options.corpus ?? DEFAULT_CORPUS);
  const index = createCorpusIndex(documents);
  const tools = registerLocalTools(new ToolRegistry({ compile: compileToolSchema }));
  const rounds = options.rounds ?? DEFAULT_ROUNDS;
  const limits = options.limits ?? {};
  const ids = documents.slice(0, 6).map((d) => d.id);
  const scenarios: GuardBenchFigures['scenarios'] = {};
  for (const [name, make] of Object.entries(planners(ids))) {
    const withGuard = await runScenario(make(), index, tools, rounds, true, limits);
    const without = await runScenario(make(), index, tools, rounds, false, limits);
    scenarios[name] = { ...withGuard, withoutGuard: { toolRuns: without.toolRuns, finished: without.finished } };
  }
  const all = Object.values(scenarios);
  const sum = (f: (s: ScenarioFigures & { withoutGuard: { toolRuns: number } }) => number) => all.reduce((n, s) => n + f(s), 0);
  return {
    calls: sum((s) => s.calls),
    blocked: sum((s) => s.blocked),
    toolRuns: sum((s) => s.toolRuns),
    toolRunsWithoutGuard: sum((s) => s.withoutGuard.toolRuns),
    byRule: Object.fromEntries(GUARD_RULES.map((r) => [r, sum((s) => s.byRule[r])])) as Record<GuardRule, number>,
    falsePositives: scenarios.healthy?.blocked ?? 0,
    rounds,
    limits: createDuplicateGuard(limits).limits,
    scenarios,
  };
}

async function main(argv: string[]): Promise<void> {
  const json = argv.includes('--json');
  const roundsAt = argv.indexOf('--rounds');
  const rounds = roundsAt >= 0 ? Number(argv[roundsAt + 1]) : DEFAULT_ROUNDS;
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 1000) {
    console.error('bench:guard: --rounds must be an integer from 1 to 1000');
    process.exit(1);
  }
  const corpus = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--rounds');
  const figures = await runGuardBench({ ...(corpus ? { corpus } : {}), rounds });
  if (json) {
    console.log(JSON.stringify(figures));
    return;
  }
  const l = figures.limits;
  console.log(
    [
      `Duplicate-call guard: ${Object.keys(figures.scenarios).length} scripted planners, up to ${rounds} rounds each, one tool call a round, the real executor and local tools`,
      `limits: consecutiveLimit ${l.consecutiveLimit}, windowSize ${l.windowSize}, windowFreqLimit ${l.windowFreqLimit}`,
      '',
      'planner       rounds  calls  blocked  first blocked  tool runs (without guard)  finished (without guard)  by rule',
      ...Object.entries(figures.scenarios).map(
        ([name, s]) =>
          `  ${name.padEnd(12)}${String(s.rounds).padEnd(8)}${String(s.calls).padEnd(7)}${String(s.blocked).padEnd(9)}${String(s.firstBlockedRound ?? '-').padEnd(15)}${`${s.toolRuns} (${s.withoutGuard.toolRuns})`.padEnd(27)}${`${s.finished} (${s.withoutGuard.finished})`.padEnd(26)}${GUARD_RULES.map((r) => `${r} ${s.byRule[r]}`).join(', ')}`,
      ),
      '',
      `total: ${figures.calls} calls, ${figures.blocked} blocked (${GUARD_RULES.map((r) => `${r} ${figures.byRule[r]}`).join(', ')}), ${figures.toolRuns} tool runs against ${figures.toolRunsWithoutGuard} without the guard; ${figures.falsePositives} blocked in the planner that does not loop`,
    ].join('\n'),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));
