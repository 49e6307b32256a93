/**
 * Dataflow execution measured: does a step start as soon as its own dependencies finish? For several plan shapes,
 * each step a tool_call of `sim.work` (a registered tool that waits a fixed, seeded latency), the
 * plan goes through the real path plans take: the workflow definition, run locally, with the
 * Execute handler and its trace writes to the local database.
 *
 *   npm run bench:dag [-- --json]
 *
 * Per shape: makespan (first step start to last step end), critical path (longest dependency chain
 * of the measured step durations), their ratio, and the speedup over the same plan run one step at
 * a time (concurrency 1, also measured).
 */
import { LocalStack } from '../cli/local-runner.js';
import { criticalPathLength } from '../functions/core/plan/graph.js';
import { compileToolSchema } from '../functions/core/tools/compile-schema.js';
import { registerLocalTools } from '../functions/core/tools/local-tools.js';
import { ToolRegistry } from '../functions/core/tools/registry.js';
import type { DecompositionPlan, StepOutput } from '../functions/core/types.js';

interface Shape {
  shape: string;
  /** step id -> [latency ms, dependencies] */
  steps: Array<[number, number[]]>;
}

/** Deterministic latencies between 60 and 400 ms, the range of searches and model calls. */
function latencies(seed: number, n: number): number[] {
  let x = seed;
  return Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return 60 + (x % 341);
  });
}

function shapes(): Shape[] {
  const l = latencies(7, 40);
  const at = (i: number) => l[i]!;
  // The widest fan-out a plan may have (the validator allows at most 8 dependents per step).
  const fanWidth = 8;
  return [
    { shape: 'chain', steps: Array.from({ length: 6 }, (_, i) => [at(i), i === 0 ? [] : [i]]) },
    {
      shape: 'wide fan-out',
      steps: [
        [at(6), []],
        ...Array.from({ length: fanWidth }, (_, i) => [at(7 + i), [1]] as [number, number[]]),
        [at(19), Array.from({ length: fanWidth }, (_, i) => i + 2)],
      ],
    },
    // 1 -> (2 slow, 3 fast) -> 4 joins both; 5 needs only 3, so it must not wait for 2.
    {
      shape: 'diamond',
      steps: [
        [at(20), []],
        [400, [1]],
        [60, [1]],
        [at(21), [2, 3]],
        [200, [3]],
      ],
    },
    {
      shape: 'mixed',
      steps: [
        [at(22), []],
        [at(23), []],
        [at(24), [1]],
        [at(25), [1]],
        [at(26), [2]],
        [at(27), [3, 5]],
        [at(28), [4]],
        [at(29), [2]],
        [at(30), [6, 7, 8]],
      ],
    },
  ];
}

function planOf(shape: Shape): DecompositionPlan {
  return {
    plan: shape.steps.map(([ms, deps], i) => ({
      step_id: i + 1,
      type: 'tool_call',
      modality: 'text',
      tool: 'sim.work',
      parameters: { args: { ms } },
      dependencies: deps,
      trace: { source: 'bench', explanation: `simulated ${ms} ms of work` },
      on_error: 'abort',
    })),
    traceability: true,
  };
}

function simulatedWork(registry: ToolRegistry): ToolRegistry {
  return registry.register({
    name: 'sim.work',
    description: 'Waits the given number of milliseconds: a stand-in for a step with that latency.',
    inputSchema: { type: 'object', properties: { ms: { type: 'integer', minimum: 0, maximum: 10_000 } }, required: ['ms'], additionalProperties: false },
    run: (args, ctx) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve({ waitedMs: args.ms }), Number(args.ms));
        ctx.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      }),
  });
}

function makespan(outputs: readonly StepOutput[]): number {
  const start = Math.min(...outputs.map((o) => Date.parse(o.startedAt)));
  const end = Math.max(...outputs.map((o) => Date.parse(o.endedAt)));
  return end - start;
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const stack = await LocalStack.open({ tools: simulatedWork(registerLocalTools(new ToolRegistry({ compile: compileToolSchema }))) });
  const rows: Array<{ shape: string; steps: number; makespanMs: number; criticalPathMs: number; ratio: number; speedup: number; sequentialMs: number }> = [];
  try {
    for (const shape of shapes()) {
      const plan = planOf(shape);
      const run = async (concurrency: number) => {
        const record = await stack.run({ task: `DAG benchmark: ${shape.shape}`, options: { plan, concurrency, analyze: false } });
        if (record.status !== 'succeeded') throw new Error(`${shape.shape}: plan ${record.status}: ${record.error?.message ?? ''}`);
        return stack.runtime.store.listStepOutputs(record.planId);
      };
      const parallel = await run(16);
      const sequential = await run(1);
      const durations = new Map(parallel.map((o) => [o.step_id, o.durationMs]));
      const critical = criticalPathLength(plan.plan, (s) => durations.get(s.step_id) ?? 0);
      const m = makespan(parallel);
      const seq = makespan(sequential);
      rows.push({
        shape: shape.shape,
        steps: plan.plan.length,
        makespanMs: m,
        criticalPathMs: critical,
        ratio: round(m / critical),
        speedup: round(seq / m),
        sequentialMs: seq,
      });
    }
  } finally {
    await stack.close();
  }
  if (json) {
    console.log(JSON.stringify(rows.map(({ shape, makespanMs, criticalPathMs, ratio, speedup }) => ({ shape, makespanMs, criticalPathMs, ratio, speedup }))));
    return;
  }
  console.log('shape           steps  makespan ms  critical path ms  ratio  one-by-one ms  speedup');
  for (const r of rows) {
    console.log(
      `${r.shape.padEnd(15)} ${String(r.steps).padStart(5)}  ${String(r.makespanMs).padStart(11)}  ${String(r.criticalPathMs).padStart(16)}  ${r.ratio.toFixed(2).padStart(5)}  ${String(r.sequentialMs).padStart(13)}  ${r.speedup.toFixed(2).padStart(7)}`,
    );
  }
  console.log('\nmakespan: first step start to last step end, through the local workflow (trace writes included); concurrency 16 vs 1');
}

const round = (x: number) => Math.round(x * 100) / 100;

await main();
