/**
 * The local runner: the state machine of infra/workflow.asl.json, interpreted in this process by
 * aws-local-stepfunctions, with each Task state run by the handler its Lambda runs, made over a
 * runtime built here by the same composition root (functions/runtime) with local adapters: the
 * embedded DynamoDB-compatible server (dynalite) unless the configuration names an endpoint
 * (DynamoDB Local in the tests), a trace store that tells listeners each event (live progress),
 * and a workflow starter in this process. Plans enter through the intake of the AWS doors.
 *
 * A state that waits on a task token (AwaitInput) runs its function, which stores the token with
 * the plan, then waits in this process until the token is succeeded (an answer). An answer to a plan
 * whose execution ended with another process resumes it here, from that same state.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Context } from 'aws-lambda';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import type { LlmProvider, WorkflowStarter } from '../functions/core/ports.js';
import type { ToolRegistry } from '../functions/core/tools/registry.js';
import { isSettled } from '../functions/core/trace/status.js';
import type { PlanRecord } from '../functions/core/types.js';
import { submitInput } from '../functions/core/workflow/input.js';
import { checkRequest } from '../functions/core/workflow/intake.js';
import { failPlan } from '../functions/core/workflow/record-failure.js';
import { startPlan } from '../functions/core/workflow/start-plan.js';
import type { AwaitInputEvent, WorkflowInput } from '../functions/core/workflow/types.js';
import { preloadDefaultCorpus, TASK_STATES } from '../functions/handlers/states.js';
import { startDepsOf } from '../functions/runtime/start.js';
import { createRuntime, type Runtime } from '../functions/runtime/workflow.js';
import { type CairnConfig, loadConfig } from '../functions/shared/config.js';
import { processSecret } from '../local/owner-files.js';
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../local/store/embedded.js';
import { ensureTable } from '../local/store/ensure-table.js';
import { inProcessHttpHandler } from '../local/store/in-process-http.js';
import { openSharedDynamo } from '../local/store/shared-store.js';
import { failAbandonedPlans } from '../local/trace/abandoned-plans.js';
import { LeasingTraceStore } from '../local/trace/leasing-trace-store.js';
import { NotifyingTraceStore, type TraceEventListener } from '../local/trace/notifying-trace-store.js';
import { currentLease } from '../local/trace/process-lease.js';
import { LocalTaskTokens, type TokenOutput } from '../local/workflow/task-tokens.js';
import { InProcessWorkflowStarter } from '../local/workflow/workflow-starter.js';

const WORKFLOW_FILE = fileURLToPath(new URL('../infra/workflow.asl.json', import.meta.url));

/** The integration of a state that waits on a task token (infra/constructs/workflow.ts names it too). */
const WAIT_FOR_TASK_TOKEN = 'arn:aws:states:::lambda:invoke.waitForTaskToken';

/** The states of a definition that wait on a task token. */
function callbackStates(definition: StateMachineDefinition): string[] {
  return Object.entries(definition.States)
    .filter(([, state]) => (state as { Resource?: string }).Resource === WAIT_FOR_TASK_TOKEN)
    .map(([name]) => name);
}

/** `${AnalyzeFunctionArn}` -> a Lambda ARN; CDK substitutes the real ones on AWS. */
export function loadWorkflowDefinition(arnOf: (state: string) => string): StateMachineDefinition {
  let text = readFileSync(WORKFLOW_FILE, 'utf8');
  for (const state of Object.keys(TASK_STATES)) text = text.replaceAll(`\${${state}FunctionArn}`, arnOf(state));
  return JSON.parse(text) as StateMachineDefinition;
}

export interface LocalStackOptions {
  /** The configuration; the environment's (loadConfig) when absent. */
  config?: CairnConfig;
  /** Folder of the embedded database; in memory when undefined. Unused when the configuration names an endpoint. */
  dataDir?: string | undefined;
  /** An LLM other than the one the configuration selects (tests script one). */
  llm?: LlmProvider;
  /** A tool registry other than the default one (the DAG benchmark adds a simulated-latency tool). */
  tools?: ToolRegistry;
  /** Told the final record of each plan whose workflow has ended (serve logs a line). */
  onFinished?: (record: PlanRecord) => void;
  /** Told when the local workflow itself broke (not a plan failing: that is in its record). */
  onBroken?: (planId: string, error: unknown) => void;
  /** Told each execution as it starts, with the interpreter's event log (a benchmark measures state payloads). */
  onExecution?: (planId: string, execution: ReturnType<StateMachine['run']>) => void;
  /** How long a state waiting on a task token waits, in place of its TimeoutSeconds (tests of the timeout). */
  inputTimeoutSeconds?: number;
  /** Told, when this process holds the store with `dataDir` and closes, how many other cairn processes it waits for. */
  onWaitForClients?: (clients: number) => void;
}

/** Why a process that holds the store and is done has not ended yet (its CLI and serve print it). */
export const waitingForClients = (clients: number): string =>
  `waiting for ${clients} other cairn process${clients === 1 ? '' : 'es'} using the local store to finish`;

/** An execution paused in a callback state: its token, and how to stop it. */
interface Paused {
  token: string;
  execution: ReturnType<StateMachine['run']>;
}

type JsonValue = Parameters<StateMachine['run']>[0];
type TaskHandler = (event: unknown, context: Context) => Promise<unknown>;

export class LocalStack {
  private constructor(
    /** The runtime the handlers are made over; its store is the notifying one. */
    readonly runtime: Runtime,
    /** Starts each plan's workflow in this process; the intake handlers made over the runtime use it. */
    readonly starter: InProcessWorkflowStarter,
    private readonly machine: StateMachine,
    private readonly handlers: Record<string, TaskHandler>,
    private readonly embedded: EmbeddedDynamo | undefined,
    private readonly events: NotifyingTraceStore,
    private readonly onExecution: LocalStackOptions['onExecution'],
    private readonly tokens: LocalTaskTokens,
    /** The same definition entered at its callback state: a plan resumed after its first execution ended. */
    private readonly resumeMachine: StateMachine | undefined,
    private readonly callbacks: readonly string[],
  ) {}

  /** Executions paused in a callback state, by plan. */
  private readonly paused = new Map<string, Paused>();
  /** Told when a plan's execution pauses for input, by plan. */
  private readonly pauseListeners = new Map<string, Set<() => void>>();
  /** Each plan's latest execution in this process, settled when it ends or is abandoned. */
  private readonly executions = new Map<string, Promise<PlanRecord>>();
  /** Starter names that resume a plan rather than start it. */
  private readonly resumes = new Set<string>();
  /** The execution that resumed each plan here, from the moment it is started. */
  private readonly resumed = new Map<string, Promise<unknown>>();
  /** The final record of each plan whose execution ended here, read once when it ended, until run() takes it. */
  private readonly ended = new Map<string, PlanRecord>();

  /** Starts the database (unless the configuration names one), creates the table, builds the runtime and the handlers. */
  static async open(options: LocalStackOptions = {}): Promise<LocalStack> {
    let config = options.config ?? loadConfig();
    let embedded: EmbeddedDynamo | undefined;
    if (config.dynamoEndpoint === undefined) {
      // With a folder, a store another cairn process already serves is shared, not refused.
      embedded =
        options.dataDir === undefined
          ? await startEmbeddedDynamo({ secret: processSecret() })
          : await openSharedDynamo(options.dataDir, options.onWaitForClients ? { onWaitForClients: options.onWaitForClients } : {});
      config = { ...config, dynamoEndpoint: embedded.endpoint };
    }
    // The store this process serves gets this process's requests in memory, not over a socket.
    const dynamoRequestHandler = embedded?.requestListener ? inProcessHttpHandler(embedded.requestListener) : undefined;
    try {
      // The runner of the starter is this stack, which needs the runtime first: it is filled in below.
      let stack: LocalStack | undefined;
      const starter = new InProcessWorkflowStarter({
        runner: {
          execute: async (name, input) => {
            const record = await stack!.execute(input.planId, input, { resume: stack!.resumes.has(name) });
            if (record.status !== 'waiting_for_input') {
              stack!.ended.set(record.planId, record);
              // Plans started by serve are never taken by run(): only the recent ones are kept.
              if (stack!.ended.size > 64) stack!.ended.delete(stack!.ended.keys().next().value!);
              options.onFinished?.(record);
            }
          },
        },
        onSettled: (planId, outcome) => {
          if (outcome.failed) options.onBroken?.(planId, outcome.error);
        },
      });
      let events: NotifyingTraceStore | undefined;
      // A token no execution here waits on: its plan's execution ended with another process, so it resumes here.
      const tokens = new LocalTaskTokens((token, output) => stack!.resume(token, output));
      const runtime = createRuntime(config, {
        tokens,
        // Every event the workflow stores is also told to onEvent's listeners (live progress), and
        // every plan this process runs carries its lease (a plan whose process died is then found).
        wrapStore: (store) => {
          events = new NotifyingTraceStore(new LeasingTraceStore(store, currentLease()));
          return events;
        },
        starter,
        ...(dynamoRequestHandler ? { dynamoRequestHandler } : {}),
        // As a client of another process's store, this process presents the secret of its home.
        ...(dynamoRequestHandler === undefined && embedded?.secret !== undefined ? { dynamoSecret: embedded.secret } : {}),
        ...(options.llm ? { llm: options.llm } : {}),
        ...(options.tools ? { tools: options.tools } : {}),
      });
      // With the runtime's own client: a second client would pay its set-up and first request again.
      await ensureTable(runtime.clients.dynamo, config.tableName);
      // Plans left at work by a process that ended are marked failed, beside the rest of the start.
      const sweep = failAbandonedPlans(runtime.store);
      // Awaited below; a start that fails before then must not leave its rejection unhandled.
      sweep.catch(() => undefined);
      await runtime.learned.refresh();
      const handlers: Record<string, TaskHandler> = {};
      for (const [state, binding] of Object.entries(TASK_STATES)) handlers[state] = binding.make(runtime) as TaskHandler;
      const definition = loadWorkflowDefinition((state) => `arn:aws:lambda:us-east-1:000000000000:function:cairn-${state}`);
      const callbacks = callbackStates(definition);
      if (options.inputTimeoutSeconds !== undefined) {
        for (const name of callbacks) (definition.States[name] as { TimeoutSeconds?: number }).TimeoutSeconds = options.inputTimeoutSeconds;
      }
      // Checking the definition is costly in CPU; its test checks it once (test/infra/workflow-definition.test.ts), not every start.
      const machine = new StateMachine(definition, { validationOptions: { noValidate: true } });
      const resumeMachine =
        callbacks[0] === undefined ? undefined : new StateMachine({ ...definition, StartAt: callbacks[0] }, { validationOptions: { noValidate: true } });
      // Making the Execute handler started indexing the default corpus, as a Lambda's init does; the
      // stack is ready once it is, rather than indexing beside the first plan's work.
      await preloadDefaultCorpus(runtime);
      await sweep;
      stack = new LocalStack(runtime, starter, machine, handlers, embedded, events!, options.onExecution, tokens, resumeMachine, callbacks);
      return stack;
    } catch (error) {
      await embedded?.close();
      throw error;
    }
  }

  /** Marks failed the plans left at work by a process that ended (serve asks from time to time); returns their ids. */
  failAbandonedPlans(): Promise<string[]> {
    return failAbandonedPlans(this.runtime.store);
  }

  /** Calls `listener` with each trace event the workflow stores, of any plan; returns a function that stops it. */
  onEvent(listener: TraceEventListener): () => void {
    return this.events.subscribe(listener);
  }

  /**
   * A plan through the same intake as the AWS doors (the request checked once, then startPlan),
   * its workflow started in this process; waits for it to end, or to wait for the user's input,
   * and returns the record.
   * `planOnly` stops after the plan is validated, without executing it.
   */
  async run(request: unknown, options: { planOnly?: boolean } = {}): Promise<PlanRecord> {
    const deps = startDepsOf(this.runtime);
    const checked = checkRequest(request, deps.limits);
    const starter: WorkflowStarter = options.planOnly
      ? { deduplicatesByName: this.starter.deduplicatesByName, start: (name, input) => this.starter.start(name, { ...input, planOnly: true }) }
      : this.starter;
    const started = await startPlan({ ...deps, starter }, checked, undefined);
    // The execution starts on a later turn of the event loop, so it cannot pause before this listens.
    const outcome = await this.settled(started.planId, this.starter.finished(started.planId));
    if (outcome?.failed) throw outcome.error;
    // The record the ended execution read last; nothing writes a plan after its workflow has ended.
    const ended = this.ended.get(started.planId);
    this.ended.delete(started.planId);
    const record = ended ?? (await this.runtime.store.getPlan(started.planId));
    if (!record) throw new Error(`plan ${started.planId} vanished from the store`);
    return record;
  }

  /**
   * The user's answer to the question `planId` waits on (the same checks as POST /plans/{id}/input);
   * waits until the plan has ended or waits for input again, and returns its record. A plan whose
   * execution ended with another process resumes here.
   */
  async answer(planId: string, answer: unknown): Promise<PlanRecord> {
    const waiting = this.pausedSignal(planId);
    try {
      await submitInput({ store: this.runtime.store, tokens: this.tokens }, planId, answer);
    } catch (error) {
      waiting.cancel();
      throw error;
    }
    // The execution that takes the answer: the one waiting here, or the one just resumed.
    await Promise.race([waiting.promise, this.executions.get(planId) ?? this.resumed.get(planId)]);
    this.resumed.delete(planId);
    waiting.cancel();
    const record = await this.runtime.store.getPlan(planId);
    if (!record) throw new Error(`plan ${planId} vanished from the store`);
    return record;
  }

  /** Waits for an execution to end, or to pause for input (then it is not ended: the plan waits). */
  private async settled<T>(planId: string, finished: Promise<T> | undefined): Promise<T | undefined> {
    if (this.paused.has(planId)) return undefined;
    const waiting = this.pausedSignal(planId);
    try {
      return await Promise.race([finished, waiting.promise.then(() => undefined)]);
    } finally {
      waiting.cancel();
    }
  }

  /** A promise settled when `planId`'s execution next pauses for input. */
  private pausedSignal(planId: string): { promise: Promise<void>; cancel: () => void } {
    let listener: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      listener = resolve;
    });
    const set = this.pauseListeners.get(planId) ?? new Set();
    set.add(listener);
    this.pauseListeners.set(planId, set);
    return {
      promise,
      cancel: () => {
        set.delete(listener);
        if (set.size === 0) this.pauseListeners.delete(planId);
      },
    };
  }

  /** Resumes a plan whose waiting execution is not in this process, from its callback state. */
  private async resume(token: string, output: TokenOutput): Promise<void> {
    const planId = /^local:(p-[0-9a-z-]+):/.exec(token)?.[1];
    if (planId === undefined || this.resumeMachine === undefined) throw new Error('an answer for an execution this runner did not start');
    const record = await this.runtime.store.getPlan(planId);
    if (!record) throw new Error(`plan ${planId} vanished from the store`);
    const name = `${planId}#answer-${String(output.stepId)}-${Date.now()}`;
    this.resumes.add(name);
    const input = {
      planId,
      maxIterations: record.request.options?.maxIterations ?? this.runtime.config.maxIterations,
      execution: { status: 'waiting_for_input', steps: 0, skipped: 0, failed: 0, questionStep: output.stepId },
    };
    await this.starter.start(name, input as WorkflowInput);
    const run = this.starter.finished(name);
    if (run) this.resumed.set(planId, run);
  }

  /** Runs the workflow of a plan already stored (intake has accepted it) to its end; returns the final record. */
  async execute(planId: string, input: WorkflowInput, options: { resume?: boolean } = {}): Promise<PlanRecord> {
    const run = this.executeOnce(planId, input, options.resume === true);
    this.executions.set(planId, run);
    try {
      return await run;
    } finally {
      if (this.executions.get(planId) === run) this.executions.delete(planId);
    }
  }

  private async executeOnce(planId: string, input: WorkflowInput, resume: boolean): Promise<PlanRecord> {
    const { store } = this.runtime;
    let execution: ReturnType<StateMachine['run']> | undefined;
    const taskResourceLocalHandlers = Object.fromEntries(
      Object.entries(this.handlers).map(([state, handler]) => {
        if (!this.callbacks.includes(state)) {
          return [state, async (event: unknown) => (await handler(event, lambdaContext(state, planId))) as JsonValue];
        }
        // A callback state: the function stores the token; the state then waits until the token is succeeded.
        return [
          state,
          async (event: unknown) => {
            const payload = (event as { Payload: AwaitInputEvent }).Payload;
            const answered = this.tokens.wait(payload.taskToken);
            try {
              await handler(payload, lambdaContext(state, planId));
            } catch (error) {
              this.tokens.release(payload.taskToken, {});
              throw error;
            }
            this.paused.set(planId, { token: payload.taskToken, execution: execution! });
            for (const listener of this.pauseListeners.get(planId) ?? []) listener();
            try {
              return (await answered) as JsonValue;
            } finally {
              this.paused.delete(planId);
            }
          },
        ];
      }),
    );
    // The workflow input is plain JSON by construction. The context gives callback states their token.
    const machine = resume && this.resumeMachine ? this.resumeMachine : this.machine;
    execution = machine.run(input as unknown as Parameters<StateMachine['run']>[0], {
      overrides: { taskResourceLocalHandlers },
      context: { Task: { Token: LocalTaskTokens.tokenFor(planId) } },
    });
    this.onExecution?.(planId, execution);
    let broken: unknown;
    try {
      await execution.result;
    } catch (error) {
      // The Fail state: RecordFailure has already written the reason to the trace. Or an execution
      // abandoned while it waited for input (close): the plan stays waiting, and an answer resumes it.
      broken = error;
    }
    const record = await store.getPlan(planId);
    if (!record) throw new Error(`plan ${planId} vanished from the store`);
    // Anything else that ended the execution with the plan still at work (the interpreter itself
    // failing) leaves nobody to finish it: it is failed now, with the reason, not left at work.
    if (broken !== undefined && !isSettled(record.status)) {
      const message = broken instanceof Error ? broken.message : String(broken);
      return failPlan(store, record, 'LocalWorkflowError', `the local workflow ended before the plan did: ${message}`);
    }
    return record;
  }

  /**
   * Abandons the executions waiting for input (their plans stay waiting_for_input: an answer
   * resumes them, here or in another process), waits for the others, then closes the database.
   */
  async close(): Promise<void> {
    for (const { token, execution } of this.paused.values()) {
      execution.abort();
      this.tokens.release(token, { abandoned: true });
    }
    await this.starter.drain();
    await this.embedded?.close();
  }
}

/** The parts of a Lambda context a handler may read. */
export function lambdaContext(state: string, requestId: string): Context {
  const deadline = Date.now() + 15 * 60 * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `cairn-${state}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:cairn-${state}`,
    memoryLimitInMB: '1024',
    awsRequestId: `${requestId}-${state}`,
    logGroupName: `/aws/lambda/cairn-${state}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
