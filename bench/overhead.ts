/**
 * What orchestration costs: the sample tasks (examples/tasks.txt) run through the local workflow
 * (the state machine of infra/workflow.asl.json, the Lambda handlers, the trace in the embedded
 * database) with Claude's provider, the real @anthropic-ai/sdk, pointed at the loopback server of
 * the tests, which answers every call after a fixed delay (800 ms) as the rule-based model.
 *
 *   npm run bench:overhead [-- --json] [-- --delay MS] [-- --rounds N]
 *
 * For each run:
 * - wall: the run from the request to the final record;
 * - llm: the time spent waiting on the model, timed around each call of the provider; calls that
 *   overlap (parallel llm_call steps) count once: the union of their intervals;
 * - step: the critical path through the plan's DAG of each step's own work, from the step records
 *   of the trace (start and duration), less the model time inside an llm_call step (already in llm);
 * - overhead: wall - llm - step, i.e. what the workflow, the handlers and the trace writes add.
 *
 * A readable table per task comes first; with --json the last line is
 * {"runs", "wallMs", "llmMs", "stepMs", "overheadShare"}, the share being the sums' (wall - llm - step) / wall.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LocalStack } from '../cli/local-runner.js';
import { AnthropicProvider } from '../functions/adapters/llm/anthropic/provider.js';
import { criticalPathLength } from '../functions/core/plan/graph.js';
import type { LlmProvider, LlmRequest, LlmResponse } from '../functions/core/ports.js';
import type { PlanRecord, StepOutput } from '../functions/core/types.js';
import { ruleBasedModel } from '../test/support/llm-loopback/rule-based-model.js';
import { LoopbackLlm } from '../test/support/llm-loopback/server.js';
import { breakDown, breakdownTable, type DynamoCall, type PartFigures, type StateSpan, sumParts } from './overhead-breakdown.js';
import { type Interval, ownWork, unionLength } from './overhead-figures.js';

const now = () => performance.timeOrigin + performance.now();

/** The provider with the wall time of each of its calls recorded. */
class TimedProvider implements LlmProvider {
  readonly calls: Interval[] = [];
  constructor(private readonly inner: LlmProvider) {}
  get name() {
    return this.inner.name;
  }
  get model() {
    return this.inner.model;
  }
  get source() {
    return this.inner.source;
  }
  async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
    const start = now();
    try {
      return await this.inner.complete(request, signal);
    } finally {
      this.calls.push({ start, end: now() });
    }
  }
}

/**
 * What --breakdown records: each DynamoDB request of the runtime's client (a middleware around the
 * whole request, marshalling included) and each state's span from the interpreter's event log.
 */
class Trace {
  readonly dynamo: DynamoCall[] = [];
  readonly states: StateSpan[] = [];

  watch(client: DynamoDBClient): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const start = now();
        try {
          return await next(args);
        } finally {
          this.dynamo.push({ command: context.commandName ?? 'unknown', start, end: now() });
        }
      },
      { step: 'initialize', priority: 'high', name: 'benchOverheadTimer' },
    );
  }

  /** The event logs being read: each ends when its execution has. */
  private readonly following: Promise<void>[] = [];

  follow(events: AsyncIterable<unknown>): void {
    const entered = new Map<string, number>();
    const reading = (async () => {
      for await (const event of events as AsyncIterable<{ type: string; timestamp: number; state?: { name: string } }>) {
        const name = event.state?.name;
        if (name === undefined) continue;
        if (event.type === 'StateEntered') entered.set(name, event.timestamp);
        if (event.type === 'StateExited' || event.type === 'StateFailed' || event.type === 'StateCaught') {
          const start = entered.get(name);
          if (start !== undefined) this.states.push({ state: name, start, end: event.timestamp });
          entered.delete(name);
        }
      }
    })();
    this.following.push(reading);
  }

  /** Resolves once every execution followed so far has had all its events read. */
  async caughtUp(): Promise<void> {
    await Promise.all(this.following.splice(0));
  }
}

interface RunFigures {
  task: string;
  status: string;
  steps: number;
  llmCalls: number;
  wallMs: number;
  llmMs: number;
  stepMs: number;
  /** With --breakdown: the run cut into intake, states, the gaps between them and the final read. */
  parts?: PartFigures[];
}

/**
 * The local workflow, opened once for the whole benchmark with `llm` as its model. The one place
 * that knows how the local runner is built.
 */
async function openWorkflow(llm: LlmProvider, trace: Trace | undefined) {
  const stack = await LocalStack.open({
    llm,
    ...(trace ? { onExecution: (_planId: string, execution: { eventLogs: AsyncIterable<unknown> }) => trace.follow(execution.eventLogs) } : {}),
  });
  if (trace) trace.watch(stack.runtime.clients.dynamo);
  return {
    run: (task: string): Promise<PlanRecord> => stack.run({ task, options: { cache: false } }),
    stepOutputs: (planId: string): Promise<StepOutput[]> => stack.runtime.store.listStepOutputs(planId),
    close: () => stack.close(),
  };
}

async function measure(tasks: readonly string[], rounds: number, delayMs: number, breakdown: boolean): Promise<RunFigures[]> {
  const server = await LoopbackLlm.start(async (request) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return ruleBasedModel(request);
  });
  const llm = new TimedProvider(
    new AnthropicProvider({ apiKey: 'sk-ant-bench-key', model: 'claude-sonnet-4-6', baseURL: server.anthropicBaseURL, timeoutMs: 30_000 }),
  );
  const trace = breakdown ? new Trace() : undefined;
  const workflow = await openWorkflow(llm, trace);
  const figures: RunFigures[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      for (const task of tasks) {
        const first = llm.calls.length;
        const firstState = trace?.states.length ?? 0;
        const firstRequest = trace?.dynamo.length ?? 0;
        const start = now();
        const record = await workflow.run(task);
        const end = now();
        const wallMs = end - start;
        const calls = llm.calls.slice(first);
        // The event log is read on later turns of the event loop, and under load it can lag by more
        // than one: the run's states are taken once its execution's log has been read to the end.
        if (trace) await trace.caughtUp();
        const parts = trace ? breakDown({ start, end }, trace.states.slice(firstState), trace.dynamo.slice(firstRequest), calls) : undefined;
        const outputs = await workflow.stepOutputs(record.planId);
        const work = new Map(outputs.map((o) => [o.step_id, ownWork(o, calls)]));
        const stepMs = record.plan ? criticalPathLength(record.plan.plan, (s) => work.get(s.step_id) ?? 0) : 0;
        figures.push({
          task,
          status: record.status,
          steps: outputs.length,
          llmCalls: calls.length,
          wallMs,
          llmMs: unionLength(calls),
          stepMs,
          ...(parts ? { parts } : {}),
        });
      }
    }
  } finally {
    await workflow.close();
    await server.close();
  }
  return figures;
}

function table(figures: readonly RunFigures[]): string {
  const ms = (x: number) => Math.round(x).toString().padStart(7);
  const lines = ['task                                              status     steps  calls  wall ms   llm ms  step ms  other ms  other'];
  for (const f of figures) {
    const other = f.wallMs - f.llmMs - f.stepMs;
    const name = f.task.length > 48 ? `${f.task.slice(0, 47)}…` : f.task;
    lines.push(
      `${name.padEnd(49)} ${f.status.padEnd(9)} ${String(f.steps).padStart(6)} ${String(f.llmCalls).padStart(6)} ${ms(f.wallMs)}  ${ms(f.llmMs)}  ${ms(f.stepMs)}  ${ms(other)}   ${((other / f.wallMs) * 100).toFixed(1).padStart(4)}%`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      delay: { type: 'string', default: '800' },
      rounds: { type: 'string', default: '1' },
      breakdown: { type: 'boolean', default: false },
    },
  });
  const delayMs = Number(values.delay);
  const rounds = Number(values.rounds);
  if (!Number.isFinite(delayMs) || delayMs < 0) throw new Error('--delay must be a number of milliseconds');
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive integer');
  const tasks = readFileSync('examples/tasks.txt', 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

  const figures = await measure(tasks, rounds, delayMs, values.breakdown);
  const failed = figures.filter((f) => f.status !== 'succeeded');
  const sum = (key: 'wallMs' | 'llmMs' | 'stepMs') => Math.round(figures.reduce((total, f) => total + f[key], 0));
  const wallMs = sum('wallMs');
  const llmMs = sum('llmMs');
  const stepMs = sum('stepMs');
  const overheadShare = Math.round(((wallMs - llmMs - stepMs) / wallMs) * 10_000) / 10_000;

  console.log(table(figures));
  if (values.breakdown) {
    const first = figures.slice(0, 1).map((f) => f.parts ?? []);
    const rest = figures.slice(1).map((f) => f.parts ?? []);
    console.log(`\nThe first run (warm-up included):\n${breakdownTable(sumParts(first), 1)}`);
    if (rest.length > 0) console.log(`\nThe other runs:\n${breakdownTable(sumParts(rest), rest.length)}`);
  }
  console.log(
    `\n${figures.length} runs, model answering after ${delayMs} ms: wall ${wallMs} ms = model ${llmMs} + steps ${stepMs} + orchestration ${wallMs - llmMs - stepMs} (${(overheadShare * 100).toFixed(1)}%)`,
  );
  if (failed.length > 0) console.log(`${failed.length} run(s) did not succeed: ${failed.map((f) => `${f.task} (${f.status})`).join('; ')}`);
  if (values.json) console.log(JSON.stringify({ runs: figures.length, wallMs, llmMs, stepMs, overheadShare }));
  if (failed.length > 0) process.exitCode = 1;
}

await main();
