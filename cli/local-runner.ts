/**
 * The local runner: the state machine of infra/workflow.asl.json, interpreted in this process by
 * aws-local-stepfunctions, with each Task state run by the handler its Lambda runs, made over a
 * runtime built here by the same composition root (functions/runtime) with local adapters: the
 * embedded DynamoDB-compatible server (dynalite) unless the configuration names an endpoint
 * (DynamoDB Local in the tests), a trace store that tells listeners each event (live progress),
 * and a workflow starter in this process. Plans enter through the intake of the AWS doors.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Context } from 'aws-lambda';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { createDynamoClient } from '../functions/adapters/dynamodb/client.js';
import { type EmbeddedDynamo, openSharedDynamo, startEmbeddedDynamo } from '../functions/adapters/dynamodb/embedded.js';
import { ensureTable } from '../functions/adapters/dynamodb/table.js';
import { NotifyingTraceStore, type TraceEventListener } from '../functions/adapters/local/notifying-trace-store.js';
import { InProcessWorkflowStarter } from '../functions/adapters/local/workflow-starter.js';
import type { LlmProvider, WorkflowStarter } from '../functions/core/ports.js';
import type { ToolRegistry } from '../functions/core/tools/registry.js';
import type { PlanRecord } from '../functions/core/types.js';
import { checkRequest } from '../functions/core/workflow/intake.js';
import { startPlan } from '../functions/core/workflow/start-plan.js';
import type { WorkflowInput } from '../functions/core/workflow/types.js';
import { startDepsOf } from '../functions/runtime/start.js';
import { TASK_STATES } from '../functions/runtime/states.js';
import { createRuntime, type Runtime } from '../functions/runtime/workflow.js';
import { type CairnConfig, loadConfig } from '../functions/shared/config.js';

const WORKFLOW_FILE = fileURLToPath(new URL('../infra/workflow.asl.json', import.meta.url));

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
  ) {}

  /** Starts the database (unless the configuration names one), creates the table, builds the runtime and the handlers. */
  static async open(options: LocalStackOptions = {}): Promise<LocalStack> {
    let config = options.config ?? loadConfig();
    let embedded: EmbeddedDynamo | undefined;
    if (config.dynamoEndpoint === undefined) {
      // With a folder, a store another cairn process already serves is shared, not refused.
      embedded = options.dataDir === undefined ? await startEmbeddedDynamo() : await openSharedDynamo(options.dataDir);
      config = { ...config, dynamoEndpoint: embedded.endpoint };
    }
    try {
      const client = createDynamoClient({ endpoint: config.dynamoEndpoint! });
      await ensureTable(client, config.tableName);
      client.destroy();
      // The runner of the starter is this stack, which needs the runtime first: it is filled in below.
      let stack: LocalStack | undefined;
      const starter = new InProcessWorkflowStarter({
        runner: {
          execute: async (planId, input) => {
            const record = await stack!.execute(planId, input);
            options.onFinished?.(record);
          },
        },
        onSettled: (planId, outcome) => {
          if (outcome.failed) options.onBroken?.(planId, outcome.error);
        },
      });
      let events: NotifyingTraceStore | undefined;
      const runtime = createRuntime(config, {
        // Every event the workflow stores is also told to onEvent's listeners (live progress).
        wrapStore: (store) => {
          events = new NotifyingTraceStore(store);
          return events;
        },
        starter,
        ...(options.llm ? { llm: options.llm } : {}),
        ...(options.tools ? { tools: options.tools } : {}),
      });
      await runtime.learned.refresh();
      const handlers: Record<string, TaskHandler> = {};
      for (const [state, binding] of Object.entries(TASK_STATES)) handlers[state] = binding.make(runtime) as TaskHandler;
      const definition = loadWorkflowDefinition((state) => `arn:aws:lambda:us-east-1:000000000000:function:cairn-${state}`);
      // Checking the definition takes 0.3-1 s of CPU; its test checks it once (test/infra/workflow-definition.test.ts), not every start.
      const machine = new StateMachine(definition, { validationOptions: { noValidate: true } });
      stack = new LocalStack(runtime, starter, machine, handlers, embedded, events!, options.onExecution);
      return stack;
    } catch (error) {
      await embedded?.close();
      throw error;
    }
  }

  /** Calls `listener` with each trace event the workflow stores, of any plan; returns a function that stops it. */
  onEvent(listener: TraceEventListener): () => void {
    return this.events.subscribe(listener);
  }

  /**
   * A plan through the same intake as the AWS doors (the request checked once, then startPlan),
   * its workflow started in this process; waits for it to end and returns the final record.
   * `planOnly` stops after the plan is validated, without executing it.
   */
  async run(request: unknown, options: { planOnly?: boolean } = {}): Promise<PlanRecord> {
    const deps = startDepsOf(this.runtime);
    const checked = checkRequest(request, deps.limits);
    const starter: WorkflowStarter = options.planOnly
      ? { deduplicatesByName: this.starter.deduplicatesByName, start: (name, input) => this.starter.start(name, { ...input, planOnly: true }) }
      : this.starter;
    const started = await startPlan({ ...deps, starter }, checked, undefined);
    const outcome = await this.starter.finished(started.planId);
    if (outcome?.failed) throw outcome.error;
    const record = await this.runtime.store.getPlan(started.planId);
    if (!record) throw new Error(`plan ${started.planId} vanished from the store`);
    return record;
  }

  /** Runs the workflow of a plan already stored (intake has accepted it) to its end; returns the final record. */
  async execute(planId: string, input: WorkflowInput): Promise<PlanRecord> {
    const { store } = this.runtime;
    const taskResourceLocalHandlers = Object.fromEntries(
      Object.entries(this.handlers).map(([state, handler]) => [
        state,
        async (event: unknown) => (await handler(event, lambdaContext(state, planId))) as JsonValue,
      ]),
    );
    // The workflow input is plain JSON by construction.
    const execution = this.machine.run(input as unknown as Parameters<StateMachine['run']>[0], { overrides: { taskResourceLocalHandlers } });
    this.onExecution?.(planId, execution);
    try {
      await execution.result;
    } catch {
      // The Fail state: RecordFailure has already written the reason to the trace.
    }
    const record = await store.getPlan(planId);
    if (!record) throw new Error(`plan ${planId} vanished from the store`);
    return record;
  }

  /** Waits for the plans under way, then closes the database. */
  async close(): Promise<void> {
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
